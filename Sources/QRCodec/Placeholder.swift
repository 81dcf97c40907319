// SPDX-License-Identifier: MIT
// The codec module: ISO/IEC 18004 tables, Reed–Solomon, encoder and decoder (filled by later issues).

/// Facts about the codec module itself.
public enum QRCodec {
  /// The standard the codec implements.
  public static let standard = "ISO/IEC 18004:2015"
}
