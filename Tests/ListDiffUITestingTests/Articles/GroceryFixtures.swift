// The grocery rows of ListDiffUI's article Getting started
// (Sources/ListDiffUI/ListDiffUI.docc/GettingStarted.md), its first code
// block verbatim (ArticleCodeTests checks it stays so): the articles of
// ListDiffUITesting's catalog test screens made of them.

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
