import HeadlessCollection

/// What a section kind keeps about one leaf of the flattened list beyond
/// its items (an outline keeps its rows' places in the tree): one slot on
/// `FlatList`, kept in step with the items by the list itself — when items
/// are removed (repeats dropped) and when a drag moves one — so that no
/// feature keeps a side table of its own in step by hand.
protocol LeafExtras: Sendable {
  /// The index of the leaf in the list's `leaves`.
  var leaf: Int { get }

  /// These extras once the items at `positions` (ascending, positions
  /// within the leaf) are taken out; `identifier` reads the identifier of
  /// the item at a position, before the removal.
  func removing(positions: [Int], identifier: (Int) -> String) -> Self

  /// These extras once a drag moved an item into, out of or within the
  /// leaf, which the section did not lay out that way.
  func movedByHand() -> Self

  /// Adds what is broken in these extras to `check`, given the number of
  /// items of the leaf.
  func violations(leafCount: Int, into check: inout InvariantChecker)
}

extension FlatList {
  /// The extras of every leaf that has them, in leaf order.
  ///
  /// - Complexity: O(1).
  var allExtras: [any LeafExtras] { extras }

  /// The extras of kind `Extras`, in leaf order.
  ///
  /// - Complexity: O(*e*) in the leaves with extras.
  func extras<Extras: LeafExtras>(of kind: Extras.Type) -> [Extras] {
    extras.compactMap { $0 as? Extras }
  }

  /// `extras` once the items at `removed` (ascending) are taken out. Run
  /// with the leaf starts of this list.
  ///
  /// - Complexity: O(*r* log *r* + the work of the extras that lose items).
  func extras(removing removed: [Int], identifier: (Int) -> String) -> [any LeafExtras] {
    extras.map { value in
      let range = range(ofLeaf: value.leaf)
      let low = removed.partitioningIndex { $0 >= range.lowerBound }
      let high = removed.partitioningIndex { $0 >= range.upperBound }
      guard low < high else { return value }
      let positions = removed[low..<high].map { $0 - range.lowerBound }
      return value.removing(positions: positions) { identifier($0 + range.lowerBound) }
    }
  }

  /// `extras` once a drag moves the item at `from` into leaf `destination`:
  /// the extras of the leaf it leaves and of the one it joins no longer
  /// describe them. Run with the leaf starts of this list, before the move.
  ///
  /// - Complexity: O(*e*) in the leaves with extras.
  func extras(movingFrom from: Int, intoLeaf destination: Int) -> [any LeafExtras] {
    extras.map { value in
      range(ofLeaf: value.leaf).contains(from) || value.leaf == destination ? value.movedByHand() : value
    }
  }
}

extension Array {
  /// The index of the first element that satisfies `belongs`, in an array
  /// where every element that does comes after every one that does not.
  ///
  /// - Complexity: O(log *n*).
  fileprivate func partitioningIndex(where belongs: (Element) -> Bool) -> Int {
    var low = 0
    var high = count
    while low < high {
      let middle = (low + high) / 2
      if belongs(self[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
