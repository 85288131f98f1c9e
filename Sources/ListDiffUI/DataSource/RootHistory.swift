import HeadlessCollection

/// The roots a data source was given: the last one set (applied or not),
/// the last one applied (as the app set it, without the rows features
/// framed it with), whether any was applied yet, and the view models of
/// the list the last root replaced, which wait for the main actor's next
/// turn to be released.
///
/// Invariants: `hasApplied` is false only while `shown` is nil (no root
/// applied yet, or the first one still on its way); a replaced list's view
/// models wait at most until the next root replaces them.
struct RootHistory {
  /// The last root set, applied or not: flattened again when an outline
  /// row is expanded or collapsed.
  private(set) var newest: Section?
  /// The last root applied, as the app set it: set again when a row a
  /// feature frames it with comes or goes.
  private(set) var shown: Section?
  /// Whether a root has been applied.
  private(set) var hasApplied = false
  /// The view models of the list the last root replaced.
  private var replaced: ReleasedViewModels?
  /// Whether their release is scheduled.
  private var releaseScheduled = false

  /// `section` was set as the root.
  ///
  /// - Complexity: O(1).
  mutating func rootWasSet(_ section: Section?) {
    newest = section
  }

  /// `section` (as the app set it) was applied.
  ///
  /// - Complexity: O(1).
  mutating func rootWasApplied(_ section: Section?) {
    shown = section
    hasApplied = true
  }

  /// Keeps the view models of a replaced list, letting go of the ones
  /// kept before (the next root came before the main actor's next turn).
  /// Returns whether the caller must schedule `releaseReplaced()`: the
  /// first time since the last release, when there is anything to release.
  ///
  /// - Complexity: O(1), plus releasing the ones kept before.
  mutating func keep(_ viewModels: ReleasedViewModels) -> Bool {
    replaced = viewModels
    guard !viewModels.isEmpty, !releaseScheduled else { return false }
    releaseScheduled = true
    return true
  }

  /// Lets go of the replaced view models.
  ///
  /// - Complexity: O(*n*) in the view models released.
  mutating func releaseReplaced() {
    replaced = nil
    releaseScheduled = false
  }
}

extension RootHistory: DataSourcePart {
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("RootHistory")
    check.expect(hasApplied || shown == nil, "a shown root was applied")
    check.expect(replaced == nil || releaseScheduled || replaced?.isEmpty == true, "replaced view models are released")
    return check.violations
  }
}
