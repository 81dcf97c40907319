// SPDX-License-Identifier: MIT
// qrcapture's command line.

/// The declaration of `qrcapture`'s options.
public enum CaptureCommand {
  /// The option table; it drives parsing, help and the completions.
  public static let spec = CommandSpec(
    name: "qrcapture",
    summary: "Capture gray frames from a V4L2 camera or read raw, y4m, PNM or qrframe input, and write them as a qrframe(5) stream.",
    operands: "[file ...]",
    options: [
      .value("d", "device", "path", "capture from this V4L2 device (default /dev/video0)", completion: .file),
    ])
}
