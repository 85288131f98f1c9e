import Foundation
import ListDiffUI

/// The to-do screen's content as sections: a pure function of a snapshot.
///
/// ```
/// header                      "3 open · 2 done      showing all"
/// ListSection "open"          the open items (or a placeholder)
/// CompositeSection "completed"
///   title                     "── completed (2) ──"
///   ListSection "items"       the completed items
/// footer                      the commands
/// ```
///
/// The open and completed sections have explicit ids, so their items keep
/// their identities (and controllers, and expanded state) when the filter
/// adds or removes the sections around them. An item's identity is scoped
/// by its section, so completing an item removes it from "open" and inserts
/// it into "completed".
public enum ToDoSections {
  /// The explicit id of the open items' section.
  public static let openID = "open"
  /// The explicit id of the nested section of completed items.
  public static let completedID = "completed"
  /// The explicit id of the completed items' list inside it.
  public static let completedItemsID = "items"

  /// The root section for `snapshot`. Items' created dates are shown in
  /// `timeZone`; `delegate` is handed to every item controller. O(n) in the
  /// shown items.
  public static func root(for snapshot: ToDoSnapshot, timeZone: TimeZone, delegate: WeakAnyObject) -> Section {
    // Numbers run through both sections in screen order, as commands use them.
    let viewModels = snapshot.shownItems.enumerated().map { offset, item in
      ToDoItemViewModel(item: item, position: offset + 1, timeZone: timeZone)
    }
    let open = viewModels.prefix { !$0.isDone }
    let done = viewModels[open.count...]

    let header = ToDoLabelViewModel(
      identifier: "header",
      content: .header(openCount: snapshot.openCount, doneCount: snapshot.doneCount, filter: snapshot.filter))

    return CompositeSection {
      ListSection<ToDoLabelViewModel, ToDoLabelController>(header)
      if snapshot.filter.shows(isDone: false) {
        if open.isEmpty {
          label("empty", .placeholder(snapshot.items.isEmpty ? "nothing to do — add TEXT adds an item" : "nothing open"),
                id: openID)
        } else {
          ListSection<ToDoItemViewModel, ToDoItemController>(Array(open), id: openID, delegate: delegate)
        }
      }
      if snapshot.filter == .done && done.isEmpty {
        label("empty", .placeholder("nothing completed yet"), id: completedID)
      } else if snapshot.filter.shows(isDone: true) && !done.isEmpty {
        CompositeSection(id: completedID) {
          label("title", .completedTitle(count: done.count))
          ListSection<ToDoItemViewModel, ToDoItemController>(Array(done), id: completedItemsID, delegate: delegate)
        }
      }
      label("footer", .footer)
    }
  }

  private static func label(_ identifier: String, _ content: ToDoLabelViewModel.Content, id: String? = nil) -> Section {
    ListSection<ToDoLabelViewModel, ToDoLabelController>(
      ToDoLabelViewModel(identifier: identifier, content: content), id: id)
  }
}
