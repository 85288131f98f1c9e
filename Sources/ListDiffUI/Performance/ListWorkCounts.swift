/// What an update of the list did, counted rather than timed: the same on
/// every machine and every run, so a test can budget it
/// (`#expect(counts.sizeRequests <= 2)`) where a wall-clock budget would be
/// flaky on shared CI.
///
/// A ``ListUpdatePerformance`` carries the counts of one applied root;
/// ListDiffUITesting's `ListScreen` also gives the counts of a scroll or a
/// drag, where the item and change counts stay as they were and zero.
public struct ListWorkCounts: Sendable, Hashable, CustomStringConvertible {
  /// The number of items shown before the update.
  public var itemsBefore: Int
  /// The number of items shown after it.
  public var itemsAfter: Int
  /// Items the update's diff inserted.
  public var inserts: Int
  /// Items the update's diff deleted.
  public var deletes: Int
  /// Items the update's diff moved.
  public var moves: Int
  /// Items the update's diff updated: same identity, changed view model.
  public var updates: Int
  /// Leaf sections (``ListSection``s) of the new root whose items the
  /// update read: compared with those shown, or searched for repeated
  /// identifiers.
  public var sectionsCompared: Int
  /// Leaf sections of the new root that the update did not read: their
  /// view-model array was the very one shown (the same storage, which the
  /// app did not touch), so nothing in them changed. `sectionsCompared +
  /// sectionsSkipped` is the number of leaf sections in the root. A budget
  /// of "work ∝ change" reads here that untouched sections stay untouched.
  public var sectionsSkipped: Int
  /// Item reads of the update: each item of a compared section, old and
  /// new, read by the diff, and each item searched for a repeated
  /// identifier. A root that changes one item of a section of 1,000 among
  /// many reads about 2,000, however long the list.
  public var itemsCompared: Int
  /// Cell controllers created: for items the collection view sized or
  /// displayed for the first time (or that were looked up).
  public var controllersCreated: Int
  /// Cell controllers let go of, because their items were deleted.
  public var controllersReleased: Int
  /// `itemSize(containerSize:)` calls: one per item whose size the layout
  /// needed. An update that starts sizing every item shows here first.
  public var sizeRequests: Int
  /// `configureCell` calls, on cells mounted, reconfigured after a change,
  /// or reused.
  public var cellsConfigured: Int
  /// Cells that started showing an item (`didMount`).
  public var cellsMounted: Int
  /// Cells that stopped showing an item (`willUnmount`).
  public var cellsUnmounted: Int

  /// Counts, all zero unless given.
  ///
  /// - Complexity: O(1).
  public init(
    itemsBefore: Int = 0, itemsAfter: Int = 0,
    inserts: Int = 0, deletes: Int = 0, moves: Int = 0, updates: Int = 0,
    controllersCreated: Int = 0, controllersReleased: Int = 0, sizeRequests: Int = 0,
    cellsConfigured: Int = 0, cellsMounted: Int = 0, cellsUnmounted: Int = 0,
    sectionsCompared: Int = 0, sectionsSkipped: Int = 0, itemsCompared: Int = 0
  ) {
    self.itemsBefore = itemsBefore
    self.itemsAfter = itemsAfter
    self.inserts = inserts
    self.deletes = deletes
    self.moves = moves
    self.updates = updates
    self.controllersCreated = controllersCreated
    self.controllersReleased = controllersReleased
    self.sizeRequests = sizeRequests
    self.cellsConfigured = cellsConfigured
    self.cellsMounted = cellsMounted
    self.cellsUnmounted = cellsUnmounted
    self.sectionsCompared = sectionsCompared
    self.sectionsSkipped = sectionsSkipped
    self.itemsCompared = itemsCompared
  }

  /// The counts on one line, zero counts left out:
  /// `items 3 → 4, 1 insert, 1 section compared, 7 items compared,
  /// 1 controller created, 1 size request, …`.
  ///
  /// - Complexity: O(1).
  public var description: String {
    var parts = ["items \(itemsBefore) → \(itemsAfter)"]
    let named: [(Int, String, String)] = [
      (inserts, "insert", "inserts"), (deletes, "delete", "deletes"), (moves, "move", "moves"),
      (updates, "update", "updates"),
      (sectionsCompared, "section compared", "sections compared"),
      (sectionsSkipped, "section skipped", "sections skipped"),
      (itemsCompared, "item compared", "items compared"),
      (controllersCreated, "controller created", "controllers created"),
      (controllersReleased, "controller released", "controllers released"),
      (sizeRequests, "size request", "size requests"),
      (cellsConfigured, "cell configured", "cells configured"),
      (cellsMounted, "cell mounted", "cells mounted"),
      (cellsUnmounted, "cell unmounted", "cells unmounted"),
    ]
    for (count, one, many) in named where count != 0 {
      parts.append("\(count) \(count == 1 ? one : many)")
    }
    return parts.joined(separator: ", ")
  }

  /// The work done between `earlier` and these counts, both read from a
  /// data source's running totals (`ListDiffDataSource.workCounts`); the
  /// item and change counts are left to the caller.
  ///
  /// - Complexity: O(1).
  package func work(since earlier: ListWorkCounts) -> ListWorkCounts {
    ListWorkCounts(
      controllersCreated: controllersCreated - earlier.controllersCreated,
      controllersReleased: controllersReleased - earlier.controllersReleased,
      sizeRequests: sizeRequests - earlier.sizeRequests,
      cellsConfigured: cellsConfigured - earlier.cellsConfigured,
      cellsMounted: cellsMounted - earlier.cellsMounted,
      cellsUnmounted: cellsUnmounted - earlier.cellsUnmounted)
  }
}
