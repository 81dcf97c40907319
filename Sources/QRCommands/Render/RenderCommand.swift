// SPDX-License-Identifier: MIT
// qrrender's command line.

import QRCommandLine

/// The declaration of `qrrender`'s options.
///
/// The symbol version is `-v/--symbol-version`, not `--version`: `-V/--version` prints the tool's
/// version in all four tools, and the option parser cannot tell `--version` (a flag) from
/// `--version 7` (an option with a value) without guessing from the next word.
public enum RenderCommand {
  /// The `--format` names, in the order help lists them; `ImageFormat`'s raw values agree.
  public static let formats = [
    "pbm", "pbm-plain", "pgm", "ascii", "ascii-inverted", "utf8", "utf8-inverted", "ansi",
    "ansi-utf8", "svg", "png", "eps", "pdf", "xpm", "qrframe", "y4m",
  ]

  /// qrencode's `-t` type names, as qrencode spells them, with the format each one means here (nil for the
  /// types qrrender has no counterpart for). `--format` and `--type` take these and `formats`,
  /// in any case.
  public static let qrencodeTypes: [QrencodeType] = [
    .init("PNG", "png"), .init("PNG32", "png"), .init("EPS", "eps"), .init("SVG", "svg"),
    .init("XPM", "xpm"), .init("ANSI", "ansi"), .init("ANSI256", "ansi"), .init("ASCII", "ascii"),
    .init("ASCIIi", "ascii-inverted"), .init("UTF8", "utf8"), .init("UTF8i", "utf8-inverted"),
    .init("ANSIUTF8", "ansi-utf8"), .init("ANSI256UTF8", "ansi-utf8"), .init("ANSIUTF8i", nil),
  ]

  /// One of qrencode's `-t` type names and the format it means here.
  ///
  /// A struct, not a tuple: every run builds the option table, and the metadata of an array of
  /// labelled tuples costs a one-code run several times what a struct's does.
  public struct QrencodeType: Sendable {
    /// The name, as qrencode spells it.
    public let name: String
    /// The `--format` it stands for, or nil where qrrender has no counterpart.
    public let format: String?

    init(_ name: String, _ format: String?) {
      self.name = name
      self.format = format
    }
  }

  /// The file name extensions that choose a format when `--format` is not given.
  public static let formatOfExtension: [String: String] = [
    "pbm": "pbm", "pgm": "pgm", "png": "png", "svg": "svg", "eps": "eps", "pdf": "pdf",
    "xpm": "xpm", "y4m": "y4m", "qrframe": "qrframe",
  ]

  /// The option table; it drives parsing, help and the completions.
  public static let spec = CommandSpec(
    name: "qrrender",
    summary:
      "Encode a payload as a QR Code (or Micro QR) symbol and write it as an image, terminal\n"
      + "art or a qrframe(5) frame.",
    operands: "[payload]",
    operandCompletion: .none,
    notes: [
      "Payload: the operand; with none, or '-', all of standard input, byte for byte; or --file.\n"
        + "With --lines, each line of standard input (or --file) is one payload; with --json, each\n"
        + "qrdetect record. --wifi, --mecard, --vcard, --mailto, --tel, --sms and --geo build one.\n"
        + "The format defaults to the --output file's extension (.png, .svg, .eps, .pdf, .xpm, .pbm,\n"
        + ".pgm, .y4m, .qrframe), else utf8 on a terminal, png for '--output -' (as qrencode)\n"
        + "and pbm otherwise. '-' is standard input for --file and standard output for --output.\n"
        + "An empty payload is refused (status 1).",
      "A payload too large for one symbol is split over up to 16 symbols with structured append\n"
        + "(one image each); --split N asks for N.",
    ],
    options: [
      .value(
        "f", "format", "format",
        "output format (default: --output's extension, utf8 on a terminal, png for -o -, pbm)",
        completion: .choices(formats)),
      .value(
        "t", "type", "type",
        "the format by qrencode's name: PNG, EPS, SVG, XPM, ANSI, ASCII, UTF8, ANSIUTF8",
        completion: .choices(qrencodeTypes.filter { $0.format != nil }.map(\.name))),
      .value(
        "l", "level", "level", "error correction level L, M, Q or H (default M)",
        completion: .choices(["L", "M", "Q", "H"])),
      .value(
        "v", "symbol-version", "N",
        "the smallest symbol version to use (1-40, or M1-M4 for Micro QR), as qrencode"),
      .flag(nil, "strict-version", "with -v: that version exactly; fail if the payload needs more"),
      .flag("S", "structured", "with -v: as many symbols of that version as needed (qrencode)"),
      .flag("8", "8bit", "write the whole payload in byte mode (qrencode's -8)"),
      .flag("i", "ignorecase", "write a-z as A-Z, for alphanumeric mode (qrencode's -i)"),
      .flag("c", "casesensitive", "keep letters as they are (the default; qrencode's -c)"),
      .flag(nil, "verbose", "say each symbol's version, level, mask and size on standard error"),
      .value(nil, "mask", "N", "use mask pattern N (0-7; 0-3 for Micro QR)"),
      .flag(nil, "boost", "raise the level as far as the chosen version allows"),
      .optionalValue(
        "M", "micro", "auto", "make a Micro QR symbol; =auto: the smallest of either kind",
        completion: .choices(["auto"])),
      .flag(nil, "eci", "write an ECI designator naming the charset"),
      .flag("k", "kanji", "Kanji mode for Japanese: smaller, but OpenCV and zbar may misread"),
      .value(
        nil, "charset", "name",
        "write text in this charset: utf-8 (default), iso-8859-1, shift_jis",
        completion: .choices(["utf-8", "iso-8859-1", "shift_jis"])),
      .flag(nil, "gs1", "GS1 data: FNC1 in first position"),
      .value(nil, "split", "N", "split the payload over N symbols (1-16) with structured append"),
      .value(
        "s", "scale", "N", "pixels per module (1-64; default 4, 1 character cell for art)"),
      .value("m", "margin", "N", "quiet zone in modules (0-64; default 4, 2 for Micro QR)"),
      .value("d", "dpi", "N", "with png: record this pixel density (1-100000 dots per inch)"),
      .flag(nil, "invert", "swap dark and light, quiet zone included"),
      .value(
        nil, "dark", "colour",
        "colour of dark modules, [#]rrggbb[aa] (vector, png, xpm, ansi, gray)"),
      .value(
        nil, "light", "colour",
        "colour of light modules, [#]rrggbb[aa] (vector, png, xpm, ansi, gray)"),
      .value(nil, "foreground", "colour", "the same as --dark (qrencode's name)"),
      .value(nil, "background", "colour", "the same as --light (qrencode's name)"),
      .value(nil, "size", "N", "the same as --scale (qrencode's name)"),
      .value(nil, "symversion", "N", "the same as --symbol-version (qrencode's name)"),
      .value(
        nil, "read-from", "path", "the same as --file (qrencode's name)", completion: .file),
      .flag(nil, "lines", "one symbol per input line"),
      .value(
        nil, "frame-size", "WxH",
        "with y4m: frame size (default: the largest symbol the options allow)"),
      .value(
        "j", "jobs", "N",
        "with --lines or --json: encode on N threads, in input order (default: CPUs, at most 4)"),
      .flag(nil, "verify", "decode each symbol as rendered; fail unless it reads back exactly"),
      .flag(nil, "grade", "with --verify, also grade each symbol as rendered; fail below 4.0/A"),
      .flag(nil, "json", "read qrdetect's JSON lines and render each payload again"),
      .value(
        "r", "file", "path", "read the payload from this file ('-' is standard input)",
        completion: .file),
      .value(nil, "wifi", "ssid", "a Wi-Fi network to join (--password, --security, --hidden)"),
      .value(nil, "password", "text", "the Wi-Fi network's password"),
      .value(
        nil, "security", "type", "Wi-Fi security: WPA (default with a password), WEP, nopass",
        completion: .choices(["WPA", "WEP", "nopass"])),
      .flag(nil, "hidden", "the Wi-Fi network does not broadcast its name"),
      .value(nil, "mecard", "name", "a contact as a MECARD (--tel, --email, --url)"),
      .value(nil, "vcard", "name", "a contact as a vCard 3.0 (--tel, --email, --url)"),
      .value(nil, "tel", "number", "a number to call, or a contact's telephone (repeatable)"),
      .value(nil, "email", "address", "a contact's e-mail address (repeatable)"),
      .value(nil, "url", "url", "a contact's web address (repeatable)"),
      .value(nil, "mailto", "address", "an e-mail to write (--subject, --body)"),
      .value(nil, "subject", "text", "the e-mail's subject"),
      .value(nil, "body", "text", "the e-mail's or text message's body"),
      .value(nil, "sms", "number", "a text message to send (--body)"),
      .value(nil, "geo", "lat,lon", "a place, latitude and longitude in degrees"),
      .value(
        "o", "output", "file", "write to this file instead of standard output ('-' for it)",
        completion: .file),
      .value(
        nil, "output-dir", "directory", "write one file per symbol in this directory",
        completion: .directory),
    ])
}

/// The long names of `qrrender`'s options, for reading them back (`Options<RenderOption>`);
/// `RenderCommand.spec` declares each, which the tests check.
public enum RenderOption: String, OptionName {
  /// `--format`.
  case format
  /// `--type`.
  case type
  /// `--level`.
  case level
  /// `--symbol-version`.
  case symbolVersion = "symbol-version"
  /// `--strict-version`.
  case strictVersion = "strict-version"
  /// `--structured`.
  case structured
  /// `--8bit`.
  case eightBit = "8bit"
  /// `--ignorecase`.
  case ignoreCase = "ignorecase"
  /// `--casesensitive`.
  case caseSensitive = "casesensitive"
  /// `--verbose`.
  case verbose
  /// `--mask`.
  case mask
  /// `--boost`.
  case boost
  /// `--micro`.
  case micro
  /// `--eci`.
  case eci
  /// `--kanji`.
  case kanji
  /// `--charset`.
  case charset
  /// `--gs1`.
  case gs1
  /// `--split`.
  case split
  /// `--scale`.
  case scale
  /// `--margin`.
  case margin
  /// `--dpi`.
  case dpi
  /// `--invert`.
  case invert
  /// `--dark`.
  case dark
  /// `--light`.
  case light
  /// `--foreground`.
  case foreground
  /// `--background`.
  case background
  /// `--size`.
  case size
  /// `--symversion`.
  case symversion
  /// `--read-from`.
  case readFrom = "read-from"
  /// `--lines`.
  case lines
  /// `--frame-size`.
  case frameSize = "frame-size"
  /// `--jobs`.
  case jobs
  /// `--verify`.
  case verify
  /// `--grade`.
  case grade
  /// `--json`.
  case json
  /// `--file`.
  case file
  /// `--wifi`.
  case wifi
  /// `--password`.
  case password
  /// `--security`.
  case security
  /// `--hidden`.
  case hidden
  /// `--mecard`.
  case mecard
  /// `--vcard`.
  case vcard
  /// `--tel`.
  case tel
  /// `--email`.
  case email
  /// `--url`.
  case url
  /// `--mailto`.
  case mailto
  /// `--subject`.
  case subject
  /// `--body`.
  case body
  /// `--sms`.
  case sms
  /// `--geo`.
  case geo
  /// `--output`.
  case output
  /// `--output-dir`.
  case outputDir = "output-dir"
}
