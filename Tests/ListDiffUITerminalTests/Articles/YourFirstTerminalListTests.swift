// The article Your first terminal list
// (Sources/ListDiffUITerminal/ListDiffUITerminal.docc/YourFirstTerminalList.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims. The program itself runs in a pseudo-terminal in
// TerminalScreenEndToEndTests (the FirstTerminalList target is this code).

import Foundation
import ListDiffUI
import ListDiffUITerminal

struct Fruit: ListViewModel, Equatable {
  var identifier: String
}

final class FruitCell: ListCell {
  var name = ""
  override var textRepresentation: String {
    (isSelected ? "› " : "  ") + name
  }
}

final class FruitController:
  ListCellController<Fruit, ListViewStateNone, FruitCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: FruitCell) {
    cell.name = viewModel.identifier
  }
  override var typeSelectString: String? { viewModel.identifier }
}

@MainActor
func showFruits(_ names: [String]) async {
  let screen = TerminalScreen()
  let dataSource = ListDiffDataSource(collectionView: screen.collectionView)
  let section = ListSection<Fruit, FruitController>(names.map(Fruit.init))
  await dataSource.setRootSection(section)
  screen.status = "click a fruit · wheel or ↑↓ scroll · q quits"
  for await event in screen.events {
    switch event {
    case .key(.character("q")), .key(.control("c")): return
    case .key(.up): screen.collectionView.drag(by: CGPoint(x: 0, y: -1))
    case .key(.down): screen.collectionView.drag(by: CGPoint(x: 0, y: 1))
    default: break
    }
    if let picked = screen.collectionView.indexPathsForSelectedItems.first {
      screen.status = "picked \(names[picked.item]) · q quits"
    }
  }
}

@MainActor
func browseFruits(_ names: [String]) async {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  let view = CollectionView(frame: .zero, collectionViewLayout: layout)
  let dataSource = ListDiffDataSource(collectionView: view)
  dataSource.selectionFollowsFocus = true
  let screen = TerminalScreen(dataSource: dataSource)
  screen.commandKeys = [.character("q")]
  await dataSource.setRootSection(
    ListSection<Fruit, FruitController>(names.map(Fruit.init)))
  screen.status = "↑↓ or type a name · q quits"
  for await event in screen.events {
    guard case .key(let key) = event, !screen.handleListKey(key) else {
      continue
    }
    if key == .character("q") || key == .control("c") { return }
  }
}

/// The article's `main.swift`: compiled here, run by the pseudo-terminal
/// tests (it would take the test's standard input).
@MainActor
func runTheArticleProgram() async {
  await showFruits((1...200).map { "fruit \($0)" })
}

import Testing

@MainActor
@Test(.timeLimit(.minutes(20)))
func aClickSelectsTheFruitUnderIt() async {
  let screen = TerminalScreen(size: TerminalSize(width: 20, height: 4))
  let dataSource = ListDiffDataSource(collectionView: screen.collectionView)
  let section = ListSection<Fruit, FruitController>(
    ["apple", "pear", "plum"].map(Fruit.init))
  await dataSource.setRootSection(section)
  screen.apply(.mouse(MouseEvent(.press(.left), column: 3, row: 1)))
  #expect(screen.frame().lines == ["  apple", "› pear", "  plum", ""])
}

@Suite("Your first terminal list: what the article says", .timeLimit(.minutes(20)))
@MainActor
struct YourFirstTerminalListTests {
  /// A screen of `count` fruits, `height` rows, with the article's status line.
  private func fruits(_ count: Int, height: Int) async -> (TerminalScreen, ListDiffDataSource) {
    let screen = TerminalScreen(size: TerminalSize(width: 30, height: height))
    let dataSource = ListDiffDataSource(collectionView: screen.collectionView)
    await dataSource.setRootSection(
      ListSection<Fruit, FruitController>((1...count).map { Fruit(identifier: "fruit \($0)") }))
    screen.status = "status"
    return (screen, dataSource)
  }

  @Test func theWheelScrollsThreeLinesANotchAndStopsAtTheEnds() async {
    let (screen, dataSource) = await fruits(8, height: 5)
    screen.apply(.mouse(MouseEvent(.scrollDown, column: 0, row: 0)))
    #expect(screen.frame().lines == ["  fruit 4", "  fruit 5", "  fruit 6", "  fruit 7", "status"])
    screen.apply(.mouse(MouseEvent(.scrollDown, column: 0, row: 0)))
    // The status line covers the last row; the list stops with its last
    // item just above it.
    #expect(screen.frame().lines == ["  fruit 5", "  fruit 6", "  fruit 7", "  fruit 8", "status"])
    screen.apply(.mouse(MouseEvent(.scrollUp, column: 0, row: 0)))
    screen.apply(.mouse(MouseEvent(.scrollUp, column: 0, row: 0)))
    #expect(screen.frame().lines.first == "  fruit 1")
    withExtendedLifetime(dataSource) {}
  }

  @Test func clicksOnTheStatusLineOrTheOverlaySelectNothing() async {
    let (screen, dataSource) = await fruits(8, height: 5)
    screen.overlay = ["┌ help ┐"]
    screen.apply(.mouse(MouseEvent(.press(.left), column: 2, row: 0)))
    screen.apply(.mouse(MouseEvent(.press(.left), column: 2, row: 4)))
    #expect(screen.collectionView.indexPathsForSelectedItems.isEmpty)
    #expect(screen.frame().lines == ["┌ help ┐", "  fruit 2", "  fruit 3", "  fruit 4", "status"])
    screen.apply(.mouse(MouseEvent(.press(.left), column: 2, row: 2)))
    #expect(screen.collectionView.indexPathsForSelectedItems == [IndexPath(item: 2, section: 0)])
    withExtendedLifetime(dataSource) {}
  }

  @Test func aResizeLaysTheListOutAtTheNewSize() async {
    let (screen, dataSource) = await fruits(8, height: 5)
    screen.apply(.resize(TerminalSize(width: 12, height: 3)))
    #expect(screen.collectionView.frame.size == CGSize(width: 12, height: 3))
    #expect(screen.frame().lines == ["  fruit 1", "  fruit 2", "status"])
    screen.minimumSize = TerminalSize(width: 20, height: 3)
    // "enlarge to 20×3" is 15 columns: on two lines in 12.
    #expect(screen.frame().lines == ["enlarge to", "20×3", ""])
    screen.resize(to: TerminalSize(width: 5, height: 1))
    #expect(screen.frame().lines == ["20×3"])
    screen.resize(to: TerminalSize(width: 3, height: 1))
    #expect(screen.frame().lines == ["20…"])
    withExtendedLifetime(dataSource) {}
  }
}
