import Foundation
import HeadlessCollection
import ListDiffUI

/// The view model of a cell that is not an item: the header, the title over
/// the completed items, the empty list's placeholder and the footer.
public struct ToDoLabelViewModel: ListViewModel, Equatable {
  /// What the label shows.
  public enum Content: Equatable, Sendable {
    /// "3 open · 2 done", the filter and the search text.
    case header(openCount: Int, doneCount: Int, filter: ToDoFilter, search: String)
    /// The title over the completed items.
    case completedTitle(count: Int)
    /// The line saying why the list shows no item (the root's placeholder).
    case placeholder(String)
    /// The list of commands.
    case footer
  }

  /// Unique among the labels of one section.
  public var identifier: String
  /// What the label shows.
  public var content: Content

  /// A label. O(1).
  public init(identifier: String, content: Content) {
    self.identifier = identifier
    self.content = content
  }

  /// The label's lines at `width` columns. O(w).
  public func lines(width: Int) -> [String] {
    switch content {
    case .header(let open, let done, let filter, let search):
      ToDoLines.header(openCount: open, doneCount: done, filter: filter, search: search, width: width)
    case .completedTitle(let count):
      ToDoLines.completedTitle(count: count, width: width)
    case .placeholder(let text):
      ToDoLines.placeholder(text, width: width)
    case .footer:
      ToDoLines.footer(width: width)
    }
  }
}

/// Shows a ``ToDoLabelViewModel``: as tall as its lines, as wide as the list.
/// A label is no item: the focus passes over it and it cannot be selected.
public final class ToDoLabelController:
  ListCellController<ToDoLabelViewModel, ListViewStateNone, ToDoTextCell>
{
  /// No: the focus moves over labels. O(1).
  public override var canFocus: Bool { false }
  /// No: only items are selected. O(1).
  public override var canSelect: Bool { false }

  /// Full width, one point per line. O(w).
  public override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: CGFloat(viewModel.lines(width: Int(containerSize.width)).count))
  }

  /// Fills the cell with the label's lines. O(w).
  public override func configureCell(cell: ToDoTextCell) {
    cell.lines = viewModel.lines(width: Int(cell.bounds.width))
    cell.itemID = nil
  }

  /// Re-fits the text when the cell's width changed (the screen was
  /// resized). O(w).
  public override func cellDidLayoutSubviews(cell: ToDoTextCell) {
    configureCell(cell: cell)
  }
}
