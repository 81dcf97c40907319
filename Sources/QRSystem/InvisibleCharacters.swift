// SPDX-License-Identifier: MIT
// Characters that change how text shows without showing themselves: escaped, and flagged.

/// The characters records and terminal output never carry raw: C1 controls, and the format
/// characters that reorder or hide text.
///
/// A payload `https://example.com/\u{202E}gpj.exe` shows as `…/exe.jpg` wherever U+202E (RIGHT-
/// TO-LEFT OVERRIDE) is rendered. Escaped are the C1 controls (U+0080…U+009F, U+009B is CSI) and
/// every character of the Unicode general categories Cf (format: the bidirectional embeddings,
/// overrides, isolates and marks U+061C, U+200E, U+200F, U+202A…U+202E, U+2066…U+2069; the
/// zero-width U+200B…U+200D and U+2060; U+00AD, U+FEFF, the tags U+E0000…U+E007F), Zl and Zp
/// (U+2028 LINE SEPARATOR and U+2029 PARAGRAPH SEPARATOR, which some JSON readers and terminals
/// take as line ends).
public enum InvisibleCharacters {
  /// Whether `scalar` is written as an escape in JSON strings and on a terminal.
  @inlinable public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x80 { return false }
    if value < 0xA0 { return true }
    switch scalar.properties.generalCategory {
    case .format, .lineSeparator, .paragraphSeparator: return true
    default: return false
    }
  }

  /// Whether `scalar` makes a payload suspicious: a format character escaped here other than the
  /// zero-width joiner and non-joiner (U+200D, U+200C), which emoji sequences and several scripts
  /// need. Controls, C1 included, make a payload's kind `binary` instead.
  public static func isSuspicious(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value >= 0xA0 && scalar.value != 0x200C && scalar.value != 0x200D && isEscaped(scalar)
  }

  /// Whether `text` holds a character that `isSuspicious(_:)`.
  ///
  /// - Complexity: O(*n*) in the length of `text`; ASCII costs one comparison a byte.
  public static func makesSuspicious(_ text: String) -> Bool {
    text.utf8.contains { $0 >= 0x80 } && text.unicodeScalars.contains(where: isSuspicious)
  }
}
