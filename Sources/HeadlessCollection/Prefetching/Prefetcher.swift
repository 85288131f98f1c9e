import Foundation

/// What a collection has prefetched and which way it last scrolled.
///
/// Invariant: `prefetched` holds the items (global indexes) told to
/// prefetch that have since been neither shown nor cancelled; every index
/// in it names an item of the collection as it is now (batches remap it,
/// reloads empty it, both moving what they drop to `pendingCancels`).
struct Prefetcher {
  /// Items prefetched and neither shown nor cancelled since.
  var prefetched: Set<Int> = []
  /// Index paths to cancel at the next pass: prefetched items a batch
  /// deleted or reloaded, or a reload dropped, as they were then.
  var pendingCancels: [IndexPath] = []
  /// +1 when the last scroll went toward the end of the content, -1 toward
  /// its start. Before any scroll the range ahead is the one after the
  /// viewport, as a list starts at its top.
  var direction: CGFloat = 1
  /// The offset along the scroll direction at the last pass.
  var lastOffset: CGFloat?

  /// Follows the items through a batch: `newIndex` gives an item's index
  /// after it, nil for one that is gone, whose `oldPath` is to be cancelled.
  ///
  /// - Complexity: O(*p*) for *p* prefetched items.
  mutating func remap(_ newIndex: (Int) -> Int?, oldPath: (Int) -> IndexPath) {
    guard !prefetched.isEmpty else { return }
    var kept: Set<Int> = []
    for old in prefetched.sorted() {
      if let new = newIndex(old) { kept.insert(new) } else { pendingCancels.append(oldPath(old)) }
    }
    prefetched = kept
  }
}

extension Prefetcher {
  /// The rule written on the type: every prefetched index names an item of
  /// a collection of `itemCount` items; the direction is ±1.
  ///
  /// - Complexity: O(*p*) for *p* prefetched items.
  func invariantViolations(itemCount: Int) -> [InvariantViolation] {
    var check = InvariantChecker("Prefetcher")
    check.expect(prefetched.allSatisfy { (0..<itemCount).contains($0) }, "every prefetched index names an item")
    check.expect(direction == 1 || direction == -1, "the scroll direction is +1 or -1")
    return check.violations
  }
}
