// SPDX-License-Identifier: MIT
// Frames of one scene in, tracked codes out: the stream's own reader.

import QRCodec
import QRImage
import QRVision

/// How a `CodeTracker` follows codes.
public struct TrackerOptions: Hashable, Sendable {
  /// While codes are followed, the full search of the frame runs on every `searchInterval`-th
  /// frame (1: every frame): the most frames a code coming into view beside them waits before
  /// it is found. Between searches, followed codes are looked for where their motion says they
  /// are. (While none is followed, or when one is not found where it should be, every frame is
  /// searched.) Default 3 (100 ms at 30 fps).
  public var searchInterval = 3
  /// How many frames a track lives on without its code being located (a hand over it, a blur,
  /// a glare): back in view within this, it keeps its number. Default 8.
  public var keptUnseen = 8
  /// How many recent frames' samples a code's combined read may use (1: no combining).
  /// Default 12.
  public var combinedFrames = 12
  /// How plainly a code's known modules must show (their contrast over its standard error)
  /// for a frame to count as locating it without reading it. Default 8.
  public var registrationSignificance = 8.0
  /// The share of its modules a frame must show as the code was read for the frame to be
  /// counted as showing that code (and not another of the same version in its place).
  /// Default 0.75.
  public var sameCodeAgreement = 0.75
  /// The share of its modules this frame alone must show as a combined read reads them, for
  /// the read to be reported in this frame: frames before it cannot report a code this frame
  /// no longer shows. Default 0.85.
  public var shownAgreement = 0.85
  /// The correction each block of a combined read must leave unused, as a share of the block's
  /// capacity (and at least two codewords' worth): the margin kept in reserve, since a combined
  /// read has no single frame to vouch for it. Default 0.15.
  public var combinedReserve = 0.15

  /// The default options.
  public init() {}
}

/// A code read in a frame of a stream.
public struct TrackedSymbol: Sendable {
  /// What the decoder read.
  public var decoded: DecodedSymbol
  /// The outer corners in this frame, in symbol order.
  public var corners: [Point]
  /// Whether the symbol appears mirrored.
  public var isMirrored: Bool
  /// Whether it is light on dark.
  public var isInverted: Bool
  /// The track's number: the same for as long as the code stays in view, and new when a code
  /// comes into view again; unique within a tracker.
  public var track: Int
  /// The frames whose samples the read used: 1 when this frame alone read it, more when it was
  /// read by combining this frame with the ones before it.
  public var frames: Int
}

/// What a tracker did on its last frame.
public struct TrackerWork: Hashable, Sendable {
  /// Whether the frame had a full search.
  public var searched = false
  /// Tracks followed from the frame before.
  public var followed = 0
  /// Tracks read through the quadrilateral attempt at their predicted place.
  public var readAtPrediction = 0
  /// Tracks located by registering their known modules.
  public var registered = 0
  /// Tracks read by combining frames.
  public var combined = 0
}

/// Reads the codes in a stream of frames of one scene, following each from frame to frame.
///
/// Each frame, every tracked code is first looked for where its motion says it is now: read
/// there through the quadrilateral attempt (`QuadrilateralReader`), or, when that does not
/// decode, located by registering its known modules on the gray levels (`GridRegistration`).
/// The full search of the frame (`Detector`) runs only every `TrackerOptions.searchInterval`
/// frames; what it finds becomes a new track, unless a track already holds it. Every frame
/// that locates a code adds its module samples to the code's recent ones
/// (`FrameCombiner`), and a code that this frame alone does not read is read from their
/// combination, verified as a single frame's read and with a margin in reserve.
///
/// The detector stays stateless; all that crosses frames is here. A scene ends, and every
/// track with it, at `endScene()` or when the frame size changes.
///
///     var tracker = CodeTracker()
///     for image in frames {
///       for symbol in tracker.process(image) { print(symbol.track, symbol.decoded.text ?? "") }
///     }
public struct CodeTracker: Sendable {
  /// The tracker's options.
  public let options: TrackerOptions
  private var detector: Detector
  /// The search of the low-light average, at half size (its own buffers).
  private var averageDetector: Detector
  private var reader = QuadrilateralReader()
  private var average = FrameAverage()
  private var scene = SceneChange()
  private var searches = 0
  /// Whether the frames are dim and noisy: averaged, and the average searched too.
  private var isLowLight = false
  private var tracks: [Track] = []
  private var frame = -1
  private var lastSearch = Int.min / 2
  private var size: (width: Int, height: Int)?
  private var nextID = 1
  /// What the last frame cost.
  public private(set) var lastWork = TrackerWork()

  /// The most tracks of codes located but not read kept at once: each costs a registration a
  /// frame, and texture now and then passes for a code.
  static let unreadTracks = 4

  /// A tracker whose full searches use `detectorOptions`.
  public init(
    options: TrackerOptions = TrackerOptions(), detectorOptions: DetectorOptions = DetectorOptions()
  ) {
    self.options = options
    detector = Detector(options: detectorOptions)
    averageDetector = Detector(options: detectorOptions)
  }

  /// Lets the detectors' buffers go (they are made again for the next frame), keeping the
  /// tracks: a caller that met a very large frame need not keep its size.
  public mutating func releaseBuffers() {
    detector = Detector(options: detector.options)
    averageDetector = Detector(options: averageDetector.options)
  }

  /// Ends every track and the low-light average, keeping the frame count and the picture last
  /// seen.
  private mutating func endTracks() {
    tracks.removeAll()
    average.reset()
    isLowLight = false
  }

  /// Ends the scene: the next frame starts afresh, with a full search and new tracks.
  public mutating func endScene() {
    tracks.removeAll()
    frame = -1
    lastSearch = Int.min / 2
    average.reset()
    scene = SceneChange()
    searches = 0
    isLowLight = false
  }

  /// The codes read in `image`, the next frame of the scene, each with its track.
  ///
  /// - Complexity: O(*tracks* × *window pixels*) a frame, plus a full search every
  ///   `searchInterval` frames.
  public mutating func process(_ image: GrayImage) -> [TrackedSymbol] {
    if let size, size.width != image.width || size.height != image.height { endScene() }
    size = (image.width, image.height)
    frame += 1
    lastWork = TrackerWork()
    for index in tracks.indices {
      tracks[index].isLocatedNow = false
      tracks[index].isSampledNow = false
      tracks[index].seenNow = nil
      tracks[index].framesReadNow = 0
    }
    // A cut (another picture, not the same scene moved) ends the scene before anything is
    // followed: its codes are not where the last picture's were.
    let changed = scene.hasChanged(image)
    if changed && !tracks.isEmpty { endTracks() }
    for index in tracks.indices { follow(index, in: image) }
    // The whole frame is searched every `searchInterval` frames (for codes coming into view),
    // and at once when the picture changed (a cut, a new picture in a stream of them), when a
    // followed code was first not found where it should be, or when another code was there.
    let isSearchFrame =
      changed || frame - lastSearch >= max(1, options.searchInterval)
      || tracks.contains { !$0.isLocatedNow && ($0.hasLeft || $0.lastSeen == frame - 1) }
    // Whether the light is low is looked at every fourth search (or when nothing is followed).
    searches += isSearchFrame ? 1 : 0
    if isSearchFrame && options.combinedFrames > 1 && (searches % 4 == 1 || tracks.isEmpty) {
      let wasLowLight = isLowLight
      isLowLight = FrameAverage.isLowLight(image)
      if !isLowLight || !wasLowLight { average.reset() }
    }
    let averaged = isLowLight ? average.add(image) : nil
    if isSearchFrame {
      search(image)
      if let averaged, average.count > 1 { searchAverage(averaged, frame: image) }
    }
    for index in tracks.indices where tracks[index].isLocatedNow {
      combine(index, in: image)
    }
    let reports = report()
    tracks.removeAll { track in
      track.hasLeft || frame - track.lastSeen > options.keptUnseen
        || track.decoded == nil && frame - track.firstSeen > 2 * options.combinedFrames
    }
    return reports
  }

  // MARK: - Steps

  /// Looks for track `index` where its motion says it is: its known modules registered on the
  /// gray levels from the predicted corners (near them when it was seen in the last frame,
  /// further when not); failing that, the quadrilateral attempt at the prediction, whose grid
  /// fit reaches further still.
  private mutating func follow(_ index: Int, in image: GrayImage) {
    lastWork.followed += 1
    let guess = tracks[index].guess(at: frame)
    tracks[index].prediction = guess.corners
    let wasSeen = tracks[index].lastSeen == frame - 1
    let reaches: [GridRegistration.Reach] = wasSeen ? [.near, .wide] : [.wide]
    for reach in reaches {
      guard
        let registered = GridRegistration.register(
          image, template: tracks[index].template, corners: guess.corners,
          isInverted: guess.isInverted, reach: reach),
        registered.significance >= options.registrationSignificance
      else { continue }
      tracks[index].locate(registered.corners, at: frame)
      lastWork.registered += 1
      sample(index, in: image)
      return
    }
    guard let found = reader.read(guess, in: image, decode: Self.decode),
      tracks[index].accepts(found.decoded)
    else { return }
    tracks[index].locate(found.candidate.corners, at: frame)
    tracks[index].read(found.decoded, matrix: found.candidate.matrix, frames: 1)
    lastWork.readAtPrediction += 1
  }

  /// Adds this frame's samples of track `index`, where it was located, and reads them alone;
  /// another code read there means this one has left.
  private mutating func sample(_ index: Int, in image: GrayImage) {
    let size = tracks[index].version.size
    tracks[index].isSampledNow = true
    guard
      let transform = PerspectiveTransform(square: Double(size), to: tracks[index].corners)
    else { return }
    let samples = ModuleSamples(image, transform, size: size)
    var alone = FrameCombiner(size: size, capacity: 1)
    alone.add(samples)
    let single = alone.combined(isInverted: tracks[index].isInverted)
    // Another code of the same version, in the same place, shows the same function patterns:
    // only the modules as read tell it apart (a noisy frame of this code agrees on nine in
    // ten, another code on about six).
    if let agreement = tracks[index].template.agreement(
      with: single.matrix, unreliable: single.unreliable),
      agreement < options.sameCodeAgreement
    {
      tracks[index].leave()
      return
    }
    tracks[index].combiner.add(samples)
    tracks[index].seenNow = single
    guard tracks[index].framesReadNow == 0 else { return }
    guard
      let decoded = Detector.verifiedDecode(
        single.matrix, unreliable: single.unreliable, version: tracks[index].version)
    else { return }
    guard tracks[index].accepts(decoded) else {
      // Another code where this one was: this one has left, and the search finds the other.
      tracks[index].leave()
      return
    }
    tracks[index].read(decoded, matrix: single.matrix, frames: 1)
  }

  /// The full search: codes it reads join their tracks or start new ones; codes it locates
  /// without reading start tracks of their own, to be read by combining frames.
  private mutating func search(_ image: GrayImage) {
    lastSearch = frame
    lastWork.searched = true
    let (detections, located) = Self.search(image, with: &detector)
    for detection in detections {
      let corners = detection.candidate.corners
      if let index = trackHolding(corners, decoded: detection.decoded) {
        guard tracks[index].framesReadNow == 0 else { continue }
        tracks[index].locate(corners, at: frame)
        tracks[index].read(detection.decoded, matrix: detection.candidate.matrix, frames: 1)
      } else {
        var track = Track(
          located: detection.candidate, at: frame, combinedFrames: options.combinedFrames)
        track.read(detection.decoded, matrix: detection.candidate.matrix, frames: 1)
        tracks.append(track)
      }
    }
    // A code read now explains a track located there and never read: samples of it are of
    // the code read (or of what was there before), not of another code to be combined.
    let centres = detections.map { Track.centre($0.candidate.corners) }
    tracks.removeAll { track in
      track.decoded == nil
        && centres.contains { Track.contains(track.corners, $0) }
    }
    var unread = tracks.filter { $0.decoded == nil }.count
    for candidate in located where unread < Self.unreadTracks {
      guard trackHolding(candidate.corners, decoded: nil) == nil else { continue }
      tracks.append(
        Track(located: candidate, at: frame, combinedFrames: options.combinedFrames))
      unread += 1
    }
  }

  /// The search of the low-light average (half size, aligned to this frame): what it reads or
  /// locates, and no track holds, starts a track, to be followed in the frames themselves. A
  /// read is kept only when this frame shows the code read (the average remembers codes that
  /// have gone).
  private mutating func searchAverage(_ averaged: GrayImage, frame image: GrayImage) {
    let (detections, located) = Self.search(averaged, with: &averageDetector)
    let frames = min(average.count, FrameAverage.effectiveFrames)
    for detection in detections {
      var candidate = detection.candidate
      candidate.corners = candidate.corners.map { $0 * 2 }
      guard trackHolding(candidate.corners, decoded: detection.decoded) == nil else { continue }
      var track = Track(located: candidate, at: frame, combinedFrames: options.combinedFrames)
      track.read(detection.decoded, matrix: candidate.matrix, frames: frames)
      let size = Double(candidate.version.size)
      guard
        let registered = GridRegistration.register(
          image, template: track.template, corners: candidate.corners,
          isInverted: candidate.isInverted, reach: .near),
        let transform = PerspectiveTransform(square: size, to: registered.corners)
      else { continue }
      var alone = FrameCombiner(size: candidate.version.size, capacity: 1)
      alone.add(ModuleSamples(image, transform, size: candidate.version.size))
      let seen = alone.combined(isInverted: candidate.isInverted)
      guard
        let agreement = track.template.agreement(with: seen.matrix, unreliable: seen.unreliable),
        agreement >= options.sameCodeAgreement
      else { continue }
      track.locate(registered.corners, at: frame)
      tracks.append(track)
    }
    var unread = tracks.filter { $0.decoded == nil }.count
    for var candidate in located where unread < Self.unreadTracks {
      candidate.corners = candidate.corners.map { $0 * 2 }
      guard trackHolding(candidate.corners, decoded: nil) == nil else { continue }
      tracks.append(
        Track(located: candidate, at: frame, combinedFrames: options.combinedFrames))
      unread += 1
    }
  }

  /// Adds this frame's samples of track `index` (unless `follow` did) and, when it was not read
  /// yet this frame, reads them combined with the recent frames', or else reads it through
  /// the quadrilateral attempt.
  private mutating func combine(_ index: Int, in image: GrayImage) {
    if !tracks[index].isSampledNow { sample(index, in: image) }
    guard tracks[index].framesReadNow == 0, !tracks[index].hasLeft else { return }
    let isInverted = tracks[index].isInverted
    let version = tracks[index].version
    let frames = tracks[index].combiner.count
    guard frames >= 2,
      let (matrix, unreliable) = Optional(tracks[index].combiner.combined(isInverted: isInverted)),
      let decoded = Detector.verifiedDecode(matrix, unreliable: unreliable, version: version),
      hasReserve(decoded)
    else {
      // The quadrilateral attempt where the code was predicted, then where it was
      // registered: its local threshold and grid fit read some frames the gray levels alone
      // do not.
      for corners in [tracks[index].prediction, tracks[index].corners] {
        var guess = tracks[index].guess(at: frame)
        guess.corners = corners
        if let found = reader.read(guess, in: image, decode: Self.decode),
          tracks[index].accepts(found.decoded)
        {
          tracks[index].read(found.decoded, matrix: found.candidate.matrix, frames: 1)
          lastWork.readAtPrediction += 1
          return
        }
      }
      return
    }
    // Every frame combined must show this code: samples of two codes in one place (one
    // replacing the other) can decode to either.
    let isFunction = tracks[index].template.isFunction
    guard tracks[index].accepts(decoded),
      tracks[index].combiner.leastAgreement(
        with: matrix, isInverted: isInverted, isFunction: isFunction) >= options.sameCodeAgreement
    else {
      tracks[index].combiner.removeAll()
      return
    }
    // The frames read it; this frame must show it too (not a ghost of it, fading or covered).
    guard let seen = tracks[index].seenNow,
      (tracks[index].template.matrix == nil
        ? ModuleTemplate(matrix: matrix, version: version) : tracks[index].template)
        .agreement(with: seen.matrix, unreliable: seen.unreliable)
        ?? 0 >= options.shownAgreement
    else { return }
    tracks[index].read(decoded, matrix: matrix, frames: frames)
    lastWork.combined += 1
  }

  /// Whether every block of `decoded` left `TrackerOptions.combinedReserve` of its correction
  /// capacity unused (and at least two codewords' worth).
  private func hasReserve(_ decoded: DecodedSymbol) -> Bool {
    decoded.blocks.allSatisfy { block in
      block.margin >= max(2, Int(options.combinedReserve * Double(block.capacity)))
    }
  }

  /// The tracks read this frame, as reports, each with its number (given now if new).
  private mutating func report() -> [TrackedSymbol] {
    var reports: [TrackedSymbol] = []
    for index in tracks.indices where tracks[index].framesReadNow > 0 {
      guard let decoded = tracks[index].decoded else { continue }
      let id = tracks[index].id ?? nextID
      if tracks[index].id == nil {
        tracks[index].id = id
        nextID += 1
      }
      reports.append(
        TrackedSymbol(
          decoded: decoded, corners: tracks[index].corners, isMirrored: tracks[index].isMirrored,
          isInverted: tracks[index].isInverted, track: id, frames: tracks[index].framesReadNow))
    }
    return reports
  }

  /// The track whose code this is: one located this frame, or expected here, whose place
  /// holds the centre of `corners` and which reads `decoded` (or has read nothing, with
  /// `decoded` nil or not).
  private func trackHolding(_ corners: [Point], decoded: DecodedSymbol?) -> Int? {
    let centre = Track.centre(corners)
    return tracks.indices.first { index in
      let track = tracks[index]
      guard !track.hasLeft else { return false }
      let place = track.isLocatedNow ? track.corners : track.predicted(at: frame)
      guard Track.contains(place, centre) else { return false }
      guard let decoded else { return true }
      return track.accepts(decoded)
    }
  }

  /// What `detector` reads in `image`, and the QR Code candidates it located (their format
  /// information read cleanly) but could not read: codes to follow and read by combining.
  private static func search(_ image: GrayImage, with detector: inout Detector) -> (
    detections: [Detector.Detection<DecodedSymbol>], located: [SymbolCandidate]
  ) {
    var located: [SymbolCandidate] = []
    let detections = detector.detect(in: image) { candidate -> DecodedSymbol? in
      let decoded = decode(candidate)
      if decoded == nil, candidate.formatDistance == 0, candidate.kind == .qr {
        located.append(candidate)
      }
      return decoded
    }
    return (detections, located)
  }

  /// The detector's decode: the decoder, which must not transpose on its own (the detector
  /// tries mirror images itself).
  private static func decode(_ candidate: SymbolCandidate) -> DecodedSymbol? {
    try? Decoder.decode(
      candidate.matrix, unreliableModules: candidate.unreliable, allowsMirrored: false)
  }
}
