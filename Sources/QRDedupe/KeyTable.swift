// SPDX-License-Identifier: MIT
// The keys qrdedupe remembers: a hash index plus two recency lists for expiry and eviction.

import QRImage
import QRRecords

/// The remembered keys and their state, with O(1) lookup, refresh, expiry and eviction.
///
/// Entries live in one array and are chained into one of two doubly linked lists, most recently
/// seen at the head. Because qrdedupe's clock never goes backwards, each list is also in order of
/// last sighting, so the entries that expire first are always at the tails: a sweep pops tails
/// while they are due and stops at the first that is not, for amortized O(1) per record. Two lists
/// let pending keys (still being confirmed) and confirmed keys expire after different delays.
struct KeyTable {
  /// Which list an entry is on.
  enum List: Int {
    /// Seen, but not yet in enough frames to be confirmed.
    case pending = 0
    /// Confirmed (and so written, entered, or throttled by `global`).
    case confirmed = 1
  }

  /// One key's state.
  struct Entry {
    var key: [UInt8]
    var previous: Int32 = -1
    var next: Int32 = -1
    var firstSeen = 0.0
    var lastSeen = 0.0
    /// When a record of this key was last written; nil if never.
    var lastWritten: Double? = nil
    /// Records seen with this key.
    var sightings = 0
    var list = List.pending
  }

  /// State that only `--confirm` and `--events` need, kept apart so that the common case costs
  /// less memory per key.
  struct Details {
    /// The `frame` of the latest sighting, if it had one (repeated frames do not confirm).
    var lastFrame: Double? = nil
    /// Times of the latest sightings in distinct frames, oldest first (pending keys only).
    var recentFrames: [Double] = []
    /// Events: the latest record's text.
    var record: [UInt8] = []
    /// Events: the key fields as a JSON object, from the record that entered.
    var keyMembers: [UInt8] = []
    /// Events: the corners at the last enter or update event.
    var corners: [Point] = []
  }

  /// Key bytes hashed in one call rather than byte by byte.
  struct Key: Hashable {
    var bytes: [UInt8]

    func hash(into hasher: inout Hasher) {
      bytes.withUnsafeBytes { hasher.combine(bytes: $0) }
    }

    static func == (a: Key, b: Key) -> Bool {
      a.bytes.withUnsafeBytes { left in
        b.bytes.withUnsafeBytes { right in JSONObjectScanner.isEqual(left, right) }
      }
    }
  }

  private(set) var entries: [Entry] = []
  /// Parallel to `entries` when `keepsDetails`, else empty.
  private(set) var details: [Details] = []
  private let keepsDetails: Bool
  private var index: [Key: Int32] = [:]
  private var free: [Int32] = []
  private var heads: [Int32] = [-1, -1]
  private var tails: [Int32] = [-1, -1]

  /// Creates a table for up to `capacity` keys, with `Details` if `keepsDetails`.
  ///
  /// Entry storage for up to a million keys is reserved at once: it costs address space, not
  /// memory, until used (freed slots are reused first), and it spares the table the copy, and
  /// twice the memory, of growing while full. The hash index is left to grow: keys land in
  /// random buckets, so a reserved index would soon be resident whole however few keys live.
  init(capacity: Int, keepsDetails: Bool) {
    self.keepsDetails = keepsDetails
    let reserved = min(capacity, 1 << 20)
    entries.reserveCapacity(reserved)
    if keepsDetails { details.reserveCapacity(reserved) }
  }

  /// The number of keys remembered.
  var count: Int { index.count }

  /// The entry of `key`, if remembered.
  func find(_ key: [UInt8]) -> Int? { index[Key(bytes: key)].map(Int.init) }

  /// Accesses an entry in place.
  subscript(slot: Int) -> Entry {
    get { entries[slot] }
    _modify { yield &entries[slot] }
  }

  /// Accesses an entry's details in place.
  ///
  /// - Precondition: The table keeps details.
  subscript(details slot: Int) -> Details {
    get { details[slot] }
    _modify { yield &details[slot] }
  }

  /// Remembers a new key at the head of `list`; returns its slot.
  mutating func insert(_ key: [UInt8], list: List, time: Double) -> Int {
    var entry = Entry(key: key)
    entry.list = list
    entry.firstSeen = time
    entry.lastSeen = time
    let slot: Int32
    if let reused = free.popLast() {
      slot = reused
      entries[Int(slot)] = entry
      if keepsDetails { details[Int(slot)] = Details() }
    } else {
      slot = Int32(entries.count)
      entries.append(entry)
      if keepsDetails { details.append(Details()) }
    }
    index[Key(bytes: key)] = slot
    link(Int(slot))
    return Int(slot)
  }

  /// Moves an entry to the head of `list` (a fresh sighting, or a move between lists).
  mutating func touch(_ slot: Int, list: List) {
    unlink(slot)
    entries[slot].list = list
    link(slot)
  }

  /// The least recently seen entry of `list`.
  func oldest(in list: List) -> Int? {
    let tail = tails[list.rawValue]
    return tail < 0 ? nil : Int(tail)
  }

  /// The least recently seen entry of either list.
  func oldest() -> Int? {
    switch (oldest(in: .pending), oldest(in: .confirmed)) {
    case (nil, let slot), (let slot, nil): slot
    case (let pending?, let confirmed?):
      entries[pending].lastSeen <= entries[confirmed].lastSeen ? pending : confirmed
    }
  }

  /// Entries of `list`, least recently seen first.
  func slots(in list: List) -> [Int] {
    var result: [Int] = []
    var slot = tails[list.rawValue]
    while slot >= 0 {
      result.append(Int(slot))
      slot = entries[Int(slot)].previous
    }
    return result
  }

  /// Forgets an entry and returns it, with its details if the table keeps them.
  @discardableResult
  mutating func remove(_ slot: Int) -> (entry: Entry, details: Details) {
    unlink(slot)
    let entry = entries[slot]
    index[Key(bytes: entry.key)] = nil
    // Drop the old entry's buffers now rather than when the slot is reused.
    entries[slot] = Entry(key: [])
    var removed = Details()
    if keepsDetails { swap(&removed, &details[slot]) }
    free.append(Int32(slot))
    return (entry, removed)
  }

  // MARK: - List links

  private mutating func link(_ slot: Int) {
    let list = entries[slot].list.rawValue
    let head = heads[list]
    entries[slot].previous = -1
    entries[slot].next = head
    if head >= 0 { entries[Int(head)].previous = Int32(slot) } else { tails[list] = Int32(slot) }
    heads[list] = Int32(slot)
  }

  private mutating func unlink(_ slot: Int) {
    let list = entries[slot].list.rawValue
    let previous = entries[slot].previous
    let next = entries[slot].next
    if previous >= 0 { entries[Int(previous)].next = next } else { heads[list] = next }
    if next >= 0 { entries[Int(next)].previous = previous } else { tails[list] = previous }
  }
}
