import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

@MainActor
@Suite("Keyboard focus kept by identity")
struct FocusTests {
  var focused: (ListScreen) -> String? = { $0.dataSource.focusedItem?.identifier }

  @Test("up and down skip items that cannot take the focus and stop at the ends")
  func upAndDown() {
    let screen = ListScreen.rows()
    var list = rows(["a", "b", "c", "d"])
    list[1].focusable = false
    screen.setRoot(rowSection(list))
    screen.pressKey(.down)
    #expect(focused(screen) == "a", "without a focus, the first visible item")
    screen.pressKey(.down)
    #expect(focused(screen) == "c")
    screen.pressKey(.down)
    screen.pressKey(.down)
    #expect(focused(screen) == "d", "past the end it stays")
    screen.pressKey(.up)
    screen.pressKey(.up)
    screen.pressKey(.up)
    #expect(focused(screen) == "a")
    screen.pressKey(.end)
    #expect(focused(screen) == "d")
    screen.pressKey(.home)
    #expect(focused(screen) == "a")
    #expect(screen.text.hasPrefix("> a\n"))
  }

  @Test("an empty list takes no focus")
  func emptyList() {
    let screen = ListScreen.rows()
    screen.setRoot(rowSection([]))
    for move in ListFocusMove.allCases { screen.dataSource.moveFocus(move) }
    #expect(screen.dataSource.focusedItem == nil)
  }

  @Test("pinned headers are passed over, and a focused item is shown below them")
  func pinnedHeaders() {
    let screen = ListScreen.rows(height: 4)
    screen.setRoot(
      CompositeSection(
        id: "g", header: rowSection(rows(["header"]), id: "h"), pinsHeader: true,
        [rowSection(rows((0..<10).map { "r\($0)" }), id: "body")]))
    screen.pressKey(.home)
    #expect(focused(screen) == "r0")
    for _ in 0..<6 { screen.pressKey(.down) }
    #expect(focused(screen) == "r6")
    #expect(screen.text == "  header\n  r4\n  r5\n> r6")
    for _ in 0..<5 { screen.pressKey(.up) }
    #expect(focused(screen) == "r1")
    #expect(screen.text == "  header\n> r1\n  r2\n  r3", "below the pinned header, not under it")
  }

  @Test("an item taller than the viewport shows its top")
  func tallItem() {
    let screen = ListScreen.rows(height: 3)
    var list = rows(["a", "tall", "b"])
    list[1].height = 6
    screen.setRoot(rowSection(list))
    screen.pressKey(.home)
    screen.pressKey(.down)
    #expect(focused(screen) == "tall")
    #expect(screen.collectionView.contentOffset.y == 1)
    #expect(screen.text.hasPrefix("> tall"))
  }

  /// Sized at an estimate that fits, the item turns out taller than the
  /// room below the pinned header once the scroll sizes it: its top shows
  /// all the same (the to-do sample's report: an expanded item focused
  /// after a resize showed only its last line).
  @Test("an item estimated to fit but taller than the viewport shows its top", arguments: [false, true])
  func tallEstimatedItem(pinnedHeader: Bool) {
    let screen = ListScreen.rows(height: 4)
    screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 20, height: 1)
    var list = rows((0..<30).map { "r\($0)" })
    list[20].height = 6
    let body = rowSection(list, id: "body")
    screen.setRoot(
      pinnedHeader
        ? CompositeSection(id: "g", header: rowSection(rows(["header"]), id: "h"), pinsHeader: true, [body])
        : CompositeSection(body))
    screen.dataSource.focusedItem = ListItemID(identifier: "r20")
    let lines = screen.text.split(separator: "\n").map(String.init)
    #expect(lines.first == (pinnedHeader ? "  header" : "> r20"))
    if pinnedHeader { #expect(lines.dropFirst().first == "> r20") }
  }

  @Test("page moves go by the viewport and never against their direction", arguments: [false, true])
  func pages(pinnedHeader: Bool) {
    let screen = ListScreen.rows(width: 100, height: 30)
    let body = rowSection(rows((1...40).map { "#\($0)" }), id: "body")
    screen.setRoot(
      pinnedHeader
        ? CompositeSection(id: "g", header: rowSection(rows(["title"]), id: "h"), pinsHeader: true, [body])
        : CompositeSection(body))
    let order = (1...40).map { "#\($0)" }
    func position() -> Int { order.firstIndex(of: focused(screen) ?? "") ?? -1 }
    for start in 0..<40 {
      screen.dataSource.focusedItem = ListItemID(identifier: order[start])
      screen.pressKey(.pageDown)
      let down = position()
      #expect(down > start || (start == 39 && down == 39), "PgDn from #\(start + 1) went to #\(down + 1)")
      if start < 39 {
        #expect(down == min(39, start + (pinnedHeader ? 29 : 30)), "a page is the viewport's rows")
      }
      screen.dataSource.focusedItem = ListItemID(identifier: order[start])
      screen.pressKey(.pageUp)
      let up = position()
      #expect(up < start || (start == 0 && up == 0), "PgUp from #\(start + 1) went to #\(up + 1)")
    }
    // The to-do sample's report: End, PgUp, PgDn.
    screen.pressKey(.end)
    #expect(focused(screen) == "#40")
    screen.pressKey(.pageUp)
    let afterUp = position()
    screen.pressKey(.pageDown)
    #expect(position() > afterUp)
    #expect(screen.text.contains(">"), "the focused row is on screen")
  }

  @Test("a deleted focus passes to the item now in its place, else the one before")
  func deletedFocus() {
    let screen = ListScreen.rows()
    screen.setRoot(rowSection(rows(["a", "b", "c", "d"])))
    screen.dataSource.focusedItem = ListItemID(identifier: "b")
    screen.setRoot(rowSection(rows(["new", "a", "c", "d"])))
    #expect(focused(screen) == "c")
    screen.dataSource.focusedItem = ListItemID(identifier: "d")
    screen.setRoot(rowSection(rows(["new", "a", "c"])))
    #expect(focused(screen) == "c")
    screen.setRoot(rowSection([]))
    #expect(screen.dataSource.focusedItem == nil)
  }

  @Test("focus moves select with selectionFollowsFocus; bad focus requests are notes")
  func followsAndBadInput() {
    let screen = ListScreen.rows()
    var list = rows(["a", "b"])
    list[1].focusable = false
    screen.setRoot(rowSection(list))
    screen.dataSource.selectionFollowsFocus = true
    screen.pressKey(.down)
    #expect(screen.selectedIdentifiers == ["a"])
    screen.dataSource.focusedItem = ListItemID(identifier: "b")
    screen.dataSource.focusedItem = ListItemID(identifier: "zz")
    #expect(focused(screen) == "a")
    let notes = screen.diagnostics.filter { $0.kind == .ignoredInteraction }.map(\.message)
    #expect(notes == [
      "focus(b): its controller's canFocus is false; nothing changed",
      "focus(zz): no such item is shown; nothing changed",
    ])
    screen.dataSource.focusedItem = nil
    #expect(screen.dataSource.focusedItem == nil)
  }

  @Test("Space toggles, Shift+arrows extend, Enter taps")
  func selectionKeys() {
    let screen = ListScreen.rows()
    screen.setRoot(rowSection(rows(["a", "b", "c", "d"])))
    screen.pressKey(.down)
    screen.pressKey(.space)
    #expect(screen.selectedIdentifiers == ["a"])
    screen.pressKey(.space)
    #expect(screen.selectedIdentifiers.isEmpty)
    screen.dataSource.allowsMultipleSelection = true
    screen.pressKey(.shiftDown)
    screen.pressKey(.shiftDown)
    #expect(screen.selectedIdentifiers == ["a", "b", "c"])
    #expect(focused(screen) == "c")
    screen.pressKey(.down)
    screen.pressKey(.enter)
    #expect(screen.selectedIdentifiers == ["a", "b", "c", "d"])
    #expect(screen.lifecycle(of: "d").contains("didSelect"))
    #expect(screen.pressKey(.escape) == false)
    #expect(screen.pressKey(.left) == false)
  }
}

@MainActor
@Suite("Type-to-select")
struct TypeSelectTests {
  @Test("a prefix typed within a second, without case or diacritics, from the focus, wrapping")
  func typeSelect() {
    let screen = ListScreen.rows()
    final class Clock { var now = 0.0 }
    let clock = Clock()
    screen.dataSource.inspection.typeSelectClock = { clock.now }
    screen.setRoot(rowSection(rows(["Anna", "Émile", "Emma", "bob", "Eve"])))
    screen.type("em")
    #expect(screen.dataSource.focusedItem?.identifier == "Émile")
    clock.now += 0.5
    screen.type("m")
    #expect(screen.dataSource.focusedItem?.identifier == "Emma", "the prefix grew to emm")
    clock.now += 2
    screen.type("E")
    #expect(screen.dataSource.focusedItem?.identifier == "Eve", "a new prefix searches after the focus")
    clock.now += 2
    screen.type("e")
    #expect(screen.dataSource.focusedItem?.identifier == "Émile", "and wraps")
    clock.now += 2
    screen.type("B")
    #expect(screen.dataSource.focusedItem?.identifier == "bob")
    clock.now += 2
    screen.type("z")
    #expect(screen.dataSource.focusedItem?.identifier == "bob", "no match: the focus stays")
  }
}

@MainActor
@Suite("Item actions")
struct ItemActionTests {
  @Test("titles by edge; a destructive action that deletes its item leaves the focus on the neighbour")
  func actionsAndDelete() {
    let screen = ListScreen.rows()
    var model = rows(["a", "b", "c"])
    for index in model.indices { model[index].actions = ["Flag", "Delete"] }
    screen.setRoot(rowSection(model))
    #expect(screen.actions(identifier: "b", edge: .trailing) == ["Flag", "Delete"])
    #expect(screen.actions(identifier: "b", edge: .leading).isEmpty)
    screen.dataSource.focusedItem = ListItemID(identifier: "b")
    var rootsApplied = 0
    screen.rowActions.onPerform = { title, identifier in
      guard title == "Delete" else { return }
      model.removeAll { $0.identifier == identifier }
      screen.dataSource.setRootSection(rowSection(model)) { rootsApplied += 1 }
      // A root set inside the handler waits until it returns.
      #expect(rootsApplied == 0)
    }
    screen.performAction("Delete", identifier: "b")
    #expect(rootsApplied == 1)
    #expect(screen.rowActions.performed == ["Delete b"])
    #expect(screen.dataSource.focusedItem?.identifier == "c")
    #expect(screen.dataSource.performAction("Nope", for: ListItemID(identifier: "c")) == false)
    #expect(screen.diagnostics.last?.message == #"performAction("Nope", c): the item offers "Flag", "Delete"; nothing changed"#)
  }
}
