// SPDX-License-Identifier: MIT
// qrdetect's command line.

/// The declaration of `qrdetect`'s options.
public enum DetectCommand {
  /// The option table; it drives parsing, help and the completions.
  public static let spec = CommandSpec(
    name: "qrdetect",
    summary: "Read QR codes from frames and write one JSON line per symbol (not built yet).",
    operands: "",
    notes: [
      "This build of qrpipe does not include qrdetect yet: it only answers --help and --version."
    ],
    options: [])
}
