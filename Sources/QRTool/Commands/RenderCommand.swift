// SPDX-License-Identifier: MIT
// qrrender's command line.

/// The declaration of `qrrender`'s options.
public enum RenderCommand {
  /// The option table; it drives parsing, help and the completions.
  public static let spec = CommandSpec(
    name: "qrrender",
    summary: "Render a payload as a QR code (not built yet).",
    operands: "",
    notes: [
      "This build of qrpipe does not include qrrender yet: it only answers --help and --version."
    ],
    options: [])
}
