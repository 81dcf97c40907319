// SPDX-License-Identifier: MIT
// What can go wrong while reading a frame stream, in words a user can act on.

import QRStream
import QRSystem

/// A frame stream could not be read; every frame returned before the error was complete.
///
/// Each case carries `frame`, the 0-based index of the frame in this input, and `offset`, the
/// byte offset in the input where that frame starts.
public enum FrameStreamError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The input starts with no known magic and no raw frame size was given.
  case unrecognizedInput(offset: Int, found: [UInt8])
  /// The input ended inside a header after `received` of `expected` bytes (nil for text
  /// headers, whose length is unknown until they end).
  case truncatedHeader(frame: Int, offset: Int, received: Int, expected: Int?)
  /// The input ended inside a payload after `received` of `expected` bytes (nil for plain PNM,
  /// whose length depends on its text).
  case truncatedPayload(frame: Int, offset: Int, received: Int, expected: Int?)
  /// A header was refused.
  case invalidHeader(frame: Int, offset: Int, fault: HeaderFault)
  /// A frame is larger than the reader's pixel limit (checked before anything is allocated).
  case tooLarge(frame: Int, offset: Int, width: Int, height: Int, limit: Int)
  /// Reading failed.
  case io(frame: Int, offset: Int, errno: Errno)
  /// The input ended inside a PNG or JPEG image after `received` bytes of it.
  case truncatedImage(frame: Int, offset: Int, received: Int, format: String)
  /// An image or video format this reader does not decode, recognised by its magic.
  case unsupportedFormat(frame: Int, offset: Int, format: ForeignFormat)
  /// A frame whose pixels and decoding need `needed` bytes of the process's memory budget,
  /// more than all of it (`budget` bytes); checked before anything is allocated.
  case overBudget(frame: Int, offset: Int, width: Int, height: Int, needed: Int, budget: Int)
  /// A multi-frame `format` image with more than its cap of frames (`frameLimit`) or of pixels
  /// in all (`pixelLimit`): the frames before this one were given, the rest is not read.
  case workLimit(frame: Int, offset: Int, format: String, frameLimit: Int, pixelLimit: Int)
  /// The helper that decodes HEIF images for a static build refused the image with `message`
  /// (a limit it was held to: the pixel limit, or what the budget left it).
  case helperRefused(frame: Int, offset: Int, message: String)
  /// An image whose decoder is a library loaded at run time (libheif) that could not be loaded:
  /// `problem` says why; `input` is the input's name, for the conversion the message gives.
  case missingLibrary(frame: Int, offset: Int, format: String, problem: String, input: String)

  /// The 0-based index of the frame being read.
  public var frame: Int {
    switch self {
    case .unrecognizedInput: 0
    case .truncatedHeader(let frame, _, _, _), .truncatedPayload(let frame, _, _, _),
      .invalidHeader(let frame, _, _), .tooLarge(let frame, _, _, _, _), .io(let frame, _, _),
      .truncatedImage(let frame, _, _, _), .unsupportedFormat(let frame, _, _),
      .missingLibrary(let frame, _, _, _, _), .overBudget(let frame, _, _, _, _, _),
      .workLimit(let frame, _, _, _, _), .helperRefused(let frame, _, _):
      frame
    }
  }

  /// The byte offset where the frame being read starts.
  public var offset: Int {
    switch self {
    case .unrecognizedInput(let offset, _), .truncatedHeader(_, let offset, _, _),
      .truncatedPayload(_, let offset, _, _), .invalidHeader(_, let offset, _),
      .tooLarge(_, let offset, _, _, _), .io(_, let offset, _),
      .truncatedImage(_, let offset, _, _), .unsupportedFormat(_, let offset, _),
      .missingLibrary(_, let offset, _, _, _), .overBudget(_, let offset, _, _, _, _),
      .workLimit(_, let offset, _, _, _), .helperRefused(_, let offset, _):
      offset
    }
  }

  /// The error, lowercase, without a trailing period, for `program: input: <description>`.
  public var description: String {
    switch self {
    case .unrecognizedInput(let offset, _):
      "unrecognised input at byte \(offset): not \(Self.formatsRead)"
        + " (raw frames need a size)"
    case .truncatedHeader(let frame, let offset, let received, let expected?):
      "truncated frame \(frame) at byte \(offset): got \(received) of \(expected) header bytes"
    case .truncatedHeader(let frame, let offset, let received, nil):
      "truncated frame \(frame) at byte \(offset): input ends \(received) bytes into the header"
    case .truncatedPayload(let frame, let offset, let received, let expected?):
      "truncated frame \(frame) at byte \(offset): got \(received) of \(expected) bytes"
    case .truncatedPayload(let frame, let offset, let received, nil):
      "truncated frame \(frame) at byte \(offset): input ends \(received) bytes into the pixels"
    case .invalidHeader(let frame, let offset, let fault):
      "frame \(frame) at byte \(offset): \(fault)"
    case .tooLarge(let frame, let offset, let width, let height, let limit):
      "frame \(frame) at byte \(offset): \(width)x\(height) exceeds the limit of \(limit) pixels"
    case .io(let frame, let offset, let errno):
      "frame \(frame) at byte \(offset): read error: \(errno)"
    case .truncatedImage(let frame, let offset, let received, let format):
      "truncated frame \(frame) at byte \(offset): input ends \(received) bytes into a \(format)"
        + " image"
    case .unsupportedFormat(let frame, let offset, let format):
      "frame \(frame) at byte \(offset): \(format.name) is not read here; read it through"
        + " ffmpeg: '\(format.conversion)'"
    case .overBudget(let frame, let offset, let width, let height, let needed, let budget):
      "frame \(frame) at byte \(offset): a \(width)x\(height) frame needs"
        + " \(Self.megabytes(needed)) of memory to read, more than the budget of"
        + " \(Self.megabytes(budget)) for the whole process"
    case .workLimit(let frame, let offset, let format, let frameLimit, let pixelLimit):
      "frame \(frame) at byte \(offset): the \(format) image has more frames than one image"
        + " may give (\(frameLimit) frames, or \(pixelLimit) pixels in all): its frames up to"
        + " here were read, the rest is skipped"
    case .helperRefused(let frame, let offset, let message):
      "frame \(frame) at byte \(offset): HEIF image decoded by qrcapture: \(message)"
    case .missingLibrary(let frame, let offset, let format, let problem, let input)
    where problem.hasSuffix(" is not installed"):
      "frame \(frame) at byte \(offset): a \(format) image needs libheif, and \(problem):"
        + " install Debian's libheif1 ('apt-get install libheif1'), or convert the image where"
        + " libheif is, with '\(ForeignFormat.heifConversion(of: input))' (Debian's"
        + " libheif-examples)"
    case .missingLibrary(let frame, let offset, let format, let problem, let input):
      "frame \(frame) at byte \(offset): a \(format) image needs libheif, and \(problem);"
        + " or convert the image with '\(ForeignFormat.heifConversion(of: input))' (Debian's"
        + " libheif-examples)"
    }
  }
}

extension FrameStreamError {
  /// The formats `FrameStreamReader` reads, as messages list them.
  public static let formatsRead =
    "qrframe, y4m, PNM, PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF or AVIF"

  /// `bytes` in MiB, rounded up (`537 MiB`), or in bytes below one.
  static func megabytes(_ bytes: Int) -> String {
    bytes < 1 << 20 ? "\(bytes) bytes" : "\((bytes + (1 << 20) - 1) >> 20) MiB"
  }
}
