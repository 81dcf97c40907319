// SPDX-License-Identifier: MIT
// The detector and decoder on the shared corpus of real photos: counts per folder must not drop.

import Foundation
import QRImage
import Testing

@testable import QRVision

/// The corpus of 8-bit PGM copies of zxing-cpp's QR test photos, beside the package.
private let corpusRoot = URL(fileURLWithPath: #filePath)
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .deletingLastPathComponent().appendingPathComponent("shared/corpus-pgm")

private let hasCorpus = FileManager.default.fileExists(
  atPath: corpusRoot.appendingPathComponent("index.jsonl").path)

/// Expected texts read per folder at each rotation (balanced effort, qrpipe's decoder), as
/// measured when the detector last improved (Benchmarks/detect.sh, which also runs zxing-cpp
/// 3.1.1 on the same images: 15/14/14/15 Micro QR, 53/54/53/53 in qrcode-2, 18 in qrcode-3
/// and 15 in qrcode-4 at 0/90/180/270°, the other folders as here). Raise these when reading
/// improves; a drop is a regression.
private let minimumReads: [Int: [String: Int]] = [
  0: [
    "qrcode-1": 8, "qrcode-2": 56, "qrcode-3": 18, "qrcode-4": 19, "qrcode-5": 16,
    "qrcode-6": 15, "qrcode-7": 4, "microqrcode-1": 16, "multi-1": 6,
  ],
  90: [
    "qrcode-1": 8, "qrcode-2": 56, "qrcode-3": 18, "qrcode-4": 21, "qrcode-5": 16,
    "qrcode-6": 15, "qrcode-7": 4, "microqrcode-1": 16, "multi-1": 6,
  ],
  180: [
    "qrcode-1": 8, "qrcode-2": 56, "qrcode-3": 18, "qrcode-4": 17, "qrcode-5": 16,
    "qrcode-6": 15, "qrcode-7": 4, "microqrcode-1": 16, "multi-1": 6,
  ],
  270: [
    "qrcode-1": 8, "qrcode-2": 56, "qrcode-3": 18, "qrcode-4": 18, "qrcode-5": 16,
    "qrcode-6": 15, "qrcode-7": 4, "microqrcode-1": 16, "multi-1": 6,
  ],
]

private struct CorpusEntry: Decodable {
  let pgm: String
  let kind: String
  let expected: [String]?
}

/// A binary (P5) PGM.
func readPGM(_ url: URL) -> GrayImage? {
  guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
  let bytes = [UInt8](data)
  var fields: [Int] = []
  var index = 2
  while fields.count < 3 && index < bytes.count {
    if bytes[index] == UInt8(ascii: "#") {
      while index < bytes.count && bytes[index] != 10 { index += 1 }
      continue
    }
    guard (48...57).contains(bytes[index]) else {
      index += 1
      continue
    }
    var value = 0
    while index < bytes.count, (48...57).contains(bytes[index]) {
      value = value * 10 + Int(bytes[index] - 48)
      index += 1
    }
    fields.append(value)
  }
  index += 1
  guard fields.count == 3, bytes.count - index >= fields[0] * fields[1] else { return nil }
  return GrayImage(
    width: fields[0], height: fields[1],
    pixels: Array(bytes[index..<(index + fields[0] * fields[1])]))
}

@Test(.enabled(if: hasCorpus, "../shared/corpus-pgm is not there"), arguments: [0, 90, 180, 270])
func corpusReadsAtLeastTheRecordedCounts(rotation: Int) throws {
  let lines = try String(
    contentsOf: corpusRoot.appendingPathComponent("index.jsonl"), encoding: .utf8
  )
  .split(separator: "\n")
  var reads: [String: Int] = [:]
  var falsePositives: [String] = []
  var wrongTexts: [String] = []
  var detector = Detector()
  for line in lines {
    let entry = try JSONDecoder().decode(CorpusEntry.self, from: Data(line.utf8))
    let image = rotated(
      try #require(readPGM(corpusRoot.appendingPathComponent(entry.pgm)), "\(entry.pgm)"),
      quarterTurns: rotation / 90)
    let texts = detector.detect(in: image).map { $0.decoded.text ?? "" }
    let folder = String(entry.pgm.prefix { $0 != "/" })
    let expected = entry.expected ?? []
    switch entry.kind {
    case "positive":
      reads[folder, default: 0] += Set(expected).filter(texts.contains).count
      let unexpected = texts.filter { !expected.contains($0) }
      // qrcode-2/16 nests one code in another; reading the outer one is right too.
      if !unexpected.isEmpty && entry.pgm != "qrcode-2/16.pgm" {
        wrongTexts.append("\(entry.pgm): \(unexpected)")
      }
    case "part":
      // A structured-append part: its text is a piece of the group's.
      if let group = expected.first, texts.contains(where: { !$0.isEmpty && group.contains($0) }) {
        reads[folder, default: 0] += 1
      }
    default:
      if !texts.isEmpty { falsePositives.append("\(entry.pgm): \(texts)") }
    }
  }
  for (folder, minimum) in (minimumReads[rotation] ?? [:]).sorted(by: { $0.key < $1.key }) {
    #expect(reads[folder, default: 0] >= minimum, "\(folder) at \(rotation)°")
  }
  #expect(falsePositives.isEmpty)
  #expect(wrongTexts.isEmpty)
  print("corpus reads at rotation \(rotation):", reads.sorted { $0.key < $1.key })
}

@Test(.enabled(if: hasCorpus, "../shared/corpus-pgm is not there"))
func corpusHanziModePhotoReadsAsGB2312() throws {
  // qrcode-2/33: byte, Hanzi (GB/T 18284) and byte segments; read since Hanzi mode (the
  // qrcode-2 counts above rose by one then).
  let image = try #require(readPGM(corpusRoot.appendingPathComponent("qrcode-2/33.pgm")))
  var detector = Detector()
  let decoded = try #require(detector.detect(in: image).first).decoded
  #expect(decoded.text == "\u{01}\u{10}AD:SUB:阿;;")
  #expect(decoded.segments.map(\.mode) == [.byte, .hanzi, .byte])
  #expect(decoded.textDerivation.description == "gb2312")
}
