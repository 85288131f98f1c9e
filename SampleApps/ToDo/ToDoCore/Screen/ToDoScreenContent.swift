import Foundation

/// What the to-do screen shows for one snapshot, as view models grouped the
/// way the sections nest: the description ``ToDoSections`` makes the root
/// section from.
public struct ToDoScreenContent: Equatable, Sendable {
  /// The open part of the list.
  public enum OpenPart: Equatable, Sendable {
    /// A line saying there is nothing open.
    case placeholder(ToDoLabelViewModel)
    /// The open items, numbered from 1.
    case items([ToDoItemViewModel])
  }

  /// The completed part of the list.
  public enum CompletedPart: Equatable, Sendable {
    /// A line saying nothing is completed (only under `filter done`).
    case placeholder(ToDoLabelViewModel)
    /// A title, then the completed items, numbered after the open ones.
    case items(title: ToDoLabelViewModel, items: [ToDoItemViewModel])
  }

  /// Counts and filter.
  public var header: ToDoLabelViewModel
  /// The open items; `nil` when the filter hides them.
  public var open: OpenPart?
  /// The completed items; `nil` when the filter hides them or, under
  /// `filter all`, when there are none.
  public var completed: CompletedPart?
  /// The commands; `nil` on the full screen, whose keys are listed in its
  /// own footer line.
  public var footer: ToDoLabelViewModel?

  /// The content for `snapshot`, with dates shown in `timeZone` and the
  /// commands under the list when `showsCommands`. O(n) in the shown items.
  public init(_ snapshot: ToDoSnapshot, timeZone: TimeZone, showsCommands: Bool = true) {
    // Numbers run through both parts in screen order, as commands use them.
    let numberColumns = max(2, String(snapshot.shownItems.count).count)
    let shortIDs = snapshot.showsIDs ? snapshot.shortIDs() : [:]
    let viewModels = snapshot.shownItems.enumerated().map { offset, item in
      ToDoItemViewModel(
        item: item, position: offset + 1, timeZone: timeZone, numberColumns: numberColumns, shortID: shortIDs[item.id])
    }
    let openItems = Array(viewModels.prefix { !$0.isDone })
    let doneItems = Array(viewModels[openItems.count...])

    header = ToDoLabelViewModel(
      identifier: "header",
      content: .header(
        openCount: snapshot.openCount, doneCount: snapshot.doneCount, filter: snapshot.filter,
        search: snapshot.search))
    footer = showsCommands ? ToDoLabelViewModel(identifier: "footer", content: .footer) : nil

    if !snapshot.filter.shows(isDone: false) {
      open = nil
    } else if openItems.isEmpty {
      let text =
        snapshot.items.isEmpty
        ? (showsCommands ? "nothing to do — add TEXT adds an item" : "nothing to do — a adds an item")
        : (snapshot.search.isEmpty ? "nothing open" : "nothing open matches '\(snapshot.search)'")
      open = .placeholder(ToDoLabelViewModel(identifier: "empty", content: .placeholder(text)))
    } else {
      open = .items(openItems)
    }

    if snapshot.filter == .done && doneItems.isEmpty {
      completed = .placeholder(ToDoLabelViewModel(identifier: "empty", content: .placeholder("nothing completed yet")))
    } else if snapshot.filter.shows(isDone: true) && !doneItems.isEmpty {
      completed = .items(
        title: ToDoLabelViewModel(identifier: "title", content: .completedTitle(count: doneItems.count)),
        items: doneItems)
    } else {
      completed = nil
    }
  }
}
