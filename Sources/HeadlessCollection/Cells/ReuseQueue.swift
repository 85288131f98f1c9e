/// Cells waiting to be dequeued, by reuse identifier, and which item each
/// showed last.
///
/// Remembering the item is what lets an item scrolled out and back get its
/// own cell again while nobody else took it (UIKit usually behaves so, and
/// ListDiffUI's lifecycle relies on it: no second mount for a cell that never
/// changed hands). The memory follows the items through batch updates and is
/// dropped by a reload. Other items take cells that remember nothing first,
/// so that a remembered cell is given away only when no other is queued.
///
/// Each cell keeps its item in ``CollectionViewCell/rememberedItem``; the
/// queues are short (about a viewport of cells), so finding an item's cell is
/// a scan, skipped whenever the item lies outside the range of remembered
/// items — as it does for every item arriving while scrolling on.
@MainActor
struct ReuseQueue {
  /// The cells of one reuse identifier.
  @MainActor
  private struct Queue {
    /// Cells that remember no item, oldest first.
    var free: [CollectionViewCell] = []
    /// Cells that remember the item they showed, oldest first.
    private(set) var remembered: [CollectionViewCell] = []
    /// The item each of `remembered` remembers, at the same place: what a
    /// dequeue scans, without retaining and releasing each cell it passes.
    private(set) var rememberedItems: [Int] = []

    /// Queues `cell`, which remembers `item`.
    mutating func remember(_ cell: CollectionViewCell, _ item: Int) {
      remembered.append(cell)
      rememberedItems.append(item)
    }

    /// Takes out the remembered cell at `slot`.
    mutating func takeRemembered(at slot: Int) -> CollectionViewCell {
      rememberedItems.remove(at: slot)
      return remembered.remove(at: slot)
    }

    /// Takes out the most recently queued remembered cell, if any.
    mutating func takeLastRemembered() -> CollectionViewCell? {
      guard let cell = remembered.popLast() else { return nil }
      rememberedItems.removeLast()
      return cell
    }

    /// Takes `cell` out of the remembered cells, if it is one.
    mutating func forget(_ cell: CollectionViewCell) {
      guard let slot = remembered.firstIndex(where: { $0 === cell }) else { return }
      _ = takeRemembered(at: slot)
    }

    /// Keeps the remembered cells for which `keep` is true (it may update
    /// their item) and moves the others, in order, to the free cells.
    mutating func update(keep: (CollectionViewCell) -> Bool) {
      var kept: [CollectionViewCell] = []
      var keptItems: [Int] = []
      for cell in remembered {
        if keep(cell), let item = cell.rememberedItem {
          kept.append(cell)
          keptItems.append(item)
        } else {
          cell.rememberedItem = nil
          free.append(cell)
        }
      }
      remembered = kept
      rememberedItems = keptItems
    }
  }

  private var queues: [String: Queue] = [:]
  /// Every remembered item lies in this range (which may be wider); nil
  /// when no cell remembers an item, so that a scroll, which dequeues the
  /// cells it just queued, scans for an item only near those.
  private var rememberedRange: ClosedRange<Int>?
  /// How many queued cells remember an item, in all queues.
  private var rememberedCount = 0
  /// The identifier whose queue was last found, and where: a scroll queues
  /// and dequeues one identifier over and over, and comparing it with the
  /// last (the same string, whose first word decides) spares hashing it.
  /// Set only by `slot(of:)`, which alone adds queues, and forgotten by
  /// every other writer of `queues`.
  private var lastSlot: (identifier: String, slot: Dictionary<String, Queue>.Index)?

  /// Where `identifier`'s queue is in `queues`, an empty one made if it has
  /// none.
  ///
  /// - Complexity: O(1) expected; the identifier is hashed only when it is
  ///   not the last one found.
  private mutating func slot(of identifier: String) -> Dictionary<String, Queue>.Index {
    if let lastSlot, lastSlot.identifier == identifier { return lastSlot.slot }
    if queues.index(forKey: identifier) == nil { queues[identifier] = Queue() }
    let slot = queues.index(forKey: identifier)!
    lastSlot = (identifier, slot)
    return slot
  }

  /// Queues `cell`, remembering `item` (global index) as the one it showed,
  /// or nothing when it stopped showing its item for good (a delete, a
  /// reload). A cell without a reuse identifier was not dequeued and is
  /// simply released.
  ///
  /// - Complexity: O(1) amortized.
  mutating func enqueue(_ cell: CollectionViewCell, showedItem item: Int?) {
    guard let identifier = cell.reuseIdentifier else { return }
    cell.isQueued = true
    cell.rememberedItem = item
    let slot = slot(of: identifier)
    guard let item else {
      queues.values[slot].free.append(cell)
      return
    }
    queues.values[slot].remember(cell, item)
    rememberedCount += 1
    if let range = rememberedRange {
      rememberedRange = min(range.lowerBound, item)...max(range.upperBound, item)
    } else {
      rememberedRange = item...item
    }
  }

  /// A queued cell of `identifier` for `item`: the one that last showed it if
  /// it still waits here, else the most recently queued cell that remembers
  /// nothing, else the most recently queued one; nil when none is queued.
  ///
  /// - Complexity: O(1), or O(*q*) for *q* remembered cells of `identifier`
  ///   when `item` lies within the range of remembered items.
  mutating func dequeue(identifier: String, forItem item: Int?) -> CollectionViewCell? {
    // Found once and taken from in place: the identifier hashed at most once.
    let slot = slot(of: identifier)
    let range = rememberedRange
    let cell: CollectionViewCell? = Self.take(from: &queues.values[slot]) { queue in
      guard let item, let range, range.contains(item) else { return nil }
      return queue.rememberedItems.lastIndex(of: item)
    }
    if cell?.rememberedItem != nil { noteRememberedCellLeft() }
    cell?.rememberedItem = nil
    cell?.isQueued = false
    return cell
  }

  /// A cell that remembered an item left the queues (taken, or forgotten
  /// by the data source): with the last, the range goes too.
  private mutating func noteRememberedCellLeft() {
    rememberedCount -= 1
    if rememberedCount == 0 { rememberedRange = nil }
  }

  /// Takes `cell` out of its queue: a data source returned it without
  /// dequeuing it (it kept the cell), and the collection shows it again.
  ///
  /// - Complexity: O(*q*) for *q* cells queued under its identifier.
  mutating func remove(_ cell: CollectionViewCell) {
    lastSlot = nil
    guard cell.isQueued, let identifier = cell.reuseIdentifier, var queue = queues[identifier] else { return }
    queue.free.removeAll { $0 === cell }
    queue.forget(cell)
    queues[identifier] = queue
    cell.isQueued = false
    if cell.rememberedItem != nil { noteRememberedCellLeft() }
    cell.rememberedItem = nil
  }

  /// Removes and returns the cell at the slot `own` finds among the
  /// remembered cells, else the last free cell, else the last remembered one.
  private static func take(
    from queue: inout Queue, own: (Queue) -> Int?
  ) -> CollectionViewCell? {
    if let slot = own(queue) { return queue.takeRemembered(at: slot) }
    if let free = queue.free.popLast() { return free }
    return queue.takeLastRemembered()
  }

  /// Moves the memory of shown items through a change of indexes:
  /// `newIndex` gives an item's index after it, or nil for an item that is
  /// gone (its cell stays queued and remembers nothing).
  ///
  /// - Complexity: O(*q*) calls of `newIndex` for *q* remembered cells.
  mutating func remapItems(_ newIndex: (Int) -> Int?) {
    guard rememberedRange != nil else { return }
    lastSlot = nil
    var range: ClosedRange<Int>?
    var count = 0
    for identifier in queues.keys.sorted() {
      queues[identifier, default: Queue()].update { cell in
        guard let old = cell.rememberedItem, let new = newIndex(old) else { return false }
        cell.rememberedItem = new
        range = range.map { min($0.lowerBound, new)...max($0.upperBound, new) } ?? new...new
        count += 1
        return true
      }
    }
    rememberedRange = range
    rememberedCount = count
  }

  /// Forgets which item every queued cell showed; the cells stay queued.
  ///
  /// - Complexity: O(*q*) for *q* queued cells.
  mutating func forgetItems() {
    guard rememberedRange != nil else { return }
    lastSlot = nil
    for identifier in queues.keys.sorted() {
      queues[identifier, default: Queue()].update { _ in false }
    }
    rememberedRange = nil
    rememberedCount = 0
  }
}

extension ReuseQueue {
  /// The rules of the queues: a queued cell is not mounted and is queued
  /// once, under its own reuse identifier; a remembered cell remembers an
  /// item within `rememberedRange`, a free one none; `rememberedCount`
  /// counts the remembered cells, and the range is nil when there are
  /// none.
  ///
  /// - Complexity: O(*q*) for *q* queued cells.
  func invariantViolations() -> [InvariantViolation] {
    var check = InvariantChecker("ReuseQueue")
    var cells = Set<ObjectIdentifier>()
    let remembered = queues.values.reduce(0) { $0 + $1.remembered.count }
    check.expect(rememberedCount == remembered, "rememberedCount counts the remembered cells")
    check.expect(remembered > 0 || rememberedRange == nil, "without remembered cells there is no remembered range")
    for (identifier, queue) in queues {
      for cell in queue.free + queue.remembered {
        check.expect(!cell.isMounted, "a queued cell is not mounted")
        check.expect(cell.isQueued, "a queued cell knows it is queued")
        check.expect(cells.insert(ObjectIdentifier(cell)).inserted, "a cell is queued once")
        check.expect(cell.reuseIdentifier == identifier, "a cell waits under its own reuse identifier")
      }
      for cell in queue.free {
        check.expect(cell.rememberedItem == nil, "a free cell remembers no item")
      }
      check.expect(
        queue.rememberedItems == queue.remembered.map { $0.rememberedItem ?? -1 },
        "the remembered items are those the remembered cells remember, in order")
      for cell in queue.remembered {
        let item = cell.rememberedItem
        check.expect(
          item.map { rememberedRange?.contains($0) == true } ?? false,
          "a remembered cell remembers an item within the remembered range")
      }
    }
    return check.violations
  }
}
