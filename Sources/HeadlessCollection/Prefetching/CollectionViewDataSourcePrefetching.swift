import Foundation

/// Hears ahead of time which items a ``CollectionView`` is about to show,
/// UIKit's `UICollectionViewDataSourcePrefetching`: start loading their data
/// on `prefetchItemsAt`, stop on `cancelPrefetchingForItemsAt`.
///
/// Set it as the collection's ``CollectionView/prefetchDataSource``. Which
/// items are prefetched is deterministic here (UIKit's heuristics are not
/// documented): see ``CollectionView/isPrefetchingEnabled``. Each layout
/// pass makes at most one call of each method, with the index paths in
/// ascending order. During an interactive movement the index paths are the
/// data source's, in the order it has until the movement ends, as for
/// `collectionView(_:cellForItemAt:)`.
@MainActor
public protocol CollectionViewDataSourcePrefetching: AnyObject {
  /// The items at `indexPaths` lie within one viewport ahead of the scroll
  /// direction and have not been prefetched since they last entered that
  /// range. Called once per layout pass that finds such items.
  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath])

  /// The items at `indexPaths`, prefetched earlier, left the range ahead
  /// without being shown (or were deleted or reloaded away; the paths are
  /// then those they had). Optional; the default does nothing.
  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath])
}

extension CollectionViewDataSourcePrefetching {
  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {}
}
