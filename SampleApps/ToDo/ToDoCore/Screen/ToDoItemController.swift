import Foundation
import HeadlessCollection
import ListDiffUI

/// Hears that an item was tapped, or one of its actions chosen.
@MainActor
public protocol ToDoItemControllerDelegate: AnyObject {
  /// `controller`'s item was selected (`collectionView.selectItem(at:)`).
  func itemControllerWasSelected(_ controller: ToDoItemController)
  /// One of `controller`'s actions (its item's action menu) was chosen.
  func itemController(_ controller: ToDoItemController, didChoose action: ToDoItemAction)
}

/// What a person can do to one item from its action menu: what the full
/// screen's keys do to the focused item.
public enum ToDoItemAction: Hashable, Sendable {
  /// Mark it done, or open again (Space).
  case toggleDone
  /// Edit its title (`e`).
  case editTitle
  /// Edit its notes (`n`).
  case editNotes
  /// Delete it (`d`).
  case delete
}

/// Shows one item: one line collapsed; expanded, its whole title, its notes
/// and created date. Draws the `›` where the data source's focus is (the
/// full screen's highlight) and a `*` on the selected items; tells the
/// delegate when the item is tapped and when one of its actions is chosen.
///
/// VoiceOver reads it as "buy milk, done, 3 of 12": its title is the
/// label, "done" the value of a done item, "has notes" the hint; its
/// actions (Done, Edit title, Edit notes, Delete, and the moves a drag
/// makes) are its custom actions, by the data source.
public final class ToDoItemController:
  ListCellController<ToDoItemViewModel, ToDoItemViewState, ToDoTextCell>, ListCellControllerWithDelegate
{
  /// The screen, which owns the store the tap goes to.
  public typealias DelegateType = any ToDoItemControllerDelegate

  /// The width the list last offered, so the cell's text is wrapped for the
  /// size the cell was given.
  private var width = 80

  /// The cell's lines at `width` columns, with the focus marker when
  /// `isFocused` and the selection's when `isSelected`. O(w + title + notes).
  public func lines(width: Int, isFocused: Bool = false, isSelected: Bool = false) -> [String] {
    ToDoLines.item(
      position: viewModel.position, title: viewModel.title, isDone: viewModel.isDone, notes: viewModel.notes,
      created: viewModel.created, isExpanded: viewState.isExpanded, width: width,
      numberColumns: viewModel.numberColumns, isFocused: isFocused, isSelected: isSelected,
      shortID: viewModel.shortID, plain: viewModel.isPlain)
  }

  /// Every item can be dragged within its section (`J`/`K` drive the
  /// drag); the screen's data source keeps it there. O(1).
  public override var canMove: Bool { true }

  /// Full width, one point per line. O(w + notes).
  public override func itemSize(containerSize: CGSize) -> CGSize {
    width = Int(containerSize.width)
    return CGSize(width: containerSize.width, height: CGFloat(lines(width: width).count))
  }

  /// Fills the cell with the item's lines, marked `›` when the item has
  /// the focus and `*` when it is selected: having read `isFocused` and
  /// `isSelected`, the cell is configured again whenever either changes.
  /// O(w + notes).
  public override func configureCell(cell: ToDoTextCell) {
    let cellWidth = Int(cell.bounds.width)
    cell.lines = lines(width: cellWidth > 0 ? cellWidth : width, isFocused: isFocused, isSelected: isSelected)
    cell.itemID = viewModel.identifier
    cell.accessibilityLabel = viewModel.title
    cell.accessibilityValue = viewModel.isDone ? "done" : nil
    cell.accessibilityHint = viewModel.notes.isEmpty ? nil : "has notes"
  }

  /// Re-fits the text when the cell's width changed (the screen was
  /// resized). O(w + notes).
  public override func cellDidLayoutSubviews(cell: ToDoTextCell) {
    configureCell(cell: cell)
  }

  /// The item's actions, as the full screen's Tab menu lists them: Done
  /// (Reopen for a done item), Edit title, Edit notes and Delete
  /// (destructive). Each tells the delegate which was chosen. O(1).
  public override func trailingActions() -> [ListItemAction] {
    let actions: [(String, ToDoItemAction)] = [
      (viewModel.isDone ? "Reopen" : "Done", .toggleDone), ("Edit title", .editTitle),
      ("Edit notes", .editNotes), ("Delete", .delete),
    ]
    return actions.map { title, action in
      ListItemAction(title: title, style: action == .delete ? .destructive : .normal) { [weak self] in
        guard let self else { return }
        delegate?.itemController(self, didChoose: action)
      }
    }
  }

  /// Tells the delegate the item was tapped. O(1).
  public override func didSelect(cell: ToDoTextCell) {
    delegate?.itemControllerWasSelected(self)
  }
}
