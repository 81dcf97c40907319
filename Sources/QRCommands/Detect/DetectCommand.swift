// SPDX-License-Identifier: MIT
// qrdetect's command line.

import QRCommandLine
import QRVision

/// The declaration of `qrdetect`'s options.
public enum DetectCommand {
  /// The option table; it drives parsing, help and the completions.
  public static let spec = CommandSpec(
    name: "qrdetect",
    summary:
      "Find and decode QR Code and Micro QR symbols in images and frames (PNG, JPEG,\n"
      + "HEIC, WebP, TIFF, GIF, BMP, PNM, qrframe, y4m or raw) and write one JSON line\n"
      + "per symbol, as soon as its frame is done.",
    operands: "[file ...]",
    notes: [
      "Input: the file operands in order ('-' is standard input; a directory is searched for\n"
        + "images), then the files --files-from names; with neither, standard input.\n"
        + "Exit status: 0 something was decoded, 1 nothing was, 2 an error, 64 a usage error;\n"
        + "with --miss-status, 4 when some input had no symbol, or none had one (as zbarimg).",
      "Watch detection live, keeping the records:\n"
        + "  qrcapture | qrdetect --annotate --json-fd 3 3>found.jsonl | ffplay -",
    ],
    options: [
      .value(
        "p", "print", "what",
        "write json records (default), each payload's text, or its raw bytes",
        completion: .choices(DetectPrintMode.allCases.map(\.rawValue))),
      .flag("0", "null", "NUL, not newline, ends payloads (-p text, raw) and --files-from names"),
      .flag(
        nil, "raw",
        "write payloads to a terminal unescaped; alone, --print text (zbarimg's --raw)"),
      .flag("q", "quiet", "no warnings and no progress line; errors only (zbarimg's -q)"),
      .flag("1", "oneshot", "stop after the first symbol: --count 1 (zbarimg's -1)"),
      .flag("b", "bytes", "always add the payload as base64 \"bytes\" to records"),
      .flag("g", "grade", "add each symbol's indicative print-quality grade to its record"),
      .value(
        nil, "grade-aperture", "fraction",
        "with --grade, the aperture as a fraction of the module size (default 0.8)"),
      .value("n", "count", "N", "stop after N symbols"),
      .value("m", "max-symbols", "N", "look for at most N symbols per frame (default: all)"),
      .value("r", "region", "x,y,w,h", "only look for symbols in this rectangle of each frame"),
      .value(
        "e", "effort", "level", "time spent per frame: fast, balanced (default) or accurate",
        completion: .choices(DetectorOptions.Effort.allCases.map(\.rawValue))),
      .value(
        nil, "symbology", "list", "look for qr, microqr or qr,microqr (default: both)",
        completion: .choices(["qr", "microqr", "qr,microqr"])),
      .value("j", "jobs", "N", "decode frames on N threads, writing in frame order (default 1)"),
      .value(
        nil, "search-every", "N",
        "search whole frames every N frames, following codes between (default 3; 1: always)"),
      .value(
        nil, "combine", "N",
        "read a code from up to N frames combined when one frame does not (default 12; 1: off)"),
      .flag(nil, "no-track", "read each frame alone: no tracks, no combined frames"),
      .value("s", "size", "WxH", "size of raw 8-bit gray input frames"),
      .value(nil, "max-pixels", "N", "refuse frames larger than N pixels (default 268435456)"),
      .value(
        nil, "max-memory", "size",
        "decode an image in at most size bytes besides its pixels (K, M, G; default 256M)"),
      .optionalValue(
        nil, "annotate", "path",
        "also write the frames with the symbols outlined: y4m, or a PNG per image (path/)",
        completion: .file),
      .flag(nil, "annotate-text", "with --annotate, also draw each payload's text"),
      .value(
        nil, "json-output", "path", "write the records to this file instead of standard output",
        completion: .file),
      .value(nil, "json-fd", "N", "write the records to open file descriptor N"),
      .value(
        nil, "files-from", "file", "also read the files named in file, one a line ('-' is stdin)",
        completion: .file),
      .flag(nil, "progress", "show progress on standard error (on a terminal: after 2 s anyway)"),
      .value(nil, "source-name", "name", "the source records from standard input name (not -)"),
      .flag(nil, "summary", "at the end, write totals and the inputs with no symbol to stderr"),
      .flag(nil, "misses", "also report each input with no symbol: a record (-p text: a message)"),
      .flag(nil, "miss-status", "exit with status 4 when any input had no symbol, as zbarimg"),
    ])
}

/// The long names of `qrdetect`'s options, for reading them back (`Options<DetectOption>`);
/// `DetectCommand.spec` declares each, which the tests check.
public enum DetectOption: String, OptionName {
  /// `--print`.
  case print
  /// `--null`.
  case null
  /// `--raw`.
  case raw
  /// `--quiet`.
  case quiet
  /// `--oneshot`.
  case oneshot
  /// `--bytes`.
  case bytes
  /// `--grade`.
  case grade
  /// `--grade-aperture`.
  case gradeAperture = "grade-aperture"
  /// `--count`.
  case count
  /// `--max-symbols`.
  case maxSymbols = "max-symbols"
  /// `--region`.
  case region
  /// `--effort`.
  case effort
  /// `--symbology`.
  case symbology
  /// `--jobs`.
  case jobs
  /// `--search-every`.
  case searchEvery = "search-every"
  /// `--combine`.
  case combine
  /// `--no-track`.
  case noTrack = "no-track"
  /// `--size`.
  case size
  /// `--max-pixels`.
  case maxPixels = "max-pixels"
  /// `--max-memory`.
  case maxMemory = "max-memory"
  /// `--annotate`.
  case annotate
  /// `--annotate-text`.
  case annotateText = "annotate-text"
  /// `--json-output`.
  case jsonOutput = "json-output"
  /// `--json-fd`.
  case jsonFD = "json-fd"
  /// `--files-from`.
  case filesFrom = "files-from"
  /// `--progress`.
  case progress
  /// `--summary`.
  case summary
  /// `--source-name`.
  case sourceName = "source-name"
  /// `--misses`.
  case misses
  /// `--miss-status`.
  case missStatus = "miss-status"
}
