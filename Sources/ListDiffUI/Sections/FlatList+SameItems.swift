extension FlatList {
  /// Whether `other` shows exactly what this list shows: the same leaves
  /// (scopes, controller types and delegates' objects) at the same places,
  /// the same pinned header blocks, and at each place an item with the
  /// same identifier and an equal view model. What a diff of the two would
  /// find empty, and what a data source would show alike; the lists'
  /// outlines are not compared (the caller leaves outlines out).
  ///
  /// A leaf untouched since `other` (flattened with `other` shown: its
  /// array is the very one `other`'s leaf in that place holds, when no two
  /// leaves of `other` share a scope) is not read.
  ///
  /// - Complexity: O(*s*) in the leaves plus O(*n*) in the items of the
  ///   leaves read, at most; it stops at the first difference.
  func describesSameItems(as other: FlatList) -> Bool {
    guard count == other.count, leaves.count == other.leaves.count, leafStarts == other.leafStarts,
      pinnedHeaders == other.pinnedHeaders
    else { return false }
    for leaf in leaves.indices {
      let (mine, theirs) = (leaves[leaf], other.leaves[leaf])
      guard mine.controllerType == theirs.controllerType, mine.scope.key == theirs.scope.key,
        mine.delegate.referenceIdentity == theirs.delegate.referenceIdentity
      else { return false }
    }
    let untouched = other.leafScopesMayRepeat ? [] : leafIsUntouched
    for leaf in leaves.indices where leaf >= untouched.count || !untouched[leaf] {
      for index in range(ofLeaf: leaf) {
        guard identifier(at: index, inLeaf: leaf) == other.identifier(at: index, inLeaf: leaf),
          viewModel(at: index).isEqual(to: other.viewModel(at: index))
        else { return false }
      }
    }
    return true
  }
}
