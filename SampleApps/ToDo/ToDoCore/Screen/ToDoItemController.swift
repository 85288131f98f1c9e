import Foundation
import HeadlessCollection
import ListDiffUI

/// Hears that an item was tapped.
@MainActor
public protocol ToDoItemControllerDelegate: AnyObject {
  /// `controller`'s cell was tapped (`collectionView.selectItem(at:)`).
  func itemControllerWasSelected(_ controller: ToDoItemController)
}

/// Shows one item: one line collapsed; expanded, also its notes and created
/// date. Tapping it asks the delegate to toggle it done.
public final class ToDoItemController:
  ListCellController<ToDoItemViewModel, ToDoItemViewState, ToDoTextCell>, ListCellControllerWithDelegate
{
  /// The screen, which owns the store the tap goes to.
  public typealias DelegateType = any ToDoItemControllerDelegate

  /// The width the list last offered, so the cell's text is wrapped for the
  /// size the cell was given.
  private var width = 80

  /// The cell's lines at `width` columns. O(w + notes).
  public func lines(width: Int) -> [String] {
    ToDoLines.item(
      position: viewModel.position, title: viewModel.title, isDone: viewModel.isDone, notes: viewModel.notes,
      created: viewModel.created, isExpanded: viewState.isExpanded, width: width)
  }

  /// Full width, one point per line. O(w + notes).
  public override func itemSize(containerSize: CGSize) -> CGSize {
    width = Int(containerSize.width)
    return CGSize(width: containerSize.width, height: CGFloat(lines(width: width).count))
  }

  /// Fills the cell with the item's lines. O(w + notes).
  public override func configureCell(cell: ToDoTextCell) {
    let cellWidth = Int(cell.bounds.width)
    cell.lines = lines(width: cellWidth > 0 ? cellWidth : width)
  }

  /// Re-fits the text when the cell's width changed (the screen was
  /// resized). O(w + notes).
  public override func cellDidLayoutSubviews(cell: ToDoTextCell) {
    configureCell(cell: cell)
  }

  /// Tells the delegate the item was tapped. O(1).
  public override func didSelect(cell: ToDoTextCell) {
    delegate?.itemControllerWasSelected(self)
  }
}
