// SPDX-License-Identifier: MIT
// --jobs: outputs in submission order whatever the processing times, memory bounded, stopping.

import Foundation
import Synchronization
import Testing

@testable import QRSystem

/// Sleeps a pseudo-random time per input, then returns it; counts inputs being held.
private struct SleepyWorker: PipelineWorker {
  let tracker: Tracker
  var seed: UInt64

  mutating func process(_ input: Int) -> Int {
    seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    usleep(UInt32(seed >> 33) % 3000)
    return input
  }
}

private final class Tracker: Sendable {
  let submitted = Atomic<Int>(0)
  let delivered = Atomic<Int>(0)
  let maximumInFlight = Atomic<Int>(0)

  func noteSubmitted() {
    let inFlight =
      submitted.add(1, ordering: .sequentiallyConsistent).newValue
      - delivered.load(ordering: .sequentiallyConsistent)
    var current = maximumInFlight.load(ordering: .relaxed)
    while inFlight > current {
      let (exchanged, original) = maximumInFlight.compareExchange(
        expected: current, desired: inFlight, ordering: .relaxed)
      if exchanged { break }
      current = original
    }
  }
}

private final class Received: @unchecked Sendable {
  private let lock = NSLock()
  private var values: [Int] = []
  func append(_ value: Int) { lock.withLock { values.append(value) } }
  var all: [Int] { lock.withLock { values } }
}

@Test(arguments: [1, 2, 3, 8])
func outputsArriveInSubmissionOrder(workers: Int) {
  let tracker = Tracker()
  let received = Received()
  let pipeline = OrderedPipeline(
    workers: (0..<workers).map { SleepyWorker(tracker: tracker, seed: UInt64($0) + 1) },
    capacity: 2 * workers
  ) { value in
    received.append(value)
    tracker.delivered.add(1, ordering: .sequentiallyConsistent)
    return true
  }
  for value in 0..<300 {
    // Counted before submitting, so the count is an upper bound of what is in flight.
    tracker.noteSubmitted()
    #expect(pipeline.submit(value))
  }
  pipeline.finish()
  #expect(received.all == Array(0..<300))
  // The count above may lead by one submit that is still waiting for room.
  #expect(tracker.maximumInFlight.load(ordering: .relaxed) <= 2 * workers + 1)
}

/// Says whether it processes each input on the thread `caller`.
private struct OnCaller: PipelineWorker {
  let caller: pthread_t
  mutating func process(_ input: Int) -> Bool { pthread_equal(pthread_self(), caller) != 0 }
}

@Test func inlineModeProcessesOnTheCallersThread() {
  let received = Received()
  let caller = pthread_self()
  let pipeline = OrderedPipeline(
    workers: [OnCaller(caller: caller)], capacity: 1, usesThreads: false
  ) { onCaller in
    received.append(onCaller ? 1 : 0)
    return true
  }
  for value in 0..<5 { pipeline.submit(value) }
  pipeline.finish()
  #expect(received.all == [1, 1, 1, 1, 1])
}

@Test func aSingleWorkersThreadStartsAtTheSecondInput() {
  let received = Received()
  let caller = pthread_self()
  let pipeline = OrderedPipeline(workers: [OnCaller(caller: caller)], capacity: 2) { onCaller in
    received.append(onCaller ? 1 : 0)
    return true
  }
  pipeline.submit(0)
  // A single input is processed and delivered within `submit`, with no thread started.
  #expect(received.all == [1])
  for value in 1..<5 { pipeline.submit(value) }
  pipeline.finish()
  #expect(received.all == [1, 0, 0, 0, 0])
}

@Test(arguments: [1, 3])
func waitingUntilDeliveredLeavesNothingInFlight(workers: Int) {
  let received = Received()
  let pipeline = OrderedPipeline(
    workers: (0..<workers).map { SleepyWorker(tracker: Tracker(), seed: UInt64($0) + 3) },
    capacity: 2 * workers
  ) { value in
    received.append(value)
    return true
  }
  for value in 0..<7 { pipeline.submit(value) }
  pipeline.waitUntilDelivered()
  #expect(received.all == Array(0..<7))
  // The threads go on with what comes next.
  for value in 7..<12 { pipeline.submit(value) }
  pipeline.finish()
  #expect(received.all == Array(0..<12))
}

@Test(arguments: [false, true])
func deliverReturningFalseStopsEverything(usesThreads: Bool) {
  let received = Received()
  let workers = usesThreads ? 4 : 1
  let pipeline = OrderedPipeline(
    workers: (0..<workers).map { SleepyWorker(tracker: Tracker(), seed: UInt64($0) + 7) },
    capacity: 2 * workers, usesThreads: usesThreads
  ) { value in
    received.append(value)
    return value < 9
  }
  var accepted = 0
  for value in 0..<1000 {
    guard pipeline.submit(value) else { break }
    accepted += 1
  }
  pipeline.finish()
  #expect(received.all == Array(0...9))
  #expect(pipeline.isStopping)
  // Submitting stopped soon after: at most the capacity beyond the last delivery.
  #expect(accepted <= 10 + 2 * workers)
}

@Test func aSlowConsumerHoldsTheProducerBack() {
  let received = Received()
  let start = ContinuousClock.now
  let pipeline = OrderedPipeline(
    workers: (0..<2).map { SleepyWorker(tracker: Tracker(), seed: UInt64($0)) }, capacity: 4
  ) { value in
    usleep(2000)
    received.append(value)
    return true
  }
  for value in 0..<50 { pipeline.submit(value) }
  // The producer could only run ahead by the capacity, so it waited for most deliveries.
  let submittingTook = ContinuousClock.now - start
  pipeline.finish()
  #expect(received.all == Array(0..<50))
  #expect(submittingTook >= .milliseconds(2 * 40))
}

@Test func finishWithNothingSubmittedReturns() {
  let pipeline = OrderedPipeline(
    workers: [SleepyWorker(tracker: Tracker(), seed: 1)], capacity: 2
  ) { _ in true }
  pipeline.finish()
  #expect(!pipeline.isStopping)
}

/// A second `finish` (a caller's early finish and its `defer`) returns at once and delivers
/// nothing again, with threads or inline.
@Test(arguments: [false, true])
func finishingTwiceDeliversOnce(usesThreads: Bool) {
  let received = Received()
  let pipeline = OrderedPipeline(
    workers: [SleepyWorker(tracker: Tracker(), seed: 7)], capacity: 2, usesThreads: usesThreads
  ) { value in
    received.append(value)
    return true
  }
  for value in 0..<20 { #expect(pipeline.submit(value)) }
  pipeline.finish()
  pipeline.finish()
  #expect(received.all == Array(0..<20))
}
