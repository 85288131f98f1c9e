/// What the tests read of a collection view and break in it on purpose: the
/// one seam between HeadlessCollection and the tests of this package. The
/// behaviour stays with the collection view; reached as
/// `collectionView.inspection`, made on each access (it holds only the
/// collection view). Not API.
@MainActor
package struct CollectionInspection {
  /// The collection view read.
  private let collectionView: CollectionView

  init(_ collectionView: CollectionView) { self.collectionView = collectionView }

  /// Whether the last batch applied by
  /// `performBatchUpdates(_:animated:completion:)` asked for animation
  /// (`performBatchUpdates(_:completion:)` does, as in UIKit).
  ///
  /// - Complexity: O(1).
  package var lastBatchUpdateWasAnimated: Bool { collectionView.itemUpdates.lastBatchWasAnimated }

  /// Every part's rules that are broken now, each named with its part;
  /// empty when all hold.
  ///
  /// - Complexity: that of the collection view's check: O(*v* + *q* + *k* +
  ///   *m* + *i* + *p* + *r* + *b*) in mounted and queued cells,
  ///   supplementary views, selected items, pending invalidations,
  ///   prefetched items, pinned ranges and geometry blocks.
  package func invariantViolations() -> [InvariantViolation] { collectionView.invariantViolations() }

  /// Breaks one rule on purpose, on a collection laid out with at least two
  /// visible cells: the tests of the checks plant each and read that the
  /// check names the part and the rule. Nothing may lay the collection out
  /// afterwards with checks on.
  ///
  /// - Complexity: O(*v*) for *v* mounted cells.
  package func plant(_ defect: PlantedCollectionDefect) { collectionView.plant(defect) }

  /// The ranges of class W and F code points the text columns measure 2
  /// columns wide (besides the emoji): the tests check the characters at
  /// both ends of each.
  nonisolated package static var eastAsianWideRanges: [ClosedRange<UInt32>] { TextColumns.eastAsianWideRanges }
}

extension CollectionView {
  /// What the tests read of this collection view and break in it. Not API.
  ///
  /// - Complexity: O(1).
  package var inspection: CollectionInspection { CollectionInspection(self) }
}
