// SPDX-License-Identifier: MIT
// The kinds of still scene the generator makes, each a stress a reader meets in the field.

/// A family of generated still scenes, each one a condition under which readers fail.
///
/// Every class is rendered by `SceneGenerator` from a seed; `SceneGenerator` documents the
/// ranges each class draws its parameters from.
public enum SceneClass: String, CaseIterable, Sendable, CustomStringConvertible {
  /// 4032 × 3024 photographs of one to three printed sheets holding 20–60 codes in all.
  case sheets
  /// 1280 × 720 and 1920 × 1080 frames with 2–20 codes of mixed size and polarity.
  case multi
  /// One code filling most of a 1–12 megapixel frame, 40–150 pixels a module where it fits.
  case filling
  /// A code on a monitor or phone: RGB subpixel stripes, pixel grid, moiré, gamma, glare.
  case screen
  /// Dark and light 6–22 % of full scale apart, with Gaussian noise of σ 2–5.
  case lowcontrast
  /// Gaussian or motion blur.
  case blur
  /// Tilted up to 60° away from the camera.
  case perspective
  /// A page bent like a cylinder.
  case curved
  /// A strong lighting gradient, a shadow edge and glare.
  case uneven
  /// Versions 25–40 at 2–3 pixels a module.
  case dense
  /// Micro QR symbols, M1–M4.
  case micro
  /// Textures with no code at all: text-like strokes, checkerboards, noise. Truth is empty.
  case empty
  /// 4032 × 3024 photographs of three printed sheets on a stucco wall, each a grid of 20 codes
  /// of one version and one module size (5–9 px): neighbours' finder patterns make triples as
  /// square as a code's own, and the wall makes patterns of its own. (Last, so that adding it
  /// left the other classes' scenes as they were.)
  case wall
  /// 1280 × 720, one or two codes on mid-gray labels over a busy, blurred background, dark and
  /// light 6–17 % of full scale apart, 3–7 px a module, tilted a little, noise σ 2–5, saved as
  /// JPEG of quality 60–80: low contrast as a phone photographs it.
  case label
  /// 1280 × 720, three to eight codes at 1.6–2.8 px a module, each on a label with a quiet zone of
  /// one or two modules over a page of any shade, blurred by σ 0.5–0.9 px, noise and JPEG:
  /// codes printed small or seen from afar.
  case small
  /// A phone's photograph, up to 12 megapixels and often portrait, of one printed code filling
  /// it at 40–150 px a module: paper grain, ink spread, defocus, uneven light, a Bayer sensor
  /// and JPEG; the finder patterns' runs are hundreds of pixels long and never flat.
  case closeup
  /// A phone's photograph of one code on a display at 35–100 px a module, each display pixel
  /// 3–10 camera pixels of RGB stripes between black gaps: the grid cuts every light run at
  /// full size; moiré, gamma, glare, a black bezel, perspective, a quarter in dark mode.
  case monitor

  /// The class's name, as `qrscenes --class` takes it.
  public var description: String { rawValue }
}
