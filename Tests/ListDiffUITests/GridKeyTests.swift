// Issue 44 item 4: a grid's ↑ ↓ as documented — a line up or down, a full
// line's step past the last item landing on the last item, and a grid
// entered from below on its last line, from above on its first.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

@MainActor
@Suite("A grid's arrow keys")
struct GridKeyTests {
  /// The example: a 3-column grid of a, b, c, d between rows
  /// "before" and "after".
  func screen() -> ListScreen {
    let screen = ListScreen.rows(width: 20, height: 8)
    screen.setRoot(
      CompositeSection {
        rowSection(rows(["before"]), id: "before")
        GridSection(id: "g", columns: 3, spacing: 0) { rowSection(rows(["a", "b", "c", "d"])) }
        rowSection(rows(["after"]), id: "after")
      })
    screen.dataSource.focusedItem = ListItemID(identifier: "before", sectionPath: ["before"])
    return screen
  }

  /// The focused item: inside the grid when the grid's row has the focus.
  func focused(_ screen: ListScreen) -> String? {
    guard let focus = screen.dataSource.focusedItem else { return nil }
    guard focus.identifier == "g" else { return focus.identifier }
    let grid = screen.dataSource.inspection.nestedList(at: screen.dataSource.indexPath(forIdentifier: "g")!)
    return grid?.focusedItem?.identifier
  }

  @Test("↓ from c, on the first line, lands on d, the last item, not past the grid")
  func downPastTheLastItemLandsOnIt() {
    let screen = screen()
    screen.pressKey(.down)
    #expect(focused(screen) == "a")
    screen.pressKey(.right)
    screen.pressKey(.right)
    #expect(focused(screen) == "c")
    screen.pressKey(.down)
    #expect(focused(screen) == "d")
    screen.pressKey(.down)
    #expect(focused(screen) == "after", "out of the grid from its last line")
  }

  @Test("↑ into the grid from the row below lands on its last line; ↓ from the row above on its first")
  func enteringTheGrid() {
    let screen = screen()
    screen.dataSource.focusedItem = ListItemID(identifier: "after", sectionPath: ["after"])
    screen.pressKey(.up)
    #expect(focused(screen) == "d", "the last line")
    screen.pressKey(.up)
    #expect(focused(screen) == "a", "a line up, same column")
    screen.pressKey(.up)
    #expect(focused(screen) == "before")
    screen.pressKey(.down)
    #expect(focused(screen) == "a", "the first line")
  }

  @Test("between two grids the column carries over where the line has it")
  func gridToGrid() {
    let screen = ListScreen.rows(width: 20, height: 12)
    screen.setRoot(
      CompositeSection {
        GridSection(id: "top", columns: 3, spacing: 0) { rowSection(rows(["t0", "t1", "t2", "t3", "t4"])) }
        GridSection(id: "bottom", columns: 3, spacing: 0) { rowSection(rows(["b0", "b1", "b2", "b3"])) }
      })
    func focused() -> String? {
      guard let row = screen.dataSource.focusedItem?.identifier else { return nil }
      let grid = screen.dataSource.inspection.nestedList(at: screen.dataSource.indexPath(forIdentifier: row)!)
      return grid?.focusedItem?.identifier
    }
    screen.pressKey(.home)
    screen.pressKey(.right)
    screen.pressKey(.right)
    #expect(focused() == "t2")
    screen.pressKey(.down)
    #expect(focused() == "t4", "a full line's step past the last item: the last item")
    screen.pressKey(.down)
    #expect(focused() == "b1", "the first line, the column t4 was in")
    screen.pressKey(.up)
    #expect(focused() == "t4", "the last line, the same column")
    screen.pressKey(.right)
    screen.pressKey(.up)
    screen.pressKey(.right)
    #expect(focused() == "t2")
    screen.pressKey(.down)
    screen.pressKey(.down)
    #expect(focused() == "b1", "from t4's column (t2's line had no t5)")
  }
}
