import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// A movable controller that logs the working-range hooks, as "enter" and
/// "exit".
private final class MovableRangeController: RecordingController<ItemCell> {
  override var canMove: Bool { true }

  override func willEnterWorkingRange() {
    log?.record(self, viewModel.identifier, "enter")
  }

  override func didExitWorkingRange() {
    log?.record(self, viewModel.identifier, "exit")
  }
}

/// The working range during a drag (issue 29, item 7).
@Suite("The dragged item, visible, is in the working range")
@MainActor
struct DocumentedDragWorkingRangeTests {
  /// Promise: the working range is "the visible items and `workingRangeSize`
  /// items before the first visible one and after the last", "derived again
  /// after every layout pass — scrolling, drags, … — so it is exact at any
  /// moment". During a drag the list's order differs from the order shown
  /// until the drop; the dragged item, visible where the finger holds it, is
  /// in the range. The article "Working range"
  /// (Sources/ListDiffUI/ListDiffUI.docc/WorkingRange.md, "What is in the
  /// range") and `ListDiffDataSource.workingRangeSize`.
  @Test("a dragged item held over the viewport, far from its place in the list, is in the working range")
  func draggedItemIsInTheWorkingRange() throws {
    let screen = ListScreen.logging(height: 50)
    screen.dataSource.workingRangeSize = 1
    // Items ten points tall: 0–4 on screen, 0–5 in range.
    screen.setRoot(
      ListSection<ItemVM, MovableRangeController>((0..<40).map { ItemVM(identifier: "i\($0)") }, id: "all"))
    let dragged = try #require(screen.dataSource.cellController(forIdentifier: "i0", sectionPath: ["all"]))
    let view = screen.collectionView
    let rangeEvents = { screen.log.events(of: dragged).filter { $0 == "enter" || $0 == "exit" } }
    #expect(rangeEvents() == ["enter"])
    try #require(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    // The list scrolls under the held item, then the finger moves over the
    // viewport: the item takes the place there, 22, and is drawn under it.
    view.setContentOffset(CGPoint(x: 0, y: 200), animated: false)
    view.layoutIfNeeded()
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 225))
    let cell = try #require(view.visibleCells.first { $0.textRepresentation == "i0=0" })
    #expect(view.bounds.intersects(cell.frame))
    #expect(view.indexPath(for: cell) == IndexPath(item: 22, section: 0))
    #expect(rangeEvents().last == "enter", "\(rangeEvents())")
    // Moving the finger within the viewport keeps it in range.
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 241))
    #expect(rangeEvents().last == "enter", "\(rangeEvents())")
    #expect(view.indexPath(for: cell) == IndexPath(item: 24, section: 0))
    // Put back at its place, far above: it leaves the range.
    view.cancelInteractiveMovement()
    #expect(rangeEvents().last == "exit", "\(rangeEvents())")
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }

  /// Promise: while a movement lasts "the item is shown centred on the last
  /// position given to `updateInteractiveMovementTargetPosition(_:)`"
  /// (`CollectionView.beginInteractiveMovementForItem(at:)`,
  /// Sources/HeadlessCollection/Updates/CollectionView+InteractiveMovement.swift),
  /// so a dragged item the rules keep far from the finger (it may not leave
  /// its section) is still visible under the finger, and so in the working
  /// range (WorkingRange.md).
  @Test("a dragged item steered to a place far from the finger is still drawn under it, in the working range")
  func draggedItemSteeredAwayIsStillShownAndInRange() throws {
    let screen = ListScreen.logging(height: 50)
    screen.dataSource.workingRangeSize = 1
    // "open" is items 0–2, "rest" 3–32; moving between sections is not
    // allowed, so "o0" can only take places 0–2.
    screen.setRoot(
      CompositeSection {
        ListSection<ItemVM, MovableRangeController>(items("o0", "o1", "o2"), id: "open")
        ListSection<ItemVM, ItemController>((0..<30).map { ItemVM(identifier: "r\($0)") }, id: "rest")
      })
    let dragged = try #require(screen.dataSource.cellController(forIdentifier: "o0", sectionPath: ["open"]))
    let view = screen.collectionView
    let rangeEvents = { screen.log.events(of: dragged).filter { $0 == "enter" || $0 == "exit" } }
    try #require(view.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    view.setContentOffset(CGPoint(x: 0, y: 200), animated: false)
    view.layoutIfNeeded()
    view.updateInteractiveMovementTargetPosition(CGPoint(x: 10, y: 225))
    // Steered to the last place of "open", 2, far above the viewport, and
    // drawn under the finger.
    #expect(view.layoutAttributesForItem(at: IndexPath(item: 2, section: 0))?.frame.midY == 225)
    #expect(view.visibleCells.contains { $0.textRepresentation == "o0=0" })
    #expect(rangeEvents().last == "enter", "\(rangeEvents())")
    view.cancelInteractiveMovement()
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }
}
