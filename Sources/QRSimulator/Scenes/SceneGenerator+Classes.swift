// SPDX-License-Identifier: MIT
// The recipe of each scene class: sizes, placements, finishes and light.

import Glibc
import QRCodec
import QRImage
import QRRandom

extension SceneGenerator {
  // MARK: - Many codes

  /// 4032 × 3024: one to three A4 sheets on a darker desk, mildly tilted (≤ 12°) and turned
  /// (≤ 8°), holding 20–60 codes in all in a grid. Module pitch is as large as the grid allows
  /// (the 25–40 px wished for do not fit 20–60 codes into 12 megapixels), about 9–20 px.
  static func sheets(_ random: inout SplitMix64) -> GeneratedScene {
    var scene = SceneBuilder(
      width: 4032, height: 3024, background: Float(random.uniform(0.15, 0.35)), random: random)
    scene.clutter(count: 6, level: 0.25, spread: 0.1)
    let sheetCount = 1 + scene.random.integer(below: 3)
    let total = 20 + scene.random.integer(below: 41)
    let slotWidth = 4032.0 / Double(sheetCount)
    for sheet in 0..<sheetCount {
      let count = total / sheetCount + (sheet < total % sheetCount ? 1 : 0)
      // The sheet in its own plane: 210 × 297 units, portrait or landscape as fits the slot.
      let portrait = slotWidth < 3024
      let (sheetW, sheetH) = portrait ? (210.0, 297.0) : (297.0, 210.0)
      let scale = min(slotWidth * 0.9 / sheetW, 3024 * 0.9 / sheetH)
      let centre = Point(
        x: slotWidth * (Double(sheet) + 0.5) + scene.random.uniform(-0.03, 0.03) * slotWidth,
        y: 1512 + scene.random.uniform(-60, 60))
      let rotation = scene.random.uniform(-0.14, 0.14)
      let tilt = scene.random.uniform(0, 0.21)
      let axis = scene.random.uniform(0, .pi)
      let plane = [
        Point(x: 0, y: 0), Point(x: sheetW, y: 0), Point(x: sheetW, y: sheetH),
        Point(x: 0, y: sheetH),
      ]
      let corners = sheetCorners(
        centre: centre, width: sheetW * scale, height: sheetH * scale, rotation: rotation,
        tilt: tilt, axis: axis, focal: 6000)
      guard let sheetMap = PerspectiveTransform(from: plane, to: corners) else { continue }
      scene.fill(corners, level: Float(scene.random.uniform(0.82, 0.95)))
      // Codes in a grid of cells on the sheet, margins of 12 units.
      let columns = max(Int((Double(count) * sheetW / sheetH).squareRoot().rounded()), 1)
      let rows = (count + columns - 1) / columns
      let cellW = (sheetW - 24) / Double(columns)
      let cellH = (sheetH - 24) / Double(rows)
      let cell = min(cellW, cellH)
      for slot in 0..<count {
        let symbol = scene.nextSymbol()
        let cardSize = cell * scene.random.uniform(0.8, 0.95)
        let cx = 12 + cellW * (Double(slot % columns) + 0.5)
        let cy = 12 + cellH * (Double(slot / columns) + 0.5)
        let card = square(centre: Point(x: cx, y: cy), side: cardSize, on: sheetMap)
        scene.draw(symbol, quad: card, dark: 0.06, light: 0.9)
      }
    }
    scene.lighting.gradientX = scene.random.uniform(-0.1, 0.1)
    scene.lighting.gradientY = scene.random.uniform(-0.1, 0.1)
    scene.lighting.vignette = 0.15
    scene.canvas.gaussianBlur(sigma: scene.random.uniform(0.6, 1.2))
    scene.lighting.noise = scene.random.uniform(1, 3)
    return scene.finish()
  }

  /// Three sheets on a stucco wall, as a phone photographs a test wall of codes: two sheets
  /// one above the other at the left, the third turned by up to 35° at the right; each holds a
  /// 5 × 4 grid of codes of one version (1 or 2, level M, every code of the scene the same) at
  /// one module size (5–9 px), spaced by 8–12 modules of paper. The wall is light stucco: bumps
  /// of 2–12 px a tenth darker or lighter than their surroundings, which a local threshold
  /// turns into dark blobs and rings.
  static func wall(_ random: inout SplitMix64) -> GeneratedScene {
    var scene = SceneBuilder(
      width: 4032, height: 3024, background: Float(random.uniform(0.6, 0.75)), random: random)
    stucco(&scene.canvas, bumps: 60_000, random: &scene.random)
    var options = EncodeOptions()
    options.version = .qr(Version(1 + scene.random.integer(below: 2)) ?? Version.minimum)
    let pitch = scene.random.uniform(5, 9)
    let gap = scene.random.uniform(8, 12)
    let tag = scene.random.integer(below: 1000)
    // The sheets' centres and turns, as fractions of the frame.
    let sheets: [(x: Double, y: Double, rotation: Double)] = [
      (0.3, 0.27, scene.random.uniform(-0.08, 0.08)),
      (0.3, 0.73, scene.random.uniform(-0.08, 0.08)),
      (0.72, 0.5, scene.random.uniform(-0.6, 0.6)),
    ]
    for (sheet, place) in sheets.enumerated() {
      var symbols: [SceneSymbol] = []
      for slot in 0..<20 {
        let text = "wall \(tag) \(sheet)-\(slot)"
        guard let symbol = scene.symbol(text, options: options) else { continue }
        symbols.append(symbol)
      }
      guard let first = symbols.first else { continue }
      // A cell is a code (its quiet zone included) and the paper beyond it, in pixels.
      let cell = (Double(first.side) + gap - 8) * pitch
      let (columns, rows) = (5, 4)
      let width = Double(columns) * cell + 2 * gap * pitch
      let height = Double(rows) * cell + 2 * gap * pitch
      let corners = sheetCorners(
        centre: Point(x: place.x * 4032, y: place.y * 3024), width: width, height: height,
        rotation: place.rotation, tilt: scene.random.uniform(0, 0.2),
        axis: scene.random.uniform(0, .pi), focal: 6000)
      let plane = [
        Point(x: 0, y: 0), Point(x: width, y: 0), Point(x: width, y: height),
        Point(x: 0, y: height),
      ]
      guard let sheetMap = PerspectiveTransform(from: plane, to: corners) else { continue }
      scene.fill(corners, level: Float(scene.random.uniform(0.85, 0.95)))
      let side = Double(first.side) * pitch
      for (slot, symbol) in symbols.enumerated() {
        let x = gap * pitch + (Double(slot % columns) + 0.5) * cell
        let y = gap * pitch + (Double(slot / columns) + 0.5) * cell
        let card = square(centre: Point(x: x, y: y), side: side, on: sheetMap)
        scene.draw(symbol, quad: card, dark: 0.08, light: 0.9)
      }
    }
    scene.lighting.gradientX = scene.random.uniform(-0.15, 0.15)
    scene.lighting.gradientY = scene.random.uniform(-0.15, 0.15)
    scene.lighting.vignette = 0.2
    scene.canvas.gaussianBlur(sigma: scene.random.uniform(0.8, 1.5))
    scene.lighting.noise = scene.random.uniform(2, 4)
    return scene.finish()
  }

  /// Bumps of stucco over the whole canvas: `bumps` discs of radius 1–6 px, each lit on one
  /// side and shaded on the other (light from the top left), by up to a tenth of the level.
  static func stucco(_ canvas: inout SceneCanvas, bumps: Int, random: inout SplitMix64) {
    let (width, height) = (canvas.width, canvas.height)
    for _ in 0..<bumps {
      let cx = random.uniform(0, Double(width))
      let cy = random.uniform(0, Double(height))
      let radius = random.uniform(1, 6)
      let strength = Float(random.uniform(0.04, 0.1))
      let reach = Int(radius.rounded(.up))
      for dy in -reach...reach {
        let y = Int(cy) + dy
        guard y >= 0, y < height else { continue }
        for dx in -reach...reach {
          let x = Int(cx) + dx
          guard x >= 0, x < width else { continue }
          let (u, v) = (Double(dx) / radius, Double(dy) / radius)
          let inside = 1 - (u * u + v * v)
          guard inside > 0 else { continue }
          // Lit where the bump faces the light (up and left), shaded where it faces away.
          let facing = Float(-(u + v) * 0.7)
          canvas.values[y * width + x] *= 1 + strength * facing * Float(inside.squareRoot() + 0.3)
        }
      }
    }
  }

  /// The corners of the square of `side` centred on `centre` in a sheet's plane, as `map`
  /// puts them in the frame: clockwise from top-left, as a card is drawn.
  static func square(centre: Point, side: Double, on map: PerspectiveTransform) -> [Point] {
    [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { corner in
      map.apply(Point(x: centre.x + corner.0 * side, y: centre.y + corner.1 * side))
    }
  }

  /// The corners of a `width` × `height` rectangle centred on `centre`, turned and tilted as
  /// `SceneBuilder.quad` does a square.
  static func sheetCorners(
    centre: Point, width: Double, height: Double, rotation: Double, tilt: Double, axis: Double,
    focal: Double
  ) -> [Point] {
    let along = Point(x: cos(axis), y: sin(axis))
    let across = Point(x: -along.y, y: along.x)
    return [(-0.5, -0.5), (0.5, -0.5), (0.5, 0.5), (-0.5, 0.5)].map { corner in
      let x = corner.0 * width
      let y = corner.1 * height
      let p = Point(
        x: x * cos(rotation) - y * sin(rotation), y: x * sin(rotation) + y * cos(rotation))
      let a = p.dot(along)
      let q = p.dot(across)
      let scale = focal / (focal + q * sin(tilt))
      return centre + (along * a + across * (q * cos(tilt))) * scale
    }
  }

  /// Places up to `count` codes at `pitch()` pixels a module without overlap, each turned at
  /// random and tilted up to `maxTilt`; a share `inverted` of them light on dark.
  static func scatter(
    _ scene: inout SceneBuilder, count: Int, pitch: (inout SplitMix64) -> Double,
    maxTilt: Double, inverted: Double, dark: Float, light: Float
  ) {
    var taken: [(Point, Double)] = []
    for _ in 0..<count {
      let symbol = scene.nextSymbol()
      let size = Double(symbol.side) * pitch(&scene.random)
      guard let centre = scene.freeCentre(radius: size * 0.72, taken: &taken) else { continue }
      let quad = SceneBuilder.quad(
        centre: centre, size: size, rotation: scene.random.uniform(0, 2 * .pi),
        tilt: scene.random.uniform(0, maxTilt), axis: scene.random.uniform(0, .pi),
        focal: Double(scene.width))
      scene.draw(
        symbol, quad: quad, dark: dark, light: light, inverted: scene.random.chance(inverted))
    }
  }

  /// 1280 × 720 or 1920 × 1080 with 2–20 codes at 3–12 px a module, a third light on dark,
  /// turned at random and tilted up to 20°, over desk clutter.
  static func multi(_ random: inout SplitMix64) -> GeneratedScene {
    let (width, height) = videoSize(&random)
    var scene = SceneBuilder(width: width, height: height, background: 0.45, random: random)
    scene.clutter(count: 12, level: 0.45, spread: 0.3)
    let count = 2 + scene.random.integer(below: 19)
    scatter(
      &scene, count: count, pitch: { $0.uniform(3, 12) }, maxTilt: 0.35, inverted: 0.33,
      dark: 0.07, light: 0.88)
    scene.canvas.gaussianBlur(sigma: 0.5)
    scene.lighting.noise = 2
    return scene.finish()
  }

  // MARK: - One code

  /// One code, turned and tilted a little, filling 75–95 % of the short side of a 1–12
  /// megapixel frame, at 40–150 px a module (or what a version-1 symbol allows in small frames).
  static func filling(_ random: inout SplitMix64) -> GeneratedScene {
    let sizes = [(1280, 720), (1600, 1200), (1920, 1080), (2592, 1944), (3264, 2448), (4032, 3024)]
    let (width, height) = sizes[random.integer(below: sizes.count)]
    var scene = SceneBuilder(width: width, height: height, background: 0.3, random: random)
    let fill = Double(min(width, height)) * scene.random.uniform(0.75, 0.95)
    let wanted = scene.random.uniform(40, 150)
    // The version whose symbol, with a 2-module margin in view, is nearest fill / wanted.
    let modules = fill / wanted
    let number = min(max(Int(((modules - 4 - 17) / 4).rounded()), 1), 10)
    var options = EncodeOptions()
    options.version = .qr(Version(number) ?? Version.minimum)
    var symbol: SceneSymbol?
    while symbol == nil { symbol = scene.symbol(scene.payloads.next(), options: options) }
    guard let symbol else { return scene.finish() }
    let size = fill * Double(symbol.side) / Double(symbol.side - 4)
    let centre = Point(x: Double(width) / 2, y: Double(height) / 2)
    let quad = SceneBuilder.quad(
      centre: centre + Point(x: scene.random.uniform(-0.03, 0.03) * fill, y: 0), size: size,
      rotation: scene.random.uniform(-0.15, 0.15), tilt: scene.random.uniform(0, 0.17),
      axis: scene.random.uniform(0, .pi), focal: Double(width) * 1.2)
    scene.draw(symbol, quad: quad, dark: 0.08, light: 0.86, samples: 2)
    scene.canvas.gaussianBlur(sigma: scene.random.uniform(0.7, 2))
    scene.lighting.vignette = 0.2
    scene.lighting.noise = 2
    return scene.finish()
  }

  /// A code on a monitor or phone filmed by a camera: each module is 2–6 display pixels of R,
  /// G, B stripes with black gaps, the camera sees 0.7–2.5 px per display pixel (so moiré),
  /// the bezel is black, gamma 1.8–2.4, a glare spot; a fifth are dark-mode (light on dark).
  static func screen(_ random: inout SplitMix64) -> GeneratedScene {
    let (width, height) = videoSize(&random)
    var scene = SceneBuilder(width: width, height: height, background: 0.35, random: random)
    scene.clutter(count: 6, level: 0.35, spread: 0.2)
    let symbol = scene.nextSymbol()
    let displayPixels = Double(2 + scene.random.integer(below: 5))
    let cameraPerDisplay = scene.random.uniform(0.7, 2.5)
    let pitch = min(max(displayPixels * cameraPerDisplay, 3.5), 16)
    let size = Double(symbol.side) * pitch
    let centre = Point(
      x: Double(width) / 2 + scene.random.uniform(-0.1, 0.1) * Double(width),
      y: Double(height) / 2 + scene.random.uniform(-0.1, 0.1) * Double(height))
    let rotation = scene.random.uniform(-0.25, 0.25)
    let tilt = scene.random.uniform(0, 0.35)
    let axis = scene.random.uniform(0, .pi)
    let focal = Double(width)
    let bezel = SceneBuilder.quad(
      centre: centre, size: size * 1.35, rotation: rotation, tilt: tilt, axis: axis, focal: focal)
    scene.fill(bezel, level: 0.03)
    let quad = SceneBuilder.quad(
      centre: centre, size: size, rotation: rotation, tilt: tilt, axis: axis, focal: focal)
    scene.draw(
      symbol, quad: quad, dark: 0.02, light: 0.45, inverted: scene.random.chance(0.2),
      finish: .screen(pixelsPerModule: displayPixels, gap: scene.random.uniform(0.08, 0.2)))
    scene.lighting.gamma = scene.random.uniform(1.8, 2.4)
    scene.lighting.exposure = 1
    scene.lighting.glare = [
      scene.glare(on: centre, size: size, radius: 0.08...0.25, strength: 0.2...0.7)
    ]
    scene.canvas.gaussianBlur(sigma: scene.random.uniform(0.3, 0.8))
    scene.lighting.noise = 2.5
    return scene.finish()
  }

  /// 1280 × 720, one to three codes at 4–10 px a module whose dark and light are 6–22 % of full
  /// scale apart, with Gaussian noise of σ 2–5 levels and no gamma.
  static func lowContrast(_ random: inout SplitMix64) -> GeneratedScene {
    let gap = random.uniform(0.06, 0.22)
    let light = random.uniform(0.3 + gap, 0.9)
    let dark = light - gap
    var scene = SceneBuilder(
      width: 1280, height: 720, background: Float((light + dark) / 2), random: random)
    scatter(
      &scene, count: 1 + scene.random.integer(below: 3), pitch: { $0.uniform(4, 10) },
      maxTilt: 0.2, inverted: 0, dark: Float(dark), light: Float(light))
    scene.lighting.exposure = 1
    scene.canvas.gaussianBlur(sigma: 0.5)
    scene.lighting.noise = scene.random.uniform(2, 5)
    return scene.finish()
  }

  /// 1280 × 720, one or two codes at 3–7 px a module, each on a label of its light level (its
  /// quiet zone and a little more), dark 6–17 % of full scale below light, light 0.35–0.75,
  /// tilted up to 20°, over 30 shapes of any shade blurred by σ 2–5 px; noise σ 2–5 and
  /// JPEG quality 60–80. The background's edges make patterns of their own, and the labels'
  /// modules sit a few levels apart under noise and ringing.
  static func label(_ random: inout SplitMix64) -> GeneratedScene {
    var scene = SceneBuilder(width: 1280, height: 720, background: 0.5, random: random)
    scene.clutter(count: 30, level: 0.5, spread: 0.45)
    scene.canvas.gaussianBlur(sigma: scene.random.uniform(2, 5))
    var taken: [(Point, Double)] = []
    for _ in 0..<(1 + scene.random.integer(below: 2)) {
      let gap = scene.random.uniform(0.06, 0.17)
      let light = scene.random.uniform(0.35 + gap, 0.75)
      let symbol = scene.nextSymbol()
      let size = Double(symbol.side) * scene.random.uniform(3, 7)
      guard let centre = scene.freeCentre(radius: size * 0.8, taken: &taken) else { continue }
      let rotation = scene.random.uniform(0, 2 * .pi)
      let (tilt, axis) = (scene.random.uniform(0, 0.35), scene.random.uniform(0, .pi))
      let label = SceneBuilder.quad(
        centre: centre, size: size * 1.15, rotation: rotation, tilt: tilt, axis: axis,
        focal: Double(scene.width))
      scene.fill(label, level: Float(light))
      let quad = SceneBuilder.quad(
        centre: centre, size: size, rotation: rotation, tilt: tilt, axis: axis,
        focal: Double(scene.width))
      scene.draw(symbol, quad: quad, dark: Float(light - gap), light: Float(light))
    }
    return scene.photographed(blur: (0.4, 0.8), noise: (2, 5), quality: 60...80)
  }

  /// 1280 × 720, three to eight codes at 1.6–2.8 px a module, each printed with a quiet zone of
  /// one or two modules on a light label, over a page of any shade with 20 shapes on it,
  /// turned at random and tilted up to 30°; blurred by σ 0.5–0.9 px (a phone's lens and
  /// demosaicing at this size), noise σ 2–4, JPEG quality 70–90. Codes printed small or seen
  /// from afar, a sheet of them photographed whole, a code letterboxed in a frame: a module
  /// straddles two or three pixels, which its neighbours share.
  static func small(_ random: inout SplitMix64) -> GeneratedScene {
    let page = Float(random.uniform(0.15, 0.6))
    var scene = SceneBuilder(width: 1280, height: 720, background: page, random: random)
    scene.clutter(count: 20, level: page, spread: 0.3)
    var taken: [(Point, Double)] = []
    for _ in 0..<(3 + scene.random.integer(below: 6)) {
      let quiet = 1 + scene.random.integer(below: 2)
      guard let symbol = scene.symbol(scene.payloads.next(), margin: quiet) else { continue }
      let size = Double(symbol.side) * scene.random.uniform(1.6, 2.8)
      guard let centre = scene.freeCentre(radius: size * 0.8, taken: &taken) else { continue }
      let quad = SceneBuilder.quad(
        centre: centre, size: size, rotation: scene.random.uniform(0, 2 * .pi),
        tilt: scene.random.uniform(0, 0.5), axis: scene.random.uniform(0, .pi),
        focal: Double(scene.width))
      scene.draw(
        symbol, quad: quad, dark: Float(scene.random.uniform(0.06, 0.18)),
        light: Float(scene.random.uniform(0.72, 0.9)))
    }
    return scene.photographed(blur: (0.5, 0.9), noise: (2, 4), quality: 70...90)
  }

  /// 1280 × 720, one or two codes at 4–10 px a module, under a Gaussian blur of σ 0.15–0.45
  /// modules or a motion blur 0.5–1.5 modules long in any direction.
  static func blur(_ random: inout SplitMix64) -> GeneratedScene {
    var scene = SceneBuilder(width: 1280, height: 720, background: 0.4, random: random)
    scene.clutter(count: 6, level: 0.4, spread: 0.2)
    let pitch = scene.random.uniform(4, 10)
    scatter(
      &scene, count: 1 + scene.random.integer(below: 2), pitch: { _ in pitch }, maxTilt: 0.2,
      inverted: 0, dark: 0.07, light: 0.88)
    if scene.random.chance(0.5) {
      scene.canvas.gaussianBlur(sigma: pitch * scene.random.uniform(0.15, 0.45))
    } else {
      scene.canvas.motionBlur(
        length: pitch * scene.random.uniform(0.5, 1.5), angle: scene.random.uniform(0, .pi))
    }
    scene.lighting.noise = 2
    return scene.finish()
  }

  /// 1280 × 720 or 1920 × 1080, one code at 5–12 px a module tilted 20–60° about a random
  /// axis, seen by a wide lens (focal length one frame width).
  static func perspective(_ random: inout SplitMix64) -> GeneratedScene {
    let (width, height) = videoSize(&random)
    var scene = SceneBuilder(width: width, height: height, background: 0.4, random: random)
    scene.clutter(count: 8, level: 0.4, spread: 0.25)
    let symbol = scene.nextSymbol()
    let size = Double(symbol.side) * scene.random.uniform(5, 12)
    let quad = SceneBuilder.quad(
      centre: Point(x: Double(width) / 2, y: Double(height) / 2), size: size,
      rotation: scene.random.uniform(0, 2 * .pi), tilt: scene.random.uniform(0.35, 1.05),
      axis: scene.random.uniform(0, .pi), focal: Double(width))
    scene.draw(symbol, quad: quad, dark: 0.07, light: 0.88)
    scene.canvas.gaussianBlur(sigma: 0.6)
    scene.lighting.noise = 2
    return scene.finish()
  }

  /// 1920 × 1080, a page bent round a vertical cylinder (the code spans 50–140° of arc), turned
  /// up to 20°, one code at 5–10 px a module printed on it.
  static func curved(_ random: inout SplitMix64) -> GeneratedScene {
    var scene = SceneBuilder(width: 1920, height: 1080, background: 0.3, random: random)
    scene.clutter(count: 6, level: 0.3, spread: 0.15)
    let symbol = scene.nextSymbol()
    let pitch = scene.random.uniform(5, 10)
    let arc = Double(symbol.side) * pitch
    let span = scene.random.uniform(0.87, 2.44)
    let page = CylinderPage(
      centre: Point(x: 960 + scene.random.uniform(-100, 100), y: 540),
      rotation: scene.random.uniform(-0.35, 0.35), radius: arc / span, focal: 1920)
    let offset = scene.random.uniform(-0.15, 0.15) * arc
    // The page: a light sheet a little larger than the code, limited to the visible half.
    let pageHalf = min(arc * 0.65, page.radius * 1.5)
    scene.canvas.draw(
      .solid(0.88),
      on: .cylinder(page, originS: -pageHalf, originT: -arc * 0.8, scale: 2 * pageHalf),
      samples: 2)
    scene.draw(
      symbol,
      on: .cylinder(page, originS: offset - arc / 2, originT: -arc / 2, scale: pitch),
      dark: 0.07, light: 0.88)
    scene.lighting.gradientX = scene.random.uniform(-0.2, 0.2)
    scene.canvas.gaussianBlur(sigma: 0.6)
    scene.lighting.noise = 2
    return scene.finish()
  }

  /// 1280 × 720 or 1920 × 1080, one to three codes at 4–10 px a module under a gain falling
  /// by up to 70 % across the frame, a shadow edge taking 40–75 % of the light, and one to three
  /// glare spots strong enough to saturate.
  static func uneven(_ random: inout SplitMix64) -> GeneratedScene {
    let (width, height) = videoSize(&random)
    var scene = SceneBuilder(width: width, height: height, background: 0.45, random: random)
    scene.clutter(count: 6, level: 0.45, spread: 0.2)
    scatter(
      &scene, count: 1 + scene.random.integer(below: 3), pitch: { $0.uniform(4, 10) },
      maxTilt: 0.3, inverted: 0, dark: 0.07, light: 0.88)
    let angle = scene.random.uniform(0, 2 * .pi)
    let slope = scene.random.uniform(0.35, 0.6)
    scene.lighting.gradientX = slope * cos(angle)
    scene.lighting.gradientY = slope * sin(angle)
    scene.lighting.exposure = 0.95
    let normal = scene.random.uniform(0, 2 * .pi)
    scene.lighting.shadowDepth = scene.random.uniform(0.4, 0.75)
    scene.lighting.shadowPoint = Point(
      x: scene.random.uniform(0.3, 0.7) * Double(width),
      y: scene.random.uniform(0.3, 0.7) * Double(height))
    scene.lighting.shadowNormal = Point(x: cos(normal), y: sin(normal))
    scene.lighting.shadowSoftness = scene.random.uniform(3, 40)
    scene.lighting.glare = (0..<(1 + scene.random.integer(below: 3))).map { _ in
      GlareSpot(
        centre: Point(
          x: scene.random.uniform(0, Double(width)), y: scene.random.uniform(0, Double(height))),
        radius: scene.random.uniform(0.04, 0.2) * Double(width),
        strength: scene.random.uniform(0.3, 1.2))
    }
    scene.canvas.gaussianBlur(sigma: 0.5)
    scene.lighting.noise = 2
    return scene.finish()
  }

  /// 1280 × 720 or 1920 × 1080, one code of version 25–40 (level L or M, 50–95 % full) at 2–3
  /// px a module, turned up to 6° and tilted up to 8°.
  static func dense(_ random: inout SplitMix64) -> GeneratedScene {
    let (width, height) = videoSize(&random)
    var scene = SceneBuilder(width: width, height: height, background: 0.4, random: random)
    let number = 25 + scene.random.integer(below: 16)
    let version = Version(number) ?? Version.maximum
    var options = EncodeOptions()
    options.version = .qr(version)
    options.errorCorrectionLevel = scene.random.chance(0.5) ? .low : .medium
    let capacity = (SymbolVersion.qr(version).dataBitCapacity(options.errorCorrectionLevel) ?? 0)
    let characters = capacity / 8 - 3
    var symbol: SceneSymbol?
    while symbol == nil {
      let length = Int(Double(characters) * scene.random.uniform(0.5, 0.95))
      symbol = scene.symbol(scene.payloads.long(length: length), options: options)
    }
    guard let symbol else { return scene.finish() }
    let pitch = scene.random.uniform(2, 3)
    let size = Double(symbol.side) * pitch
    let quad = SceneBuilder.quad(
      centre: Point(x: Double(width) / 2, y: Double(height) / 2), size: size,
      rotation: scene.random.uniform(-0.1, 0.1), tilt: scene.random.uniform(0, 0.14),
      axis: scene.random.uniform(0, .pi), focal: Double(width))
    scene.draw(symbol, quad: quad, dark: 0.07, light: 0.88)
    scene.canvas.gaussianBlur(sigma: 0.4)
    scene.lighting.noise = 1.5
    return scene.finish()
  }

  /// 1280 × 720, one to four Micro QR symbols (M1–M4 at their lowest level, 2-module quiet
  /// zone) at 4–12 px a module, turned at random and tilted up to 15°.
  static func micro(_ random: inout SplitMix64) -> GeneratedScene {
    var scene = SceneBuilder(width: 1280, height: 720, background: 0.45, random: random)
    scene.clutter(count: 8, level: 0.45, spread: 0.25)
    var taken: [(Point, Double)] = []
    for _ in 0..<(1 + scene.random.integer(below: 4)) {
      let number = 1 + scene.random.integer(below: 4)
      guard let micro = MicroVersion(rawValue: number) else { continue }
      var options = EncodeOptions()
      options.symbolKinds = [.micro]
      options.version = .micro(micro)
      options.errorCorrectionLevel = micro.supportedLevels[0]
      var symbol: SceneSymbol?
      while symbol == nil {
        symbol = scene.symbol(scene.payloads.micro(version: number), options: options)
      }
      guard let symbol else { continue }
      let size = Double(symbol.side) * scene.random.uniform(4, 12)
      guard let centre = scene.freeCentre(radius: size * 0.72, taken: &taken) else { continue }
      let quad = SceneBuilder.quad(
        centre: centre, size: size, rotation: scene.random.uniform(0, 2 * .pi),
        tilt: scene.random.uniform(0, 0.26), axis: scene.random.uniform(0, .pi), focal: 1280)
      scene.draw(symbol, quad: quad, dark: 0.07, light: 0.88)
    }
    scene.canvas.gaussianBlur(sigma: 0.5)
    scene.lighting.noise = 2
    return scene.finish()
  }

  // MARK: - No code

  /// 1280 × 720 or 1920 × 1080 paper with text-like lines of strokes, tilted checkerboards
  /// (4–12 squares a side, some at module-like pitch), bar stripes and noise: nothing to read.
  static func empty(_ random: inout SplitMix64) -> GeneratedScene {
    let (width, height) = videoSize(&random)
    var scene = SceneBuilder(width: width, height: height, background: 0.5, random: random)
    scene.clutter(count: 10, level: 0.5, spread: 0.3)
    // Text: lines of glyph-sized dark strokes.
    let lineHeight = scene.random.uniform(14, 40)
    var y = scene.random.uniform(10, 60)
    while y < Double(height) * scene.random.uniform(0.4, 0.9) {
      var x = scene.random.uniform(10, 80)
      let end = Double(width) * scene.random.uniform(0.5, 0.95)
      while x < end {
        let glyph = lineHeight * scene.random.uniform(0.3, 0.7)
        let strokes = 1 + scene.random.integer(below: 3)
        for _ in 0..<strokes {
          let w = scene.random.uniform(0.1, 0.35) * glyph
          let h = scene.random.uniform(0.3, 1) * lineHeight * 0.7
          let sx = x + scene.random.uniform(0, glyph - w)
          let sy = y + lineHeight * 0.7 - h
          scene.fill(
            [
              Point(x: sx, y: sy), Point(x: sx + w, y: sy), Point(x: sx + w, y: sy + h),
              Point(x: sx, y: sy + h),
            ], level: 0.08, samples: 1)
        }
        x += glyph * 1.15
        if scene.random.chance(0.18) { x += glyph }
      }
      y += lineHeight * 1.4
    }
    // Checkerboards, as a card of alternate modules.
    for _ in 0..<(1 + scene.random.integer(below: 3)) {
      let cells = 4 + scene.random.integer(below: 9)
      var modules = [UInt8](repeating: 0, count: cells * cells)
      for index in modules.indices { modules[index] = UInt8((index / cells + index % cells) & 1) }
      let size = Double(cells) * scene.random.uniform(4, 30)
      let quad = SceneBuilder.quad(
        centre: Point(
          x: scene.random.uniform(0, Double(width)), y: scene.random.uniform(0, Double(height))),
        size: size, rotation: scene.random.uniform(0, .pi), tilt: scene.random.uniform(0, 0.6),
        axis: scene.random.uniform(0, .pi), focal: Double(width))
      if let map = PerspectiveTransform(square: Double(cells), to: quad) {
        scene.canvas.draw(
          SceneCard(modules: modules, side: cells, dark: 0.07, light: 0.9), on: .plane(map))
      }
    }
    // Bars: a barcode-like run of stripes.
    if scene.random.chance(0.6) {
      var modules = [UInt8](repeating: 0, count: 95 * 95)
      var column = 0
      while column < 95 {
        let run = 1 + scene.random.integer(below: 4)
        let dark: UInt8 = scene.random.chance(0.5) ? 1 : 0
        for x in column..<min(column + run, 95) {
          for row in 0..<95 { modules[row * 95 + x] = dark }
        }
        column += run
      }
      let quad = SceneBuilder.quad(
        centre: Point(
          x: scene.random.uniform(0, Double(width)), y: scene.random.uniform(0, Double(height))),
        size: scene.random.uniform(150, 400), rotation: scene.random.uniform(0, .pi))
      if let map = PerspectiveTransform(square: 95, to: quad) {
        scene.canvas.draw(
          SceneCard(modules: modules, side: 95, dark: 0.07, light: 0.9), on: .plane(map))
      }
    }
    scene.canvas.gaussianBlur(sigma: scene.random.uniform(0.4, 1.2))
    scene.lighting.noise = scene.random.uniform(1, 6)
    scene.lighting.gradientX = scene.random.uniform(-0.3, 0.3)
    return scene.finish()
  }
}
