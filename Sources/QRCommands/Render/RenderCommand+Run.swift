// SPDX-License-Identifier: MIT
// qrrender's run: parse, map the options to the codec's, read, encode, write.

import Glibc
import QRCodec
import QRCommandLine
import QRContent
import QRImageFormats
import QRRecords
import QRRender
import QRSystem

extension RenderCommand {
  /// Runs `qrrender` on the process's command line and exits with its status.
  public static func main() -> Never {
    Tool.main(spec, describe: toolMessage(for:), body: run)
  }

  /// Encodes the payloads the command line names and writes them; the status to exit with.
  ///
  /// - Throws: `UsageError` for a bad command line; a closed pipe (`Errno.brokenPipe`).
  static func run(_ invocation: Invocation) throws -> ExitStatus {
    let options = try RenderCommandOptions(
      invocation.arguments, standardOutputIsTerminal: FileDescriptor.standardOutput.isTerminal)
    let diagnostics = invocation.diagnostics
    guard let format = ImageFormat(rawValue: options.format) else {
      throw UsageError("unknown format '\(options.format)'")
    }
    let request = try symbolRequest(options)
    let renderOptions = RenderOptions(
      scale: options.scale ?? format.defaultScale, margin: options.margin, invert: options.invert,
      dark: options.dark ?? .black, light: options.light ?? .white,
      dotsPerInch: options.dotsPerInch)
    let isStandardOutput = options.output == nil && options.outputDirectory == nil

    if isStandardOutput && format.isBinary
      && TerminalOutput.refusesBinary(
        format.rawValue, advice: "redirect it, use -o, or -f utf8", diagnostics: diagnostics)
    {
      return .failure
    }
    if let path = options.output, format.isBinary, TerminalOutput.isTerminal(path: path.description)
    {
      diagnostics.error(
        "a terminal: not writing \(format.rawValue) data to it; name a file, or -f utf8",
        operand: path.description)
      return .failure
    }
    // Art wider than the screen wraps into something no reader scans: say so, once.
    let columns = isStandardOutput && format.isTerminalArt ? TerminalOutput.columns() : nil
    var hasWarnedOfWidth = false
    func checkWidth(_ symbols: [EncodedSymbol]) {
      guard let columns, !hasWarnedOfWidth, let symbol = symbols.first else { return }
      let side = ModuleRaster(symbol, options: renderOptions).side * renderOptions.scale
      let isHalfBlocks = format == .utf8 || format == .utf8Inverted || format == .ansiUTF8
      let width = isHalfBlocks ? side : 2 * side
      guard width > columns else { return }
      hasWarnedOfWidth = true
      // Half blocks are already the narrowest art: advise what would still help.
      let advice =
        isHalfBlocks
        ? "widen the terminal" + (renderOptions.scale > 1 ? ", use a smaller -s" : "")
          + ", or write an image"
        : "widen the terminal, use -f utf8 (half the width), or write an image"
      diagnostics.warning(
        "the symbol is \(width) columns wide but the terminal has \(columns): it wraps and cannot"
          + " be scanned; " + advice)
    }
    let input: FileDescriptor
    switch options.source {
    case .file(let path):
      do { input = try FileDescriptor.openForReading(path) } catch {
        diagnostics.error(toolMessage(for: error), operand: path.description)
        return .failure
      }
    default: input = .standardInput
    }
    let sourceName = options.source.name

    // y4m has one frame size per stream: a stream of payloads gets frames that fit any of them.
    var frameSize = options.frameSize
    if format == .y4m && frameSize == nil && (options.lines || options.json) {
      let side = largestSymbolSide(options, scale: renderOptions.scale)
      frameSize = (side, side)
    }
    var output: SymbolOutput
    do {
      output = try SymbolOutput(
        format: format, options: renderOptions, file: options.output,
        directory: options.outputDirectory, frameSize: frameSize)
    } catch {
      report(error, diagnostics)
      return .failure
    }
    let worker = LineWorker(
      request: request, verifies: options.verify, grades: options.grade, format: format,
      options: renderOptions, output: output, ignoresCase: options.ignoresCase)
    // --verbose: what each symbol is, on standard error, as it is written.
    func describe(_ symbols: [EncodedSymbol], operand: String?) {
      guard options.verbose else { return }
      for (index, symbol) in symbols.enumerated() {
        let side = ModuleRaster(symbol, options: renderOptions).side
        let pixels = format.isTerminalArt ? "" : ", \(side * renderOptions.scale) pixels a side"
        diagnostics.raw(
          "qrrender: " + (operand.map { Diagnostics.sanitized($0) + ": " } ?? "")
            + (symbols.count > 1 ? "symbol \(index + 1) of \(symbols.count): " : "")
            + "version \(symbol.version), level \(symbol.errorCorrectionLevel), mask"
            + " \(symbol.mask), \(symbol.size)x\(symbol.size) modules, quiet zone"
            + " \((side - symbol.size) / 2)\(pixels)\n")
      }
    }

    do {
      if !options.lines && !options.json {
        let payload: [UInt8]
        switch options.source {
        case .operand(let text): payload = Array(text.utf8)
        case .content(let content): payload = Array(content.text.utf8)
        case .standardInput, .file: payload = try PayloadInput.readAll(input)
        }
        if payload.isEmpty {
          diagnostics.error("no input data: the payload is empty", operand: sourceName)
          return .nothingFound
        }
        let symbols: [EncodedSymbol]
        switch worker.outcome(of: payload, rendersFiles: false) {
        case .symbols(let encoded, _): symbols = encoded
        case .problem(let message):
          diagnostics.error(message, operand: sourceName)
          return .failure
        }
        checkWidth(symbols)
        describe(symbols, operand: sourceName)
        try output.write(symbols)
        try output.finish()
        return .success
      }
      // A long batch into --output is stopped cleanly: the temporary file is removed, then the
      // signal re-raised (Tool.main), so an interrupted run leaves no file.
      if options.output != nil { Signals.installStopHandlers() }

      // --lines and --json: one payload per line; a line that cannot be encoded is reported and
      // skipped. Lines are encoded (and files rendered) on `--jobs` threads, in batches of those
      // already read; what they make is written, and every message about a line reported, in
      // input order by `deliver`.
      var status = ExitStatus.success
      var hasBlankLine = false
      // --lines: blank lines are skipped and counted (a CSV's or a list's last line often is).
      var blankLines = 0
      var payloadLines = 0
      var deliveryError: RenderOutputError?
      func deliver(_ results: [LineWorker.Result]) -> Bool {
        for result in results {
          switch result.outcome {
          case .problem(let message):
            diagnostics.error(message, operand: result.source.operand)
            if result.source.isBlank { hasBlankLine = true } else { status = .failure }
          case .symbols(let symbols, let files):
            checkWidth(symbols)
            describe(symbols, operand: result.source.operand)
            do {
              try output.write(symbols, line: result.source.line, files: files)
            } catch .frameTooLarge(let width, let height, let streamWidth, let streamHeight) {
              // Nothing of this payload was written; the stream goes on with the next line.
              diagnostics.error(
                "a \(width)x\(height) symbol does not fit the \(streamWidth)x\(streamHeight)"
                  + " frames of --frame-size", operand: result.source.operand)
              status = .failure
            } catch {
              deliveryError = error
              return false
            }
          }
        }
        return true
      }
      let jobs = options.jobs ?? min(Processors.online, RenderCommandOptions.defaultMostJobs)
      // Two batches per thread: one being encoded, one waiting.
      let pipeline = OrderedPipeline(
        workers: Array(repeating: worker, count: jobs), capacity: 2 * jobs,
        usesThreads: jobs > 1, deliver: deliver)
      // Every line submitted is written (or reported) before anything below runs, after an error
      // too: all that was complete before the fault is written.
      defer { pipeline.finish() }

      let reader = LineReader(input, maximumLineLength: PayloadInput.maximumByteCount)
      var records = DetectionRecordReader()
      var isAtEnd = false
      while !isAtEnd {
        if Signals.stopRequested {
          pipeline.finish()
          output.discard()
          return .failure
        }
        // A batch: the next line, polled with a timeout so that a stop signal is seen while input
        // is slow to come, then the lines that can be read without waiting (so a line typed alone
        // is written at once), up to `LineWorker.batchLines` lines or `batchBytes` bytes.
        // A read error ends the batch, which is written before the error is reported.
        var batch: [LineWorker.Line] = []
        var batchBytes = 0
        var readFailure: LineReader.Failure?
        while batch.count < LineWorker.batchLines && batchBytes < LineWorker.batchBytes {
          let item: LineReader.Item
          do throws(LineReader.Failure) {
            item = try reader.next(timeout: batch.isEmpty ? 0.25 : 0)
          } catch {
            readFailure = error
            break
          }
          if case .endOfInput = item { isAtEnd = true }
          guard case .line(let line) = item else { break }
          var payload = Array(line.bytes)
          if payload.last == 0x0A { payload.removeLast() }
          if payload.last == 0x0D { payload.removeLast() }
          var problem: String?
          if options.json {
            switch Result(catching: { () throws(DetectionRecordError) in
              try records.readPayload(payload)
            }) {
            case .success(let recorded): payload = recorded
            case .failure(let error): problem = "\(error)"
            }
          }
          let isBlank = problem == nil && payload.isEmpty
          if isBlank && !options.json {
            blankLines += 1
            continue
          }
          payloadLines += 1
          if isBlank {
            problem =
              "no input data: "
              + (options.json ? "the record's payload is empty" : "the line is blank")
          }
          batchBytes += payload.count
          batch.append(
            LineWorker.Line(
              line: line.number, operand: "\(sourceName ?? "-"):\(line.number)", payload: payload,
              problem: problem, isBlank: isBlank))
        }
        if !batch.isEmpty, !pipeline.submit(batch) { break }
        if let readFailure { throw readFailure }
      }
      pipeline.finish()
      if let deliveryError { throw deliveryError }
      // A stop that came while the last lines were read or encoded wins over the end of input:
      // the file is left only by a run that completes, and that run exits as it completed, even
      // if a signal comes while the file is renamed into place (issue 28).
      guard try Signals.commitUnlessStopped({ try output.finish() }) else {
        output.discard()
        return .failure
      }
      if blankLines > 0 {
        let lines = blankLines == 1 ? "1 blank line" : "\(blankLines) blank lines"
        if payloadLines == 0 {
          diagnostics.error("no input data: \(lines) and no payload", operand: sourceName ?? "-")
          return status == .success ? .nothingFound : status
        }
        diagnostics.warning("skipped \(lines)", operand: sourceName ?? "-")
      }
      return status == .success && hasBlankLine ? .nothingFound : status
    } catch let error as RenderOutputError {
      output.discard()
      // A closed pipe ends quietly; another failed write names the output, not the input.
      if case .io(let errno) = error {
        if errno == .brokenPipe { throw errno }
        diagnostics.error(
          "write error: \(errno)", operand: options.output?.description ?? "standard output")
        return .failure
      }
      report(error, diagnostics, operand: sourceName)
      return .failure
    } catch let error as LineReader.Failure {
      output.discard()
      // Every message about a line names it as `input:line`, like the encoder's.
      if case .lineTooLong(let line, let limit) = error {
        diagnostics.error("longer than \(limit) bytes", operand: "\(sourceName ?? "-"):\(line)")
      } else {
        diagnostics.error(toolMessage(for: error), operand: sourceName)
      }
      return .failure
    } catch let error as Errno {
      output.discard()
      if error == .brokenPipe { throw error }
      if error.rawValue == EFBIG {
        diagnostics.error(
          "input longer than \(PayloadInput.maximumByteCount) bytes", operand: sourceName)
      } else {
        diagnostics.error("read error: \(error)", operand: sourceName)
      }
      return .failure
    }
  }
}

/// The symbols of one payload, or why there are none.
///
/// Not `Result`: making `Result<[EncodedSymbol], EncodeError>`'s metadata at run time looks up
/// `EncodeError`'s conformance to `Error` by scanning every conformance in the binary, a tenth
/// of the work of a one-code run.
enum Encoded {
  case symbols([EncodedSymbol])
  case failure(EncodeError)
}

/// The symbols `request` makes of `payload`.
func encoded(_ payload: [UInt8], _ request: SymbolRequest) -> Encoded {
  do throws(EncodeError) {
    return .symbols(try request.symbols(for: payload))
  } catch {
    return .failure(error)
  }
}

/// Reports an output error as `qrrender: path: message` for a file (the path is the operand, so
/// it is escaped like any other), else as `qrrender: operand: message`.
func report(_ error: RenderOutputError, _ diagnostics: Diagnostics, operand: String? = nil) {
  if case .file(let path, let errno) = error {
    diagnostics.error("\(errno)", operand: path)
  } else {
    diagnostics.error(toolMessage(for: error), operand: operand)
  }
}

/// The side in pixels of the largest symbol `options` allow: the chosen version, else version 40
/// (M4 with `--micro`), with its quiet zone.
func largestSymbolSide(_ options: RenderCommandOptions, scale: Int) -> Int {
  let largest = options.symbolKinds == .micro ? "M4" : "40"
  let chosen = options.strictVersion ? options.symbolVersion.flatMap(SymbolVersion.init) : nil
  let version = chosen ?? SymbolVersion(largest)
  let modules = version?.size ?? 177
  let margin = options.margin ?? (version?.isMicro == true ? 2 : 4)
  return (modules + 2 * margin) * scale
}

/// The encoder's options and splitting rule from the command line.
func symbolRequest(_ options: RenderCommandOptions) throws(UsageError) -> SymbolRequest {
  var encode = EncodeOptions()
  encode.errorCorrectionLevel = ErrorCorrectionLevel(letter: options.level) ?? .medium
  switch options.symbolKinds {
  case .qr: break  // the default, [.qr]
  case .micro: encode.symbolKinds = [.micro]
  case .either: encode.symbolKinds = [.micro, .qr]
  }
  let version = options.symbolVersion.flatMap(SymbolVersion.init)
  // qrencode's -v: the smallest version; --strict-version and -S: that version.
  if options.strictVersion || options.structured {
    encode.version = version
  } else {
    encode.minimumVersion = version
  }
  if options.eightBit { encode.mode = .byte }
  if let pattern = options.mask {
    encode.mask = options.symbolKinds == .micro ? Mask(microPattern: pattern) : Mask(pattern)
  }
  encode.boostsErrorCorrectionLevel = options.boost
  if let name = options.charset {
    guard let charset = Charset(name: name) else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(name))' for --charset: expected utf-8,"
          + " iso-8859-1 or shift_jis")
    }
    encode.charset = charset
  }
  if options.eci { encode.eci = encode.charset.eciDesignator }
  // Kanji mode only when asked for: with -k, or with an ECI naming Shift_JIS.
  encode.allowsKanji = options.kanji || (options.eci && encode.charset == .shiftJIS)
  if options.gs1 { encode.fnc1 = .gs1 }
  var request = SymbolRequest(encodeOptions: encode, partCount: options.split)
  request.dividesAtForcedVersion = options.structured
  return request
}
