/// One line typed at the `todo>` prompt, parsed.
///
/// Items are named by the number shown on screen or by their stable id
/// (`@3f2a`, shown by `ids on`); either is checked against the list when
/// the command runs, not when it is parsed.
public enum ToDoCommand: Equatable, Sendable {
  /// `add TEXT`: a new open item.
  case add(title: String)
  /// `done N`: complete an item.
  case done(ToDoItemReference)
  /// `reopen N`: mark a completed item open again.
  case reopen(ToDoItemReference)
  /// `undo`: put back the list as it was before the last change (again for
  /// earlier ones), as `u` does full screen.
  case undo
  /// `search [TEXT]`: show only the items whose title contains the text;
  /// no text shows them all again.
  case search(String)
  /// `edit N TEXT`: retitle an item.
  case edit(ToDoItemReference, title: String)
  /// `note N [TEXT]`: set an item's notes; no text clears them.
  case note(ToDoItemReference, text: String)
  /// `rm N`: delete an item.
  case remove(ToDoItemReference)
  /// `mv N M`: move item N to position M within its section.
  case move(from: ToDoItemReference, to: Int)
  /// `expand N`: show an item's notes and created date.
  case expand(ToDoItemReference)
  /// `collapse N`: hide them again.
  case collapse(ToDoItemReference)
  /// `clear-completed`: delete every completed item.
  case clearCompleted
  /// `filter all|open|done`: choose which items are shown.
  case filter(ToDoFilter)
  /// `scroll up|down|top|bottom`: move the viewport.
  case scroll(ScrollDirection)
  /// `select N`: tap an item, which toggles it done or open.
  case select(ToDoItemReference)
  /// `diff on|off`: print the batch update applied by each change.
  case showDiffs(Bool)
  /// `ids on|off`: show each item's stable id, which commands accept as
  /// `@id` in place of its number.
  case showIDs(Bool)
  /// `help`: list the commands.
  case help
  /// `quit`: leave the app.
  case quit

  /// Where `scroll` moves the viewport.
  public enum ScrollDirection: String, Sendable, CaseIterable {
    /// Up by one screen less one line.
    case up
    /// Down by one screen less one line.
    case down
    /// To the start of the list.
    case top
    /// To the end of the list.
    case bottom
  }
}
