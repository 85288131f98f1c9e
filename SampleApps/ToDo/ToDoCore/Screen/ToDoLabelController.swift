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
  /// Whether it is drawn plain, for a screen reader (see ``ToDoLines``).
  public var isPlain: Bool

  /// A label, drawn plain when `plain`. O(1).
  public init(identifier: String, content: Content, plain: Bool = false) {
    self.identifier = identifier
    self.content = content
    isPlain = plain
  }

  /// The label's lines at `width` columns. O(w).
  public func lines(width: Int) -> [String] {
    switch content {
    case .header(let open, let done, let filter, let search):
      ToDoLines.header(openCount: open, doneCount: done, filter: filter, search: search, width: width, plain: isPlain)
    case .completedTitle(let count):
      ToDoLines.completedTitle(count: count, width: width, plain: isPlain)
    case .placeholder(let text):
      ToDoLines.placeholder(text, width: width)
    case .footer:
      ToDoLines.footer(width: width, plain: isPlain)
    }
  }

  /// What VoiceOver calls it: the header's counts as a sentence ("3 open,
  /// 2 done, showing all"), "completed, 2 items", the placeholder's text,
  /// "commands: add TEXT, …" — never a rule. O(1).
  public var accessibilityLabel: String {
    switch content {
    case .header(let open, let done, let filter, let search):
      ToDoLines.headerSentence(openCount: open, doneCount: done, filter: filter, search: search)
    case .completedTitle(let count): "completed, \(count) \(count == 1 ? "item" : "items")"
    case .placeholder(let text): text
    case .footer: ToDoLines.commandsSentence
    }
  }
}

/// Shows a ``ToDoLabelViewModel``: as tall as its lines, as wide as the list.
/// A label is no item: the focus passes over it and it cannot be selected.
/// VoiceOver reads it by its ``ToDoLabelViewModel/accessibilityLabel``;
/// the counts and the completed title, section headers, are its headings.
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

  /// Fills the cell with the label's lines and what VoiceOver reads of
  /// it: the label, and no value or hint (the cell may have shown an item
  /// with them: its controller sets all it reads). O(w).
  public override func configureCell(cell: ToDoTextCell) {
    cell.lines = viewModel.lines(width: Int(cell.bounds.width))
    cell.itemID = nil
    cell.accessibilityLabel = viewModel.accessibilityLabel
    cell.accessibilityValue = nil
    cell.accessibilityHint = nil
  }

  /// Re-fits the text when the cell's width changed (the screen was
  /// resized). O(w).
  public override func cellDidLayoutSubviews(cell: ToDoTextCell) {
    configureCell(cell: cell)
  }
}
