import Testing
import ToDoCore

@Suite("Waiting for frames", .timeLimit(.minutes(20)))
struct RenderedRevisionsTests {
  @Test func aRevisionCountsAsShownWhenTheConsumerAsksForMore() async {
    let store = ToDoStore(clock: .fixed(fixedDate))
    let tracker = RenderedRevisions()
    var iterator = SnapshotsShown(store.snapshots, reportingTo: tracker).makeAsyncIterator()
    let first = await iterator.next()
    #expect(first?.revision == 0)
    // Handed out but not yet drawn.
    #expect(tracker.latest == -1)
    _ = try? await store.add(title: "milk")
    let second = await iterator.next()
    #expect(second?.revision == 1)
    #expect(tracker.latest == 0)
  }

  @Test func waitersWakeInAnyOrderAndAtTheEnd() async {
    let store = ToDoStore(clock: .fixed(fixedDate))
    let tracker = RenderedRevisions()
    let sequence = SnapshotsShown(store.snapshots, reportingTo: tracker)
    let consumer = Task {
      var count = 0
      for await _ in sequence { count += 1 }
      return count
    }
    for index in 0..<20 { _ = try? await store.add(title: "item \(index)") }
    await tracker.waitUntilShown(19)
    #expect(tracker.latest >= 19)
    // Revision 20 is the last; it counts as shown only once the stream ends.
    await store.finish()
    await tracker.waitUntilShown(1_000)
    #expect(await consumer.value == 21)
  }
}
