import Foundation
import HeadlessCollection
import Testing

/// Size caching and invalidation, inside and outside batches.
@MainActor
@Suite struct InvalidationTests {
  @Test func sizesAreAskedOncePerItem() throws {
    let model = ListModel((0..<50).map { "\($0)" })
    let collection = makeCollection(model, width: 10, height: 5)
    #expect(model.sizeRequests.count == 50)
    collection.setContentOffset(CGPoint(x: 0, y: 30), animated: false)
    _ = collection.renderText()
    #expect(model.sizeRequests.count == 50)
    model.sizeRequests = []
    try collection.performBatchUpdates {
      model.items.insert("new", at: 3)
      model.items.swapAt(10, 20)
      collection.insertItems(at: [ip(3)])
      collection.moveItem(at: ip(9), to: ip(20))
      collection.moveItem(at: ip(19), to: ip(10))
      collection.reloadItems(at: [ip(30)])
    }
    #expect(model.sizeRequests == [ip(3), ip(31)])
  }

  @Test func invalidatingAnItemAsksItAloneAndMovesWhatFollows() {
    let model = ListModel((0..<8).map { "\($0)" })
    let collection = makeCollection(model, width: 10, height: 8)
    model.sizeRequests = []
    model.size = { $0.item == 2 ? CGSize(width: 10, height: 3) : CGSize(width: 10, height: 1) }
    collection.invalidateLayout(forItemsAt: [ip(2), ip(99)])
    #expect(model.sizeRequests == [ip(2)])
    #expect(collection.layoutAttributesForItem(at: ip(2))?.frame == CGRect(x: 0, y: 2, width: 10, height: 3))
    #expect(collection.layoutAttributesForItem(at: ip(3))?.frame.minY == 5)
    #expect(collection.visibleLabels == ["0", "1", "2", "3", "4", "5"])
    #expect(collection.contentSize.height == 10)
  }

  @Test func cellsReconfiguredAndResizedInsideABatchTakeEffectInIt() throws {
    let model = ListModel(["a", "b", "c", "d"])
    let collection = makeCollection(model, width: 10, height: 6)
    let layoutsBefore = model.didLayoutCount
    let cellB = collection.cellForItem(at: ip(1)) as! LabelCell
    try collection.performBatchUpdates {
      model.items = ["new", "a", "B!", "c", "d"]
      model.size = { $0.item == 2 ? CGSize(width: 10, height: 2) : CGSize(width: 10, height: 1) }
      collection.insertItems(at: [ip(0)])
      // The batch has not been applied: old index paths find the old cells.
      let cell = collection.cellForItem(at: ip(1)) as! LabelCell
      #expect(cell === cellB)
      cell.label = "B!"
      collection.invalidateLayout(forItemsAt: [ip(1)])
      #expect(collection.layoutAttributesForItem(at: ip(1))?.frame.height == 1)
    }
    #expect(collection.cellForItem(at: ip(2)) === cellB)
    #expect(cellB.frame == CGRect(x: 0, y: 2, width: 10, height: 2))
    #expect(collection.layoutAttributesForItem(at: ip(3))?.frame.minY == 4)
    #expect(collection.visibleLabels == ["new", "a", "B!", "c", "d"])
    #expect(model.didLayoutCount == layoutsBefore + 1)
  }

  @Test func aRejectedBatchDropsItsInvalidations() {
    let model = ListModel(["a", "b"])
    let collection = makeCollection(model, width: 10, height: 6)
    model.sizeRequests = []
    #expect(throws: BatchUpdateError.self) {
      try collection.performBatchUpdates {
        model.size = { _ in CGSize(width: 10, height: 4) }
        collection.invalidateLayout(forItemsAt: [ip(0)])
        collection.insertItems(at: [ip(0)])
      }
    }
    #expect(model.sizeRequests.isEmpty)
    #expect(collection.layoutAttributesForItem(at: ip(1))?.frame.minY == 1)
  }

  @Test func invalidateLayoutAsksEverything() {
    let model = ListModel(["a", "b", "c"])
    let collection = makeCollection(model)
    model.sizeRequests = []
    collection.invalidateLayout()
    #expect(model.sizeRequests == [ip(0), ip(1), ip(2)])
    collection.collectionViewLayout.invalidateLayout()
    #expect(collection.numberOfItems(inSection: 0) == 3)
    #expect(model.sizeRequests.count == 6)
  }

  @Test func aChangeOutsideABatchIsABatchOfItsOwn() {
    let model = ListModel(["a", "b"])
    let collection = makeCollection(model)
    model.items.append("c")
    collection.insertItems(at: [ip(2)])
    #expect(collection.visibleLabels == ["a", "b", "c"])
    model.items.removeFirst()
    collection.deleteItems(at: [ip(0)])
    #expect(collection.visibleLabels == ["b", "c"])
    #expect(collection.inspection.lastBatchUpdateWasAnimated)
  }

  @Test func animationIsRecorded() throws {
    let model = ListModel(["a"])
    let collection = makeCollection(model)
    try collection.performBatchUpdates({}, animated: false)
    #expect(!collection.inspection.lastBatchUpdateWasAnimated)
    try collection.performBatchUpdates({}, animated: true)
    #expect(collection.inspection.lastBatchUpdateWasAnimated)
  }
}
