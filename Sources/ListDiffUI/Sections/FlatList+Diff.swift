import ListDiff

extension FlatList {
  /// The diff from `old` (which has no repeated identity) to this list:
  /// identities compared by key, view models asked `isEqual(to:)` only for
  /// pairs with the same identity.
  ///
  /// Two lists by leaf whose leaves correspond (`correspondsLeafwise(to:)`)
  /// and hold enough items each (`prefersLeafwiseDiff(over:minimumAverageLeafCount:)`)
  /// are diffed leaf by leaf, on the sections' own arrays, with no key or
  /// box made; any other pair of lists is diffed on their whole-list keys. The result is the
  /// same either way (the tests compare the two). When either list is empty
  /// there is nothing to compare: every item is inserted, or deleted.
  ///
  /// Returns the changes, and whether they were found leaf by leaf (which
  /// the tests count, to know that both ways are exercised).
  ///
  /// - Complexity: O(*n* + *m*).
  func diff(
    from old: FlatList, minimumAverageLeafCount: Int = Self.defaultMinimumAverageLeafCount
  ) -> (changes: _DiffChanges, leafwise: Bool) {
    if old.count == 0 || count == 0 {
      let changes = _DiffChanges(
        inserts: Array(0..<count), deletes: Array(0..<old.count), updates: [], moves: [], updateTargets: [])
      return (changes, false)
    }
    // The O(1) check first: many small sections are diffed whole without
    // comparing their scopes.
    if prefersLeafwiseDiff(over: old, minimumAverageLeafCount: minimumAverageLeafCount),
      correspondsLeafwise(to: old),
      let changes = leafwiseChanges(from: old)
    {
      return (changes, true)
    }
    let oldViewModels = old.viewModels
    let newViewModels = viewModels
    // The shown list never repeats an identity (repeats are dropped before a
    // list is shown), which spares the engine a pass over the old items.
    let result = listDiff(uniqueOldIdentifiers: old.keys, newIdentifiers: keys) { oldIndex, newIndex in
      oldViewModels[oldIndex].isEqual(to: newViewModels[newIndex])
    }
    return (_DiffChanges(result), false)
  }

  /// Whether this list and `old` are both by leaf, with as many leaves, the
  /// same scope and controller type leaf for leaf, and no two leaves of this
  /// list sharing both (sections whose ids repeat share a scope).
  ///
  /// Then an item can only keep its identity within its leaf (the key holds
  /// the scope and controller type, which no other leaf of either list
  /// has), so the whole diff is the leaves' diffs side by side: IGListKit
  /// marks an item moved when the matched items before it differ in number
  /// between the two lists, and matched items before a leaf are the same in
  /// number on both sides (every earlier leaf matches only with its
  /// counterpart), so only the leaf's own items decide.
  ///
  /// - Complexity: O(*s*) in the number of leaves.
  func correspondsLeafwise(to old: FlatList) -> Bool {
    guard isByLeaf, old.isByLeaf, leaves.count == old.leaves.count else { return false }
    // By index, not by element: a leaf copied out would retain its scope
    // and copy its weak delegate reference.
    for leaf in leaves.indices
    where leaves[leaf].controllerType != old.leaves[leaf].controllerType
      || leaves[leaf].scope.key != old.leaves[leaf].scope.key
    {
      return false
    }
    guard leaves.count > 1 else { return true }
    var seen = Set<LeafIdentity>(minimumCapacity: leaves.count)
    for leaf in leaves.indices {
      let identity = LeafIdentity(
        scope: leaves[leaf].scope.key, controllerType: ObjectIdentifier(leaves[leaf].controllerType))
      guard seen.insert(identity).inserted else { return false }
    }
    return true
  }

  /// Whether the leaves of this list and of `old` hold, on average, at
  /// least `minimumAverageLeafCount` items each (0: always).
  ///
  /// Why: diffing leaf by leaf costs a fixed few hundred nanoseconds a
  /// leaf (one engine run each), the whole-list diff some tens an item
  /// (keys made, then one engine run). Benchmark row E1e (10,000 one-item
  /// sections of a `ListRenderSection`, one changed) reports both ways.
  ///
  /// - Complexity: O(1).
  func prefersLeafwiseDiff(over old: FlatList, minimumAverageLeafCount: Int) -> Bool {
    guard minimumAverageLeafCount > 0 else { return true }
    guard !leaves.isEmpty, !old.leaves.isEmpty else { return false }
    return count / leaves.count >= minimumAverageLeafCount
      && old.count / old.leaves.count >= minimumAverageLeafCount
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

  /// The diff leaf by leaf, for leaves that correspond
  /// (`correspondsLeafwise(to:)`), or nil when a leaf's view-model type
  /// changed.
  ///
  /// - Complexity: O(*n* + *m* + *s*).
  private func leafwiseChanges(from old: FlatList) -> _DiffChanges? {
    var all = _DiffChanges(inserts: [], deletes: [], updates: [], moves: [], updateTargets: [])
    for leaf in leaves.indices {
      let items = leafItems[leaf]
      let oldItems = old.leafItems[leaf]
      let oldStart = old.leafStarts[leaf]
      let newStart = leafStarts[leaf]
      // A leaf empty on one side needs no diff (nor the same view-model type).
      if oldItems.count == 0 || items.count == 0 {
        all.inserts.append(contentsOf: newStart..<(newStart + items.count))
        all.deletes.append(contentsOf: oldStart..<(oldStart + oldItems.count))
        continue
      }
      guard let changes = items.changes(from: oldItems) else { return nil }
      all.inserts.append(contentsOf: changes.inserts.lazy.map { $0 + newStart })
      all.deletes.append(contentsOf: changes.deletes.lazy.map { $0 + oldStart })
      all.updates.append(contentsOf: changes.updates.lazy.map { $0 + oldStart })
      all.updateTargets.append(contentsOf: changes.updateTargets.lazy.map { $0 + newStart })
      all.moves.append(
        contentsOf: changes.moves.lazy.map { ListMoveIndex(from: $0.from + oldStart, to: $0.to + newStart) })
    }
    return all
  }
}

/// A leaf's scope and controller type: what an item's key shares with its
/// leaf.
private struct LeafIdentity: Hashable {
  let scope: String
  let controllerType: ObjectIdentifier
}
