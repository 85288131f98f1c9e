import Foundation

/// What the to-do screen shows for one snapshot, as view models grouped the
/// way the sections nest: the description ``ToDoSections`` makes the root
/// section from.
public struct ToDoScreenContent: Equatable, Sendable {
  /// Counts and filter.
  public var header: ToDoLabelViewModel
  /// The open items shown, numbered from 1 (none when the filter hides them).
  public var open: [ToDoItemViewModel]
  /// The completed items shown, numbered after the open ones (none when the
  /// filter hides them).
  public var completed: [ToDoItemViewModel]
  /// The line the list shows while it shows no item: why it is empty (no
  /// items, no match for the search, nothing under the filter) and what
  /// to do about it.
  public var placeholder: ToDoLabelViewModel
  /// The commands; `nil` on the full screen, whose keys are listed in its
  /// own footer line.
  public var footer: ToDoLabelViewModel?
  /// Whether every cell is drawn plain, for a screen reader.
  public var isPlain: Bool

  /// The content for `snapshot`, with dates shown in `timeZone` and the
  /// commands under the list when `showsCommands`, every cell drawn plain
  /// for a screen reader when `plain`. O(n) in the shown items.
  public init(_ snapshot: ToDoSnapshot, timeZone: TimeZone, showsCommands: Bool = true, plain: Bool = false) {
    isPlain = plain
    // Numbers run through both parts in screen order, as commands use them.
    let numberColumns = max(2, String(snapshot.shownItems.count).count)
    let shortIDs = snapshot.showsIDs ? snapshot.shortIDs() : [:]
    let viewModels = snapshot.shownItems.enumerated().map { offset, item in
      ToDoItemViewModel(
        item: item, position: offset + 1, timeZone: timeZone, numberColumns: numberColumns, shortID: shortIDs[item.id],
        plain: plain)
    }
    open = Array(viewModels.prefix { !$0.isDone })
    completed = Array(viewModels[open.count...])
    header = ToDoLabelViewModel(
      identifier: "header",
      content: .header(
        openCount: snapshot.openCount, doneCount: snapshot.doneCount, filter: snapshot.filter,
        search: snapshot.search), plain: plain)
    footer = showsCommands ? ToDoLabelViewModel(identifier: "footer", content: .footer, plain: plain) : nil
    let text =
      if snapshot.items.isEmpty {
        showsCommands ? "nothing to do — add TEXT adds an item" : "nothing to do — a adds an item"
      } else if !snapshot.search.isEmpty {
        "no matches for '\(snapshot.search)' — " + (showsCommands ? "search alone shows all" : "/ changes the search")
      } else {
        snapshot.filter == .done ? "nothing completed yet" : "nothing open"
      }
    placeholder = ToDoLabelViewModel(identifier: "empty", content: .placeholder(text), plain: plain)
  }
}
