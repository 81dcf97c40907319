// SPDX-License-Identifier: MIT
// The tools' wording of library errors: the library says what went wrong, the tool adds the
// options that would help.

import QRCapture
import QRCodec
import QRImageFormats
import QRRender
import QRSimulator

/// The message a tool prints for `error`: the error's own description, followed by the
/// command-line options (or commands) that would help where there are any.
public func toolMessage(for error: any Error) -> String {
  toolMessage(for: error, input: "FILE")
}

/// The message a tool prints for `error` in reading the input named `input` (`-` for standard
/// input), which the commands it advises read.
public func toolMessage(for error: any Error, input: String) -> String {
  switch error {
  case let error as FrameStreamError:
    if case .invalidHeader(_, _, .imageMemory) = error {
      return "\(error); --max-memory raises the limit"
    }
    switch error {
    case .overBudget:
      return "\(error); --max-memory raises the budget"
    case .workLimit:
      return "\(error); --max-pixels raises the pixel cap (four times its value in all)"
    default: break
    }
    if case .unrecognizedInput(let offset, let found) = error {
      return "unrecognised input at byte \(offset): not \(FrameStreamError.formatsRead)"
        + unrecognisedInputAdvice(found, input: input)
    }
  case let error as CaptureError:
    switch error {
    case .noSuchDevice, .notCaptureDevice:
      return "\(error); list cameras with 'qrcapture --list-devices'"
    case .noStreamingIO(let card):
      return "\(card.isEmpty ? "device" : "'\(card)'") has no streaming I/O, which qrcapture needs"
    case .conversionFailed:
      return "\(error); try another --size or format"
    default: break
    }
  case let error as RenderOutputError:
    switch error {
    case .frameTooLarge: return "\(error); force one size with --symbol-version"
    case .oneImagePerFile: return "\(error); use --output-dir, or a lower --level for fewer symbols"
    default: break
    }
  case let error as SimulationError:
    if case .payloadTooLargeForFrame = error {
      return "\(error); use a larger --size or a shorter payload"
    }
  default: break
  }
  return "\(error)"
}

/// What would read an input that starts with `found`: a converter for the vector formats
/// qrrender writes, `--files-from` for what looks like a list of names, else `--size`.
func unrecognisedInputAdvice(_ found: [UInt8], input: String = "FILE") -> String {
  func starts(_ text: String) -> Bool { found.starts(with: Array(text.utf8)) }
  let file = ForeignFormat.shellWord(input)
  if starts("%PDF") {
    return "; it is a PDF: 'pdftoppm -gray -r 150 \(file) | qrdetect' reads its pages"
  }
  if starts("%!PS") {
    return "; it is PostScript: 'gs -q -r150 -sDEVICE=pgmraw -o - \(file) | qrdetect' reads it"
  }
  if starts("<?xm") || starts("<svg") {
    // rsvg-convert reads standard input when it is given no file.
    let source = input == "-" ? "" : " \(file)"
    return "; if it is SVG, 'rsvg-convert\(source) | qrdetect' reads it"
  }
  let isText = found.allSatisfy { (0x20...0x7E).contains($0) || $0 == 0x0A || $0 == 0x09 }
  if !found.isEmpty && isText {
    return " (raw frames need --size; a list of file names goes to qrdetect --files-from -)"
  }
  return " (raw frames need --size)"
}

extension SymbolRequest {
  /// A one-line message for `error`, naming the payload size, what it did not fit and what
  /// would help: `payload of 2000 bytes does not fit version 40-H (capacity 1273 bytes); use
  /// --level L or --split`.
  ///
  /// `--level L` is advised only when the payload does fit at level L with the other options
  /// unchanged (the request is tried again): a payload too large at every level gets no advice
  /// that would fail too.
  public func message(for error: EncodeError, payload: [UInt8]) -> String {
    let count = payload.count
    let level = encodeOptions.errorCorrectionLevel
    var advice: [String] = []
    if level != .low && !encodeOptions.boostsErrorCorrectionLevel && fitsAtLowLevel(payload) {
      advice.append("--level L")
    }
    switch error {
    case .payloadTooLarge(_, let capacity, let largest, let level):
      if largest.isMicro && encodeOptions.symbolKinds == [.micro] { advice.append("--micro=auto") }
      if !largest.isMicro && partCount == 1 { advice.append("--split") }
      return "payload of \(count) bytes does not fit \(Self.name(largest))-\(level)"
        + " (capacity \(Self.capacityText(largest, bits: capacity)))"
        + Self.adviceText(advice)
    case .versionTooSmall(let version, let level, _, let capacity, let smallest):
      let fitting =
        smallest.map { "; the smallest version that fits is \($0)" }
        ?? "; no \(version.isMicro ? "Micro QR" : "QR Code") version fits at level \(level)"
      return "payload of \(count) bytes does not fit \(Self.name(version))-\(level)"
        + " (capacity \(Self.capacityText(version, bits: capacity)))" + fitting
    case .tooLargeForStructuredAppend:
      return "payload of \(count) bytes does not fit 16 symbols of version 40-\(level),"
        + " the most structured append links" + Self.adviceText(advice)
    case .partsTooSmall(let parts):
      return "payload of \(count) bytes does not fit \(parts) symbols; use a larger --split"
    default:
      return "\(error)"
    }
  }

  /// Whether `payload` encodes with this request at level L.
  private func fitsAtLowLevel(_ payload: [UInt8]) -> Bool {
    var low = self
    low.encodeOptions.errorCorrectionLevel = .low
    do throws(EncodeError) {
      _ = try low.symbols(for: payload)
      return true
    } catch {
      return false
    }
  }

  private static func name(_ version: SymbolVersion) -> String {
    version.isMicro ? "Micro QR \(version)" : "version \(version)"
  }

  /// Capacity in bytes of byte mode data for QR Code (mode indicator 4 bits, count 8 or 16
  /// bits; ISO/IEC 18004:2015, table 3), in data bits for Micro QR.
  private static func capacityText(_ version: SymbolVersion, bits: Int) -> String {
    guard case .qr(let qr) = version else { return "\(bits) data bits" }
    let countBits = qr.number <= 9 ? 8 : 16
    return "\(max(0, (bits - 4 - countBits) / 8)) bytes"
  }

  private static func adviceText(_ advice: [String]) -> String {
    advice.isEmpty ? "" : "; use " + advice.joined(separator: " or ")
  }
}
