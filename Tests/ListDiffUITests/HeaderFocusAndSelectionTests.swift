// Issue 44 item 3: the items of a header, a footer or a placeholder take
// neither focus nor selection by default, pinned or not; a controller that
// says so (an override) wins.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// A title whose controller lets its items take focus and selection
/// wherever they are.
final class ChosenTitleController:
  ListCellController<TitleViewModel, ListViewStateNone, TitleCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: TitleCell) {
    cell.text = viewModel.text
  }
  override var canFocus: Bool { true }
  override var canSelect: Bool { true }
}

private func titles(_ identifiers: [String]) -> Section {
  ListSection<TitleViewModel, TitleController>(identifiers.map { TitleViewModel(identifier: $0, text: $0) })
}

@MainActor
@Suite("Headers, footers and placeholders take neither focus nor selection by default")
struct HeaderFocusAndSelectionTests {
  func focused(_ screen: ListScreen) -> String? { screen.dataSource.focusedItem?.identifier }

  func screen(pinned: Bool, children: [String]) -> ListScreen {
    let screen = ListScreen(width: 20, height: 10)
    screen.dataSource.allowsMultipleSelection = true
    screen.setRoot(
      CompositeSection(
        id: "s", header: titles(["head"]), footer: titles(["foot"]), pinsHeader: pinned,
        placeholder: titles(["none"])
      ) { titles(children) })
    return screen
  }

  @Test("focus moves pass over a header and a footer, pinned or not", arguments: [false, true])
  func focusPassesOver(pinned: Bool) {
    let screen = screen(pinned: pinned, children: ["a", "b"])
    screen.pressKey(.down)
    #expect(focused(screen) == "a", "the first focusable item visible: not the header")
    screen.pressKey(.end)
    #expect(focused(screen) == "b", "not the footer")
    screen.pressKey(.down)
    #expect(focused(screen) == "b")
    screen.pressKey(.home)
    #expect(focused(screen) == "a")
    screen.pressKey(.up)
    #expect(focused(screen) == "a")
    screen.dataSource.focusedItem = ListItemID(identifier: "head", sectionPath: ["s"])
    #expect(focused(screen) == "a", "a header asked for is ignored")
    #expect(screen.diagnostics.last?.kind == .ignoredInteraction)
  }

  @Test("selectAll, select and a tap leave a header and a footer out", arguments: [false, true])
  func selectionLeavesOut(pinned: Bool) {
    let screen = screen(pinned: pinned, children: ["a", "b"])
    screen.dataSource.selectAll()
    #expect(screen.dataSource.selection.map(\.identifier).sorted() == ["a", "b"])
    screen.dataSource.deselectAll()
    screen.dataSource.select(ListItemID(identifier: "foot", sectionPath: ["s"]))
    #expect(screen.dataSource.selection.isEmpty)
    screen.tap(identifier: "head", sectionPath: ["s"])
    #expect(screen.dataSource.selection.isEmpty)
  }

  @Test("a placeholder takes neither: with nothing else, ↓ focuses nothing")
  func placeholder() {
    let screen = screen(pinned: false, children: [])
    #expect(screen.text.hasPrefix("head\nnone\nfoot"))
    screen.pressKey(.down)
    #expect(screen.dataSource.focusedItem == nil)
    screen.dataSource.selectAll()
    #expect(screen.dataSource.selection.isEmpty)
    screen.tap(identifier: "none", sectionPath: ["s"])
    #expect(screen.dataSource.selection.isEmpty)
  }

  @Test("a controller that says so takes both, in a header as anywhere", arguments: [false, true])
  func controllerSaysSo(pinned: Bool) {
    let screen = ListScreen(width: 20, height: 10)
    screen.setRoot(
      CompositeSection(
        id: "s",
        header: ListSection<TitleViewModel, ChosenTitleController>(TitleViewModel(identifier: "head", text: "head")),
        pinsHeader: pinned
      ) { titles(["a"]) })
    screen.pressKey(.home)
    #expect(focused(screen) == "head")
    screen.pressKey(.down)
    #expect(focused(screen) == "a")
    screen.tap(identifier: "head", sectionPath: ["s"])
    #expect(screen.dataSource.selection.map(\.identifier) == ["head"])
  }
}
