import Foundation

extension CollectionView {
  /// Whether the collection view is on a screen at all (default `true`).
  /// A collection view shown inside a cell of another — a carousel, a row
  /// of a vertical list — is not while that cell is unmounted: it keeps its
  /// layout, sizes and content offset, but shows no cell and no header or
  /// footer (those shown get their `didEndDisplaying`) and prefetches
  /// nothing, as a UIKit collection view out of its window. Setting it lays
  /// out at once. Not API: ListDiffUI's carousels set it.
  ///
  /// - Complexity: O(1) to read; setting it costs a layout pass:
  ///   O(log *n* + *v*) for the *v* cells it mounts or unmounts.
  package var isOnScreen: Bool {
    get { position.isOnScreen }
    set {
      guard newValue != position.isOnScreen else { return }
      position.isOnScreen = newValue
      invalidation.setNeedsLayout()
      layoutIfNeeded()
    }
  }
}
