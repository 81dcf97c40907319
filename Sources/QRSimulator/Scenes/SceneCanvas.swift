// SPDX-License-Identifier: MIT
// The reflectance plane of one still scene, and cards of modules inked onto it.

import Glibc
import QRImage

/// How a card's modules look: printed ink, or lit pixels of a display.
enum CardFinish: Sendable {
  /// Dark and light modules reflect `dark` and `light`.
  case print
  /// A display with `pixelsPerModule` display pixels a module, each made of three vertical
  /// R, G, B stripes and separated by black gaps (`gap`, a fraction of a display pixel). The
  /// camera sees the stripes' luminance (Rec. 709 weights), so a lit pixel is a bright green
  /// stripe between dimmer red and blue ones.
  case screen(pixelsPerModule: Double, gap: Double)
  /// Printed ink that spread into the paper (dot gain): a point within `spread` modules of a
  /// dark module, across or down, is dark, so dark areas grow by `spread` on every side and a
  /// finder pattern's light ring narrows by twice that.
  case ink(spread: Double)
}

/// One card to ink: a square grid of modules (1 dark, 0 light), quiet zone included.
struct SceneCard: Sendable {
  var modules: [UInt8]
  var side: Int
  /// Reflectance (or emitted level, on a screen) of dark and light modules.
  var dark: Float
  var light: Float
  var finish: CardFinish = .print

  /// A card of one colour, such as a sheet of paper or a screen's bezel.
  static func solid(_ level: Float) -> SceneCard {
    SceneCard(modules: [0], side: 1, dark: level, light: level)
  }
}

/// The scene in reflectance, one `Float` a pixel (about 0…1; glare may push it higher later).
///
/// Cards are inked by mapping `samples` × `samples` points of each pixel back to the card
/// (the inverse of its surface) and averaging the modules they land on, blended by the share of
/// points that land on the card. Nothing is allocated per pixel.
struct SceneCanvas {
  let width: Int
  let height: Int
  var values: [Float]

  /// A canvas of `width` × `height` pixels, all `level`.
  init(width: Int, height: Int, level: Float) {
    precondition(width > 0 && height > 0, "SceneCanvas geometry")
    self.width = width
    self.height = height
    values = [Float](repeating: level, count: width * height)
  }

  /// Inks `card` lying on `surface`, with `samples`² points a pixel.
  ///
  /// - Complexity: O(`samples`²) per pixel of the card's bounding box.
  mutating func draw(_ card: SceneCard, on surface: SceneSurface, samples: Int = 3) {
    guard let (x0, y0, x1, y1) = surface.box(side: card.side, width: width, height: height)
    else { return }
    switch surface {
    case .plane(let map):
      let (a, b, c, d, e, f, g, h, i) = map.inverse.coefficients
      fill(card, box: (x0, y0, x1, y1), samples: samples) { x, y in
        let reciprocal = 1 / (g * x + h * y + i)
        return ((a * x + b * y + c) * reciprocal, (d * x + e * y + f) * reciprocal)
      }
    case .cylinder(let page, let originS, let originT, let scale):
      let (cosine, sine) = (cos(page.rotation), sin(page.rotation))
      let radius = page.radius
      let focal = page.focal
      let inverseScale = 1 / scale
      fill(card, box: (x0, y0, x1, y1), samples: samples) { x, y in
        let dx = x - page.centre.x
        let dy = y - page.centre.y
        let across = dx * cosine + dy * sine
        let down = -dx * sine + dy * cosine
        let ratio = across / radius
        if ratio <= -1 || ratio >= 1 { return (-1, -1) }
        let angle = asin(ratio)
        let t = down * (focal + radius * (1 - cos(angle))) / focal
        return ((angle * radius - originS) * inverseScale, (t - originT) * inverseScale)
      }
    }
  }

  /// The shared pixel loop of `draw`: `cardPoint` maps an image point to card modules.
  private mutating func fill(
    _ card: SceneCard, box: (Int, Int, Int, Int), samples: Int,
    cardPoint: (Double, Double) -> (Double, Double)
  ) {
    let (x0, y0, x1, y1) = box
    let side = card.side
    let limit = Double(side)
    let step = 1 / Double(samples)
    let perSample = 1 / Float(samples * samples)
    let light = card.light
    let contrast = card.light - card.dark
    let width = width
    var screenPixels = 0.0
    var gap = 0.0
    var spread = 0.0
    switch card.finish {
    case .print: break
    case .screen(let pixelsPerModule, let gapFraction):
      screenPixels = pixelsPerModule
      gap = gapFraction
    case .ink(let inkSpread): spread = inkSpread
    }
    let last = side - 1
    // Luminance of the R, G, B stripes relative to a uniformly lit pixel.
    let stripes: (Float, Float, Float) = (3 * 0.2126, 3 * 0.7152, 3 * 0.0722)
    card.modules.withUnsafeBufferPointer { modules in
      values.withUnsafeMutableBufferPointer { canvas in
        for y in y0..<y1 {
          let row = y &* width
          for x in x0..<x1 {
            var inside = 0
            var sum: Float = 0
            var py = Double(y) + step / 2
            for _ in 0..<samples {
              var px = Double(x) + step / 2
              for _ in 0..<samples {
                let (u, v) = cardPoint(px, py)
                px += step
                guard u >= 0, v >= 0, u < limit, v < limit else { continue }
                inside &+= 1
                var module = modules[Int(v) &* side &+ Int(u)]
                if spread > 0 && module == 0 {
                  let left = max(Int(u - spread), 0)
                  let right = min(Int(u + spread), last)
                  let top = max(Int(v - spread), 0)
                  let bottom = min(Int(v + spread), last)
                  let cardRow = Int(v) &* side
                  let column = Int(u)
                  module =
                    modules[cardRow &+ left] | modules[cardRow &+ right]
                    | modules[top &* side &+ column]
                    | modules[bottom &* side &+ column]
                }
                var level = light - contrast * Float(module)
                if screenPixels > 0 {
                  let s = u * screenPixels
                  let t = v * screenPixels
                  let fs = s - s.rounded(.down)
                  let ft = t - t.rounded(.down)
                  let third = fs * 3
                  let stripe = Int(third)
                  let inStripe = third - Double(stripe)
                  if ft < gap || inStripe < gap {
                    level *= 0.04
                  } else {
                    level *= stripe == 0 ? stripes.0 : stripe == 1 ? stripes.1 : stripes.2
                  }
                }
                sum += level
              }
              py += step
            }
            if inside == 0 { continue }
            let weight = Float(inside) * perSample
            let old = canvas[row &+ x]
            canvas[row &+ x] = old + weight * (sum / Float(inside) - old)
          }
        }
      }
    }
  }
}
