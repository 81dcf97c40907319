// SPDX-License-Identifier: MIT
// qrdetect's options, validated once into one value.

import Glibc
import QRCommandLine
import QRGrade
import QRImageFormats
import QRSystem
import QRTrack
import QRVision

/// What qrdetect writes for each symbol.
public enum DetectPrintMode: String, Sendable, CaseIterable {
  /// One JSON record per line (the default).
  case json
  /// Only the payload's text, ended by a newline or, with `-0`, a NUL.
  case text
  /// Only the payload's bytes exactly as the symbol holds them (its segments' bytes, whatever
  /// its ECI), ended like `text`: `zbarimg -Sbinary --raw`, ZXingReader's `-bytes`.
  case raw

  /// Whether payloads are written, not records (`text` and `raw`).
  public var writesPayloads: Bool { self != .json }
}

/// Where the records (or texts) go.
public enum RecordDestination: Equatable, Sendable {
  /// Standard output.
  case standardOutput
  /// A file, created or truncated.
  case file(PathName)
  /// A descriptor the caller opened (`3>found.jsonl`).
  case descriptor(Int32)
}

/// qrdetect's command line, checked: every value is in range and the options agree.
public struct DetectCommandOptions: Sendable {
  /// The input operands in order, as argv's bytes; `-` is standard input. A directory is
  /// walked for images.
  public var inputs: [PathName]
  /// With `--files-from`, the file listing more inputs (`-` is standard input), read after the
  /// operands.
  public var fileList: PathName?
  /// Whether `-0` was given: NUL ends each `--files-from` name and each `--print text` payload.
  public var usesNullSeparator: Bool
  /// `--progress`: progress on standard error whatever it is; else only on a terminal after a
  /// while.
  public var showsProgress: Bool
  /// `--summary`: one line on standard error at the end.
  public var showsSummary: Bool
  /// `--source-name`: the `source` of records from standard input, instead of `-`.
  public var sourceName: PathName?
  /// `--misses`: a record (or with `--print text`, a message) for each input with no symbol.
  public var reportsMisses: Bool
  /// `--miss-status`: status 4 when some input had no symbol (whether or not another had one).
  public var hasMissStatus: Bool
  /// `--quiet`: no warnings and no automatic progress line.
  public var isQuiet: Bool
  /// JSON records or payload text.
  public var printMode: DetectPrintMode
  /// The byte that ends each payload with `--print text`: newline, or NUL with `-0`.
  public var textTerminator: UInt8
  /// With `--print text`, whether payloads go to a terminal unescaped (`--raw`).
  public var writesRawText: Bool
  /// Whether every record carries `bytes`, not only those whose text alters the payload.
  public var alwaysIncludesBytes: Bool
  /// Stop after this many symbols.
  public var count: Int?
  /// What the detector looks for and how hard it tries.
  public var detector: DetectorOptions
  /// Frames decoded at once, each on its own thread.
  public var jobs: Int
  /// How codes are followed through a stream's frames; nil with `--no-track` (every frame read
  /// alone).
  public var tracking: TrackerOptions?
  /// The geometry of raw gray input.
  public var rawSize: (width: Int, height: Int)?
  /// The largest frame, in pixels, an input may make us allocate.
  public var maximumPixels: Int
  /// The most memory decoding one PNG or JPEG may take besides its pixels (`--max-memory`).
  public var maximumDecodingMemory: Int
  /// With `--annotate`, where the y4m goes: nil for standard output, else a path.
  public var annotation: AnnotationDestination?
  /// Whether annotation draws each payload's text.
  public var annotatesText: Bool
  /// Where records go.
  public var records: RecordDestination
  /// With `--grade`, how to grade each symbol; nil without.
  public var grading: GradingOptions?

  /// Where the annotated video goes.
  public enum AnnotationDestination: Equatable, Sendable {
    /// Standard output (the records must then go elsewhere).
    case standardOutput
    /// A file or FIFO, created or truncated.
    case file(PathName)
    /// One PNG per image (a y4m file per video input) in this directory, named after the input.
    case directory(PathName)
    /// One PNG per image at this `.png` path, and the next ones beside it (`name-2.png`, …).
    case images(PathName)

    /// Whether the annotated frames are written as one image (or video) per input.
    public var isPerInput: Bool {
      switch self {
      case .directory, .images: true
      case .standardOutput, .file: false
      }
    }

    /// The destination `--annotate=path` names: a directory when the path ends in `/` or is
    /// one, PNG images when it ends in `.png`, else one y4m stream.
    static func parse(_ path: PathName) -> Self {
      if path.isEmpty || path.isStandardStream { return .standardOutput }
      if path.bytes.last == 0x2F || path.isDirectory { return .directory(path) }
      let lowercased = path.bytes.suffix(4).map { $0 | ($0 >= 0x41 && $0 <= 0x5A ? 0x20 : 0) }
      if path.bytes.count > 4 && lowercased == Array(".png".utf8) { return .images(path) }
      return .file(path)
    }
  }

  /// The most frames `--search-every` and `--combine` accept.
  public static let maximumFrameSpan = 1000

  /// `--search-every`, `--combine` and `--no-track`, checked.
  private static func tracking(_ arguments: Options<DetectOption>) throws(UsageError)
    -> TrackerOptions?
  {
    let searchEvery = try arguments.integer(.searchEvery, in: 1...maximumFrameSpan)
    let combine = try arguments.integer(.combine, in: 1...maximumFrameSpan)
    guard !arguments.has(.noTrack) else {
      if searchEvery != nil || combine != nil {
        throw UsageError("--no-track reads every frame alone: no --search-every or --combine")
      }
      return nil
    }
    var tracking = TrackerOptions()
    if let searchEvery { tracking.searchInterval = searchEvery }
    if let combine { tracking.combinedFrames = combine }
    return tracking
  }

  /// The names `--symbology` accepts, as the records' `symbology` spells them.
  public static let symbologies = ["qr", "microqr"]

  /// The most worker threads `--jobs` accepts.
  public static let maximumJobs = 256

  /// Validates `arguments`.
  ///
  /// - Throws: `UsageError` naming the option at fault.
  public init(_ parsed: ParsedArguments) throws(UsageError) {
    let arguments = Options<DetectOption>(parsed)
    fileList = arguments.path(.filesFrom)
    if fileList?.isEmpty == true { throw UsageError("--files-from needs a path") }
    inputs =
      arguments.operands.isEmpty && fileList == nil ? [.standardStream] : arguments.operandPaths
    if inputs.filter(\.isStandardStream).count + (fileList?.isStandardStream == true ? 1 : 0) > 1 {
      throw UsageError("standard input ('-') can be read only once")
    }
    usesNullSeparator = arguments.has(.null)
    showsProgress = arguments.has(.progress)
    showsSummary = arguments.has(.summary)
    reportsMisses = arguments.has(.misses)
    sourceName = arguments.path(.sourceName)
    if sourceName?.isEmpty == true { throw UsageError("--source-name needs a name") }
    hasMissStatus = arguments.has(.missStatus)
    isQuiet = arguments.has(.quiet)
    writesRawText = arguments.has(.raw)
    // zbarimg's --raw alone prints each payload's text: the same here.
    printMode =
      try arguments.choice(.print, as: DetectPrintMode.self) ?? (writesRawText ? .text : .json)
    textTerminator = arguments.has(.null) ? 0 : 0x0A
    if arguments.has(.null) && !printMode.writesPayloads && fileList == nil {
      throw UsageError(
        "-0 (--null) separates payloads with --print text or raw, or names with --files-from")
    }
    if writesRawText && !printMode.writesPayloads {
      throw UsageError(
        "--raw writes payloads unescaped; --print json writes records, whose strings are"
          + " escaped: give --print text or raw, or omit --print")
    }
    alwaysIncludesBytes = arguments.has(.bytes)
    if alwaysIncludesBytes && printMode.writesPayloads {
      throw UsageError(
        "--bytes adds a field to JSON records; --print \(printMode.rawValue) writes no records"
          + (printMode == .text ? " (--print raw writes each payload's bytes)" : ""))
    }
    count = try arguments.integer(.count, in: 1...Int.max)
    if arguments.has(.oneshot) {
      if count != nil && count != 1 {
        throw UsageError("-1 (--oneshot) stops after one symbol; --count asks for another number")
      }
      count = 1
    }
    jobs = try arguments.integer(.jobs, in: 1...Self.maximumJobs) ?? 1
    tracking = try Self.tracking(arguments)
    rawSize = try arguments.value(.size).map { (text) throws(UsageError) in
      try CaptureCommandOptions.parseSize(text, option: "size")
    }
    maximumPixels = try arguments.integer(.maxPixels, in: 1...(1 << 40)) ?? 16384 * 16384
    maximumDecodingMemory = try arguments.decodingMemory()

    detector = DetectorOptions()
    detector.effort = try arguments.choice(.effort, as: DetectorOptions.Effort.self) ?? .balanced
    detector.maxSymbols = try arguments.integer(.maxSymbols, in: 1...4096) ?? Int.max
    detector.region = try arguments.value(.region).map { (text) throws(UsageError) in
      try Self.parseRegion(text)
    }
    if let list = arguments.value(.symbology) {
      let names = list.lowercased().split(separator: ",", omittingEmptySubsequences: false)
        .map(String.init)
      guard !names.isEmpty, names.allSatisfy({ Self.symbologies.contains($0) }) else {
        throw UsageError(
          "invalid value '\(Diagnostics.sanitized(list))' for --symbology: expected qr,"
            + " microqr or both separated by a comma")
      }
      detector.findsQR = names.contains("qr")
      detector.findsMicroQR = names.contains("microqr")
    }

    let aperture = try arguments.value(.gradeAperture).map { (text) throws(UsageError) in
      guard let value = Double(text), GradingOptions.apertureRange.contains(value) else {
        throw UsageError(
          "invalid value '\(Diagnostics.sanitized(text))' for --grade-aperture: expected a"
            + " fraction of the module size in 0.1...1.5, such as 0.8")
      }
      return value
    }
    if arguments.has(.grade) {
      if printMode.writesPayloads {
        throw UsageError(
          "--grade adds a field to JSON records; --print \(printMode.rawValue) writes no records")
      }
      grading = GradingOptions(aperture: aperture ?? 0.8)
    } else {
      grading = nil
      if aperture != nil { throw UsageError("--grade-aperture needs --grade") }
    }

    annotatesText = arguments.has(.annotateText)
    if let path = arguments.path(.annotate) {
      annotation = AnnotationDestination.parse(path)
    } else {
      annotation = nil
      if annotatesText { throw UsageError("--annotate-text needs --annotate") }
    }
    let jsonOutput = arguments.path(.jsonOutput)
    let jsonDescriptor = try arguments.integer(.jsonFD, in: 0...Int(Int32.max))
    switch (jsonOutput, jsonDescriptor) {
    case (let path?, nil):
      guard !path.isEmpty else { throw UsageError("--json-output needs a path") }
      records = path.isStandardStream ? .standardOutput : .file(path)
    case (nil, let number?):
      records = number == 1 ? .standardOutput : .descriptor(Int32(number))
      if number == 0 { throw UsageError("--json-fd 0 is standard input") }
    case (nil, nil): records = .standardOutput
    case (.some, .some): throw UsageError("give --json-output or --json-fd, not both")
    }
    if annotation == .standardOutput && records == .standardOutput {
      throw UsageError(
        "--annotate writes video to standard output: send the records elsewhere with"
          + " --json-fd or --json-output, or give the video a path with --annotate=path")
    }
  }

  /// Checks that the descriptor `--json-fd` names is open for writing: the shell's redirection
  /// (`3>file`) is part of the command line, so a missing one is a usage error.
  ///
  /// - Throws: `UsageError` naming the descriptor and how to open it.
  public func checkRecordDescriptor() throws(UsageError) {
    guard case .descriptor(let number) = records else { return }
    let flags = fcntl(number, F_GETFL)
    guard flags >= 0 else {
      throw UsageError("--json-fd \(number): descriptor is not open (give it as \(number)>file)")
    }
    guard flags & O_ACCMODE != O_RDONLY else {
      throw UsageError(
        "--json-fd \(number): descriptor is open for reading only (give it as \(number)>file)")
    }
  }

  /// Parses `x,y,w,h` (pixels; `w` and `h` at least 1).
  public static func parseRegion(_ text: String) throws(UsageError) -> DetectorOptions.Region {
    let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
    guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2],
      let height = parts[3], x >= 0, y >= 0, (1...65535).contains(width),
      (1...65535).contains(height), x <= 65535, y <= 65535
    else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --region: "
          + "expected x,y,width,height in pixels such as 0,0,640,480")
    }
    return DetectorOptions.Region(x: x, y: y, width: width, height: height)
  }

  /// The frame reader's options.
  public var streamOptions: FrameStreamOptions {
    FrameStreamOptions(
      maximumPixelCount: maximumPixels, maximumDecodingMemory: maximumDecodingMemory,
      raw: rawSize.map { RawFrameFormat(width: $0.width, height: $0.height, layout: .gray) },
      // The detector's buffers take about a byte a pixel besides the frame (measured: 134 MB
      // at the peak for a 64-megapixel frame).
      inFlightBytesPerPixel: 2)
  }
}
