import Foundation

/// Supplies a ``CollectionView`` with its sections, items and cells, under
/// UIKit's names for `UICollectionViewDataSource`.
///
/// The collection view asks for counts when it loads its data (the first
/// layout, ``CollectionView/reloadData()``) and at the end of
/// ``CollectionView/performBatchUpdates(_:completion:)``, where the counts must
/// agree with the batch: O(*s*) calls for *s* sections. It asks for cells only
/// for the items it displays: O(*v*) calls for a new viewport of *v* items,
/// O(changed items) per scroll step or batch. Implementations should answer
/// in O(1).
@MainActor
public protocol CollectionViewDataSource: AnyObject {
  /// The number of sections. The default is 1.
  func numberOfSections(in collectionView: CollectionView) -> Int

  /// The number of items in `section`.
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int

  /// The cell to display `indexPath`, usually from
  /// ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)`` and
  /// configured for the item.
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
}

extension CollectionViewDataSource {
  /// One section.
  ///
  /// - Complexity: O(1).
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }
}
