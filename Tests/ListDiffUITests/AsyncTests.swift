import Foundation
import HeadlessCollection
#if canImport(Glibc)
  import Glibc
#endif
import ListDiffUI
import Testing

struct ObserveFailure: Error {}

/// Records whether something happened on the thread that created the record
/// (the main actor's, in these tests); safe to touch from any thread.
final class ThreadRecord: @unchecked Sendable {
  private let lock = NSLock()
  private let home = pthread_self()
  private var main = 0
  private var other = 0
  func note() {
    let isMain = pthread_equal(pthread_self(), home) != 0
    lock.lock()
    if isMain { main += 1 } else { other += 1 }
    lock.unlock()
  }
  var counts: (main: Int, other: Int) {
    lock.lock()
    defer { lock.unlock() }
    return (main, other)
  }
}

/// A view model that notes the thread every time its identifier is read,
/// which flattening does for every item.
struct ProbeVM: ListViewModel, Equatable {
  var name: String
  var record: ThreadRecord
  var identifier: String {
    record.note()
    return name
  }
  static func == (lhs: ProbeVM, rhs: ProbeVM) -> Bool { lhs.name == rhs.name }
}

final class ProbeController: ListCellController<ProbeVM, ListViewStateNone, ItemCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: 5, height: 5) }
}

@Suite("Asynchronous updates", .timeLimit(.minutes(20)))
@MainActor
struct AsyncTests {
  @Test("applyUpdatesAsync diffs off the main actor: setRootSection returns before the root is shown")
  func asyncApplies() async {
    let harness = Harness(height: 50, applyUpdatesAsync: true)
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      harness.dataSource.setRootSection(section(items("a", "b"))) { done.resume() }
      #expect(harness.dataSource.itemCount == 0)
    }
    #expect(harness.shown == ["a=0", "b=0"])
    await harness.dataSource.setRootSection(section(items("b", "c")), animate: true)
    #expect(harness.shown == ["b=0", "c=0"])
    #expect(harness.log.violations.isEmpty)
  }

  @Test("flattening runs off the main actor exactly when applyUpdatesAsync is on", arguments: [false, true])
  func flatteningThread(async: Bool) async {
    let harness = Harness(height: 50, applyUpdatesAsync: async)
    let record = ThreadRecord()
    let models = (0..<20).map { ProbeVM(name: "p\($0)", record: record) }
    await harness.dataSource.setRootSection(ListSection<ProbeVM, ProbeController>(models))
    let counts = record.counts
    #expect(harness.dataSource.itemCount == 20)
    if async {
      #expect(counts.other >= 20, "every item is flattened off the main thread: \(counts)")
    } else {
      #expect(counts.other == 0 && counts.main >= 20, "\(counts)")
    }
  }

  @Test("a burst of 1,000 roots coalesces: in order, every completion once, ending on the last")
  func burstCoalesces() async throws {
    let harness = Harness(height: 50, applyUpdatesAsync: true)
    let count = 1_000
    var completions = [Int](repeating: 0, count: count)
    var shownAtCompletion: [Int] = []
    var completionOrder: [Int] = []
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var remaining = count
      for root in 0..<count {
        let viewModels = [ItemVM(identifier: "counter", value: root)] + (0..<(root % 7)).map {
          ItemVM(identifier: "extra\($0)", value: root)
        }
        harness.dataSource.setRootSection(section(viewModels)) {
          completions[root] += 1
          completionOrder.append(root)
          let shown = (harness.cell(at: 0)?.shown?.value) ?? -1
          shownAtCompletion.append(shown)
          remaining -= 1
          if remaining == 0 { done.resume() }
        }
      }
    }
    #expect(completions.allSatisfy { $0 == 1 })
    #expect(completionOrder == Array(0..<count))
    for (root, shown) in zip(completionOrder, shownAtCompletion) {
      #expect(shown >= root, "root \(root) completed while \(shown) was shown")
    }
    #expect(shownAtCompletion == shownAtCompletion.sorted())
    #expect(Set(shownAtCompletion).count < count, "roots should have been coalesced")
    #expect(harness.cell(at: 0)?.shown?.value == count - 1)
    #expect(harness.dataSource.itemCount == 1 + (count - 1) % 7)
    #expect(harness.diagnostics.isEmpty)
    let counter = try #require(harness.controller("counter"))
    #expect(counter.viewModel.value == count - 1)
  }

  @Test("awaited roots set from concurrent tasks all return, the collection showing one of them")
  func concurrentAwaits() async {
    let harness = Harness(height: 50, applyUpdatesAsync: true)
    let dataSource = harness.dataSource
    await withTaskGroup(of: Void.self) { group in
      for root in 0..<50 {
        group.addTask {
          await dataSource.setRootSection(section([ItemVM(identifier: "x", value: root)]))
        }
      }
    }
    let value = harness.cell(at: 0)?.shown?.value ?? -1
    #expect((0..<50).contains(value))
    #expect(harness.dataSource.itemCount == 1)
  }

  @Test("observe renders every element of a stream, in order, until it ends", arguments: [false, true])
  func observeRendersEverything(async: Bool) async throws {
    let harness = Harness(height: 50, applyUpdatesAsync: async)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let record = ThreadRecord()
    let task = harness.dataSource.observe(stream) { value in
      record.note()
      return ListSection<ItemVM, ItemController>(
        [ItemVM(identifier: "x", value: value)] + (value % 2 == 0 ? items("even") : []))
    }
    for value in 0...200 { continuation.yield(value) }
    continuation.finish()
    await task.value
    let x = try #require(harness.controller("x"))
    let updates = harness.log.events(of: x).filter { $0.hasPrefix("didUpdateViewModel") }
    #expect(updates == (1...200).map { "didUpdateViewModel(\($0 - 1)->\($0))" })
    #expect(harness.shown == ["x=200", "even=0"])
    #expect(record.counts.main == 0 && record.counts.other == 201, "sections are built off the main thread")
  }

  @Test("observe stops when its task is cancelled")
  func observeCancellation() async throws {
    let harness = Harness(height: 50)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = harness.dataSource.observe(stream) { value in
      ListSection<ItemVM, ItemController>([ItemVM(identifier: "x", value: value)])
    }
    continuation.yield(1)
    await poll("the first element shown") { harness.cell(at: 0)?.shown?.value == 1 }
    task.cancel()
    await task.value
    continuation.yield(2)
    continuation.finish()
    await Task.yield()
    #expect(harness.cell(at: 0)?.shown?.value == 1)
  }

  @Test("a sequence that throws stops observing with a diagnostic")
  func observeFailure() async {
    let harness = Harness(height: 50)
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: Int.self)
    let task = harness.dataSource.observe(stream) { value in
      ListSection<ItemVM, ItemController>([ItemVM(identifier: "x", value: value)])
    }
    continuation.yield(3)
    continuation.finish(throwing: ObserveFailure())
    await task.value
    #expect(harness.shown == ["x=3"])
    #expect(harness.diagnostics.map(\.kind) == [.sequenceFailed])
  }
}
