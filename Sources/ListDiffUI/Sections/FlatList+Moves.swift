import HeadlessCollection

/// The leaf section a moved item joins, and on which side of its
/// neighbour in that leaf it lands (see `FlatList.moveDestination`).
struct MoveDestination: Equatable {
  var leaf: Int
  var afterNeighbour: Bool
}

extension FlatList {
  /// The index of the leaf that made the item at `index`.
  ///
  /// - Complexity: O(log *s*) in the number of leaves.
  func leafIndex(ofItem index: Int) -> Int {
    // The last leaf starting at or before `index`: empty leaves share their
    // start with the next leaf, which is the one that has the item.
    lowerBound(in: 0..<leafStarts.count) { leafStarts[$0] <= index } - 1
  }

  /// Where the item at `original` goes when a drag moves it from `current`
  /// (where it is shown) to `to`, all indexes of items in the order shown
  /// during the drag: into the leaf of the item it passed over, its
  /// neighbour, after it when moving down and before it when moving up. A
  /// flat index alone cannot tell the end of one section from the start of
  /// the next; the direction of the last step of the drag can, as a finger
  /// passing over the first item of a section from below enters that
  /// section.
  ///
  /// - Complexity: O(log *s*).
  func moveDestination(of original: Int, from current: Int, to: Int) -> MoveDestination {
    let afterNeighbour = to > current
    // The neighbour's index among the other items, then in this list.
    let other = afterNeighbour ? to - 1 : to
    let neighbour = other < original ? other : other + 1
    return MoveDestination(leaf: leafIndex(ofItem: neighbour), afterNeighbour: afterNeighbour)
  }
}

extension FlatList {
  /// Whether `other` has the same leaf sections as this list, in the same
  /// order, over the same item ranges, with the same pinned header blocks:
  /// what a drag's placement (`moveDestination`'s leaf index, the pinned
  /// blocks moved with the item) depends on besides the items. Two lists
  /// with the same items can differ here: an empty section added, removed
  /// or reordered, an empty header or footer block.
  ///
  /// - Complexity: O(*s* + *p*) in leaves and pinned blocks (a scope key
  ///   is compared only when the two scopes are different objects).
  func hasSameSections(as other: FlatList) -> Bool {
    guard count == other.count, leafStarts == other.leafStarts, pinnedHeaders == other.pinnedHeaders
    else { return false }
    return leaves.elementsEqual(other.leaves) {
      $0.controllerType == $1.controllerType && ($0.scope === $1.scope || $0.scope.key == $1.scope.key)
    }
  }
}
