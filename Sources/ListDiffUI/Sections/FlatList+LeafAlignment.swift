extension FlatList {
  /// For each leaf of this list, the leaf of `old` with the same scope and
  /// controller type (its counterpart), or nil when `old` has none; nil as
  /// a whole unless both lists are by leaf, no scope and controller type
  /// repeats among the leaves of either, and the counterparts come in the
  /// same order on both sides.
  ///
  /// Then an item can keep its identity only within its leaf and the
  /// counterpart (the key holds the scope and controller type, which no
  /// other leaf of either list has), so the whole diff is the pairs' diffs
  /// side by side, every item of a leaf without counterpart inserted (or,
  /// in `old`, deleted): IGListKit marks an item moved when the matched
  /// items before it differ in number between the two lists, and the
  /// matched items before a pair are the same in number on both sides
  /// (every earlier pair matches only within itself, and come in the same
  /// order), so only the pair's own items decide. Sections added or
  /// removed keep this; sections reordered do not (their items are diffed
  /// as whole lists).
  ///
  /// Why by position first: a root with the sections shown, in place, pairs
  /// each leaf with the one at its index (two comparisons), and needs no
  /// table of `old`'s leaves.
  ///
  /// - Complexity: O(*s*) in the leaves of both lists, hashing each scope
  ///   once (twice when `old`'s leaves must be looked up).
  func leafAlignment(with old: FlatList) -> [Int?]? {
    guard isByLeaf, old.isByLeaf else { return nil }
    if leaves.count > 1 && leafScopesMayRepeat {
      var seen = Set<LeafIdentity>(minimumCapacity: leaves.count)
      for leaf in leaves.indices {
        guard seen.insert(LeafIdentity(leaves[leaf])).inserted else { return nil }
      }
    }
    var counterparts: [Int?] = []
    counterparts.reserveCapacity(leaves.count)
    var oldTable: [LeafIdentity: Int]?
    /// The leaf of `old` with `identity`, nil if none; nil as a whole
    /// when an identity repeats in `old`.
    func oldLeaves() -> [LeafIdentity: Int]? {
      if let oldTable { return oldTable }
      var table: [LeafIdentity: Int] = [:]
      table.reserveCapacity(old.leaves.count)
      for leaf in old.leaves.indices {
        guard table.updateValue(leaf, forKey: LeafIdentity(old.leaves[leaf])) == nil else { return nil }
      }
      oldTable = table
      return table
    }
    var nextOld = 0
    for leaf in leaves.indices {
      // By index, not by element: a leaf copied out would retain its scope
      // and copy its weak delegate reference.
      if nextOld < old.leaves.count, leaves[leaf].controllerType == old.leaves[nextOld].controllerType,
        leaves[leaf].scope === old.leaves[nextOld].scope || leaves[leaf].scope.key == old.leaves[nextOld].scope.key
      {
        counterparts.append(nextOld)
        nextOld += 1
        continue
      }
      guard let table = oldLeaves() else { return nil }
      guard let counterpart = table[LeafIdentity(leaves[leaf])] else {
        counterparts.append(nil)
        continue
      }
      // A counterpart before one already paired: the sections moved.
      guard counterpart >= nextOld else { return nil }
      counterparts.append(counterpart)
      nextOld = counterpart + 1
    }
    // Leaves of `old` left without a counterpart: that no identity repeats
    // among them is known only if every one was paired or `old` was indexed.
    if counterparts.count - counterparts.lazy.filter({ $0 == nil }).count < old.leaves.count {
      guard oldLeaves() != nil else { return nil }
    }
    return counterparts
  }
}
