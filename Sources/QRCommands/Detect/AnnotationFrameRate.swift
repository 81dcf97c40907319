// SPDX-License-Identifier: MIT
// The frame rate qrdetect --annotate writes: the input's, from its first two frames.

import QRRecords
import QRStream

/// How `qrdetect --annotate` keeps its input's frame rate.
public enum AnnotationFrameRate {
  /// The y4m frame rate of `--annotate` output, from the first two frames' numbers and times
  /// (the y4m input's `F` rate, the qrframe timestamps, or the rate images are stamped at): a
  /// rate within 0.02% of an NTSC rate (30000/1001...) or within 1% of a whole number is that
  /// rate (camera timestamps jitter), any other in thousandths; 25 when the frames say nothing.
  public static func of(_ first: FrameOrigin, _ second: FrameOrigin?) -> FrameRate {
    var frames = Double(first.sequence)
    var seconds = first.seconds
    if let second, second.sequence > first.sequence, second.seconds > first.seconds {
      frames = Double(second.sequence - first.sequence)
      seconds = second.seconds - first.seconds
    }
    let rate = frames / seconds
    guard rate.isFinite, rate >= 0.001, rate <= 1_000_000 else { return .standard }
    let ntsc = (rate * 1.001).rounded()
    if ntsc >= 1, abs(rate - ntsc * 1000 / 1001) <= rate * 0.0002 {
      return FrameRate(numerator: UInt64(ntsc) * 1000, denominator: 1001) ?? .standard
    }
    let whole = rate.rounded()
    if whole >= 1, abs(rate - whole) <= rate * 0.01 {
      return FrameRate(numerator: UInt64(whole)) ?? .standard
    }
    var numerator = UInt64((rate * 1000).rounded())
    var denominator: UInt64 = 1000
    while numerator % 2 == 0 && denominator % 2 == 0 {
      (numerator, denominator) = (numerator / 2, denominator / 2)
    }
    while numerator % 5 == 0 && denominator % 5 == 0 {
      (numerator, denominator) = (numerator / 5, denominator / 5)
    }
    return FrameRate(numerator: numerator, denominator: denominator) ?? .standard
  }
}
