// SPDX-License-Identifier: MIT
// --jobs: frames processed on N threads, results delivered in frame order, memory bounded.

import Glibc

/// The work one thread does on each input; each thread owns its own worker (a detector keeps
/// buffers, so it is never shared).
public protocol PipelineWorker {
  /// What is submitted.
  associatedtype Input
  /// What is delivered.
  associatedtype Output
  /// Processes one input.
  mutating func process(_ input: Input) -> Output
}

/// Processes inputs on worker threads and delivers the outputs in submission order.
///
/// The caller submits inputs one at a time from one thread. At most `capacity` inputs are in
/// flight (submitted and not yet delivered): `submit` blocks while the pipeline is full, so a
/// slow consumer slows the reader down instead of letting frames pile up in memory. Outputs are
/// delivered as soon as they and all before them are done, by whichever worker completes the
/// next one in order (no extra thread, and no wait for the next `submit`); deliveries never
/// overlap. `deliver` returns false to stop: nothing more is processed or delivered, and
/// `submit` returns false.
///
/// With one worker and `usesThreads: false`, everything happens inside `submit` on the caller's
/// thread. With one worker and `usesThreads: true`, the first input is processed inside
/// `submit` too, and the worker's thread starts at the second: a single input costs no thread,
/// and in a stream the caller reads the next input while the worker processes the last, which
/// is what `qrdetect --jobs 1` does.
///
///     let pipeline = OrderedPipeline(workers: readers, capacity: 8) { result in
///       write(result); return true
///     }
///     while let frame = try source.next(), pipeline.submit(frame) {}
///     pipeline.finish()
public final class OrderedPipeline<Worker: PipelineWorker>: @unchecked Sendable {
  // @unchecked: every mutable member below is read and written only with `monitor` held,
  // except `inlineWorker` and `startsThreadLater`, which only the submitting thread touches
  // (and, before the thread starts, `submitted` and `delivered`).
  private let monitor = Monitor()
  private let capacity: Int
  private let deliver: (Worker.Output) -> Bool
  /// Submitted, not yet taken by a worker, each with the worker it must go to (its lane, as a
  /// worker number) or nil for any; never more than `capacity` entries.
  private var pending: [(index: Int, input: Worker.Input, worker: Int?)] = []
  private var finished: [Int: Worker.Output] = [:]
  private var submitted = 0
  private var delivered = 0
  private var isDelivering = false
  private var isStopped = false
  private var isInputEnded = false
  private var threads: [pthread_t] = []
  private var inlineWorker: Worker?
  /// Whether `inlineWorker` moves to a thread of its own at the second input.
  private var startsThreadLater = false

  /// Starts one thread per worker; a single worker's at the second input, or none with
  /// `usesThreads: false`.
  ///
  /// - Parameters:
  ///   - workers: One per thread.
  ///   - capacity: The most inputs in flight, at least the number of workers.
  ///   - usesThreads: Whether a single worker gets a thread (from the second input on).
  ///   - deliver: Called with each output in order; returns false to stop.
  public init(
    workers: [Worker], capacity: Int, usesThreads: Bool = true,
    deliver: @escaping (Worker.Output) -> Bool
  ) {
    precondition(!workers.isEmpty, "a pipeline needs a worker")
    self.capacity = max(capacity, workers.count)
    self.deliver = deliver
    if workers.count == 1 {
      inlineWorker = workers[0]
      startsThreadLater = usesThreads
      return
    }
    for (number, worker) in workers.enumerated() { start(worker, number: number) }
    self.workerCount = workers.count
  }

  /// How many worker threads there are (or will be).
  private var workerCount = 1

  /// Starts a thread that processes inputs with `worker`, the `number`th.
  private func start(_ worker: Worker, number: Int) {
    let start = ThreadStart { [self] in self.work(worker, number: number) }
    var thread = pthread_t()
    let result = pthread_create(
      &thread, nil,
      { argument in
        // The pointer is the retained ThreadStart passed below; take back that retain.
        guard let argument else { return nil }
        Unmanaged<ThreadStart>.fromOpaque(argument).takeRetainedValue().body()
        return nil
      }, Unmanaged.passRetained(start).toOpaque())
    precondition(result == 0, "pthread_create failed: \(result)")
    threads.append(thread)
  }

  /// Whether delivery has stopped (`deliver` returned false).
  public var isStopping: Bool { monitor.withLock { isStopped } }

  /// Queues `input`, waiting while `capacity` inputs are in flight.
  ///
  /// Inputs given the same `lane` go to the same worker, which takes them in the order
  /// submitted: a worker that keeps state from one input to the next (a tracker following
  /// codes through a stream's frames) sees all of its stream. Inputs without a lane go to any
  /// worker.
  ///
  /// - Returns: false once the pipeline has stopped; the input is then dropped.
  @discardableResult
  public func submit(_ input: Worker.Input, lane: Int? = nil) -> Bool {
    // Taken out while it works and put back after: a copy left in `inlineWorker` would share
    // the worker's buffers (a detector's binarized images), and every frame would copy them.
    if startsThreadLater && submitted > 0, let worker = inlineWorker.take() {
      startsThreadLater = false
      start(worker, number: 0)
    }
    if var worker = inlineWorker.take() {
      defer { inlineWorker = worker }
      guard !isStopped else { return false }
      let output = worker.process(input)
      submitted += 1
      delivered += 1
      if !deliver(output) { isStopped = true }
      return !isStopped
    }
    return monitor.withLock {
      while !isStopped && submitted - delivered >= capacity { monitor.wait() }
      guard !isStopped else { return false }
      pending.append(
        (submitted, input, lane.map { ($0 % workerCount + workerCount) % workerCount }))
      submitted += 1
      monitor.broadcast()
      return true
    }
  }

  /// Waits until everything submitted so far is delivered (or delivery stopped); the threads
  /// go on taking what is submitted next. A caller about to report a fault in its input calls
  /// it first, so that the outputs of everything read before the fault come before the report.
  public func waitUntilDelivered() {
    monitor.withLock {
      while !isStopped && delivered < submitted { monitor.wait() }
    }
  }

  /// Waits until everything submitted is delivered (or delivery stopped), then ends the
  /// threads. Call it after the last `submit`; calling it again does nothing (so a caller may
  /// both finish early and leave a `defer` to finish on every other way out).
  public func finish() {
    monitor.withLock {
      isInputEnded = true
      monitor.broadcast()
      while !isStopped && delivered < submitted { monitor.wait() }
    }
    for thread in threads { pthread_join(thread, nil) }
    threads.removeAll()
  }

  // MARK: - Worker threads

  private func work(_ worker: Worker, number: Int) {
    var worker = worker
    monitor.lock()
    while true {
      // The first input this worker may take: its lane's, or one without a lane.
      func next() -> Int? { pending.firstIndex { $0.worker == nil || $0.worker == number } }
      while !isStopped && next() == nil && !(isInputEnded && pending.isEmpty) { monitor.wait() }
      guard !isStopped, let first = next() else {
        monitor.unlock()
        return
      }
      // O(capacity), a handful of entries; taking it out also frees the input when done.
      let (index, input, _) = pending.remove(at: first)
      monitor.unlock()
      let output = worker.process(input)
      monitor.lock()
      finished[index] = output
      if !isDelivering {
        // This thread delivers everything now ready in order; the others only store theirs.
        isDelivering = true
        while !isStopped, let next = finished.removeValue(forKey: delivered) {
          monitor.unlock()
          let keepsGoing = deliver(next)
          monitor.lock()
          delivered += 1
          if !keepsGoing {
            isStopped = true
            finished.removeAll()
          }
          monitor.broadcast()
        }
        isDelivering = false
      }
    }
  }
}

/// A closure handed to a new thread.
private final class ThreadStart: @unchecked Sendable {
  // @unchecked: `body` is called once, on the new thread, and never shared otherwise.
  let body: () -> Void
  init(_ body: @escaping () -> Void) { self.body = body }
}

/// A pthread mutex with one condition variable.
final class Monitor: @unchecked Sendable {
  // @unchecked: pthread objects are made for sharing between threads; they live at fixed
  // addresses for the monitor's lifetime, as POSIX requires.
  private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
  private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(condition, nil)
  }

  deinit {
    pthread_cond_destroy(condition)
    pthread_mutex_destroy(mutex)
    condition.deallocate()
    mutex.deallocate()
  }

  func lock() { pthread_mutex_lock(mutex) }
  func unlock() { pthread_mutex_unlock(mutex) }
  /// Waits for `broadcast`; call with the lock held (spurious wake-ups happen: loop).
  func wait() { pthread_cond_wait(condition, mutex) }
  func broadcast() { pthread_cond_broadcast(condition) }

  func withLock<T>(_ body: () throws -> T) rethrows -> T {
    lock()
    defer { unlock() }
    return try body()
  }
}
