import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// `reloadData()` recreates the visible items from the data source, as
/// UIKit documents, but through the reuse queue: an index path that had a
/// cell gets that cell back and it stays displayed, with no
/// `didEndDisplaying`/`willDisplay` pair.
@MainActor
@Suite struct ReloadDataReuseTests {
  @Test func everyIndexPathGetsItsOwnCellBackWithoutDisplayCallbacks() {
    let model = ListModel((0..<10).map { "\($0)" })
    let collection = makeCollection(model, width: 10, height: 4)
    collection.setContentOffset(CGPoint(x: 0, y: 3), animated: false)
    let before = collection.visibleCells.map { $0 as! LabelCell }
    let reuses = before.map(\.reuseCount)
    let created = LabelCell.instances
    model.items = (0..<10).map { "new \($0)" }
    model.recordEvents = true
    model.events = []
    collection.reloadData()
    // The data source is asked for every visible item again...
    #expect(model.events == (3..<7).map { "cell new \($0)" })
    // ...and each index path gets the very cell it had, prepared for reuse.
    #expect(collection.visibleCells.elementsEqual(before) { $0 === $1 })
    #expect(before.map(\.reuseCount) == reuses.map { $0 + 1 })
    #expect(collection.visibleLabels == (3..<7).map { "new \($0)" })
    #expect(LabelCell.instances == created)
  }

  @Test func cellsWhoseIndexPathsAreGoneEndDisplayingAtTheirOldPaths() {
    let model = ListModel(sections: [["a", "b", "c"], ["d", "e"]])
    let collection = makeCollection(model, width: 10, height: 5)
    let kept = (0..<2).map { collection.cellForItem(at: ip($0, 0)) }
    let keptInSection1 = (0..<2).map { collection.cellForItem(at: ip($0, 1)) }
    let gone = collection.cellForItem(at: ip(2, 0))
    model.sections = [["A", "B"], ["D", "E"]]
    model.recordEvents = true
    model.events = []
    collection.reloadData()
    #expect(collection.cellForItem(at: ip(0, 0)) === kept[0])
    #expect(collection.cellForItem(at: ip(1, 0)) === kept[1])
    // Section 1 moved up a row: its index paths had cells, and get them
    // back though the items now sit elsewhere.
    #expect(collection.cellForItem(at: ip(0, 1)) === keptInSection1[0])
    #expect(collection.cellForItem(at: ip(1, 1)) === keptInSection1[1])
    #expect(collection.visibleLabels == ["A", "B", "D", "E"])
    #expect(model.events.filter { $0.hasPrefix("didEnd") } == ["didEnd c 2"])
    #expect(model.events.filter { $0.hasPrefix("willDisplay") }.isEmpty)
    #expect(gone.map { collection.indexPath(for: $0) } == .some(nil))
  }

  @Test func aCellHandedToAnotherIndexPathEndsAndIsDisplayedAgain() {
    // A data source that hands out cells in its own order: the cell of
    // item 0 goes to item 1 and the other way round.
    final class Swapper: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
      var cells: [CollectionViewCell] = []
      var events: [String] = []
      var swap = false
      func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 2 }
      func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
        -> CollectionViewCell
      {
        while cells.count < 2 { cells.append(CollectionViewCell(frame: .zero)) }
        return cells[swap ? 1 - indexPath.item : indexPath.item]
      }
      func collectionView(
        _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
      ) { events.append("willDisplay \(cells.firstIndex { $0 === cell }!) at \(indexPath.item)") }
      func collectionView(
        _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
        forItemAt indexPath: IndexPath
      ) { events.append("didEnd \(cells.firstIndex { $0 === cell }!) at \(indexPath.item)") }
    }
    let swapper = Swapper()
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 10, height: 1)
    layout.minimumLineSpacing = 0
    let collection = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 10, height: 5), collectionViewLayout: layout)
    collection.dataSource = swapper
    collection.delegate = swapper
    collection.layoutIfNeeded()
    swapper.events = []
    swapper.swap = true
    collection.reloadData()
    #expect(
      swapper.events == ["didEnd 0 at 0", "didEnd 1 at 1", "willDisplay 1 at 0", "willDisplay 0 at 1"])
    #expect(collection.cellForItem(at: ip(0)) === swapper.cells[1])
  }

  @Test func displayCallbacksStayPairedThroughRandomReloadsAndScrolls() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let model = ListModel((0..<40).map { "\($0)" })
    let watcher = PairWatcher()
    // The watcher sizes nothing: every item is the layout's 10 × 1.
    let collection = makeCollection(model, width: 10, height: 6) {
      $0.itemSize = CGSize(width: 10, height: 1)
    }
    collection.delegate = watcher
    watcher.displayed = Set(collection.visibleCells.map(ObjectIdentifier.init))
    var maxInstances = 0
    let start = LabelCell.instances
    for _ in 0..<2_000 {
      switch Int.random(in: 0..<4, using: &random) {
      case 0:
        model.items = (0..<Int.random(in: 0..<60, using: &random)).map { "\($0)" }
        collection.reloadData()
      case 1:
        collection.setContentOffset(
          CGPoint(x: 0, y: CGFloat(Int.random(in: 0..<60, using: &random))), animated: false)
      case 2:
        collection.frame.size.height = CGFloat(Int.random(in: 1..<9, using: &random))
      default:
        collection.reloadData()
      }
      let visible = Set(collection.visibleCells.map(ObjectIdentifier.init))
      #expect(watcher.displayed == visible, "seed \(seed)")
      #expect(watcher.problems.isEmpty, "seed \(seed): \(watcher.problems)")
      maxInstances = max(maxInstances, LabelCell.instances - start)
      if !watcher.problems.isEmpty { break }
    }
    // Cells are reused, not leaked: never more than two viewports' worth.
    #expect(maxInstances <= 2 * 9, "seed \(seed)")
  }

  /// Checks that `willDisplay` and `didEndDisplaying` alternate per cell.
  final class PairWatcher: CollectionViewDelegateFlowLayout {
    var displayed: Set<ObjectIdentifier> = []
    var problems: [String] = []
    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      if !displayed.insert(ObjectIdentifier(cell)).inserted { problems.append("willDisplay twice") }
    }
    func collectionView(
      _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      if displayed.remove(ObjectIdentifier(cell)) == nil { problems.append("didEnd without willDisplay") }
    }
  }
}
