import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

@MainActor
@Suite("Grids: items a column wide, columns to a line, in lines of their own")
struct GridTests {
  func page(_ count: Int, columns: Int = 3, spacing: CGFloat = 1) -> Section {
    CompositeSection {
      rowSection(rows(["above"]), id: "above")
      GridSection(id: "g", columns: columns, spacing: spacing) {
        rowSection(rows((0..<count).map { "a\($0)" }))
      }
      rowSection(rows(["below"]), id: "below")
    }
  }

  @Test("items go columns to a line, a column wide, spaced; the grid starts and ends on lines of its own")
  func layout() {
    let screen = ListScreen.rows(width: 20, height: 8)
    screen.setRoot(page(7))
    #expect(screen.text == "  above\n  a0     a1     a2\n\n  a3     a4     a5\n\n  a6\n  below\n")
    #expect(screen.dataSource.inspection.itemIdentities.map(\.identifier) == ["above", "g", "below"])
    #expect(screen.lifecycle(of: "a6", sectionPath: ["g"]).contains("didAppear"))
  }

  @Test("resizing the list re-flows the grid")
  func resizing() {
    let screen = ListScreen.rows(width: 12, height: 8)
    screen.setRoot(page(4, spacing: 0))
    #expect(screen.text.split(separator: "\n")[1] == "  a0  a1  a2")
    screen.resize(width: 30, height: 8)
    #expect(screen.text.split(separator: "\n")[1] == "  a0        a1        a2")
    screen.resize(width: 10, height: 8)
    #expect(screen.text.split(separator: "\n")[1] == "  a  a  a", "three columns of three, one left over")
  }

  @Test("its items appear and disappear with the part of the grid the list shows; taps reach any of them")
  func partlyShown() {
    let screen = ListScreen.rows(width: 20, height: 4)
    screen.setRoot(page(30, spacing: 0))
    #expect(!screen.text.contains("a9"))
    #expect(screen.lifecycle(of: "a9", sectionPath: ["g"]).isEmpty, "below the viewport: never displayed")
    screen.scroll(by: 3)
    #expect(screen.text.hasPrefix("  a6    a7    a8"))
    #expect(screen.lifecycle(of: "a0", sectionPath: ["g"]).contains("willDisappear"))
    screen.tap(identifier: "a25", sectionPath: ["g"])
    #expect(screen.lifecycle(of: "a25", sectionPath: ["g"]).contains("didSelect"))
    #expect(screen.text.contains("a25"))
    screen.scroll(toIdentifier: "a12", sectionPath: ["g"])
    #expect(screen.text.hasPrefix("  a12   a13   a14"))
  }

  @Test("a pinned header above a grid stays over it")
  func pinnedHeader() {
    let screen = ListScreen.rows(width: 20, height: 4)
    screen.setRoot(
      CompositeSection(id: "s", header: rowSection(rows(["Photos"])), pinsHeader: true) {
        GridSection(id: "g", columns: 2, spacing: 0) { rowSection(rows((0..<20).map { "a\($0)" })) }
      })
    screen.scroll(by: 5)
    #expect(screen.text.hasPrefix("  Photos\n"))
    #expect(screen.text.contains("a10"))
  }

  @Test("← → move the focus along a focused grid, ↑ ↓ a line, out of it at its ends")
  func keys() {
    let screen = ListScreen.rows(width: 20, height: 8)
    screen.setRoot(page(7))
    screen.pressKey(.down)
    screen.pressKey(.down)
    #expect(screen.text.split(separator: "\n")[1].hasPrefix("> a0"))
    screen.pressKey(.right)
    screen.pressKey(.down)
    #expect(screen.text.split(separator: "\n")[2].contains("> a4"))
    // a4's line has a line below, without a4's column: the step lands on
    // the last item (issue 44 item 4; it used to leave the grid).
    screen.pressKey(.down)
    #expect(screen.text.contains("> a6"))
    screen.pressKey(.down)
    #expect(screen.dataSource.focusedItem == ListItemID(identifier: "below", sectionPath: ["below"]))
    #expect(!screen.text.contains("> a"))
    screen.pressKey(.up)
    #expect(screen.dataSource.focusedItem == ListItemID(identifier: "g", sectionPath: ["g"]))
    #expect(screen.text.contains("> a6"), "into the grid from below: its last line")
  }

  @Test("columns below 1 and a bad spacing are reported and replaced")
  func badInput() {
    for columns in [0, -2] {
      let screen = ListScreen.rows(width: 20, height: 8)
      screen.expectWarnings(.invalidGeometry) { screen.setRoot(page(2, columns: columns)) }
      #expect(screen.text.hasPrefix("  above\n  a0\n\n  a1\n"))
    }
    let screen = ListScreen.rows(width: 20, height: 8)
    screen.expectWarnings(.invalidGeometry) { screen.setRoot(page(2, spacing: -.infinity)) }
    #expect(screen.text.hasPrefix("  above\n  a0    a1\n"))
  }
}
