import Foundation
import ListDiffUI
import Testing
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Carousels (`CarouselSection`), scrolled sideways as a finger does, and
/// their items and grids' (`GridSection`) reached by `tap` and
/// `scroll(toIdentifier:)`.
extension ListScreen {
  /// Drags the carousel `id` sideways by `points` as a finger does
  /// (positive: toward later items), after scrolling the list just enough
  /// to show its row; the carousel's paging settles the offset on an item
  /// edge where it pages. Laid out on return. When the list has no such
  /// carousel (its id within `sectionPath`, the path of the sections
  /// around it), the test fails and nothing is done.
  ///
  /// - Complexity: O(*s*) in the sections to find the carousel, plus the
  ///   drag's layout passes (one per half viewport).
  public func scroll(
    carousel id: String, sectionPath: [String] = [], by points: Int,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    guard let row = dataSource.inspection.indexPath(ofCarousel: id, sectionPath: sectionPath) else {
      return record(
        "scroll(carousel: \"\(id)\", sectionPath: \(sectionPath)): the list has no such carousel",
        at: sourceLocation)
    }
    countingGesture {
      reveal(row)
      collectionView.layoutIfNeeded()
      guard let carousel = dataSource.inspection.nestedList(at: row) else { return }
      carousel.collectionView.drag(by: CGPoint(x: CGFloat(points), y: 0))
      carousel.collectionView.layoutIfNeeded()
      collectionView.layoutIfNeeded()
    }
  }

  /// The item inside a carousel or a grid with `identifier`, when the list
  /// itself has none.
  func nestedItem(_ identifier: String, _ sectionPath: [String]) -> NestedItemPath? {
    guard dataSource.indexPath(forIdentifier: identifier, sectionPath: sectionPath) == nil else {
      return nil
    }
    return dataSource.inspection.nestedItem(forIdentifier: identifier, sectionPath: sectionPath)
  }

  /// Shows an item inside a carousel or a grid as a finger needs it: the
  /// row on screen, and the item within it (a carousel scrolled across
  /// just enough, the list scrolled just enough for a grid's).
  private func reveal(_ target: NestedItemPath) {
    reveal(target.row)
    collectionView.layoutIfNeeded()
    let inner = target.list.collectionView
    if inner.collectionViewLayout.scrollDirection == .horizontal {
      if !inner.indexPathsForVisibleItems.contains(target.item) {
        inner.scrollToItem(at: target.item, at: [], animated: false)
      }
    } else if let frame = dataSource.inspection.frameInList(ofItem: target.item, of: target.list, inRowAt: target.row) {
      collectionView.scrollRectToVisible(frame, animated: false)
    }
    inner.layoutIfNeeded()
  }

  /// Taps an item inside a carousel or a grid: shows it, and selects it
  /// there.
  func tap(_ target: NestedItemPath) {
    countingGesture {
      reveal(target)
      target.list.collectionView.selectItem(at: target.item)
      target.list.collectionView.layoutIfNeeded()
      collectionView.layoutIfNeeded()
    }
  }

  /// Scrolls the list so that an item inside a carousel or a grid is at
  /// `position`: a carousel's row there and the item at its leading edge;
  /// a grid's item itself there.
  func scroll(to target: NestedItemPath, at position: CollectionView.ScrollPosition) {
    countingGesture {
      collectionView.scrollToItem(at: target.row, at: position, animated: false)
      collectionView.layoutIfNeeded()
      let inner = target.list.collectionView
      if inner.collectionViewLayout.scrollDirection == .horizontal {
        inner.scrollToItem(at: target.item, at: .left, animated: false)
      } else if let item = dataSource.inspection.frameInList(
        ofItem: target.item, of: target.list, inRowAt: target.row)
      {
        let y: CGFloat
        switch position {
        case .bottom: y = item.maxY - collectionView.bounds.height
        case .centeredVertically: y = item.midY - collectionView.bounds.height / 2
        default: y = item.minY
        }
        collectionView.setContentOffset(CGPoint(x: collectionView.contentOffset.x, y: y), animated: false)
      }
      collectionView.layoutIfNeeded()
      inner.layoutIfNeeded()
      collectionView.layoutIfNeeded()
    }
  }
}
