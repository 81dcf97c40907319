// SPDX-License-Identifier: MIT
// What the simulated camera sees, and when: shots of one to three codes between empty stretches.

import Glibc

/// How the camera renders the scene at one moment: light, blur and sensor noise.
struct CameraConditions: Equatable, Sendable {
  /// Illumination at the frame's centre, as a fraction of full scale.
  var brightness: Double
  /// Relative change of illumination from the centre to the right edge (negative: darker there).
  var gradientX: Double
  /// Relative change of illumination from the centre to the bottom edge.
  var gradientY: Double
  /// Relative loss of illumination in the corners (lens vignetting).
  var vignette: Double
  /// Reflectance of whatever lies behind the codes, 0...1.
  var background: Double
  /// Standard deviation of the sensor noise, in gray levels.
  var noise: Double
  /// Passes of a 3-tap binomial blur (0: sharp; each pass adds a variance of half a pixel²).
  var blurPasses: Int

  /// Conditions `fraction` of the way from `self` to `other` (blur switches half way).
  func interpolated(to other: CameraConditions, fraction: Double) -> CameraConditions {
    func mix(_ a: Double, _ b: Double) -> Double { a + (b - a) * fraction }
    return CameraConditions(
      brightness: mix(brightness, other.brightness), gradientX: mix(gradientX, other.gradientX),
      gradientY: mix(gradientY, other.gradientY), vignette: mix(vignette, other.vignette),
      background: mix(background, other.background), noise: mix(noise, other.noise),
      blurPasses: fraction < 0.5 ? blurPasses : other.blurPasses)
  }
}

/// One code's visit to the picture: it enters (sliding in from an edge, fading in or popping up),
/// drifts while it turns, tilts and changes scale, then leaves.
///
/// Its centre follows a cubic Hermite spline through four points: E (entry), A and B (the stretch
/// in view) and X (exit), reached at `times` t0...t3. A sliding entry starts E fully outside the
/// frame; a fading or popping one starts E on the line through A and B, so motion is continuous.
struct Appearance: Sendable {
  /// Index of the code in the scene's codes.
  var code: Int
  /// Entry starts, entry done, exit starts, gone (seconds of stream time).
  var times: (Double, Double, Double, Double)
  /// E, A, B, X in pixels.
  var points: [SIMD2<Double>]
  /// Whether the entry and the exit fade the code's opacity (else it is opaque throughout).
  var fadesIn: Bool
  var fadesOut: Bool
  /// Pixels per module at t0 and at t3 (linear in between).
  var moduleSize: (Double, Double)
  /// In-plane rotation at t0 (radians) and its rate (radians per second).
  var angle: Double
  var spin: Double
  /// Tilt about the horizontal and vertical axes: amplitude (radians), frequency (Hz), phase.
  var tiltX: (Double, Double, Double)
  var tiltY: (Double, Double, Double)
  /// Reflectance of dark and light modules.
  var dark: Double
  var light: Double

  /// Whether the appearance shows anything at `time`.
  func isActive(at time: Double) -> Bool { time >= times.0 && time < times.3 }

  /// The centre at `time` (within t0..<t3).
  func centre(at time: Double) -> SIMD2<Double> {
    let keys = [times.0, times.1, times.2, times.3]
    let segment = time < keys[1] ? 0 : time < keys[2] ? 1 : 2
    let (t0, t1) = (keys[segment], keys[segment + 1])
    let span = max(t1 - t0, 1e-6)
    // Catmull–Rom style tangents (per second), scaled to the segment.
    func velocity(_ index: Int) -> SIMD2<Double> {
      let before = max(index - 1, 0)
      let after = min(index + 1, 3)
      return (points[after] - points[before]) / max(keys[after] - keys[before], 1e-6)
    }
    let s = min(max((time - t0) / span, 0), 1)
    let s2 = s * s
    let s3 = s2 * s
    let h00 = 2 * s3 - 3 * s2 + 1
    let h10 = s3 - 2 * s2 + s
    let h01 = -2 * s3 + 3 * s2
    let h11 = s3 - s2
    return h00 * points[segment] + h10 * span * velocity(segment) + h01 * points[segment + 1]
      + h11 * span * velocity(segment + 1)
  }

  /// Opacity at `time`: 1 except while fading in or out.
  func opacity(at time: Double) -> Double {
    var alpha = 1.0
    if fadesIn && time < times.1 {
      alpha = min(alpha, smoothstep((time - times.0) / max(times.1 - times.0, 1e-6)))
    }
    if fadesOut && time > times.2 {
      alpha = min(alpha, smoothstep((times.3 - time) / max(times.3 - times.2, 1e-6)))
    }
    return alpha
  }

  /// Pixels per module at `time`.
  func moduleSize(at time: Double) -> Double {
    let fraction = (time - times.0) / max(times.3 - times.0, 1e-6)
    return moduleSize.0 + (moduleSize.1 - moduleSize.0) * min(max(fraction, 0), 1)
  }

  /// The card's corners in the frame at `time`, in the order of the card's module corners
  /// (0, 0), (side, 0), (side, side), (0, side), seen through a pinhole of focal length `focal`.
  func corners(at time: Double, side: Int, focal: Double) -> [SIMD2<Double>] {
    let centre = centre(at: time)
    let half = Double(side) * moduleSize(at: time) / 2
    let local = time - times.0
    let theta = angle + spin * local
    let alpha = tiltX.0 * sin(2 * Double.pi * tiltX.1 * local + tiltX.2)
    let beta = tiltY.0 * sin(2 * Double.pi * tiltY.1 * local + tiltY.2)
    let (cosT, sinT) = (cos(theta), sin(theta))
    let (cosA, sinA) = (cos(alpha), sin(alpha))
    let (cosB, sinB) = (cos(beta), sin(beta))
    return [(-half, -half), (half, -half), (half, half), (-half, half)].map { x, y in
      // Turn in the card's plane, tilt about the camera's x then y axis, project.
      let x1 = x * cosT - y * sinT
      let y1 = x * sinT + y * cosT
      let y2 = y1 * cosA
      let z2 = y1 * sinA
      let x3 = x1 * cosB + z2 * sinB
      let z3 = -x1 * sinB + z2 * cosB
      let scale = focal / (focal + z3)
      return SIMD2(centre.x + x3 * scale, centre.y + y2 * scale)
    }
  }
}

/// A stretch of the stream: an empty gap, then one to three codes in their lanes.
struct Shot: Sendable {
  /// When the gap before the shot starts (the previous shot's end).
  var gapStart: Double
  /// When the first code starts to enter.
  var start: Double
  /// When the last code is gone.
  var end: Double
  /// The camera before and during the shot (the change is eased over the gap's first moments).
  var previousConditions: CameraConditions
  var conditions: CameraConditions
  /// The codes of the shot.
  var appearances: [Appearance]

  /// The camera conditions at `time` (within gapStart..<end).
  func conditions(at time: Double) -> CameraConditions {
    let fraction = (time - gapStart) / Self.conditionsEasing
    if fraction >= 1 { return conditions }
    return previousConditions.interpolated(to: conditions, fraction: smoothstep(fraction))
  }

  /// How long a change of conditions takes, at the start of the gap.
  static let conditionsEasing = 0.4
}

/// The Hermite smoothstep 3t² − 2t³, clamped to 0...1.
func smoothstep(_ t: Double) -> Double {
  let x = min(max(t, 0), 1)
  return x * x * (3 - 2 * x)
}
