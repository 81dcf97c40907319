// SPDX-License-Identifier: MIT
// Elements in address space reserved once: memory only for the pages written, and no regrowth.

import Glibc

/// A fixed-capacity array in one anonymous mapping, reserved with `MAP_NORESERVE`.
///
/// The mapping costs address space, not memory: a page becomes resident when an element on it
/// is first written, so `residentBytes` (the pages up to the last element ever appended) is
/// what the storage really holds. Unlike an `Array` it never grows by copying, which would need
/// the old and the new buffer at once. The corresponding C functions are `mmap` and `munmap`.
///
/// - Important: Indices are checked against `count`; the storage is not copyable (a class).
final class ReservedStorage<Element> {
  /// The most elements it can hold.
  let capacity: Int
  /// The elements appended so far (they are never removed, only overwritten).
  private(set) var count = 0
  private let base: UnsafeMutablePointer<Element>
  private let byteCount: Int
  private let isMapped: Bool

  /// Reserves room for up to `capacity` elements; fewer if the address space is short (then
  /// `capacity` tells how many).
  init(capacity requested: Int) {
    let stride = max(1, MemoryLayout<Element>.stride)
    var capacity = max(1, requested)
    while true {
      let bytes = Self.pageRounded(capacity * stride)
      let address = mmap(
        nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0)
      if let address, address != MAP_FAILED {
        base = address.bindMemory(to: Element.self, capacity: capacity)
        byteCount = bytes
        isMapped = true
        break
      }
      if capacity <= 1024 {
        // No mapping at all: an ordinary allocation of a small table.
        base = .allocate(capacity: capacity)
        byteCount = capacity * stride
        isMapped = false
        break
      }
      capacity /= 2
    }
    self.capacity = capacity
  }

  deinit {
    base.deinitialize(count: count)
    if isMapped {
      munmap(UnsafeMutableRawPointer(base), byteCount)
    } else {
      base.deallocate()
    }
  }

  /// Adds an element after the last; returns its index.
  ///
  /// - Precondition: `count < capacity`.
  @discardableResult
  func append(_ element: Element) -> Int {
    precondition(count < capacity, "reserved storage is full")
    (base + count).initialize(to: element)
    count += 1
    return count - 1
  }

  /// Accesses an element in place.
  subscript(index: Int) -> Element {
    get {
      precondition(index >= 0 && index < count, "index out of range")
      return base[index]
    }
    _modify {
      precondition(index >= 0 && index < count, "index out of range")
      yield &base[index]
    }
  }

  /// The memory the elements written so far occupy: whole pages, as the kernel counts them.
  var residentBytes: Int { Self.pageRounded(count * MemoryLayout<Element>.stride) }

  /// The resident bytes after one more element is appended.
  var residentBytesAfterAppend: Int {
    Self.pageRounded((count + 1) * MemoryLayout<Element>.stride)
  }

  private static func pageRounded(_ bytes: Int) -> Int {
    (bytes + pageSize - 1) / pageSize * pageSize
  }
}

/// The page size the kernel maps memory in (4 KiB on x86-64).
private let pageSize = max(4096, Int(sysconf(Int32(_SC_PAGESIZE))))
