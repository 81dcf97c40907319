// read-and-render: the smallest useful qrpipe client.
//   read-and-render read FILE    print the text of every QR code in a PNM image (exit 1 if none)
//   read-and-render render TEXT  write TEXT as a QR code, a PBM image, to standard output
//   read-and-render follow FILE  follow the codes through a video (y4m or qrframe): per frame read,
//                                its number, each code's track, the frames its read used, its text

import Glibc
import QRCodec
import QRImage
import QRImageFormats
import QRRender
import QRSystem
import QRTrack
import QRVision

/// Writes `message` to standard error.
func complain(_ message: String) {
  try? FileDescriptor.standardError.writeAll(Array("read-and-render: \(message)\n".utf8))
}

/// Reads the first image of a Netpbm (or y4m, or qrframe) file as gray pixels.
func readImage(path: String) throws -> GrayImage? {
  let file = try FileDescriptor.openForReading(path)
  defer { file.close() }
  let reader = FrameStreamReader(descriptor: file, name: path)
  return try reader.next()?.image
}

/// Prints the text of each symbol the detector finds and decodes; false if there is none.
func read(path: String) throws -> Bool {
  guard let image = try readImage(path: path) else {
    complain("\(path): empty file")
    return false
  }
  var detector = Detector(options: DetectorOptions())
  let detections = detector.detect(in: image)
  for detection in detections {
    print(detection.decoded.text ?? "<\(detection.decoded.bytes.count) bytes, not text>")
  }
  if detections.isEmpty { complain("\(path): no QR code found") }
  return !detections.isEmpty
}

/// Prints, for each frame of a video, the codes read in it with their tracks; false if none.
func follow(path: String) throws -> Bool {
  let file = try FileDescriptor.openForReading(path)
  defer { file.close() }
  let reader = FrameStreamReader(descriptor: file, name: path)
  var tracker = CodeTracker()
  var found = false
  var frame = 0
  while let image = try reader.next()?.image {
    for symbol in tracker.process(image) {
      found = true
      print(frame, symbol.track, symbol.frames, symbol.decoded.text ?? "<binary>")
    }
    frame += 1
  }
  return found
}

/// Encodes `text` and writes it to standard output as a raw PBM, 4 pixels per module.
func render(text: String) throws {
  let symbol = try Encoder.encode(text: text, options: EncodeOptions())
  let pbm = Renderer.render(symbol, as: .pbm, options: RenderOptions(scale: 4))
  try FileDescriptor.standardOutput.writeAll(pbm)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let (command, operand) = arguments.count == 2 ? (arguments[0], arguments[1]) : ("", "")
do {
  switch command {
  case "read": exit(try read(path: operand) ? 0 : 1)
  case "render": try render(text: operand)
  case "follow": exit(try follow(path: operand) ? 0 : 1)
  default:
    complain("usage: read-and-render read FILE | render TEXT | follow FILE")
    exit(2)
  }
} catch {
  complain("\(error)")
  exit(1)
}
