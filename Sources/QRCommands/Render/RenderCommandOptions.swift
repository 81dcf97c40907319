// SPDX-License-Identifier: MIT
// qrrender's options, validated once into one value.

import QRCodec
import QRCommandLine
import QRContent
import QRImageFormats
import QRRender
import QRSystem

/// Where qrrender's payload comes from.
public enum RenderPayloadSource: Equatable, Sendable {
  /// The operand's bytes.
  case operand(String)
  /// All of standard input (no operand, or `-`).
  case standardInput
  /// All of a file (`--file`), named by argv's bytes.
  case file(PathName)
  /// A payload built from content options (`--wifi`, `--vcard`...).
  case content(ContentPayload)

  /// The name messages put before their text: `-` or the file name; nil for a payload given
  /// on the command line, which needs none (`qrrender: payload of ... does not fit ...`).
  public var name: String? {
    switch self {
    case .operand, .content: nil
    case .standardInput: "-"
    case .file(let path): path.description
    }
  }
}

/// Which kinds of symbol `--micro` allows.
public enum RenderSymbolKinds: Equatable, Sendable {
  /// QR Code only (no `--micro`).
  case qr
  /// Micro QR only (`--micro`).
  case micro
  /// The smallest symbol of either kind (`--micro=auto`).
  case either
}

/// qrrender's command line, checked: every value is in range and the options agree.
///
/// Values that need the codec (the charset name) are checked by the tool itself; everything
/// else is checked here so that a usage error is reported before any input is read.
public struct RenderCommandOptions: Sendable {
  /// The `--format` name, one of `RenderCommand.formats`, with the default resolved.
  public var format: String
  /// The error correction level letter: L, M, Q or H.
  public var level: Character
  /// `--symbol-version`, normalised: `1`…`40` or `M1`…`M4` (`-M -v 3` is M3): the smallest
  /// version to use, or with `strictVersion` the version.
  public var symbolVersion: String?
  /// `--strict-version`: `symbolVersion` exactly.
  public var strictVersion: Bool
  /// `--structured` (qrencode's `-S`): a payload too large for the version is divided over
  /// symbols of that version.
  public var structured: Bool
  /// `--8bit`: the whole payload in byte mode.
  public var eightBit: Bool
  /// `--ignorecase`: ASCII a–z written as A–Z.
  public var ignoresCase: Bool
  /// `--verbose`: each symbol described on standard error.
  public var verbose: Bool
  /// `--mask`: 0…7, or 0…3 for Micro QR.
  public var mask: Int?
  /// `--boost`.
  public var boost: Bool
  /// `--micro` and `--micro=auto`; `--symbol-version M2` alone implies Micro QR.
  public var symbolKinds: RenderSymbolKinds
  /// `--eci`.
  public var eci: Bool
  /// `--kanji`: Kanji mode allowed.
  public var kanji: Bool
  /// `--charset`, as given (the codec checks the name).
  public var charset: String?
  /// `--gs1`.
  public var gs1: Bool
  /// `--split`: the number of symbols, 1…16.
  public var split: Int?
  /// `--scale`, 1…64; nil for the format's default.
  public var scale: Int?
  /// `--margin`, 0…64; nil for the standard quiet zone.
  public var margin: Int?
  /// `--invert`.
  public var invert: Bool
  /// `--dark` (or `--foreground`).
  public var dark: RGBColor?
  /// `--light` (or `--background`).
  public var light: RGBColor?
  /// `--dpi`: the pixel density a PNG records.
  public var dotsPerInch: Int?
  /// `--frame-size`: the size of y4m frames.
  public var frameSize: (width: Int, height: Int)?
  /// `--lines`.
  public var lines: Bool
  /// `--verify`.
  public var verify: Bool
  /// `--grade` (with `--verify`): each rendered symbol must grade 4.0/A.
  public var grade: Bool
  /// `--json`: lines are qrdetect records whose payloads are rendered.
  public var json: Bool
  /// `--jobs`: the threads that encode and render lines, 1…256; nil for the default (the
  /// online CPUs, at most `defaultMostJobs`).
  public var jobs: Int?
  /// `--output`, as argv's bytes; nil for standard output (no option, or `-`).
  public var output: PathName?
  /// `--output-dir`, as argv's bytes.
  public var outputDirectory: PathName?
  /// Where the payload (or the lines) come from.
  public var source: RenderPayloadSource

  /// The most threads `--jobs` defaults to: past four, the writes in input order are the
  /// bottleneck (PNG files: the file system's; PBM: the pipe's).
  public static let defaultMostJobs = 4

  /// Formats whose files hold one image (several need `--output-dir`).
  public static let singleImageFormats: Set<String> = ["svg", "png", "eps", "pdf", "xpm"]
  /// Formats that `--dark` and `--light` change.
  public static let colourFormats: Set<String> = [
    "svg", "png", "eps", "pdf", "xpm", "ansi", "ansi-utf8", "pgm", "qrframe", "y4m",
  ]

  /// Validates `arguments`; the default format is the one `--output`'s extension names, else
  /// utf8 when `standardOutputIsTerminal` (and no file is written), else png for `--output -`
  /// (as qrencode), else pbm.
  ///
  /// - Throws: `UsageError` naming the option at fault.
  public init(_ parsed: ParsedArguments, standardOutputIsTerminal: Bool) throws(UsageError) {
    let arguments = Options<RenderOption>(parsed)
    output = arguments.path(.output).flatMap { $0.isStandardStream ? nil : $0 }
    outputDirectory = arguments.path(.outputDir)
    if outputDirectory?.isStandardStream == true {
      throw UsageError(
        "--output-dir names a directory; for standard output use --output - (or no --output)")
    }
    let named = try Self.formatName(arguments, option: .format)
    let typed = try Self.formatName(arguments, option: .type)
    if let named, let typed, named != typed {
      throw UsageError("--format \(named) and --type \(typed) disagree: give one of them")
    }
    if let chosen = named ?? typed {
      format = chosen
    } else if let output {
      guard let byExtension = try Self.format(ofOutput: output.description) else {
        throw UsageError(
          "cannot tell the format of '\(output.description)' from its extension:"
            + " name it .png, .svg, .eps, .pdf, .xpm, .pbm, .pgm, .y4m or .qrframe, or give"
            + " --format (" + RenderCommand.formats.joined(separator: ", ") + ")")
      }
      format = byExtension
    } else if standardOutputIsTerminal && outputDirectory == nil {
      format = "utf8"
    } else if arguments.path(.output)?.isStandardStream == true {
      // qrencode's habit: `qrencode -o - x > a.png` writes a PNG.
      format = "png"
    } else {
      format = "pbm"
    }
    if let letter = arguments.value(.level) {
      guard letter.count == 1, let level = letter.uppercased().first, "LMQH".contains(level)
      else {
        throw UsageError(
          "invalid value '\(Diagnostics.sanitized(letter))' for --level: expected L, M, Q or H")
      }
      self.level = level
    } else {
      level = "M"
    }
    let versionOption = try Self.either(arguments, .symbolVersion, alias: .symversion)
    symbolVersion = try arguments.value(versionOption).map { (text) throws(UsageError) in
      try Self.parseSymbolVersion(text)
    }
    // qrencode's `-M -v 3`: with --micro, a plain number 1 to 4 is that Micro QR version.
    if arguments.value(.micro)?.isEmpty == true, let version = symbolVersion,
      let number = Int(version), (1...4).contains(number)
    {
      symbolVersion = "M\(number)"
    }
    strictVersion = arguments.has(.strictVersion)
    structured = arguments.has(.structured)
    if (strictVersion || structured) && symbolVersion == nil {
      throw UsageError(
        "--\(strictVersion ? "strict-version" : "structured") needs the version: give -v N")
    }
    eightBit = arguments.has(.eightBit)
    ignoresCase = arguments.has(.ignoreCase)
    if ignoresCase && arguments.has(.caseSensitive) {
      throw UsageError("-i (--ignorecase) and -c (--casesensitive) contradict: give one")
    }
    verbose = arguments.has(.verbose)
    boost = arguments.has(.boost)
    eci = arguments.has(.eci)
    kanji = arguments.has(.kanji)
    charset = arguments.value(.charset)
    gs1 = arguments.has(.gs1)
    split = try arguments.integer(.split, in: 1...16)
    scale = try arguments.integer(Self.either(arguments, .scale, alias: .size), in: 1...64)
    margin = try arguments.integer(.margin, in: 0...64)
    invert = arguments.has(.invert)
    dark = try Self.colour(arguments, .dark, alias: .foreground)
    light = try Self.colour(arguments, .light, alias: .background)
    dotsPerInch = try arguments.integer(.dpi, in: 1...100_000)
    frameSize = try arguments.value(.frameSize).map { (text) throws(UsageError) in
      let size = try CaptureCommandOptions.parseSize(text, option: "frame-size")
      // Frames qrdetect and qrcapture refuse by default are of no use downstream, and a
      // 65535x65535 frame is 4 GiB a frame (30000x30000 took 884 MB).
      let limit = FrameStreamOptions.defaultMaximumPixelCount
      guard size.width * size.height <= limit else {
        throw UsageError(
          "--frame-size \(size.width)x\(size.height) exceeds \(limit) pixels, the most qrdetect"
            + " reads by default")
      }
      return size
    }
    lines = arguments.has(.lines)
    verify = arguments.has(.verify)
    grade = arguments.has(.grade)
    if grade && !verify { throw UsageError("--grade grades what --verify reads back: give both") }
    json = arguments.has(.json)
    jobs = try arguments.integer(.jobs, in: 1...DetectCommandOptions.maximumJobs)

    switch arguments.value(.micro)?.lowercased() {
    case nil:
      symbolKinds = symbolVersion?.first == "M" ? .micro : .qr
    case "":
      symbolKinds = .micro
    case "auto":
      symbolKinds = .either
    case let other?:
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(other))' for --micro: expected --micro or"
          + " --micro=auto")
    }
    let isMicroOnly = symbolKinds == .micro
    mask = try arguments.integer(.mask, in: isMicroOnly ? 0...3 : 0...7)

    if arguments.operands.count > 1 {
      throw UsageError(
        "too many operands: give the payload as one argument (quote it), or on standard input")
    }
    let operand = arguments.operands.first
    let fileOption = try Self.either(arguments, .file, alias: .readFrom)
    if let content = try Self.parseContent(arguments) {
      guard operand == nil, !arguments.has(fileOption), !lines, !json else {
        throw UsageError(
          "content options build the payload: give no payload, --file, --lines or --json")
      }
      source = .content(content)
    } else if let path = arguments.path(fileOption) {
      guard operand == nil else { throw UsageError("give either --file or a payload, not both") }
      source = path == "-" ? .standardInput : .file(path)
    } else if let operand, operand != "-" {
      source = .operand(operand)
    } else {
      source = .standardInput
    }
    try checkCombinations(arguments)
  }

  private func checkCombinations(_ arguments: Options<RenderOption>) throws(UsageError) {
    if let symbolVersion {
      let isMicroVersion = symbolVersion.first == "M"
      if symbolKinds == .micro && !isMicroVersion {
        throw UsageError(
          "--micro cannot be combined with --symbol-version \(symbolVersion): Micro QR versions"
            + " are M1 to M4")
      }
      if symbolKinds == .either {
        throw UsageError(
          "--micro=auto chooses the version; it cannot be combined with --symbol-version")
      }
    }
    if structured {
      if symbolKinds == .micro {
        throw UsageError(
          "--structured cannot be combined with --micro: Micro QR has no structured append")
      }
      if split != nil {
        throw UsageError(
          "--structured divides at the version -v gives; --split at a number of symbols:"
            + " give one")
      }
    }
    if eightBit && kanji {
      throw UsageError("-8 writes every character as bytes; -k asks for Kanji mode: give one")
    }
    if symbolKinds == .micro {
      if gs1 { throw UsageError("--gs1 cannot be combined with --micro: Micro QR has no FNC1") }
      if eci { throw UsageError("--eci cannot be combined with --micro: Micro QR has no ECI") }
      if let split, split > 1 {
        throw UsageError(
          "--split cannot be combined with --micro: Micro QR has no structured append")
      }
    }
    if lines || json, case .operand = source {
      throw UsageError(
        "--\(json ? "json" : "lines") reads standard input or --file; it takes no payload operand")
    }
    if lines && json { throw UsageError("--json already reads one record per line; omit --lines") }
    if output != nil && outputDirectory != nil {
      throw UsageError("give either --output or --output-dir, not both")
    }
    for option in [RenderOption.dark, .light, .foreground, .background]
    where arguments.has(option) {
      guard Self.colourFormats.contains(format) else {
        throw UsageError("--\(option.rawValue) has no effect with --format \(format)")
      }
    }
    let kind = ImageFormat(rawValue: format)
    // A function called for each colour, not a loop over (name, colour) pairs: the metadata of
    // that array of tuples costs a one-code run more than the check.
    func checkAlpha(_ option: String, _ colour: RGBColor?) throws(UsageError) {
      guard let alpha = colour?.alpha, alpha != 255, kind?.usesAlpha != true else { return }
      let isTransparentOnly = kind?.usesTransparencyOnly == true
      if alpha == 0 && isTransparentOnly { return }
      throw UsageError(
        "--\(option) with alpha \(alpha): --format \(format) has no"
          + (isTransparentOnly ? " partial" : "")
          + " transparency (png, svg and pdf have; eps and xpm leave alpha 00 unpainted)")
    }
    try checkAlpha("dark", dark)
    try checkAlpha("light", light)
    if dotsPerInch != nil && format != "png" {
      throw UsageError("--dpi sets a PNG's pixel density; it has no effect with --format \(format)")
    }
    if frameSize != nil && format != "y4m" {
      throw UsageError("--frame-size sizes y4m frames; it has no effect with --format \(format)")
    }
    if lines && Self.singleImageFormats.contains(format) && outputDirectory == nil {
      throw UsageError(
        "--lines with --format \(format) needs --output-dir: a \(format) file holds one image")
    }
  }

  /// The content options as one payload description, or nil when none is given.
  ///
  /// - Throws: `UsageError` for two kinds at once, or a field option without its kind.
  public static func parseContent(_ arguments: Options<RenderOption>) throws(UsageError)
    -> ContentPayload?
  {
    let content = try buildContent(arguments)
    if let problem = content?.problem { throw UsageError(problem) }
    return content
  }

  private static func buildContent(_ arguments: Options<RenderOption>) throws(UsageError)
    -> ContentPayload?
  {
    let kinds = [RenderOption.wifi, .mecard, .vcard, .mailto, .sms, .geo].filter {
      arguments.has($0)
    }
    guard kinds.count <= 1 else {
      throw UsageError(
        "--\(kinds[0].rawValue) and --\(kinds[1].rawValue) cannot be combined: one payload per"
          + " symbol")
    }
    let kind = kinds.first ?? (arguments.has(.tel) ? .tel : nil)
    let kindFields = kind.map(fields(of:)) ?? []
    for field in [RenderOption.password, .security, .hidden, .email, .url, .subject, .body, .tel]
    where arguments.has(field) && !kindFields.contains(field) {
      let owners = [RenderOption.wifi, .mecard, .vcard, .mailto, .sms].filter {
        fields(of: $0).contains(field)
      }.map(\.rawValue).sorted()
      throw UsageError(
        "--\(field.rawValue) needs " + owners.map { "--" + $0 }.joined(separator: " or "))
    }
    switch kind {
    case .wifi:
      let password = arguments.value(.password)
      let security: WiFiSecurity
      switch arguments.value(.security)?.uppercased() {
      case nil: security = password == nil ? .none : .wpa
      case "WPA", "WPA2", "WPA3", "SAE": security = .wpa
      case "WEP": security = .wep
      case "NOPASS", "NONE": security = .none
      case let other?:
        throw UsageError(
          "invalid value '\(Diagnostics.sanitized(other))' for --security: expected WPA, WEP or"
            + " nopass")
      }
      if security == .none && password != nil {
        throw UsageError("--password cannot be combined with --security nopass")
      }
      return .wifi(
        WiFiNetwork(
          ssid: arguments.value(.wifi) ?? "", security: security, password: password,
          isHidden: arguments.has(.hidden)))
    case .mecard, .vcard:
      var contact = Contact(name: kind.flatMap(arguments.value) ?? "")
      contact.phones = arguments.all(.tel)
      contact.emails = arguments.all(.email)
      contact.urls = arguments.all(.url)
      return kind == .mecard ? .mecard(contact) : .vcard(contact)
    case .mailto:
      return .mailto(
        EmailMessage(
          to: [arguments.value(.mailto) ?? ""], subject: arguments.value(.subject),
          body: arguments.value(.body)))
    case .sms:
      return .sms(number: arguments.value(.sms) ?? "", body: arguments.value(.body))
    case .tel:
      let numbers = arguments.all(.tel)
      guard numbers.count == 1 else {
        throw UsageError("--tel alone makes a number to call: give it once, or use --vcard")
      }
      return .tel(numbers[0])
    case .geo:
      let text = arguments.value(.geo) ?? ""
      let parts = text.split(separator: ",", omittingEmptySubsequences: false)
      guard parts.count == 2, let latitude = Double(parts[0]), let longitude = Double(parts[1]),
        (-90...90).contains(latitude), (-180...180).contains(longitude)
      else {
        throw UsageError(
          "invalid value '\(Diagnostics.sanitized(text))' for --geo: expected LATITUDE,LONGITUDE"
            + " in degrees, such as 48.8584,2.2945")
      }
      return .geo(GeoLocation(latitude: latitude, longitude: longitude))
    default:
      return nil
    }
  }

  /// The field options that go with a content option (`--wifi`, `--vcard`, …, or `--tel` alone).
  ///
  /// A switch, not a table of (kind, fields) pairs: every run checks the fields, and the
  /// metadata of an array of labelled tuples costs a one-code run more than the check.
  private static func fields(of kind: RenderOption) -> [RenderOption] {
    switch kind {
    case .wifi: [.password, .security, .hidden]
    case .mecard, .vcard: [.tel, .email, .url]
    case .mailto: [.subject, .body]
    case .sms: [.body]
    case .tel: [.tel]
    default: []
    }
  }

  /// The format a file name's extension names (`code.png` → `png`), or nil.
  public static func format(ofFileName name: String) -> String? {
    guard let dot = name.lastIndex(of: "."), !name[dot...].contains("/") else { return nil }
    return RenderCommand.formatOfExtension[name[name.index(after: dot)...].lowercased()]
  }

  /// The format `--output`'s name chooses: its extension's, pbm for a name without one, nil
  /// for an extension that names no format (`.jpg`, `.txt`).
  static func format(ofOutput name: String) throws(UsageError) -> String? {
    let base = name.split(separator: "/", omittingEmptySubsequences: false).last ?? ""
    guard base.dropFirst().contains(".") else { return "pbm" }
    return format(ofFileName: name)
  }

  /// `--format`'s or `--type`'s value as one of `RenderCommand.formats`: our names and
  /// qrencode's, in any case.
  ///
  /// - Throws: `UsageError` for an unknown name, or a qrencode type we cannot write.
  static func formatName(_ arguments: Options<RenderOption>, option: RenderOption)
    throws(UsageError)
    -> String?
  {
    guard let text = arguments.value(option) else { return nil }
    let lowered = text.lowercased()
    if RenderCommand.formats.contains(lowered) { return lowered }
    if let type = RenderCommand.qrencodeTypes.first(where: { $0.name.lowercased() == lowered }) {
      guard let format = type.format else {
        throw UsageError(
          "qrencode's type \(type.name) (inverted half blocks in colour) is not made here: use"
            + " --type ANSIUTF8, with --invert for a light symbol on dark")
      }
      return format
    }
    throw UsageError(
      "invalid value '\(Diagnostics.sanitized(text))' for --\(option.rawValue): expected one of "
        + RenderCommand.formats.joined(separator: ", ") + "; or qrencode's "
        + RenderCommand.qrencodeTypes.filter { $0.format != nil }.map(\.name).joined(
          separator: ", "))
  }

  /// A colour option and its qrencode name (`--dark` and `--foreground`): nil if neither is
  /// given.
  static func colour(
    _ arguments: Options<RenderOption>, _ option: RenderOption, alias: RenderOption
  ) throws(UsageError) -> RGBColor? {
    let name = try either(arguments, option, alias: alias)
    return try arguments.value(name).map { (text) throws(UsageError) in
      try parseColour(text, option: name.rawValue)
    }
  }

  /// Which of `option` and its other name `alias` (qrencode's) was given: `option` if neither.
  ///
  /// - Throws: `UsageError` when both were given.
  static func either(
    _ arguments: Options<RenderOption>, _ option: RenderOption, alias: RenderOption
  ) throws(UsageError) -> RenderOption {
    if arguments.has(option) && arguments.has(alias) {
      throw UsageError(
        "--\(option.rawValue) and --\(alias.rawValue) are the same option: give one of them")
    }
    return arguments.has(alias) ? alias : option
  }

  /// Parses a symbol version: `1`…`40` or `M1`…`M4` (`m` also); returns it normalised.
  public static func parseSymbolVersion(_ text: String) throws(UsageError) -> String {
    let invalid = UsageError(
      "invalid value '\(Diagnostics.sanitized(text))' for --symbol-version: expected 1 to 40,"
        + " or M1 to M4 for Micro QR")
    if text.first == "M" || text.first == "m" {
      guard let number = Int(text.dropFirst()), (1...4).contains(number) else { throw invalid }
      return "M\(number)"
    }
    guard let number = Int(text), (1...40).contains(number) else { throw invalid }
    return String(number)
  }

  /// Parses `RRGGBB[AA]` (qrencode's form) or `RGB[A]`, with or without `#`, in either case.
  public static func parseColour(_ text: String, option: String) throws(UsageError) -> RGBColor {
    guard let colour = RGBColor(hex: text) else {
      throw UsageError(
        "invalid value '\(Diagnostics.sanitized(text))' for --\(option): expected a colour"
          + " RRGGBB or RRGGBBAA in hex, with or without '#', such as 1a73e8, #000 or ffffff00")
    }
    return colour
  }
}
