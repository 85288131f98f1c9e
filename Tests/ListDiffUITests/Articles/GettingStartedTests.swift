// The article Getting started (Sources/ListDiffUI/ListDiffUI.docc/GettingStarted.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import ListDiffUI  // also brings HeadlessCollection's types

struct Grocery: Sendable {
  var id: String
  var name: String
  var quantity: Int
}

struct GroceryViewModel: ListViewModel, Equatable {
  var identifier: String
  var name: String
  var quantity: Int
}

final class GroceryCell: ListCell {
  var line = ""
  override var textRepresentation: String { line }
}

final class GroceryController:
  ListCellController<GroceryViewModel, ListViewStateNone, GroceryCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: GroceryCell) {
    cell.line = "\(viewModel.quantity) × \(viewModel.name)"
  }
}

import Testing

@MainActor
final class GroceryScreen {
  let collectionView: CollectionView
  // Keep it: the collection view holds its data source weakly.
  let dataSource: ListDiffDataSource

  init(width: CGFloat, height: CGFloat) {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0  // UIKit's default is 10
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: width, height: height),
      collectionViewLayout: layout)
    dataSource = ListDiffDataSource(collectionView: collectionView)
  }

  func show(_ groceries: [Grocery]) {
    dataSource.setRootSection(
      ListSection<Grocery, GroceryController>(
        groceries, id: "groceries"
      ) { grocery in
        GroceryViewModel(
          identifier: grocery.id, name: grocery.name,
          quantity: grocery.quantity)
      })
  }
}

@MainActor
@Test func groceryScreenShowsChanges() {
  let screen = GroceryScreen(width: 20, height: 3)
  screen.show([
    Grocery(id: "1", name: "milk", quantity: 1),
    Grocery(id: "2", name: "eggs", quantity: 6),
  ])
  screen.show([
    Grocery(id: "2", name: "eggs", quantity: 12),
    Grocery(id: "3", name: "bread", quantity: 1),
  ])

  let rows = screen.collectionView.renderText().split(separator: "\n")
    .map { $0.trimmingCharacters(in: .whitespaces) }
  #expect(rows == ["12 × eggs", "1 × bread", ""])
}

@MainActor
@Suite("Article: Getting started")
struct GettingStartedArticleTests {
  @Test func theSecondShowIsOneBatch() {
    let screen = GroceryScreen(width: 20, height: 3)
    var updates: [ListDiffUpdate] = []
    screen.dataSource.updateHandler = { updates.append($0) }
    screen.show([Grocery(id: "1", name: "milk", quantity: 1), Grocery(id: "2", name: "eggs", quantity: 6)])
    screen.show([Grocery(id: "2", name: "eggs", quantity: 12), Grocery(id: "3", name: "bread", quantity: 1)])
    #expect(updates.count == 2)
    #expect(updates.last == ListDiffUpdate(deletes: [0], inserts: [1], updates: [1], oldItemCount: 2, newItemCount: 2))
  }

  /// A data source held by nothing but a local: the collection view shows nothing.
  @Test func aDroppedDataSourceLeavesABlankView() {
    func makeScreen() -> CollectionView {
      let collectionView = ArticleScreen.collectionView(width: 20, height: 3)
      let dataSource = ListDiffDataSource(collectionView: collectionView)
      dataSource.setRootSection(
        ListSection<Grocery, GroceryController>([Grocery(id: "1", name: "milk", quantity: 1)]) {
          GroceryViewModel(identifier: $0.id, name: $0.name, quantity: $0.quantity)
        })
      return collectionView
    }
    let collectionView = makeScreen()
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    #expect(collectionView.dataSource == nil)
    #expect(ArticleScreen.rows(of: collectionView) == ["", "", ""])
  }

  @Test func theDefaultLineSpacingPutsTenLinesBetweenRows() {
    let layout = CollectionViewFlowLayout()
    #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
    #expect(layout.itemSize == CGSize(width: 50, height: 50))
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 12), collectionViewLayout: layout)
    let dataSource = ListDiffDataSource(collectionView: collectionView)
    dataSource.setRootSection(
      ListSection<Grocery, GroceryController>(
        [Grocery(id: "1", name: "milk", quantity: 1), Grocery(id: "2", name: "eggs", quantity: 6)]
      ) { GroceryViewModel(identifier: $0.id, name: $0.name, quantity: $0.quantity) })
    let lines = ArticleScreen.rows(of: collectionView)
    #expect(lines[0] == "1 × milk")
    #expect(lines[1...10].allSatisfy { $0.isEmpty })
    #expect(lines[11] == "6 × eggs")
  }

  @Test func anEstimatedSizeSizesOnlyTheItemsNearTheViewport() {
    let screen = GroceryScreen(width: 20, height: 3)
    screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 20, height: 1)
    screen.show((0..<1_000).map { Grocery(id: "\($0)", name: "egg", quantity: $0) })
    #expect(screen.dataSource.itemCount == 1_000)
    #expect(screen.dataSource.cellControllerCount < 50)
    #expect(ArticleScreen.rows(of: screen.collectionView) == ["0 × egg", "1 × egg", "2 × egg"])
  }

  final class UnsizedController: ListCellController<GroceryViewModel, ListViewStateNone, GroceryCell> {
    var configured = 0
    override func configureCell(cell: GroceryCell) { configured += 1 }
  }

  @Test func aControllerWithoutItemSizeIsInvisible() {
    let screen = GroceryScreen(width: 20, height: 3)
    screen.dataSource.setRootSection(
      ListSection<GroceryViewModel, UnsizedController>(
        GroceryViewModel(identifier: "1", name: "milk", quantity: 1)))
    #expect(screen.collectionView.numberOfItems(inSection: 0) == 1)
    #expect(screen.collectionView.visibleCells.isEmpty)
    let controller = screen.dataSource.cellController(forIdentifier: "1") as? UnsizedController
    #expect(controller?.configured == 0)
    #expect(ArticleScreen.rows(of: screen.collectionView) == ["", "", ""])
  }
}
