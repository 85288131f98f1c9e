import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// An item that leaves the viewport and comes back gets its own cell again
/// while that cell waits unused in the reuse queue, through batch updates too.
@MainActor
@Suite struct ReuseMemoryTests {
  /// Twenty one-line items in a 10 × 5 viewport.
  func makeList(count: Int = 20, configure: (CollectionViewFlowLayout) -> Void = { _ in })
    -> (ListModel, CollectionView)
  {
    let model = ListModel((0..<count).map { "\($0)" })
    return (model, makeCollection(model, width: 10, height: 5, configure: configure))
  }

  func cells(_ collection: CollectionView, _ items: Range<Int>) -> [CollectionViewCell?] {
    items.map { collection.cellForItem(at: ip($0)) }
  }

  @Test func shrinkingAndGrowingTheViewportGivesItemsBackTheirCells() {
    let (model, collection) = makeList()
    let before = cells(collection, 0..<5)
    collection.frame.size.height = 2
    #expect(collection.indexPathsForVisibleItems == [ip(0), ip(1)])
    collection.frame.size.height = 5
    let after = cells(collection, 0..<5)
    for item in 0..<5 { #expect(after[item] === before[item], "item \(item)") }
    withExtendedLifetime(model) {}
  }

  @Test func scrollingOutAndBackWithTheQueueUndrainedGivesTheSameCells() {
    // Five items and room after them: scrolling past them queues their
    // cells and takes none.
    let (model, collection) = makeList(count: 5) { $0.sectionInset.bottom = 10 }
    let before = cells(collection, 0..<5)
    collection.setContentOffset(CGPoint(x: 0, y: 7), animated: false)
    #expect(collection.visibleCells.isEmpty)
    collection.setContentOffset(.zero, animated: false)
    let after = cells(collection, 0..<5)
    for item in 0..<5 { #expect(after[item] === before[item], "item \(item)") }
    withExtendedLifetime(model) {}
  }

  @Test func aCellTakenByAnotherItemIsNotTakenBack() {
    let (model, collection) = makeList()
    let first = cells(collection, 0..<2)
    collection.setContentOffset(CGPoint(x: 0, y: 2), animated: false)
    // Items 5 and 6 drained the queue of the cells of items 0 and 1.
    let taken = cells(collection, 5..<7)
    #expect(Set(taken.map { ObjectIdentifier($0!) }) == Set(first.map { ObjectIdentifier($0!) }))
    collection.setContentOffset(CGPoint(x: 0, y: 1), animated: false)
    // Item 1 comes back while its old cell still shows item 5.
    let item5 = collection.cellForItem(at: ip(5))
    #expect(item5 != nil)
    #expect(collection.cellForItem(at: ip(1)) !== item5)
    #expect((collection.cellForItem(at: ip(1)) as? LabelCell)?.label == "1")
    withExtendedLifetime(model) {}
  }

  @Test func theMemoryFollowsItemsThroughInsertsAndDeletes() throws {
    let (model, collection) = makeList()
    let before = cells(collection, 0..<5)
    collection.frame.size.height = 2  // items 2, 3 and 4 wait in the queue
    try collection.performBatchUpdates {
      model.items.remove(at: 3)
      model.items.insert("new", at: 0)
      collection.deleteItems(at: [ip(3)])
      collection.insertItems(at: [ip(0)])
    }
    collection.frame.size.height = 5
    // Old item 2 is item 3 now, old item 4 is item 4 again.
    #expect(collection.cellForItem(at: ip(3)) === before[2])
    #expect(collection.cellForItem(at: ip(4)) === before[4])
    #expect(collection.visibleLabels == ["new", "0", "1", "2", "4"])
  }

  @Test func aMovedItemKeepsItsQueuedCell() throws {
    let (model, collection) = makeList()
    let before = cells(collection, 0..<5)
    collection.frame.size.height = 2
    try collection.performBatchUpdates {
      model.items.insert(model.items.remove(at: 4), at: 1)
      collection.moveItem(at: ip(4), to: ip(1))
    }
    #expect(collection.cellForItem(at: ip(1)) === before[4])
    #expect(collection.visibleLabels == ["0", "4"])
  }

  @Test func reloadedItemsForgetTheirQueuedCells() throws {
    let (model, collection) = makeList()
    let before = cells(collection, 0..<5)
    collection.frame.size.height = 2
    try collection.performBatchUpdates { collection.reloadItems(at: [ip(2), ip(3)]) }
    collection.frame.size.height = 5
    // The cells of items 2 and 3 remember nothing: they went to whoever came first.
    #expect(collection.cellForItem(at: ip(2)) === before[3])
    #expect(collection.cellForItem(at: ip(3)) === before[2])
    #expect(collection.cellForItem(at: ip(4)) === before[4])

    collection.frame.size.height = 2
    model.items.reverse()
    collection.reloadData()
    collection.frame.size.height = 5
    // After a reload, index 4 is another item: its old cell is not kept for it.
    #expect(collection.cellForItem(at: ip(4)) !== before[4])
    #expect(collection.visibleLabels == ["19", "18", "17", "16", "15"])
  }

  /// Watches display callbacks: a cell that ended displaying waits in the
  /// queue remembering its item until it is displayed again.
  final class QueueWatcher: CollectionViewDelegateFlowLayout {
    var heights: [CGFloat]
    var queued: [ObjectIdentifier: Int] = [:]
    var returned = 0
    var problems: [String] = []
    init(heights: [CGFloat]) { self.heights = heights }

    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize { CGSize(width: 10, height: heights[indexPath.item]) }
    func collectionView(
      _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
      forItemAt indexPath: IndexPath
    ) { queued[ObjectIdentifier(cell)] = indexPath.item }
    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      if let own = queued.first(where: { $0.value == indexPath.item })?.key {
        if own == ObjectIdentifier(cell) { returned += 1 } else { problems.append("item \(indexPath.item)") }
      }
      queued[ObjectIdentifier(cell)] = nil
    }
  }

  @Test func randomScrollsAndResizesGiveEveryItemItsQueuedCell() {
    var returned = 0
    for seed in UInt64(0)..<500 {
      var generator = SeededGenerator(seed: seed)
      let count = Int.random(in: 1...60, using: &generator)
      let model = ListModel((0..<count).map { "\($0)" })
      let watcher = QueueWatcher(heights: (0..<count).map { _ in CGFloat(Int.random(in: 1...3, using: &generator)) })
      let collection = makeCollection(model, width: 10, height: CGFloat(Int.random(in: 1...8, using: &generator)))
      collection.delegate = watcher
      collection.layoutIfNeeded()
      for _ in 0..<30 {
        if Int.random(in: 0..<4, using: &generator) == 0 {
          collection.frame.size.height = CGFloat(Int.random(in: 1...8, using: &generator))
        } else {
          let length = collection.contentSize.height
          collection.setContentOffset(
            CGPoint(x: 0, y: CGFloat(Int.random(in: 0...Int(length), using: &generator))), animated: false)
        }
      }
      #expect(watcher.problems.isEmpty, "seed \(seed): \(watcher.problems)")
      returned += watcher.returned
    }
    #expect(returned > 1_000, "items got their own cells back only \(returned) times")
  }
}
