extension CollectionView {
  /// Every part's rules, and those that tie the parts together: the
  /// geometry holds one record per item, a movement's current place (in
  /// the collection's counts; its original place is in the data source's,
  /// which differ while an item crosses sections), the selection and the
  /// pending invalidations name items, and the mounted
  /// cells and the queued ones are apart. Empty when all hold. Package
  /// access: the tests plant broken states and read what is named.
  ///
  /// - Complexity: O(*v* + *q* + *p* + *s* + *b*) in mounted and queued
  ///   cells, prefetched and selected items, and geometry blocks.
  package func invariantViolations() -> [InvariantViolation] {
    let itemCount = engine.itemCount
    var violations = mounted.invariantViolations(itemCount: itemCount)
    violations += reuseQueue.invariantViolations()
    violations += prefetcher.invariantViolations(itemCount: itemCount)
    violations += engine.store.invariantViolations()
    var check = InvariantChecker("CollectionView")
    check.expect(engine.store.count == itemCount, "the geometry holds one record per item")
    if let movement = interactiveMovement {
      check.expect(global(movement.current) != nil, "a movement's current index path names an item")
    }
    check.expect(selectedIndexes.allSatisfy { (0..<itemCount).contains($0) }, "every selected index names an item")
    check.expect(
      pendingInvalidations.allSatisfy { (0..<itemCount).contains($0) }, "every pending invalidation names an item")
    let mountedCells = Set(mounted.entries.map { ObjectIdentifier($0.cell) })
    check.expect(
      departingCells.allSatisfy { !mountedCells.contains(ObjectIdentifier($0.cell)) },
      "a cell on its way out is not mounted")
    return violations + check.violations
  }

  /// Runs every check when internal checks are on (debug builds, or
  /// `-DLISTDIFFUI_INTERNAL_CHECKS`), stopping the program on a violation,
  /// which it names with `event`.
  ///
  /// - Complexity: that of ``invariantViolations()`` when checks are on;
  ///   O(1) otherwise.
  func checkInvariantsIfEnabled(after event: @autoclosure () -> String) {
    guard internalChecksEnabled else { return }
    trapOnViolations(invariantViolations(), in: "HeadlessCollection", after: event())
  }
}

/// A broken state the tests plant in a collection view, one rule each, to
/// see that its check names the part and the rule. Not API.
package enum PlantedCollectionDefect: CaseIterable, Sendable {
  /// Two mounted cells listed out of order.
  case mountedOutOfOrder
  /// A mounted cell listed for an item beyond the last.
  case mountedBeyondItems
  /// A mounted cell that does not know it is mounted.
  case mountedCellUnaware
  /// A mounted cell also waiting in the reuse queue.
  case queuedCellMounted
  /// A prefetched index beyond the last item.
  case prefetchedBeyondItems
  /// An empty block of geometry records.
  case emptyGeometryBlock
  /// A selected index beyond the last item.
  case selectionBeyondItems
  /// A pending invalidation of an index beyond the last item.
  case invalidationBeyondItems
  /// A mounted cell also on its way out.
  case departingCellMounted

  /// The rule the check names for it: the part, then the rule.
  package var brokenRule: InvariantViolation {
    switch self {
    case .mountedOutOfOrder: InvariantViolation("MountedCells", "entries ascend by index, one per item")
    case .mountedBeyondItems: InvariantViolation("MountedCells", "every entry names an item of the collection")
    case .mountedCellUnaware: InvariantViolation("MountedCells", "a mounted cell knows it is mounted")
    case .queuedCellMounted: InvariantViolation("ReuseQueue", "a queued cell is not mounted")
    case .prefetchedBeyondItems: InvariantViolation("Prefetcher", "every prefetched index names an item")
    case .emptyGeometryBlock: InvariantViolation("GeometryStore", "no block is empty")
    case .selectionBeyondItems: InvariantViolation("CollectionView", "every selected index names an item")
    case .invalidationBeyondItems: InvariantViolation("CollectionView", "every pending invalidation names an item")
    case .departingCellMounted: InvariantViolation("CollectionView", "a cell on its way out is not mounted")
    }
  }
}

extension CollectionView {
  /// Breaks one rule on purpose, on a collection laid out with at least
  /// two visible cells. Not API: the tests of the checks use it, and
  /// nothing may lay the collection out afterwards with checks on.
  package func plant(_ defect: PlantedCollectionDefect) {
    let entries = mounted.entries
    precondition(entries.count >= 2, "plant(_:) needs two mounted cells")
    let count = engine.itemCount
    switch defect {
    case .mountedOutOfOrder: mounted = MountedCells(entries.reversed())
    case .mountedBeyondItems: mounted = MountedCells([entries[0], (count + 1, entries[1].cell)])
    case .mountedCellUnaware: entries[0].cell.isMounted = false
    case .queuedCellMounted: reuseQueue.enqueue(entries[0].cell, showedItem: nil)
    case .prefetchedBeyondItems: prefetcher.prefetched.insert(count + 2)
    case .emptyGeometryBlock: engine.store.appendEmptyBlockForTesting()
    case .selectionBeyondItems: selectedIndexes.insert(count)
    case .invalidationBeyondItems: pendingInvalidations.append(-1)
    case .departingCellMounted: departingCells.append((entries[0].cell, indexPath(forGlobal: entries[0].index)))
    }
  }
}
