import ListDiff

/// How much of two lists an update read (`ListWorkCounts`): the leaf
/// sections of the new list it read and those it skipped (untouched, see
/// `FlatList.leafIsUntouched`), and the items it read, old and new, in
/// the diff and in the search for repeated identities.
///
/// Invariant: `sectionsCompared + sectionsSkipped` is the new list's leaf
/// count.
struct DiffReading: Sendable, Equatable {
  var sectionsCompared = 0
  var sectionsSkipped = 0
  var itemsCompared = 0
}

extension FlatList {
  /// The diff from `old` (which has no repeated identity) to this list:
  /// identities compared by key, view models asked `isEqual(to:)` only for
  /// pairs with the same identity.
  ///
  /// Two lists by leaf whose leaves align (`leafAlignment(with:)`: sections
  /// kept in order, some maybe added or removed) and whose leaves not
  /// untouched hold enough items each
  /// (`prefersLeafwiseDiff(over:minimumAverageLeafCount:)`) are diffed leaf
  /// by leaf, on the sections' own arrays, with no key or box made, and an
  /// untouched leaf (its items the very ones shown) is skipped unread; any
  /// other pair of lists is diffed on their whole-list keys. The result is
  /// the same either way (the tests compare the two). When either list is
  /// empty there is nothing to compare: every item is inserted, or deleted.
  ///
  /// Returns the changes, whether they were found leaf by leaf (which the
  /// tests count, to know that both ways are exercised), and how much was
  /// read.
  ///
  /// - Complexity: O(*s*) in the leaves plus O(*n* + *m*) in the items of
  ///   the leaves read: all of them unless diffed leaf by leaf.
  func diff(
    from old: FlatList, minimumAverageLeafCount: Int = Self.defaultMinimumAverageLeafCount
  ) -> (changes: _DiffChanges, leafwise: Bool, reading: DiffReading) {
    if old.count == 0 || count == 0 {
      let changes = _DiffChanges(
        inserts: Array(0..<count), deletes: Array(0..<old.count), updates: [], moves: [], updateTargets: [])
      return (changes, false, DiffReading(sectionsCompared: leaves.count))
    }
    // The O(1) check first: many small sections are diffed whole without
    // comparing their scopes.
    if prefersLeafwiseDiff(over: old, minimumAverageLeafCount: minimumAverageLeafCount),
      let counterparts = leafAlignment(with: old),
      let (changes, reading) = leafwiseChanges(from: old, counterparts: counterparts)
    {
      return (changes, true, reading)
    }
    let oldViewModels = old.viewModels
    let newViewModels = viewModels
    // The shown list never repeats an identity (repeats are dropped before a
    // list is shown), which spares the engine a pass over the old items.
    let result = listDiff(uniqueOldIdentifiers: old.keys, newIdentifiers: keys) { oldIndex, newIndex in
      oldViewModels[oldIndex].isEqual(to: newViewModels[newIndex])
    }
    let reading = DiffReading(sectionsCompared: leaves.count, itemsCompared: old.count + count)
    return (_DiffChanges(result), false, reading)
  }

  /// Whether, on each side, the leaves to be read (those of this list not
  /// untouched, and as many of `old`'s) are no more than its items divided
  /// by `minimumAverageLeafCount` (0: always). With no untouched leaf that
  /// is: the leaves hold at least that many items each on average.
  ///
  /// Why: diffing leaf by leaf costs a fixed few hundred nanoseconds per
  /// leaf read (one engine run each) and a few per untouched leaf (skipped),
  /// the whole-list diff some tens per item of either side (keys made, then
  /// one engine run). Benchmark row E1e (10,000 one-item sections of a
  /// `ListRenderSection`, one changed) reports both ways.
  ///
  /// - Complexity: O(1).
  func prefersLeafwiseDiff(over old: FlatList, minimumAverageLeafCount: Int) -> Bool {
    guard minimumAverageLeafCount > 0 else { return true }
    guard !leaves.isEmpty, !old.leaves.isEmpty else { return false }
    let read = leaves.count - untouchedLeafCount
    let oldRead = max(0, old.leaves.count - untouchedLeafCount)
    return read.multipliedReportingOverflow(by: minimumAverageLeafCount).partialValue <= count
      && oldRead.multipliedReportingOverflow(by: minimumAverageLeafCount).partialValue <= old.count
  }

  /// The average section size from which corresponding sections are
  /// diffed one by one (`prefersLeafwiseDiff(over:minimumAverageLeafCount:)`).
  /// Measured with 100,000 items in corresponding sections, one changed,
  /// the diff alone as whole lists and section by section: section by
  /// section is about 1.4 times slower in sections of 2, even in sections
  /// of 4, about a quarter faster in sections of 8, and within a few
  /// percent from 16 on (where it makes no per-item keys). The benchmark's
  /// E1d row is the case to re-measure. The tests lower it, to
  /// diff their small sections one by one too.
  static let defaultMinimumAverageLeafCount = 8

  /// The diff leaf by leaf, for leaves aligned with `old`'s
  /// (`counterparts`, from `leafAlignment(with:)`), and how much it read;
  /// nil when a leaf's view-model type changed.
  ///
  /// An untouched leaf holds the very items of its counterpart (the same
  /// object), which the list shown holds without repeats: nothing changed
  /// in it, and nothing of it is read. The changes come out in IGListKit's
  /// order: each kind ascending.
  ///
  /// - Complexity: O(*s*) plus O(*n* + *m*) in the items of the leaves
  ///   that are not the same on both sides.
  private func leafwiseChanges(from old: FlatList, counterparts: [Int?]) -> (_DiffChanges, DiffReading)? {
    var all = _DiffChanges(inserts: [], deletes: [], updates: [], moves: [], updateTargets: [])
    var reading = DiffReading()
    var nextOld = 0
    /// Deletes every item of `old`'s leaves before `end` not yet passed.
    func deleteOldLeaves(upTo end: Int) {
      if nextOld < end {
        all.deletes.append(contentsOf: old.leafStarts[nextOld]..<old.range(ofLeaf: end - 1).upperBound)
      }
      nextOld = max(nextOld, end)
    }
    let (leafItems, oldLeafItems) = (self.leafItems, old.leafItems)
    for leaf in leaves.indices {
      let items = leafItems[leaf]
      let newStart = leafStarts[leaf]
      guard let counterpart = counterparts[leaf] else {
        reading.sectionsCompared += 1
        all.inserts.append(contentsOf: newStart..<(newStart + items.count))
        continue
      }
      deleteOldLeaves(upTo: counterpart)
      nextOld = counterpart + 1
      let oldItems = oldLeafItems[counterpart]
      if items === oldItems {
        reading.sectionsSkipped += 1
        continue
      }
      reading.sectionsCompared += 1
      let oldStart = old.leafStarts[counterpart]
      // A leaf empty on one side needs no diff (nor the same view-model type).
      if oldItems.count == 0 || items.count == 0 {
        all.inserts.append(contentsOf: newStart..<(newStart + items.count))
        all.deletes.append(contentsOf: oldStart..<(oldStart + oldItems.count))
        continue
      }
      guard let changes = items.changes(from: oldItems) else { return nil }
      reading.itemsCompared += oldItems.count + items.count
      all.inserts.append(contentsOf: changes.inserts.lazy.map { $0 + newStart })
      all.deletes.append(contentsOf: changes.deletes.lazy.map { $0 + oldStart })
      all.updates.append(contentsOf: changes.updates.lazy.map { $0 + oldStart })
      all.updateTargets.append(contentsOf: changes.updateTargets.lazy.map { $0 + newStart })
      all.moves.append(
        contentsOf: changes.moves.lazy.map { ListMoveIndex(from: $0.from + oldStart, to: $0.to + newStart) })
    }
    deleteOldLeaves(upTo: old.leaves.count)
    return (all, reading)
  }
}
