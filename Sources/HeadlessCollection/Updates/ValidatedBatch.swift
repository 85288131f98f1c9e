/// A batch that passed validation, in global item indexes (all sections'
/// items numbered in one sequence, before and after the update).
///
/// Moves are a removal at their source and an insertion at their
/// destination; reloads are neither (the item stays where the other changes
/// put it). Survivors keep their relative order, so the old-to-new mapping is
/// a rank computation over the two sorted change lists.
struct ValidatedBatch {
  /// The item count before the update.
  var oldCount: Int
  /// The item count after the update.
  var newCount: Int
  /// Deleted items and move sources, old indexes, ascending.
  var removedOld: [Int]
  /// Inserted items and move destinations, new indexes, ascending.
  var insertedNew: [Int]
  /// Moves, old index to new index, ascending by old index.
  var moves: [(old: Int, new: Int)]
  /// Reloaded items, old indexes, ascending.
  var reloadedOld: [Int]

  /// The new index of old item `old`: its move destination, its place among
  /// the survivors, or nil when it was deleted.
  ///
  /// - Complexity: O(log *k*) for *k* changes.
  func newIndex(of old: Int) -> Int? {
    if Self.contains(removedOld, old) {
      let slot = lowerBound(in: 0..<moves.count) { moves[$0].old < old }
      return slot < moves.count && moves[slot].old == old ? moves[slot].new : nil
    }
    return newIndex(ofSurvivor: old)
  }

  /// The new index of old item `old`, which was neither deleted nor moved.
  ///
  /// - Complexity: O(log *k*).
  func newIndex(ofSurvivor old: Int) -> Int {
    // Rank among the survivors...
    let rank = old - Self.countLess(than: old, in: removedOld)
    // ...is the rank among the free new slots: the first new index n with
    // n - (inserted indexes <= n) == rank. Inserted indexes are distinct and
    // ascending, so insertedNew[j] - j never decreases and the number of them
    // below the answer is the number with insertedNew[j] - j <= rank.
    return rank + lowerBound(in: 0..<insertedNew.count) { insertedNew[$0] - $0 <= rank }
  }

  /// Whether ascending `values` contains `value`.
  static func contains(_ values: [Int], _ value: Int) -> Bool {
    let index = countLess(than: value, in: values)
    return index < values.count && values[index] == value
  }

  /// The number of elements of ascending `values` below `value`.
  static func countLess(than value: Int, in values: [Int]) -> Int {
    lowerBound(in: 0..<values.count) { values[$0] < value }
  }
}
