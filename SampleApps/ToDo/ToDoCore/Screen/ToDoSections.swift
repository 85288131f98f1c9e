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
  /// `timeZone`; the commands are listed under the list when
  /// `showsCommands`; `delegate` is handed to every item controller. O(n) in the
  /// shown items.
  public static func root(
    for snapshot: ToDoSnapshot, timeZone: TimeZone, showsCommands: Bool = true, delegate: WeakAnyObject
  ) -> Section {
    root(for: ToDoScreenContent(snapshot, timeZone: timeZone, showsCommands: showsCommands), delegate: delegate)
  }

  /// The root section showing `content`. O(n) in its items.
  public static func root(for content: ToDoScreenContent, delegate: WeakAnyObject) -> Section {
    CompositeSection {
      ListSection<ToDoLabelViewModel, ToDoLabelController>(content.header)
      switch content.open {
      case .placeholder(let label):
        ListSection<ToDoLabelViewModel, ToDoLabelController>(label, id: openID)
      case .items(let items):
        ListSection<ToDoItemViewModel, ToDoItemController>(items, id: openID, delegate: delegate)
      case nil:
        nil
      }
      switch content.completed {
      case .placeholder(let label):
        ListSection<ToDoLabelViewModel, ToDoLabelController>(label, id: completedID)
      case .items(let title, let items):
        CompositeSection(id: completedID) {
          ListSection<ToDoLabelViewModel, ToDoLabelController>(title)
          ListSection<ToDoItemViewModel, ToDoItemController>(items, id: completedItemsID, delegate: delegate)
        }
      case nil:
        nil
      }
      if let footer = content.footer {
        ListSection<ToDoLabelViewModel, ToDoLabelController>(footer)
      }
    }
  }
}
