// SPDX-License-Identifier: MIT
// qrcapture's options, validated once into one value.

import QRCommandLine
import QRImage
import QRSimulator
import QRStream
import QRSystem

/// Where qrcapture reads frames from.
public enum CaptureInput: Equatable, Sendable {
  /// A V4L2 camera device.
  case camera(String)
  /// A file (argv's bytes), or `-` for standard input.
  case file(PathName)
  /// The simulated camera (`--simulate`; see `CaptureCommandOptions.simulation`).
  case simulation
}

/// What `--simulate` asks for. The payload file is read by the tool, not while parsing.
public struct SimulationRequest: Sendable, Equatable {
  /// The payload operands, in order.
  public var payloads: [String]
  /// `--payloads`: a file of more payloads, one per line (`-` for standard input).
  public var payloadFile: PathName?
  /// `--seed`.
  public var seed: UInt64
  /// False with `--fast`: frames as fast as they are made, none dropped.
  public var isPaced: Bool
  /// `--truth`: where to write each frame's ground truth as JSON lines.
  public var truthFile: PathName?
  /// `--light`: the light the scene is filmed in.
  public var light: SimulatedLight

  /// Creates a request.
  public init(
    payloads: [String], payloadFile: PathName? = nil, seed: UInt64 = SimulationSettings.defaultSeed,
    isPaced: Bool = true, truthFile: PathName? = nil, light: SimulatedLight = .normal
  ) {
    self.light = light
    self.payloads = payloads
    self.payloadFile = payloadFile
    self.seed = seed
    self.isPaced = isPaced
    self.truthFile = truthFile
  }
}

/// What qrcapture writes.
public enum CaptureOutputFormat: String, Sendable, CaseIterable {
  /// qrframe(5), the default.
  case qrframe
  /// YUV4MPEG2 `Cmono`.
  case y4m
  /// Binary PGM images in sequence.
  case pgm
}

/// qrcapture's command line, checked: every value is in range and the options agree.
public struct CaptureCommandOptions: Sendable {
  /// The inputs in order.
  public var inputs: [CaptureInput]
  /// The requested camera size, or the size of raw input frames.
  public var size: (width: Int, height: Int)?
  /// The requested camera rate, or the rate of raw input (default 30).
  public var frameRate: FrameRate?
  /// The layout of raw input frames.
  public var pixelLayout: PixelLayout
  /// The frame selection (`--skip`, `--every`, `--count`, `--duration`, `--restamp`).
  public var selection: FrameSelection
  /// What to write.
  public var output: CaptureOutputFormat
  /// The largest frame, in pixels, an input may make us allocate.
  public var maximumPixels: Int
  /// The most memory decoding one PNG or JPEG may take besides its pixels (`--max-memory`).
  public var maximumDecodingMemory: Int
  /// `--list-devices`.
  public var listDevices: Bool
  /// `--list-formats`.
  public var listFormats: Bool
  /// `--simulate` and its options, or nil.
  public var simulation: SimulationRequest?

  /// The frame size of the simulated camera: `--size`, or 640x480.
  public var simulationSize: (width: Int, height: Int) {
    size ?? SimulationSettings.defaultSize
  }

  /// The rate to use for raw input timestamps, `--restamp` and y4m output.
  public var effectiveFrameRate: FrameRate { frameRate ?? Self.defaultFrameRate }

  /// 30 frames per second.
  public static let defaultFrameRate = FrameRate(numerator: 30) ?? .standard

  /// The camera used when nothing else is named.
  public static let defaultDevice = "/dev/video0"

  /// Validates `arguments`; `standardInputIsData` says whether stdin is a pipe or file (with no
  /// operand, such a stdin is read instead of the camera).
  ///
  /// - Throws: `UsageError` naming the option at fault.
  public init(_ parsed: ParsedArguments, standardInputIsData: Bool) throws(UsageError) {
    let arguments = Options<CaptureOption>(parsed)
    size = try arguments.value(.size).map { (text) throws(UsageError) in
      try Self.parseSize(text, option: "size")
    }
    frameRate = try arguments.value(.fps).map { (text) throws(UsageError) in
      try Self.parseRate(text)
    }
    let rate = frameRate ?? Self.defaultFrameRate
    if let name = arguments.value(.pixelFormat) {
      guard let layout = PixelLayout(name: name) else {
        throw UsageError(
          "invalid value '\(Diagnostics.sanitized(name))' for --pixel-format: expected one of "
            + PixelLayout.allCases.map(\.rawValue).joined(separator: ", "))
      }
      pixelLayout = layout
    } else {
      pixelLayout = .gray
    }
    let count = try arguments.integer(.count, in: 1...Int.max)
    let duration = try arguments.number(.duration, in: 0...1e9)
    let skip = try arguments.integer(.skip, in: 0...Int.max) ?? 0
    let every = try arguments.integer(.every, in: 1...Int.max) ?? 1
    selection = FrameSelection(
      skip: skip, every: every, count: count,
      duration: duration.map { UInt64(($0 * 1e9).rounded()) },
      restamp: arguments.has(.restamp),
      framesPerSecond: Double(rate.numerator) / Double(rate.denominator))
    output = try arguments.choice(.output, as: CaptureOutputFormat.self) ?? .qrframe
    maximumPixels = try arguments.integer(.maxPixels, in: 1...(1 << 40)) ?? 16384 * 16384
    maximumDecodingMemory = try arguments.decodingMemory()
    listDevices = arguments.has(.listDevices)
    listFormats = arguments.has(.listFormats)

    let device = arguments.value(.device)
    if arguments.has(.simulate) {
      for option in [CaptureOption.device, .pixelFormat, .listDevices, .listFormats]
      where arguments.has(option) {
        throw UsageError("--simulate and --\(option.rawValue) cannot be combined")
      }
      if let empty = arguments.operands.firstIndex(of: "") {
        throw UsageError("payload \(empty + 1) is empty")
      }
      let (width, height) = size ?? SimulationSettings.defaultSize
      if width * height > maximumPixels {
        throw UsageError("--size \(width)x\(height) exceeds --max-pixels \(maximumPixels)")
      }
      if arguments.value(.truth) == "-" {
        throw UsageError(
          "--truth -: standard output carries the frames; give the truth a file, or a descriptor"
            + " such as --truth /dev/fd/3 3>truth.jsonl")
      }
      let seed = try arguments.integer(.seed, in: 0...Int.max)
      simulation = SimulationRequest(
        payloads: arguments.operands, payloadFile: arguments.path(.payloads),
        seed: seed.map(UInt64.init) ?? SimulationSettings.defaultSeed,
        isPaced: !arguments.has(.fast), truthFile: arguments.path(.truth),
        light: try arguments.choice(.light, as: SimulatedLight.self) ?? .normal)
      inputs = [.simulation]
      return
    }
    simulation = nil
    for option in [CaptureOption.payloads, .seed, .fast, .truth, .light]
    where arguments.has(option) {
      throw UsageError("--\(option.rawValue) needs --simulate")
    }
    if listDevices && listFormats {
      throw UsageError("--list-devices and --list-formats cannot be combined")
    }
    if (listDevices || listFormats) && !arguments.operands.isEmpty {
      throw UsageError("--\(listDevices ? "list-devices" : "list-formats") takes no file operands")
    }
    if let device {
      guard arguments.operands.isEmpty else {
        throw UsageError("give either --device or file operands, not both")
      }
      // `-d -` is standard input, as '-' is for every file option.
      inputs = [device == "-" ? .file("-") : .camera(device)]
    } else if !arguments.operands.isEmpty {
      inputs = arguments.operandPaths.map(CaptureInput.file)
    } else if standardInputIsData && !listFormats {
      inputs = [.file("-")]
    } else {
      inputs = [.camera(Self.defaultDevice)]
    }
    if arguments.operands.filter({ $0 == "-" }).count > 1 {
      throw UsageError("standard input ('-') can be read only once")
    }
  }

  /// Parses a rate: `30`, `29.97`, `30000/1001` or `30000:1001`, between 0.001 and 100000.
  public static func parseRate(_ text: String) throws(UsageError) -> FrameRate {
    var rate = FrameRate(text)
    if rate == nil, let value = Double(text), value.isFinite, value > 0, value <= 1e5 {
      rate = FrameRate(numerator: UInt64((value * 1000).rounded()), denominator: 1000)
    }
    guard let rate else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --fps: "
          + "expected a rate such as 30, 29.97 or 30000/1001")
    }
    let value = Double(rate.numerator) / Double(rate.denominator)
    guard value >= 0.001, value <= 100_000 else {
      throw UsageError("--fps \(text) is out of range: expected 0.001 to 100000")
    }
    return rate
  }

  /// Parses `WxH` (e.g. `1280x720`) with both sides in 1...65535.
  public static func parseSize(_ text: String, option: String) throws(UsageError) -> (
    width: Int, height: Int
  ) {
    let parts = text.split(separator: "x", omittingEmptySubsequences: false)
    guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]),
      (1...65535).contains(width), (1...65535).contains(height)
    else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --\(option): "
          + "expected WIDTHxHEIGHT such as 1280x720")
    }
    return (width, height)
  }
}
