import HeadlessCollection

/// Loading more at the list's edges: which edges are enabled, each edge's
/// state, and whether the viewport's approach has been answered.
///
/// Invariants:
/// - an edge has a running task exactly while its state is `.loading`;
/// - an edge that is not enabled has state `.idle`, no task, and is armed.
@MainActor
struct LoadMoreTracker {
  /// One edge's state.
  struct Edge {
    fileprivate(set) var state = ListLoadMoreState.idle
    /// The handler's task while it runs.
    fileprivate(set) var task: Task<Void, Never>?
    /// Whether an approach may fire: false once fired, true again when the
    /// viewport leaves the edge's zone.
    fileprivate(set) var armed = true
    /// The number of items when the handler last started: a list that grew
    /// or shrank since may fire again without leaving the zone.
    fileprivate(set) var itemCountAtFire = -1
  }

  /// The enabled edges (`loadMoreEdges`).
  private(set) var edges: ListLoadMoreEdges = []
  private(set) var top = Edge()
  private(set) var bottom = Edge()
  /// `loadMoreDistance` when set; nil: one viewport's worth of items.
  private(set) var distance: Int?

  /// `edge`'s state.
  subscript(edge: ListLoadMoreEdge) -> Edge {
    edge == .top ? top : bottom
  }

  private mutating func update(_ edge: ListLoadMoreEdge, _ change: (inout Edge) -> Void) {
    if edge == .top { change(&top) } else { change(&bottom) }
  }

  /// Enables exactly `edges`; the edges turned on or off are forgotten
  /// (a running handler cancelled). Returns whether a row shown at one of
  /// them goes.
  mutating func enable(_ edges: ListLoadMoreEdges) -> Bool {
    let changed = edges.symmetricDifference(self.edges)
    self.edges = edges
    var rowsChanged = false
    for edge in ListLoadMoreEdge.allCases where changed.contains(edge) {
      rowsChanged = rowsChanged || self[edge].state.showsRow
      self[edge].task?.cancel()
      update(edge) { $0 = Edge() }
    }
    return rowsChanged
  }

  /// Sets `loadMoreDistance`.
  mutating func setDistance(_ distance: Int) {
    self.distance = distance
  }

  /// The viewport is out of `edge`'s zone: the next approach fires.
  mutating func arm(_ edge: ListLoadMoreEdge) {
    update(edge) { $0.armed = true }
  }

  /// The handler starts at `edge` as `task`, with `count` items in the list.
  mutating func start(_ edge: ListLoadMoreEdge, itemCount count: Int, task: Task<Void, Never>) {
    update(edge) {
      $0.armed = false
      $0.itemCountAtFire = count
      $0.state = .loading
      $0.task = task
    }
  }

  /// The handler at `edge` returned or threw, leaving it in `state`.
  mutating func finish(_ edge: ListLoadMoreEdge, in state: ListLoadMoreState) {
    update(edge) {
      $0.task = nil
      $0.state = state
    }
  }

  /// Cancels the running handlers (the data source is going).
  func cancelAll() {
    top.task?.cancel()
    bottom.task?.cancel()
  }

  /// Breaks the first invariant on purpose, for the tests of the checks:
  /// `edge` is taken as loading with no task running.
  mutating func plantLoadingWithoutTask(_ edge: ListLoadMoreEdge) {
    update(edge) { $0.state = .loading }
  }
}

extension LoadMoreTracker: DataSourcePart {
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("LoadMoreTracker")
    for edge in ListLoadMoreEdge.allCases {
      let state = self[edge]
      check.expect((state.task != nil) == (state.state == .loading), "a task runs exactly while loading")
      if !edges.contains(edge) {
        check.expect(state.state == .idle && state.task == nil && state.armed, "a disabled edge is idle")
      }
    }
    return check.violations
  }
}

extension ListLoadMoreState {
  /// Whether an edge in this state shows its row: while loading, and
  /// after a failure.
  var showsRow: Bool {
    switch self {
    case .loading, .failed: true
    case .idle, .exhausted: false
    }
  }
}
