// SPDX-License-Identifier: MIT
// The work on one payload that needs no output: encode, verify, and render files in advance.

import QRCodec
import QRGrade
import QRImage
import QRRender
import QRSystem

/// Encodes payloads (and, for a directory of files, renders them): what `--jobs` threads do,
/// each with its own copy, a batch of lines at a time; the writing stays with the caller, in
/// input order.
struct LineWorker: PipelineWorker {
  /// One line to encode, or a problem already found with it (reported in its turn).
  struct Line {
    /// The line number.
    let line: Int
    /// `input:line`, as messages name the line.
    let operand: String
    /// The payload.
    let payload: [UInt8]
    /// Why the line has no payload to encode (an unreadable record, a blank line), else nil.
    let problem: String?
    /// Whether the problem is a blank line (or a record's empty payload).
    let isBlank: Bool
  }

  /// What became of one payload.
  enum Outcome {
    /// The symbols, with their files when they go to a directory.
    case symbols([EncodedSymbol], files: [[UInt8]]?)
    /// Why there are none, as the message to report.
    case problem(String)
  }

  /// What became of one line.
  struct Result {
    /// The line (its number and name for messages, whether it was blank).
    let source: Line
    /// The symbols, or why there are none.
    let outcome: Outcome
  }

  let request: SymbolRequest
  /// `--verify`: each symbol decoded as rendered.
  let verifies: Bool
  /// `--grade`: each symbol graded as rendered; below 4.0/A fails.
  let grades: Bool
  let format: ImageFormat
  let options: RenderOptions
  /// The destination, for rendering its files (`SymbolOutput.files(of:)`); never written here.
  let output: SymbolOutput
  /// `--ignorecase`: ASCII a–z encoded (and verified) as A–Z, as qrencode's `-i`.
  var ignoresCase = false

  /// The lines handed over together: those that were already read when the first came (a
  /// handoff between threads per line would cost more than encoding a short one).
  typealias Input = [Line]
  typealias Output = [Result]
  /// The most lines in a batch.
  static let batchLines = 32
  /// A batch ends once its payloads reach this many bytes (so the batches in flight hold a
  /// bounded number of bytes, whatever the lines).
  static let batchBytes = 64 * 1024
  /// The most bytes of files a batch renders in advance (at most one line's files more).
  static let batchFileBytes = 4 << 20

  mutating func process(_ lines: [Line]) -> [Result] {
    var fileBytes = 0
    return lines.map { line in
      // Files are rendered here until the batch holds `batchFileBytes` of them; the rest are
      // rendered as they are written (a version 40 symbol at a large scale makes megabytes).
      let outcome =
        line.problem.map { Outcome.problem($0) }
        ?? self.outcome(of: line.payload, rendersFiles: fileBytes < Self.batchFileBytes)
      if case .symbols(_, let files?) = outcome {
        fileBytes += files.reduce(0) { $0 + $1.count }
      }
      return Result(source: line, outcome: outcome)
    }
  }

  /// The symbols of `payload` (and their files, when `rendersFiles` and they go to a
  /// directory), or the message saying why there are none: the encoder's, or `--verify`'s.
  func outcome(of given: [UInt8], rendersFiles: Bool) -> Outcome {
    let payload = ignoresCase ? Self.uppercased(given) : given
    let symbols: [EncodedSymbol]
    switch encoded(payload, request) {
    case .symbols(let encoded): symbols = encoded
    case .failure(let error):
      return .problem(request.message(for: error, payload: payload))
    }
    if verifies,
      let failure = RenderVerification.failure(
        symbols, payload: payload, format: format, options: options)
    {
      return .problem("verification failed: " + failure)
    }
    if grades, let failure = Self.gradeFailure(symbols, options: options) {
      return .problem("verification failed: " + failure)
    }
    return .symbols(symbols, files: rendersFiles ? output.files(of: symbols) : nil)
  }

  /// `payload` with the ASCII letters a–z made A–Z, and every other byte as it is: what
  /// qrencode's `-i` encodes, so that a URL's letters fit alphanumeric mode.
  static func uppercased(_ payload: [UInt8]) -> [UInt8] {
    payload.map { (0x61...0x7A).contains($0) ? $0 - 0x20 : $0 }
  }

  /// Nil if every symbol, drawn as a gray image at the render's scale, margin and colours,
  /// grades 4.0/A; else the first that does not, with the parameters that brought it down.
  static func gradeFailure(_ symbols: [EncodedSymbol], options: RenderOptions) -> String? {
    for (index, symbol) in symbols.enumerated() {
      let raster = ModuleRaster(symbol, options: options)
      let image = Renderer.grayImage(raster, options: options)
      let scale = Double(options.scale)
      let low = Double((raster.side - symbol.size) / 2) * scale
      let high = low + Double(symbol.size) * scale
      let corners = [
        Point(x: low, y: low), Point(x: high, y: low), Point(x: high, y: high),
        Point(x: low, y: high),
      ]
      let name = symbols.count > 1 ? "symbol \(index + 1) of \(symbols.count)" : "the symbol"
      guard let decoded = try? Decoder.decode(symbol.matrix, allowsMirrored: false),
        let grade = SymbolGrader.grade(
          image, corners: corners, isInverted: options.invert, decoded: decoded)
      else { return "\(name) cannot be graded" }
      if grade.overall < .a {
        let weak = grade.parameters.filter { $0.name != "printGrowth" && $0.parameter.grade < .a }
          .map { "\($0.name) \($0.parameter.grade.letter)" }
        return "\(name) grades \(grade.overall)/\(grade.overall.letter), not 4.0/A ("
          + weak.joined(separator: ", ") + ")"
      }
    }
    return nil
  }
}
