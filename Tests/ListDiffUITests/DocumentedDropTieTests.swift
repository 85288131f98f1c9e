import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// Where a drag refused at the place it points to is steered when two
/// allowed places are as near (issue 29, item 7).
@Suite("A drop between two allowed places as near goes to the earlier one")
@MainActor
struct DocumentedDropTieTests {
  final class Box { var moves: [ListItemMove] = [] }

  /// Two movable sections with a fixed one of three items between them,
  /// moving between sections allowed: the middle of the fixed section is as
  /// near the end of the first section as the start of the last.
  private func screen() -> (ListScreen, Box) {
    let screen = ListScreen.logging(height: 100)
    screen.dataSource.allowsMovingBetweenSections = true
    let box = Box()
    screen.dataSource.moveHandler = { box.moves.append($0) }
    screen.setRoot(
      CompositeSection {
        ListSection<ItemVM, MovableController>(items("a", "b"), id: "first")
        ListSection<ItemVM, ItemController>(items("p", "q", "r"), id: "fixed")
        ListSection<ItemVM, MovableController>(items("c"), id: "last")
      })
    return (screen, box)
  }

  /// Drags the item shown at `from` straight over the middle of `over` and
  /// lets go.
  private func drop(_ screen: ListScreen, from: Int, over: Int) throws {
    let view = screen.collectionView
    try #require(view.beginInteractiveMovementForItem(at: IndexPath(item: from, section: 0)))
    let frame = try #require(view.layoutAttributesForItem(at: IndexPath(item: over, section: 0))).frame
    view.updateInteractiveMovementTargetPosition(CGPoint(x: frame.midX, y: frame.midY))
    view.endInteractiveMovement()
  }

  /// Promise: "A drag toward a place that is not allowed … is steered to the
  /// nearest place in the list that is allowed (the earlier one when two
  /// are as near …)". The article "Reordering items"
  /// (Sources/ListDiffUI/ListDiffUI.docc/ReorderingItems.md, "Which items
  /// move, and where to"), and `ListDiffDataSource.target(movingFrom:current:proposed:)`.
  @Test("dragged down onto the middle of a fixed section, the item stays in the earlier section")
  func tieGoesToTheEarlierPlaceDraggingDown() throws {
    let (screen, box) = screen()
    // "a" over "q": after "b" (end of first) and after "c" (end of last)
    // are both two places away.
    try drop(screen, from: 0, over: 3)
    #expect(screen.shown == ["b=0", "a=0", "p=0", "q=0", "r=0", "c=0"])
    let move = try #require(box.moves.last)
    #expect(box.moves.count == 1)
    #expect(move.identifier == "a")
    #expect(move.toSectionPath.last == "first" && move.toIndex == 1)
  }

  @Test("dragged up onto the middle of a fixed section, the item goes to the earlier section")
  func tieGoesToTheEarlierPlaceDraggingUp() throws {
    let (screen, box) = screen()
    // "c" over "q": before "b" in the first section and its own place are
    // both two places away; the earlier one wins.
    try drop(screen, from: 5, over: 3)
    #expect(screen.shown == ["a=0", "c=0", "b=0", "p=0", "q=0", "r=0"])
    let move = try #require(box.moves.last)
    #expect(box.moves.count == 1)
    #expect(move.identifier == "c")
    #expect(move.sectionPath.last == "last")
    #expect(move.toSectionPath.last == "first" && move.toIndex == 1)
  }
}
