// SPDX-License-Identifier: MIT
// Where rendered symbols go: standard output, one file, or one file per symbol in a directory.

import QRCodec
import QRSystem

/// The destination of qrrender's images.
///
/// - Standard output and `--output FILE` get one stream (`ImageStreamWriter`); a file is opened
///   at the first write (so a run that fails before it, or is interrupted while reading, leaves
///   nothing), written under a temporary name and renamed by `finish()`.
/// - `--output-dir DIR` gets one file per symbol: `part-01.png`, `part-02.png`... for one
///   payload, `000001.png` (the line number) for `--lines`, `000001-part-01.png` for a line
///   split over several symbols.
public struct SymbolOutput {
  /// The format written.
  public let format: ImageFormat
  /// How symbols become pixels.
  public let options: RenderOptions
  /// The y4m frame size chosen in advance (`ImageStreamWriter.frameSize`).
  public let frameSize: (width: Int, height: Int)?
  private let file: PathName?
  private let directory: PathName?
  private var stream: ImageStreamWriter?
  private var pending: OutputFile.Pending?

  /// Prepares the destination: `directory` (created now if missing), else `file`, else standard
  /// output; `frameSize` fixes the size of y4m frames.
  ///
  /// - Throws: `RenderOutputError.file` if the directory cannot be created.
  public init(
    format: ImageFormat, options: RenderOptions, file: String? = nil, directory: String? = nil,
    frameSize: (width: Int, height: Int)? = nil
  ) throws(RenderOutputError) {
    let fileName = file.map { PathName($0) }
    let directoryName = directory.map { PathName($0) }
    try self.init(
      format: format, options: options, file: fileName, directory: directoryName,
      frameSize: frameSize)
  }

  /// Prepares the destination as `init(format:options:file:directory:)` does, for paths given
  /// as bytes (a name that is not UTF-8 is created as it is).
  public init(
    format: ImageFormat, options: RenderOptions, file: PathName?, directory: PathName?,
    frameSize: (width: Int, height: Int)? = nil
  ) throws(RenderOutputError) {
    self.format = format
    self.options = options
    self.frameSize = frameSize
    self.file = directory == nil ? file : nil
    self.directory = directory
    if let directory { try OutputFile.makeDirectory(directory) }
  }

  /// The files `write(_:line:files:)` would write for `symbols` when writing a directory (one
  /// image each), else nil: the rendering apart from the writing, so that it can be done on
  /// another thread. Pure; it touches no file.
  public func files(of symbols: [EncodedSymbol]) -> [[UInt8]]? {
    guard directory != nil else { return nil }
    return symbols.map { Renderer.render($0, as: format, options: options) }
  }

  /// Writes the symbols of one payload; `line` is its line number with `--lines`, `files` what
  /// `files(of:)` made of them (rendered now when nil).
  ///
  /// - Throws: `RenderOutputError`: `.oneImagePerFile` (nothing written) when an SVG or PNG
  ///   stream would get a second image, `.frameTooLarge` (nothing written) when a symbol is
  ///   larger than the y4m stream's frames, `.io` or `.file` when writing fails.
  public mutating func write(
    _ symbols: [EncodedSymbol], line: Int? = nil, files: [[UInt8]]? = nil
  ) throws(RenderOutputError) {
    if let directory {
      precondition(files == nil || files?.count == symbols.count, "one file per symbol")
      for (index, symbol) in symbols.enumerated() {
        var name = line.map { Self.padded($0, width: 6) } ?? ""
        if line == nil || symbols.count > 1 {
          name += (name.isEmpty ? "" : "-") + "part-" + Self.padded(index + 1, width: 2)
        }
        let path = directory.appending(Array((name + "." + format.fileExtension).utf8))
        let bytes = files?[index] ?? Renderer.render(symbol, as: format, options: options)
        // A directory may be shared: a symbolic link planted in it is refused, not followed.
        try OutputFile.write(bytes, to: path, followsLinks: false)
      }
      return
    }
    let written = stream?.count ?? 0
    if !format.holdsSeveralImages && written + symbols.count > 1 {
      throw .oneImagePerFile(format: format, count: written + symbols.count)
    }
    // Checked before the file is opened, so that a refused first symbol leaves no file.
    let probe =
      stream
      ?? ImageStreamWriter(
        format: format, options: options, descriptor: .standardOutput, frameSize: frameSize)
    for symbol in symbols { if let problem = probe.sizeProblem(symbol) { throw problem } }
    var stream = try openStream()
    for symbol in symbols { try stream.write(symbol) }
    self.stream = stream
  }

  /// Ends the output: an `--output` file is renamed into place (an empty one if nothing was
  /// written).
  ///
  /// - Throws: `RenderOutputError.file` if it cannot be created or renamed.
  public mutating func finish() throws(RenderOutputError) {
    _ = try openStream()
    try pending?.commit()
    pending = nil
  }

  /// Abandons the output: an `--output` file's temporary is removed and no file is created.
  public mutating func discard() {
    pending?.discard()
    pending = nil
  }

  /// The stream, opening the `--output` file on first use.
  private mutating func openStream() throws(RenderOutputError) -> ImageStreamWriter {
    if let stream { return stream }
    if let file, pending == nil { pending = try OutputFile.Pending(path: file) }
    let opened = ImageStreamWriter(
      format: format, options: options, descriptor: pending?.descriptor ?? .standardOutput,
      frameSize: frameSize)
    stream = opened
    return opened
  }

  private static func padded(_ number: Int, width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
