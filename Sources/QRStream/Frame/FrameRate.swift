// SPDX-License-Identifier: MIT
// A stream's frame rate: a rational number of frames per second, as y4m writes it.

/// A frame rate as an exact fraction, frames per second = `numerator / denominator`.
public struct FrameRate: Equatable, Hashable, Sendable, CustomStringConvertible {
  /// Frames (> 0).
  public let numerator: UInt64
  /// Per this many seconds (> 0).
  public let denominator: UInt64

  /// A rate of `numerator / denominator` frames per second; nil if either is 0.
  public init?(numerator: UInt64, denominator: UInt64 = 1) {
    guard numerator > 0, denominator > 0 else { return nil }
    self.numerator = numerator
    self.denominator = denominator
  }

  /// Parses `30`, `30000/1001` or `30000:1001` (y4m's spelling); nil for anything else or 0.
  public init?(_ text: some StringProtocol) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    let fraction =
      parts.count == 1 ? text.split(separator: ":", omittingEmptySubsequences: false) : parts
    guard fraction.count <= 2, let numerator = UInt64(fraction[0]) else { return nil }
    let denominator = fraction.count == 2 ? UInt64(fraction[1]) : 1
    guard let denominator else { return nil }
    self.init(numerator: numerator, denominator: denominator)
  }

  /// 25 frames per second, what ffmpeg assumes for rawvideo and y4m without an `F` parameter.
  public static let standard = FrameRate(checked: 25, 1)

  private init(checked numerator: UInt64, _ denominator: UInt64) {
    self.numerator = numerator
    self.denominator = denominator
  }

  /// The start of frame `index` in nanoseconds, `index * 10^9 * denominator / numerator`
  /// rounded down, saturating at `UInt64.max`.
  public func nanoseconds(atFrame index: UInt64) -> UInt64 {
    let (high, low) = index.multipliedFullWidth(by: 1_000_000_000)
    // Multiply the 128-bit product by the denominator, then divide; give up (saturate) when the
    // intermediate or the quotient needs more than 128 or 64 bits.
    let (lowHigh, lowLow) = low.multipliedFullWidth(by: denominator)
    let (highHigh, highLow) = high.multipliedFullWidth(by: denominator)
    let (middle, carry) = highLow.addingReportingOverflow(lowHigh)
    guard highHigh == 0, !carry, middle < numerator else { return UInt64.max }
    return numerator.dividingFullWidth((middle, lowLow)).quotient
  }

  /// `numerator/denominator`, or just the numerator when the denominator is 1.
  public var description: String {
    denominator == 1 ? "\(numerator)" : "\(numerator)/\(denominator)"
  }
}
