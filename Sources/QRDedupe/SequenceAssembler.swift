// SPDX-License-Identifier: MIT
// Structured append (ISO/IEC 18004:2015, 8.3.6): collecting the parts of a message across frames.

/// Collects structured-append parts until every part of a sequence is in.
///
/// A sequence is identified by its part count and parity byte, as the standard's symbols carry
/// them; with 15 possible counts and 256 parities there are at most 3,840 sequences at once, so
/// memory is bounded whatever the input. The parity is used as an identifier only: it is the XOR
/// of the message's original bytes, which a reader may have transcoded, so it is not checked.
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

    /// The indices of the parts that have arrived.
    var present: [Int] { parts.indices.filter { parts[$0] != nil } }
    /// The indices of the parts still missing.
    var missing: [Int] { parts.indices.filter { parts[$0] == nil } }
  }

  /// The structured-append parts a count allows: 2…16 symbols (a count of 1 is accepted too).
  static let counts = 1...16

  private(set) var sequences: [Identity: Sequence] = [:]

  /// Adds part `index` of the sequence `identity`, with its payload bytes, seen at `time`.
  ///
  /// A part seen again replaces the earlier copy. Returns the joined payload when this part
  /// completes the sequence, which is then forgotten (so it can be collected again).
  mutating func add(_ payload: [UInt8], index: Int, of identity: Identity, time: Double)
    -> [UInt8]?
  {
    var sequence =
      sequences[identity]
      ?? Sequence(
        parts: Array(repeating: nil, count: identity.count), firstSeen: time, lastSeen: time)
    sequence.parts[index] = payload
    sequence.lastSeen = time
    sequence.sightings += 1
    if sequence.parts.allSatisfy({ $0 != nil }) {
      sequences[identity] = nil
      return sequence.parts.reduce(into: []) { joined, part in joined += part ?? [] }
    }
    sequences[identity] = sequence
    return nil
  }

  /// Removes and returns the sequences last added to before `time`, in order of identity.
  /// - Complexity: O(*s* log *s*) in the number of incomplete sequences (at most 3,840).
  mutating func removeSequences(lastSeenBefore time: Double) -> [(Identity, Sequence)] {
    let due = sequences.filter { $0.value.lastSeen < time }.sorted { $0.key < $1.key }
    for (identity, _) in due { sequences[identity] = nil }
    return due.map { ($0.key, $0.value) }
  }

  /// Removes and returns every incomplete sequence, in order of identity.
  mutating func removeAll() -> [(Identity, Sequence)] {
    removeSequences(lastSeenBefore: .infinity)
  }
}
