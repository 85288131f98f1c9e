import HeadlessCollection

/// What a person did to the list that outlives roots: the selected items,
/// the focused one and the type-to-select prefix, kept by identity.
///
/// Invariants (checked against the list shown, see `invariantViolations`):
/// - every selected identity and the focus name an item shown, by their
///   whole section path: a root that deletes one takes it out, a drag into
///   another section renames it (`rekey`);
/// - `mirroredClears` is the collection view's count of selection clears
///   when its selection was last made to mirror `selection`: a reload
///   clears the collection's selection, never this one.
struct ItemInteraction {
  /// The selected items.
  private(set) var selection: Set<ListItemID> = []
  /// The item with the keyboard focus.
  var focus: ListItemID? {
    didSet { focusKey = nil }
  }
  /// The key of the focused item, when it was focused at a known place:
  /// which of two items sharing `focus`'s identity (see
  /// `ListDiffDiagnostic.Kind.sharedItemID`) has the focus, so that focus
  /// moves go by position. Nil when unknown; the first item of that
  /// identity then counts.
  private(set) var focusKey: ListItemKey?

  /// Focuses `id`, the item with `key`.
  ///
  /// - Complexity: O(1).
  mutating func focus(_ id: ListItemID?, key: ListItemKey?) {
    focus = id
    focusKey = key
  }
  /// Whether focus moves select the item they land on.
  var selectionFollowsFocus = false
  /// The keys typed for type-to-select.
  var typeSelect = TypeSelectPrefix()
  /// See the invariants.
  var mirroredClears = 0

  /// Whether nothing is selected or focused: roots then cost nothing here.
  var isEmpty: Bool { selection.isEmpty && focus == nil }

  /// The selected identities and the focus.
  var identities: Set<ListItemID> {
    var all = selection
    if let focus { all.insert(focus) }
    return all
  }

  /// Replaces the selection; returns the identities that left it and those
  /// that joined it.
  ///
  /// - Complexity: O(*m*) in the selections old and new.
  mutating func setSelection(_ new: Set<ListItemID>) -> (removed: Set<ListItemID>, added: Set<ListItemID>) {
    let old = selection
    selection = new
    return (old.subtracting(new), new.subtracting(old))
  }

  /// An item the user dragged into another section is renamed by it.
  ///
  /// - Complexity: O(1) expected.
  mutating func rekey(_ old: ListItemID, to new: ListItemID) {
    if selection.remove(old) != nil { selection.insert(new) }
    if focus == old { focus = new }
  }
}

/// The prefix type-to-select matches: keys typed less than a second apart
/// (NSTableView's rule) add to it; a longer pause starts a new one.
struct TypeSelectPrefix {
  /// The pause, in seconds, after which a key starts a new prefix.
  static let timeout = 1.0
  private(set) var text = ""
  private var lastKey: Double?

  /// Adds `character`, typed at `time` (seconds, any origin), and returns
  /// the prefix and whether it extends the one before.
  ///
  /// - Complexity: O(*k*) in the prefix's length.
  mutating func type(_ character: Character, at time: Double) -> (prefix: String, extends: Bool) {
    let extends = lastKey.map { time - $0 < Self.timeout && time >= $0 } ?? false
    if !extends { text = "" }
    text.append(character)
    lastKey = time
    return (text, extends && text.count > 1)
  }

  /// Ends the prefix (Escape, or a key that is not typed text).
  mutating func reset() {
    text = ""
    lastKey = nil
  }
}

extension ItemInteraction {
  /// The first invariant written on the type, given `shown`: where each of
  /// `identities` is shown (what `ListDiffDataSource.indexes(of:)` found).
  ///
  /// - Complexity: O(*m*) for *m* identities.
  func invariantViolations(shown: [ListItemID: Int]) -> [InvariantViolation] {
    var check = InvariantChecker("ItemInteraction")
    check.expect(selection.allSatisfy { shown[$0] != nil }, "every selected identity names an item shown")
    check.expect(focus.map { shown[$0] != nil } ?? true, "the focus names an item shown")
    return check.violations
  }
}
