import Foundation
import HeadlessCollection

/// A carousel's own list: a horizontal collection view as wide as the list
/// and as tall as the carousel, whose items are all as tall as it.
///
/// Invariant (besides `NestedList`'s): an insert before the first visible
/// item keeps that item in place (`.visibleContent`).
@MainActor
final class CarouselContent: NestedList {
  /// How a drag ends, from the row's view model.
  private var paging = ListCarouselPaging.none

  /// A carousel's list for the row in `rowScope` of `host`'s list.
  ///
  /// - Complexity: O(*k*) in `host`'s context objects.
  init(host: ListDiffDataSource, rowScope: SectionScope) {
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.minimumInteritemSpacing = 0
    super.init(host: host, rowScope: rowScope, layout: layout, sizing: .carousel)
    dataSource.scrollAnchor = .visibleContent
  }

  /// Sizes the carousel's viewport: the list's `width`, the carousel's
  /// `height`. Items are estimated as wide as the viewport until asked, so
  /// that only those near it are asked, and hardly one more: an estimate
  /// too narrow would place many unasked items in the room one real item
  /// takes, and ask them all.
  func resize(width: CGFloat, height: CGFloat) {
    let layout = collectionView.collectionViewLayout
    let estimate = CGSize(width: max(1, width), height: height)
    if layout.estimatedItemSize != estimate { layout.estimatedItemSize = estimate }
    let size = CGSize(width: max(0, width), height: height)
    if collectionView.frame.size != size { collectionView.frame = CGRect(origin: .zero, size: size) }
  }

  /// Shows the row's sections and settings.
  func show(_ row: CarouselRowViewModel) {
    paging = row.paging
    let layout = collectionView.collectionViewLayout
    if layout.minimumLineSpacing != row.itemSpacing { layout.minimumLineSpacing = row.itemSpacing }
    resize(width: collectionView.frame.width, height: row.height)
    show(row.content.sections)
  }

  // MARK: Paging

  override func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {
    if !decelerate { settleOnItemEdge() }
  }

  override func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {
    settleOnItemEdge()
  }

  /// With `.items` paging: moves the offset to the leading edge of the
  /// item nearest to it (as far as the content allows).
  private func settleOnItemEdge() {
    guard paging == .items else { return }
    let offset = collectionView.contentOffset.x
    let near = collectionView.bounds.insetBy(dx: -collectionView.bounds.width, dy: 0)
    let edges = collectionView.layoutAttributesForElements(in: near)
      .filter { $0.representedElementKind == nil }.map(\.frame.minX)
    guard let nearest = edges.min(by: { abs($0 - offset) < abs($1 - offset) }), nearest != offset else {
      return
    }
    collectionView.setContentOffset(CGPoint(x: nearest, y: collectionView.contentOffset.y), animated: false)
  }
}
