// SPDX-License-Identifier: MIT
// A camera that films the simulated scene: frames on a clock, dropped when the reader is slow.

import Glibc
import QRImage
import QRRandom
import QRStream

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
    frameRate: FrameRate = FrameRate(numerator: 30) ?? .standard, isPaced: Bool = true
  ) {
    self.payloads = payloads
    self.width = width
    self.height = height
    self.seed = seed
    self.frameRate = frameRate
    self.isPaced = isPaced
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
    let (placements, conditions) = scene.placements(at: time)
    var noise = SplitMix64(seed: settings.seed, stream: sequence &+ 1)
    renderer.render(
      placements, codes: scene.codes, conditions: conditions, noise: &noise, into: &pixels)
    return GrayImage(width: settings.width, height: settings.height, pixels: pixels)
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
