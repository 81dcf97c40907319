// SPDX-License-Identifier: MIT
// Where rendered symbols go: standard output, one file, or one file per symbol in a directory.

import QRCodec
import QRStream

/// The destination of qrrender's images.
///
/// - Standard output and `--output FILE` get one stream (`ImageStreamWriter`); a file is written
///   under a temporary name and renamed by `finish()`, so a failed run leaves no partial file.
/// - `--output-dir DIR` gets one file per symbol: `part-01.png`, `part-02.png`... for one
///   payload, `000001.png` (the line number) for `--lines`, `000001-part-01.png` for a line
///   split over several symbols.
public struct SymbolOutput {
  /// The format written.
  public let format: ImageFormat
  /// How symbols become pixels.
  public let options: RenderOptions
  private var stream: ImageStreamWriter?
  private let pending: OutputFile.Pending?
  private let directory: String?

  /// Opens the destination: `directory` (created if missing), else `file`, else standard output.
  ///
  /// - Throws: `RenderOutputError.file` if the directory or file cannot be created.
  public init(
    format: ImageFormat, options: RenderOptions, file: String? = nil, directory: String? = nil
  ) throws(RenderOutputError) {
    self.format = format
    self.options = options
    self.directory = directory
    if let directory {
      try OutputFile.makeDirectory(directory)
      pending = nil
      stream = nil
    } else {
      pending = try file.map { (path) throws(RenderOutputError) in
        try OutputFile.Pending(path: path)
      }
      stream = ImageStreamWriter(
        format: format, options: options, descriptor: pending?.descriptor ?? .standardOutput)
    }
  }

  /// Writes the symbols of one payload; `line` is its line number with `--lines`.
  ///
  /// - Throws: `RenderOutputError`: `.oneImagePerFile` (nothing written) when an SVG or PNG
  ///   stream would get a second image, `.io` or `.file` when writing fails.
  public mutating func write(_ symbols: [EncodedSymbol], line: Int? = nil) throws(RenderOutputError)
  {
    if let directory {
      for (index, symbol) in symbols.enumerated() {
        var name = line.map { Self.padded($0, width: 6) } ?? ""
        if line == nil || symbols.count > 1 {
          name += (name.isEmpty ? "" : "-") + "part-" + Self.padded(index + 1, width: 2)
        }
        let path = directory + "/" + name + "." + format.fileExtension
        try OutputFile.write(Renderer.render(symbol, as: format, options: options), to: path)
      }
      return
    }
    guard var stream else { return }
    if !format.holdsSeveralImages && stream.count + symbols.count > 1 {
      throw .oneImagePerFile(format: format, count: stream.count + symbols.count)
    }
    for symbol in symbols { try stream.write(symbol) }
    self.stream = stream
  }

  /// Ends the output: an `--output` file is renamed into place.
  ///
  /// - Throws: `RenderOutputError.file` if the rename fails.
  public func finish() throws(RenderOutputError) {
    try pending?.commit()
  }

  /// Abandons the output: an `--output` file's temporary is removed and no file is created.
  public func discard() {
    pending?.discard()
  }

  private static func padded(_ number: Int, width: Int) -> String {
    let digits = String(number)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}
