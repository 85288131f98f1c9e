import HeadlessCollection

/// Which outline rows are expanded, by identity: what a person opened, kept
/// across roots (see ``ListDiffDataSource/expand(_:)``).
///
/// Each update is flattened with `expanded` as it was when the update
/// began (a copy handed to the flattener, which may run off the main
/// actor); once it is applied, the rows it showed expanded become
/// `shown`, and `expanded` is made of them plus what was expanded or
/// collapsed meanwhile. So a row that is no longer shown (it left the
/// tree, or a collapsed ancestor hides it) is forgotten: collapsed when it
/// comes back. (A collapse forgets the rows expanded inside it at once,
/// `ListDiffDataSource.setExpanded`, so that what it forgets does not
/// depend on when a background update began.)
///
/// Invariants (checked against the list shown, see `invariantViolations`):
/// - `shown` holds exactly the identities of the rows the list shows
///   expanded (outlines a drag left stale aside);
/// - `expanded` differs from `shown` only by identities expanded or
///   collapsed since the root shown began (`unshownChanges`): with no
///   change pending, what is expanded is what is shown expanded.
struct OutlineExpansion {
  /// The rows to show expanded.
  private(set) var expanded: Set<ListItemID> = []
  /// The rows the list shows expanded.
  private(set) var shown: Set<ListItemID> = []
  /// The identities expanded or collapsed since the update shown began.
  private(set) var unshownChanges: Set<ListItemID> = []

  /// Expands or collapses `id`; whether that changed anything.
  ///
  /// - Complexity: O(1) expected.
  mutating func set(_ id: ListItemID, expanded isExpanded: Bool) -> Bool {
    let changed = isExpanded ? expanded.insert(id).inserted : expanded.remove(id) != nil
    if changed { unshownChanges.insert(id) }
    return changed
  }

  /// A root flattened with `used` is applied and shows `shownExpanded`
  /// expanded. Returns the identities no longer expanded that no call
  /// collapsed (rows that are not shown any more), for the handler.
  ///
  /// - Complexity: O(*e*) in the identities involved.
  mutating func rootApplied(shownExpanded: Set<ListItemID>, flattenedWith used: Set<ListItemID>) -> [ListItemID] {
    let expandedSince = expanded.subtracting(used)
    let collapsedSince = used.subtracting(expanded)
    let new = shownExpanded.subtracting(collapsedSince).union(expandedSince)
    let forgotten = expanded.subtracting(new)
    expanded = new
    shown = shownExpanded
    unshownChanges = expandedSince.union(collapsedSince)
    return forgotten.sorted { $0.description < $1.description }
  }

  /// Replaces what is expanded, as if a person had expanded exactly `ids`
  /// (the fuzzer's fresh screen takes over a screen's expansion).
  ///
  /// - Complexity: O(*e*).
  mutating func replace(with ids: Set<ListItemID>) {
    unshownChanges.formUnion(expanded.symmetricDifference(ids))
    expanded = ids
  }

  /// Breaks the first invariant on purpose, for the tests of the checks:
  /// `id` is taken as shown expanded.
  mutating func plantShownRow(_ id: ListItemID) {
    shown.insert(id)
    expanded.insert(id)
  }

}

extension OutlineExpansion: DataSourcePart {
  /// The invariants above, against the rows the list shows expanded
  /// (outlines a drag left stale aside).
  ///
  /// - Complexity: O(*e*), plus O(*o*) in the outlines.
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("OutlineExpansion")
    let list = dataSource.list
    let stalePaths = Set(list.outlines.filter(\.isStale).map(\.sectionPath))
    let current = stalePaths.isEmpty ? shown : shown.filter { !stalePaths.contains($0.sectionPath) }
    check.expect(current == list.expandedOutlineRows, "shown holds exactly the rows shown expanded")
    check.expect(
      expanded.symmetricDifference(shown).isSubset(of: unshownChanges),
      "expanded differs from shown only by changes not shown yet")
    return check.violations
  }
}
