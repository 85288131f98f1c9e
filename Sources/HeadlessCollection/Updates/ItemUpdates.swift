import Foundation

/// The changes to the items under way or just made: the batch being
/// recorded, the item being moved by hand, a count of the changes, and
/// whether the last batch asked for animation. One part because they guard
/// each other: a batch cancels a movement before it records, a movement
/// does not start while a batch records, and a call that asks the data
/// source something reads the count to tell whether the items changed
/// meanwhile.
///
/// A batch does not remap the movement: it cancels the movement first
/// (the data source's counts describe the order without it), and the
/// movement's own steps keep its index paths.
///
/// Invariants: those of its ``InteractiveMovement`` (its current index
/// path names an item of the collection's own counts, its position is
/// finite). The rest has none that a state could break: the batch is
/// whatever `performBatchUpdates` records, nested calls included; the count
/// only grows (wrapping); the animation flag describes the last batch.
@MainActor
struct ItemUpdates {
  /// The batch being recorded, if inside `performBatchUpdates`.
  var openBatch: BatchRecorder?
  /// The item being moved by ``CollectionView/beginInteractiveMovementForItem(at:)``,
  /// or nil.
  var movement: InteractiveMovement?
  /// Counts the changes to the items (batches applied, reloads asked for),
  /// so that a call that asks the data source something can tell whether
  /// the items changed under it meanwhile.
  private(set) var generation = 0
  /// Whether the last batch applied asked for animation.
  private(set) var lastBatchWasAnimated = false

  /// Notes a change to the items: a batch applied or a reload asked for.
  ///
  /// - Complexity: O(1).
  mutating func noteItemsChanged() { generation &+= 1 }

  /// Notes that a batch is about to be applied, `animated` or not.
  ///
  /// - Complexity: O(1).
  mutating func noteBatchApplied(animated: Bool) { lastBatchWasAnimated = animated }

  /// The rules written on the type, the index paths checked by
  /// `namesItem` (the collection's own counts): the movement's.
  ///
  /// - Complexity: O(1) plus `namesItem`.
  func invariantViolations(namesItem: (IndexPath) -> Bool) -> [InvariantViolation] {
    guard let movement else { return [] }
    return movement.invariantViolations(namesItem: namesItem)
  }
}
