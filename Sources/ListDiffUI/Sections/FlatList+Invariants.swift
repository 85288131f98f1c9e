import HeadlessCollection

extension FlatList {
  /// The invariants written on `FlatList`: what is broken, empty when all
  /// hold (the data source checks them after every applied root when
  /// checks are on).
  ///
  /// - Complexity: O(*s* + *p*) in leaf sections and pinned blocks, O(*n*)
  ///   in items as arrays. A list by leaf is not made into arrays here, so
  ///   that checked builds run what other builds do.
  func invariantViolations() -> [InvariantViolation] {
    var check = InvariantChecker("FlatList")
    check.expect(leafStarts.count == leaves.count, "one start per leaf")
    var previous = 0
    for start in leafStarts {
      check.expect(start >= previous && start <= count, "leaf starts ascend within the items")
      previous = start
    }
    switch storage {
    case .byLeaf(let byLeaf):
      check.expect(byLeaf.items.count == leaves.count, "one item array per leaf")
      for leaf in leaves.indices where leaf < byLeaf.items.count && leaf < leafStarts.count {
        check.expect(byLeaf.items[leaf].count == range(ofLeaf: leaf).count, "a leaf's array holds its items")
      }
      check.expect(
        byLeaf.isUntouched.count == leaves.count
          && byLeaf.isUntouched.lazy.filter { $0 }.count == byLeaf.untouchedCount,
        "one untouched flag per leaf, counted")
    case .asArrays(let arrays):
      check.expect(
        arrays.keys.count == count && arrays.viewModels.count == count, "one key and one view model per item")
    }
    for block in pinnedHeaders {
      check.expect(
        block.section.lowerBound >= 0 && block.section.upperBound <= count
          && block.section.lowerBound <= block.header.lowerBound && block.header.upperBound <= block.section.upperBound,
        "a pinned header block lies within its section, within the items")
    }
    for value in extras {
      check.expect(value.leaf >= 0 && value.leaf < leaves.count, "extras belong to one of the list's leaves")
      guard value.leaf >= 0 && value.leaf < leaves.count else { continue }
      value.violations(leafCount: range(ofLeaf: value.leaf).count, into: &check)
    }
    check.expect(zip(extras, extras.dropFirst()).allSatisfy { $0.leaf < $1.leaf }, "extras are in leaf order, one per leaf")
    return check.violations
  }
}
