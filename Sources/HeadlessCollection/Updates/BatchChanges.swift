import Foundation

/// The changes of one batch as plain values, so that ``BatchValidator`` runs
/// on any actor: the collection view hands it what its recorder collected,
/// and `ListDiffUpdate.apply(to:inserting:)` (in ListDiffUI) hands it a
/// reported batch through ``BatchUpdateError/replayItemBatch(deletes:inserts:moves:newCount:on:inserting:)``.
struct BatchChanges {
  var deletes: [IndexPath]
  var inserts: [IndexPath]
  var reloads: [IndexPath]
  var moves: [(from: IndexPath, to: IndexPath)]
  /// Deleted sections, indexes before the update.
  var sectionDeletes: IndexSet = []
  /// Inserted sections, indexes after the update.
  var sectionInserts: IndexSet = []
  /// Reloaded sections, indexes before the update.
  var sectionReloads: IndexSet = []
  /// Section moves, before to after, in the order announced.
  var sectionMoves: [(from: Int, to: Int)] = []

  /// Whether any change names a whole section.
  var changesSections: Bool {
    !sectionDeletes.isEmpty || !sectionInserts.isEmpty || !sectionReloads.isEmpty
      || !sectionMoves.isEmpty
  }
}

extension BatchValidator {
  /// Validates what `batch` recorded.
  ///
  /// - Complexity: O(*k* log *k* + *s*) for *k* changes in *s* sections.
  @MainActor
  static func validate(_ batch: BatchRecorder, oldCounts: [Int], newCounts: [Int])
    throws(BatchUpdateError) -> ValidatedBatch
  {
    try validate(
      BatchChanges(
        deletes: batch.deletes, inserts: batch.inserts, reloads: batch.reloads, moves: batch.moves,
        sectionDeletes: batch.sectionDeletes, sectionInserts: batch.sectionInserts,
        sectionReloads: batch.sectionReloads, sectionMoves: batch.sectionMoves),
      oldCounts: oldCounts, newCounts: newCounts)
  }
}

extension BatchUpdateError {
  /// Applies a batch of item changes in one section to `array` exactly as
  /// ``CollectionView/performBatchUpdates(_:completion:)`` applies it to its
  /// items, after the same validation: deleted items and move sources leave,
  /// inserted items (made by `inserting` from their new index, in ascending
  /// order) and move destinations take their places, and the other items
  /// keep their order in the places left. Not API: ListDiffUI's
  /// `ListDiffUpdate.apply(to:inserting:)` is.
  ///
  /// Throws the error the collection view throws for the same batch on a
  /// section of `array.count` items whose data source then reports
  /// `newCount`, and leaves `array` unchanged.
  ///
  /// - Complexity: O(*n* + *k* log *k*) for *n* items and *k* changes.
  package static func replayItemBatch<Element>(
    deletes: [Int], inserts: [Int], moves: [(from: Int, to: Int)], newCount: Int,
    on array: inout [Element], inserting: (Int) -> Element
  ) throws(BatchUpdateError) {
    func path(_ item: Int) -> IndexPath { IndexPath(index: 0).appending(item) }
    let batch = try BatchValidator.validate(
      BatchChanges(
        deletes: deletes.map(path), inserts: inserts.map(path), reloads: [],
        moves: moves.map { (path($0.from), path($0.to)) }),
      oldCounts: [array.count], newCounts: [newCount])
    var result: [Element] = []
    result.reserveCapacity(batch.newCount)
    for (new, origin) in batch.origins.enumerated() {
      switch origin {
      case .survivor(let old), .moved(let old): result.append(array[old])
      case .inserted: result.append(inserting(new))
      }
    }
    array = result
  }
}
