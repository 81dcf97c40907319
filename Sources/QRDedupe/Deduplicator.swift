// SPDX-License-Identifier: MIT
// qrdedupe's decisions: which records to write, or which events to report, as lines arrive.

import QRImage
import QRRecords

/// Receives one output line: its bytes, and whether it lacks its newline (only a kept record
/// that was the input's unterminated last line does; qrdedupe writes such a line as it came and
/// adds the newline only if more output follows). Each call should be a single `write(2)` so
/// that a reader sees whole lines.
public typealias DedupeOutput = (_ line: UnsafeRawBufferPointer, _ lacksNewline: Bool) throws ->
  Void

/// What a `Deduplicator` has seen and done so far, for `qrdedupe --summary`.
public struct DedupeStatistics: Sendable, Equatable {
  /// Lines accepted as JSON objects.
  public var records = 0
  /// Structured-append parts collected (with `assemble`).
  public var parts = 0
  /// Keys remembered now.
  public var keys = 0
  /// The most keys remembered at once.
  public var peakKeys = 0
  /// Bytes the keys and incomplete sequences hold now, as counted against `maximumMemory`.
  public var bytes = 0
  /// The most bytes they held at once.
  public var peakBytes = 0
  /// Keys forgotten before they expired to stay within `maximumMemory`.
  public var keysEvictedForMemory = 0
  /// Keys forgotten before they expired to stay within `maximumKeys`.
  public var keysEvictedForCount = 0
  /// Incomplete structured-append sequences dropped to stay within `maximumMemory`.
  public var sequencesEvicted = 0
  /// Sequences given up because their joined payload would exceed `maximumLineLength`.
  public var sequencesTooLong = 0
  /// Record times not used because they were too large to resolve or not finite.
  public var unusableTimes = 0
  /// Record times that jumped forward by more than `maximumTimeJump` and were cut.
  public var cutTimeJumps = 0

  /// Creates empty statistics.
  public init() {}

  /// Keys forgotten early, for either limit.
  public var keysEvicted: Int { keysEvictedForMemory + keysEvictedForCount }
}

/// Why `Deduplicator.accept(_:arrival:)` refused a line.
public enum DedupeRejection: Sendable, Equatable, CustomStringConvertible {
  /// The line is not one JSON object.
  case notAnObject
  /// The line is a JSON object nested deeper than `JSONObjectScanner.maximumDepth` levels.
  case nestedTooDeeply

  /// The reason, lowercase, for `program: input: line N: <description>`.
  public var description: String {
    switch self {
    case .notAnObject: "not a JSON object"
    case .nestedTooDeeply: "JSON nested deeper than \(JSONObjectScanner.maximumDepth) levels"
    }
  }
}

/// The filter behind `qrdedupe`, without any I/O of its own.
///
/// Feed it lines with `accept(_:arrival:)`; it writes the records it keeps, unchanged, or event
/// objects, through `output`, as soon as each decision is made. Call `finish()` at the end of
/// input for the final `leave` events and the report of incomplete structured-append sequences.
///
///     let filter = Deduplicator(configuration: DedupeConfiguration()) { line, newline in … }
///     for line in lines { _ = try filter.accept(line, arrival: clock.seconds()) }
///     try filter.finish()
///
/// Per record the work is one validating scan of the line, a key build, a 128-bit digest of the
/// key and a hash lookup, plus amortized O(1) expiry of keys that can no longer affect the
/// output (see `KeyTable`). The keys and the incomplete structured-append sequences are kept
/// within `maximumMemory` bytes together (and the keys within `maximumKeys`) by forgetting the
/// least recently seen of either first; `statistics` counts what was forgotten that way.
public final class Deduplicator {
  /// What was asked for.
  public let configuration: DedupeConfiguration
  /// Records (or, with events, `enter` events) written so far.
  public private(set) var writtenCount = 0
  /// What it has seen and done so far.
  public var statistics: DedupeStatistics {
    var statistics = counts
    statistics.keys = table.count
    statistics.bytes = bytes
    return statistics
  }
  /// Why the latest refused line was refused.
  public private(set) var rejection = DedupeRejection.notAnObject
  /// What the latest accepted record's time went through (for a warning by the caller).
  public var timeAdjustment: Timeline.Adjustment { timeline.adjustment }

  private let output: DedupeOutput
  private let report: (String) -> Void
  private var timeline: Timeline
  private var scanner = JSONObjectScanner()
  private var partScanner = JSONObjectScanner()
  private var assembledScanner = JSONObjectScanner()
  private let keyBuilder: RecordKeyBuilder
  private var keyFieldCheck: KeyFieldCheck
  private var key: [UInt8] = []
  private var table: KeyTable
  private var assembler: SequenceAssembler
  private var counts = DedupeStatistics()
  var writer = JSONWriter()
  private var assemblyWriter = JSONWriter()
  private var lastGlobalWrite: Double? = nil
  /// No incomplete sequence is due to be given up before this time.
  private var nextSequenceCheck = Double.infinity

  /// Creates the filter.
  ///
  /// - Parameters:
  ///   - output: Where kept records and events go.
  ///   - report: Where messages for standard error go (without `events`: incomplete sequences,
  ///     and sequences too long to join; a key field in none of the first records).
  public init(
    configuration: DedupeConfiguration, report: @escaping (String) -> Void = { _ in },
    output: @escaping DedupeOutput
  ) {
    self.configuration = configuration
    self.output = output
    self.report = report
    timeline = Timeline(clock: configuration.clock, maximumJump: configuration.maximumTimeJump)
    keyBuilder = RecordKeyBuilder(fields: configuration.keyFields)
    // Only a key the user chose is checked: records without a symbology keep the default's use.
    keyFieldCheck = KeyFieldCheck(
      fields: configuration.keyFields == DedupeConfiguration().keyFields
        ? [] : configuration.keyFields)
    let keepsDetails = configuration.events || configuration.confirm > 1
    let fitting = configuration.maximumMemory / KeyTable.bytesPerKey(keepsDetails: keepsDetails)
    table = KeyTable(
      capacity: max(1, min(configuration.maximumKeys, fitting + 1)), keepsDetails: keepsDetails)
    assembler = SequenceAssembler(maximumLength: configuration.maximumLineLength)
    key.reserveCapacity(256)
  }

  /// The bytes counted against `maximumMemory` now.
  private var bytes: Int { table.bytes + assembler.bytes }

  /// Whether `--count` has been reached: the caller should stop reading and call `finish()`.
  public var isFinished: Bool { configuration.count.map { writtenCount >= $0 } ?? false }

  /// The arrival time by which `advance(toArrival:)` should be called if no line comes first,
  /// so that a `leave` event is not late; nil when nothing is waiting. With the record clock,
  /// time passes as the wall clock while no record arrives: on a live stream a code's `leave`
  /// comes when it is due, not with the next record (which may never come while nothing is in
  /// view).
  public var nextDeadline: Double? {
    guard configuration.events, let slot = table.oldest(in: .confirmed)
    else { return nil }
    return timeline.arrival(atTime: table[slot].lastSeen + configuration.effectiveLinger)
  }

  /// Handles one input line that arrived at `arrival` (seconds on an `ArrivalClock`).
  ///
  /// - Returns: false if the line is not a JSON object; the caller decides whether to pass it on.
  /// - Throws: Whatever `output` throws.
  public func accept(_ line: UnsafeRawBufferPointer, arrival: Double) throws -> Bool {
    guard scanner.scan(line) else {
      rejection = scanner.isTooDeep ? .nestedTooDeeply : .notAnObject
      return false
    }
    guard !isFinished else { return true }
    if !keyFieldCheck.isDone, let warning = keyFieldCheck.note(line, scanner: scanner) {
      report(warning)
    }
    counts.records += 1
    defer {
      counts.peakKeys = max(counts.peakKeys, table.count)
      counts.peakBytes = max(counts.peakBytes, bytes)
    }
    var recordTime: Double? = nil
    if configuration.clock == .record, let member = scanner.member(names.time, in: line),
      member.kind == .number
    {
      let text = UnsafeRawBufferPointer(rebasing: line[member.value])
      // A valid JSON number that is not a finite double overflowed: an infinity, which the
      // timeline refuses (and reports) rather than a missing time.
      recordTime =
        JSONString.number(text) ?? (text.first == UInt8(ascii: "-") ? -.infinity : .infinity)
    }
    let now = timeline.stamp(recordTime: recordTime, arrival: arrival)
    switch timeline.adjustment {
    case .none: break
    case .unusable: counts.unusableTimes += 1
    case .jumpCut: counts.cutTimeJumps += 1
    }
    try expire(at: now)
    if configuration.assemble, try collectPart(line, at: now) { return true }
    try process(line, scanner: scanner, at: now)
    return true
  }

  /// Lets time pass with no input (wall clock): writes the `leave` events now due.
  public func advance(toArrival arrival: Double) throws {
    try expire(at: timeline.time(atArrival: arrival))
  }

  /// Ends the input: `leave` for every key still present, and a report of each incomplete
  /// structured-append sequence (as an event with `events`, else through `report`).
  public func finish() throws {
    if let warning = keyFieldCheck.verdict() { report(warning) }
    let end = timeline.now ?? 0
    if configuration.events {
      for slot in table.slots(in: .confirmed) {
        let (entry, details) = table.remove(slot)
        try writeEvent("leave", entry, details, time: end)
      }
    }
    for (identity, sequence) in assembler.removeAll() {
      try reportIncomplete(identity, sequence, time: end)
    }
  }

  // MARK: - Limits

  /// Forgets keys or sequences, least recently seen first, until a new key fits within
  /// `maximumKeys` and `maximumMemory`.
  private func makeRoomForKey(at now: Double) throws {
    if table.count >= table.capacity, let victim = table.oldest() {
      let isCountLimit = table.count >= configuration.maximumKeys
      try evictKey(victim, at: now, forCount: isCountLimit)
    }
    while table.bytesDuringInsert + assembler.bytes > configuration.maximumMemory,
      try evictOldest(at: now)
    {}
  }

  /// Forgets keys or sequences, least recently seen first, other than the key in `slot` and the
  /// sequence `identity`, until what is held is within `maximumMemory`.
  private func enforceMemoryLimit(
    at now: Double, keepingKey slot: Int? = nil,
    keepingSequence identity: SequenceAssembler.Identity? = nil
  ) throws {
    while bytes > configuration.maximumMemory,
      try evictOldest(at: now, keepingKey: slot, keepingSequence: identity)
    {}
  }

  /// Forgets the least recently seen key or incomplete sequence, sparing the ones named; false
  /// if there is nothing else to forget.
  private func evictOldest(
    at now: Double, keepingKey kept: Int? = nil,
    keepingSequence keptSequence: SequenceAssembler.Identity? = nil
  ) throws -> Bool {
    var key: Int? = nil
    for list in [KeyTable.List.pending, .confirmed] {
      guard var slot = table.oldest(in: list) else { continue }
      if slot == kept {
        // The kept key is at its list's head: the next one up is the oldest other.
        let previous = table[slot].previous
        guard previous >= 0 else { continue }
        slot = Int(previous)
      }
      if let best = key, table[best].lastSeen <= table[slot].lastSeen { continue }
      key = slot
    }
    let sequence = assembler.oldest(excluding: keptSequence)
    switch (key, sequence) {
    case (nil, nil):
      return false
    case (let slot?, let sequence)
    where sequence.map({ table[slot].lastSeen < $0.lastSeen }) ?? true:
      try evictKey(slot, at: now, forCount: false)
    case (_, let sequence?):
      // Parts seen at the same time as the oldest key go first: they hold more.
      guard let removed = assembler.remove(sequence.identity) else { return false }
      counts.sequencesEvicted += 1
      if configuration.events { try reportIncomplete(sequence.identity, removed, time: now) }
    default:
      return false
    }
    return true
  }

  private func evictKey(_ slot: Int, at now: Double, forCount: Bool) throws {
    let (entry, details) = table.remove(slot)
    if forCount {
      counts.keysEvictedForCount += 1
    } else {
      counts.keysEvictedForMemory += 1
    }
    if configuration.events && entry.list == .confirmed {
      try writeEvent("leave", entry, details, time: now)
    }
  }

  // MARK: - Policy

  private func process(_ text: UnsafeRawBufferPointer, scanner: JSONObjectScanner, at now: Double)
    throws
  {
    keyBuilder.build(text, scanner: scanner, into: &key)
    let digest = table.digest(key)
    let slot: Int
    let isNew: Bool
    if let found = table.find(digest) {
      slot = found
      isNew = false
    } else {
      try makeRoomForKey(at: now)
      slot = table.insert(
        digest, list: configuration.confirm > 1 ? .pending : .confirmed, time: now)
      isNew = true
    }
    try decide(slot, isNew: isNew, text: text, scanner: scanner, at: now)
    table.account(slot)
    try enforceMemoryLimit(at: now, keepingKey: slot)
  }

  /// Applies the policy to a sighting of the key in `slot`: writes the record or events due.
  private func decide(
    _ slot: Int, isNew: Bool, text: UnsafeRawBufferPointer, scanner: JSONObjectScanner,
    at now: Double
  ) throws {
    let configuration = configuration
    table[slot].sightings += 1
    table[slot].lastSeen = now

    var isEntering = isNew && configuration.confirm == 1
    if table[slot].list == .pending {
      guard isConfirmed(slot, text: text, scanner: scanner, isNew: isNew, at: now) else {
        table.touch(slot, list: .pending)
        return
      }
      table[details: slot].recentFrames = []
      isEntering = true
    }
    table.touch(slot, list: .confirmed)

    if configuration.events {
      try handleEvents(slot, text: text, scanner: scanner, isEntering: isEntering, at: now)
      return
    }
    let shouldWrite: Bool
    switch configuration.mode {
    case .interval:
      shouldWrite = table[slot].lastWritten.map { now - $0 >= configuration.interval } ?? true
    case .rearm, .once: shouldWrite = isEntering
    case .global: shouldWrite = lastGlobalWrite.map { now - $0 >= configuration.interval } ?? true
    }
    guard shouldWrite else { return }
    table[slot].lastWritten = now
    lastGlobalWrite = now
    writtenCount += 1
    try output(text, text.last != 0x0A)
  }

  /// Counts a sighting of a pending key; whether it now has `confirm` frames within the interval.
  private func isConfirmed(
    _ slot: Int, text: UnsafeRawBufferPointer, scanner: JSONObjectScanner, isNew: Bool,
    at now: Double
  ) -> Bool {
    var frame: Double? = nil
    if let member = scanner.member(names.frame, in: text), member.kind == .number {
      frame = JSONString.number(UnsafeRawBufferPointer(rebasing: text[member.value]))
    }
    let isNewFrame = isNew || frame == nil || frame != table[details: slot].lastFrame
    table[details: slot].lastFrame = frame
    guard isNewFrame else { return false }
    table[details: slot].recentFrames.append(now)
    if table[details: slot].recentFrames.count > configuration.confirm {
      table[details: slot].recentFrames.removeFirst()
    }
    let recent = table[details: slot].recentFrames
    return recent.count == configuration.confirm && now - recent[0] < configuration.interval
  }

  /// Forgets keys that can no longer affect the output, writing `leave` for present ones, and
  /// gives up structured-append sequences that stopped arriving.
  private func expire(at now: Double) throws {
    let configuration = configuration
    while let slot = table.oldest(in: .pending),
      table[slot].lastSeen + configuration.interval <= now
    {
      table.remove(slot)
    }
    let retention: Double =
      configuration.events
      ? configuration.effectiveLinger
      : configuration.mode == .once ? .infinity : configuration.interval
    while let slot = table.oldest(in: .confirmed), table[slot].lastSeen + retention <= now {
      let (entry, details) = table.remove(slot)
      if configuration.events {
        try writeEvent("leave", entry, details, time: entry.lastSeen + retention)
      }
    }
    if now >= nextSequenceCheck { try giveUpSequences(at: now) }
  }

  // MARK: - Names of the fields qrdedupe reads

  /// Instance constants rather than statics: a static is a lazy global, checked on every use.
  struct Names {
    let time = Array("time".utf8)
    let frame = Array("frame".utf8)
    let corners = Array("corners".utf8)
    let sequence = Array("sequence".utf8)
    let index = Array("index".utf8)
    let count = Array("count".utf8)
    let parity = Array("parity".utf8)
    let text = Array("text".utf8)
    let bytes = Array("bytes".utf8)
    let payload = Array("payload".utf8)
  }

  private let names = Names()

  // MARK: - Structured append

  /// How long an incomplete sequence waits for its next part.
  var sequenceTimeout: Double { max(10, 10 * configuration.interval) }

  /// Collects the record if it is a structured-append part; writes the assembled record through
  /// the policy when it completes a sequence. Returns false if the record is not a part.
  private func collectPart(_ line: UnsafeRawBufferPointer, at now: Double) throws -> Bool {
    guard let member = scanner.member(names.sequence, in: line), member.kind == .object else {
      return false
    }
    let value = UnsafeRawBufferPointer(rebasing: line[member.value])
    guard partScanner.scan(value),
      let index = integer(names.index, in: value), let count = integer(names.count, in: value),
      let parity = integer(names.parity, in: value),
      SequenceAssembler.counts.contains(count), (0..<count).contains(index),
      (0...255).contains(parity)
    else { return false }
    let identity = SequenceAssembler.Identity(count: count, parity: parity)
    nextSequenceCheck = min(nextSequenceCheck, now + sequenceTimeout)
    counts.parts += 1
    let joined: [UInt8]
    switch assembler.add(payload(of: line), index: index, of: identity, time: now) {
    case .collecting:
      try enforceMemoryLimit(at: now, keepingSequence: identity)
      return true
    case .tooLong(let sequence):
      counts.sequencesTooLong += 1
      try reportTooLong(identity, sequence, time: now)
      return true
    case .complete(let payload):
      joined = payload
    }
    assemble(joined, identity: identity, from: line)
    let assembled = assemblyWriter.bytes
    try assembled.withUnsafeBytes { text in
      // The writer's output is valid JSON by construction.
      guard assembledScanner.scan(text) else { return }
      try process(text, scanner: assembledScanner, at: now)
    }
    return true
  }

  /// A whole-number member of the object `partScanner` last scanned.
  private func integer(_ name: [UInt8], in text: UnsafeRawBufferPointer) -> Int? {
    guard let member = partScanner.member(name, in: text), member.kind == .number,
      let value = JSONString.number(UnsafeRawBufferPointer(rebasing: text[member.value])),
      value == value.rounded(), abs(value) < 1e9
    else { return nil }
    return Int(value)
  }

  /// The payload of the record `scanner` last scanned: `bytes` decoded, else `text`, else empty.
  private func payload(of line: UnsafeRawBufferPointer) -> [UInt8] {
    var bytes: [UInt8] = []
    if let member = scanner.member(names.bytes, in: line), member.kind == .string,
      Base64.decode(RecordKeyBuilder.stringContents(line, member), into: &bytes)
    {
      return bytes
    }
    bytes.removeAll()
    if let member = scanner.member(names.text, in: line), member.kind == .string {
      JSONString.decode(RecordKeyBuilder.stringContents(line, member), into: &bytes)
    }
    return bytes
  }

  /// Writes into `assemblyWriter` the completing part's record with `text` and `bytes` holding
  /// the joined payload (`text` only if it is UTF-8, and only if the part had one; `bytes`
  /// always) and `sequence` reduced to `{"count":N,"parity":P}`; other members are copied.
  private func assemble(
    _ joined: [UInt8], identity: SequenceAssembler.Identity, from line: UnsafeRawBufferPointer
  ) {
    let isText = String(validating: joined, as: UTF8.self) != nil
    var hasBytes = false
    assemblyWriter.reset()
    assemblyWriter.beginObject()
    for member in scanner.members {
      let name = JSONString.decoded(UnsafeRawBufferPointer(rebasing: line[member.name]))
      if name == names.text {
        guard isText else { continue }
        assemblyWriter.key("text")
        assemblyWriter.string(joined)
      } else if name == names.bytes {
        hasBytes = true
        writeBase64(joined)
      } else if name == names.sequence {
        assemblyWriter.key("sequence")
        assemblyWriter.beginObject()
        assemblyWriter.key("count")
        assemblyWriter.integer(identity.count)
        assemblyWriter.key("parity")
        assemblyWriter.integer(identity.parity)
        assemblyWriter.endObject()
      } else {
        assemblyWriter.key(String(decoding: name, as: UTF8.self))
        assemblyWriter.raw(UnsafeRawBufferPointer(rebasing: line[member.value]))
      }
    }
    if !hasBytes { writeBase64(joined) }
    assemblyWriter.endObject()
    // A record of its own: it ends its line whether or not the completing part's line did.
    assemblyWriter.newline()
  }

  private func writeBase64(_ bytes: [UInt8]) {
    var encoded: [UInt8] = []
    Base64.encode(bytes, into: &encoded)
    assemblyWriter.key("bytes")
    assemblyWriter.string(encoded)
  }

  private func giveUpSequences(at now: Double) throws {
    let due = assembler.removeSequences(lastSeenBefore: now - sequenceTimeout + 1e-9)
    nextSequenceCheck =
      (assembler.sequences.values.map(\.lastSeen).min() ?? .infinity) + sequenceTimeout
    for (identity, sequence) in due {
      try reportIncomplete(identity, sequence, time: sequence.lastSeen + sequenceTimeout)
    }
  }

  /// Reports a sequence given up because its parts add up to more than `maximumLineLength`.
  private func reportTooLong(
    _ identity: SequenceAssembler.Identity, _ sequence: SequenceAssembler.Sequence, time: Double
  ) throws {
    guard configuration.events else {
      report(
        "structured-append sequence (count \(identity.count), parity \(identity.parity)) "
          + "would be longer than \(configuration.maximumLineLength) bytes when joined: given up")
      return
    }
    try reportIncomplete(identity, sequence, time: time)
  }

  private func reportIncomplete(
    _ identity: SequenceAssembler.Identity, _ sequence: SequenceAssembler.Sequence, time: Double
  ) throws {
    guard configuration.events else {
      let missing = sequence.missing.map(String.init).joined(separator: ", ")
      report(
        "incomplete structured-append sequence (count \(identity.count), parity "
          + "\(identity.parity)): missing part\(sequence.missing.count == 1 ? "" : "s") \(missing)")
      return
    }
    writer.reset()
    writer.beginObject()
    writer.key("event")
    writer.string("incomplete")
    writer.key("sequence")
    writer.beginObject()
    writer.key("count")
    writer.integer(identity.count)
    writer.key("parity")
    writer.integer(identity.parity)
    writer.endObject()
    writer.key("parts")
    writer.beginArray()
    for index in sequence.present { writer.integer(index) }
    writer.endArray()
    writer.key("missing")
    writer.beginArray()
    for index in sequence.missing { writer.integer(index) }
    writer.endArray()
    writer.key("time")
    writer.number(Self.eventTime(time))
    writer.key("first")
    writer.number(Self.eventTime(sequence.firstSeen))
    writer.key("last")
    writer.number(Self.eventTime(sequence.lastSeen))
    writer.key("sightings")
    writer.integer(sequence.sightings)
    writer.endObject()
    writer.newline()
    try writer.bytes.withUnsafeBytes { try output($0, false) }
  }

  // MARK: - Events

  private func handleEvents(
    _ slot: Int, text: UnsafeRawBufferPointer, scanner: JSONObjectScanner, isEntering: Bool,
    at now: Double
  ) throws {
    let object = UnsafeRawBufferPointer(rebasing: text[scanner.objectRange])
    table[details: slot].record.removeAll(keepingCapacity: true)
    table[details: slot].record.append(contentsOf: object)
    var corners: [Point]? = nil
    if let member = scanner.member(names.corners, in: text), member.kind == .array {
      corners = Corners.points(UnsafeRawBufferPointer(rebasing: text[member.value]))
    }
    if isEntering {
      table[details: slot].keyMembers = keyMembers(text, scanner: scanner)
      table[details: slot].corners = corners ?? []
      writtenCount += 1
      try writeEvent("enter", table[slot], table[details: slot], time: now)
      return
    }
    guard let corners else { return }
    guard !table[details: slot].corners.isEmpty else {
      table[details: slot].corners = corners
      return
    }
    let moved = Corners.displacement(from: table[details: slot].corners, to: corners)
    guard moved > configuration.move else { return }
    table[details: slot].corners = corners
    try writeEvent("update", table[slot], table[details: slot], time: now, moved: moved)
  }

  /// The key fields of a record as a JSON object, values copied as written; `payload` stands for
  /// the record's `text` and `bytes` (those present), a missing field for `null`.
  private func keyMembers(_ text: UnsafeRawBufferPointer, scanner: JSONObjectScanner) -> [UInt8] {
    var members = JSONWriter()
    members.beginObject()
    for field in configuration.keyFields {
      let name = Array(field.utf8)
      if name == names.payload {
        var isFound = false
        for (label, memberName) in [("text", names.text), ("bytes", names.bytes)] {
          guard let member = scanner.member(memberName, in: text) else { continue }
          members.key(label)
          members.raw(UnsafeRawBufferPointer(rebasing: text[member.value]))
          isFound = true
        }
        if isFound { continue }
      }
      members.key(field)
      if let member = scanner.member(name, in: text) {
        members.raw(UnsafeRawBufferPointer(rebasing: text[member.value]))
      } else {
        members.null()
      }
    }
    members.endObject()
    return members.bytes
  }

  /// Writes `{"event":…,"key":{…},"time":…,"first":…,"last":…,"sightings":…,["moved":…,]
  /// "record":{…}}`.
  private func writeEvent(
    _ event: String, _ entry: KeyTable.Entry, _ details: KeyTable.Details, time: Double,
    moved: Double? = nil
  ) throws {
    writer.reset()
    writer.beginObject()
    writer.key("event")
    writer.string(event)
    writer.key("key")
    details.keyMembers.withUnsafeBytes { writer.raw($0) }
    writer.key("time")
    writer.number(Self.eventTime(time))
    writer.key("first")
    writer.number(Self.eventTime(entry.firstSeen))
    writer.key("last")
    writer.number(Self.eventTime(entry.lastSeen))
    writer.key("sightings")
    writer.integer(entry.sightings)
    if let moved {
      writer.key("moved")
      writer.number((moved * 100).rounded() / 100)
    }
    writer.key("record")
    details.record.withUnsafeBytes { writer.raw($0) }
    writer.endObject()
    writer.newline()
    try writer.bytes.withUnsafeBytes { try output($0, false) }
  }
}

extension Deduplicator {
  /// How many keys are remembered now (for tests of expiry and eviction).
  var rememberedKeyCount: Int { table.count }

  /// An event's time as written: to the microsecond, so that a sum such as `0.2 + 0.1` (the last
  /// sighting plus the linger) or a wall-clock reading prints as `0.3`, not with 17 digits.
  static func eventTime(_ time: Double) -> Double {
    abs(time) < 1e9 ? (time * 1e6).rounded() / 1e6 : time
  }
}
