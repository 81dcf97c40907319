// SPDX-License-Identifier: MIT
// Terminal art: ASCII, UTF-8 half blocks and ANSI background colours.

/// Draws module rasters as text for terminals and printouts.
///
/// Each module is `scale` pixels square; a pixel is two columns wide in ASCII and ANSI art (a
/// character cell is about twice as tall as wide) and one column by half a line in half-block
/// art. Every line ends in `\n`.
public enum TextRenderer {
  /// `##` for each dark pixel and two spaces for each light one (or the reverse when
  /// `inverted`, for light-on-dark terminals).
  ///
  /// - Complexity: O(*w* × *h*).
  public static func ascii(_ raster: ModuleRaster, scale: Int, inverted: Bool) -> [UInt8] {
    let ink: UInt8 = inverted ? 0 : 1
    let lineLength = raster.side * 2 * scale + 1
    var bytes: [UInt8] = []
    bytes.reserveCapacity(lineLength * raster.side * scale)
    var line = [UInt8](repeating: 0x0A, count: lineLength)
    for y in 0..<raster.side {
      var column = 0
      for module in raster.row(y) {
        let character = module == ink ? UInt8(ascii: "#") : UInt8(ascii: " ")
        for _ in 0..<2 * scale {
          line[column] = character
          column += 1
        }
      }
      for _ in 0..<scale { bytes.append(contentsOf: line) }
    }
    return bytes
  }

  /// Half blocks: each character is two pixel rows, drawn with `█`, `▀`, `▄` or a space.
  ///
  /// Blocks stand for light pixels (the terminal's light foreground on its dark background), or
  /// for dark pixels when `inverted`. An odd last row pairs with no ink below it, so the bottom
  /// half of the last line shows the terminal background.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func utf8(_ raster: ModuleRaster, scale: Int, inverted: Bool) -> [UInt8] {
    let ink: UInt8 = inverted ? 1 : 0
    let height = raster.side * scale
    var bytes: [UInt8] = []
    // At most three bytes a column, and a newline, for every two pixel rows.
    bytes.reserveCapacity((3 * raster.side * scale + 1) * (height + 1) / 2)
    var top = 0
    while top < height {
      let upper = raster.row(top / scale)
      let lower = top + 1 < height ? raster.row((top + 1) / scale) : nil
      for x in 0..<raster.side {
        let isUpperInk = upper[upper.startIndex + x] == ink
        let isLowerInk = lower.map { $0[$0.startIndex + x] == ink } ?? false
        guard isUpperInk || isLowerInk else {
          for _ in 0..<scale { bytes.append(0x20) }
          continue
        }
        // The last byte of U+2588 FULL BLOCK, U+2580 UPPER or U+2584 LOWER HALF BLOCK.
        let last: UInt8 = isUpperInk ? (isLowerInk ? 0x88 : 0x80) : 0x84
        for _ in 0..<scale {
          bytes.append(0xE2)
          bytes.append(0x96)
          bytes.append(last)
        }
      }
      bytes.append(0x0A)
      top += 2
    }
    return bytes
  }

  /// Two spaces per pixel on a background colour, so the symbol reads the same on light and
  /// dark terminals. Black and white use the basic SGR 40 and 47, which every terminal has;
  /// other colours SGR 48;2 (24-bit). Each line resets the colours (`ESC[0m`) before its
  /// newline.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func ansi(
    _ raster: ModuleRaster, scale: Int, dark: RGBColor, light: RGBColor
  ) -> [UInt8] {
    let darkCode = Array(sgrBackground(dark).utf8)
    let lightCode = Array(sgrBackground(light).utf8)
    var bytes: [UInt8] = []
    for y in 0..<raster.side {
      var line: [UInt8] = []
      var current: UInt8? = nil
      for module in raster.row(y) {
        if module != current {
          line.append(contentsOf: module != 0 ? darkCode : lightCode)
          current = module
        }
        for _ in 0..<2 * scale { line.append(0x20) }
      }
      line.append(contentsOf: Array("\u{1B}[0m\n".utf8))
      for _ in 0..<scale { bytes.append(contentsOf: line) }
    }
    return bytes
  }

  /// Half blocks in colour: each character is two pixel rows, `▀` in the upper pixel's colour
  /// (foreground) on the lower pixel's (background), or a space on the background when both
  /// are alike; an odd last row pairs with the light colour below it. Black and white use SGR
  /// 30/37 and 40/47, other colours 38;2 and 48;2. Colours are set only when they change, and
  /// each line resets them (`ESC[0m`) before its newline.
  ///
  /// - Complexity: O(*w* × *h*).
  public static func ansiUTF8(
    _ raster: ModuleRaster, scale: Int, dark: RGBColor, light: RGBColor
  ) -> [UInt8] {
    let backgrounds = [Array(sgrBackground(light).utf8), Array(sgrBackground(dark).utf8)]
    let foregrounds = [Array(sgrForeground(light).utf8), Array(sgrForeground(dark).utf8)]
    let height = raster.side * scale
    var bytes: [UInt8] = []
    var top = 0
    while top < height {
      let upper = raster.row(top / scale)
      let lower = top + 1 < height ? raster.row((top + 1) / scale) : nil
      var background: UInt8?
      var foreground: UInt8?
      for x in 0..<raster.side {
        let isUpperDark = upper[upper.startIndex + x] != 0 ? 1 : 0
        let isLowerDark = lower.map { $0[$0.startIndex + x] != 0 ? 1 : 0 } ?? 0
        let below = UInt8(isLowerDark)
        if background != below {
          bytes += backgrounds[isLowerDark]
          background = below
        }
        if isUpperDark == isLowerDark {
          for _ in 0..<scale { bytes.append(0x20) }
          continue
        }
        let above = UInt8(isUpperDark)
        if foreground != above {
          bytes += foregrounds[isUpperDark]
          foreground = above
        }
        for _ in 0..<scale { bytes += upperHalfBlock }
      }
      bytes += Array("\u{1B}[0m\n".utf8)
      top += 2
    }
    return bytes
  }

  // MARK: - Glyphs

  /// U+2580 UPPER HALF BLOCK.
  static let upperHalfBlock: [UInt8] = [0xE2, 0x96, 0x80]

  /// The escape that sets the background: `ESC[40m` for black and `ESC[47m` for white (ECMA-48;
  /// 47 is a light gray on some terminals, light enough), else `ESC[48;2;R;G;Bm` for a 24-bit
  /// colour (ITU T.416, as xterm and most current terminals read it).
  static func sgrBackground(_ color: RGBColor) -> String {
    switch color {
    case .black: "\u{1B}[40m"
    case .white: "\u{1B}[47m"
    default: "\u{1B}[48;2;\(color.red);\(color.green);\(color.blue)m"
    }
  }

  /// The escape that sets the foreground: `ESC[30m`, `ESC[37m` or `ESC[38;2;R;G;Bm`.
  static func sgrForeground(_ color: RGBColor) -> String {
    switch color {
    case .black: "\u{1B}[30m"
    case .white: "\u{1B}[37m"
    default: "\u{1B}[38;2;\(color.red);\(color.green);\(color.blue)m"
    }
  }
}
