// SPDX-License-Identifier: MIT
// The keys qrdedupe remembers: a hash index plus two recency lists for expiry and eviction.

import QRImage
import QRRecords

/// The remembered keys and their state, with O(1) lookup, refresh, expiry and eviction, and an
/// honest count of the bytes they hold.
///
/// Each key is remembered by its 128-bit `KeyDigest`, so an entry has the same size whatever
/// the key's length. Entries live in one `ReservedStorage` and are chained into one of two
/// doubly linked lists, most recently seen at the head. Because qrdedupe's clock never goes
/// backwards, each list is also in order of last sighting, so the entries that expire first are
/// always at the tails: a sweep pops tails while they are due and stops at the first that is not,
/// for amortized O(1) per record. Two lists let pending keys (still being confirmed) and
/// confirmed keys expire after different delays. Freed entries are chained through `next` and
/// reused first.
///
/// The index is open addressing with linear probing over `Int32` slot numbers (at most half
/// full, deletion by backward shift), hashed by the digest's seeded first lane.
///
/// `bytes` counts the entry pages written, the index, and the heap buffers of `Details`
/// (capacity plus a per-allocation overhead), so that a caller can keep the table within a
/// budget by evicting the least recently seen entries.
struct KeyTable {
  /// Which list an entry is on.
  enum List: UInt8 {
    /// Seen, but not yet in enough frames to be confirmed.
    case pending = 0
    /// Confirmed (and so written, entered, or throttled by `global`).
    case confirmed = 1
  }

  /// One key's state.
  struct Entry {
    var digest: KeyDigest
    var previous: Int32 = -1
    /// The next entry of the entry's list, or of the free chain once freed.
    var next: Int32 = -1
    var firstSeen = 0.0
    var lastSeen = 0.0
    /// When a record of this key was last written; nil if never.
    var lastWritten: Double? = nil
    /// Declared here, it fills the padding after `lastWritten`: 64 bytes in all.
    var list = List.pending
    /// Records seen with this key.
    var sightings = 0
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
    /// The heap bytes counted for this entry when it was last accounted.
    var accountedBytes = 0

    /// The heap bytes its buffers hold: their capacity, plus a header and malloc's overhead for
    /// each buffer allocated.
    var heapBytes: Int {
      Self.bytes(recentFrames) + Self.bytes(record) + Self.bytes(keyMembers) + Self.bytes(corners)
    }

    private static func bytes<T>(_ array: [T]) -> Int {
      array.capacity == 0 ? 0 : array.capacity * MemoryLayout<T>.stride + allocationOverhead
    }
  }

  /// What one heap allocation costs beyond its elements: a Swift array's 32-byte header and
  /// malloc's 16 bytes of bookkeeping and rounding.
  static let allocationOverhead = 48

  /// The bytes a key costs beyond its `Details` buffers, for sizing a table to a budget: its
  /// entry, its details, and two index buckets (the index is at most half full).
  static func bytesPerKey(keepsDetails: Bool) -> Int {
    MemoryLayout<Entry>.stride + (keepsDetails ? MemoryLayout<Details>.stride : 0)
      + 2 * MemoryLayout<Int32>.stride
  }

  private let entries: ReservedStorage<Entry>
  /// Parallel to `entries` when the table keeps details.
  private let details: ReservedStorage<Details>?
  private var buckets: [Int32]
  private var mask: Int
  private var freeHead: Int32 = -1
  private var heads: [Int32] = [-1, -1]
  private var tails: [Int32] = [-1, -1]
  private var detailBytes = 0
  /// The seed of every digest this table is asked about.
  let seed: KeyDigest.Seed
  /// The number of keys remembered.
  private(set) var count = 0

  /// Creates a table for up to `capacity` keys, with `Details` if `keepsDetails`.
  ///
  /// Entry storage for all of them is reserved at once: it costs address space, not memory,
  /// until used (freed entries are reused first), and it spares the table the copy, and twice
  /// the memory, of growing while full. The index grows instead: keys land in random buckets,
  /// so a reserved index would soon be resident whole however few keys live.
  init(capacity: Int, keepsDetails: Bool, seed: KeyDigest.Seed = .random()) {
    entries = ReservedStorage(capacity: capacity)
    details = keepsDetails ? ReservedStorage(capacity: entries.capacity) : nil
    buckets = Array(repeating: -1, count: 256)
    mask = 255
    self.seed = seed
  }

  /// The most keys the table can hold (its capacity, or less if address space was short).
  var capacity: Int { entries.capacity }

  /// The bytes the table holds now.
  var bytes: Int {
    entries.residentBytes + (details?.residentBytes ?? 0) + indexBytes + detailBytes
  }

  /// The bytes it will hold while inserting one more key (before any details are stored): a
  /// new entry page if no freed entry is left, and the old and the new index together if the
  /// index must grow.
  var bytesDuringInsert: Int {
    var total = bytes
    if freeHead < 0 {
      total += entries.residentBytesAfterAppend - entries.residentBytes
      if let details { total += details.residentBytesAfterAppend - details.residentBytes }
    }
    if needsGrowth { total += 2 * indexBytes }
    return total
  }

  private var indexBytes: Int { buckets.capacity * MemoryLayout<Int32>.stride }
  private var needsGrowth: Bool { (count + 1) * 2 > buckets.count }

  /// The digest of a key's bytes, under this table's seed.
  func digest(_ key: [UInt8]) -> KeyDigest { KeyDigest(key, seed: seed) }

  /// The entry of the key with `digest`, if remembered.
  func find(_ digest: KeyDigest) -> Int? {
    var bucket = home(digest)
    while true {
      let slot = buckets[bucket]
      if slot < 0 { return nil }
      if entries[Int(slot)].digest == digest { return Int(slot) }
      bucket = (bucket + 1) & mask
    }
  }

  /// Accesses an entry in place.
  subscript(slot: Int) -> Entry {
    get { entries[slot] }
    _modify { yield &entries[slot] }
  }

  /// Accesses an entry's details in place; call `account(_:)` after changing its buffers.
  ///
  /// - Precondition: The table keeps details.
  subscript(details slot: Int) -> Details {
    get { details.map { $0[slot] } ?? Details() }
    _modify {
      guard let details else { preconditionFailure("the table keeps no details") }
      yield &details[slot]
    }
  }

  /// Counts the current size of an entry's detail buffers in `bytes`.
  mutating func account(_ slot: Int) {
    guard let details else { return }
    let now = details[slot].heapBytes
    detailBytes += now - details[slot].accountedBytes
    details[slot].accountedBytes = now
  }

  /// Remembers a new key at the head of `list`; returns its slot.
  ///
  /// - Precondition: `count < capacity`, and the key is not remembered.
  mutating func insert(_ digest: KeyDigest, list: List, time: Double) -> Int {
    precondition(count < capacity, "the key table is full")
    var entry = Entry(digest: digest)
    entry.list = list
    entry.firstSeen = time
    entry.lastSeen = time
    let slot: Int
    if freeHead >= 0 {
      slot = Int(freeHead)
      freeHead = entries[slot].next
      entries[slot] = entry
    } else {
      slot = entries.append(entry)
      details?.append(Details())
    }
    if needsGrowth { growIndex() }
    var bucket = home(digest)
    while buckets[bucket] >= 0 { bucket = (bucket + 1) & mask }
    buckets[bucket] = Int32(slot)
    count += 1
    link(slot)
    return slot
  }

  /// Moves an entry to the head of `list` (a fresh sighting, or a move between lists).
  mutating func touch(_ slot: Int, list: List) {
    unlink(slot)
    entries[slot].list = list
    link(slot)
  }

  /// The least recently seen entry of `list`.
  func oldest(in list: List) -> Int? {
    let tail = tails[Int(list.rawValue)]
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
    var slot = tails[Int(list.rawValue)]
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
    removeFromIndex(slot, digest: entry.digest)
    var removed = Details()
    if let details {
      // Drop the old entry's buffers now rather than when the slot is reused.
      swap(&removed, &details[slot])
      detailBytes -= removed.accountedBytes
    }
    entries[slot].next = freeHead
    freeHead = Int32(slot)
    count -= 1
    return (entry, removed)
  }

  // MARK: - Index

  @inline(__always)
  private func home(_ digest: KeyDigest) -> Int { Int(truncatingIfNeeded: digest.a) & mask }

  private mutating func removeFromIndex(_ slot: Int, digest: KeyDigest) {
    var hole = home(digest)
    while buckets[hole] != Int32(slot) { hole = (hole + 1) & mask }
    // Backward-shift deletion: move up any later entry of the run that may sit in the hole.
    var next = hole
    while true {
      next = (next + 1) & mask
      let moving = buckets[next]
      if moving < 0 { break }
      let wanted = home(entries[Int(moving)].digest)
      // The entry at `next` may move to `hole` unless its home lies cyclically in (hole, next].
      let staysPut =
        hole <= next ? (hole < wanted && wanted <= next) : (hole < wanted || wanted <= next)
      if staysPut { continue }
      buckets[hole] = moving
      hole = next
    }
    buckets[hole] = -1
  }

  private mutating func growIndex() {
    let size = buckets.count * 2
    var grown = [Int32](repeating: -1, count: size)
    let newMask = size - 1
    for slot in buckets where slot >= 0 {
      var bucket = Int(truncatingIfNeeded: entries[Int(slot)].digest.a) & newMask
      while grown[bucket] >= 0 { bucket = (bucket + 1) & newMask }
      grown[bucket] = slot
    }
    buckets = grown
    mask = newMask
  }

  // MARK: - List links

  private mutating func link(_ slot: Int) {
    let list = Int(entries[slot].list.rawValue)
    let head = heads[list]
    entries[slot].previous = -1
    entries[slot].next = head
    if head >= 0 { entries[Int(head)].previous = Int32(slot) } else { tails[list] = Int32(slot) }
    heads[list] = Int32(slot)
  }

  private mutating func unlink(_ slot: Int) {
    let list = Int(entries[slot].list.rawValue)
    let previous = entries[slot].previous
    let next = entries[slot].next
    if previous >= 0 { entries[Int(previous)].next = next } else { heads[list] = next }
    if next >= 0 { entries[Int(next)].previous = previous } else { tails[list] = previous }
  }
}
