import Foundation

/// What a collection has prefetched and which way it last scrolled.
///
/// Invariants:
/// - `prefetched` holds the items (global indexes) told to prefetch that
///   have since been neither shown nor cancelled, and every index in it
///   names an item of the collection as it is now (batches remap it,
///   reloads empty it, both moving what they drop to `pendingCancels`);
/// - the direction is +1 or -1: the range ahead is one viewport on one
///   side or the other.
struct Prefetcher {
  /// Items prefetched and neither shown nor cancelled since.
  private(set) var prefetched: Set<Int> = []
  /// Index paths to cancel at the next pass: prefetched items a batch
  /// deleted or reloaded, or a reload dropped, as they were then.
  private(set) var pendingCancels: [IndexPath] = []
  /// +1 when the last scroll went toward the end of the content, -1 toward
  /// its start. Before any scroll the range ahead is the one after the
  /// viewport, as a list starts at its top.
  private(set) var direction: CGFloat = 1
  /// The offset along the scroll direction at the last pass.
  private(set) var lastOffset: CGFloat?

  /// Whether nothing is prefetched and nothing waits to be cancelled: a
  /// pass with nothing ahead then has nothing to send.
  ///
  /// - Complexity: O(1).
  var isIdle: Bool { prefetched.isEmpty && pendingCancels.isEmpty }

  /// Notes the offset along the scroll direction at a pass, turning the
  /// direction when it moved the other way.
  ///
  /// - Complexity: O(1).
  mutating func noteScroll(to offset: CGFloat) {
    if let last = lastOffset, offset != last { direction = offset > last ? 1 : -1 }
    lastOffset = offset
  }

  /// Makes `ahead` the prefetched items and says what the prefetch data
  /// source must hear, each list ascending: the index paths dropped since
  /// the last pass (`cancelledPaths`), then the items that left the range
  /// unseen (`cancelled`: neither ahead nor `shown`), and the items that
  /// entered it (`fresh`). The caller tells the data source after this
  /// returns, so that its calls find the part consistent.
  ///
  /// - Complexity: O((*p* + *a*) log (*p* + *a*)) for *p* prefetched and *a*
  ///   items ahead.
  mutating func prefetch(_ ahead: Set<Int>, shown: Set<Int>) -> (
    cancelledPaths: [IndexPath], cancelled: [Int], fresh: [Int]
  ) {
    defer {
      prefetched = ahead
      pendingCancels = []
    }
    return (
      pendingCancels, prefetched.subtracting(ahead).subtracting(shown).sorted(),
      ahead.subtracting(prefetched).sorted()
    )
  }

  /// Follows the prefetched items through a batch: a moved or surviving
  /// item stays prefetched under its new index; a deleted or reloaded one
  /// (whose content the data source replaced) is to be cancelled under the
  /// index path it had.
  ///
  /// - Complexity: O(*p* log *p*) for *p* prefetched items, plus O(log *c*)
  ///   each for *c* changes.
  mutating func remap(through remap: ItemRemap) {
    follow(remap.newIndexKeepingContent(of:), oldPath: remap.oldIndexPath(of:))
  }

  /// Drops every prefetched item, as a reload does, each to be cancelled
  /// under `oldPath` of its index (the index path it had).
  ///
  /// - Complexity: O(*p* log *p*) for *p* prefetched items.
  mutating func cancelAll(oldPath: (Int) -> IndexPath) {
    follow({ _ in nil }, oldPath: oldPath)
  }

  /// Follows the items through a change of indexes: `newIndex` gives an
  /// item's index after it, nil for one that is gone, whose `oldPath` is to
  /// be cancelled (in ascending order of the old indexes, as the data
  /// source hears them).
  private mutating func follow(_ newIndex: (Int) -> Int?, oldPath: (Int) -> IndexPath) {
    guard !prefetched.isEmpty else { return }
    var kept: Set<Int> = []
    for old in prefetched.sorted() {
      if let new = newIndex(old) { kept.insert(new) } else { pendingCancels.append(oldPath(old)) }
    }
    prefetched = kept
  }
}

extension Prefetcher {
  /// The rules written on the type, against a collection of `itemCount`
  /// items.
  ///
  /// - Complexity: O(*p*) for *p* prefetched items.
  func invariantViolations(itemCount: Int) -> [InvariantViolation] {
    var check = InvariantChecker("Prefetcher")
    check.expect(prefetched.allSatisfy { (0..<itemCount).contains($0) }, "every prefetched index names an item")
    check.expect(direction == 1 || direction == -1, "the scroll direction is +1 or -1")
    return check.violations
  }
}
