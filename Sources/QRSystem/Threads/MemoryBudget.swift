// SPDX-License-Identifier: MIT
// One memory budget for the whole process: what decoded frames and decoders may hold at once.

import Glibc

/// The bytes that frames in flight and image decoders may hold at once, shared by every reader
/// and thread of the process, so that `--jobs` and frames queued between threads never multiply
/// the bound.
///
/// A reader reserves what a frame will cost (its pixels, its decoder's working memory) before it
/// allocates anything, and the reservation is released when the frame has been dealt with (its
/// `MemoryReservation` is freed). A request larger than the whole budget is refused at once; a
/// request that fits the budget but not what is free waits until other reservations are
/// released, which frames in flight always are: only the caller's own holdings, which it names,
/// could make that wait endless, and those are counted out first.
///
///     guard let held = MemoryBudget.process.reserve(bytes, holding: 0) else { throw tooLarge }
///     defer { _ = held }   // released when `held` goes
public final class MemoryBudget: @unchecked Sendable {
  // @unchecked: `capacity` and `reserved` are read and written only with `monitor` held.
  private let monitor = Monitor()
  private var limit: Int
  private var reserved = 0
  private var peak = 0

  /// The default budget, 256 MiB: a 12-megapixel photo decodes with room to spare, and no
  /// input of any size makes the process hold more for its frames.
  public static let defaultCapacity = 256 << 20

  /// The process's budget, which every frame reader reserves from.
  public static let process = MemoryBudget(capacity: defaultCapacity)

  /// A budget of `capacity` bytes (at least 1).
  public init(capacity: Int) {
    limit = max(1, capacity)
  }

  /// The budget, in bytes; set it once, before reading (from `--max-memory`).
  public var capacity: Int {
    get { monitor.withLock { limit } }
    set {
      monitor.withLock { limit = max(1, newValue) }
      monitor.broadcast()
    }
  }

  /// Bytes reserved now.
  public var inUse: Int { monitor.withLock { reserved } }

  /// The most bytes reserved at once so far.
  public var peakInUse: Int { monitor.withLock { peak } }

  /// Reserves `bytes`, waiting while reservations made by others leave too little free; nil
  /// when `bytes` plus `holding` (what the caller itself holds of this budget, which it cannot
  /// release while it waits) exceeds the whole budget.
  ///
  /// - Complexity: O(1), plus the wait.
  public func reserve(_ bytes: Int, holding: Int = 0) -> MemoryReservation? {
    let bytes = max(0, bytes)
    monitor.lock()
    defer { monitor.unlock() }
    let (total, overflow) = bytes.addingReportingOverflow(max(0, holding))
    guard !overflow, total <= limit else { return nil }
    // Waits only on others' reservations: the caller's own count as already there.
    while reserved + bytes > limit && reserved > holding { monitor.wait() }
    guard reserved + bytes <= limit else { return nil }
    reserved += bytes
    peak = max(peak, reserved)
    return MemoryReservation(budget: self, bytes: bytes)
  }

  /// Makes freed blocks of 1 MiB or more go back to the system at once: glibc otherwise keeps
  /// them in the arena of the thread that freed them (one arena a thread), where a budget
  /// cannot see them. Measured with 16 BMPs of 121 megapixels at `-j 8`: 990 MB at the peak
  /// with glibc's default (its threshold grows to 32 MiB), 261 MB with this. Call once, early.
  /// The corresponding C function is `mallopt` (`M_MMAP_THRESHOLD`).
  public static func returnLargeBlocksToSystem() {
    // M_MMAP_THRESHOLD is -3 in glibc's <malloc.h>, which the Glibc module does not include.
    _ = glibcMallopt(-3, 1 << 20)
  }

  fileprivate func release(_ bytes: Int) {
    monitor.withLock { reserved -= bytes }
    monitor.broadcast()
  }
}

/// Bytes held of a `MemoryBudget`, given back when the reservation is freed (or `release()`d).
public final class MemoryReservation: @unchecked Sendable {
  // @unchecked: `bytes` changes only in `release()`, which the one owner calls.
  private let budget: MemoryBudget
  /// The bytes held.
  public private(set) var bytes: Int

  fileprivate init(budget: MemoryBudget, bytes: Int) {
    self.budget = budget
    self.bytes = bytes
  }

  /// Gives back all but `bytes` of the reservation (nothing when it holds no more).
  public func shrink(to bytes: Int) {
    guard bytes < self.bytes else { return }
    budget.release(self.bytes - max(0, bytes))
    self.bytes = max(0, bytes)
  }

  /// Takes over `other`'s bytes (of the same budget), which then holds none.
  public func absorb(_ other: MemoryReservation) {
    precondition(other.budget === budget, "reservations of two budgets")
    bytes += other.bytes
    other.bytes = 0
  }

  /// Gives the bytes back now.
  public func release() {
    guard bytes > 0 else { return }
    budget.release(bytes)
    bytes = 0
  }

  deinit { release() }
}

/// glibc's `mallopt(3)`, declared in <malloc.h>, which the Glibc module does not import.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: CInt, _ value: CInt) -> CInt
