import Foundation
import TestSupport
import Testing
import ToDoCore

/// Records every save, and can be told to fail.
final class RecordingStorage: ToDoStorage, @unchecked Sendable {
  struct Failure: Error, CustomStringConvertible { var description: String { "disk full" } }
  private let lock = NSLock()
  private var _saves: [[ToDoItem]] = []
  private var _failing = false

  var saves: [[ToDoItem]] { lock.withLock { _saves } }
  var failing: Bool {
    get { lock.withLock { _failing } }
    set { lock.withLock { _failing = newValue } }
  }

  func save(_ items: [ToDoItem]) throws {
    try lock.withLock {
      if _failing { throw Failure() }
      _saves.append(items)
    }
  }
}

@Suite("The store", .timeLimit(.minutes(20)))
struct ToDoStoreTests {
  func makeStore(_ titles: [String] = [], storage: any ToDoStorage = MemoryStorage()) async throws -> ToDoStore {
    let ids = SequentialIDs()
    let store = ToDoStore(storage: storage, clock: .fixed(fixedDate), makeID: ids.make)
    for title in titles { try await store.add(title: title) }
    return store
  }

  @Test func numbersOpenItemsFirstThenCompleted() async throws {
    let store = try await makeStore(["a", "b", "c", "d"])
    try await store.complete(number: 2)  // b
    let snapshot = await store.snapshot
    #expect(snapshot.shownItems.map(\.title) == ["a", "c", "d", "b"])
    #expect(snapshot.openCount == 3 && snapshot.doneCount == 1)
    try await store.reopen(number: 4)
    // Reopening puts it back at its place in the user's order.
    #expect(await store.snapshot.shownItems.map(\.title) == ["a", "b", "c", "d"])
  }

  /// Space and `d` on a selection: one change, one save, one snapshot.
  @Test func batchesAreOneChange() async throws {
    let storage = RecordingStorage()
    let store = try await makeStore(["a", "b", "c", "d"], storage: storage)
    let ids = await store.snapshot.items.map(\.id)
    try await store.complete(number: 2)  // b
    let revision = await store.snapshot.revision
    try await store.toggleDone(ids: [ids[0], ids[1]])  // a open, b done: both done
    #expect(await store.snapshot.items.map(\.isDone) == [true, true, false, false])
    try await store.toggleDone(ids: [ids[0], ids[1]])  // both done: both open
    #expect(await store.snapshot.items.map(\.isDone) == [false, false, false, false])
    #expect(try await store.remove(ids: [ids[3], ids[1]]).map(\.title) == ["b", "d"])
    #expect(await store.snapshot.items.map(\.title) == ["a", "c"])
    #expect(await store.snapshot.revision == revision + 3)
    #expect(storage.saves.count == 4 + 1 + 3)
    // An id of no item refuses the whole batch.
    await #expect(throws: ToDoError.itemGone) { try await store.remove(ids: [ids[0], ids[1]]) }
    await #expect(throws: ToDoError.itemGone) { try await store.toggleDone(ids: [ids[0], "nope"]) }
    #expect(await store.snapshot.items.map(\.title) == ["a", "c"])
    #expect(await store.snapshot.items.allSatisfy { !$0.isDone })
  }

  @Test func filtersRenumber() async throws {
    let store = try await makeStore(["a", "b", "c"])
    try await store.complete(number: 1)
    await store.setFilter(.done)
    #expect(await store.snapshot.shownItems.map(\.title) == ["a"])
    await #expect(throws: ToDoError.noSuchItem(number: 2, shownCount: 1)) { try await store.remove(number: 2) }
    await store.setFilter(.open)
    #expect(await store.snapshot.shownItems.map(\.title) == ["b", "c"])
    try await store.remove(number: 2)
    #expect(await store.snapshot.items.map(\.title) == ["a", "b"])
  }

  @Test func outOfRangeMessageMatchesTheIssue() async throws {
    let store = try await makeStore(["a", "b", "c"])
    do {
      try await store.complete(number: 7)
      Issue.record("done 7 succeeded with three items")
    } catch {
      #expect("error: \(error)" == "error: no item 7 — there are 3")
    }
  }

  @Test func movesWithinASectionOnly() async throws {
    let store = try await makeStore(["a", "b", "c", "d", "e"])
    try await store.complete(number: 2)  // b done: shown a c d e | b
    try await store.move(from: 4, to: 1)  // e to the top
    #expect(await store.snapshot.shownItems.map(\.title) == ["e", "a", "c", "d", "b"])
    // b keeps its slot in the user's order.
    #expect(await store.snapshot.items.map(\.title) == ["e", "b", "a", "c", "d"])
    await #expect(throws: ToDoError.moveAcrossSections(from: 1, to: 5)) { try await store.move(from: 1, to: 5) }
  }

  /// What a drag reports (indexes within the open or the completed items)
  /// moves the item there, the other section keeping its slots; a stale
  /// report or a searched list is refused and changes nothing.
  @Test func aDragsMoveIsAppliedWithinItsSection() async throws {
    let store = try await makeStore(["a", "b", "c", "d", "e"])
    try await store.complete(number: 2)  // b done: open a c d e | done b
    let e = try #require(await store.snapshot.items.first { $0.title == "e" })
    try await store.move(id: e.id, fromIndex: 3, toIndex: 0)
    #expect(await store.snapshot.items.map(\.title) == ["e", "b", "a", "c", "d"])
    let a = try #require(await store.snapshot.items.first { $0.title == "a" })
    try await store.move(id: a.id, fromIndex: 1, toIndex: 3)
    #expect(await store.snapshot.items.map(\.title) == ["e", "b", "c", "d", "a"])
    let before = await store.snapshot
    await #expect(throws: ToDoError.itemGone) { try await store.move(id: a.id, fromIndex: 0, toIndex: 1) }
    await #expect(throws: ToDoError.itemGone) { try await store.move(id: a.id, fromIndex: 3, toIndex: 4) }
    await #expect(throws: ToDoError.itemGone) { try await store.move(id: "nope", fromIndex: 0, toIndex: 1) }
    await store.setSearch("a")
    await #expect(throws: ToDoError.reorderWhileSearching) { try await store.move(id: a.id, fromIndex: 3, toIndex: 0) }
    #expect(await store.snapshot.items == before.items)
  }

  @Test func aFailedSaveChangesNothing() async throws {
    let storage = RecordingStorage()
    let store = try await makeStore(["a"], storage: storage)
    let before = await store.snapshot
    storage.failing = true
    await #expect(throws: ToDoError.saveFailed("disk full")) { try await store.add(title: "b") }
    await #expect(throws: ToDoError.saveFailed("disk full")) { try await store.complete(number: 1) }
    #expect(await store.snapshot == before)
    storage.failing = false
    try await store.complete(number: 1)
    #expect(storage.saves.last == (await store.snapshot.items))
  }

  @Test func publishesEverySnapshotInOrder() async throws {
    let store = try await makeStore()
    for index in 0..<50 { try await store.add(title: "item \(index)") }
    await store.setFilter(.open)
    await store.finish()
    var revisions: [Int] = []
    for await snapshot in store.snapshots { revisions.append(snapshot.revision) }
    #expect(revisions == Array(0...51))
  }

  @Test func concurrentChangesAreSerialised() async throws {
    let storage = RecordingStorage()
    let store = try await makeStore(storage: storage)
    await withThrowingTaskGroup(of: Void.self) { group in
      for index in 0..<200 {
        group.addTask { try await store.add(title: "task \(index)") }
      }
    }
    let saves = storage.saves
    #expect(saves.count == 200)
    // Each save holds one more item than the one before: no change was lost
    // or written out of order.
    #expect(saves.enumerated().allSatisfy { $0.element.count == $0.offset + 1 })
    #expect(saves.last == (await store.snapshot.items))
  }

  /// Random command sequences against a simple reference: every successful
  /// change does exactly what it says and is saved before it is published;
  /// every refusal leaves the store untouched and says why.
  @Test func randomSequencesMatchTheReference() async throws {
    var accepted = 0
    var refused = 0
    for seed: UInt64 in 1...40 {
      var generator = SeededGenerator(seed: seed)
      let storage = RecordingStorage()
      let store = try await makeStore(storage: storage)
      for step in 0..<150 {
        let before = await store.snapshot
        let savesBefore = storage.saves.count
        let shown = before.shownItems.count
        let n = Int.random(in: 0...(shown + 2), using: &generator)
        let m = Int.random(in: 0...(shown + 2), using: &generator)
        let context = "seed \(seed) step \(step) n \(n) m \(m)"
        var expectedError: ToDoError? = nil
        if n < 1 || n > shown { expectedError = .noSuchItem(number: n, shownCount: shown) }
        let operation = Int.random(in: 0..<9, using: &generator)
        do {
          switch operation {
          case 0, 1:
            expectedError = nil
            let title = randomTitle(using: &generator)
            try await store.add(title: title)
            let after = await store.snapshot
            #expect(after.items.dropLast() == before.items[...], "\(context)")
            #expect(after.items.last?.title == title && after.items.last?.isDone == false, "\(context)")
          case 2:
            if expectedError == nil, before.shownItems[n - 1].isDone { expectedError = .alreadyDone(number: n) }
            try await store.complete(number: n)
            await expectOnlyChange(store, before, n, context) { $0.isDone = true }
          case 3:
            if expectedError == nil, !before.shownItems[n - 1].isDone { expectedError = .notDone(number: n) }
            try await store.reopen(number: n)
            await expectOnlyChange(store, before, n, context) { $0.isDone = false }
          case 4:
            let title = randomTitle(using: &generator)
            try await store.edit(number: n, title: title)
            await expectOnlyChange(store, before, n, context) { $0.title = title }
          case 5:
            try await store.remove(number: n)
            let removed = before.shownItems[n - 1]
            #expect(await store.snapshot.items == before.items.filter { $0.id != removed.id }, "\(context)")
          case 6:
            if expectedError == nil, m < 1 || m > shown { expectedError = .noSuchItem(number: m, shownCount: shown) }
            if expectedError == nil, before.shownItems[n - 1].isDone != before.shownItems[m - 1].isDone {
              expectedError = .moveAcrossSections(from: n, to: m)
            }
            try await store.move(from: n, to: m)
            let after = await store.snapshot
            let moved = before.shownItems[n - 1]
            #expect(after.shownItems[m - 1] == moved, "\(context)")
            #expect(after.shownItems.filter { $0.id != moved.id } == before.shownItems.filter { $0.id != moved.id },
                    "\(context)")
            // The other section's items keep their slots in the user's order.
            for (index, item) in before.items.enumerated() where item.isDone != moved.isDone {
              #expect(after.items[index] == item, "\(context)")
            }
          case 7:
            expectedError = before.doneCount == 0 ? .nothingCompleted : nil
            try await store.clearCompleted()
            #expect(await store.snapshot.items == before.items.filter { !$0.isDone }, "\(context)")
          default:
            expectedError = nil
            await store.setFilter(ToDoFilter.allCases.randomElement(using: &generator)!)
            #expect(await store.snapshot.items == before.items, "\(context)")
          }
          #expect(expectedError == nil, "\(context): expected \(String(describing: expectedError))")
          accepted += 1
          let after = await store.snapshot
          let changed = after.items != before.items || after.filter != before.filter
          #expect(after.revision == before.revision + (changed ? 1 : 0), "\(context)")
          if after.items != before.items {
            #expect(storage.saves.count == savesBefore + 1 && storage.saves.last == after.items, "\(context)")
          }
        } catch {
          #expect(error == expectedError, "\(context)")
          refused += 1
          #expect(await store.snapshot == before, "\(context)")
          #expect(storage.saves.count == savesBefore, "\(context)")
        }
      }
    }
    // Both paths were exercised in earnest.
    #expect(accepted > 2_000 && refused > 1_000, "accepted \(accepted), refused \(refused)")
  }
}

/// Checks that the store now differs from `before` only by `change` applied
/// to the item shown as `number` (called after the store accepted it).
private func expectOnlyChange(
  _ store: ToDoStore, _ before: ToDoSnapshot, _ number: Int, _ context: String,
  _ change: (inout ToDoItem) -> Void
) async {
  let id = before.shownItems[number - 1].id
  let expected = before.items.map { item in
    var item = item
    if item.id == id { change(&item) }
    return item
  }
  #expect(await store.snapshot.items == expected, "\(context)")
}
