import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Valid random batches, each broken in one known way: the collection must
/// report exactly that rule and change nothing at all.
@MainActor
@Suite struct RandomRejectionTests {
  enum Corruption: CaseIterable {
    case missingInsert, deleteOutOfRange, duplicateDelete, reloadOfDeleted, insertOutOfRange
  }

  @Test func brokenBatchesChangeNothing() throws {
    for seed in UInt64(0)..<2_000 {
      var generator = SeededGenerator(seed: seed)
      let settings = LayoutSettings.random(using: &generator)
      var nextID = 0
      let count = Int.random(in: 1...40, using: &generator)
      let items = Array(0..<count)
      nextID = count
      var sizes: [Int: CGSize] = [:]
      for item in items { sizes[item] = RandomEdit.randomSize(using: &generator) }
      let model = SizedModel(items: items, sizes: sizes)
      let collection = settings.makeCollection(model)
      settings.scrollSomewhere(collection, using: &generator)

      var edit = RandomEdit.random(from: items, nextID: &nextID, using: &generator)
      for item in edit.insertedItems { model.sizes[item] = RandomEdit.randomSize(using: &generator) }
      var dataCount = edit.newItems.count
      let kinds = Corruption.allCases.filter { kind in
        switch kind {
        case .missingInsert: return !edit.inserts.isEmpty
        case .deleteOutOfRange: return !edit.newItems.isEmpty
        case .duplicateDelete: return !edit.deletes.isEmpty
        case .reloadOfDeleted: return !edit.deletes.isEmpty
        case .insertOutOfRange: return true
        }
      }
      let kind = kinds.randomElement(using: &generator)!
      let expected: BatchUpdateError
      switch kind {
      case .missingInsert:
        edit.inserts.removeLast()
        expected = .invalidNumberOfItems(
          section: 0, after: dataCount, before: count, inserted: edit.inserts.count + edit.reloads.count,
          deleted: edit.deletes.count + edit.reloads.count, movedIn: 0, movedOut: 0)
      case .deleteOutOfRange:
        let path = ip(count + Int.random(in: 0...3, using: &generator))
        edit.deletes.append(path)
        dataCount -= 1
        expected = .deleteOutOfRange(path, itemCountBefore: count)
      case .duplicateDelete:
        let path = edit.deletes.randomElement(using: &generator)!
        edit.deletes.append(path)
        // The count cannot balance now either: the conflict is reported first.
        expected = .duplicateDelete(path)
      case .reloadOfDeleted:
        let path = edit.deletes.randomElement(using: &generator)!
        edit.reloads.append(path)
        expected = .reloadOfDeletedItem(path)
      case .insertOutOfRange:
        let path = ip(edit.newItems.count + 1 + Int.random(in: 0...3, using: &generator))
        edit.inserts.append(path)
        dataCount += 1
        expected = .insertOutOfRange(path, itemCountAfter: dataCount)
      }

      let before = BatchValidationTests.Snapshot(collection)
      let oldItems = model.items
      model.sizeRequests = []
      model.cellRequests = []
      var completed = false
      do {
        try collection.performBatchUpdates({
          model.items = Array(edit.newItems.prefix(dataCount))
          while model.items.count < dataCount { model.items.append(nextID + model.items.count) }
          collection.deleteItems(at: edit.deletes)
          collection.insertItems(at: edit.inserts)
          for (from, to) in edit.moves { collection.moveItem(at: from, to: to) }
          collection.reloadItems(at: edit.reloads)
          collection.invalidateLayout(forItemsAt: edit.invalidations)
        }, completion: { _ in completed = true })
        Issue.record("seed \(seed): \(kind) was accepted")
      } catch {
        #expect(error == expected, "seed \(seed) \(kind)")
      }
      #expect(!completed, "seed \(seed)")
      #expect(model.sizeRequests.isEmpty && model.cellRequests.isEmpty, "seed \(seed)")
      // The model changed, the collection did not: restore the model so the
      // snapshot can ask for cells again if it must, and compare.
      model.items = oldItems
      #expect(BatchValidationTests.Snapshot(collection) == before, "seed \(seed) \(kind)")
    }
  }
}
