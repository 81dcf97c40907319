// SPDX-License-Identifier: MIT
// Where qrdetect --annotate writes: one y4m stream, or one file per image (PNG) or video input.

import QRCommandLine
import QRImage
import QRRecords
import QRRender
import QRStream
import QRSystem

/// Annotated frames as one y4m stream at the input's frame rate.
///
/// The first frame is held until the second gives the rate (`AnnotationFrameRate`). y4m has one
/// frame size: a frame of another size than the first is left out, with one warning, and
/// reading goes on.
struct AnnotatedVideo {
  /// Where the stream goes.
  let descriptor: FileDescriptor
  private var writer: Y4MWriter?
  private var held: (image: GrayImage, origin: FrameOrigin)?
  private var hasWarnedOfSize = false

  init(descriptor: FileDescriptor) { self.descriptor = descriptor }

  /// Writes `image`, or holds it if it is the first.
  ///
  /// - Throws: The `Errno` of a failed write.
  mutating func write(_ image: GrayImage, origin: FrameOrigin, diagnostics: Diagnostics)
    throws(Errno)
  {
    if writer == nil {
      guard let first = held else {
        held = (image, origin)
        return
      }
      held = nil
      writer = Y4MWriter(
        descriptor: descriptor, frameRate: AnnotationFrameRate.of(first.origin, origin))
      try put(first.image, first.origin, diagnostics)
    }
    try put(image, origin, diagnostics)
  }

  /// Writes the frame still held (an input of one frame); call after the last `write`.
  ///
  /// - Throws: The `Errno` of a failed write.
  mutating func finish(diagnostics: Diagnostics) throws(Errno) {
    guard let first = held else { return }
    held = nil
    writer = Y4MWriter(descriptor: descriptor, frameRate: AnnotationFrameRate.of(first.origin, nil))
    try put(first.image, first.origin, diagnostics)
  }

  private mutating func put(_ image: GrayImage, _ origin: FrameOrigin, _ diagnostics: Diagnostics)
    throws(Errno)
  {
    do {
      try writer?.write(image)
    } catch {
      switch error {
      case .io(let errno): throw errno
      case .sizeChanged(let width, let height, let streamWidth, let streamHeight):
        guard !hasWarnedOfSize else { return }
        hasWarnedOfSize = true
        diagnostics.warning(
          "--annotate: frame \(origin.sequence) is \(width)x\(height), the video"
            + " \(streamWidth)x\(streamHeight): frames of another size are left out of it;"
            + " --annotate=directory/ writes a PNG per image",
          operand: origin.source)
      }
    }
  }
}

/// Annotated frames as one file per image or video input: `--annotate=directory/` or
/// `--annotate=name.png`.
///
/// Each frame of an image (PNM, PNG, JPEG…) becomes a PNG, each video input (y4m, qrframe, raw
/// frames) one y4m file. In a directory the files are named after their input (`scans/a.jpg`
/// gives `a.png`; standard input `stdin.png`; the second image of one input `a-2.png`), with
/// `-2`, `-3`… added to a name this run already wrote. With `name.png`, the first file is that
/// path and the next ones go beside it, numbered: `name-2.png`, `name-3.y4m`…
///
/// Each file is written under a new temporary name and renamed into place once whole, so a
/// failed write (a full disk) leaves no part of it; a symbolic link where a file would go is
/// refused, never written through.
struct AnnotatedFiles {
  /// The directory, or the first file's path.
  let destination: DetectCommandOptions.AnnotationDestination
  private var writtenNames: Set<[UInt8]> = []
  private var fileCount = 0
  /// The input images are being written for, and how many of its images were.
  private var imagesOfInput = (input: -1, count: 0)
  /// The video input being written: its number, its file and stream.
  private var video: (input: Int, file: OutputFile.Pending, stream: AnnotatedVideo)?

  init(destination: DetectCommandOptions.AnnotationDestination) {
    self.destination = destination
  }

  /// Whether frames of `kind` are written as a video (one y4m file for their input).
  static func isVideo(_ kind: InputKind?) -> Bool {
    kind == .y4m || kind == .qrframe || kind == .raw
  }

  /// Writes `result`'s annotated frame; false after reporting a failure, which ends the run
  /// (the next file would most likely fail the same way: a full disk).
  mutating func write(_ result: FrameResult, diagnostics: Diagnostics) -> Bool {
    if let video, video.input != result.input, !finishVideo(diagnostics: diagnostics) {
      return false
    }
    if let png = result.annotatedPNG {
      let path = nextPath(result, extension: "png")
      do throws(RenderOutputError) {
        try OutputFile.write(png, to: path, followsLinks: false)
      } catch {
        Self.report(error, path: path.description, diagnostics)
        return false
      }
      return true
    }
    guard let image = result.annotated else { return true }
    if video == nil {
      let path = nextPath(result, extension: "y4m")
      do throws(RenderOutputError) {
        let file = try OutputFile.Pending(path: path, followsLinks: false)
        video = (result.input, file, AnnotatedVideo(descriptor: file.descriptor))
      } catch {
        Self.report(error, path: path.description, diagnostics)
        return false
      }
    }
    do throws(Errno) {
      try video?.stream.write(image, origin: result.origin, diagnostics: diagnostics)
    } catch {
      if let current = video {
        diagnostics.error("--annotate: write error: \(error)", operand: current.file.path)
        current.file.discard()
      }
      video = nil
      return false
    }
    return true
  }

  /// Writes the video being written, if any, and renames it into place; false after reporting
  /// a failure (nothing of it is left then).
  mutating func finishVideo(diagnostics: Diagnostics) -> Bool {
    guard var current = video else { return true }
    video = nil
    do throws(Errno) {
      try current.stream.finish(diagnostics: diagnostics)
    } catch {
      diagnostics.error("--annotate: write error: \(error)", operand: current.file.path)
      current.file.discard()
      return false
    }
    do throws(RenderOutputError) {
      try current.file.commit()
    } catch {
      Self.report(error, path: current.file.path, diagnostics)
      return false
    }
    return true
  }

  /// Reports a file that could not be written, as `qrdetect: path: --annotate: reason`.
  private static func report(_ error: RenderOutputError, path: String, _ diagnostics: Diagnostics) {
    let reason =
      switch error {
      case .file(_, let errno): "\(errno)"
      case .symbolicLink: "a symbolic link is there: not written through it; remove it"
      default: "\(error)"
      }
    diagnostics.error("--annotate: \(reason)", operand: path)
  }

  /// The path of the next file for `result`'s frame, never one this run already wrote.
  private mutating func nextPath(_ result: FrameResult, extension suffix: String) -> PathName {
    fileCount += 1
    let dot = Array(("." + suffix).utf8)
    var candidate: PathName
    switch destination {
    case .images(let first):
      let stem = Array(first.bytes.dropLast(4))
      candidate = fileCount == 1 && suffix == "png" ? first : PathName(bytes: stem + dot)
      if fileCount > 1 { candidate = PathName(bytes: stem + Array("-\(fileCount)".utf8) + dot) }
    default:
      var stem = result.path.lastComponent
      if stem == [0x2D] {
        stem = Array("stdin".utf8)
      } else if let period = stem.lastIndex(of: 0x2E), period > 0 {
        stem.removeSubrange(period...)
      }
      if !Self.isVideo(result.kind) {
        if imagesOfInput.input != result.input { imagesOfInput = (result.input, 0) }
        imagesOfInput.count += 1
        if imagesOfInput.count > 1 { stem += Array("-\(imagesOfInput.count)".utf8) }
      }
      guard case .directory(let directory) = destination else { return PathName(bytes: stem + dot) }
      candidate = directory.appending(stem + dot)
      var number = 2
      while writtenNames.contains(candidate.bytes) {
        candidate = directory.appending(stem + Array("-\(number)".utf8) + dot)
        number += 1
      }
    }
    writtenNames.insert(candidate.bytes)
    return candidate
  }
}
