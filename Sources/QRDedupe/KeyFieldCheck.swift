// SPDX-License-Identifier: MIT
// A --key field that no record has: a typo (`txt`) would key every record the same.

import QRRecords

/// Watches the first records for the key fields, so that a field none of them has is reported
/// (with the fields they do have) instead of silently keying every record as `null`.
struct KeyFieldCheck {
  /// How many records are looked at before the verdict.
  static let recordsChecked = 100
  /// At most this many field names are listed as seen.
  static let namesListed = 24

  private let fields: [(name: [UInt8], isPayload: Bool)]
  private let names: [String]
  private var found: [Bool]
  private var seen: [String] = []
  private var checked = 0
  /// Whether the verdict has been given (and the check is over).
  private(set) var isDone = false

  init(fields: [String]) {
    names = fields
    self.fields = fields.map { (Array($0.utf8), $0 == "payload") }
    found = Array(repeating: false, count: fields.count)
    isDone = fields.isEmpty
  }

  /// Notes the fields of one scanned record; returns the warning once the first
  /// `recordsChecked` records are seen and some key field was in none of them.
  mutating func note(_ text: UnsafeRawBufferPointer, scanner: JSONObjectScanner) -> String? {
    guard !isDone else { return nil }
    checked += 1
    for (index, field) in fields.enumerated() where !found[index] {
      found[index] =
        scanner.member(field.name, in: text) != nil
        || (field.isPayload
          && (scanner.member(Array("bytes".utf8), in: text) != nil
            || scanner.member(Array("text".utf8), in: text) != nil))
    }
    if seen.count <= Self.namesListed {
      for member in scanner.members where seen.count <= Self.namesListed {
        let name = String(
          decoding: UnsafeRawBufferPointer(rebasing: text[member.name]), as: UTF8.self)
        if !seen.contains(name) { seen.append(name) }
      }
    }
    return checked >= Self.recordsChecked ? verdict() : nil
  }

  /// The warning for the records seen so far, if a key field was in none; ends the check.
  mutating func verdict() -> String? {
    guard !isDone, checked > 0 else { return nil }
    isDone = true
    let missing = names.indices.filter { !found[$0] }.map { "'\(names[$0])'" }
    guard !missing.isEmpty else { return nil }
    var listed = seen.prefix(Self.namesListed).joined(separator: ", ")
    if seen.count > Self.namesListed { listed += ", ..." }
    let records = checked == 1 ? "the record" : "the first \(checked) records"
    return "warning: --key: " + (missing.count == 1 ? "field " : "fields ")
      + missing.joined(separator: ", ") + " in none of \(records), so all are keyed as if"
      + " it were null (fields seen: \(listed); payload means bytes, else text)"
  }
}
