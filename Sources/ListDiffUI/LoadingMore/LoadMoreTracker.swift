import HeadlessCollection

/// Loading more at the list's edges: each edge's state and whether the
/// viewport's approach has been answered.
///
/// Invariants:
/// - an edge has a running task exactly while its state is `.loading`;
/// - an edge that is not enabled has state `.idle`, no task, and is armed.
@MainActor
struct LoadMoreTracker {
  struct Edge {
    var state = ListLoadMoreState.idle
    /// The handler's task while it runs.
    var task: Task<Void, Never>?
    /// Whether an approach may fire: false once fired, true again when the
    /// viewport leaves the edge's zone.
    var armed = true
    /// The number of items when the handler last started: a list that grew
    /// or shrank since may fire again without leaving the zone.
    var itemCountAtFire = -1
  }

  var top = Edge()
  var bottom = Edge()
  /// `loadMoreDistance` when set; nil: one viewport's worth of items.
  var distance: Int?

  subscript(edge: ListLoadMoreEdge) -> Edge {
    get { edge == .top ? top : bottom }
    set { if edge == .top { top = newValue } else { bottom = newValue } }
  }

  /// Forgets everything about `edge` (it was disabled or enabled anew),
  /// cancelling a running handler.
  mutating func reset(_ edge: ListLoadMoreEdge) {
    self[edge].task?.cancel()
    self[edge] = Edge()
  }

  /// Cancels the running handlers (the data source is going).
  func cancelAll() {
    top.task?.cancel()
    bottom.task?.cancel()
  }

  /// The invariants written on the type, given the enabled edges.
  func invariantViolations(enabled: ListLoadMoreEdges) -> [InvariantViolation] {
    var check = InvariantChecker("LoadMoreTracker")
    for edge in ListLoadMoreEdge.allCases {
      let state = self[edge]
      check.expect((state.task != nil) == (state.state == .loading), "a task runs exactly while loading")
      if !enabled.contains(edge) {
        check.expect(state.state == .idle && state.task == nil && state.armed, "a disabled edge is idle")
      }
    }
    return check.violations
  }
}
