/// A batch that passed validation, in global item indexes (all sections'
/// items numbered in one sequence, before and after the update).
///
/// Moves are a removal at their source and an insertion at their
/// destination; reloads are neither (the item stays where the other changes
/// put it). Survivors keep their relative order, so the old-to-new mapping is
/// a rank computation over the two sorted change lists. Section changes are
/// expressed in the same terms — a deleted section's items are removals, an
/// inserted section's items insertions, a moved section's items moves — and
/// ``sections`` says where each new section came from.
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
  /// How the sections changed, or nil when the batch changed items only.
  var sections: SectionRemap?

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

/// Where each section of a batch's result comes from.
struct SectionRemap {
  /// For each section after the update, the section it was before, or nil
  /// for a section inserted or reloaded (whose items are all new).
  var sourceOfNew: [Int?]
  /// The first section after the update that is not the section of the same
  /// index before it, unchanged as a whole: sections before it kept their
  /// places (their items may still have changed). The new section count when
  /// there is none.
  var firstChanged: Int
}

extension ValidatedBatch {
  /// Where the element at a new index comes from.
  enum Origin: Equatable {
    /// The old element at this index, which neither left nor moved.
    case survivor(Int)
    /// The old element at this index, moved here.
    case moved(Int)
    /// A new element.
    case inserted
  }

  /// The origin of every new index, ascending.
  ///
  /// This is the one walk that replays a validated batch onto an ordered
  /// sequence: the layout's item records, its sections, and
  /// ``BatchUpdateError/replayItemBatch(deletes:inserts:moves:newCount:on:inserting:)``
  /// all rebuild themselves from it. Survivors come in ascending old order,
  /// so a reader of the old sequence only ever steps forward for them.
  ///
  /// - Complexity: O(*n* + *k*) to walk *n* new indexes with *k* changes.
  var origins: Origins { Origins(self) }

  /// The sequence ``origins`` returns.
  struct Origins: Sequence, IteratorProtocol {
    private let batch: ValidatedBatch
    private var movedFrom: [Int: Int] = [:]
    private var newIndex = 0
    private var nextPlaced = 0  // into batch.insertedNew
    private var nextRemoved = 0  // into batch.removedOld
    private var nextSurvivor = 0  // old index

    init(_ batch: ValidatedBatch) {
      self.batch = batch
      movedFrom.reserveCapacity(batch.moves.count)
      for move in batch.moves { movedFrom[move.new] = move.old }
    }

    mutating func next() -> Origin? {
      guard newIndex < batch.newCount else { return nil }
      defer { newIndex += 1 }
      if nextPlaced < batch.insertedNew.count && batch.insertedNew[nextPlaced] == newIndex {
        nextPlaced += 1
        return movedFrom[newIndex].map { .moved($0) } ?? .inserted
      }
      // The next old element that neither left nor moved.
      while nextRemoved < batch.removedOld.count && batch.removedOld[nextRemoved] == nextSurvivor {
        nextRemoved += 1
        nextSurvivor += 1
      }
      defer { nextSurvivor += 1 }
      return .survivor(nextSurvivor)
    }
  }
}
