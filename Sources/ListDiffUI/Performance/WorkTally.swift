import HeadlessCollection

/// The work a data source did, counted (see ``ListWorkCounts``): the
/// running totals, the counts of the last root applied, and how roots
/// were diffed. The totals also count in every list this one is nested
/// in (a carousel's work is its list's).
///
/// Invariants: the totals only grow; `countsInOuterLists` is set exactly
/// when the list is nested (checked by `ListNesting`, which knows).
struct WorkTally {
  /// The running totals of the work done (controllers, size requests,
  /// cells; the item and change counts stay zero).
  private(set) var totals = ListWorkCounts()
  /// The counts of the last root applied, nil before the first.
  private(set) var lastUpdate: ListWorkCounts?
  /// How many applied roots were diffed leaf by leaf, and how many
  /// otherwise (see `FlatList.diff(from:minimumAverageLeafCount:)`).
  private(set) var diffs = (leafwise: 0, wholeList: 0)
  /// Whether every count is counted in the lists this one is nested in
  /// too: kept here, beside the totals, so that counting (several times
  /// for each cell a scroll shows) reads nothing else of the data source.
  private(set) var countsInOuterLists = false

  /// The running totals counted one at a time, as the work happens.
  /// Named cases, not key paths: a key path was made by the runtime and
  /// applied through its generic projection at every count, several times
  /// for each cell a scroll shows.
  enum Counter {
    case controllersCreated, controllersReleased, sizeRequests
    case cellsConfigured, cellsMounted, cellsUnmounted
  }

  /// Adds one to `counter`.
  ///
  /// - Complexity: O(1).
  @inline(__always)
  mutating func count(_ counter: Counter) {
    switch counter {
    case .controllersCreated: totals.controllersCreated += 1
    case .controllersReleased: totals.controllersReleased += 1
    case .sizeRequests: totals.sizeRequests += 1
    case .cellsConfigured: totals.cellsConfigured += 1
    case .cellsMounted: totals.cellsMounted += 1
    case .cellsUnmounted: totals.cellsUnmounted += 1
    }
  }

  /// The list is nested in another: counts go to the outer lists too.
  mutating func noteNested() {
    countsInOuterLists = true
  }

  /// A root was applied with `counts`, diffed leaf by leaf or not.
  ///
  /// - Complexity: O(1).
  mutating func rootApplied(_ counts: ListWorkCounts, leafwise: Bool) {
    lastUpdate = counts
    if leafwise { diffs.leafwise += 1 } else { diffs.wholeList += 1 }
  }
}

extension ListDiffDataSource {
  /// Adds one to the running total `counter`, and to the total of every
  /// data source this one is nested in.
  ///
  /// - Complexity: O(*d*) in the nesting depth (1 for a plain list).
  @inline(__always)
  func countWork(_ counter: WorkTally.Counter) {
    // Not recursive, so that it is inlined and each call folds into one
    // stored property's increment (a scroll counts several times for
    // every cell).
    tally.count(counter)
    if tally.countsInOuterLists { countWorkInOuterLists(counter) }
  }

  /// `countWork`'s part for the lists this one is nested in.
  @inline(never)
  private func countWorkInOuterLists(_ counter: WorkTally.Counter) {
    features.nestedLists.forEachOuterList { $0.tally.count(counter) }
  }
}
