// SPDX-License-Identifier: MIT
// qrdetect's loop: inputs to frames, frames through the readers, results out in frame order.

import Glibc
import QRCommandLine
import QRGrade
import QRImage
import QRImageFormats
import QRRecords
import QRRender
import QRStream
import QRSystem
import QRVision
import Synchronization

/// One frame to read, with the input it came from.
public struct FrameJob: Sendable {
  /// The frame.
  public var frame: Frame
  /// The input's name, as the bytes that opened it.
  public var source: PathName
  /// The input's place among the inputs read (0 for the first), which tells inputs apart.
  public var input: Int = 0
  /// What kind of input the frame came from.
  public var kind: InputKind?
  /// The frame's share of the process's memory budget, held until its result is delivered.
  public var reservation: MemoryReservation?
}

/// What reading one frame produced.
public struct FrameResult: Sendable {
  /// The frame's number, time and input.
  public var origin: FrameOrigin
  /// The symbols found, in the order found.
  public var symbols: [FoundSymbol]
  /// With `--grade`, each symbol's print-quality grade (nil where its corners make no
  /// quadrilateral); empty otherwise.
  public var grades: [SymbolGrade?] = []
  /// The frame with the symbols drawn on it, with `--annotate`.
  public var annotated: GrayImage?
  /// The frame's input's place among the inputs read (`FrameJob.input`).
  public var input: Int = 0
  /// The frame's input, as the bytes that opened it.
  public var path: PathName = .standardStream
  /// What kind of input the frame came from.
  public var kind: InputKind?
  /// The annotated frame as a PNG, with `--annotate=directory/` or `=name.png` for a frame of an
  /// image (made on the worker's thread; `annotated` is then nil).
  public var annotatedPNG: [UInt8]?
  /// The frame's share of the memory budget (`FrameJob.reservation`), freed with the result.
  public var reservation: MemoryReservation?
}

/// A pipeline worker: a reader of its own and, with `--annotate`, the annotator.
public struct DetectWorker<Reader: SymbolReading>: PipelineWorker {
  /// The symbol reader, used by this worker's thread only.
  public var reader: Reader
  /// The annotator, with `--annotate`.
  public var annotator: FrameAnnotator?
  /// With `--grade`, how to grade each symbol found.
  public var grading: GradingOptions?
  /// Whether annotated frames of images are made PNG files (`--annotate=directory/`).
  public var writesImages: Bool
  /// The input of the last frame read: a frame of another input starts a scene.
  private var lastInput: Int?

  /// Creates a worker.
  public init(
    reader: Reader, annotator: FrameAnnotator?, grading: GradingOptions? = nil,
    writesImages: Bool = false
  ) {
    self.reader = reader
    self.annotator = annotator
    self.grading = grading
    self.writesImages = writesImages
  }

  /// Whether frames of `kind` are a video, whose frames film one scene.
  static func isVideo(_ kind: InputKind?) -> Bool {
    switch kind {
    case .qrframe?, .y4m?, .raw?, nil: true
    case .pnm?, .png?, .jpeg?, .webp?, .tiff?, .gif?, .bmp?, .heif?: false
    }
  }

  /// Reads `job`'s frame (and annotates it).
  public mutating func process(_ job: FrameJob) -> FrameResult {
    // A scene is one video input (qrframe, y4m, raw frames): the frames of an image format
    // (a TIFF's pages, a stream of PNM images) are separate pictures, each its own scene.
    if lastInput != job.input || !Self.isVideo(job.kind) {
      if lastInput != nil { reader.endScene() }
      lastInput = job.input
    }
    let symbols = reader.read(job.frame.image)
    let grades = grading.map { options in
      symbols.map {
        SymbolGrader.grade(
          job.frame.image, corners: $0.corners, isInverted: $0.isInverted, decoded: $0.decoded,
          options: options)
      }
    }
    var annotated = annotator.map {
      $0.annotated(
        job.frame.image, marks: symbols.map { .init(corners: $0.corners, text: $0.decoded.text) })
    }
    var png: [UInt8]?
    if writesImages, let image = annotated, !AnnotatedFiles.isVideo(job.kind) {
      png = PNGRenderer.png(gray: image)
      annotated = nil
    }
    return FrameResult(
      origin: FrameOrigin(
        sequence: job.frame.sequence, seconds: job.frame.seconds,
        source: job.source.description,
        sourceBytes: job.source.string == nil ? job.source.bytes : nil),
      symbols: symbols, grades: grades ?? [], annotated: annotated, input: job.input,
      path: job.source, kind: job.kind, annotatedPNG: png, reservation: job.reservation)
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
  /// Where progress and the summary go (standard error unless a test says otherwise).
  public var standardError: FileDescriptor = .standardError

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
    case .directory(let path)?:
      do throws(Errno) {
        try path.makeDirectory()
      } catch {
        diagnostics.error("--annotate: \(error)", operand: path.description)
        return .failure
      }
    case .images?: break
    case .file(let path)?:
      guard let descriptor = open(.file(path)) else { return .failure }
      if descriptor.isTerminal {
        diagnostics.error(
          "a terminal: not writing y4m data to it; name a file", operand: path.description)
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
      DetectWorker(
        reader: makeReader(), annotator: annotator, grading: options.grading,
        writesImages: options.annotation?.isPerInput == true)
    }
    // Two frames per thread: one being read, one waiting; enough to keep every core busy. This
    // thread reads and decodes the input on its own, even for one worker: reading a frame (the
    // copy out of the kernel, a JPEG's decoding) then overlaps the detection of the one before,
    // which with 1280 × 720 frames read from a file is about a twentieth of the time.
    let pipeline = OrderedPipeline(
      workers: workers, capacity: 2 * options.jobs, usesThreads: true, deliver: sink.deliver)

    let inputs = DetectInputs(
      operands: options.inputs, listPath: options.fileList,
      delimiter: options.usesNullSeparator ? 0 : 0x0A, standardInput: standardInput)
    let progress = DetectProgress(
      program: diagnostics.program, output: standardError, explicit: options.showsProgress,
      automatic: !options.isQuiet, standardOutputIsTerminal: standardOutput.isTerminal,
      total: inputs.knownTotal)
    var counts = DetectProgress.Counts()
    func report(_ message: String, _ path: PathName, warning: Bool = false) {
      // The records of the frames read before the fault are written before it is reported.
      pipeline.waitUntilDelivered()
      progress.clear()
      if warning {
        diagnostics.warning(message, operand: path.description)
      } else {
        diagnostics.error(message, operand: path.description)
        counts.failed += 1
      }
    }
    var inputNumber = -1
    // The inputs' frames on one timeline, numbered and timed as if joined by cat.
    var timeline = RunTimeline()
    inputs: while let input = inputs.next() {
      let path: PathName
      var isFound = false
      switch input {
      case .failed(let name, let message):
        report(message, name)
        continue inputs
      case .revisited(let name):
        report(
          "not walked again: a directory already walked (a symbolic link loop?)", name,
          warning: true)
        continue inputs
      case .named(let name): path = name
      case .found(let name):
        path = name
        isFound = true
      }
      let descriptor: FileDescriptor
      do {
        descriptor =
          path.isStandardStream ? standardInput : try FileDescriptor.openForReading(path)
      } catch {
        report(toolMessage(for: error), path)
        continue
      }
      defer { if !path.isStandardStream { descriptor.close() } }
      inputNumber += 1
      var frameCount = 0
      defer { timeline.endInput() }
      // --source-name names standard input in the records.
      let source = path.isStandardStream ? options.sourceName ?? path : path
      let reader = FrameStreamReader(
        descriptor: descriptor, name: path.description, options: options.streamOptions)
      do {
        // Under a directory, only images and frame streams are read; the rest is skipped.
        if isFound {
          switch try reader.start() {
          case .known: break
          case .foreign(let format):
            report(
              "skipped: \(format.name) is not read here; read it through ffmpeg:"
                + " '\(format.conversion)'", path, warning: true)
            counts.unread += 1
            continue inputs
          case .empty, .unknown:
            counts.skipped += 1
            continue inputs
          }
        }
        while let frame = try reader.next() {
          let job = FrameJob(
            frame: timeline.place(frame), source: source, input: inputNumber, kind: reader.kind,
            reservation: reader.takeReservation())
          // A tracking reader follows codes through an input's frames: they go to one worker.
          guard pipeline.submit(job, lane: options.tracking == nil ? nil : inputNumber) else {
            break inputs
          }
          // A progress line counts the symbols of every frame read so far: with it shown, the
          // frame is searched before the next is read.
          if progress.isEnabled { pipeline.waitUntilDelivered() }
          frameCount += 1
          counts.frames += 1
          counts.symbols = sink.symbolCount
          progress.update(counts)
        }
        // Read to its end: whether it had a symbol is known once its frames are delivered.
        sink.inputEnded(InputRead(number: inputNumber, source: source, frames: frameCount))
      } catch {
        report(toolMessage(for: error, input: path.description), path)
      }
      counts.files += 1
      counts.symbols = sink.symbolCount
      progress.update(counts)
    }
    pipeline.finish()
    sink.finish()
    counts.symbols = sink.symbolCount
    progress.clear()
    if options.showsSummary { progress.writeSummary(counts, misses: sink.misses) }
    return sink.status(inputFailed: counts.failed > 0)
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
        diagnostics.error(toolMessage(for: error), operand: path.description)
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
  /// With `--annotate[=file]`, the one video stream.
  private var video: AnnotatedVideo?
  /// With `--annotate=directory/` or `=name.png`, a file per image or video input.
  private var files: AnnotatedFiles?
  private var recordWriter: DetectionRecordWriter
  private let payloadText: PayloadText
  private var written = 0
  private let delivered = Atomic<Int>(0)
  private var isReaderClosed = false
  private var outputFailed = false
  /// Whether a payload holding the `--print text` terminator has been warned of (once a run).
  private var hasWarnedOfAmbiguity = false
  /// Inputs read to their end whose last frames may not be delivered yet, in input order; the
  /// reading thread appends, the delivering thread takes.
  private let endedInputs = Mutex<[InputRead]>([])
  /// The last input a symbol was written for: an ended input before the one now delivered had
  /// a symbol exactly when this is its number, since frames are delivered in input order.
  private var lastInputWithSymbol = -1
  /// Whether delivery stopped early (`--count`, a closed reader, a failed write): inputs after
  /// that point are not misses.
  private var hasStopped = false
  /// The inputs read to their end in which no symbol was found: how many, and the first names.
  private(set) var misses = Misses()
  /// The run's track numbers of the tracks of the input now delivered, by the reader's numbers
  /// (each input's frames go to one reader, whose numbers are its own), and the next number.
  private var trackNumbers: (input: Int, numbers: [Int: Int]) = (-1, [:])
  private var nextTrack = 1

  init(
    options: DetectCommandOptions, diagnostics: Diagnostics, records: FileDescriptor,
    video: FileDescriptor?
  ) {
    self.options = options
    self.diagnostics = diagnostics
    self.records = records
    self.video = video.map { AnnotatedVideo(descriptor: $0) }
    if let destination = options.annotation, destination.isPerInput {
      files = AnnotatedFiles(destination: destination)
    }
    recordWriter = DetectionRecordWriter(alwaysIncludesBytes: options.alwaysIncludesBytes)
    payloadText = PayloadText(
      terminator: options.textTerminator,
      escapesControls: !options.writesRawText && records.isTerminal)
  }

  /// Notes that an input was read to its end; any thread may call it, before delivering the
  /// next input's frames.
  func inputEnded(_ input: InputRead) {
    endedInputs.withLock { $0.append(input) }
  }

  /// Settles the inputs that ended before input `number`: each without a symbol is a miss.
  private func settleInputs(before number: Int) {
    let settled = endedInputs.withLock { inputs -> [InputRead] in
      let count = inputs.prefix { $0.number < number }.count
      defer { inputs.removeFirst(count) }
      return Array(inputs.prefix(count))
    }
    for input in settled where input.number != lastInputWithSymbol && !hasStopped {
      misses.add(input.source.description)
      guard options.reportsMisses, !isReaderClosed else { continue }
      switch options.printMode {
      case .json:
        let line = recordWriter.missLine(
          source: input.source.description,
          sourceBytes: input.source.string == nil ? input.source.bytes : nil, frames: input.frames)
        do throws(Errno) {
          try records.writeAll(line)
        } catch {
          _ = failed(error, output: Self.name(of: options.records))
          hasStopped = true
        }
      case .text, .raw:
        diagnostics.error("no symbol found", operand: input.source.description)
      }
    }
  }

  /// Writes an annotated frame that is still held (a one-frame input); call after the last
  /// `deliver`.
  func finish() {
    settleInputs(before: Int.max)
    if files?.finishVideo(diagnostics: diagnostics) == false { outputFailed = true }
    guard !isReaderClosed else { return }
    do throws(Errno) {
      try video?.finish(diagnostics: diagnostics)
    } catch {
      _ = failed(error, output: videoName)
    }
  }

  /// The video output as messages name it.
  private var videoName: String {
    if case .file(let path)? = options.annotation { return path.description }
    return "standard output"
  }

  /// Writes one frame's results; false to stop (count reached, reader gone, write failed).
  func deliver(_ result: FrameResult) -> Bool {
    settleInputs(before: result.input)
    let shouldContinue = deliverFrame(result)
    if !shouldContinue { hasStopped = true }
    return shouldContinue
  }

  /// Writes one frame's results; false to stop.
  private func deliverFrame(_ result: FrameResult) -> Bool {
    var reachedCount = false
    do throws(Errno) {
      for (index, found) in result.symbols.enumerated() {
        let symbol = numbered(found, input: result.input)
        let grade = index < result.grades.count ? result.grades[index] : nil
        guard try writeRecord(symbol, grade: grade, origin: result.origin) else { continue }
        lastInputWithSymbol = result.input
        written += 1
        delivered.store(written, ordering: .relaxed)
        if let count = options.count, written >= count {
          reachedCount = true
          break
        }
      }
    } catch {
      return failed(error, output: Self.name(of: options.records))
    }
    if let image = result.annotated, video != nil {
      do throws(Errno) {
        try video?.write(image, origin: result.origin, diagnostics: diagnostics)
      } catch {
        return failed(error, output: videoName)
      }
    }
    // A file that cannot be written is reported, and the run stops there: the next would most
    // likely fail too (a full disk), and each would be one more message.
    if files?.write(result, diagnostics: diagnostics) == false {
      outputFailed = true
      return false
    }
    return !reachedCount
  }

  /// `symbol` with its track numbered for the run: tracks never cross inputs, and the numbers
  /// go up in the order the tracks are first delivered, whichever thread read them.
  private func numbered(_ symbol: FoundSymbol, input: Int) -> FoundSymbol {
    guard let track = symbol.track else { return symbol }
    if trackNumbers.input != input { trackNumbers = (input, [:]) }
    var numbered = symbol
    if let known = trackNumbers.numbers[track] {
      numbered.track = known
    } else {
      trackNumbers.numbers[track] = nextTrack
      numbered.track = nextTrack
      nextTrack += 1
    }
    return numbered
  }

  /// Symbols written so far; any thread may ask.
  var symbolCount: Int { delivered.load(ordering: .relaxed) }

  /// The exit status once everything is delivered.
  func status(inputFailed: Bool) -> ExitStatus {
    if inputFailed || outputFailed { return .failure }
    if isReaderClosed { return .success }
    // zbarimg's 4 with --miss-status: some input had no symbol, whether or not others had.
    if options.hasMissStatus && misses.count > 0 { return .someInputsMissed }
    return written == 0 ? .nothingFound : .success
  }

  /// Writes one record or payload; true once written.
  private func writeRecord(_ symbol: FoundSymbol, grade: SymbolGrade?, origin: FrameOrigin)
    throws(Errno) -> Bool
  {
    switch options.printMode {
    case .json:
      try records.writeAll(recordWriter.line(for: symbol, in: origin, grade: grade))
    case .text, .raw:
      let payload =
        options.printMode == .raw
        ? symbol.decoded.bytes : symbol.decoded.text.map { Array($0.utf8) } ?? symbol.decoded.bytes
      if !hasWarnedOfAmbiguity && payloadText.isAmbiguous(payload) {
        hasWarnedOfAmbiguity = true
        diagnostics.warning(
          "frame \(origin.sequence): " + payloadText.warning(for: payload), operand: origin.source)
      }
      try records.writeAll(payloadText.item(for: payload))
    }
    return true
  }

  /// An output as messages name it.
  private static func name(of destination: RecordDestination) -> String {
    switch destination {
    case .standardOutput: "standard output"
    case .file(let path): path.description
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

/// An input read to its end: its place among the inputs, its name and how many frames it gave.
struct InputRead: Sendable {
  var number: Int
  var source: PathName
  var frames: Int
}

/// The inputs in which no symbol was found: how many, and the names of the first few, for the
/// summary (`--misses` writes each as it is known).
struct Misses: Sendable {
  /// How many names the summary lists.
  static let namesListed = 10
  private(set) var count = 0
  private(set) var names: [String] = []

  mutating func add(_ name: String) {
    count += 1
    if names.count < Self.namesListed { names.append(name) }
  }
}
