import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal
import Testing

/// A row that draws its focus (">") and selection ("*").
private struct Line: ListViewModel, Equatable {
  var identifier: String
}

private final class LineCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

private final class LineController: ListCellController<Line, ListViewStateNone, LineCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: LineCell) {
    cell.text = (isFocused ? ">" : " ") + (isSelected ? "*" : " ") + viewModel.identifier
  }
  override var typeSelectString: String? { viewModel.identifier }
  override func trailingActions() -> [ListItemAction] {
    let id = viewModel.identifier
    let log = context.object(type: ActionLog.self)
    return [
      ListItemAction(title: "Copy") { log?.performed.append("Copy \(id)") },
      ListItemAction(title: "Delete", style: .destructive) {
        log?.performed.append("Delete \(id)")
        log?.delete?(id)
      },
    ]
  }
}

@MainActor
private final class ActionLog {
  var performed: [String] = []
  var delete: ((String) -> Void)?
}

@MainActor
@Suite("The terminal's keys reach the list through the one key map")
struct ListKeysTests {
  @Test("each terminal key's list key")
  func mapping() {
    let expected: [(Key, ListKey?)] = [
      (.up, .up), (.down, .down), (.left, .left), (.right, .right), (.pageUp, .pageUp),
      (.pageDown, .pageDown), (.home, .home), (.end, .end), (.enter, .enter), (.escape, .escape),
      (.character(" "), .space), (.character("é"), .character("é")),
      (.modified(.up, .shift), .shiftUp), (.modified(.down, .shift), .shiftDown),
      (.tab, nil), (.backspace, nil), (.function(5), nil), (.control("c"), nil),
      (.modified(.up, .alt), nil),
    ]
    for (key, listKey) in expected {
      #expect(key.listKey == listKey, "\(key)")
    }
  }

  @Test("arrows, pages, Space, Shift+arrows and typing drive focus and selection; clicks focus")
  func driving() {
    let dataSource = ListDiffDataSource(
      collectionView: CollectionView(
        frame: .zero, collectionViewLayout: {
          let layout = CollectionViewFlowLayout()
          layout.minimumLineSpacing = 0
          return layout
        }()))
    let screen = TerminalScreen(dataSource: dataSource, size: TerminalSize(width: 10, height: 3))
    dataSource.allowsMultipleSelection = true
    dataSource.setRootSection(
      ListSection<Line, LineController>(["ant", "bee", "cat", "dog", "eel"].map(Line.init)))
    #expect(screen.handleListKey(.down))
    #expect(screen.handleListKey(.character(" ")))
    #expect(screen.handleListKey(.modified(.down, .shift)))
    #expect(screen.frame().lines == [" *ant", ">*bee", "  cat"])
    #expect(dataSource.selection.map(\.identifier).sorted() == ["ant", "bee"])
    #expect(dataSource.focusedItem?.identifier == "bee")
    #expect(screen.handleListKey(.character("d")))
    #expect(dataSource.focusedItem?.identifier == "dog")
    #expect(screen.frame().lines.contains("> dog"))
    #expect(screen.handleListKey(.pageUp))
    #expect(dataSource.focusedItem?.identifier == "ant", "a page up from dog: three rows")
    #expect(screen.handleListKey(.backspace) == false)
    screen.apply(.mouse(MouseEvent(.press(.left), column: 2, row: 2)))
    #expect(dataSource.focusedItem?.identifier == "cat")
    #expect(dataSource.selection.map(\.identifier).sorted() == ["ant", "bee", "cat"])
  }

  @Test("the app's command keys and letters no row starts with are the app's: handleListKey returns false")
  func commandKeysAreTheApps() {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let dataSource = ListDiffDataSource(collectionView: CollectionView(frame: .zero, collectionViewLayout: layout))
    let screen = TerminalScreen(dataSource: dataSource, size: TerminalSize(width: 10, height: 4))
    dataSource.setRootSection(ListSection<Line, LineController>(["ant", "quail", "quince"].map(Line.init)))
    #expect(screen.handleListKey(.character("z")) == false, "no row starts with z")
    #expect(dataSource.focusedItem == nil)
    screen.handleListKey(.escape)  // a new prefix: "q", not "zq"
    #expect(screen.handleListKey(.character("q")), "without command keys, q selects by type")
    #expect(dataSource.focusedItem?.identifier == "quail")
    screen.handleListKey(.escape)
    screen.commandKeys = [.character("q"), .character("a")]
    #expect(screen.handleListKey(.character("q")) == false)
    #expect(screen.handleListKey(.character("a")) == false)
    #expect(dataSource.focusedItem?.identifier == "quail", "command keys never reach type-to-select")
    #expect(screen.handleListKey(.character("u")) == false, "no prefix began: no row starts with u")
    #expect(screen.handleListKey(.down))
    #expect(dataSource.focusedItem?.identifier == "quince")
  }

  @Test("Tab opens the focused item's actions below it; ↑↓ Enter perform one after the menu closes; Esc closes")
  func actionMenu() {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let log = ActionLog()
    let dataSource = ListDiffDataSource(
      collectionView: CollectionView(frame: .zero, collectionViewLayout: layout), contextObjects: log)
    let screen = TerminalScreen(dataSource: dataSource, size: TerminalSize(width: 30, height: 8))
    var names = ["ant", "bee", "cat"]
    func show() {
      dataSource.setRootSection(ListSection<Line, LineController>(names.map(Line.init)))
    }
    log.delete = { id in
      // A root set from the handler: the menu is already closed.
      #expect(screen.actionMenu == nil)
      names.removeAll { $0 == id }
      show()
    }
    show()
    #expect(screen.handleListKey(.tab) == false, "nothing is focused: no menu")
    screen.handleListKey(.down)
    screen.handleListKey(.down)
    #expect(screen.handleListKey(.tab))
    #expect(screen.frame().lines == [
      "  ant",
      "> bee",
      "┌─ actions ┐",
      "│› Copy    │",
      "│  Delete !│",
      "└──────────┘",
      "",
      "",
    ])
    #expect(screen.handleListKey(.character("z")), "the open menu takes every key")
    #expect(dataSource.focusedItem?.identifier == "bee")
    screen.handleListKey(.escape)
    #expect(screen.actionMenu == nil)
    screen.handleListKey(.tab)
    screen.handleListKey(.down)
    screen.handleListKey(.enter)
    #expect(log.performed == ["Delete bee"])
    #expect(screen.actionMenu == nil)
    #expect(dataSource.focusedItem?.identifier == "cat", "the focus passes to the row now in its place")
    #expect(screen.frame().lines.prefix(2) == ["  ant", "> cat"])
  }
}
