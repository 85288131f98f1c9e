import Foundation

/// The selected items, by global index. A set: selection is asked per
/// visible cell in every pass and changed one item at a time.
///
/// Invariants:
/// - every selected index names an item of the collection: a batch remaps
///   the selection with the items (a deleted item's selection goes, a
///   reloaded or moved item keeps it), and a reload clears it.
struct Selection {
  /// The selected items, global indexes.
  private(set) var indexes: Set<Int> = []
  /// How many times `clear()` ran: what a data source keeping its own
  /// selection watches to mirror it again.
  private(set) var clearCount = 0

  /// Whether item `index` is selected.
  ///
  /// - Complexity: O(1) expected.
  func contains(_ index: Int) -> Bool { indexes.contains(index) }

  /// The selected items, ascending: the order the delegate hears
  /// deselections in and the index paths are reported in.
  ///
  /// - Complexity: O(*m* log *m*) for *m* selected items.
  var ascending: [Int] { indexes.sorted() }

  /// Selects or deselects item `index`.
  ///
  /// - Complexity: O(1) expected.
  mutating func set(_ selected: Bool, _ index: Int) {
    if selected { indexes.insert(index) } else { indexes.remove(index) }
  }

  /// Deselects everything, as a reload does.
  ///
  /// - Complexity: O(*m*).
  mutating func clear() {
    indexes = []
    clearCount &+= 1
  }

  /// Follows the selected items through a batch: a moved, surviving or
  /// reloaded item stays selected under its new index; a deleted one's
  /// selection goes.
  ///
  /// - Complexity: O(*m* log *c*) for *m* selected items and *c* changes.
  mutating func remap(through remap: ItemRemap) {
    indexes = Set(indexes.compactMap { remap.newIndex(of: $0) })
  }
}

extension Selection {
  /// The rule written on the type, against a collection of `itemCount`
  /// items.
  ///
  /// - Complexity: O(*m*) for *m* selected items.
  func invariantViolations(itemCount: Int) -> [InvariantViolation] {
    var check = InvariantChecker("Selection")
    check.expect(indexes.allSatisfy { (0..<itemCount).contains($0) }, "every selected index names an item")
    return check.violations
  }
}
