// SPDX-License-Identifier: MIT
// qrcapture's command line.

import QRCommandLine
import QRImage
import QRSimulator

/// The declaration of `qrcapture`'s options.
public enum CaptureCommand {
  /// The option table; it drives parsing, help and the completions.
  public static let spec = CommandSpec(
    name: "qrcapture",
    summary:
      "Capture gray frames from a V4L2 camera, or read raw, y4m, PNM, PNG, JPEG or qrframe\n"
      + "input, or simulate a camera filming QR codes, and write them to standard output as a\n"
      + "qrframe(5) stream.",
    operands: "[file ...] | --simulate [payload ...]",
    notes: [
      "Input: the file operands in order ('-' is standard input); with none, standard input when\n"
        + "it is a pipe or a file, else the camera /dev/video0. y4m, PNM, qrframe and\n"
        + "images (PNG, JPEG, HEIC, WebP, TIFF, GIF, BMP) are recognised by their magic;\n"
        + "raw frames need --size.",
      "Simulation: with --simulate, each operand is a payload shown as a QR code that moves through\n"
        + "the frame (default size 640x480) with perspective, blur, noise and uneven light, between\n"
        + "empty stretches; in real time at --fps (--fast: as fast as possible) until stopped or\n"
        + "until --count or --duration is reached.",
    ],
    options: [
      .value(
        "d", "device", "path", "capture from this V4L2 camera (default /dev/video0)",
        completion: .file),
      .value("s", "size", "WxH", "camera frame size to request; size of raw input frames"),
      .value("r", "fps", "rate", "camera frame rate to request; rate of raw input (default 30)"),
      .value(
        "p", "pixel-format", "format", "layout of raw input frames (default gray)",
        completion: .choices(PixelLayout.allCases.map(\.rawValue))),
      .value("n", "count", "N", "stop after writing N frames"),
      .value(nil, "duration", "seconds", "stop after this much stream time"),
      .value(nil, "skip", "N", "discard the first N frames"),
      .value(nil, "every", "N", "keep one frame in N (decimate)"),
      .flag(nil, "restamp", "renumber frames from 0 and time them from --fps"),
      .value(
        "o", "output", "format", "write qrframe (default), y4m or pgm",
        completion: .choices(CaptureOutputFormat.allCases.map(\.rawValue))),
      .value(nil, "max-pixels", "N", "refuse frames larger than N pixels (default 268435456)"),
      .value(
        nil, "max-memory", "size",
        "decode an image in at most size bytes besides its pixels (K, M, G; default 256M)"),
      .flag(nil, "simulate", "simulate a camera filming QR codes of the operands (payloads)"),
      .value(
        nil, "payloads", "file", "with --simulate: more payloads, one per line ('-' is stdin)",
        completion: .file),
      .value(nil, "seed", "N", "with --simulate: seed of the simulation (default 1)"),
      .flag(nil, "fast", "with --simulate: make frames as fast as possible, not at --fps"),
      .value(
        nil, "light", "light",
        "with --simulate: normal (default), low (faint and noisy) or glare (a sweeping spot)",
        completion: .choices(SimulatedLight.allCases.map(\.rawValue))),
      .value(
        nil, "truth", "file", "with --simulate: write what each frame shows there as JSON lines",
        completion: .file),
      .flag(nil, "list-devices", "list V4L2 cameras and exit"),
      .flag(nil, "list-formats", "list the camera's formats, sizes and rates and exit"),
    ])
}

/// The long names of `qrcapture`'s options, for reading them back (`Options<CaptureOption>`);
/// `CaptureCommand.spec` declares each, which the tests check.
public enum CaptureOption: String, OptionName {
  /// `--device`.
  case device
  /// `--size`.
  case size
  /// `--fps`.
  case fps
  /// `--pixel-format`.
  case pixelFormat = "pixel-format"
  /// `--count`.
  case count
  /// `--duration`.
  case duration
  /// `--skip`.
  case skip
  /// `--every`.
  case every
  /// `--restamp`.
  case restamp
  /// `--output`.
  case output
  /// `--max-pixels`.
  case maxPixels = "max-pixels"
  /// `--max-memory`.
  case maxMemory = "max-memory"
  /// `--simulate`.
  case simulate
  /// `--light`.
  case light
  /// `--payloads`.
  case payloads
  /// `--seed`.
  case seed
  /// `--fast`.
  case fast
  /// `--truth`.
  case truth
  /// `--list-devices`.
  case listDevices = "list-devices"
  /// `--list-formats`.
  case listFormats = "list-formats"
}
