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
    let step = prefetcher.prefetch(ahead, shown: Set(visible.map(\.index)))
    let cancels = step.cancelledPaths + step.cancelled.map(indexPath(forGlobal:))
    let fresh = step.fresh.map(indexPath(forGlobal:))
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
