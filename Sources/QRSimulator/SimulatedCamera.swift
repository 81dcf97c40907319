// SPDX-License-Identifier: MIT
// A camera that films the simulated scene: frames on a clock, dropped when the reader is slow.

import Glibc
import QRImage
import QRRandom
import QRStream

/// The light a simulated camera films in.
public enum SimulatedLight: String, Sendable, Equatable, CaseIterable {
  /// The scene's own light: uneven, changing slowly.
  case normal
  /// A fifth of it, with the same sensor noise: codes faint and noisy in every frame, which
  /// frames combined read where one frame does not.
  case low
  /// A glare spot, brighter than the sensor's range, sweeping across the picture every four
  /// seconds: each part of a code is washed out in some frames and clear in others.
  case glare
}

/// What a simulated camera shows and how it delivers it.
public struct SimulationSettings: Sendable, Equatable {
  /// One code per payload.
  public var payloads: [String]
  /// Frame size in pixels.
  public var width: Int
  /// Frame height in pixels.
  public var height: Int
  /// The seed of everything random: the same seed gives the same frames.
  public var seed: UInt64
  /// Frames per second of stream time (frame *n* shows the scene at *n* / rate seconds).
  public var frameRate: FrameRate
  /// Whether frames are delivered in real time like a camera (else as fast as they are made).
  public var isPaced: Bool
  /// The light the scene is filmed in.
  public var light: SimulatedLight

  /// Shown when no payload is given.
  public static let defaultPayloads = [
    "https://github.com/qrpipe",
    "WIFI:T:WPA;S:qrpipe-demo;P:correct horse battery staple;;",
    "Hello from qrpipe: qrcapture | qrdetect | qrdedupe",
  ]
  /// The seed used unless one is given, so that runs repeat.
  public static let defaultSeed: UInt64 = 1
  /// The frame size used unless one is given.
  public static let defaultSize = (width: 640, height: 480)

  /// Creates settings; the defaults are those of `qrcapture --simulate`.
  public init(
    payloads: [String] = SimulationSettings.defaultPayloads,
    width: Int = SimulationSettings.defaultSize.width,
    height: Int = SimulationSettings.defaultSize.height,
    seed: UInt64 = SimulationSettings.defaultSeed,
    frameRate: FrameRate = FrameRate(numerator: 30) ?? .standard, isPaced: Bool = true,
    light: SimulatedLight = .normal
  ) {
    self.payloads = payloads
    self.width = width
    self.height = height
    self.seed = seed
    self.frameRate = frameRate
    self.isPaced = isPaced
    self.light = light
  }

  /// Seconds of stream time per frame.
  public var frameInterval: Double {
    Double(frameRate.denominator) / Double(frameRate.numerator)
  }
}

/// The clock a paced simulated camera keeps time by.
protocol PacingClock {
  /// Nanoseconds on a monotonic clock.
  func now() -> UInt64
  /// Sleeps until `deadline` (on `now()`'s clock) or until `shouldStop` turns true.
  func sleep(until deadline: UInt64, shouldStop: () -> Bool)
}

/// `CLOCK_MONOTONIC` and `clock_nanosleep(2)`.
struct MonotonicPacingClock: PacingClock {
  func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }

  func sleep(until deadline: UInt64, shouldStop: () -> Bool) {
    // In slices, so that a stop request is seen within 50 ms whatever the frame rate.
    while !shouldStop() {
      let current = now()
      if current >= deadline { return }
      let wake = min(deadline, current + 50_000_000)
      var time = timespec(tv_sec: Int(wake / 1_000_000_000), tv_nsec: Int(wake % 1_000_000_000))
      _ = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &time, nil)
    }
  }
}

/// A camera with real pixels and no device: it films a `SimulatedScene` (our own encoder's codes
/// moving, turning, tilting, scaling, entering and leaving, under uneven light with blur and sensor
/// noise, with empty stretches between them).
///
///     let camera = try SimulatedCamera(settings: SimulationSettings(payloads: ["hello"]))
///     while let frame = camera.next() { try writer.write(frame) }
///
/// Frame *n* shows the scene at *n* / rate seconds and is stamped with that media time
/// (`FrameClock.media`), so its pixels depend only on the seed and *n*. Paced, frame *n* is due
/// *n* / rate seconds after the first `next()`, on `CLOCK_MONOTONIC`; like a camera, `next()`
/// returns the newest frame that is due, waiting for it if none is, so a consumer that falls
/// behind makes the stream skip frames rather than lag: the skipped sequence numbers are counted
/// in the next frame's `dropped`. Unpaced (`--fast`), every frame is made and none is dropped.
public final class SimulatedCamera: FrameSource {
  /// The settings the camera was made with.
  public let settings: SimulationSettings
  /// Frames returned by `next()`.
  public private(set) var framesDelivered: UInt64 = 0
  /// Frames skipped because the consumer was late.
  public private(set) var framesDropped: UInt64 = 0

  private var scene: SimulatedScene
  private var renderer: SceneRenderer
  private var pixels: [UInt8]
  private let clock: any PacingClock
  private let shouldStop: () -> Bool
  private var start: UInt64?
  private var nextSequence: UInt64 = 0
  private var pendingDropped: UInt64 = 0

  /// A camera for `settings`; `shouldStop` is polled while waiting for a frame's time (a stop
  /// makes `next()` return nil).
  ///
  /// - Throws: `SimulationError` when a payload cannot be shown.
  public convenience init(
    settings: SimulationSettings, shouldStop: @escaping () -> Bool = { false }
  ) throws(SimulationError) {
    try self.init(settings: settings, clock: MonotonicPacingClock(), shouldStop: shouldStop)
  }

  init(
    settings: SimulationSettings, clock: any PacingClock, shouldStop: @escaping () -> Bool
  ) throws(SimulationError) {
    self.settings = settings
    self.clock = clock
    self.shouldStop = shouldStop
    scene = try SimulatedScene(
      payloads: settings.payloads, width: settings.width, height: settings.height,
      seed: settings.seed)
    renderer = SceneRenderer(width: settings.width, height: settings.height)
    pixels = [UInt8](repeating: 0, count: settings.width * settings.height)
  }

  /// The next frame, or nil once a stop was requested.
  public func next() -> Frame? {
    if shouldStop() { return nil }
    let interval = settings.frameInterval * 1e9
    if settings.isPaced {
      let now = clock.now()
      let origin = start ?? now
      start = origin
      let newest = UInt64(Double(now - origin) / interval)
      if newest > nextSequence {
        pendingDropped += newest - nextSequence
        framesDropped += newest - nextSequence
        nextSequence = newest
      }
    }
    let sequence = nextSequence
    let image = render(sequence)
    if settings.isPaced, let start {
      clock.sleep(
        until: start + UInt64((Double(sequence) * interval).rounded()), shouldStop: shouldStop)
      if shouldStop() { return nil }
    }
    let frame = Frame(
      image: image, sequence: sequence,
      timestamp: UInt64((Double(sequence) * interval).rounded()), clock: .media,
      dropped: UInt32(clamping: pendingDropped))
    pendingDropped = 0
    nextSequence += 1
    framesDelivered += 1
    return frame
  }

  /// The ground truth of frame `sequence` (one `next()` returned lately): what it shows of each
  /// code.
  public func sightings(of sequence: UInt64) -> [SimulatedSighting] {
    scene.sightings(at: Double(sequence) * settings.frameInterval)
  }

  /// The pixels of frame `sequence`.
  private func render(_ sequence: UInt64) -> GrayImage {
    let time = Double(sequence) * settings.frameInterval
    var (placements, conditions) = scene.placements(at: time)
    if settings.light == .low {
      conditions.brightness *= Self.lowLight
      conditions.noise = max(conditions.noise, Self.lowLightNoise)
    }
    var noise = SplitMix64(seed: settings.seed, stream: sequence &+ 1)
    renderer.render(
      placements, codes: scene.codes, conditions: conditions, noise: &noise, into: &pixels)
    if settings.light == .glare { addGlare(at: time) }
    return GrayImage(width: settings.width, height: settings.height, pixels: pixels)
  }

  /// The share of the scene's light in `SimulatedLight.low`.
  static let lowLight = 0.2
  /// The least sensor noise (standard deviation, gray levels) in `SimulatedLight.low`.
  static let lowLightNoise = 5.0
  /// The seconds a glare spot takes to cross the picture, and its radius as a share of the
  /// picture's height.
  static let glarePeriod = 4.0
  static let glareRadius = 0.22

  /// Adds the glare spot of `time` to `pixels`: a Gaussian spot, 320 gray levels at its
  /// centre (saturating), crossing the picture from left to right along a gentle wave.
  private func addGlare(at time: Double) {
    let (width, height) = (settings.width, settings.height)
    let phase = (time / Self.glarePeriod).truncatingRemainder(dividingBy: 1)
    let radius = Self.glareRadius * Double(height)
    let centreX = -radius + phase * (Double(width) + 2 * radius)
    let centreY = Double(height) * (0.5 + 0.2 * (2 * phase - 1))
    let reach = Int(3 * radius)
    let x0 = max(0, Int(centreX) - reach)
    let x1 = min(width, Int(centreX) + reach)
    let y0 = max(0, Int(centreY) - reach)
    let y1 = min(height, Int(centreY) + reach)
    guard x0 < x1, y0 < y1 else { return }
    let scale = -1 / (2 * radius * radius)
    for y in y0..<y1 {
      let dy = Double(y) + 0.5 - centreY
      for x in x0..<x1 {
        let dx = Double(x) + 0.5 - centreX
        let added = 320 * exp(scale * (dx * dx + dy * dy))
        let value = Double(pixels[y * width + x]) + added
        pixels[y * width + x] = UInt8(min(255, value))
      }
    }
  }
}

extension SimulationSettings {
  /// The payloads of a payload file: one per line, without the line's `\n` or `\r\n`; empty lines
  /// are skipped. Bytes that are not UTF-8 become U+FFFD.
  public static func payloads(fromLines bytes: [UInt8]) -> [String] {
    bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true).compactMap { line in
      let text = line.last == UInt8(ascii: "\r") ? line.dropLast() : line[...]
      return text.isEmpty ? nil : String(decoding: text, as: UTF8.self)
    }
  }
}
