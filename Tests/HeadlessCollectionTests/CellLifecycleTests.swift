import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Reuse, display callbacks and cell layout.
@MainActor
@Suite struct CellLifecycleTests {
  /// Tracks which cells the delegate was told are displayed.
  final class DisplayTracker: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var items: [String]
    var displayed: [ObjectIdentifier: IndexPath] = [:]
    var everDisplayed: Set<ObjectIdentifier> = []
    var problems: [String] = []
    var didLayoutCount = 0
    var scrollCount = 0

    init(count: Int) { items = (0..<count).map { "row \($0)" } }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
      items.count
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
      if displayed[ObjectIdentifier(cell)] != nil { problems.append("dequeued a displayed cell") }
      cell.label = items[indexPath.item]
      return cell
    }
    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize { CGSize(width: 20, height: 1) }
    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      if displayed.updateValue(indexPath, forKey: ObjectIdentifier(cell)) != nil {
        problems.append("willDisplay twice")
      }
      everDisplayed.insert(ObjectIdentifier(cell))
    }
    func collectionView(
      _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      if displayed.removeValue(forKey: ObjectIdentifier(cell)) != indexPath {
        problems.append("didEndDisplaying \(indexPath) without willDisplay")
      }
    }
    func collectionViewDidLayout(_ collectionView: CollectionView) { didLayoutCount += 1 }
    func scrollViewDidScroll(_ collectionView: CollectionView) { scrollCount += 1 }
  }

  func makeTracked(count: Int, height: CGFloat = 8) -> (DisplayTracker, CollectionView) {
    let tracker = DisplayTracker(count: count)
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let collection = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: height), collectionViewLayout: layout)
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collection.dataSource = tracker
    collection.delegate = tracker
    collection.layoutIfNeeded()
    return (tracker, collection)
  }

  /// The display callbacks describe exactly the visible cells.
  func expectConsistent(_ tracker: DisplayTracker, _ collection: CollectionView, _ context: String) {
    let visible = collection.indexPathsForVisibleItems
    #expect(tracker.problems.isEmpty, "\(context): \(tracker.problems)")
    #expect(Set(tracker.displayed.values) == Set(visible), "\(context)")
    for path in visible {
      let cell = collection.cellForItem(at: path) as! LabelCell
      #expect(cell.label == tracker.items[path.item], "\(context)")
      #expect(collection.indexPath(for: cell) == path, "\(context)")
      #expect(tracker.displayed[ObjectIdentifier(cell)] == path, "\(context)")
    }
  }

  @Test func scrollingALongListReusesABoundedSetOfCells() {
    let (tracker, collection) = makeTracked(count: 10_000)
    var generator = SeededGenerator(seed: 7)
    // Page by page to the end, then random jumps and single steps.
    var offset: CGFloat = 0
    while offset < 10_000 {
      collection.setContentOffset(CGPoint(x: 0, y: offset), animated: false)
      offset += 8
    }
    for step in 0..<2_000 {
      let y = step % 2 == 0
        ? CGFloat(Int.random(in: 0...10_000, using: &generator))
        : collection.contentOffset.y + CGFloat(Int.random(in: -3...3, using: &generator)) + 0.5
      collection.setContentOffset(CGPoint(x: 0, y: y), animated: false)
      #expect(collection.visibleCells.count <= 9, "seed 7 step \(step)")
      if step % 100 == 0 { expectConsistent(tracker, collection, "seed 7 step \(step)") }
    }
    expectConsistent(tracker, collection, "end")
    // Never more cells than a viewport (8 rows, 9 when offset by half a row).
    #expect(tracker.everDisplayed.count <= 9)
  }

  @Test func aScrolledOutCellIsPreparedAndReused() {
    let (tracker, collection) = makeTracked(count: 100)
    defer { withExtendedLifetime(tracker) {} }
    let first = collection.cellForItem(at: ip(0)) as! LabelCell
    #expect(first.reuseCount == 0)
    collection.setContentOffset(CGPoint(x: 0, y: 8), animated: false)
    #expect(collection.indexPath(for: first) != nil)  // reused for a row of the new page
    #expect(first.reuseCount == 1)
    #expect(first.label.hasPrefix("row "))
    #expect(collection.cellForItem(at: ip(0)) == nil)
  }

  @Test func displayCallbacksFollowTheViewport() {
    let model = ListModel((0..<10).map { "\($0)" })
    let collection = makeCollection(model, width: 10, height: 3)
    model.recordEvents = true
    collection.setContentOffset(CGPoint(x: 0, y: 1), animated: false)
    // Row 0 leaves before its cell is reused for row 3.
    #expect(model.events == ["didEnd 0 0", "cell 3", "willDisplay 3 3"])
    model.events = []
    collection.setContentOffset(CGPoint(x: 0, y: 1.5), animated: false)
    #expect(model.events == ["cell 4", "willDisplay 4 4"])
    #expect(collection.indexPathsForVisibleItems == [ip(1), ip(2), ip(3), ip(4)])
  }

  @Test func didLayoutFollowsEveryPassThatRan() {
    let (tracker, collection) = makeTracked(count: 50)
    let passes = tracker.didLayoutCount
    #expect(passes >= 1)
    collection.layoutIfNeeded()
    #expect(tracker.didLayoutCount == passes)  // nothing changed, no pass
    collection.setContentOffset(CGPoint(x: 0, y: 5), animated: false)
    #expect(tracker.didLayoutCount == passes + 1)
    #expect(tracker.scrollCount == 1)
    collection.setContentOffset(CGPoint(x: 0, y: 5), animated: false)
    #expect(tracker.scrollCount == 1)
  }

  @Test func layoutSubviewsRunsWhenTheSizeChangesNotWhenTheCellMoves() throws {
    let model = ListModel((0..<6).map { "\($0)" })
    let collection = makeCollection(model, width: 10, height: 6)
    let cell = collection.cellForItem(at: ip(3)) as! LabelCell
    let layouts = cell.layoutCount
    #expect(layouts >= 1)
    try collection.performBatchUpdates {
      model.items.insert("new", at: 0)
      collection.insertItems(at: [ip(0)])
    }
    #expect(cell.frame.origin.y == 4)
    #expect(cell.layoutCount == layouts)
    model.size = { $0.item == 4 ? CGSize(width: 10, height: 2) : CGSize(width: 10, height: 1) }
    collection.invalidateLayout(forItemsAt: [ip(4)])
    #expect(cell.frame.size.height == 2)
    #expect(cell.layoutCount == layouts + 1)
  }

  @Test func deletedAndReloadedCellsEndDisplayingUnderTheirOldPaths() throws {
    let model = ListModel(["a", "b", "c", "d"])
    let collection = makeCollection(model, width: 10, height: 4)
    let oldB = collection.cellForItem(at: ip(1))
    model.recordEvents = true
    try collection.performBatchUpdates {
      model.items = ["a", "C", "d"]
      collection.deleteItems(at: [ip(1)])
      collection.reloadItems(at: [ip(2)])
    }
    #expect(
      model.events == ["didEnd b 1", "didEnd c 2", "cell C", "willDisplay C 1"])
    #expect(collection.cellForItem(at: ip(1)) !== oldB)
    #expect(collection.visibleLabels == ["a", "C", "d"])
  }

  @Test func callbacksMayChangeTheCollection() throws {
    // A delegate that scrolls from willDisplay: the pass restarts and every
    // cell still gets exactly one willDisplay.
    final class Scroller: CollectionViewDelegateFlowLayout {
      var displayed: [IndexPath] = []
      var ended: [IndexPath] = []
      var scrolled = false
      func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
        sizeForItemAt indexPath: IndexPath
      ) -> CGSize { CGSize(width: 10, height: 1) }
      func collectionView(
        _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
      ) {
        displayed.append(indexPath)
        if !scrolled {
          scrolled = true
          collectionView.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
        }
      }
      func collectionView(
        _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
        forItemAt indexPath: IndexPath
      ) { ended.append(indexPath) }
    }
    let model = ListModel((0..<30).map { "\($0)" })
    let scroller = Scroller()
    let collection = makeCollection(model, width: 10, height: 3)
    collection.delegate = scroller
    collection.setContentOffset(CGPoint(x: 0, y: 3), animated: false)
    #expect(collection.contentOffset.y == 10)
    #expect(collection.visibleLabels == ["10", "11", "12"])
    #expect(Set(scroller.displayed.suffix(3)) == [ip(10), ip(11), ip(12)])
    // The scroll to 3 ends the three cells shown before it; then row 3, the
    // only row displayed before the delegate scrolled, ends.
    #expect(scroller.ended == [ip(0), ip(1), ip(2), ip(3)])
  }

  @Test func reloadDataAsksForEveryCellAndClearsSelection() {
    let model = ListModel(["a", "b"])
    let collection = makeCollection(model)
    collection.selectItem(at: ip(1))
    let old = collection.visibleCells
    model.events = []
    model.items = ["x", "y", "z"]
    model.recordEvents = true
    collection.reloadData()
    #expect(collection.visibleLabels == ["x", "y", "z"])
    #expect(collection.indexPathsForSelectedItems.isEmpty)
    #expect(collection.cellForItem(at: ip(1))?.isSelected == false)
    // Index paths 0 and 1 get their cells back and stay displayed; only the
    // new item 2 is displayed.
    #expect(model.events == ["cell x", "cell y", "cell z", "willDisplay z 2"])
    #expect(collection.visibleCells.prefix(2).elementsEqual(old) { $0 === $1 })
  }

  @Test func theCollectionLoadsLazilyLikeUIKit() {
    let model = ListModel(["a"])
    let layout = CollectionViewFlowLayout()
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 50, height: 50), collectionViewLayout: layout)
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collection.dataSource = model
    model.items = ["a", "b"]  // before the first layout: counts are read then
    #expect(collection.numberOfItems(inSection: 0) == 2)
    #expect(collection.numberOfSections == 1)
  }
}
