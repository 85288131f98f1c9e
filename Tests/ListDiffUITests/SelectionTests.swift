import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

@MainActor
@Suite("Selection kept by identity")
struct SelectionTests {
  @Test("a selected item stays selected through inserts above, moves, other sections and reloads")
  func survivesEveryRootAndReload() {
    let screen = ListScreen.rows()
    screen.setRoot(CompositeSection(rowSection(rows(["a", "b", "c"]), id: "one"), rowSection(rows(["x"]), id: "two")))
    screen.select(identifier: "b")
    #expect(screen.dataSource.selection == [ListItemID(identifier: "b", sectionPath: ["one"])])
    screen.setRoot(
      CompositeSection(
        rowSection(rows(["new", "c", "a", "b"]), id: "one"), rowSection(rows(["y", "x"]), id: "two")))
    #expect(screen.selectedIdentifiers == ["b"])
    #expect(screen.collectionSelection == ["b"])
    screen.collectionView.reloadData()
    screen.collectionView.layoutIfNeeded()
    #expect(screen.selectedIdentifiers == ["b"])
    #expect(screen.collectionSelection == ["b"], "the collection view's selection mirrors it after a reload")
    #expect(screen.text.contains(" *b"))
  }

  @Test("a deselection in code, as UIKit apps make in didSelect, leaves the selection; a reload does not bring it back")
  func programmaticDeselection() {
    let screen = ListScreen.rows()
    screen.setRoot(rowSection(rows(["a", "b"])))
    screen.tap(identifier: "a")
    #expect(screen.selectedIdentifiers == ["a"])
    screen.collectionView.deselectItem(at: IndexPath(item: 0, section: 0))
    #expect(screen.dataSource.selection.isEmpty)
    screen.collectionView.reloadData()
    screen.collectionView.layoutIfNeeded()
    #expect(screen.collectionSelection.isEmpty)
    #expect(screen.text.hasPrefix("  a\n  b"))
  }

  @Test("an item deleted and inserted again under its identity stays selected, also when the focus goes in the same root")
  func reinsertedUnderItsIdentity() {
    let screen = ListScreen.rows()
    // Anonymous sections are scoped by position: one put before them moves
    // "x" to another scope with the same names, a delete and an insert.
    screen.setRoot(CompositeSection(rowSection(rows(["f"])), rowSection(rows(["x"]))))
    screen.dataSource.focusedItem = ListItemID(identifier: "f")
    screen.select(identifier: "x")
    screen.setRoot(CompositeSection(rowSection(rows(["new"])), rowSection([]), rowSection(rows(["x"]))))
    #expect(screen.selectedIdentifiers == ["x"])
    #expect(screen.collectionSelection == ["x"])
    #expect(screen.dataSource.focusedItem?.identifier == "x", "the focus passes on to x, shown again")
    #expect(screen.updates.last?.deletes.count == 2)
  }

  @Test("a deleted item leaves the selection, and the handler hears so once")
  func deletedItemsLeave() {
    let screen = ListScreen.rows()
    screen.dataSource.allowsMultipleSelection = true
    screen.setRoot(rowSection(rows(["a", "b", "c"])))
    screen.select(identifier: "a")
    screen.select(identifier: "c")
    var heard: [Set<ListItemID>] = []
    screen.dataSource.selectionHandler = { heard.append($0) }
    screen.setRoot(rowSection(rows(["b", "c"])))
    #expect(screen.selectedIdentifiers == ["c"])
    #expect(heard == [[ListItemID(identifier: "c")]])
    #expect(screen.collectionSelection == ["c"])
  }

  @Test("an item whose section is reordered keeps its selection; one moved to another section loses it")
  func sectionsReordered() {
    let screen = ListScreen.rows()
    screen.setRoot(CompositeSection(rowSection(rows(["a"]), id: "s1"), rowSection(rows(["b"]), id: "s2")))
    screen.select(identifier: "b")
    screen.setRoot(CompositeSection(rowSection(rows(["b"]), id: "s2"), rowSection(rows(["a"]), id: "s1")))
    #expect(screen.dataSource.selection == [ListItemID(identifier: "b", sectionPath: ["s2"])])
    #expect(screen.collectionSelection == ["b"])
    // Another section is another identity: the root deleted the item.
    screen.setRoot(CompositeSection(rowSection(rows(["a", "b"]), id: "s1")))
    #expect(screen.dataSource.selection.isEmpty)
    #expect(screen.collectionSelection.isEmpty)
  }

  @Test("single selection replaces, multiple adds; a tap toggles only with multiple selection")
  func singleAndMultiple() {
    let screen = ListScreen.rows()
    screen.setRoot(rowSection(rows(["a", "b", "c"])))
    var heard = 0
    screen.dataSource.selectionHandler = { _ in heard += 1 }
    screen.tap(identifier: "a")
    screen.tap(identifier: "b")
    #expect(screen.selectedIdentifiers == ["b"])
    #expect(heard == 2, "one change per tap, the deselection of the other included")
    screen.tap(identifier: "b")
    #expect(screen.selectedIdentifiers == ["b"], "a tap keeps a selected item selected")
    screen.dataSource.allowsMultipleSelection = true
    screen.tap(identifier: "c")
    #expect(screen.selectedIdentifiers == ["b", "c"])
    screen.tap(identifier: "b")
    #expect(screen.selectedIdentifiers == ["c"])
    #expect(screen.collectionSelection == ["c"])
  }

  @Test("selectAll selects what can be selected, and needs multiple selection")
  func selectAll() {
    let screen = ListScreen.rows()
    var list = rows(["a", "b", "c"])
    list[1].selectable = false
    screen.setRoot(rowSection(list))
    screen.dataSource.selectAll()
    #expect(screen.dataSource.selection.isEmpty)
    #expect(screen.diagnostics.last?.kind == .ignoredInteraction)
    #expect(screen.diagnostics.last?.severity == .note)
    #expect(screen.diagnostics.last?.message.contains("allowsMultipleSelection is off") == true)
    screen.dataSource.allowsMultipleSelection = true
    screen.dataSource.selectAll()
    #expect(screen.selectedIdentifiers == ["a", "c"])
    screen.dataSource.deselectAll()
    #expect(screen.dataSource.selection.isEmpty)
    #expect(screen.collectionSelection.isEmpty)
  }

  @Test("bad requests are ignored with a note and change nothing")
  func badRequests() {
    let screen = ListScreen.rows()
    var list = rows(["a", "b"])
    list[1].selectable = false
    screen.setRoot(rowSection(list, id: "s"))
    screen.dataSource.select(ListItemID(identifier: "a"))
    screen.dataSource.select(ListItemID(identifier: "nope"))
    screen.dataSource.select(ListItemID(identifier: "b"))
    screen.dataSource.deselect(ListItemID(identifier: "ghost"))
    #expect(screen.selectedIdentifiers == ["a"])
    let notes = screen.diagnostics.filter { $0.kind == .ignoredInteraction }
    #expect(notes.map(\.message) == [
      "select(nope): no such item is shown; nothing changed",
      "select(s/b): its controller's canSelect is false; nothing changed",
      "deselect(ghost): no such item is shown; nothing changed",
    ])
    #expect(notes.allSatisfy { $0.severity == .note })
    screen.tap(identifier: "b")
    #expect(screen.selectedIdentifiers == ["a"], "a tap on an item that cannot be selected changes nothing")
    screen.dataSource.allowsSelection = false
    screen.dataSource.select(ListItemID(identifier: "a", sectionPath: ["s"]))
    #expect(screen.diagnostics.last?.message.contains("allowsSelection is off") == true)
  }

  @Test("the controllers hear their selection change and their cells show it")
  func controllersHear() {
    let screen = ListScreen.rows()
    screen.setRoot(rowSection(rows(["a", "b"])))
    screen.select(identifier: "a")
    screen.select(identifier: "b")
    let a = screen.dataSource.cellController(forIdentifier: "a") as? FocusRowController
    let b = screen.dataSource.cellController(forIdentifier: "b") as? FocusRowController
    #expect(a?.selectionChanges == 2)
    #expect(b?.selectionChanges == 1)
    #expect(a?.isSelected == false)
    #expect(b?.isSelected == true)
    #expect(screen.text == "  a\n *b\n" + String(repeating: "\n", count: 7))
  }

  @Test("a selected item dragged into another section stays selected there")
  func dragIntoAnotherSection() {
    let screen = ListScreen.rows()
    screen.dataSource.allowsMovingBetweenSections = true
    final class Movable: ListCellController<FocusRowVM, ListViewStateNone, FocusRowCell> {
      override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
      override func configureCell(cell: FocusRowCell) { cell.text = viewModel.title }
      override var canMove: Bool { true }
    }
    screen.setRoot(
      CompositeSection(
        ListSection<FocusRowVM, Movable>(rows(["a", "b"]), id: "s1"),
        ListSection<FocusRowVM, Movable>(rows(["c"]), id: "s2")))
    screen.select(identifier: "a")
    #expect(screen.move(identifier: "a", sectionPath: ["s1"], toIndex: 1, inSection: ["s2"]))
    #expect(screen.dataSource.selection == [ListItemID(identifier: "a", sectionPath: ["s2"])])
    #expect(screen.collectionSelection == ["a"])
  }
}
