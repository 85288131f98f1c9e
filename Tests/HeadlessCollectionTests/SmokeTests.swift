import Foundation
import HeadlessCollection
import Testing

@MainActor
@Suite struct SmokeTests {
  @Test func showsVisibleItemsAndRenders() {
    let model = ListModel((0..<20).map { "item \($0)" })
    let collection = makeCollection(model)
    #expect(collection.visibleLabels == ["item 0", "item 1", "item 2", "item 3", "item 4"])
    #expect(collection.renderText() == "item 0    \nitem 1    \nitem 2    \nitem 3    \nitem 4    ")
    collection.setContentOffset(CGPoint(x: 0, y: 3), animated: false)
    #expect(collection.visibleLabels == ["item 3", "item 4", "item 5", "item 6", "item 7"])
    #expect(collection.contentSize == CGSize(width: 10, height: 20))
  }

  @Test func insertsNearTop() throws {
    let model = ListModel((0..<20).map { "item \($0)" })
    let collection = makeCollection(model)
    try collection.performBatchUpdates {
      model.items.insert("new", at: 1)
      collection.insertItems(at: [ip(1)])
    }
    #expect(collection.visibleLabels == ["item 0", "new", "item 1", "item 2", "item 3"])
    #expect(collection.numberOfItems(inSection: 0) == 21)
  }
}
