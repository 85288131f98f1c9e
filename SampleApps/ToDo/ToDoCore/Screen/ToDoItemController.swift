import Foundation
import HeadlessCollection
import ListDiffUI

/// The view model of one to-do item as the screen shows it.
///
/// Everything the cell draws is here, already formatted (the created date
/// is text), so that equality says exactly whether the cell must change.
/// `position` is the number shown beside the item, which is why adding an
/// item above others updates them too.
public struct ToDoItemViewModel: ListViewModel, Equatable {
  /// The item's id: its identity for as long as it stays in its section.
  public var identifier: String
  /// The item's title.
  public var title: String
  /// Whether it is done.
  public var isDone: Bool
  /// The number shown beside it, which commands use to name it.
  public var position: Int
  /// Its notes, shown when expanded.
  public var notes: String
  /// When it was created, as shown when expanded.
  public var created: String

  /// The view model of `item` shown as number `position`, with its date in
  /// `timeZone`. O(1).
  public init(item: ToDoItem, position: Int, timeZone: TimeZone) {
    identifier = item.id
    title = item.title
    isDone = item.isDone
    self.position = position
    notes = item.notes
    created = ToDoLines.createdText(item.createdAt, timeZone: timeZone)
  }
}

/// What one item's cell remembers while it exists: whether it is expanded.
///
/// It lives in the item's controller, so it survives scrolling and cell
/// reuse, and is forgotten when the item leaves its section.
public struct ToDoItemViewState: ListViewState, Equatable {
  /// Whether the notes and created date are shown.
  public var isExpanded: Bool

  /// Collapsed. O(1).
  public init() { isExpanded = false }

  /// The given state. O(1).
  public init(isExpanded: Bool) { self.isExpanded = isExpanded }
}

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
