import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

/// An item whose disappearance callbacks run a hook, to make the collection
/// view hand the item's cell to another item from inside them.
final class DisappearanceHookController: RecordingController<ItemCell> {
  /// Run by every `willPartiallyDisappear` and `willDisappear` until it
  /// returns true.
  static var hook: ((DisappearanceHookController) -> Bool)?

  override func willPartiallyDisappear(cell: ItemCell?) {
    super.willPartiallyDisappear(cell: cell)
    runHook()
  }

  override func willDisappear(cell: ItemCell?) {
    super.willDisappear(cell: cell)
    runHook()
  }

  private func runHook() {
    // Cleared while it runs, so that the callbacks it causes do not run it.
    guard let hook = Self.hook else { return }
    Self.hook = nil
    if !hook(self) { Self.hook = hook }
  }
}

/// An item unmounted while its own disappearance callbacks run. Inside a
/// layout pass a nested layout does nothing, so the nested unmount comes
/// from a call a user can make outside one: the collection view's data
/// source asked directly for a cell. `mount` unmounts the item from its
/// cell first; a disappearance callback asks for the item's cell again, which
/// unmounts the item in a nested call and mounts it on a third cell. The
/// outer `unmount` must then send nothing more, nor break the new link (its
/// re-check after the disappearance callbacks).
@Suite("Unmounting from a disappearance callback")
@MainActor
struct UnmountReentrancyTests {
  @Test(
    "an item re-mounted from its own disappearance callback hears willUnmount once per didMount")
  func remountedFromItsDisappearance() throws {
    let harness = Harness(height: 30)
    harness.dataSource.setRootSection(
      ListSection<ItemVM, DisappearanceHookController>(items("a", "b", "c", "d", "e")))
    #expect(harness.shown == ["a=0", "b=0", "c=0"])
    let collectionView = harness.collectionView
    let dataSource = try #require(collectionView.dataSource)
    let b = IndexPath(item: 1, section: 0)
    var nestedCell: CollectionViewCell?
    DisappearanceHookController.hook = { controller in
      guard controller.viewModel.identifier == "b" else { return false }
      nestedCell = dataSource.collectionView(collectionView, cellForItemAt: b)
      return true
    }
    defer { DisappearanceHookController.hook = nil }
    harness.log.reset()
    let outerCell = dataSource.collectionView(collectionView, cellForItemAt: b)
    #expect(nestedCell != nil, "the hook ran")
    let heardByB = harness.log.all.filter { $0.hasPrefix("b:") }
    // The nested request wins: "b" is mounted on the cell it returned, and
    // the outer one is left blank rather than linked twice.
    #expect(
      heardByB == [
        "b:willPartiallyDisappear", "b:willDisappear", "b:willUnmount",
        "b:configure", "b:cellDidLayoutSubviews", "b:didMount",
      ], "exactly one willUnmount per didMount, and nothing after it on the old cell")
    #expect((nestedCell as? ItemCell)?.shown?.identifier == "b")
    #expect((outerCell as? ItemCell)?.shown == nil)
    #expect(harness.log.violations.isEmpty, "\(harness.log.violations)")
  }
}
