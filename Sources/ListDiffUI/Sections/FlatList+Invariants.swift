extension FlatList {
  /// Asserts the invariants written on `FlatList` (debug builds; the data
  /// source calls it after every applied root, inside an `assert`).
  ///
  /// - Complexity: O(*s*) in leaf sections, O(*n*) in items as arrays. A
  ///   list by leaf is not made into arrays here, so that debug builds run
  ///   what release builds do.
  func checkInvariants() {
    assert(leafStarts.count == leaves.count, "one start per leaf")
    var previous = 0
    for start in leafStarts {
      assert(start >= previous && start <= count, "leaf starts ascend within the items")
      previous = start
    }
    if isByLeaf {
      assert(leafItems.count == leaves.count, "one item array per leaf")
      for leaf in leaves.indices {
        assert(leafItems[leaf].count == range(ofLeaf: leaf).count, "a leaf's array holds its items")
      }
    } else {
      assert(leafItems.isEmpty, "a list as arrays holds no leaf arrays")
      assert(keys.count == count && viewModels.count == count, "one key and one view model per item")
    }
  }
}
