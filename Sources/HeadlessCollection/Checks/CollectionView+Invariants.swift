import Foundation

extension CollectionView {
  /// Every part's rules, each named with its part, and the one rule that
  /// ties two parts together: the geometry holds one record per item. The
  /// parts whose rules speak of items are checked against the layout's item
  /// count; the movement's current index path against the collection's own
  /// counts. Empty when all hold. The tests read it through the
  /// inspection, after planting broken states.
  ///
  /// - Complexity: O(*v* + *q* + *k* + *m* + *i* + *p* + *r* + *b*) in
  ///   mounted and queued cells, supplementary views, selected items,
  ///   pending invalidations, prefetched items, pinned ranges and geometry
  ///   blocks.
  func invariantViolations() -> [InvariantViolation] {
    let itemCount = engine.itemCount
    var violations = cells.invariantViolations(itemCount: itemCount)
    violations += reuse.invariantViolations()
    violations += supplementaries.invariantViolations()
    violations += selection.invariantViolations(itemCount: itemCount)
    violations += invalidation.invariantViolations(itemCount: itemCount)
    violations += prefetcher.invariantViolations(itemCount: itemCount)
    violations += pinning.invariantViolations()
    violations += position.invariantViolations()
    violations += itemUpdates.invariantViolations(namesItem: { global($0) != nil })
    violations += engine.store.invariantViolations()
    var check = InvariantChecker("CollectionView")
    check.expect(engine.store.count == itemCount, "the geometry holds one record per item")
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
  /// A usable estimated size remembered as reported.
  case usableEstimateReported
  /// A mounted cell also on its way out.
  case departingCellMounted
  /// A cell listed twice on its way out.
  case departingCellTwice
  /// A header view mounted without knowing its element.
  case supplementaryViewUnaware
  /// A header view on its way out while still mounted.
  case departingSupplementaryMounted
  /// A movement by hand whose current index path names no item.
  case movementBeyondItems
  /// A block reported too long to pin that starts no pinned range.
  case unpinnableHeaderOutsideRanges
  /// A content offset that is not a number.
  case offsetNotFinite
  /// An anchored item before the first.
  case anchoredItemNegative

  /// The rule the check names for it: the part, then the rule.
  package var brokenRule: InvariantViolation {
    switch self {
    case .mountedOutOfOrder: InvariantViolation("MountedCells", "entries ascend by index, one per item")
    case .mountedBeyondItems: InvariantViolation("MountedCells", "every entry names an item of the collection")
    case .mountedCellUnaware: InvariantViolation("MountedCells", "a mounted cell knows it is mounted")
    case .queuedCellMounted: InvariantViolation("ReuseQueue", "a queued cell is not mounted")
    case .prefetchedBeyondItems: InvariantViolation("Prefetcher", "every prefetched index names an item")
    case .emptyGeometryBlock: InvariantViolation("GeometryStore", "no block is empty")
    case .selectionBeyondItems: InvariantViolation("Selection", "every selected index names an item")
    case .invalidationBeyondItems:
      InvariantViolation("LayoutInvalidation", "every pending invalidation names an item")
    case .usableEstimateReported:
      InvariantViolation("LayoutInvalidation", "a reported estimate is one that cannot be used")
    case .departingCellMounted: InvariantViolation("CellsOnScreen", "a cell on its way out is not mounted")
    case .departingCellTwice: InvariantViolation("CellsOnScreen", "a cell is on its way out once")
    case .supplementaryViewUnaware:
      InvariantViolation("SupplementaryViews", "a mounted view knows the element it shows")
    case .departingSupplementaryMounted:
      InvariantViolation("SupplementaryViews", "a view on its way out is not mounted")
    case .movementBeyondItems: InvariantViolation("InteractiveMovement", "the current index path names an item")
    case .unpinnableHeaderOutsideRanges:
      InvariantViolation("PinnedItems", "a block reported too long to pin starts a range's header")
    case .offsetNotFinite: InvariantViolation("ContentPosition", "the offset is finite")
    case .anchoredItemNegative: InvariantViolation("ContentPosition", "an anchored item is not negative")
    }
  }
}

extension CollectionView {
  /// Breaks one rule on purpose, on a collection laid out with at least
  /// two visible cells: the tests of the checks use it (through the
  /// inspection), and nothing may lay the collection out afterwards with
  /// checks on.
  ///
  /// - Complexity: O(*v*) for *v* mounted cells.
  func plant(_ defect: PlantedCollectionDefect) {
    let entries = cells.mounted.entries
    precondition(entries.count >= 2, "plant(_:) needs two mounted cells")
    let count = engine.itemCount
    let header = SupplementaryElement(kind: Self.elementKindSectionHeader, section: 0)
    switch defect {
    case .mountedOutOfOrder: cells.mount(entries.reversed())
    case .mountedBeyondItems: cells.mount([entries[0], (count + 1, entries[1].cell)])
    case .mountedCellUnaware: entries[0].cell.isMounted = false
    case .queuedCellMounted: reuse.enqueue(entries[0].cell, showedItem: nil)
    case .prefetchedBeyondItems: _ = prefetcher.prefetch([count + 2], shown: [])
    case .emptyGeometryBlock: engine.store.appendEmptyBlockForTesting()
    case .selectionBeyondItems: selection.set(true, count)
    case .invalidationBeyondItems: invalidation.invalidateSizes(of: [-1])
    case .usableEstimateReported: _ = invalidation.noteUnusableEstimate(CGSize(width: 10, height: 1))
    case .departingCellMounted: cells.depart(entries[0].cell, from: indexPath(forGlobal: entries[0].index))
    case .departingCellTwice:
      let (index, cell) = cells.unmountAll()[0]
      cell.isMounted = false
      cells.depart(cell, from: indexPath(forGlobal: index))
      cells.depart(cell, from: indexPath(forGlobal: index))
    case .supplementaryViewUnaware:
      let view = CollectionReusableView(frame: .zero)
      supplementaries.mount(view, at: header)
      view.mountedElement = nil
    case .departingSupplementaryMounted:
      let view = CollectionReusableView(frame: .zero)
      supplementaries.mount(view, at: header)
      supplementaries.depart(view, from: header, queue: true)
    case .movementBeyondItems:
      let first = indexPath(forGlobal: 0)
      itemUpdates.movement = InteractiveMovement(original: first, current: IndexPath(index: 0).appending(count))
    case .unpinnableHeaderOutsideRanges: _ = pinning.noteTooLong(header: count + 3)
    case .offsetNotFinite: position.offset.y = .nan
    case .anchoredItemNegative: position.anchor(to: -1)
    }
  }
}
