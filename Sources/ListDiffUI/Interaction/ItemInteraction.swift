import HeadlessCollection

/// What a person did to the list that outlives roots: the selected items
/// and the focused one, kept by identity.
///
/// Invariants (checked against the list shown, see `invariantViolations`):
/// - every selected identity and the focus name an item shown, by their
///   whole section path: a root that deletes one takes it out, a drag into
///   another section renames it (`rekey`);
/// - `mirroredClears` is at most the collection view's count of selection
///   clears, and equal to it unless a layout is running or due: a reload
///   clears the collection's selection, never this one, and the layout
///   that follows makes the collection's mirror `selection` again.
struct ItemInteraction {
  /// The selected items.
  private(set) var selection: Set<ListItemID> = []
  /// The item with the keyboard focus.
  private(set) var focus: ListItemID?
  /// The key of the focused item, when it was focused at a known place:
  /// which of two items sharing `focus`'s identity (see
  /// `ListDiffDiagnostic.Kind.sharedItemID`) has the focus, so that focus
  /// moves go by position. Nil when unknown; the first item of that
  /// identity then counts.
  private(set) var focusKey: ListItemKey?
  /// Whether focus moves select the item they land on.
  private(set) var selectionFollowsFocus = false
  /// See the invariants.
  private(set) var mirroredClears = 0

  /// Whether nothing is selected or focused: roots then cost nothing here.
  var isEmpty: Bool { selection.isEmpty && focus == nil }

  /// Replaces the selection; returns the identities that left it and those
  /// that joined it.
  ///
  /// - Complexity: O(*m*) in the selections old and new.
  mutating func setSelection(_ new: Set<ListItemID>) -> (removed: Set<ListItemID>, added: Set<ListItemID>) {
    let old = selection
    selection = new
    return (old.subtracting(new), new.subtracting(old))
  }

  /// Moves the focus to `id` (nil: nowhere), the item with `key` when
  /// that is known.
  ///
  /// - Complexity: O(1).
  mutating func setFocus(_ id: ListItemID?, key: ListItemKey? = nil) {
    focus = id
    focusKey = key
  }

  /// Turns `selectionFollowsFocus` on or off.
  mutating func setSelectionFollowsFocus(_ follows: Bool) {
    selectionFollowsFocus = follows
  }

  /// The collection view's selection was made to mirror `selection` after
  /// its `clears`th clear.
  mutating func mirrored(afterClears clears: Int) {
    mirroredClears = clears
  }

  /// An item the user dragged into another section is renamed by it.
  ///
  /// - Complexity: O(1) expected.
  mutating func rekey(_ old: ListItemID, to new: ListItemID) {
    if selection.remove(old) != nil { selection.insert(new) }
    if focus == old {
      focus = new
      focusKey = nil
    }
  }

  /// Breaks the first invariant on purpose, for the tests of the checks:
  /// `id` (of no item shown) joins the selection.
  mutating func plantSelection(_ id: ListItemID) {
    selection.insert(id)
  }

  /// Breaks the second invariant on purpose, for the tests of the checks:
  /// the mirror is taken as made after a clear that never happened.
  mutating func plantMirroredClears(_ clears: Int) {
    mirroredClears = clears
  }
}

extension ItemInteraction: DataSourcePart {
  /// The invariants written on the type.
  ///
  /// - Complexity: O(*m*) for *m* identities selected and focused, plus
  ///   finding them (see `ListDiffDataSource.indexes(of:in:)`).
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("ItemInteraction")
    var identities = selection
    if let focus { identities.insert(focus) }
    let shown = dataSource.indexes(of: identities)
    check.expect(selection.allSatisfy { shown[$0] != nil }, "every selected identity names an item shown")
    check.expect(focus.map { shown[$0] != nil } ?? true, "the focus names an item shown")
    let clears = dataSource.collectionView.selectionClearCount
    check.expect(mirroredClears <= clears, "the mirror follows a clear of the collection's selection")
    let view = dataSource.collectionView
    check.expect(
      mirroredClears == clears || view.isPerformingLayout || view.hasPendingLayoutWork,
      "the collection's selection mirrors the selection once a layout finished")
    return check.violations
  }
}
