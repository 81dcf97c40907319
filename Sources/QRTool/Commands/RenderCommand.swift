// SPDX-License-Identifier: MIT
// qrrender's command line.

/// The declaration of `qrrender`'s options.
///
/// The symbol version is `-v/--symbol-version`, not `--version`: `-V/--version` prints the tool's
/// version in all four tools, and the option parser cannot tell `--version` (a flag) from
/// `--version 7` (an option with a value) without guessing from the next word.
public enum RenderCommand {
  /// The `--format` names, in the order help lists them; `ImageFormat`'s raw values agree.
  public static let formats = [
    "pbm", "pbm-plain", "pgm", "ascii", "ascii-inverted", "utf8", "utf8-inverted", "ansi", "svg",
    "png", "qrframe", "y4m",
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
        + "The format defaults to the --output file's extension (.png, .svg, .pbm, .pgm, .y4m,\n"
        + ".qrframe), else utf8 on a terminal and pbm otherwise.",
      "A payload too large for one symbol is split over up to 16 symbols with structured append\n"
        + "(one image each); --split N asks for N.",
    ],
    options: [
      .value(
        "f", "format", "format",
        "output format (default: --output's extension, utf8 on a terminal, pbm)",
        completion: .choices(formats)),
      .value(
        "l", "level", "level", "error correction level L, M, Q or H (default M)",
        completion: .choices(["L", "M", "Q", "H"])),
      .value("v", "symbol-version", "N", "use symbol version N (1-40, or M1-M4 for Micro QR)"),
      .value("m", "mask", "N", "use mask pattern N (0-7; 0-3 for Micro QR)"),
      .flag(nil, "boost", "raise the level as far as the chosen version allows"),
      .optionalValue(
        nil, "micro", "auto", "make a Micro QR symbol; =auto: the smallest of either kind",
        completion: .choices(["auto"])),
      .flag(nil, "eci", "write an ECI designator naming the charset"),
      .value(
        nil, "charset", "name",
        "write text in this charset: utf-8 (default), iso-8859-1, shift_jis",
        completion: .choices(["utf-8", "iso-8859-1", "shift_jis"])),
      .flag(nil, "gs1", "GS1 data: FNC1 in first position"),
      .value(nil, "split", "N", "split the payload over N symbols (1-16) with structured append"),
      .value(
        "s", "scale", "N", "pixels per module (1-64; default 4, 1 character cell for art)"),
      .value(nil, "margin", "N", "quiet zone in modules (0-64; default 4, 2 for Micro QR)"),
      .flag(nil, "invert", "swap dark and light, quiet zone included"),
      .value(nil, "dark", "colour", "colour of dark modules, #rrggbb (svg, png, ansi, gray)"),
      .value(nil, "light", "colour", "colour of light modules, #rrggbb (svg, png, ansi, gray)"),
      .flag(nil, "lines", "one symbol per input line"),
      .flag(nil, "verify", "decode each symbol as rendered; fail unless it reads back exactly"),
      .flag(nil, "json", "read qrdetect's JSON lines and render each payload again"),
      .value(nil, "file", "path", "read the payload from this file", completion: .file),
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
        "o", "output", "file", "write to this file instead of standard output", completion: .file),
      .value(
        "d", "output-dir", "directory", "write one file per symbol in this directory",
        completion: .directory),
    ])
}
