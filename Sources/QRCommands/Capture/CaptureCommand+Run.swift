// SPDX-License-Identifier: MIT
// qrcapture's run: camera or file in, qrframe(5) (or y4m, PGM) out; pick the inputs, loop, status.

import QRCapture
import QRCommandLine
import QRImage
import QRImageFormats
import QRRender
import QRSimulator
import QRStream
import QRSystem

extension CaptureCommand {
  /// Runs `qrcapture` on the process's command line and exits with its status.
  public static func main() -> Never {
    Tool.main(spec, describe: toolMessage(for:), body: run)
  }

  /// Captures or reads the frames the command line names and writes them; the status to exit
  /// with.
  ///
  /// - Throws: `UsageError` for a bad command line; a closed pipe (`Errno.brokenPipe`).
  static func run(_ invocation: Invocation) throws -> ExitStatus {
    FrameStreamReader.bindImageHelperToParent()
    let options = try CaptureCommandOptions(
      invocation.arguments, standardInputIsData: FileDescriptor.standardInput.isPipeOrFile)
    let diagnostics = invocation.diagnostics
    let output = FileDescriptor.standardOutput

    if options.listDevices {
      try output.writeAll(Array(V4L2Camera.deviceListing(V4L2Camera.listDevices()).utf8))
      return .success
    }
    if options.listFormats {
      let path: String
      if case .camera(let device) = options.inputs.first {
        path = device
      } else {
        path = CaptureCommandOptions.defaultDevice
      }
      do {
        try output.writeAll(Array(V4L2Camera.listFormats(devicePath: path).utf8))
      } catch let error as CaptureError {
        diagnostics.error(toolMessage(for: error), operand: path)
        return .failure
      }
      return .success
    }

    if TerminalOutput.refusesBinary(
      options.output.rawValue, advice: "redirect it or pipe it to qrdetect",
      diagnostics: diagnostics)
    {
      return .failure
    }
    var sink = CaptureSink(
      format: options.output, frameRate: options.effectiveFrameRate, output: output)
    var selection = options.selection
    var status = ExitStatus.success
    var timeline = RunTimeline()
    var hasWarnedOfRawRate = false
    for input in options.inputs {
      if selection.isComplete || Signals.stopRequested { break }
      switch input {
      case .simulation:
        guard let request = options.simulation else { continue }
        // A stop ends the stream on a frame boundary (and closes --truth), then dies by the signal.
        Signals.installStopHandlers()
        guard
          let camera = try makeSimulatedCamera(request, options: options, diagnostics: diagnostics)
        else { return request.payloadFile == nil ? .usage : .failure }
        var truth: FileDescriptor?
        if let path = request.truthFile {
          do {
            truth = try .openForWriting(path)
          } catch {
            diagnostics.error(toolMessage(for: error), operand: path.description)
            return .failure
          }
        }
        defer { truth?.close() }
        while let frame = camera.next() {
          if let kept = selection.select(frame) {
            try sink.write(kept)
            do throws(Errno) {
              try truth?.writeAll(
                SimulatedSighting.jsonLine(
                  camera.sightings(of: frame.sequence), sequence: kept.sequence,
                  seconds: kept.seconds))
            } catch {
              throw CaptureSink.WriteError(
                output: request.truthFile?.description ?? "--truth", errno: error)
            }
          }
          if selection.isComplete { break }
        }
      case .camera(let path):
        // Only a camera needs cleaning up, so only then do SIGINT/SIGTERM become a stop flag.
        Signals.installStopHandlers()
        do {
          let request = CaptureOptions(
            devicePath: path,
            size: options.size.map { CaptureOptions.Size(width: $0.width, height: $0.height) },
            framesPerSecond: options.frameRate.map { Double($0.numerator) / Double($0.denominator) }
          )
          let camera = try V4L2Camera(options: request, shouldStop: { Signals.stopRequested })
          // Released on every path: end of count, stop signal, closed pipe, camera error.
          defer { camera.close() }
          if let rate = camera.framesPerSecond, options.frameRate == nil {
            sink.frameRate =
              FrameRate(numerator: UInt64((rate * 1000).rounded()), denominator: 1000)
              ?? sink.frameRate
          }
          while let frame = try camera.next() {
            if let kept = selection.select(frame) { try sink.write(kept) }
            if selection.isComplete { break }
          }
        } catch let error as CaptureError {
          diagnostics.error(toolMessage(for: error), operand: path)
          status = .failure
        }
      case .file(let name):
        let descriptor: FileDescriptor
        do {
          descriptor =
            name.isStandardStream ? .standardInput : try FileDescriptor.openForReading(name)
        } catch {
          diagnostics.error(toolMessage(for: error), operand: name.description)
          status = .failure
          continue
        }
        defer { if !name.isStandardStream { descriptor.close() } }
        // One budget for the process's frames and decoders: --max-memory.
        MemoryBudget.process.capacity = options.maximumDecodingMemory
        let reader = FrameStreamReader(
          descriptor: descriptor, name: name.description,
          options: FrameStreamOptions(
            maximumPixelCount: options.maximumPixels,
            maximumDecodingMemory: options.maximumDecodingMemory,
            raw: options.size.map {
              RawFrameFormat(width: $0.width, height: $0.height, layout: options.pixelLayout)
            },
            frameRate: options.effectiveFrameRate))
        // Every file continues the one before: one numbering and one clock, as with cat.
        defer { timeline.endInput() }
        do {
          while let frame = try reader.next() {
            if reader.kind == .raw && options.frameRate == nil && !hasWarnedOfRawRate {
              // Raw frames carry no rate: a 25 fps video timed at 30 has every time wrong.
              hasWarnedOfRawRate = true
              diagnostics.warning(
                Self.rawRateWarning(options.effectiveFrameRate), operand: name.description)
            }
            if let kept = selection.select(timeline.place(frame)) { try sink.write(kept) }
            if selection.isComplete { break }
          }
        } catch let error as FrameStreamError {
          var message = toolMessage(for: error, input: name.description)
          if reader.kind == .raw, let size = options.size,
            case .truncatedPayload(let frame, _, let received, _) = error
          {
            message += Self.rawSizeAdvice(
              width: size.width, height: size.height, layout: options.pixelLayout, frames: frame,
              extra: received)
          }
          diagnostics.error(message, operand: name.description)
          status = .failure
        } catch let error as Y4MWriteError where error != .io(.brokenPipe) {
          // A y4m stream has one frame size: name the input whose frame broke it, and stop.
          diagnostics.error(toolMessage(for: error), operand: name.description)
          return .failure
        }
      }
    }
    return status
  }
}

extension CaptureCommand {
  /// The warning for raw frames read without `--fps`: they are timed at `rate`, which is right
  /// only if the video's rate is that.
  static func rawRateWarning(_ rate: FrameRate) -> String {
    let value = Double(rate.numerator) / Double(rate.denominator)
    let shown = value == value.rounded() ? String(Int(value)) : String(value)
    return "raw frames carry no frame rate: timing them at \(shown) fps, the default; give the"
      + " video's rate with --fps (ffprobe -v error -select_streams v:0 -show_entries"
      + " stream=r_frame_rate -of csv=p=0 VIDEO)"
  }

  /// What a raw stream that ends inside a frame says of `--size`: the stream is not a whole
  /// number of frames of that size (`frames` whole ones and `extra` bytes), so the size is
  /// likely not the video's, and every frame was sheared.
  static func rawSizeAdvice(
    width: Int, height: Int, layout: PixelLayout, frames: Int, extra: Int
  ) -> String {
    let frameBytes = layout.frameByteCount(width: width, height: height) ?? width * height
    return "; the input is not a whole number of \(width)x\(height) \(layout.rawValue) frames of"
      + " \(frameBytes) bytes (\(frames) and \(extra) bytes), so --size is likely not the"
      + " video's size and every frame was read sheared: ask ffprobe (-show_entries"
      + " stream=width,height)"
  }
}

/// The simulated camera `--simulate` asks for, or nil after reporting why there is none
/// (`qrcapture: payload: message`).
func makeSimulatedCamera(
  _ request: SimulationRequest, options: CaptureCommandOptions, diagnostics: Diagnostics
) throws -> SimulatedCamera? {
  var payloads = request.payloads
  if let file = request.payloadFile {
    do {
      let descriptor =
        file.isStandardStream ? FileDescriptor.standardInput : try .openForReading(file)
      defer { if !file.isStandardStream { descriptor.close() } }
      payloads += SimulationSettings.payloads(fromLines: try PayloadInput.readAll(descriptor))
    } catch {
      diagnostics.error(toolMessage(for: error), operand: file.description)
      return nil
    }
    if payloads.isEmpty {
      diagnostics.error("no payloads in the file", operand: file.description)
      return nil
    }
  }
  let size = options.simulationSize
  let settings = SimulationSettings(
    payloads: payloads.isEmpty ? SimulationSettings.defaultPayloads : payloads,
    width: size.width, height: size.height, seed: request.seed,
    frameRate: options.effectiveFrameRate, isPaced: request.isPaced, light: request.light)
  do {
    return try SimulatedCamera(settings: settings, shouldStop: { Signals.stopRequested })
  } catch {
    let payload = error.payloadIndex.map { settings.payloads[$0] } ?? "--simulate"
    let shown = payload.count > 40 ? String(payload.prefix(40)) + "..." : payload
    diagnostics.error(toolMessage(for: error), operand: shown)
    return nil
  }
}
