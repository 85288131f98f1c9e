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

  /// The view to display the supplementary element of `kind`
  /// (``CollectionView/elementKindSectionHeader`` or
  /// ``CollectionView/elementKindSectionFooter``) at `indexPath` (the
  /// section, item 0), usually from
  /// ``CollectionView/dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)``.
  /// Asked when the element comes on screen, for headers and footers whose
  /// reference size is not zero. The default returns a blank
  /// ``CollectionReusableView`` that is never reused (UIKit requires an
  /// implementation as soon as a header or footer has a size, and stops the
  /// app without one).
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView
}

extension CollectionViewDataSource {
  /// One section.
  ///
  /// - Complexity: O(1).
  public func numberOfSections(in collectionView: CollectionView) -> Int { 1 }

  /// A blank view, created for the element and never reused.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String,
    at indexPath: IndexPath
  ) -> CollectionReusableView {
    CollectionReusableView(frame: .zero)
  }
}
