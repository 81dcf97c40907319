// SPDX-License-Identifier: MIT
// The detector's image operations: the pyramid's halving and the closer look's doubling.

import QRImage

extension GrayImage {
  /// Puts the image at half size, each pixel the mean of a 2 × 2 block, into `storage`, whose
  /// pixels are reused when the size is the same.
  ///
  /// - Complexity: O(*pixels*).
  func halve(into storage: inout GrayImage?) {
    let image = self
    let width = image.width / 2
    let height = image.height / 2
    // Taken out of `storage` so that its pixels are uniquely referenced and written in place.
    var half = storage.take() ?? GrayImage(width: width, height: height)
    defer { storage = half }
    if half.width != width || half.height != height {
      half = GrayImage(width: width, height: height)
    }
    let sourceWidth = image.width
    image.pixels.withUnsafeBufferPointer { source in
      half.pixels.withUnsafeMutableBufferPointer { target in
        // swift-format-ignore: NeverForceUnwrap
        let from = UnsafeRawPointer(source.baseAddress!)  // images are never empty
        // swift-format-ignore: NeverForceUnwrap
        let to = UnsafeMutableRawPointer(target.baseAddress!)
        // Unsafe: 2x+1 < source width and 2y+1 < source height by the halving above; the
        // 16-byte loads read source columns 2x ..< 2x+16 with x + 8 <= width.
        let low = SIMD8<UInt16>(repeating: 0x00FF)
        let rounding = SIMD8<UInt16>(repeating: 2)
        for y in 0..<height {
          let row = 2 &* y &* sourceWidth
          let out = y &* width
          var x = 0
          // Eight output pixels from sixteen source pixels of each of two rows, as 16-bit
          // lanes of even and odd bytes (little-endian, as on every platform Swift runs on
          // Linux; a lane sums a 2 × 2 block, at most 1020 + 2).
          @inline(__always) func eight(_ i: Int) -> SIMD8<UInt8> {
            let top = unsafeBitCast(
              from.loadUnaligned(fromByteOffset: i, as: SIMD16<UInt8>.self), to: SIMD8<UInt16>.self)
            let bottom = unsafeBitCast(
              from.loadUnaligned(fromByteOffset: i &+ sourceWidth, as: SIMD16<UInt8>.self),
              to: SIMD8<UInt16>.self)
            let sums = (top & low) &+ (top &>> 8) &+ (bottom & low) &+ (bottom &>> 8) &+ rounding
            return SIMD8<UInt8>(truncatingIfNeeded: sums &>> 2)
          }
          // Sixteen at a time, stored at once (measured: a sixth fewer instructions than eight at a time).
          while x &+ 16 <= width {
            let i = row &+ 2 &* x
            to.storeBytes(
              of: SIMD16(lowHalf: eight(i), highHalf: eight(i &+ 16)), toByteOffset: out &+ x,
              as: SIMD16<UInt8>.self)
            x &+= 16
          }
          while x &+ 8 <= width {
            to.storeBytes(
              of: eight(row &+ 2 &* x), toByteOffset: out &+ x, as: SIMD8<UInt8>.self)
            x &+= 8
          }
          while x < width {
            let i = row &+ 2 &* x
            let sum =
              Int(source[i]) &+ Int(source[i &+ 1]) &+ Int(source[i &+ sourceWidth])
              &+ Int(source[i &+ sourceWidth &+ 1])
            target[out &+ x] = UInt8(truncatingIfNeeded: (sum &+ 2) >> 2)
            x &+= 1
          }
        }
      }
    }
  }

  /// The image at twice its width and height: each pixel four, interpolated bilinearly between
  /// the pixel centres (a new pixel weighs its own source pixel 3 and the next one across 1,
  /// then the same down), so that point (x, y) of the result is point (x / 2, y / 2) of this
  /// image.
  ///
  /// - Complexity: O(*pixels*).
  func doubled() -> GrayImage {
    let image = self
    let width = image.width
    let height = image.height
    var out = GrayImage(width: 2 * width, height: 2 * height)
    // Source rows widened (each value 4 × a pixel), three at a time: the row above the one
    // being doubled, that row, and the one below (the edge rows stand in for those beyond).
    var rows = [UInt16](repeating: 0, count: 3 * 2 * width)
    image.pixels.withUnsafeBufferPointer { pixels in
      rows.withUnsafeMutableBufferPointer { rows in
        out.pixels.withUnsafeMutableBufferPointer { out in
          // Unsafe, measured: in a window doubled for the closer look this was a sixth of a
          // frame's instructions with checked subscripts. Every index is below y × width +
          // width (y < height) in `pixels`, below 6 × width in `rows` (three rows of 2 ×
          // width) and below 4 × width × height in `out`.
          // swift-format-ignore: NeverForceUnwrap
          let source = pixels.baseAddress!  // images are never empty
          // swift-format-ignore: NeverForceUnwrap
          let widened = rows.baseAddress!
          // swift-format-ignore: NeverForceUnwrap
          let target = out.baseAddress!
          func widen(_ y: Int, into slot: Int) {
            let from = source + y &* width
            let row = widened + slot &* 2 &* width
            row[0] = 3 &* UInt16(from[0]) &+ UInt16(from[0])
            row[2 &* width &- 1] = 3 &* UInt16(from[width &- 1]) &+ UInt16(from[width &- 1])
            if width > 1 {
              row[1] = 3 &* UInt16(from[0]) &+ UInt16(from[1])
              row[2 &* width &- 2] = 3 &* UInt16(from[width &- 1]) &+ UInt16(from[width &- 2])
            }
            var x = 1
            while x < width &- 1 {
              let centre = 3 &* UInt16(from[x])
              row[2 &* x] = centre &+ UInt16(from[x &- 1])
              row[2 &* x &+ 1] = centre &+ UInt16(from[x &+ 1])
              x &+= 1
            }
          }
          // The slots of the rows above, here and below, turning as y goes down.
          var (above, here, below) = (0, 1, 2)
          widen(0, into: here)
          widen(0, into: above)
          for y in 0..<height {
            widen(min(y &+ 1, height &- 1), into: below)
            let top = target + 4 &* y &* width
            let bottom = top + 2 &* width
            let (up, middle, down) = (
              widened + above &* 2 &* width, widened + here &* 2 &* width,
              widened + below &* 2 &* width
            )
            for x in 0..<(2 &* width) {
              let centre = 3 &* middle[x]
              top[x] = UInt8(truncatingIfNeeded: (centre &+ up[x] &+ 8) &>> 4)
              bottom[x] = UInt8(truncatingIfNeeded: (centre &+ down[x] &+ 8) &>> 4)
            }
            (above, here, below) = (here, below, above)
          }
        }
      }
    }
    return out
  }
}
