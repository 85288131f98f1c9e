import HeadlessCollection

/// A part of a data source's state (a struct it or one of its features
/// owns) with invariants: one shape of check for all of them, given the
/// data source for what a rule compares the part with (the list shown,
/// the live controllers).
@MainActor
protocol DataSourcePart {
  /// The rules of this part that are broken in `dataSource`, empty when
  /// all hold.
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation]
}

extension ListDiffDataSource {
  /// The invariants of every part — the list shown, the controllers and
  /// their mount links, appearance, the scheduler, the history, the
  /// deferred sizes, the cell classes, and each feature's — empty when all hold.
  ///
  /// - Complexity: O(*s* + *c*) in leaves and live controllers, plus O(*n*)
  ///   in the items when the controllers' index is built or the list is
  ///   held as arrays, plus each feature's checks.
  func invariantViolations() -> [InvariantViolation] {
    var violations = shown.invariantViolations()
    violations += controllers.invariantViolations(in: self)
    violations += appearance.invariantViolations(in: self)
    violations += scheduler.invariantViolations(in: self)
    violations += history.invariantViolations(in: self)
    violations += deferredSizes.invariantViolations(in: self)
    violations += cellClasses.invariantViolations(in: self)
    for feature in features.all { violations += feature.invariantViolations() }
    return violations
  }

  /// Checks every part after `event` (a root applied, an interaction
  /// call) and traps on a broken rule — in debug builds and builds with
  /// -DLISTDIFFUI_INTERNAL_CHECKS only: other builds do not evaluate the
  /// checks at all. Between roots only: while a root is applied or a
  /// callback of ours runs, parts are between transitions.
  ///
  /// - Complexity: that of `invariantViolations()` when checks are on;
  ///   O(1) otherwise.
  func checkInvariants(after event: @autoclosure () -> String) {
    guard internalChecksEnabled, !scheduler.isBusy else { return }
    trapOnViolations(invariantViolations(), in: "ListDiffUI", after: event())
  }
}
