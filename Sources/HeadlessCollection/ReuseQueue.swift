/// Cells waiting to be dequeued, by reuse identifier, and which item each
/// showed last.
///
/// Remembering the item is what lets an item scrolled out and back get its
/// own cell again while nobody else took it (UIKit usually behaves so, and
/// ListDiffUI's lifecycle relies on it: no second mount for a cell that never
/// changed hands). The memory follows the items through batch updates and is
/// dropped by a reload. Other items take cells that remember nothing first,
/// so that a remembered cell is given away only when no other is queued.
@MainActor
struct ReuseQueue {
  /// The cells of one reuse identifier.
  private struct Queue {
    /// Cells that remember no item, oldest first.
    var free: [CollectionViewCell] = []
    /// Cells that remember the item they showed, oldest first.
    var remembered: [CollectionViewCell] = []
  }

  private var queues: [String: Queue] = [:]
  /// The queued cell that last showed each item (global index).
  private var cellsByItem: [Int: CollectionViewCell] = [:]
  /// The item each remembered cell showed, by cell identity; the inverse of
  /// `cellsByItem`.
  private var itemsByCell: [ObjectIdentifier: Int] = [:]

  /// Queues `cell`, remembering `item` (global index) as the one it showed,
  /// or nothing when it stopped showing its item for good (a delete, a
  /// reload). A cell without a reuse identifier was not dequeued and is
  /// simply released.
  ///
  /// - Complexity: O(1) amortized.
  mutating func enqueue(_ cell: CollectionViewCell, showedItem item: Int?) {
    guard let identifier = cell.reuseIdentifier else { return }
    guard let item else {
      queues[identifier, default: Queue()].free.append(cell)
      return
    }
    if let previous = cellsByItem[item] { forget(previous) }
    queues[identifier, default: Queue()].remembered.append(cell)
    cellsByItem[item] = cell
    itemsByCell[ObjectIdentifier(cell)] = item
  }

  /// A queued cell of `identifier` for `item`: the one that last showed it if
  /// it still waits here, else the most recently queued cell that remembers
  /// nothing, else the most recently queued one; nil when none is queued.
  ///
  /// - Complexity: O(*q*) for *q* remembered cells of `identifier` when the
  ///   item's own cell is found, else O(1).
  mutating func dequeue(identifier: String, forItem item: Int?) -> CollectionViewCell? {
    guard var queue = queues[identifier] else { return nil }
    let cell: CollectionViewCell
    if let item, let own = cellsByItem[item], let slot = queue.remembered.lastIndex(where: { $0 === own }) {
      cell = queue.remembered.remove(at: slot)
    } else if let free = queue.free.popLast() {
      cell = free
    } else if let other = queue.remembered.popLast() {
      cell = other
    } else {
      return nil
    }
    queues[identifier] = queue
    if let shown = itemsByCell.removeValue(forKey: ObjectIdentifier(cell)) {
      cellsByItem[shown] = nil
    }
    return cell
  }

  /// Moves the memory of shown items through a change of indexes:
  /// `newIndex` gives an item's index after it, or nil for an item that is
  /// gone (its cell stays queued and remembers nothing).
  ///
  /// - Complexity: O(*r*) calls of `newIndex` for *r* remembered cells, plus
  ///   O(*r* log *r*) to keep them in order and O(*q*) per forgotten one.
  mutating func remapItems(_ newIndex: (Int) -> Int?) {
    guard !cellsByItem.isEmpty else { return }
    let old = cellsByItem
    cellsByItem = [:]
    // In item order, so that the order of freed cells does not depend on
    // hashing.
    for (item, cell) in old.sorted(by: { $0.key < $1.key }) {
      if let new = newIndex(item) {
        cellsByItem[new] = cell
        itemsByCell[ObjectIdentifier(cell)] = new
      } else {
        itemsByCell[ObjectIdentifier(cell)] = nil
        moveToFree(cell)
      }
    }
  }

  /// Forgets which item every queued cell showed; the cells stay queued.
  ///
  /// - Complexity: O(*q*) for *q* queued cells.
  mutating func forgetItems() {
    guard !cellsByItem.isEmpty else { return }
    cellsByItem = [:]
    itemsByCell = [:]
    for identifier in queues.keys.sorted() {
      queues[identifier]!.free += queues[identifier]!.remembered
      queues[identifier]!.remembered = []
    }
  }

  /// Drops the memory of `cell`, which stays queued.
  private mutating func forget(_ cell: CollectionViewCell) {
    if let item = itemsByCell.removeValue(forKey: ObjectIdentifier(cell)) { cellsByItem[item] = nil }
    moveToFree(cell)
  }

  /// Moves a queued `cell` from the remembered cells to the free ones.
  private mutating func moveToFree(_ cell: CollectionViewCell) {
    guard let identifier = cell.reuseIdentifier, var queue = queues[identifier],
      let slot = queue.remembered.lastIndex(where: { $0 === cell })
    else { return }
    queue.remembered.remove(at: slot)
    queue.free.append(cell)
    queues[identifier] = queue
  }
}
