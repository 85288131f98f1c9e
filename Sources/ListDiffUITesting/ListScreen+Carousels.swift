import Foundation
import ListDiffUI
import Testing
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Carousels (`CarouselSection`), scrolled sideways as a finger does, and
/// their items reached by `tap` and `scroll(toIdentifier:)`.
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
    stepLocation = sourceLocation
    guard let row = dataSource.indexPath(ofCarousel: id, sectionPath: sectionPath) else {
      return record(
        "scroll(carousel: \"\(id)\", sectionPath: \(sectionPath)): the list has no such carousel",
        at: sourceLocation)
    }
    countingGesture {
      reveal(row)
      collectionView.layoutIfNeeded()
      guard let carousel = dataSource.carousel(at: row) else { return }
      carousel.collectionView.drag(by: CGPoint(x: CGFloat(points), y: 0))
      carousel.collectionView.layoutIfNeeded()
      collectionView.layoutIfNeeded()
    }
  }

  /// The item inside a carousel with `identifier`, when the list itself
  /// has none.
  func carouselItem(_ identifier: String, _ sectionPath: [String]) -> CarouselItemPath? {
    guard dataSource.indexPath(forIdentifier: identifier, sectionPath: sectionPath) == nil else {
      return nil
    }
    return dataSource.carouselItem(forIdentifier: identifier, sectionPath: sectionPath)
  }

  /// Taps an item inside a carousel: shows its row, scrolls the carousel
  /// just enough to show the item, and selects it there.
  func tap(_ target: CarouselItemPath) {
    countingGesture {
      reveal(target.row)
      collectionView.layoutIfNeeded()
      let carousel = target.carousel.collectionView
      if !carousel.indexPathsForVisibleItems.contains(target.item) {
        carousel.scrollToItem(at: target.item, at: [], animated: false)
      }
      carousel.selectItem(at: target.item)
      carousel.layoutIfNeeded()
      collectionView.layoutIfNeeded()
    }
  }

  /// Scrolls the list so that an item inside a carousel has its row at
  /// `position`, and the carousel so that the item is at its leading edge.
  func scroll(to target: CarouselItemPath, at position: CollectionView.ScrollPosition) {
    countingGesture {
      collectionView.scrollToItem(at: target.row, at: position, animated: false)
      collectionView.layoutIfNeeded()
      target.carousel.collectionView.scrollToItem(at: target.item, at: .left, animated: false)
      target.carousel.collectionView.layoutIfNeeded()
      collectionView.layoutIfNeeded()
    }
  }
}
