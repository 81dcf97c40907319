// SPDX-License-Identifier: MIT
// qrdedupe's command line.

/// The declaration of `qrdedupe`'s options.
public enum DedupeCommand {
  /// The option table; it drives parsing, help and the completions.
  public static let spec = CommandSpec(
    name: "qrdedupe",
    summary: "Throttle repeated QR records in a stream of JSON lines (not built yet).",
    operands: "",
    notes: ["This build of qrpipe does not include qrdedupe yet: it only answers --help and --version."],
    options: [])
}
