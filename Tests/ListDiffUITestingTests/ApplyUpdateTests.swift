import Foundation
import HeadlessCollection
import ListDiff
import ListDiffUI
import TestSupport
import Testing

/// UIKit's batch semantics written out plainly, to check
/// `ListDiffUpdate.apply(to:inserting:)` against: the items at deletes and
/// move sources leave, inserts and move destinations take their places, and
/// the items left fill the other places in order. Only for batches UIKit
/// accepts.
func plainReplay<T>(_ update: ListDiffUpdate, on old: [T], inserting: (Int) -> T) -> [T] {
  let leaving = Set(update.deletes + update.moves.map(\.from))
  var survivors = old.indices.filter { !leaving.contains($0) }.map { old[$0] }[...]
  var placed: [Int: T] = [:]
  for index in update.inserts { placed[index] = inserting(index) }
  for move in update.moves { placed[move.to] = old[move.from] }
  return (0..<update.newItemCount).map { placed[$0] ?? survivors.removeFirst() }
}

/// A data source that says how many items there are, for checking batches
/// on a real collection view.
@MainActor
final class CountingDataSource: CollectionViewDataSource {
  var count = 0
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
  }
}

@Suite("ListDiffUpdate.apply(to:inserting:)")
@MainActor
struct ApplyUpdateTests {
  @Test("a hand-made batch: deletes, inserts, moves and survivors in order")
  func handMade() throws {
    var items = ["a", "b", "c", "d", "e"]
    let update = ListDiffUpdate(
      deletes: [1], inserts: [0, 3], moves: [ListMoveIndex(from: 4, to: 1)], updates: [2],
      oldItemCount: 5, newItemCount: 6)
    try update.apply(to: &items) { "new\($0)" }
    #expect(items == ["new0", "e", "a", "new3", "c", "d"])
  }

  @Test("a reload replaces every item; the first root inserts into nothing")
  func reloadAndFirstRoot() throws {
    var items = ["a", "b"]
    try ListDiffUpdate.reload(oldItemCount: 2, newItemCount: 3).apply(to: &items) { "r\($0)" }
    #expect(items == ["r0", "r1", "r2"])
    var empty: [String] = []
    try ListDiffUpdate(inserts: [0, 1], oldItemCount: 0, newItemCount: 2).apply(to: &empty) { "i\($0)" }
    #expect(empty == ["i0", "i1"])
  }

  @Test("a batch that does not fit throws UIKit's message and leaves the array alone")
  func rejected() {
    var items = ["a", "b", "c"]
    let tooFew = ListDiffUpdate(deletes: [0], oldItemCount: 3, newItemCount: 3)
    #expect(throws: BatchUpdateError.invalidNumberOfItems(
      section: 0, after: 3, before: 3, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0)
    ) { try tooFew.apply(to: &items) { _ in "x" } }
    let outOfRange = ListDiffUpdate(deletes: [5], inserts: [0], oldItemCount: 3, newItemCount: 3)
    #expect(throws: BatchUpdateError.self) { try outOfRange.apply(to: &items) { _ in "x" } }
    #expect(items == ["a", "b", "c"])
    do {
      try outOfRange.apply(to: &items) { _ in "x" }
    } catch {
      #expect(error.description == "attempt to delete item 5 from section 0 which only contains 3 items before the update")
    }
  }

  /// Thousands of seeded batches, a fifth of them spoiled: every accepted
  /// one replays as the plain replay does, and the collection view accepts
  /// it too; every rejected one throws what the collection view throws for
  /// the same batch, leaving the array as it was.
  @Test("seeded random batches agree with a plain replay and with the collection view", .timeLimit(.minutes(20)))
  func seededBatches() async throws {
    let seed: UInt64 = 0x5EED_A991
    var generator = SeededGenerator(seed: seed)
    let source = CountingDataSource()
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 1, height: 1)
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 1, height: 8), collectionViewLayout: layout)
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "cell")
    collectionView.dataSource = source

    var accepted = 0
    var rejected = 0
    for round in 0..<4000 {
      // Let other tests' main-actor work in between: all of them share the
      // one main actor, and an async test waiting for it has a time limit.
      if round % 200 == 0 { await Task.yield() }
      let oldCount = Int.random(in: 0...12, using: &generator)
      var update = randomBatch(oldCount: oldCount, using: &generator)
      if Int.random(in: 0..<5, using: &generator) == 0 { spoil(&update, using: &generator) }

      let old = (0..<oldCount).map { "old\($0)" }
      var replayed = old
      var thrown: BatchUpdateError?
      do {
        try update.apply(to: &replayed) { "new\($0)" }
      } catch {
        thrown = error
      }

      source.count = oldCount
      collectionView.reloadData()
      collectionView.layoutIfNeeded()
      var collectionError: BatchUpdateError?
      do {
        try collectionView.performBatchUpdates {
          source.count = update.newItemCount
          collectionView.deleteItems(at: update.deletes.map { IndexPath(item: $0, section: 0) })
          collectionView.insertItems(at: update.inserts.map { IndexPath(item: $0, section: 0) })
          for move in update.moves {
            collectionView.moveItem(
              at: IndexPath(item: move.from, section: 0), to: IndexPath(item: move.to, section: 0))
          }
        }
      } catch {
        collectionError = error
      }

      let context = "seed \(seed) round \(round): \(update) on \(oldCount) items"
      #expect(thrown == collectionError, "\(context)")
      #expect(thrown?.description == collectionError?.description, "\(context)")
      if thrown == nil {
        accepted += 1
        #expect(replayed == plainReplay(update, on: old) { "new\($0)" }, "\(context)")
      } else {
        rejected += 1
        #expect(replayed == old, "\(context): a rejected batch changed the array")
      }
      if thrown != collectionError { return }
    }
    #expect(accepted > 2500 && rejected > 500, "accepted \(accepted), rejected \(rejected)")
  }

  /// A batch UIKit accepts: some old items deleted, some moved, some new
  /// ones inserted, with ascending lists as the data source reports them.
  func randomBatch(oldCount: Int, using generator: inout SeededGenerator) -> ListDiffUpdate {
    var deletes: [Int] = []
    var moveSources: [Int] = []
    for index in 0..<oldCount {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: deletes.append(index)
      case 1: moveSources.append(index)
      default: break
      }
    }
    let insertCount = Int.random(in: 0...4, using: &generator)
    let newCount = oldCount - deletes.count + insertCount
    // Places for the inserts and the moves' destinations, chosen at random.
    var places = Array(0..<newCount).shuffled(using: &generator)
      .prefix(insertCount + moveSources.count)
    let inserts = places.prefix(insertCount).sorted()
    places = places.dropFirst(insertCount)
    let moves = zip(moveSources.shuffled(using: &generator), places)
      .map { ListMoveIndex(from: $0, to: $1) }.sorted { $0.to < $1.to }
    return ListDiffUpdate(
      deletes: deletes, inserts: inserts, moves: moves, oldItemCount: oldCount, newItemCount: newCount)
  }

  /// Breaks one of UIKit's rules, or the count.
  func spoil(_ update: inout ListDiffUpdate, using generator: inout SeededGenerator) {
    let count = update.oldItemCount
    switch Int.random(in: 0..<8, using: &generator) {
    case 0: update.newItemCount += Bool.random(using: &generator) ? 1 : -1
    case 1: update.deletes.append(count + Int.random(in: 0...2, using: &generator))
    case 2: update.inserts.append(update.newItemCount + Int.random(in: 0...2, using: &generator))
    case 3:
      if let first = update.deletes.first { update.deletes.append(first) } else { update.deletes = [-1] }
    case 4:
      if let move = update.moves.first { update.deletes.append(move.from) } else { update.newItemCount += 1 }
    case 5:
      if let move = update.moves.first { update.inserts.append(move.to) } else { update.inserts.append(-1) }
    case 6:
      if update.moves.count > 1 {
        update.moves[1] = ListMoveIndex(from: update.moves[0].from, to: update.moves[1].to)
      } else {
        update.moves.append(ListMoveIndex(from: count, to: 0))
      }
    default:
      if update.moves.count > 1 {
        update.moves[1] = ListMoveIndex(from: update.moves[1].from, to: update.moves[0].to)
      } else {
        update.moves.append(ListMoveIndex(from: 0, to: update.newItemCount))
      }
    }
  }
}
