import Foundation
import ListDiffUI

/// The to-do screen's content as sections: a pure function of a snapshot.
///
/// ```
/// CompositeSection            (the root; its header pins)
///   header                    "3 open · 2 done      showing all"
///   ListSection "open"        the open items
///   CompositeSection "completed"   (its header pins below the root's)
///     header                  "── completed (2) ──"
///     ListSection "items"     the completed items
///   placeholder               "nothing to do — a adds an item", while
///                             neither section has an item
///   footer                    the commands
/// ```
///
/// Both headers are pinned (`pinsHeader: true`): the counts line stays at
/// the top of the viewport at every scroll position, and the completed
/// title stays under it while any completed item is in view. They are
/// items like the others, so a count that changes updates the header's
/// controller in place, in the same batch as the items that changed it.
/// The root's `placeholder:` says why the list is empty (no items, no
/// match for the search, nothing under the filter): the data source shows
/// it exactly while the sections of items are empty.
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
  /// `showsCommands`; every cell is drawn plain for a screen reader when
  /// `plain`; `delegate` is handed to every item controller. O(n) in the
  /// shown items.
  public static func root(
    for snapshot: ToDoSnapshot, timeZone: TimeZone, showsCommands: Bool = true, plain: Bool = false,
    delegate: WeakAnyObject
  ) -> Section {
    root(
      for: ToDoScreenContent(snapshot, timeZone: timeZone, showsCommands: showsCommands, plain: plain),
      delegate: delegate)
  }

  /// The root section showing `content`. O(n) in its items.
  public static func root(for content: ToDoScreenContent, delegate: WeakAnyObject) -> Section {
    // The counts line is the root's pinned header: every item is in the
    // root, so it stays at the top of the viewport wherever it scrolls.
    CompositeSection(
      header: ListSection<ToDoLabelViewModel, ToDoLabelController>(content.header),
      footer: content.footer.map { ListSection<ToDoLabelViewModel, ToDoLabelController>($0) },
      pinsHeader: true, placeholder: ListSection<ToDoLabelViewModel, ToDoLabelController>(content.placeholder)
    ) {
      ListSection<ToDoItemViewModel, ToDoItemController>(content.open, id: openID, delegate: delegate)
      if !content.completed.isEmpty {
        // Pinned below the counts while any completed item is in view.
        let title = ToDoLabelViewModel(
          identifier: "title", content: .completedTitle(count: content.completed.count), plain: content.isPlain)
        CompositeSection(
          id: completedID, header: ListSection<ToDoLabelViewModel, ToDoLabelController>(title), pinsHeader: true
        ) {
          ListSection<ToDoItemViewModel, ToDoItemController>(
            content.completed, id: completedItemsID, delegate: delegate)
        }
      }
    }
  }
}
