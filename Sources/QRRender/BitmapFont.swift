// SPDX-License-Identifier: MIT
// A 3 × 5 pixel font for the labels of --annotate: digits, capitals and common punctuation.

/// A tiny built-in bitmap font: each glyph is 3 pixels wide and 5 high, drawn on a 4 × 6 cell.
///
/// Small enough to keep in the source and readable at any integer scale; lowercase letters are
/// drawn as capitals, and characters without a glyph as a hollow box.
enum BitmapFont {
  /// Glyph width in pixels, before scaling.
  static let glyphWidth = 3
  /// Glyph height in pixels, before scaling.
  static let glyphHeight = 5
  /// Horizontal distance from one glyph to the next, before scaling.
  static let advance = 4
  /// Vertical distance from one line to the next, before scaling.
  static let lineHeight = 6

  /// Whether the pixel at column `x` (0…2), row `y` (0…4) of `character`'s glyph is set.
  static func isSet(_ character: Character, x: Int, y: Int) -> Bool {
    let rows = glyph(character)
    return rows[y] >> (2 - x) & 1 == 1
  }

  /// The glyph of `character` as five 3-bit rows, top first, most significant bit left.
  static func glyph(_ character: Character) -> [UInt8] {
    let upper = character.isLowercase ? Character(character.uppercased()) : character
    return glyphs[upper] ?? box
  }

  private static let box: [UInt8] = rows("###", "#.#", "#.#", "#.#", "###")

  private static func rows(_ lines: String...) -> [UInt8] {
    lines.map { line in line.reduce(0) { $0 << 1 | ($1 == "#" ? 1 : 0) } }
  }

  // swift-format-ignore: each glyph on one line, as a picture of its five rows.
  private static let glyphs: [Character: [UInt8]] = [
    " ": rows("...", "...", "...", "...", "..."),
    "0": rows("###", "#.#", "#.#", "#.#", "###"), "1": rows(".#.", "##.", ".#.", ".#.", "###"),
    "2": rows("##.", "..#", ".#.", "#..", "###"), "3": rows("##.", "..#", ".#.", "..#", "##."),
    "4": rows("#.#", "#.#", "###", "..#", "..#"), "5": rows("###", "#..", "##.", "..#", "##."),
    "6": rows(".##", "#..", "###", "#.#", "###"), "7": rows("###", "..#", ".#.", ".#.", ".#."),
    "8": rows("###", "#.#", "###", "#.#", "###"), "9": rows("###", "#.#", "###", "..#", "##."),
    "A": rows(".#.", "#.#", "###", "#.#", "#.#"), "B": rows("##.", "#.#", "##.", "#.#", "##."),
    "C": rows(".##", "#..", "#..", "#..", ".##"), "D": rows("##.", "#.#", "#.#", "#.#", "##."),
    "E": rows("###", "#..", "##.", "#..", "###"), "F": rows("###", "#..", "##.", "#..", "#.."),
    "G": rows(".##", "#..", "#.#", "#.#", ".##"), "H": rows("#.#", "#.#", "###", "#.#", "#.#"),
    "I": rows("###", ".#.", ".#.", ".#.", "###"), "J": rows("..#", "..#", "..#", "#.#", ".#."),
    "K": rows("#.#", "#.#", "##.", "#.#", "#.#"), "L": rows("#..", "#..", "#..", "#..", "###"),
    "M": rows("#.#", "###", "###", "#.#", "#.#"), "N": rows("##.", "#.#", "#.#", "#.#", "#.#"),
    "O": rows(".#.", "#.#", "#.#", "#.#", ".#."), "P": rows("##.", "#.#", "##.", "#..", "#.."),
    "Q": rows(".#.", "#.#", "#.#", "##.", ".##"), "R": rows("##.", "#.#", "##.", "#.#", "#.#"),
    "S": rows(".##", "#..", ".#.", "..#", "##."), "T": rows("###", ".#.", ".#.", ".#.", ".#."),
    "U": rows("#.#", "#.#", "#.#", "#.#", "###"), "V": rows("#.#", "#.#", "#.#", "#.#", ".#."),
    "W": rows("#.#", "#.#", "###", "###", "#.#"), "X": rows("#.#", "#.#", ".#.", "#.#", "#.#"),
    "Y": rows("#.#", "#.#", ".#.", ".#.", ".#."), "Z": rows("###", "..#", ".#.", "#..", "###"),
    ".": rows("...", "...", "...", "...", ".#."), ",": rows("...", "...", "...", ".#.", "#.."),
    ":": rows("...", ".#.", "...", ".#.", "..."), ";": rows("...", ".#.", "...", ".#.", "#.."),
    "/": rows("..#", "..#", ".#.", "#..", "#.."), "\\": rows("#..", "#..", ".#.", "..#", "..#"),
    "-": rows("...", "...", "###", "...", "..."), "+": rows("...", ".#.", "###", ".#.", "..."),
    "=": rows("...", "###", "...", "###", "..."), "_": rows("...", "...", "...", "...", "###"),
    "?": rows("##.", "..#", ".#.", "...", ".#."), "!": rows(".#.", ".#.", ".#.", "...", ".#."),
    "#": rows("#.#", "###", "#.#", "###", "#.#"), "%": rows("#.#", "..#", ".#.", "#..", "#.#"),
    "&": rows(".#.", "#.#", ".#.", "#.#", ".##"), "@": rows(".#.", "#.#", "###", "#..", ".##"),
    "(": rows(".#.", "#..", "#..", "#..", ".#."), ")": rows(".#.", "..#", "..#", "..#", ".#."),
    "[": rows("##.", "#..", "#..", "#..", "##."), "]": rows(".##", "..#", "..#", "..#", ".##"),
    "<": rows("..#", ".#.", "#..", ".#.", "..#"), ">": rows("#..", ".#.", "..#", ".#.", "#.."),
    "'": rows(".#.", ".#.", "...", "...", "..."), "\"": rows("#.#", "#.#", "...", "...", "..."),
    "*": rows("...", "#.#", ".#.", "#.#", "..."), "~": rows("...", ".##", "##.", "...", "..."),
    "$": rows(".##", "##.", ".#.", ".##", "##."), "^": rows(".#.", "#.#", "...", "...", "..."),
  ]
}
