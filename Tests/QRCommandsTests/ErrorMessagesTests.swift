// SPDX-License-Identifier: MIT
// Library errors in the tools' words: the description, then the options that would help.

import QRCore
import Testing

@testable import QRCommandLine
@testable import QRCommands

@Test func libraryErrorsGainTheOptionsThatHelp() {
  #expect(
    toolMessage(for: CaptureError.noSuchDevice)
      == "no such device; list cameras with 'qrcapture --list-devices'")
  #expect(
    toolMessage(for: CaptureError.conversionFailed)
      == "libv4l2 cannot convert the camera's frames (corrupt or unsupported data); "
      + "try another --size or format")
  #expect(
    toolMessage(for: FrameStreamError.unrecognizedInput(offset: 0, found: []))
      == "unrecognised input at byte 0: not qrframe, y4m, PNM, PNG, JPEG, WebP, TIFF, GIF, BMP, HEIF or AVIF (raw frames need --size)"
  )
  #expect(
    toolMessage(
      for: RenderOutputError.frameTooLarge(
        width: 33, height: 33, streamWidth: 29, streamHeight: 29)
    ).hasSuffix(
      "frames; force one size with --symbol-version"))
  // Errors the tools have nothing to add to read as the library words them.
  #expect(toolMessage(for: CaptureError.busy) == CaptureError.busy.description)
}

@Test func libraryDescriptionsNameNoOption() {
  let errors: [any Error & CustomStringConvertible] = [
    CaptureError.noSuchDevice, CaptureError.conversionFailed,
    CaptureError.noStreamingIO(card: "cam"),
    FrameStreamError.unrecognizedInput(offset: 0, found: []),
    RenderOutputError.oneImagePerFile(format: .png, count: 3),
    RenderOutputError.frameTooLarge(width: 33, height: 33, streamWidth: 29, streamHeight: 29),
    SimulationError.payloadTooLargeForFrame(index: 0, version: 40, width: 64, height: 48),
  ]
  for error in errors {
    #expect(!error.description.contains("--") && !error.description.contains("qrcapture"))
  }
}

@Test func symbolRequestMessagesSayWhatFitsAndWhatHelps() throws {
  var options = EncodeOptions()
  options.errorCorrectionLevel = .high
  let request = SymbolRequest(encodeOptions: options, partCount: 1)
  let payload = [UInt8](repeating: 0xFF, count: 2000)
  do {
    _ = try request.symbols(for: payload)
    Issue.record("2000 bytes fit one symbol at H")
  } catch {
    #expect(
      request.message(for: error, payload: payload)
        == "payload of 2000 bytes does not fit version 40-H (capacity 1273 bytes);"
        + " use --level L or --split")
  }
  // Issue 28: 3000 bytes fit no level (2953 at L): --level L is not advised, as it would fail.
  let larger = [UInt8](repeating: 0xFF, count: 3000)
  do {
    _ = try request.symbols(for: larger)
    Issue.record("3000 bytes fit one symbol at H")
  } catch {
    #expect(
      request.message(for: error, payload: larger)
        == "payload of 3000 bytes does not fit version 40-H (capacity 1273 bytes); use --split")
  }
  options.errorCorrectionLevel = .medium
  options.version = SymbolVersion("2")
  let forced = SymbolRequest(encodeOptions: options, partCount: nil)
  #expect(!forced.splitsAutomatically)
  do {
    _ = try forced.symbols(for: Array(String(repeating: "a", count: 100).utf8))
    Issue.record("100 bytes fit version 2")
  } catch {
    #expect(
      forced.message(for: error, payload: Array(String(repeating: "a", count: 100).utf8))
        == "payload of 100 bytes does not fit version 2-M (capacity 26 bytes);"
        + " the smallest version that fits is 6")
  }
}
