import Foundation

extension CollectionView {
  /// The layout pass's prefetching step (the rule is
  /// ``isPrefetchingEnabled``'s): works out the items ahead, then sends one
  /// cancel call for those that left the range unseen (and those batches
  /// and reloads dropped) and one prefetch call for those that entered it.
  /// False when a callback changed the collection.
  ///
  /// - Complexity: O(log *n* + *v* + *a*) for *a* items in the range ahead.
  func updatePrefetching(visible: [(index: Int, frame: CGRect)]) -> Bool {
    let vertical = engine.direction == .vertical
    let offset = vertical ? bounds.minY : bounds.minX
    prefetcher.noteScroll(to: offset)
    var ahead: Set<Int> = []
    if isPrefetchingEnabled, position.isOnScreen, prefetchDataSource != nil {
      let onScreen = Set(visible.map(\.index))
      for (index, _) in engine.items(intersecting: rangeAhead()) where !onScreen.contains(index) {
        ahead.insert(index)
      }
    }
    // Nothing ahead, prefetched or to cancel (no prefetch data source, most
    // often): the step would be empty, and the sets it takes are made at
    // every pass.
    if ahead.isEmpty && prefetcher.isIdle { return true }
    let step = prefetcher.prefetch(ahead, shown: Set(visible.map(\.index)))
    // By the data source's index paths, as cells are asked for: during a
    // movement it still has the order from before it (so the moved item's
    // path may fall elsewhere in the ascending order).
    let dataSourcePaths = { (items: [Int]) in
      items.map { self.dataSourceIndexPath(forShown: self.indexPath(forGlobal: $0)) }.sorted()
    }
    let cancels = step.cancelledPaths + dataSourcePaths(step.cancelled)
    let fresh = dataSourcePaths(step.fresh)
    guard let prefetchDataSource else { return true }
    if !cancels.isEmpty {
      prefetchDataSource.collectionView(self, cancelPrefetchingForItemsAt: cancels)
      if invalidation.needsLayout { return false }
    }
    if !fresh.isEmpty {
      prefetchDataSource.collectionView(self, prefetchItemsAt: fresh)
      if invalidation.needsLayout { return false }
    }
    return true
  }

  /// The rectangle one viewport long just past the visible bounds in the
  /// direction of the last scroll.
  private func rangeAhead() -> CGRect {
    let bounds = self.bounds
    let forward = prefetcher.direction > 0
    switch engine.direction {
    case .vertical:
      return bounds.offsetBy(dx: 0, dy: forward ? bounds.height : -bounds.height)
    case .horizontal:
      return bounds.offsetBy(dx: forward ? bounds.width : -bounds.width, dy: 0)
    }
  }
}
