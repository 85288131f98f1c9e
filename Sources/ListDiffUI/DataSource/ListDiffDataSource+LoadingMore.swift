import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Loading more at the edges (Texture's batch fetching): the handler runs
/// when the viewport comes near an enabled edge.
extension ListDiffDataSource {
  /// The edges more is loaded at: `[]` (the default: off), `.bottom` (a
  /// feed's next page), `.top` (older messages), or both. Setting it
  /// forgets the state of the edges it turns on or off (an exhausted edge
  /// turned on again loads again) and cancels a handler running at an edge
  /// turned off.
  ///
  /// With `.top`, a root that shows items loaded above keeps the reader's
  /// place: the first visible item stays where it is on screen, as with
  /// ``ListScrollAnchor/visibleContent``, whatever ``scrollAnchor`` says.
  ///
  /// - Complexity: O(1).
  public var loadMoreEdges: ListLoadMoreEdges {
    get { loadMoreEdgesStorage }
    set {
      let changed = newValue.symmetricDifference(loadMoreEdgesStorage)
      loadMoreEdgesStorage = newValue
      var rowsChanged = false
      for edge in ListLoadMoreEdge.allCases where changed.contains(edge) {
        rowsChanged = rowsChanged || Self.showsRow(loadMore[edge].state)
        loadMore.reset(edge)
      }
      if rowsChanged { showLoadMoreRows() }
      checkLoadMore()
    }
  }

  /// How near an enabled edge, in items, the viewport must come for the
  /// handler to run: it runs once no more than this many items lie between
  /// the viewport and the edge. Defaults to one viewport's worth (the items
  /// visible). Below 0 is reported as a
  /// ``ListDiffDiagnostic/Kind/invalidLoadMoreDistance`` warning and 0 is
  /// used: the handler runs when the edge's item is visible.
  ///
  /// - Complexity: O(1); reading the default, O(*v*) in the visible items.
  public var loadMoreDistance: Int {
    get { loadMore.distance ?? collectionView.indexPathsForVisibleItems.count }
    set {
      if newValue < 0 {
        report(
          ListDiffDiagnostic(
            kind: .invalidLoadMoreDistance,
            message: "loadMoreDistance must not be negative (was set to \(newValue)); using 0"))
      }
      loadMore.distance = max(0, newValue)
      checkLoadMore()
    }
  }

  /// Where loading more stands at each enabled edge: `.idle`, `.loading`,
  /// `.failed(reason)` or `.exhausted`.
  ///
  /// - Complexity: O(1).
  public var loadMoreState: [ListLoadMoreEdge: ListLoadMoreState] {
    var states: [ListLoadMoreEdge: ListLoadMoreState] = [:]
    for edge in ListLoadMoreEdge.allCases where loadMoreEdges.contains(edge) {
      states[edge] = loadMore[edge].state
    }
    return states
  }

  /// Runs the handler again at `edge` after it failed there (a tap on the
  /// "failed — retry" row does the same). Does nothing at an edge that is
  /// not enabled or did not fail.
  ///
  /// - Complexity: O(1), plus applying the row's change.
  public func retryLoadMore(_ edge: ListLoadMoreEdge) {
    guard loadMoreEdges.contains(edge), case .failed = loadMore[edge].state else { return }
    // The load runs for the list as it is now: once it is back, a list
    // that grew since runs it again while the viewport is near the edge,
    // as after any load (the count of the load that failed is stale).
    loadMore[edge].itemCountAtFire = loadMoreItemCount()
    startLoadingMore(at: edge)
  }

  // MARK: Internals

  /// Whether an edge in `state` shows its row.
  static func showsRow(_ state: ListLoadMoreState) -> Bool {
    switch state {
    case .loading, .failed: true
    case .idle, .exhausted: false
    }
  }

  /// The rows the edges show now (top, bottom): one per enabled edge that
  /// is loading or failed.
  func loadMoreRows() -> [LoadMoreRowViewModel?] {
    ListLoadMoreEdge.allCases.map { edge -> LoadMoreRowViewModel? in
      let state = loadMore[edge].state
      guard loadMoreEdges.contains(edge), Self.showsRow(state) else { return nil }
      return LoadMoreRowViewModel(identifier: edge == .top ? "top" : "bottom", edge: edge, state: state)
    }
  }

  /// The rows the list shown has at its edges (top, bottom), which a root's
  /// `finish` compares with those wanted by then.
  ///
  /// - Complexity: O(log *s*).
  func loadMoreRowsShown() -> [LoadMoreRowViewModel?] {
    let top = loadMoreRow(at: 0)
    let bottom = loadMoreRow(at: list.count - 1)
    return [top?.edge == .top ? top : nil, bottom?.edge == .bottom ? bottom : nil]
  }

  /// `root` with the rows of the edges that show one: what is flattened.
  func framedForLoadingMore(_ root: Section?) -> Section? {
    let rows = loadMoreRows()
    guard rows[0] != nil || rows[1] != nil else { return root }
    return LoadMoreFrame(root: root, top: rows[0], bottom: rows[1])
  }

  /// Shows the rows' change: the root shown again, unless a root is on its
  /// way (waiting, or being prepared or applied), whose `finish` shows it.
  func showLoadMoreRows() {
    guard !scheduler.hasWaitingRoot, scheduler.phase == .idle else { return }
    setRootSection(shownRootSection)
  }

  /// Runs the handler at each enabled, idle edge the viewport has come
  /// within ``loadMoreDistance`` of, once per approach. Called after every
  /// layout pass.
  ///
  /// - Complexity: free with no edge enabled; O(*v*) otherwise.
  func checkLoadMore() {
    guard !loadMoreEdges.isEmpty, loadMoreHandler != nil else { return }
    let rowsBefore = loadMoreRowsShown()[0] == nil ? 0 : 1
    let count = loadMoreItemCount()
    let visible = collectionView.indexPathsForVisibleItems.map { listIndex(ofShown: $0.item) - rowsBefore }
      .filter { (0..<count).contains($0) }
    let distance = loadMore.distance ?? visible.count
    for edge in ListLoadMoreEdge.allCases where loadMoreEdges.contains(edge) {
      let near: Bool
      if count == 0 {
        near = true
      } else if let first = visible.min(), let last = visible.max() {
        near = edge == .top ? first <= distance : count - 1 - last <= distance
      } else {
        near = false
      }
      if !near {
        loadMore[edge].armed = true
        continue
      }
      let state = loadMore[edge]
      guard state.state == .idle, state.armed || state.itemCountAtFire != count else { continue }
      loadMore[edge].itemCountAtFire = count
      startLoadingMore(at: edge)
    }
  }

  /// The app's items shown: the list less the loading rows at its edges.
  ///
  /// - Complexity: O(log *s*).
  private func loadMoreItemCount() -> Int {
    list.count - loadMoreRowsShown().reduce(0) { $0 + ($1 == nil ? 0 : 1) }
  }

  /// The loading row at `index` of the list shown; nil for an app's item
  /// or an index out of range.
  private func loadMoreRow(at index: Int) -> LoadMoreRowViewModel? {
    guard index >= 0, index < list.count, list.leaf(ofItem: index).controllerType == LoadMoreRowController.self
    else { return nil }
    return list.viewModel(at: index) as? LoadMoreRowViewModel
  }

  /// Starts the handler at `edge`: the state is `.loading` (its row shows)
  /// until it returns or throws.
  private func startLoadingMore(at edge: ListLoadMoreEdge) {
    guard let handler = loadMoreHandler else { return }
    loadMore[edge].armed = false
    loadMore[edge].state = .loading
    loadMore[edge].task = Task { [weak self] in
      let outcome: Result<ListLoadMoreResult, any Error>
      do {
        outcome = .success(try await handler(edge))
      } catch {
        outcome = .failure(error)
      }
      self?.finishLoadingMore(at: edge, with: outcome)
    }
    showLoadMoreRows()
  }

  /// The handler at `edge` returned or threw.
  private func finishLoadingMore(at edge: ListLoadMoreEdge, with outcome: Result<ListLoadMoreResult, any Error>) {
    guard loadMore[edge].state == .loading else { return }
    loadMore[edge].task = nil
    switch outcome {
    case .success(.more): loadMore[edge].state = .idle
    case .success(.exhausted): loadMore[edge].state = .exhausted
    case .failure(let error): loadMore[edge].state = .failed(String(describing: error))
    }
    showLoadMoreRows()
  }
}
