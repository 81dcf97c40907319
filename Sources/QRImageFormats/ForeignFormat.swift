// SPDX-License-Identifier: MIT
// Image and video formats the frame reader recognises but does not decode, and how to read them.

/// A format recognised by its magic bytes that `FrameStreamReader` does not decode, with the
/// ffmpeg command that pipes it, decoded, into qrdetect.
///
///     ForeignFormat(recognizing: bytes)?.reading("clip.mp4").conversion
///     // "ffmpeg -v error -i clip.mp4 -pix_fmt gray -f yuv4mpegpipe - | qrdetect"
public struct ForeignFormat: Equatable, Sendable {
  /// What the input is, for a message: "a JPEG 2000 image", "an MP4 or QuickTime video".
  public let name: String
  /// Whether it is a video (piped as y4m) rather than a still image (piped as PGM).
  public let isVideo: Bool
  /// The file name extension of the format, for an input with no name.
  public let suffix: String
  /// The input's name (`-` for standard input), which the conversion reads.
  public private(set) var input: String

  /// The most bytes `init(recognizing:)` looks at.
  public static let magicLength = 12

  /// Recognises the format that `bytes` (the start of an input) begin with, or nil.
  ///
  /// WebP, TIFF, GIF, BMP, HEIF and AVIF are decoded by `FrameStreamReader` and are not
  /// recognised here.
  public init?(recognizing bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(Self.magicLength))
    func has(_ text: String, at offset: Int = 0) -> Bool {
      let magic = Array(text.utf8)
      return head.count >= offset + magic.count
        && Array(head[offset..<offset + magic.count]) == magic
    }
    func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
    let found: (name: String, suffix: String, isVideo: Bool)
    if has("RIFF") && has("AVI ", at: 8) {
      found = ("an AVI video", "avi", true)
    } else if has("ftyp", at: 4) {
      let brand = head.count >= 12 ? String(decoding: head[8..<12], as: UTF8.self) : ""
      // HEIF and AVIF images share the container; FrameStreamReader reads them.
      guard
        !["heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1", "avif", "avis"]
          .contains(brand)
      else { return nil }
      found = ("an MP4 or QuickTime video", "mp4", true)
    } else if starts([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) {
      found = ("a JPEG 2000 image", "jp2", false)
    } else if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
      found = ("a JPEG XL image", "jxl", false)
    } else if has("qoif") {
      found = ("a QOI image", "qoi", false)
    } else if starts([0x1A, 0x45, 0xDF, 0xA3]) {
      found = ("a Matroska or WebM video", "mkv", true)
    } else {
      return nil
    }
    (name, suffix, isVideo) = found
    input = "in.\(suffix)"
  }

  /// The format, as the input named `input` (`-` for standard input).
  public func reading(_ input: String) -> ForeignFormat {
    var copy = self
    copy.input = input
    return copy
  }

  /// The command that decodes the input with ffmpeg and pipes it into qrdetect, with no file
  /// written: a video as y4m, a still image as PGM.
  public var conversion: String {
    let output = isVideo ? "-f yuv4mpegpipe" : "-f image2pipe -c:v pgm"
    return "ffmpeg -v error -i \(Self.shellWord(input)) -pix_fmt gray \(output) - | qrdetect"
  }

  /// The command that converts a HEIF image named `input` to PNG with libheif's heif-convert
  /// (ffmpeg 5 reads no HEIF image), for when qrdetect cannot load libheif.
  public static func heifConversion(of input: String) -> String {
    let source = input == "-" ? "in.heic" : input
    var stem = source
    if let dot = stem.lastIndex(of: "."), !stem[dot...].contains("/") {
      stem = String(stem[..<dot])
    }
    return "heif-convert \(shellWord(source)) \(shellWord(stem + ".png"))"
  }

  /// `word` as one shell word: unchanged when it is plain, else in double quotes.
  public static func shellWord(_ word: String) -> String {
    let plain = word.unicodeScalars.allSatisfy {
      ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        || "-_./+,:@%=".unicodeScalars.contains($0)
    }
    if plain && !word.isEmpty { return word }
    var quoted = "\""
    for character in word {
      if "\\\"$`".contains(character) { quoted.append("\\") }
      quoted.append(character)
    }
    return quoted + "\""
  }
}
