// SPDX-License-Identifier: MIT
// Turning module grids into pictures (filled by the qrrender issue).

/// Facts about the render module.
public enum QRRender {
  /// What the module does.
  public static let summary = "renders QR module grids as images, terminal art and frames"
}
