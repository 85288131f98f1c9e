import Foundation
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
  /// The columns every item's number is right-aligned in: the digits of
  /// the largest number shown, at least 2.
  public var numberColumns: Int
  /// The shortest unique prefix of its id, shown after `@` under `ids on`;
  /// `nil` otherwise.
  public var shortID: String?
  /// Its notes, shown when expanded.
  public var notes: String
  /// When it was created, as shown when expanded.
  public var created: String
  /// Whether it is drawn plain, for a screen reader (see ``ToDoLines``).
  public var isPlain: Bool

  /// The view model of `item` shown as number `position` (aligned in
  /// `numberColumns`), with its date in `timeZone` and `shortID` shown when
  /// given, drawn plain when `plain`. O(1).
  public init(
    item: ToDoItem, position: Int, timeZone: TimeZone, numberColumns: Int = 2, shortID: String? = nil,
    plain: Bool = false
  ) {
    identifier = item.id
    title = item.title
    isDone = item.isDone
    self.position = position
    self.numberColumns = numberColumns
    self.shortID = shortID
    notes = item.notes
    created = ToDoLines.createdText(item.createdAt, timeZone: timeZone)
    isPlain = plain
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
