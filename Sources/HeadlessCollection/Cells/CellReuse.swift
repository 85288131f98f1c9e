import Foundation

/// How cells are made and reused: the classes registered per reuse
/// identifier, and the queue of cells waiting to be dequeued.
///
/// Invariants: those of its ``ReuseQueue`` (a queued cell is not mounted,
/// knows it is queued, waits once and under its own identifier, and a
/// remembered item lies in the remembered range). The registrations have
/// none: any identifier may name any class, replaced at will, and
/// dequeuing an identifier never registered still hands out a cell (see
/// ``CollectionView/vend(_:orNew:kind:identifier:frame:)``).
@MainActor
struct CellReuse {
  /// Registered cell classes by reuse identifier.
  private var registeredClasses: [String: CollectionViewCell.Type] = [:]
  /// Cells waiting to be dequeued, and the items they showed.
  private(set) var queue = ReuseQueue()

  /// Registers `cellClass` for `identifier`, replacing an earlier one.
  ///
  /// - Complexity: O(1).
  mutating func register(_ cellClass: CollectionViewCell.Type, for identifier: String) {
    registeredClasses[identifier] = cellClass
  }

  /// The class registered for `identifier`, if any.
  ///
  /// - Complexity: O(1).
  func registeredClass(for identifier: String) -> CollectionViewCell.Type? {
    registeredClasses[identifier]
  }

  /// Queues `cell`, remembering `item` as the one it showed (see
  /// ``ReuseQueue/enqueue(_:showedItem:)``).
  ///
  /// - Complexity: O(1) amortized.
  mutating func enqueue(_ cell: CollectionViewCell, showedItem item: Int?) {
    queue.enqueue(cell, showedItem: item)
  }

  /// A queued cell of `identifier` for `item`, its own first (see
  /// ``ReuseQueue/dequeue(identifier:forItem:)``).
  ///
  /// - Complexity: O(1), or O(*q*) for *q* remembered cells of `identifier`.
  mutating func dequeue(identifier: String, forItem item: Int?) -> CollectionViewCell? {
    queue.dequeue(identifier: identifier, forItem: item)
  }

  /// Takes `cell` out of the queue: a data source kept it rather than
  /// dequeuing it, and the collection shows it again.
  ///
  /// - Complexity: O(*q*) for *q* cells queued under its identifier.
  mutating func remove(_ cell: CollectionViewCell) {
    queue.remove(cell)
  }

  /// Forgets which item every queued cell showed, as a reload does.
  ///
  /// - Complexity: O(*q*) for *q* queued cells.
  mutating func forgetItems() {
    queue.forgetItems()
  }

  /// Follows the queued cells' memory through a batch: a moved or surviving
  /// item is still remembered under its new index; a deleted or reloaded
  /// one is forgotten (a reloaded item gets a fresh cell).
  ///
  /// - Complexity: O(*q* log *c*) for *q* remembered cells and *c* changes.
  mutating func remap(through remap: ItemRemap) {
    queue.remapItems { remap.newIndexKeepingContent(of: $0) }
  }

  /// The rules written on the type: the queue's (named "ReuseQueue").
  ///
  /// - Complexity: O(*q*) for *q* queued cells.
  func invariantViolations() -> [InvariantViolation] {
    queue.invariantViolations()
  }
}
