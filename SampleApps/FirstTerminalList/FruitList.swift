// The program of the article "Your first terminal list"
// (Sources/ListDiffUITerminal/ListDiffUITerminal.docc/YourFirstTerminalList.md),
// run by ListDiffUITerminalTests in a pseudo-terminal.

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
