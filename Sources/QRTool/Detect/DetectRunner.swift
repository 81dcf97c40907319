// SPDX-License-Identifier: MIT
// qrdetect's loop: inputs to frames, frames through the readers, results out in frame order.

import Glibc
import QRImage
import QRRecords
import QRRender
import QRStream
import QRVision

/// One frame to read, with the input it came from.
public struct FrameJob: Sendable {
  /// The frame.
  public var frame: Frame
  /// The input operand.
  public var source: String
}

/// What reading one frame produced.
public struct FrameResult: Sendable {
  /// The frame's number, time and input.
  public var origin: FrameOrigin
  /// The symbols found, in the order found.
  public var symbols: [FoundSymbol]
  /// The frame with the symbols drawn on it, with `--annotate`.
  public var annotated: GrayImage?
}

/// A pipeline worker: a reader of its own and, with `--annotate`, the annotator.
public struct DetectWorker<Reader: SymbolReading>: PipelineWorker {
  /// The symbol reader, used by this worker's thread only.
  public var reader: Reader
  /// The annotator, with `--annotate`.
  public var annotator: FrameAnnotator?

  /// Creates a worker.
  public init(reader: Reader, annotator: FrameAnnotator?) {
    self.reader = reader
    self.annotator = annotator
  }

  /// Reads `job`'s frame (and annotates it).
  public mutating func process(_ job: FrameJob) -> FrameResult {
    let symbols = reader.read(job.frame.image)
    return FrameResult(
      origin: FrameOrigin(
        sequence: job.frame.sequence, seconds: job.frame.seconds, source: job.source),
      symbols: symbols,
      annotated: annotator.map {
        $0.annotated(
          job.frame.image,
          marks: symbols.map { .init(corners: $0.corners, text: $0.decoded.text) })
      })
  }
}

/// Runs qrdetect over its inputs with readers made by `makeReader` (one per `--jobs` thread).
///
/// Every input is read in turn; an unreadable input or a malformed stream is reported, and the
/// next input is read, so the status is 2 but every record that could be written was. Records
/// are written one `write(2)` each, in frame order, as soon as a frame and those before it are
/// done. A closed reader (`EPIPE`) on either output ends the run quietly with status 0.
public struct DetectRunner<Reader: SymbolReading> {
  /// The validated options.
  public var options: DetectCommandOptions
  /// Where messages go.
  public var diagnostics: Diagnostics
  /// Makes one reader per worker thread.
  public var makeReader: () -> Reader
  /// The descriptor behind `-` (standard input unless a test says otherwise).
  public var standardInput: FileDescriptor = .standardInput
  /// Standard output (unless a test says otherwise).
  public var standardOutput: FileDescriptor = .standardOutput

  /// Creates a runner.
  public init(
    options: DetectCommandOptions, diagnostics: Diagnostics, makeReader: @escaping () -> Reader
  ) {
    self.options = options
    self.diagnostics = diagnostics
    self.makeReader = makeReader
  }

  /// Reads every input and writes the results; returns the exit status.
  public func run() -> ExitStatus {
    guard let recordOutput = open(options.records) else { return .failure }
    defer { if recordOutput != standardOutput { recordOutput.close() } }
    var videoOutput: FileDescriptor?
    switch options.annotation {
    case nil: break
    case .standardOutput?:
      if TerminalOutput.refusesBinary(
        "y4m", advice: "redirect it, pipe it to a player (| ffplay -), or give --annotate=path",
        output: standardOutput, diagnostics: diagnostics)
      {
        return .failure
      }
      videoOutput = standardOutput
    case .file(let path)?:
      guard let descriptor = open(.file(path)) else { return .failure }
      if descriptor.isTerminal {
        diagnostics.error("a terminal: not writing y4m data to it; name a file", operand: path)
        descriptor.close()
        return .failure
      }
      videoOutput = descriptor
    }
    defer { if let videoOutput, videoOutput != standardOutput { videoOutput.close() } }

    let sink = ResultSink(
      options: options, diagnostics: diagnostics, records: recordOutput, video: videoOutput)
    let annotator =
      options.annotation == nil ? nil : FrameAnnotator(drawsText: options.annotatesText)
    let workers = (0..<options.jobs).map { _ in
      DetectWorker(reader: makeReader(), annotator: annotator)
    }
    // Two frames per thread: one being read, one waiting; enough to keep every core busy.
    let pipeline = OrderedPipeline(
      workers: workers, capacity: 2 * options.jobs, usesThreads: options.jobs > 1,
      deliver: sink.deliver)

    var inputFailed = false
    inputs: for name in options.inputs {
      let descriptor: FileDescriptor
      do {
        descriptor = name == "-" ? standardInput : try FileDescriptor.openForReading(name)
      } catch {
        diagnostics.error(toolMessage(for: error), operand: name)
        inputFailed = true
        continue
      }
      defer { if name != "-" { descriptor.close() } }
      let reader = FrameStreamReader(
        descriptor: descriptor, name: name, options: options.streamOptions)
      do {
        while let frame = try reader.next() {
          guard pipeline.submit(FrameJob(frame: frame, source: name)) else { break inputs }
        }
      } catch {
        diagnostics.error(toolMessage(for: error), operand: name)
        inputFailed = true
      }
    }
    pipeline.finish()
    sink.finish()
    return sink.status(inputFailed: inputFailed)
  }

  /// Opens a record or video destination; nil after reporting why not.
  private func open(_ destination: RecordDestination) -> FileDescriptor? {
    switch destination {
    case .standardOutput: return standardOutput
    case .descriptor(let number):
      guard fcntl(number, F_GETFD) >= 0 else {
        diagnostics.error("--json-fd \(number): descriptor is not open (give it as \(number)>file)")
        return nil
      }
      return FileDescriptor(rawValue: number)
    case .file(let path):
      do {
        return try FileDescriptor.openForWriting(path)
      } catch {
        diagnostics.error(toolMessage(for: error), operand: path)
        return nil
      }
    }
  }
}

/// Writes delivered results: records or texts, and annotated frames; counts toward `--count`.
///
/// Only the pipeline's delivering thread calls `deliver`, one call at a time.
final class ResultSink: @unchecked Sendable {
  // @unchecked: `deliver` calls never overlap (OrderedPipeline's guarantee), and `status` is
  // read only after `finish()` has joined the threads.
  private let options: DetectCommandOptions
  private let diagnostics: Diagnostics
  private let records: FileDescriptor
  private let video: FileDescriptor?
  private var recordWriter: DetectionRecordWriter
  private var videoWriter: Y4MWriter?
  /// The first annotated frame, held until the second gives the input's frame rate.
  private var firstAnnotated: (image: GrayImage, origin: FrameOrigin)?
  private var written = 0
  private var isReaderClosed = false
  private var outputFailed = false

  init(
    options: DetectCommandOptions, diagnostics: Diagnostics, records: FileDescriptor,
    video: FileDescriptor?
  ) {
    self.options = options
    self.diagnostics = diagnostics
    self.records = records
    self.video = video
    recordWriter = DetectionRecordWriter(alwaysIncludesBytes: options.alwaysIncludesBytes)
  }

  /// Writes an annotated frame that is still held (a one-frame input); call after the last
  /// `deliver`.
  func finish() {
    guard let held = firstAnnotated, let video, !isReaderClosed else { return }
    firstAnnotated = nil
    videoWriter = Y4MWriter(
      descriptor: video, frameRate: AnnotationFrameRate.of(held.origin, nil))
    _ = writeVideo(held.image)
  }

  /// Writes one annotated frame; false after a failure (reported).
  private func writeVideo(_ image: GrayImage) -> Bool {
    do {
      try videoWriter?.write(image)
    } catch .io(let error) {
      return failed(error, what: "video")
    } catch {
      diagnostics.error("--annotate: \(error)")
      outputFailed = true
      return false
    }
    return true
  }

  /// Writes one frame's results; false to stop (count reached, reader gone, write failed).
  func deliver(_ result: FrameResult) -> Bool {
    var reachedCount = false
    do throws(Errno) {
      for symbol in result.symbols {
        try writeRecord(symbol, origin: result.origin)
        written += 1
        if let count = options.count, written >= count {
          reachedCount = true
          break
        }
      }
    } catch {
      return failed(error, what: "records")
    }
    if let image = result.annotated, let video {
      if videoWriter == nil {
        guard let held = firstAnnotated else {
          firstAnnotated = (image, result.origin)
          return !reachedCount
        }
        firstAnnotated = nil
        videoWriter = Y4MWriter(
          descriptor: video, frameRate: AnnotationFrameRate.of(held.origin, result.origin))
        guard writeVideo(held.image) else { return false }
      }
      guard writeVideo(image) else { return false }
    }
    return !reachedCount
  }

  /// The exit status once everything is delivered.
  func status(inputFailed: Bool) -> ExitStatus {
    if inputFailed || outputFailed { return .failure }
    if isReaderClosed || written > 0 { return .success }
    return .nothingFound
  }

  private func writeRecord(_ symbol: FoundSymbol, origin: FrameOrigin) throws(Errno) {
    switch options.printMode {
    case .json:
      try records.writeAll(recordWriter.line(for: symbol, in: origin))
    case .text:
      var payload = symbol.decoded.text.map { Array($0.utf8) } ?? symbol.decoded.bytes
      payload.append(options.textTerminator)
      try records.writeAll(payload)
    }
  }

  /// Notes a failed write; a closed reader is a quiet end, anything else is reported.
  private func failed(_ error: Errno, what: String) -> Bool {
    if error == .brokenPipe {
      isReaderClosed = true
    } else {
      diagnostics.error("writing \(what): \(error)")
      outputFailed = true
    }
    return false
  }
}
