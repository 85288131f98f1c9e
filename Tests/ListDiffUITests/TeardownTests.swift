import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

/// What a controller's `willUnmount` may reach while its data source is
/// being released: the collection view it showed in.
@MainActor
private final class CollectionViewBox {
  weak var collectionView: CollectionView?
  var unmounted: [String] = []
  var itemCountsSeen: [Int] = []
}

/// A controller that touches the collection view from `willUnmount`, as user
/// code may (to lay out, select, or read what is shown).
private final class TouchingController: ListCellController<ItemVM, ListViewStateNone, ItemCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 10) }
  override func willUnmount(onCell cell: ItemCell) {
    guard let box: CollectionViewBox = context.object(), let collectionView = box.collectionView else { return }
    box.unmounted.append(viewModel.identifier)
    collectionView.layoutIfNeeded()
    _ = collectionView.selectItem(at: IndexPath(item: 0, section: 0))
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    box.itemCountsSeen.append(collectionView.numberOfItems(inSection: 0))
  }
}

/// Holds an object weakly, to see when it is released.
private final class Weak<Object: AnyObject> {
  weak var object: Object?
  init(_ object: Object?) { self.object = object }
}

@Suite("Releasing the data source", .timeLimit(.minutes(20)))
@MainActor
struct TeardownTests {
  @Test("willUnmount during the release can touch the collection view, which no longer reaches the data source")
  func willUnmountTouchesTheCollectionView() {
    let box = CollectionViewBox()
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 30), collectionViewLayout: layout)
    box.collectionView = collectionView
    var dataSource: ListDiffDataSource? = ListDiffDataSource(collectionView: collectionView, contextObjects: box)
    dataSource?.setRootSection(
      ListSection<ItemVM, TouchingController>(items("a", "b", "c", "d")), completion: nil)
    collectionView.layoutIfNeeded()
    #expect(collectionView.visibleCells.count == 3)
    dataSource = nil
    #expect(box.unmounted.sorted() == ["a", "b", "c"], "every mounted controller hears willUnmount")
    #expect(box.itemCountsSeen == [0, 0, 0], "the collection view has no data source any more")
    #expect(collectionView.dataSource == nil && collectionView.delegate == nil)
    collectionView.layoutIfNeeded()
    #expect(collectionView.numberOfItems(inSection: 0) == 0)
  }

  @Test("observe's task ends when the data source is released, though its sequence stays idle")
  func observationEndsWithTheDataSource() async {
    var harness: Harness? = Harness(height: 50)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = harness!.dataSource.observe(stream) { value in
      ListSection<ItemVM, ItemController>([ItemVM(identifier: "x", value: value)])
    }
    continuation.yield(1)
    await poll("the first element shown") { harness?.dataSource.itemCount == 1 }
    #expect(!task.isCancelled)
    let dataSource = Weak(harness?.dataSource)
    harness = nil
    // The task may still hold the data source for a moment, returning from
    // the root it just applied.
    await poll("the data source released") { dataSource.object == nil }
    #expect(task.isCancelled, "released: the task is cancelled")
    await task.value  // ends though the stream neither yields nor finishes
    continuation.finish()
  }

  @Test("an observation that ended is no longer held")
  func endedObservationIsDropped() async {
    let harness = Harness(height: 50)
    let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
    let task = harness.dataSource.observe(stream) { value in
      ListSection<ItemVM, ItemController>([ItemVM(identifier: "x", value: value)])
    }
    #expect(harness.dataSource.inspection.observationCount == 1)
    continuation.finish()
    await task.value
    await poll("the ended task dropped") { harness.dataSource.inspection.observationCount == 0 }
  }
}
