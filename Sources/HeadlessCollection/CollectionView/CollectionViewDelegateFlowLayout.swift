import Foundation

/// Sizes items and hears about display, scrolling and selection, under UIKit's
/// names for `UICollectionViewDelegateFlowLayout` (and the
/// `UICollectionViewDelegate` and `UIScrollViewDelegate` methods it inherits).
///
/// Every member has a default, so a conforming type implements only what it
/// needs. The collection asks `sizeForItemAt` once per item on a full
/// layout (O(*n*) calls) and once per changed item afterwards; the display
/// callbacks come once per cell entering or leaving the viewport;
/// `collectionViewDidLayout` once per layout pass. Implementations should
/// answer in O(1).
@MainActor
public protocol CollectionViewDelegateFlowLayout: AnyObject {
  /// The size of the item at `indexPath`. Asked once per item and cached:
  /// again only when the item is inserted or reloaded, when
  /// ``CollectionView/invalidateLayout(forItemsAt:)`` names it, or when the
  /// whole layout is invalidated. The default is the layout's
  /// ``CollectionViewFlowLayout/itemSize``. Negative or non-finite sizes count
  /// as zero.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize

  /// The insets of `section`. Asked when the whole layout is computed; the
  /// default is the layout's ``CollectionViewFlowLayout/sectionInset``.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets

  /// The least space between the lines of `section`. Asked when the whole
  /// layout is computed; the default is the layout's
  /// ``CollectionViewFlowLayout/minimumLineSpacing``.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat

  /// The least space between items of one line in `section`. Asked when the
  /// whole layout is computed; the default is the layout's
  /// ``CollectionViewFlowLayout/minimumInteritemSpacing``.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat

  /// The size of `section`'s header, of which only the length along the
  /// scroll direction counts. Asked when the whole layout is computed; the
  /// default is the layout's ``CollectionViewFlowLayout/headerReferenceSize``.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize

  /// The size of `section`'s footer, of which only the length along the
  /// scroll direction counts. Asked when the whole layout is computed; the
  /// default is the layout's ``CollectionViewFlowLayout/footerReferenceSize``.
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize

  /// Whether a tap may select the item. The default is `true`.
  func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool

  /// The item was selected by ``CollectionView/selectItem(at:)`` (a tap).
  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath)

  /// The item was deselected by a tap: on another item when only one may be
  /// selected, or on itself when ``CollectionView/allowsMultipleSelection`` is on.
  func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath)

  /// `cell` is about to show `indexPath`: its frame has started to intersect
  /// the visible bounds (or it was reloaded or inserted there).
  func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)

  /// `cell` no longer shows `indexPath`, which is the path the item had while
  /// it was displayed (for a deleted item, its path before the update). The
  /// cell goes to the reuse queue right after this call.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath)

  /// `view` is about to show the supplementary element of `elementKind` at
  /// `indexPath`: its frame has started to intersect the visible bounds.
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath)

  /// `view` no longer shows the supplementary element of `elementKind` at
  /// `indexPath` (the element's path while it was displayed). The view goes
  /// to its reuse queue right after this call.
  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath)

  /// The content offset changed.
  func scrollViewDidScroll(_ collectionView: CollectionView)

  /// A drag is about to scroll the content: the first call of
  /// ``CollectionView/drag(by:velocity:)``, before any `scrollViewDidScroll`.
  func scrollViewWillBeginDragging(_ collectionView: CollectionView)

  /// The drag's finger lifted: its steps are done. `decelerate` says whether
  /// the content keeps moving (the drag had a velocity), in which case
  /// `scrollViewWillBeginDecelerating` follows.
  func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool)

  /// The content starts to coast after a drag with a velocity.
  func scrollViewWillBeginDecelerating(_ collectionView: CollectionView)

  /// The content stopped coasting: the last call of a drag with a velocity.
  func scrollViewDidEndDecelerating(_ collectionView: CollectionView)

  /// An animated ``CollectionView/setContentOffset(_:animated:)`` or
  /// ``CollectionView/scrollToItem(at:at:animated:)`` finished its steps. Not
  /// called for scrolls without animation, nor for animated ones that did not
  /// move the content, as in UIKit.
  func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView)

  /// A layout pass finished: the visible cells have their frames, every
  /// `willDisplay`/`didEndDisplaying` of the pass has been sent, and
  /// ``CollectionView/bounds`` is the visible rectangle. Not in UIKit; it is
  /// where a client derives what became (fully) visible or hidden. Changes
  /// made here are laid out in a further pass before
  /// ``CollectionView/layoutIfNeeded()`` returns.
  func collectionViewDidLayout(_ collectionView: CollectionView)
}

extension CollectionViewDelegateFlowLayout {
  /// The layout's ``CollectionViewFlowLayout/headerReferenceSize``.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    collectionViewLayout.headerReferenceSize
  }

  /// The layout's ``CollectionViewFlowLayout/footerReferenceSize``.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize {
    collectionViewLayout.footerReferenceSize
  }

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {}

  /// The layout's ``CollectionViewFlowLayout/itemSize``.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    collectionViewLayout.itemSize
  }

  /// The layout's ``CollectionViewFlowLayout/sectionInset``.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    collectionViewLayout.sectionInset
  }

  /// The layout's ``CollectionViewFlowLayout/minimumLineSpacing``.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    collectionViewLayout.minimumLineSpacing
  }

  /// The layout's ``CollectionViewFlowLayout/minimumInteritemSpacing``.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    collectionViewLayout.minimumInteritemSpacing
  }

  /// `true`.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath
  ) -> Bool { true }

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func scrollViewDidScroll(_ collectionView: CollectionView) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func scrollViewWillBeginDragging(_ collectionView: CollectionView) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func scrollViewWillBeginDecelerating(_ collectionView: CollectionView) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView) {}

  /// Does nothing.
  ///
  /// - Complexity: O(1).
  public func collectionViewDidLayout(_ collectionView: CollectionView) {}
}
