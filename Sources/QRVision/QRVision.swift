// SPDX-License-Identifier: MIT
// Finding QR symbols in gray images (filled by the qrdetect issue).

/// Facts about the vision module.
public enum QRVision {
  /// What the module does.
  public static let summary = "locates and samples QR and Micro QR symbols in gray images"
}
