// SPDX-License-Identifier: MIT
// Driver for Benchmarks/detect.sh: QRVision's Detector on PGM files, as a coprocess of detect.py.
//
//   DetectBench serve EFFORT [qrpipe|zxing]   reads "PATH ROTATION" lines; writes "T HEX" per
//       symbol qrpipe's decoder reads, then "D COUNT". With zxing, it writes "G SIZE BITS" per
//       candidate grid instead and reads "1" (decoded) or "0" from the driver, which decodes
//       with zxing-cpp (to measure detection apart from decoding).
//   DetectBench time PATH REPS EFFORT   prints "ms-per-frame candidates" for one PGM.
//   DetectBench frames REPS EFFORT      reads "PATH ROTATION" lines; writes "MS FOUND" per image,
//       the fastest of REPS detections after an untimed one (REPS 0: all images read first,
//       each detected once).

@preconcurrency import Glibc
import QRCodec
import QRImage
import QRVision

@main
enum DetectBench {
  static func main() {
    let arguments = CommandLine.arguments
    guard arguments.count >= 3 else {
      fputs("usage: DetectBench serve EFFORT | time PATH REPS EFFORT\n", stderr)
      exit(64)
    }
    switch arguments[1] {
    case "serve":
      serve(effort: effort(arguments[2]), decoder: arguments.count > 3 ? arguments[3] : "qrpipe")
    case "work":
      work(effort: effort(arguments[2]))
    case "frames" where arguments.count >= 4:
      frames(repetitions: Int(arguments[2]) ?? 5, effort: effort(arguments[3]))
    case "time" where arguments.count >= 5:
      time(path: arguments[2], repetitions: Int(arguments[3]) ?? 10, effort: effort(arguments[4]))
    default:
      fputs("DetectBench: unknown mode \(arguments[1])\n", stderr)
      exit(64)
    }
  }

  static func effort(_ name: String) -> DetectorOptions.Effort {
    DetectorOptions.Effort(rawValue: name) ?? .balanced
  }

  static func serve(effort: DetectorOptions.Effort, decoder: String) {
    var options = DetectorOptions()
    options.effort = effort
    var detector = Detector(options: options)
    while let line = readLine() {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let image = readPGM(String(fields[0])) else {
        print("D 0")
        fflush(stdout)
        continue
      }
      let rotated = rotate(image, quarterTurns: (Int(fields[1]) ?? 0) / 90)
      if decoder == "zxing" {
        // zxing-cpp, in the driver, decodes each sampled grid (to measure detection alone).
        let found = detector.detect(in: rotated) { candidate -> Bool? in
          let bits = candidate.matrix.rowsText.joined().map { $0 == "#" ? "1" : "0" }.joined()
          print("G \(candidate.matrix.size) \(bits)")
          fflush(stdout)
          return readLine() == "1" ? true : nil
        }
        print("D \(found.count)")
      } else {
        let found = detector.detect(in: rotated)
        for detection in found {
          let bytes = detection.decoded.text.map { Array($0.utf8) } ?? detection.decoded.bytes
          print(
            "T "
              + bytes.map { String($0, radix: 16) }.map { $0.count == 1 ? "0" + $0 : $0 }.joined())
        }
        print("D \(found.count)")
      }
      fflush(stdout)
    }
  }

  /// Reads "PATH ROTATION" lines; writes "W FOUND UNITS PASSES PATTERNS QR MICRO FITTED DECODES
  /// OVER-BUDGET" per image (what `Detector.lastWork` counted).
  static func work(effort: DetectorOptions.Effort) {
    var options = DetectorOptions()
    options.effort = effort
    var detector = Detector(options: options)
    while let line = readLine() {
      let fields = line.split(separator: " ")
      guard fields.count == 2, let image = readPGM(String(fields[0])) else {
        print("W 0")
        continue
      }
      let rotated = rotate(image, quarterTurns: (Int(fields[1]) ?? 0) / 90)
      let found = detector.detect(in: rotated).count
      let w = detector.lastWork
      let counts = [
        found, w.units, w.passes, w.finderPatterns, w.qrAttempts, w.microAttempts, w.fittedGrids,
        w.decodeAttempts, w.isOverBudget ? 1 : 0,
      ]
      print("W " + counts.map(String.init).joined(separator: " "))
      fflush(stdout)
    }
  }

  /// Reads "PATH ROTATION" lines; writes "MS FOUND" per image, the fastest of `repetitions`
  /// detections after one untimed (to compare frame by frame with another reader). With no
  /// repetitions, every image is read first and each detected once, timed, in order: as a
  /// stream meets its frames, each new to the caches and branch predictors.
  static func frames(repetitions: Int, effort: DetectorOptions.Effort) {
    var options = DetectorOptions()
    options.effort = effort
    var detector = Detector(options: options)
    var images: [GrayImage?] = []
    while let line = readLine() {
      let fields = line.split(separator: " ")
      let image = fields.count == 2 ? readPGM(String(fields[0])) : nil
      images.append(image.map { rotate($0, quarterTurns: (Int(fields[1]) ?? 0) / 90) })
    }
    for image in images {
      guard let image else {
        print("0 0")
        continue
      }
      var found = repetitions > 0 ? detector.detect(in: image).count : 0
      var fastest = Double.infinity
      for _ in 0..<max(repetitions, 1) {
        fastest = min(fastest, milliseconds { found = detector.detect(in: image).count })
      }
      print("\(fastest) \(found)")
    }
  }

  /// The monotonic clock's milliseconds spent in `body`.
  static func milliseconds(_ body: () -> Void) -> Double {
    var start = timespec()
    var end = timespec()
    clock_gettime(CLOCK_MONOTONIC, &start)
    body()
    clock_gettime(CLOCK_MONOTONIC, &end)
    return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
  }

  static func time(path: String, repetitions: Int, effort: DetectorOptions.Effort) {
    guard let image = readPGM(path) else {
      fputs("DetectBench: cannot read \(path)\n", stderr)
      exit(1)
    }
    var options = DetectorOptions()
    options.effort = effort
    var detector = Detector(options: options)
    var found = detector.detect(in: image).count  // warm-up: buffers sized, caches filled
    var samples: [Double] = []
    for _ in 0..<repetitions {
      samples.append(milliseconds { found = detector.detect(in: image).count })
    }
    samples.sort()
    print("\(samples[samples.count / 2]) \(found)")
  }

  /// A binary (P5) 8-bit PGM, or nil.
  static func readPGM(_ path: String) -> GrayImage? {
    guard let file = fopen(path, "rb") else { return nil }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = fread(&buffer, 1, buffer.count, file)
      if count <= 0 { break }
      bytes.append(contentsOf: buffer[0..<count])
    }
    var index = 0
    func token() -> Int? {
      while index < bytes.count {
        if bytes[index] == UInt8(ascii: "#") {
          while index < bytes.count && bytes[index] != 10 { index += 1 }
        } else if bytes[index] == 32 || (9...13).contains(bytes[index]) {
          index += 1
        } else {
          break
        }
      }
      var value = 0
      var digits = 0
      while index < bytes.count, (48...57).contains(bytes[index]) {
        value = value * 10 + Int(bytes[index] - 48)
        index += 1
        digits += 1
      }
      return digits > 0 ? value : nil
    }
    guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "5") else {
      return nil
    }
    index = 2
    guard let width = token(), let height = token(), let maxValue = token(), maxValue < 256 else {
      return nil
    }
    index += 1
    guard bytes.count - index >= width * height else { return nil }
    return GrayImage(
      width: width, height: height, pixels: Array(bytes[index..<(index + width * height)]))
  }

  /// `image` turned clockwise by `quarterTurns` × 90°.
  static func rotate(_ image: GrayImage, quarterTurns: Int) -> GrayImage {
    let turns = ((quarterTurns % 4) + 4) % 4
    guard turns != 0 else { return image }
    let (w, h) = (image.width, image.height)
    let (newWidth, newHeight) = turns == 2 ? (w, h) : (h, w)
    var result = GrayImage(width: newWidth, height: newHeight)
    for y in 0..<h {
      for x in 0..<w {
        let (nx, ny): (Int, Int)
        switch turns {
        case 1: (nx, ny) = (h - 1 - y, x)
        case 2: (nx, ny) = (w - 1 - x, h - 1 - y)
        default: (nx, ny) = (y, w - 1 - x)
        }
        result[nx, ny] = image[x, y]
      }
    }
    return result
  }
}
