extension FlatList {
  /// Asserts the invariants written on `FlatList` (debug builds; the data
  /// source calls it after every applied root, inside an `assert`).
  ///
  /// - Complexity: O(*n* + *s*) in items and leaf sections.
  func checkInvariants() {
    assert(keys.count == viewModels.count, "one view model per key")
    assert(leafStarts.count == leaves.count, "one start per leaf")
    var previous = 0
    for start in leafStarts {
      assert(start >= previous && start <= keys.count, "leaf starts ascend within the items")
      previous = start
    }
  }
}
