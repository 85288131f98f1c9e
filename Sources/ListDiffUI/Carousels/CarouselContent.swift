import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// A carousel's own list: a horizontal collection view one row tall and
/// the data source feeding it, nested in the data source of the list the
/// carousel's row is in (`ListNesting`): its diagnostics, lifecycle events
/// and work are that list's.
///
/// Invariants: the data source shows `CarouselRoot`s in `scope` (the row's
/// scope, then `.carousel`), so every item's path starts with the
/// carousel's; the collection view is as wide as the list and as tall as
/// the carousel; it is on screen only while the row is visible.
@MainActor
final class CarouselContent: CollectionViewDelegateFlowLayout {
  let collectionView: CollectionView
  let dataSource: ListDiffDataSource
  /// The scope of the carousel's items.
  let scope: SectionScope
  /// How a drag ends, from the row's view model.
  private var paging = ListCarouselPaging.none

  /// A carousel's list for the row in `rowScope` of `host`'s list: off
  /// screen and empty until `resize`, `show` and `isOnScreen` say
  /// otherwise.
  ///
  /// - Complexity: O(*k*) in `host`'s context objects.
  init(host: ListDiffDataSource, rowScope: SectionScope) {
    scope = rowScope.child(.carousel)
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.minimumInteritemSpacing = 0
    collectionView = CollectionView(frame: .zero, collectionViewLayout: layout)
    collectionView.isOnScreen = false
    dataSource = ListDiffDataSource(nestedIn: host, collectionView: collectionView)
    dataSource.collectionViewDelegate = self
    // An insert before the first visible item keeps that item in place.
    dataSource.scrollAnchor = .visibleContent
  }

  /// Whether the row is visible: the items within its width show.
  var isOnScreen: Bool {
    get { collectionView.isOnScreen }
    set { collectionView.isOnScreen = newValue }
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
    dataSource.setRootSection(CarouselRoot(row.content.sections, scope: scope), animate: false)
  }

  /// Gives the focus to the first focusable item within the viewport when
  /// no item of the carousel has it.
  func focusFirstVisibleItemIfNone() {
    guard dataSource.focusedItem == nil else { return }
    let visible = collectionView.layoutAttributesForElements(in: collectionView.bounds)
      .filter { $0.representedElementKind == nil }
      .map(\.indexPath.item).sorted()
    for shown in visible {
      let index = dataSource.listIndex(ofShown: shown)
      guard index >= 0, index < dataSource.itemCount, dataSource.controller(at: index).canFocus else {
        continue
      }
      dataSource.focusedItem = dataSource.itemID(at: index)
      return
    }
  }

  // MARK: Paging

  func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {
    if !decelerate { settleOnItemEdge() }
  }

  func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {
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
