// SPDX-License-Identifier: MIT
// Image and video formats the frame reader recognises but does not decode, and how to convert them.

/// A format recognised by its magic bytes that `FrameStreamReader` does not decode, with the
/// ffmpeg command that turns it into one it does.
///
///     ForeignFormat(recognizing: bytes)?.conversion
///     // "ffmpeg -i in.webp -pix_fmt gray out.pgm"
public struct ForeignFormat: Equatable, Sendable {
  /// What the input is, for a message: "a WebP image", "an MP4 or QuickTime video".
  public let name: String
  /// The ffmpeg command that converts it: to PGM for still images, to y4m for video.
  public let conversion: String

  /// The most bytes `init(recognizing:)` looks at.
  public static let magicLength = 12

  /// Recognises the format that `bytes` (the start of an input) begin with, or nil.
  public init?(recognizing bytes: some Collection<UInt8>) {
    let head = Array(bytes.prefix(Self.magicLength))
    func has(_ text: String, at offset: Int = 0) -> Bool {
      let magic = Array(text.utf8)
      return head.count >= offset + magic.count
        && Array(head[offset..<offset + magic.count]) == magic
    }
    func starts(_ magic: [UInt8]) -> Bool { head.starts(with: magic) }
    let still: (String, String)?
    let video: (String, String)?
    if has("GIF87a") || has("GIF89a") {
      still = nil
      video = ("a GIF image", "gif")
    } else if has("BM") && head.count >= 6 {
      still = ("a BMP image", "bmp")
      video = nil
    } else if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A]) {
      still = ("a TIFF image", "tiff")
      video = nil
    } else if has("RIFF") && has("WEBP", at: 8) {
      still = ("a WebP image", "webp")
      video = nil
    } else if has("RIFF") && has("AVI ", at: 8) {
      still = nil
      video = ("an AVI video", "avi")
    } else if has("ftyp", at: 4) {
      let brand = head.count >= 12 ? String(decoding: head[8..<12], as: UTF8.self) : ""
      if ["heic", "heix", "hevc", "heim", "heis", "mif1", "msf1"].contains(brand) {
        still = ("a HEIF image", "heic")
        video = nil
      } else if ["avif", "avis"].contains(brand) {
        still = ("an AVIF image", "avif")
        video = nil
      } else {
        still = nil
        video = ("an MP4 or QuickTime video", "mp4")
      }
    } else if starts([0, 0, 0, 0x0C, 0x6A, 0x50, 0x20, 0x20]) || starts([0xFF, 0x4F, 0xFF, 0x51]) {
      still = ("a JPEG 2000 image", "jp2")
      video = nil
    } else if starts([0xFF, 0x0A]) || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20]) {
      still = ("a JPEG XL image", "jxl")
      video = nil
    } else if has("qoif") {
      still = ("a QOI image", "qoi")
      video = nil
    } else if starts([0x1A, 0x45, 0xDF, 0xA3]) {
      still = nil
      video = ("a Matroska or WebM video", "mkv")
    } else {
      return nil
    }
    if let (name, suffix) = still {
      self.name = name
      conversion = "ffmpeg -i in.\(suffix) -pix_fmt gray out.pgm"
    } else if let (name, suffix) = video {
      self.name = name
      conversion = "ffmpeg -i in.\(suffix) -pix_fmt gray -f yuv4mpegpipe out.y4m"
    } else {
      return nil
    }
  }
}
