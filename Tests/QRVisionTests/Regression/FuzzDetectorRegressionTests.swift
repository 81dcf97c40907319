// SPDX-License-Identifier: MIT
// Inputs FuzzDetector found to crash the detector, replayed as images.

import Foundation
import QRImage
import Testing

@testable import QRVision

/// The image FuzzDetector builds from a "random image" input (Fuzz/Sources/FuzzDetector): byte 0
/// picks the effort, bytes 1–2 the size, and the rest is repeated to fill the pixels.
private func fuzzImage(base64: String) -> (image: GrayImage, options: DetectorOptions) {
  let bytes = [UInt8](Data(base64Encoded: base64) ?? Data())
  var options = DetectorOptions()
  options.effort = [.fast, .balanced, .accurate, .balanced][Int(bytes[0] >> 1) & 3]
  options.triesInverted = bytes[0] & 8 == 0
  options.findsMicroQR = bytes[0] & 16 == 0
  let width = 16 + Int(bytes[1]) % 145
  let height = 16 + Int(bytes[2]) % 105
  let source = bytes[3...]
  let pixels = (0..<width * height).map { source[source.startIndex + $0 % source.count] }
  return (GrayImage(width: width, height: height, pixels: pixels), options)
}

/// A degenerate perspective transform put a sampling point beyond Int's range, and converting
/// it trapped in BinaryImage.isDark(Point) (crash-d7ce027d…, 2026-11-29). Must find nothing.
@Test func hugeSamplingPointsAreLightNotATrap() {
  let (image, options) = fuzzImage(
    base64:
      "BLKysjcBAACAIymysm91YmyAKB+ADQD/+gAA//+ADQD//wAA//8AAP//ALKysrKysrKysrKysrKysrKysrKysrKy"
      + "srKyLQCysrKysrKysrKysrKysrKysgEDA0WA6AMBAoA2AAAAC4CXsrKysrKyAQMDRYDoAwHkgDYAAAALgJcPfP//"
      + "gAH/////AIsTgGEXgAAbgCsfgBAjIfUmMwEA/4D9/f39/ak=")
  #expect(image.width == 49 && image.height == 89)
  var detector = Detector(options: options)
  #expect(detector.detect(in: image).isEmpty)
}

/// Points far outside the image, infinite or NaN read as light.
@Test func nonFinitePointsReadLight() {
  let binary = BinaryImage(width: 4, height: 4, bits: [UInt8](repeating: 1, count: 16))
  for point in [
    Point(x: .infinity, y: 1), Point(x: 1, y: .nan), Point(x: 1e300, y: 1e300),
    Point(x: -.infinity, y: 1),
  ] {
    #expect(!binary.isDark(point))
  }
  #expect(binary.isDark(Point(x: 1.5, y: 2.5)))
}
