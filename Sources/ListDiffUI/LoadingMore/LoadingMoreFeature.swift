import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Loading more at the edges (Texture's batch fetching) as a feature of
/// the data source's lifecycle: after every layout it runs the handler at
/// each enabled, idle edge the viewport has come near; while the handler
/// runs, and after it failed, the edge shows a row, framed around each
/// root as it is prepared (a root loaded at the top is applied keeping the
/// reader's place); and when a row comes or goes between roots, the last
/// root is shown again with it. The state is `LoadMoreTracker`, changed
/// only here.
@MainActor
final class LoadingMoreFeature: ListFeature {
  private unowned let dataSource: ListDiffDataSource
  /// The enabled edges and each one's state.
  private(set) var tracker = LoadMoreTracker()
  /// See ``ListDiffDataSource/loadMoreHandler``.
  var handler: (@MainActor (ListLoadMoreEdge) async throws -> ListLoadMoreResult)?

  init(_ dataSource: ListDiffDataSource) {
    self.dataSource = dataSource
  }

  // MARK: Transitions

  /// Enables exactly `edges` (see ``ListDiffDataSource/loadMoreEdges``).
  func enable(_ edges: ListLoadMoreEdges) {
    if tracker.enable(edges) { showRows() }
    check()
  }

  /// Sets ``ListDiffDataSource/loadMoreDistance`` (not negative).
  func setDistance(_ distance: Int) {
    tracker.setDistance(distance)
    check()
  }

  /// Cancels the running handlers (the data source is going).
  func cancelAll() {
    tracker.cancelAll()
  }

  /// Breaks a rule of the tracker on purpose (the tests of the checks).
  func plantLoadingWithoutTask() {
    tracker.plantLoadingWithoutTask(.bottom)
  }

  // MARK: Lifecycle

  /// Frames the root with the rows of the edges that show one, and keeps
  /// the reader's place where more is loaded at the top.
  func prepare(_ root: inout RootContext) {
    let rows = rowsWanted()
    if rows.top != nil || rows.bottom != nil {
      root.root = LoadMoreFrame(root: root.root, top: rows.top, bottom: rows.bottom)
    }
    if tracker.edges.contains(.top) { root.anchoring = .visibleContent }
  }

  /// The viewport may be near an edge of the new list (an empty one is):
  /// loading starts there. And a row came or went while this root was on
  /// its way: the root is shown again with the rows as they are now
  /// (unless another root waits, which is framed with them).
  func rootDidApply(_ root: AppliedRoot) {
    check()
    guard !dataSource.scheduler.hasWaitingRoot else { return }
    let shown = root.new.loadMoreRows
    let wanted = rowsWanted()
    if shown.top != wanted.top || shown.bottom != wanted.bottom { dataSource.setRootSection(dataSource.history.shown) }
  }

  func layoutDidFinish() {
    check()
  }

  func invariantViolations() -> [InvariantViolation] {
    tracker.invariantViolations(in: dataSource)
  }

  // MARK: Rows

  /// The rows the edges show now: one per enabled edge that is loading or
  /// failed.
  private func rowsWanted() -> (top: LoadMoreRowViewModel?, bottom: LoadMoreRowViewModel?) {
    func row(_ edge: ListLoadMoreEdge) -> LoadMoreRowViewModel? {
      let state = tracker[edge].state
      guard tracker.edges.contains(edge), state.showsRow else { return nil }
      return LoadMoreRowViewModel(identifier: edge == .top ? "top" : "bottom", edge: edge, state: state)
    }
    return (row(.top), row(.bottom))
  }

  /// The app's items shown: the list less the loading rows at its edges.
  ///
  /// - Complexity: O(log *s*).
  private func appItemCount() -> Int {
    let list = dataSource.list
    let shown = list.loadMoreRows
    return list.count - (shown.top == nil ? 0 : 1) - (shown.bottom == nil ? 0 : 1)
  }

  /// Runs the handler again at `edge`, after it failed there. The load
  /// runs for the list as it is now: once it is back, a list that grew
  /// since runs it again while the viewport is near the edge, as after any
  /// load (the count of the load that failed is stale).
  func retry(_ edge: ListLoadMoreEdge) {
    start(at: edge, itemCount: appItemCount())
  }

  /// Shows the rows' change: the root shown again, unless a root is on its
  /// way (waiting, or being prepared or applied), which is framed with them.
  private func showRows() {
    let scheduler = dataSource.scheduler
    guard !scheduler.hasWaitingRoot, scheduler.phase == .idle else { return }
    dataSource.setRootSection(dataSource.history.shown)
  }

  // MARK: Running the handler

  /// Runs the handler at each enabled, idle edge the viewport has come
  /// within ``ListDiffDataSource/loadMoreDistance`` of, once per approach.
  /// Nothing before a root has been applied: the list the viewport would
  /// be near is not there yet.
  ///
  /// - Complexity: free with no edge enabled; O(*v*) otherwise.
  func check() {
    guard !tracker.edges.isEmpty, handler != nil, dataSource.history.hasApplied else { return }
    let rowsBefore = dataSource.list.loadMoreRows.top == nil ? 0 : 1
    let count = appItemCount()
    let visible = dataSource.collectionView.indexPathsForVisibleItems
      .map { dataSource.listIndex(ofShown: $0.item) - rowsBefore }
      .filter { (0..<count).contains($0) }
    let distance = tracker.distance ?? visible.count
    for edge in ListLoadMoreEdge.allCases where tracker.edges.contains(edge) {
      let near: Bool
      if count == 0 {
        near = true
      } else if let first = visible.min(), let last = visible.max() {
        near = edge == .top ? first <= distance : count - 1 - last <= distance
      } else {
        near = false
      }
      if !near {
        tracker.arm(edge)
        continue
      }
      let state = tracker[edge]
      guard state.state == .idle, state.armed || state.itemCountAtFire != count else { continue }
      start(at: edge, itemCount: count)
    }
  }

  /// Starts the handler at `edge`, the list having `count` of the app's
  /// items (nil: as now): the state is `.loading` (its row shows) until it
  /// returns or throws.
  func start(at edge: ListLoadMoreEdge, itemCount count: Int? = nil) {
    guard let handler else { return }
    let task = Task { [weak self] in
      let outcome: Result<ListLoadMoreResult, any Error>
      do {
        outcome = .success(try await handler(edge))
      } catch {
        outcome = .failure(error)
      }
      self?.finish(at: edge, with: outcome)
    }
    tracker.start(edge, itemCount: count ?? tracker[edge].itemCountAtFire, task: task)
    showRows()
  }

  /// The handler at `edge` returned or threw.
  private func finish(at edge: ListLoadMoreEdge, with outcome: Result<ListLoadMoreResult, any Error>) {
    guard tracker[edge].state == .loading else { return }
    switch outcome {
    case .success(.more): tracker.finish(edge, in: .idle)
    case .success(.exhausted): tracker.finish(edge, in: .exhausted)
    case .failure(let error): tracker.finish(edge, in: .failed(String(describing: error)))
    }
    showRows()
  }
}

extension FlatList {
  /// The loading rows the list has at its edges (see `LoadingMoreFeature`).
  ///
  /// - Complexity: O(log *s*).
  var loadMoreRows: (top: LoadMoreRowViewModel?, bottom: LoadMoreRowViewModel?) {
    func row(at index: Int) -> LoadMoreRowViewModel? {
      guard index >= 0, index < count, leaf(ofItem: index).controllerType == LoadMoreRowController.self
      else { return nil }
      return viewModel(at: index) as? LoadMoreRowViewModel
    }
    let top = row(at: 0)
    let bottom = row(at: count - 1)
    return (top?.edge == .top ? top : nil, bottom?.edge == .bottom ? bottom : nil)
  }
}
