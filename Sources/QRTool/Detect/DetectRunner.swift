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
    case .standardOutput?: videoOutput = standardOutput
    case .file(let path)?:
      guard let descriptor = open(.file(path)) else { return .failure }
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
  private let payloadText: PayloadText
  private var videoWriter: Y4MWriter?
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
    payloadText = PayloadText(
      terminator: options.textTerminator,
      escapesControls: !options.writesRawText && records.isTerminal)
    videoWriter = video.map { Y4MWriter(descriptor: $0, frameRate: Self.annotationFrameRate) }
  }

  /// The y4m frame rate of `--annotate` output: players show frames as they come anyway.
  static let annotationFrameRate = FrameRate(numerator: 30) ?? .standard

  /// Writes one frame's results; false to stop (count reached, reader gone, write failed).
  func deliver(_ result: FrameResult) -> Bool {
    var reachedCount = false
    do throws(Errno) {
      for symbol in result.symbols {
        guard try writeRecord(symbol, origin: result.origin) else { continue }
        written += 1
        if let count = options.count, written >= count {
          reachedCount = true
          break
        }
      }
    } catch {
      return failed(error, output: Self.name(of: options.records))
    }
    if let image = result.annotated, videoWriter != nil {
      do {
        try videoWriter?.write(image)
      } catch .io(let error) {
        if case .file(let path)? = options.annotation {
          return failed(error, output: path)
        }
        return failed(error, output: Self.name(of: .standardOutput))
      } catch {
        diagnostics.error("--annotate: \(error)")
        outputFailed = true
        return false
      }
    }
    return !reachedCount
  }

  /// The exit status once everything is delivered.
  func status(inputFailed: Bool) -> ExitStatus {
    if inputFailed || outputFailed { return .failure }
    if isReaderClosed || written > 0 { return .success }
    return .nothingFound
  }

  /// Writes one record or payload; false if the payload could not be written unmistakably
  /// (reported, and the status becomes 2).
  private func writeRecord(_ symbol: FoundSymbol, origin: FrameOrigin) throws(Errno) -> Bool {
    switch options.printMode {
    case .json:
      try records.writeAll(recordWriter.line(for: symbol, in: origin))
    case .text:
      let payload = symbol.decoded.text.map { Array($0.utf8) } ?? symbol.decoded.bytes
      guard let item = payloadText.item(for: payload) else {
        diagnostics.error(
          "frame \(origin.sequence): " + payloadText.refusal(for: payload), operand: origin.source)
        outputFailed = true
        return false
      }
      try records.writeAll(item)
    }
    return true
  }

  /// An output as messages name it.
  private static func name(of destination: RecordDestination) -> String {
    switch destination {
    case .standardOutput: "standard output"
    case .file(let path): path
    case .descriptor(let number): "descriptor \(number)"
    }
  }

  /// Notes a failed write; a closed reader is a quiet end, anything else is reported as
  /// `qrdetect: output: write error: reason`.
  private func failed(_ error: Errno, output: String) -> Bool {
    if error == .brokenPipe {
      isReaderClosed = true
    } else {
      diagnostics.error("write error: \(error)", operand: output)
      outputFailed = true
    }
    return false
  }
}
