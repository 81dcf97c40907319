// SPDX-License-Identifier: MIT
// A record's "corners" ([[x,y],…]) and how far they moved, for update events.

import QRImage

/// Reading and comparing the `corners` of a record.
public enum Corners {
  /// The points of a `corners` value written as an array of `[x, y]` number pairs, or nil if it
  /// is written any other way.
  ///
  /// - Precondition: `json` is valid JSON (already checked by `JSONObjectScanner`).
  public static func points(_ json: UnsafeRawBufferPointer) -> [Point]? {
    var points: [Point] = []
    var i = JSONObjectScanner.skipWhitespace(json, from: 0)
    func expect(_ byte: UInt8) -> Bool {
      i = JSONObjectScanner.skipWhitespace(json, from: i)
      guard i < json.count, json[i] == byte else { return false }
      i += 1
      return true
    }
    func number() -> Double? {
      i = JSONObjectScanner.skipWhitespace(json, from: i)
      guard i < json.count else { return nil }
      let stop = JSONObjectScanner.scanNumber(json, from: i)
      guard stop > 0 else { return nil }
      defer { i = stop }
      return JSONString.number(UnsafeRawBufferPointer(rebasing: json[i..<stop]))
    }
    guard expect(UInt8(ascii: "[")) else { return nil }
    if expect(UInt8(ascii: "]")) { return points }
    repeat {
      guard expect(UInt8(ascii: "[")), let x = number(), expect(UInt8(ascii: ",")),
        let y = number(), expect(UInt8(ascii: "]"))
      else { return nil }
      points.append(Point(x: x, y: y))
    } while expect(UInt8(ascii: ","))
    return expect(UInt8(ascii: "]")) ? points : nil
  }

  /// How far the corners moved: the largest distance between corresponding points, or infinity
  /// if the two lists differ in length (a different outline is a move).
  public static func displacement(from old: [Point], to new: [Point]) -> Double {
    guard old.count == new.count else { return .infinity }
    var largest = 0.0
    for (a, b) in zip(old, new) {
      let dx = a.x - b.x
      let dy = a.y - b.y
      largest = max(largest, (dx * dx + dy * dy).squareRoot())
    }
    return largest
  }
}
