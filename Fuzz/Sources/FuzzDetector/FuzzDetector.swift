// SPDX-License-Identifier: MIT
// libFuzzer target: Detector.detect(in:) on small random images and on rendered symbols with
// pixels XOR-ed.

import Foundation
import FuzzSupport
import QRCore

// Input layout:
//   byte 0   bit 0 clear = random image, set = a rendered symbol mutated
//            bits 1-2: effort (fast, balanced, accurate, balanced); bit 3: no inverted pass;
//            bit 4: no Micro QR
//   Random image:
//     bytes 1-2  width 16...160, height 16...120
//     rest       pixels, repeated to fill the image (zero when there are none)
//   Mutated symbol:
//     byte 1     which rendered fixture
//     then       triples: a pixel index (little-endian, modulo the pixel count), a byte to XOR
//
// A symbol found in a random image is recorded in FUZZ_DETECTIONS=DIR (the first 200 per
// process): not wrong in itself, since mutations can draw a symbol, but worth a look.
//
// Every payload decoded from a mutated symbol must be the fixture's: a detection reports only
// symbols that Reed–Solomon verified, so another payload would be a misread of a real code.

/// Rendered fixtures: a few symbols of both kinds at small scales, with their quiet zones.
let rendered: [(payload: [UInt8], image: GrayImage)] = Fixtures.symbols.enumerated().compactMap {
  index, fixture in
  guard [0, 1, 2, 7, 9, 10].contains(index) else { return nil }
  let isMicro = fixture.symbol.kind == .micro
  let options = RenderOptions(scale: isMicro ? 3 : 2 + index % 2, margin: isMicro ? 2 : 4)
  let raster = ModuleRaster(fixture.symbol, options: options)
  return (fixture.payload, Renderer.grayImage(raster, options: options))
}

/// Runs once before the first input: the property on mutated symbols means something only if
/// the clean ones are found, so check that first.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
  _ argc: UnsafeMutablePointer<Int32>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>>
) -> Int32 {
  var detector = Detector()
  for (index, fixture) in rendered.enumerated() {
    let payloads = detector.detect(in: fixture.image).map(\.decoded.bytes)
    guard payloads == [fixture.payload] else {
      fatalError("rendered fixture \(index) gives \(payloads), not [\(fixture.payload)]")
    }
  }
  return 0
}

/// Runs one input; libFuzzer calls it for every input it tries. Returns 0 (keep the input).
@_cdecl("LLVMFuzzerTestOneInput")
public func test(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzInput(data, size)
  let mode = input.byte()
  var options = DetectorOptions()
  options.effort = [.fast, .balanced, .accurate, .balanced][Int(mode >> 1) & 3]
  options.triesInverted = mode & 8 == 0
  options.findsMicroQR = mode & 16 == 0
  var detector = Detector(options: options)
  if mode & 1 == 0 {
    let width = 16 + Int(input.byte()) % 145
    let height = 16 + Int(input.byte()) % 105
    let source = input.rest
    var pixels = [UInt8](repeating: 0, count: width * height)
    if !source.isEmpty {
      for index in pixels.indices { pixels[index] = source[index % source.count] }
    }
    let image = GrayImage(width: width, height: height, pixels: pixels)
    if !detector.detect(in: image).isEmpty { recordDetection(input.bytes) }
    return 0
  }
  let fixture = rendered[Int(input.byte()) % rendered.count]
  var image = fixture.image
  while !input.isAtEnd {
    let index = input.uint16() % image.pixels.count
    image.pixels[index] ^= input.byte()
  }
  for detection in detector.detect(in: image) where detection.decoded.bytes != fixture.payload {
    finding(
      "detected \(detection.decoded.bytes) (\(detection.decoded.version)) in a symbol of "
        + "\(fixture.payload)")
  }
  return 0
}

nonisolated(unsafe) var recordedCount = 0
let detectionDirectory = ProcessInfo.processInfo.environment["FUZZ_DETECTIONS"]

/// Keeps a random image in which a symbol was found.
func recordDetection(_ bytes: UnsafeRawBufferPointer) {
  guard let directory = detectionDirectory, recordedCount < 200 else { return }
  recordedCount += 1
  var hasher = Hasher()
  hasher.combine(bytes: bytes)
  let name = "\(directory)/detection-\(UInt(bitPattern: hasher.finalize()))"
  _ = FileManager.default.createFile(atPath: name, contents: Data(bytes))
}
