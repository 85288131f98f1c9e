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
  /// Loads more when the viewport comes near an edge in ``loadMoreEdges``
  /// (Texture's batch fetching): called with the edge, on the main actor,
  /// once per approach, never while it runs for that edge, never after it
  /// returned ``ListLoadMoreResult/exhausted`` there, and after it threw
  /// only on ``retryLoadMore(_:)``. Set a root with what it loaded before
  /// returning ``ListLoadMoreResult/more``; while it runs (and after it
  /// threw) a row at the edge says "loading…" (or "failed — retry"). A
  /// list that grew while the viewport stays near the edge loads again, so
  /// a short first page fills the screen. Default nil.
  ///
  /// - Complexity: the handler's own work, plus one root applied when its
  ///   row comes and one when it goes.
  public var loadMoreHandler: (@MainActor (ListLoadMoreEdge) async throws -> ListLoadMoreResult)? {
    get { features.loadingMore.handler }
    set {
      features.loadingMore.handler = newValue
      features.loadingMore.check()
    }
  }

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
    get { features.loadingMore.tracker.edges }
    set { features.loadingMore.enable(newValue) }
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
    get { features.loadingMore.tracker.distance ?? collectionView.indexPathsForVisibleItems.count }
    set {
      if newValue < 0 {
        report(
          ListDiffDiagnostic(
            kind: .invalidLoadMoreDistance,
            message: "loadMoreDistance must not be negative (was set to \(newValue)); using 0"))
      }
      features.loadingMore.setDistance(max(0, newValue))
    }
  }

  /// Where loading more stands at each enabled edge: `.idle`, `.loading`,
  /// `.failed(reason)` or `.exhausted`.
  ///
  /// - Complexity: O(1).
  public var loadMoreState: [ListLoadMoreEdge: ListLoadMoreState] {
    var states: [ListLoadMoreEdge: ListLoadMoreState] = [:]
    for edge in ListLoadMoreEdge.allCases where loadMoreEdges.contains(edge) {
      states[edge] = features.loadingMore.tracker[edge].state
    }
    return states
  }

  /// Runs the handler again at `edge` after it failed there (a tap on the
  /// "failed — retry" row does the same). Does nothing at an edge that is
  /// not enabled or did not fail.
  ///
  /// - Complexity: O(1), plus applying the row's change.
  public func retryLoadMore(_ edge: ListLoadMoreEdge) {
    guard loadMoreEdges.contains(edge), case .failed = features.loadingMore.tracker[edge].state else { return }
    features.loadingMore.retry(edge)
    checkInvariants(after: "retryLoadMore(\(edge))")
  }
}
