import Foundation
import HeadlessCollection
import Testing

@MainActor
@Suite struct SelectionTests {
  @Test func aTapSelectsOneItemAndTellsTheDelegate() {
    let model = ListModel(["a", "b", "c"])
    let collection = makeCollection(model)
    #expect(collection.selectItem(at: ip(1)))
    #expect(collection.cellForItem(at: ip(1))!.isSelected)
    #expect(collection.selectItem(at: ip(2)))
    #expect(model.events == ["select 0-1", "deselect 0-1", "select 0-2"])
    #expect(collection.indexPathsForSelectedItems == [ip(2)])
    #expect(!collection.cellForItem(at: ip(1))!.isSelected)
    #expect(collection.cellForItem(at: ip(2))!.isSelected)
  }

  @Test func multipleSelectionTogglesOnTap() {
    let model = ListModel(["a", "b", "c"])
    let collection = makeCollection(model)
    collection.allowsMultipleSelection = true
    collection.selectItem(at: ip(0))
    collection.selectItem(at: ip(2))
    #expect(collection.indexPathsForSelectedItems == [ip(0), ip(2)])
    #expect(!collection.selectItem(at: ip(0)))
    #expect(collection.indexPathsForSelectedItems == [ip(2)])
    #expect(model.events == ["select 0-0", "select 0-2", "deselect 0-0"])
  }

  @Test func missingItemsAndDisabledSelectionDoNothing() {
    let model = ListModel(["a"])
    let collection = makeCollection(model)
    #expect(!collection.selectItem(at: ip(3)))
    collection.allowsSelection = false
    #expect(!collection.selectItem(at: ip(0)))
    #expect(model.events.isEmpty)
  }

  @Test func selectionFollowsItemsThroughUpdatesAndScrolling() throws {
    let model = ListModel((0..<20).map { "\($0)" })
    let collection = makeCollection(model, width: 10, height: 3)
    collection.allowsMultipleSelection = true
    collection.selectItem(at: ip(1))
    collection.selectItem(at: ip(2))
    try collection.performBatchUpdates {
      model.items.remove(at: 2)
      model.items.insert("new", at: 0)
      collection.deleteItems(at: [ip(2)])
      collection.insertItems(at: [ip(0)])
    }
    #expect(collection.indexPathsForSelectedItems == [ip(2)])
    #expect(collection.cellForItem(at: ip(2))!.isSelected)
    // A reused cell shows the selection of its new item.
    collection.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
    #expect(collection.visibleCells.allSatisfy { !$0.isSelected })
    collection.setContentOffset(.zero, animated: false)
    #expect(collection.visibleCells.map(\.isSelected) == [false, false, true])
    collection.deselectItem(at: ip(2))
    #expect(collection.indexPathsForSelectedItems.isEmpty)
  }
}
