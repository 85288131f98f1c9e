import Foundation

/// The changes announced inside one `performBatchUpdates` call (nested calls
/// included), in the order they were announced. A class because the
/// collection view hands the one open batch to every recording method.
@MainActor
final class BatchRecorder {
  var deletes: [IndexPath] = []
  var inserts: [IndexPath] = []
  var reloads: [IndexPath] = []
  var moves: [(from: IndexPath, to: IndexPath)] = []
  /// Sections announced by `deleteSections(_:)`, `insertSections(_:)` and
  /// `reloadSections(_:)`: a section named twice is changed once, as an
  /// `IndexSet` holds it once.
  var sectionDeletes = IndexSet()
  var sectionInserts = IndexSet()
  var sectionReloads = IndexSet()
  /// Section moves, in the order announced.
  var sectionMoves: [(from: Int, to: Int)] = []
  /// Items whose sizes are to be asked again, as index paths before the
  /// update.
  var invalidations: [IndexPath] = []
  /// Whether `reloadData()` was called inside the batch, which then reloads
  /// everything instead of applying the changes.
  var reloadsAllData = false
  /// The completions of this batch and of the batches nested in it.
  var completions: [(Bool) -> Void] = []
}
