/// The list as it was before each change, newest last: what `undo` (line
/// mode) and `u` (full screen) put back, one change at a time.
///
/// Invariant: at most ``limit`` entries; an entry is recorded only for a
/// change that altered the items.
struct UndoHistory {
  /// How many changes can be undone.
  static let limit = 100

  /// One change: the items before it, and the item selected then (full
  /// screen).
  struct Entry {
    var items: [ToDoItem]
    var selectedID: String?
  }

  private var entries: [Entry] = []

  /// How many changes can be undone now. O(1).
  var count: Int { entries.count }

  /// Records that the items went from `before` to `after`, if they
  /// differ; the oldest entry goes past the limit. O(n) to compare.
  mutating func record(before: [ToDoItem], after: [ToDoItem], selectedID: String? = nil) {
    guard before != after else { return }
    entries.append(Entry(items: before, selectedID: selectedID))
    if entries.count > Self.limit { entries.removeFirst() }
  }

  /// Takes the last change's entry to undo it, or `nil` when there is
  /// nothing to undo. O(1).
  mutating func takeLast() -> Entry? { entries.popLast() }

  /// Gives back an entry whose undo failed (its save was refused), so a
  /// later undo tries again. O(1).
  mutating func putBack(_ entry: Entry) { entries.append(entry) }

  /// What to say after an undo, naming the way to undo more (`u`, `undo`).
  func message(again: String) -> String {
    entries.isEmpty ? "undone" : "undone — \(again) undoes \(entries.count) more"
  }
}
