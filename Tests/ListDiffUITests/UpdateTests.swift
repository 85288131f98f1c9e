import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
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

@Suite("Applying roots", .timeLimit(.minutes(20)))
@MainActor
struct UpdateTests {
  @Test("same identity and equal: nothing happens to the cell")
  func equalIsNoop() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b", "c")))
    let recorder = DelegateRecorder()
    screen.dataSource.collectionViewDelegate = recorder
    screen.log.reset()
    screen.setRoot(section(items("a", "b", "c")))
    #expect(screen.log.all.isEmpty)
    #expect(recorder.layoutPasses == 0)
  }

  @Test("changed view models are reconfigured in place, re-sized, in one layout pass")
  func updatesInPlaceInOneBatch() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b", "c", "d")))
    let cells = (0..<4).map { screen.cell(at: $0) }
    let recorder = DelegateRecorder()
    screen.dataSource.collectionViewDelegate = recorder
    screen.log.reset()

    var next = items("a", "b", "c", "d")
    next[1].value = 1
    next[1].height = 20
    next[2].value = 2
    next[3].value = 3
    screen.setRoot(section(next))

    #expect(recorder.layoutPasses == 1)
    #expect(recorder.willDisplay.isEmpty && recorder.didEndDisplaying.isEmpty)
    for index in 0..<4 { #expect(screen.cell(at: index) === cells[index]) }
    #expect(screen.shown == ["a=0", "b=1", "c=2", "d=3"])
    let b = try #require(screen.controller("b"))
    #expect(screen.log.events(of: b) == ["didUpdateViewModel(0->1)", "configure", "cellDidLayoutSubviews"])
    #expect(screen.cell(at: 1)?.frame.height == 20)
    #expect(screen.cell(at: 2)?.frame.minY == 30)
    #expect(!screen.log.all.contains { $0.hasSuffix("didMount") || $0.hasSuffix("willUnmount") })
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
    let screen = ListScreen.logging()
    screen.setRoot(ListSection<ItemVM, Checking>(items("a")))
    screen.setRoot(ListSection<ItemVM, Checking>(items("a", value: 7)))
    let controller = try #require(screen.dataSource.cellController(forIdentifier: "a") as? Checking)
    #expect(controller.seen.count == 1)
    #expect(controller.seen.first?.old == 0 && controller.seen.first?.current == 7)
  }

  @Test("a moved and changed item is moved, then reconfigured in place; never reloaded")
  func moveAndUpdate() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b", "c", "d")))
    let cellOfC = screen.cell(at: 2)
    let c = try #require(screen.controller("c"))
    screen.log.reset()
    var next = items("c", "a", "d", "b")
    next[0].value = 9
    screen.setRoot(section(next))
    #expect(screen.shown == ["c=9", "a=0", "d=0", "b=0"])
    #expect(screen.cell(at: 0) === cellOfC)
    #expect(screen.controller("c") === c)
    #expect(screen.log.events(of: c).first == "didUpdateViewModel(0->9)")
    #expect(screen.diagnostics.isEmpty)
  }

  @Test("an identifier whose controller type changes gets a new controller and cell class")
  func controllerTypeChange() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b")))
    weak var oldA: ItemController?  // Swift 6.2 has no `weak let`
    oldA = screen.controller("a")
    #expect(oldA != nil)
    screen.setRoot(ListSection<ItemVM, AltController>(items("a", "b")))
    #expect(oldA == nil)
    #expect(screen.cell(at: 0) is AltCell)
    #expect(screen.shown == ["a=0", "b=0"])
  }

  @Test("a root of nil, then an empty section, then items again")
  func nilAndEmptyRoots() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b")))
    screen.setRoot(nil)
    #expect(screen.collectionView.numberOfItems(inSection: 0) == 0)
    #expect(screen.log.liveControllers.isEmpty)
    screen.setRoot(section([]))
    #expect(screen.collectionView.numberOfItems(inSection: 0) == 0)
    screen.setRoot(CompositeSection(nil, section([]), nil))
    #expect(screen.collectionView.numberOfItems(inSection: 0) == 0)
    screen.setRoot(section(items("a")))
    #expect(screen.shown == ["a=0"])
    #expect(screen.diagnostics.isEmpty)
  }

  @Test("completion runs after the root is applied; synchronous mode applies before returning")
  func synchronousCompletion() {
    let screen = ListScreen.logging(height: 50)
    var shownAtCompletion: [String] = []
    screen.dataSource.setRootSection(section(items("a", "b")), animate: true) {
      shownAtCompletion = screen.shown
    }
    #expect(shownAtCompletion == ["a=0", "b=0"])
    screen.dataSource.setRootSection(section(items("b")), animate: false)
    #expect(screen.shown == ["b=0"])
  }

  @Test("animate means what it says: the batch is animated exactly when asked")
  func animateIsHonoured() {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a")), animate: true)
    #expect(screen.collectionView.inspection.lastBatchUpdateWasAnimated)
    screen.setRoot(section(items("a", "b")), animate: false)
    #expect(!screen.collectionView.inspection.lastBatchUpdateWasAnimated)
    screen.setRoot(section(items("b")), animate: true)
    #expect(screen.collectionView.inspection.lastBatchUpdateWasAnimated)
    screen.setRoot(section(items("b", "c")))
    #expect(!screen.collectionView.inspection.lastBatchUpdateWasAnimated, "the default is not animated")
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
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a")))
    let delegate = Reentrant()
    screen.dataSource.collectionViewDelegate = delegate
    var order: [String] = []
    delegate.action = {
      screen.dataSource.setRootSection(section(items("a", "z"))) { order.append("second") }
      order.append("set during the first")
    }
    screen.dataSource.setRootSection(section(items("a", "b"))) { order.append("first") }
    #expect(order == ["set during the first", "first", "second"])
    #expect(screen.shown == ["a=0", "z=0"])
    #expect(screen.diagnostics.isEmpty)
  }

  @Test("await setRootSection returns with the root shown")
  func awaitedRoot() async {
    let screen = ListScreen.logging(height: 50)
    await screen.dataSource.setRootSection(section(items("a", "b", "c")), animate: true)
    #expect(screen.shown == ["a=0", "b=0", "c=0"])
  }
}
