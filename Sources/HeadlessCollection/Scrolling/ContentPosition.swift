import Foundation

/// Where the viewport is in the content, and what holds it in place through
/// a batch: the content offset, how a batch update moves it, and the item a
/// batch anchored it to.
///
/// Invariants:
/// - the offset is finite: every way to move it clamps it to the scrollable
///   range and keeps the current value for a component that is not finite;
/// - an anchored item is not negative: a batch anchors to a surviving
///   item's new index. It is not remapped by later batches (each anchors
///   anew, after the replay, in its own new indexes), so it may name an
///   item beyond the last after a reload: its reader checks it.
struct ContentPosition {
  /// The point of the content shown at the top left of the viewport.
  var offset: CGPoint = .zero
  /// How a batch update moves the content offset; set by ListDiffUI's data
  /// source.
  var anchoring: ContentAnchoring = .none
  /// The item a batch anchored the viewport to (new index), kept in place
  /// while that batch's layout pass sizes estimated items.
  private(set) var anchoredItem: Int?
  /// Whether the viewport is on a screen at all. A collection view inside
  /// a cell that scrolled away (a carousel) is not: it keeps its layout and
  /// offset, and shows, displays and prefetches nothing.
  var isOnScreen = true

  /// Keeps item `item` (an index after the batch) in place while the
  /// batch's layout pass sizes estimated items.
  ///
  /// - Complexity: O(1).
  mutating func anchor(to item: Int) { anchoredItem = item }

  /// Lets go of the anchored item once its batch is laid out.
  ///
  /// - Complexity: O(1).
  mutating func releaseAnchor() { anchoredItem = nil }
}

extension ContentPosition {
  /// The rules written on the type.
  ///
  /// - Complexity: O(1).
  func invariantViolations() -> [InvariantViolation] {
    var check = InvariantChecker("ContentPosition")
    check.expect(offset.x.isFinite && offset.y.isFinite, "the offset is finite")
    check.expect(anchoredItem.map { $0 >= 0 } ?? true, "an anchored item is not negative")
    return check.violations
  }
}
