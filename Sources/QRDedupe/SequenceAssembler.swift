// SPDX-License-Identifier: MIT
// Structured append (ISO/IEC 18004:2015, 8.3.6): collecting the parts of a message across frames.

/// Collects structured-append parts until every part of a sequence is in.
///
/// A sequence is identified by its part count and parity byte, as the standard's symbols carry
/// them; with 16 possible counts and 256 parities there are at most 4,096 sequences at once. The
/// parity is used as an identifier only: it is the XOR of the message's original bytes, which a
/// reader may have transcoded, so it is not checked.
///
/// The parts' bytes are counted in `bytes` (with the per-sequence bookkeeping), so that the
/// owner can keep them within a budget by removing the least recently added-to sequence
/// (`oldest(excluding:)`), and a sequence whose parts add up to more than `maximumLength` bytes
/// is given up as it grows past it.
struct SequenceAssembler {
  /// A sequence's identity.
  struct Identity: Hashable, Comparable {
    var count: Int
    var parity: Int

    static func < (a: Identity, b: Identity) -> Bool {
      (a.count, a.parity) < (b.count, b.parity)
    }
  }

  /// The parts seen so far of one sequence.
  struct Sequence {
    var parts: [[UInt8]?]
    var firstSeen: Double
    var lastSeen: Double
    var sightings = 0
    /// The payload bytes of the parts held.
    var length = 0
    /// When it was last added to, in additions since the start (a tie-break for equal times).
    var serial: UInt64 = 0
    /// The bytes counted for it in `SequenceAssembler.bytes`.
    var accountedBytes = 0

    /// The indices of the parts that have arrived.
    var present: [Int] { parts.indices.filter { parts[$0] != nil } }
    /// The indices of the parts still missing.
    var missing: [Int] { parts.indices.filter { parts[$0] == nil } }

    /// The memory it holds: each part's buffer, the part list, and its share of the dictionary
    /// (at most half full) that holds it.
    var heapBytes: Int {
      var total =
        2 * (MemoryLayout<Identity>.stride + MemoryLayout<Sequence>.stride)
        + parts.capacity * MemoryLayout<[UInt8]?>.stride + KeyTable.allocationOverhead
      for case let part? in parts where part.capacity > 0 {
        total += part.capacity + KeyTable.allocationOverhead
      }
      return total
    }
  }

  /// What adding a part did.
  enum Outcome {
    /// The part was stored; the sequence is still incomplete.
    case collecting
    /// The part completed the sequence, which is forgotten: its joined payload.
    case complete([UInt8])
    /// The joined payload would exceed `maximumLength`: the sequence, now forgotten, as it was
    /// before this part.
    case tooLong(Sequence)
  }

  /// The structured-append parts a count allows: 2…16 symbols (a count of 1 is accepted too).
  static let counts = 1...16

  /// The longest joined payload accepted, in bytes.
  let maximumLength: Int
  private(set) var sequences: [Identity: Sequence] = [:]
  /// The memory the incomplete sequences hold, as counted by `Sequence.heapBytes`.
  private(set) var bytes = 0
  private var serial: UInt64 = 0

  /// Creates an assembler of sequences of up to `maximumLength` bytes when joined.
  init(maximumLength: Int = .max) { self.maximumLength = maximumLength }

  /// Adds part `index` of the sequence `identity`, with its payload bytes, seen at `time`.
  ///
  /// A part seen again replaces the earlier copy. A sequence is forgotten when the part
  /// completes it (so it can be collected again) or makes it too long.
  mutating func add(_ payload: [UInt8], index: Int, of identity: Identity, time: Double)
    -> Outcome
  {
    var sequence =
      sequences[identity]
      ?? Sequence(
        parts: Array(repeating: nil, count: identity.count), firstSeen: time, lastSeen: time)
    let length = sequence.length - (sequence.parts[index]?.count ?? 0) + payload.count
    if length > maximumLength {
      _ = remove(identity)
      return .tooLong(sequence)
    }
    sequence.parts[index] = payload
    sequence.length = length
    sequence.lastSeen = time
    sequence.sightings += 1
    serial += 1
    sequence.serial = serial
    if sequence.parts.allSatisfy({ $0 != nil }) {
      _ = remove(identity)
      return .complete(sequence.parts.reduce(into: []) { joined, part in joined += part ?? [] })
    }
    let heapBytes = sequence.heapBytes
    bytes += heapBytes - sequence.accountedBytes
    sequence.accountedBytes = heapBytes
    sequences[identity] = sequence
    return .collecting
  }

  /// The least recently added-to sequence other than `excluded`, with its last time.
  /// - Complexity: O(*s*) in the number of incomplete sequences (at most 4,096).
  func oldest(excluding excluded: Identity? = nil) -> (identity: Identity, lastSeen: Double)? {
    var best: (identity: Identity, lastSeen: Double, serial: UInt64)? = nil
    for (identity, sequence) in sequences where identity != excluded {
      if let current = best,
        (current.lastSeen, current.serial) < (sequence.lastSeen, sequence.serial)
      {
        continue
      }
      best = (identity, sequence.lastSeen, sequence.serial)
    }
    return best.map { ($0.identity, $0.lastSeen) }
  }

  /// Forgets a sequence and returns it.
  mutating func remove(_ identity: Identity) -> Sequence? {
    guard let sequence = sequences.removeValue(forKey: identity) else { return nil }
    bytes -= sequence.accountedBytes
    return sequence
  }

  /// Removes and returns the sequences last added to before `time`, in order of identity.
  /// - Complexity: O(*s* log *s*) in the number of incomplete sequences (at most 4,096).
  mutating func removeSequences(lastSeenBefore time: Double) -> [(Identity, Sequence)] {
    let due = sequences.filter { $0.value.lastSeen < time }.sorted { $0.key < $1.key }
    for (identity, _) in due { _ = remove(identity) }
    return due.map { ($0.key, $0.value) }
  }

  /// Removes and returns every incomplete sequence, in order of identity.
  mutating func removeAll() -> [(Identity, Sequence)] {
    removeSequences(lastSeenBefore: .infinity)
  }
}
