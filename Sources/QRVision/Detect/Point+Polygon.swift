// SPDX-License-Identifier: MIT
// Whether a point lies inside a symbol's (or a track's) quadrilateral.

import QRImage

extension Point {
  /// Whether the point lies inside the convex polygon `corners` (or on its edge), listed in
  /// either turning direction.
  ///
  /// - Complexity: O(`corners.count`).
  public func isInside(_ corners: [Point]) -> Bool {
    var sign = 0.0
    for i in 0..<corners.count {
      let side = (corners[(i + 1) % corners.count] - corners[i]).cross(self - corners[i])
      if side == 0 { continue }
      if sign == 0 {
        sign = side
      } else if (side > 0) != (sign > 0) {
        return false
      }
    }
    return true
  }
}
