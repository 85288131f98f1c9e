import HeadlessCollection

/// The controllers whose view state changed while the collection view
/// could not take a change (inside a batch or a layout pass): their items
/// are re-sized once it can. And whether `drain()`'s layout of those
/// sizes is running (see `layOutDeferredSizes()`).
///
/// Invariants: every controller waiting is live (a retired controller is
/// forgotten); `layout` is `.idle` whenever no such layout is on the stack.
@MainActor
struct DeferredSizes {
  /// Where `drain()`'s layout of invalidated sizes stands.
  enum Layout {
    /// No such layout is on the stack.
    case idle
    /// One is running and nothing nested in it asked for another.
    case running
    /// A drain nested in the running layout invalidated sizes again.
    case owed
  }

  /// The controllers whose sizes wait.
  private(set) var waiting: [AnyListCellController] = []
  /// See `Layout`.
  private(set) var layout = Layout.idle

  /// Whether no size waits.
  var isEmpty: Bool { waiting.isEmpty }

  /// `controller`'s size waits for the collection view.
  ///
  /// - Complexity: O(1) amortized.
  mutating func add(_ controller: AnyListCellController) {
    waiting.append(controller)
  }

  /// Takes every waiting controller, in the order they came.
  ///
  /// - Complexity: O(1).
  mutating func takeAll() -> [AnyListCellController] {
    defer { waiting = [] }
    return waiting
  }

  /// A retired controller's size no longer waits.
  ///
  /// - Complexity: O(*k*) in the waiting controllers.
  mutating func forget(_ controller: AnyListCellController) {
    waiting.removeAll { $0 === controller }
  }

  /// The layout of deferred sizes moves to `state`.
  mutating func setLayout(_ state: Layout) {
    layout = state
  }

  /// Breaks the first invariant on purpose, for the tests of the checks.
  mutating func plant(_ controller: AnyListCellController) {
    waiting.append(controller)
  }
}

extension DeferredSizes: DataSourcePart {
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("DeferredSizes")
    check.expect(
      waiting.allSatisfy { dataSource.controllers.isLive($0) }, "a deferred size belongs to a live controller")
    return check.violations
  }
}
