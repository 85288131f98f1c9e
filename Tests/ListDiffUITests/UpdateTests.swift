import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

/// Counts the collection view's layout passes and display changes, forwarded
/// by the data source.
@MainActor
final class DelegateRecorder: CollectionViewDelegateFlowLayout {
  var layoutPasses = 0
  var willDisplay: [Int] = []
  var didEndDisplaying: [Int] = []
  var selected: [Int] = []
  func collectionViewDidLayout(_ collectionView: CollectionView) { layoutPasses += 1 }
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
  ) { willDisplay.append(indexPath.item) }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) { didEndDisplaying.append(indexPath.item) }
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    selected.append(indexPath.item)
  }
}

@Suite("Applying roots")
@MainActor
struct UpdateTests {
  @Test("same identity and equal: nothing happens to the cell")
  func equalIsNoop() throws {
    let harness = Harness(height: 50)
    harness.dataSource.setRootSection(section(items("a", "b", "c")))
    let recorder = DelegateRecorder()
    harness.dataSource.collectionViewDelegate = recorder
    harness.log.reset()
    harness.dataSource.setRootSection(section(items("a", "b", "c")))
    #expect(harness.log.all.isEmpty)
    #expect(recorder.layoutPasses == 0)
  }

  @Test("changed view models are reconfigured in place, re-sized, in one layout pass")
  func updatesInPlaceInOneBatch() throws {
    let harness = Harness(height: 50)
    harness.dataSource.setRootSection(section(items("a", "b", "c", "d")))
    let cells = (0..<4).map { harness.cell(at: $0) }
    let recorder = DelegateRecorder()
    harness.dataSource.collectionViewDelegate = recorder
    harness.log.reset()

    var next = items("a", "b", "c", "d")
    next[1].value = 1
    next[1].height = 20
    next[2].value = 2
    next[3].value = 3
    harness.dataSource.setRootSection(section(next))

    #expect(recorder.layoutPasses == 1)
    #expect(recorder.willDisplay.isEmpty && recorder.didEndDisplaying.isEmpty)
    for index in 0..<4 { #expect(harness.cell(at: index) === cells[index]) }
    #expect(harness.shown == ["a=0", "b=1", "c=2", "d=3"])
    let b = try #require(harness.controller("b"))
    #expect(harness.log.events(of: b) == ["didUpdateViewModel(0->1)", "configure", "cellDidLayoutSubviews"])
    #expect(harness.cell(at: 1)?.frame.height == 20)
    #expect(harness.cell(at: 2)?.frame.minY == 30)
    #expect(!harness.log.all.contains { $0.hasSuffix("didMount") || $0.hasSuffix("willUnmount") })
  }

  @Test("inside didUpdateViewModel the controller already has the new view model")
  func viewModelIsNewInsideDidUpdate() throws {
    final class Checking: ListCellController<ItemVM, ListViewStateNone, ItemCell> {
      var seen: [(old: Int, current: Int)] = []
      override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: 5, height: 5) }
      override func didUpdateViewModel(oldViewModel: ItemVM) {
        seen.append((oldViewModel.value, viewModel.value))
      }
    }
    let harness = Harness()
    harness.dataSource.setRootSection(ListSection<ItemVM, Checking>(items("a")))
    harness.dataSource.setRootSection(ListSection<ItemVM, Checking>(items("a", value: 7)))
    let controller = try #require(harness.dataSource.cellController(forIdentifier: "a") as? Checking)
    #expect(controller.seen.count == 1)
    #expect(controller.seen.first?.old == 0 && controller.seen.first?.current == 7)
  }

  @Test("a moved and changed item is moved, then reconfigured in place; never reloaded")
  func moveAndUpdate() throws {
    let harness = Harness(height: 50)
    harness.dataSource.setRootSection(section(items("a", "b", "c", "d")))
    let cellOfC = harness.cell(at: 2)
    let c = try #require(harness.controller("c"))
    harness.log.reset()
    var next = items("c", "a", "d", "b")
    next[0].value = 9
    harness.dataSource.setRootSection(section(next))
    #expect(harness.shown == ["c=9", "a=0", "d=0", "b=0"])
    #expect(harness.cell(at: 0) === cellOfC)
    #expect(harness.controller("c") === c)
    #expect(harness.log.events(of: c).first == "didUpdateViewModel(0->9)")
    #expect(harness.diagnostics.isEmpty)
  }

  @Test("an identifier whose controller type changes gets a new controller and cell class")
  func controllerTypeChange() throws {
    let harness = Harness(height: 50)
    harness.dataSource.setRootSection(section(items("a", "b")))
    weak let oldA = harness.controller("a")
    #expect(oldA != nil)
    harness.dataSource.setRootSection(ListSection<ItemVM, AltController>(items("a", "b")))
    #expect(oldA == nil)
    #expect(harness.cell(at: 0) is AltCell)
    #expect(harness.shown == ["a=0", "b=0"])
  }

  @Test("a root of nil, then an empty section, then items again")
  func nilAndEmptyRoots() throws {
    let harness = Harness(height: 50)
    harness.dataSource.setRootSection(section(items("a", "b")))
    harness.dataSource.setRootSection(nil)
    #expect(harness.collectionView.numberOfItems(inSection: 0) == 0)
    #expect(harness.log.liveControllers.isEmpty)
    harness.dataSource.setRootSection(section([]))
    #expect(harness.collectionView.numberOfItems(inSection: 0) == 0)
    harness.dataSource.setRootSection(CompositeSection(nil, section([]), nil))
    #expect(harness.collectionView.numberOfItems(inSection: 0) == 0)
    harness.dataSource.setRootSection(section(items("a")))
    #expect(harness.shown == ["a=0"])
    #expect(harness.diagnostics.isEmpty)
  }

  @Test("completion runs after the root is applied; synchronous mode applies before returning")
  func synchronousCompletion() {
    let harness = Harness(height: 50)
    var shownAtCompletion: [String] = []
    harness.dataSource.setRootSection(section(items("a", "b")), animate: true) {
      shownAtCompletion = harness.shown
    }
    #expect(shownAtCompletion == ["a=0", "b=0"])
    harness.dataSource.setRootSection(section(items("b")), animate: false)
    #expect(harness.shown == ["b=0"])
  }

  @Test("animate means what it says: the batch is animated exactly when asked")
  func animateIsHonoured() {
    let harness = Harness(height: 50)
    harness.dataSource.setRootSection(section(items("a")), animate: true)
    #expect(harness.collectionView.lastBatchUpdateWasAnimated)
    harness.dataSource.setRootSection(section(items("a", "b")), animate: false)
    #expect(!harness.collectionView.lastBatchUpdateWasAnimated)
    harness.dataSource.setRootSection(section(items("b")), animate: true)
    #expect(harness.collectionView.lastBatchUpdateWasAnimated)
    harness.dataSource.setRootSection(section(items("b", "c")))
    #expect(!harness.collectionView.lastBatchUpdateWasAnimated, "the default is not animated")
  }

  @Test("a root set from a callback during an update is applied right after it")
  func reentrantRoot() throws {
    @MainActor final class Reentrant: CollectionViewDelegateFlowLayout {
      var action: (() -> Void)?
      func collectionViewDidLayout(_ collectionView: CollectionView) {
        let action = self.action
        self.action = nil
        action?()
      }
    }
    let harness = Harness(height: 50)
    harness.dataSource.setRootSection(section(items("a")))
    let delegate = Reentrant()
    harness.dataSource.collectionViewDelegate = delegate
    var order: [String] = []
    delegate.action = {
      harness.dataSource.setRootSection(section(items("a", "z"))) { order.append("second") }
      order.append("set during the first")
    }
    harness.dataSource.setRootSection(section(items("a", "b"))) { order.append("first") }
    #expect(order == ["set during the first", "first", "second"])
    #expect(harness.shown == ["a=0", "z=0"])
    #expect(harness.diagnostics.isEmpty)
  }

  @Test("await setRootSection returns with the root shown")
  func awaitedRoot() async {
    let harness = Harness(height: 50)
    await harness.dataSource.setRootSection(section(items("a", "b", "c")), animate: true)
    #expect(harness.shown == ["a=0", "b=0", "c=0"])
  }
}
