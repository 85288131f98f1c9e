// Issue 44 item 13: promises the docs make that no test held (a slip
// planted in each was caught by nothing). Each test here fails on such a
// slip.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// A column of a horizontal list: five points wide, as tall as the list.
private final class ColumnController: ListCellController<FocusRowVM, ListViewStateNone, FocusRowCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: 5, height: containerSize.height)
  }
  override func configureCell(cell: FocusRowCell) {
    cell.text = viewModel.title
  }
}

@MainActor
@Suite("Documented promises no test held")
struct DocumentedPromiseTests {
  func focused(_ screen: ListScreen) -> String? { screen.dataSource.focusedItem?.identifier }

  /// Keys: "A key other than a character ends the type-to-select prefix."
  /// Typed right after ↓, "a" is a prefix of its own (it finds "avocado"
  /// after the focus), not "ba" grown from the "b" before (which "band",
  /// the focus, still fits).
  @Test("after an arrow key the next typed letter starts a new type-to-select prefix")
  func arrowKeyEndsThePrefix() {
    let screen = ListScreen.rows()
    screen.setRoot(rowSection(rows(["apple", "banana", "band", "avocado"])))
    screen.dataSource.typeSelect("b")
    #expect(focused(screen) == "banana")
    screen.pressKey(.down)
    #expect(focused(screen) == "band")
    screen.dataSource.typeSelect("a")
    #expect(focused(screen) == "avocado")
  }

  /// "Page moves go by the viewport's height": along the scroll direction,
  /// the width in a horizontal list, never to its ends.
  @Test("PgUp and PgDn move by a page in a horizontal list")
  func pagesInAHorizontalList() {
    // Twenty points wide, three tall: a page is four columns of five.
    let screen = ListScreen.rows(width: 20, height: 3)
    screen.collectionView.collectionViewLayout.scrollDirection = .horizontal
    screen.setRoot(
      ListSection<FocusRowVM, ColumnController>(rows((0..<40).map { "c\($0)" })))
    screen.dataSource.focusedItem = ListItemID(identifier: "c0")
    screen.pressKey(.pageDown)
    #expect(focused(screen) == "c4", "a page on, not the end")
    screen.pressKey(.pageDown)
    #expect(focused(screen) == "c8")
    screen.pressKey(.pageUp)
    #expect(focused(screen) == "c4")
    screen.dataSource.focusedItem = ListItemID(identifier: "c20")
    screen.pressKey(.pageUp)
    #expect(focused(screen) == "c16", "a page back, not the start")
  }

  /// Outlines: collapsing a row takes its subtree out, and "a focus
  /// inside" moves to the row. Here the outline starts third in the list
  /// and the row collapsed is its second, so positions in the outline and
  /// in the list differ.
  @Test("collapsing an outline row that does not start the list moves a focus inside it to the row")
  func collapseMovesTheFocusToTheRow() {
    let screen = ListScreen(width: 20, height: 10)
    screen.setRoot(
      CompositeSection {
        rowSection(rows(["top1", "top2"]), id: "top")
        outline([.leaf("x"), .folder("A", [.leaf("a1"), .leaf("a2")]), .leaf("B")])
      })
    screen.expand(identifier: "A", sectionPath: ["tree"])
    screen.dataSource.focusedItem = row("a1")
    screen.collapse(identifier: "A", sectionPath: ["tree"])
    #expect(screen.dataSource.focusedItem == row("A"), "not B, the row now where a1 was")
  }
}
