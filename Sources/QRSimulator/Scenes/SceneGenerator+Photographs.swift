// SPDX-License-Identifier: MIT
// The classes of one code photographed close by a phone: printed on paper, or shown on a display.

import Glibc
import QRCodec
import QRImage
import QRRandom

extension SceneGenerator {
  /// A phone's photograph of one printed code filling the frame: 12 MP portrait (half of them),
  /// 12 MP landscape, 12 MP at 16:9 portrait, or 3 MP portrait. The code (version 1–10, as many
  /// modules as 55–85 % of the short side holds at 40–150 px a module, smaller where a turned
  /// code would leave the frame) is printed in ink 0.04–0.14 on paper 0.72–0.9 whose edge lies
  /// 1.2–3 modules beyond it (a narrow quiet zone, then a board of 0.3–0.6 with a few shapes on
  /// it); the ink spreads by up to 0.1 module; the sheet is turned at random and tilted up to
  /// 26°. Then ink mottle (4–13 %) and paper grain (1–3 %) in blotches of 3–12 px, defocus of
  /// σ 1–3.5 px, light falling by up to 25 % across the frame with vignetting and, in a third, a
  /// soft shadow; a Bayer sensor (noise σ 1.5–4, white balance off by up to 6 %), sharpening
  /// (σ 1.5–3 px, amount 0.6–1.8) and JPEG quality 80–95. Sizes in pixels are for 3024 pixels
  /// of short side and scale with it. The runs of a finder pattern are hundreds of pixels long,
  /// and the grain the sharpening brings out breaks them up at full size.
  static func closeup(_ random: inout SplitMix64) -> GeneratedScene {
    let sizes = [
      (3024, 4032), (3024, 4032), (3024, 4032), (4032, 3024), (2268, 4032), (1512, 2016),
    ]
    let (width, height) = sizes[random.integer(below: sizes.count)]
    let board = Float(random.uniform(0.3, 0.6))
    var scene = SceneBuilder(width: width, height: height, background: board, random: random)
    scene.clutter(count: 4, level: board, spread: 0.12)
    let short = Double(min(width, height))
    let scale = short / 3024
    let fill = short * scene.random.uniform(0.55, 0.85)
    let wanted = scene.random.uniform(40, 150)
    let number = min(max(Int(((fill / wanted - 17) / 4).rounded()), 1), 10)
    var options = EncodeOptions()
    options.version = .qr(Version(number) ?? Version.minimum)
    var found: SceneSymbol?
    while found == nil {
      found = scene.symbol(scene.payloads.next(), options: options, margin: 1)
    }
    guard let symbol = found else { return scene.finish() }
    let paperMargin = scene.random.uniform(1.2, 3)
    let centre = Point(
      x: Double(width) / 2 + scene.random.uniform(-0.05, 0.05) * short,
      y: Double(height) / 2 + scene.random.uniform(-0.05, 0.05) * short)
    let rotation = scene.random.uniform(0, 2 * .pi)
    let tilt = scene.random.uniform(0, 0.45)
    let axis = scene.random.uniform(0, .pi)
    let focal = 0.8 * Double(max(width, height))
    // Smaller if the code and one module of its quiet zone would leave the frame.
    var module = fill / Double(symbol.side - 2)
    let corners = SceneBuilder.quad(
      centre: centre, size: Double(symbol.side) * module, rotation: rotation, tilt: tilt,
      axis: axis, focal: focal)
    var reach = 1 / 1.02
    for corner in corners {
      let offset = corner - centre
      if offset.x != 0 {
        reach = max(reach, offset.x / ((offset.x < 0 ? centre.x : Double(width) - centre.x)))
      }
      if offset.y != 0 {
        reach = max(reach, offset.y / ((offset.y < 0 ? centre.y : Double(height) - centre.y)))
      }
    }
    module /= reach * 1.02
    let paper = Float(scene.random.uniform(0.72, 0.9))
    let sheet = SceneBuilder.quad(
      centre: centre, size: (Double(symbol.side - 2) + 2 * paperMargin) * module,
      rotation: rotation, tilt: tilt, axis: axis, focal: focal)
    scene.fill(sheet, level: paper, samples: 1)
    let quad = SceneBuilder.quad(
      centre: centre, size: Double(symbol.side) * module, rotation: rotation, tilt: tilt,
      axis: axis, focal: focal)
    scene.draw(
      symbol, quad: quad, dark: Float(scene.random.uniform(0.04, 0.14)), light: paper,
      finish: .ink(spread: scene.random.uniform(0, 0.1)), samples: 2)
    scene.canvas.texture(
      paper: scene.random.uniform(0.01, 0.03), ink: scene.random.uniform(0.04, 0.13),
      grain: scene.random.uniform(3, 12) * scale, random: &scene.random)
    scene.canvas.gaussianBlur(sigma: scene.random.uniform(1, 3.5) * scale)
    scene.lighting.exposure = scene.random.uniform(0.95, 1.1)
    let slope = scene.random.uniform(0, 0.25)
    let direction = scene.random.uniform(0, 2 * .pi)
    scene.lighting.gradientX = slope * cos(direction)
    scene.lighting.gradientY = slope * sin(direction)
    scene.lighting.vignette = scene.random.uniform(0.15, 0.4)
    if scene.random.chance(0.33) {
      let normal = scene.random.uniform(0, 2 * .pi)
      scene.lighting.shadowDepth = scene.random.uniform(0.15, 0.4)
      scene.lighting.shadowPoint = centre + Point(x: cos(normal), y: sin(normal)) * (fill * 0.3)
      scene.lighting.shadowNormal = Point(x: cos(normal), y: sin(normal))
      scene.lighting.shadowSoftness = scene.random.uniform(20, 120) * scale
    }
    scene.canvas.demosaiced(
      red: scene.random.uniform(0.94, 1.06), blue: scene.random.uniform(0.94, 1.06),
      noise: scene.random.uniform(1.5, 4), random: &scene.random)
    scene.canvas.sharpened(
      sigma: scene.random.uniform(1.5, 3) * scale, amount: scene.random.uniform(0.6, 1.8))
    scene.lighting.noise = 0.5
    scene.lighting.jpegQuality = 80 + scene.random.integer(below: 16)
    return scene.finish()
  }

  /// A phone's photograph of one code on a display: 12 MP either way up, or a square-ish crop of
  /// 2–8 MP. The code (its version as many modules as 60–85 % of the short side holds at 35–100
  /// px a module, up to 6) is drawn on the display's page, 1–4 modules wider than its quiet
  /// zone, inside a black bezel; each display pixel is 3–10 camera pixels of R, G, B stripes
  /// with black gaps of 5–25 % (so the grid cuts every module into dots and stripes, and their
  /// beat with the sensor makes moiré), black 0.0001–0.001 and white 0.4–0.6 of full scale
  /// before an exposure of 1.2–1.6 (the green stripes clip) and gamma 1.8–2.4; a quarter are
  /// dark mode (light on dark). Turned up to 15°, tilted up to 29°, a glare spot in two of
  /// three, lens blur σ 0.5–2 px, a Bayer sensor's demosaicing, then noise σ 1–2.5 and JPEG
  /// quality 80–95.
  static func monitor(_ random: inout SplitMix64) -> GeneratedScene {
    let sizes = [(3024, 4032), (4032, 3024), (2800, 2800), (2400, 2600), (1600, 1500)]
    let (width, height) = sizes[random.integer(below: sizes.count)]
    let room = Float(random.uniform(0.15, 0.45))
    var scene = SceneBuilder(width: width, height: height, background: room, random: random)
    scene.clutter(count: 6, level: room, spread: 0.15)
    let short = Double(min(width, height))
    let fill = short * scene.random.uniform(0.6, 0.85)
    let wanted = scene.random.uniform(35, 100)
    let number = min(max(Int(((fill / wanted - 17) / 4).rounded()), 1), 6)
    var options = EncodeOptions()
    options.version = .qr(Version(number) ?? Version.minimum)
    let margin = 5 + scene.random.integer(below: 4)
    var found: SceneSymbol?
    while found == nil {
      found = scene.symbol(scene.payloads.next(), options: options, margin: margin)
    }
    guard let symbol = found else { return scene.finish() }
    let module = fill / Double(symbol.side - 2 * margin)
    let centre = Point(
      x: Double(width) / 2 + scene.random.uniform(-0.04, 0.04) * short,
      y: Double(height) / 2 + scene.random.uniform(-0.04, 0.04) * short)
    let rotation = scene.random.uniform(-0.26, 0.26)
    let tilt = scene.random.uniform(0, 0.5)
    let axis = scene.random.uniform(0, .pi)
    let focal = 0.8 * Double(max(width, height))
    let bezel = SceneBuilder.quad(
      centre: centre, size: (Double(symbol.side) + 2 * scene.random.uniform(1, 5)) * module,
      rotation: rotation, tilt: tilt, axis: axis, focal: focal)
    scene.fill(bezel, level: 0.02, samples: 1)
    let quad = SceneBuilder.quad(
      centre: centre, size: Double(symbol.side) * module, rotation: rotation, tilt: tilt,
      axis: axis, focal: focal)
    let cameraPerDisplay = scene.random.uniform(3, 10)
    scene.draw(
      symbol, quad: quad, dark: Float(scene.random.uniform(0.0001, 0.001)),
      light: Float(scene.random.uniform(0.4, 0.6)), inverted: scene.random.chance(0.25),
      finish: .screen(
        pixelsPerModule: module / cameraPerDisplay, gap: scene.random.uniform(0.05, 0.25)))
    scene.lighting.gamma = scene.random.uniform(1.8, 2.4)
    scene.lighting.exposure = scene.random.uniform(1.2, 1.6)
    if scene.random.chance(0.67) {
      let size = Double(symbol.side) * module
      scene.lighting.glare = [
        scene.glare(on: centre, size: size, radius: 0.1...0.4, strength: 0.1...0.5)
      ]
    }
    scene.canvas.gaussianBlur(sigma: scene.random.uniform(0.5, 2))
    scene.canvas.demosaiced(
      red: scene.random.uniform(0.94, 1.06), blue: scene.random.uniform(0.94, 1.06),
      noise: 0, random: &scene.random)
    scene.lighting.noise = scene.random.uniform(1, 2.5)
    scene.lighting.jpegQuality = 80 + scene.random.integer(below: 16)
    return scene.finish()
  }
}
