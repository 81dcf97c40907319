// SPDX-License-Identifier: MIT
// One payload of the simulation, encoded once as a card of modules.

import QRCodec
import QRRender

/// A payload encoded by our encoder, framed by its quiet zone: the printed card the simulated
/// camera films.
struct SimulatedCode: Sendable {
  /// The payload's text.
  let payload: String
  /// Modules of the card, quiet zone included, row-major: 1 dark, 0 light.
  let modules: [UInt8]
  /// Modules on each side of the card.
  let side: Int
  /// Modules on each side of the symbol (the card less its quiet zone).
  let symbolSize: Int

  /// The light modules around the symbol on each side (ISO/IEC 18004's quiet zone).
  static let quietZone = 4

  /// Encodes `payload` at level M in the smallest QR Code version that holds it.
  ///
  /// - Throws: `EncodeError` when the payload does not fit any version.
  init(payload: String) throws(EncodeError) {
    self.payload = payload
    let symbol = try Encoder.encode(text: payload, options: EncodeOptions())
    let raster = ModuleRaster(symbol.matrix, margin: Self.quietZone, invert: false)
    modules = raster.modules
    side = raster.side
    symbolSize = symbol.size
  }
}
