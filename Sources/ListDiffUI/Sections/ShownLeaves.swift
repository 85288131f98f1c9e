/// A leaf's scope and controller type: what an item's key shares with its
/// leaf, and what pairs a leaf of a new root with its counterpart shown.
struct LeafIdentity: Hashable {
  let scope: String
  let controllerType: ObjectIdentifier
}

extension LeafIdentity {
  /// The identity of `leaf`.
  ///
  /// - Complexity: O(1).
  init(_ leaf: ListLeaf) {
    scope = leaf.scope.key
    controllerType = ObjectIdentifier(leaf.controllerType)
  }
}

/// The leaves of the list shown, walked alongside a new root as it is
/// flattened: a section of the new root whose view-model array is the very
/// one shown takes the items shown, unread, and a section in the place it
/// had takes the scope it had, with no key built (DESIGN.md, "Updates that
/// cost what changed").
///
/// Why a cursor: a root that keeps its sections in order (the usual update,
/// sections maybe added at the end or one removed) meets each counterpart
/// at the cursor or just after it, with pointer comparisons; only a root
/// whose sections moved builds the table of leaves by identity, once.
///
/// A class, used by the one flattening that made it: the flattener calls
/// it once or twice per section, and a struct holding the list would be
/// copied (every array retained) on each call.
///
/// Invariants: `cursor` is at most the number of leaves shown; `table`,
/// once built, maps each identity of the leaves shown to the first leaf
/// that has it.
final class ShownLeaves {
  private let list: FlatList
  /// The list's leaf items, read out once (none unless it is by leaf).
  private let leafItems: [any LeafItems]
  private var table: [LeafIdentity: Int]?
  /// The leaf shown that the next leaf of the new root most likely pairs
  /// with: the one after the last that did.
  private var cursor = 0

  /// The leaves of `list` (nothing to find unless it is held by leaf).
  ///
  /// - Complexity: O(1).
  init(_ list: FlatList) {
    self.list = list
    leafItems = list.leafItems
  }

  /// The leaves shown at the cursor and just after it (one section
  /// removed), where the next leaf's counterpart most likely is.
  private var candidates: Range<Int> {
    guard list.isByLeaf else { return 0..<0 }
    return cursor..<min(cursor + 2, list.leaves.count)
  }

  /// The scope shown for `component` under `parent`, when the next leaf's
  /// counterpart lies under it: the new root's section in the place it had
  /// keeps the very scope object, and no key is built for it.
  ///
  /// - Complexity: O(*d*) in the depth of the leaves at the cursor.
  func scope(_ component: SectionScope.Component, under parent: SectionScope) -> SectionScope? {
    for leaf in candidates {
      var scope = list.leaves[leaf].scope
      // Most often the leaf's own scope (a list section among siblings).
      while scope.parent !== parent {
        guard let next = scope.parent else { break }
        scope = next
      }
      if scope.parent === parent && scope.component == component { return scope }
    }
    return nil
  }

  /// The root scope shown, when the new root's has the same component.
  ///
  /// - Complexity: O(*d*) in the depth of the first leaf shown.
  func rootScope(_ component: SectionScope.Component?) -> SectionScope? {
    guard list.isByLeaf, let first = list.leaves.first else { return nil }
    var scope = first.scope
    while let parent = scope.parent { scope = parent }
    return scope.component == component ? scope : nil
  }

  /// The items shown for a leaf with `scope` and `controllerType`, the next
  /// leaf of the new root; nil when the list shown has no such leaf or is
  /// not held by leaf. Moves the cursor past the leaf shown that pairs with
  /// it.
  ///
  /// - Complexity: O(1) when the counterpart is at the cursor or after it;
  ///   otherwise O(1) expected once the table is built, the first time
  ///   O(*s*) in the leaves shown.
  func items(scope: SectionScope, controllerType: AnyListCellController.Type) -> (any LeafItems)? {
    guard list.isByLeaf, !list.leaves.isEmpty else { return nil }
    for leaf in candidates
    where list.leaves[leaf].controllerType == controllerType
      && (list.leaves[leaf].scope === scope || list.leaves[leaf].scope.key == scope.key)
    {
      cursor = leaf + 1
      return leafItems[leaf]
    }
    if table == nil {
      var table: [LeafIdentity: Int] = [:]
      table.reserveCapacity(list.leaves.count)
      for leaf in list.leaves.indices {
        let identity = LeafIdentity(list.leaves[leaf])
        if table[identity] == nil { table[identity] = leaf }
      }
      self.table = table
    }
    let identity = LeafIdentity(scope: scope.key, controllerType: ObjectIdentifier(controllerType))
    guard let leaf = table?[identity] else { return nil }
    cursor = leaf + 1
    return leafItems[leaf]
  }

  /// Moves the cursor past the leaf shown with `scope`, if it is a
  /// candidate: a leaf of the new root that takes no items shown (a
  /// transformed or changed section) still keeps the walk in step.
  ///
  /// - Complexity: O(1).
  func pass(_ scope: SectionScope) {
    for leaf in candidates where list.leaves[leaf].scope === scope {
      cursor = leaf + 1
      return
    }
  }
}
