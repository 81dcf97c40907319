// SPDX-License-Identifier: MIT
// The working state of one generated scene: canvas, randomness, payloads, light and truth so far.

import Glibc
import QRCodec
import QRImage
import QRRandom
import QRRender

/// A payload encoded by our encoder and framed by a quiet zone, ready to be drawn.
struct SceneSymbol {
  var text: String
  var modules: [UInt8]
  /// Modules on each side, quiet zone included.
  var side: Int
  /// Quiet-zone modules on each side.
  var margin: Int
  var isMicro: Bool
}

/// Builds one scene: the classes in `SceneGenerator+Classes.swift` draw into it.
struct SceneBuilder {
  var canvas: SceneCanvas
  var random: SplitMix64
  var payloads: ScenePayloads
  var lighting = SceneLighting()
  var truth: [SceneCodeTruth] = []

  init(width: Int, height: Int, background: Float, random: SplitMix64) {
    canvas = SceneCanvas(width: width, height: height, level: background)
    var random = random
    payloads = ScenePayloads(random: SplitMix64(seed: random.next()))
    self.random = random
  }

  var width: Int { canvas.width }
  var height: Int { canvas.height }

  /// `text` encoded with `options`, framed by `margin` light modules; nil if it does not fit.
  func symbol(_ text: String, options: EncodeOptions = EncodeOptions(), margin: Int? = nil)
    -> SceneSymbol?
  {
    guard let encoded = try? Encoder.encode(text: text, options: options) else { return nil }
    let isMicro = encoded.kind == .micro
    let quiet = margin ?? (isMicro ? 2 : 4)
    let raster = ModuleRaster(encoded.matrix, margin: quiet, invert: false)
    return SceneSymbol(
      text: text, modules: raster.modules, side: raster.side, margin: quiet, isMicro: isMicro)
  }

  /// A fresh payload's symbol at the default options.
  mutating func nextSymbol() -> SceneSymbol {
    while true {
      if let symbol = symbol(payloads.next()) { return symbol }
    }
  }

  /// The quadrilateral of a square of `size` pixels centred on `centre`, turned by `rotation`
  /// and tilted by `tilt` radians about the in-plane axis at `axis` radians, seen by a pinhole
  /// camera of focal length `focal` pixels; corners in the square's own order.
  static func quad(
    centre: Point, size: Double, rotation: Double, tilt: Double = 0, axis: Double = 0,
    focal: Double = 2000
  ) -> [Point] {
    let half = size / 2
    let along = Point(x: cos(axis), y: sin(axis))
    let across = Point(x: -along.y, y: along.x)
    return [(-half, -half), (half, -half), (half, half), (-half, half)].map { corner in
      let p = Point(
        x: corner.0 * cos(rotation) - corner.1 * sin(rotation),
        y: corner.0 * sin(rotation) + corner.1 * cos(rotation))
      let a = p.dot(along)
      let q = p.dot(across)
      let depth = q * sin(tilt)
      let scale = focal / (focal + depth)
      return centre + (along * a + across * (q * cos(tilt))) * scale
    }
  }

  /// Draws `symbol` on `surface` (card coordinates in modules), dark on light unless `inverted`,
  /// and records its truth.
  mutating func draw(
    _ symbol: SceneSymbol, on surface: SceneSurface, dark: Float, light: Float,
    inverted: Bool = false, finish: CardFinish = .print, samples: Int = 3
  ) {
    let card = SceneCard(
      modules: symbol.modules, side: symbol.side, dark: inverted ? light : dark,
      light: inverted ? dark : light, finish: finish)
    canvas.draw(card, on: surface, samples: samples)
    let low = Double(symbol.margin)
    let high = Double(symbol.side - symbol.margin)
    let corners = [(low, low), (high, low), (high, high), (low, high)].map {
      surface.imagePoint(u: $0.0, v: $0.1)
    }
    truth.append(
      SceneCodeTruth(
        text: symbol.text, corners: corners, isMicro: symbol.isMicro, isInverted: inverted))
  }

  /// Draws `symbol` flat on the quadrilateral `quad` (the card's corners, quiet zone included).
  mutating func draw(
    _ symbol: SceneSymbol, quad: [Point], dark: Float, light: Float, inverted: Bool = false,
    finish: CardFinish = .print, samples: Int = 3
  ) {
    guard let map = PerspectiveTransform(square: Double(symbol.side), to: quad) else { return }
    draw(
      symbol, on: .plane(map), dark: dark, light: light, inverted: inverted, finish: finish,
      samples: samples)
  }

  /// Inks a solid quadrilateral of reflectance `level`.
  mutating func fill(_ quad: [Point], level: Float, samples: Int = 2) {
    guard let map = PerspectiveTransform(square: 1, to: quad) else { return }
    canvas.draw(.solid(level), on: .plane(map), samples: samples)
  }

  /// A glare spot on a screen `size` pixels across centred at `centre`: its centre anywhere
  /// within 0.4 of the size from the screen's, its radius `radius` times the size and its
  /// strength in `strength` (drawn in that order).
  mutating func glare(
    on centre: Point, size: Double, radius: ClosedRange<Double>, strength: ClosedRange<Double>
  ) -> GlareSpot {
    let offset = Point(x: random.uniform(-0.4, 0.4) * size, y: random.uniform(-0.4, 0.4) * size)
    return GlareSpot(
      centre: centre + offset, radius: size * random.uniform(radius.lowerBound, radius.upperBound),
      strength: random.uniform(strength.lowerBound, strength.upperBound))
  }

  /// Scatters `count` soft-edged rectangles of reflectance near `level` (± `spread`) over the
  /// frame: the clutter of a desk or a wall behind the codes.
  mutating func clutter(count: Int, level: Float, spread: Float) {
    let scale = Double(min(width, height))
    for _ in 0..<count {
      let centre = Point(x: random.uniform(0, Double(width)), y: random.uniform(0, Double(height)))
      let w = random.uniform(0.05, 0.5) * scale
      let h = random.uniform(0.05, 0.5) * scale
      let angle = random.uniform(0, .pi)
      let corners = [(-w, -h), (w, -h), (w, h), (-w, h)].map { corner in
        centre
          + Point(
            x: corner.0 / 2 * cos(angle) - corner.1 / 2 * sin(angle),
            y: corner.0 / 2 * sin(angle) + corner.1 / 2 * cos(angle))
      }
      let shade = level + Float(random.uniform(-1, 1)) * spread
      fill(corners, level: min(max(shade, 0.02), 0.98), samples: 1)
    }
  }

  /// Whether a disc at `centre` of radius `radius` stays clear of `taken` discs and inside the
  /// frame.
  func isFree(_ centre: Point, radius: Double, taken: [(Point, Double)]) -> Bool {
    guard centre.x - radius >= 0, centre.y - radius >= 0, centre.x + radius <= Double(width),
      centre.y + radius <= Double(height)
    else { return false }
    return taken.allSatisfy { centre.distance(to: $0.0) > radius + $0.1 }
  }

  /// A centre for a disc of `radius` clear of the discs in `taken` and inside the frame (up to
  /// 60 tries at random), added to `taken`; nil when none was found.
  mutating func freeCentre(radius: Double, taken: inout [(Point, Double)]) -> Point? {
    for _ in 0..<60 {
      let centre = Point(
        x: random.uniform(0, Double(width)), y: random.uniform(0, Double(height)))
      guard isFree(centre, radius: radius, taken: taken) else { continue }
      taken.append((centre, radius))
      return centre
    }
    return nil
  }

  /// The scene finished as a phone photographs it: exposure 1, then a Gaussian blur of σ drawn
  /// from `blur` (pixels), noise of σ drawn from `noise` and a JPEG quality from `quality`,
  /// drawn in that order.
  mutating func photographed(
    blur: (Double, Double), noise: (Double, Double), quality: ClosedRange<Int>
  ) -> GeneratedScene {
    lighting.exposure = 1
    canvas.gaussianBlur(sigma: random.uniform(blur.0, blur.1))
    lighting.noise = random.uniform(noise.0, noise.1)
    lighting.jpegQuality = quality.lowerBound + random.integer(below: quality.count)
    return finish()
  }

  /// The finished scene.
  mutating func finish() -> GeneratedScene {
    var image = canvas.shaded(lighting, random: &random)
    if let quality = lighting.jpegQuality {
      image = JPEGQuantization.degrade(image, quality: quality)
    }
    return GeneratedScene(image: image, codes: truth)
  }
}
