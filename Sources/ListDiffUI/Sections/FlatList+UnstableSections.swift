import ListDiff

extension FlatList {
  /// Warnings for sections whose identity changed while their items stayed:
  /// a section of `old` whose items (two or more) were all deleted and
  /// which this list does not have, and whose every item reappears, with
  /// the same identifier and an equal view model, in a section that
  /// `changes` inserted whole and `old` did not have. Every such item lost its controller and its view
  /// state, although nothing about it changed: the section's id was built
  /// from something that changes (a count, a title).
  ///
  /// Why only whole sections of two or more: one item moving to another
  /// section (a to-do marked done) is a real move, and a section that keeps
  /// its scope is the same section with new items.
  ///
  /// - Complexity: nothing when fewer than two items were deleted or
  ///   inserted; otherwise O(*d* log *s* + *i* log *s*) in the deletes and
  ///   inserts, plus, for each wholly deleted section, its items once per
  ///   inserted section that has its first identifier (one, unless
  ///   identifiers repeat across sections), and, for each pair found, a
  ///   look for the two sections among the *s* sections of both lists
  ///   (before a warning, which says the app has a bug).
  func unstableSectionWarnings(from old: FlatList, changes: _DiffChanges) -> [ListDiffDiagnostic] {
    guard changes.deletes.count >= 2, changes.inserts.count >= 2 else { return [] }
    let removed = old.wholeLeavesDeleted(changes.deletes)
    guard !removed.isEmpty else { return [] }
    let inserted = InsertedLeaves(self, inserts: changes.inserts)
    var warnings: [ListDiffDiagnostic] = []
    for oldLeaf in removed where !inserted.scopeKeys.contains(old.leaves[oldLeaf].scope.key) {
      let oldRange = old.range(ofLeaf: oldLeaf)
      let first = old.identifier(at: oldRange.lowerBound, inLeaf: oldLeaf)
      for newLeaf in inserted.wholeLeaves(holding: first)
      where holdsUnchanged(oldRange, ofLeaf: oldLeaf, of: old, inLeaf: newLeaf) {
        // Both sections must be gone from the other list, even empty: a
        // section emptied into another that was there (two to-dos marked
        // done at once) is items moving, not a section renamed.
        let removedScope = old.leaves[oldLeaf].scope.key
        let insertedScope = leaves[newLeaf].scope.key
        if leaves.contains(where: { $0.scope.key == removedScope })
          || old.leaves.contains(where: { $0.scope.key == insertedScope })
        {
          continue
        }
        warnings.append(Self.unstableSectionWarning(old.leaves[oldLeaf], leaves[newLeaf], count: oldRange.count))
        break
      }
    }
    return warnings
  }

  /// The leaves of this list all of whose items (two or more) are in
  /// `deletes`, ascending.
  ///
  /// - Complexity: O(*d* log *s*).
  private func wholeLeavesDeleted(_ deletes: [Int]) -> [Int] {
    var deletedPerLeaf: [Int: Int] = [:]
    for index in deletes { deletedPerLeaf[leafIndex(ofItem: index), default: 0] += 1 }
    return deletedPerLeaf.filter { $0.value >= 2 && $0.value == range(ofLeaf: $0.key).count }.keys.sorted()
  }

  /// Whether leaf `newLeaf` of this list holds every item of `oldRange`
  /// (leaf `oldLeaf` of `old`) with the same identifier and an equal view
  /// model.
  ///
  /// - Complexity: O(*k* + *m*) in the two leaves' items.
  private func holdsUnchanged(_ oldRange: Range<Int>, ofLeaf oldLeaf: Int, of old: FlatList, inLeaf newLeaf: Int)
    -> Bool
  {
    let newRange = range(ofLeaf: newLeaf)
    guard newRange.count >= oldRange.count else { return false }
    var indexByIdentifier: [String: Int] = [:]
    for index in newRange { indexByIdentifier[identifier(at: index, inLeaf: newLeaf)] = index }
    return oldRange.allSatisfy { oldIndex in
      guard let newIndex = indexByIdentifier[old.identifier(at: oldIndex, inLeaf: oldLeaf)] else { return false }
      return old.viewModel(at: oldIndex).isEqual(to: viewModel(at: newIndex))
    }
  }

  private static func unstableSectionWarning(_ removed: ListLeaf, _ inserted: ListLeaf, count: Int)
    -> ListDiffDiagnostic
  {
    let from = removed.scope.humanPath
    let to = inserted.scope.humanPath
    return ListDiffDiagnostic(
      kind: .unstableSectionIdentity,
      message:
        "section \(from) was removed and section \(to) inserted with all its \(count) items (the same "
        + "identifiers, equal view models): they lost their controllers and view state and were shown as new. "
        + "A section id built from something that changes (a count, a title) does this; give the section an "
        + "id that stays",
      sectionPath: to)
  }
}

/// The leaves of a new list that hold inserted items: which scopes they
/// have, and which of them were inserted whole, by the identifiers of
/// their items.
private struct InsertedLeaves {
  /// The scope keys of the leaves with an inserted item.
  var scopeKeys: Set<String> = []
  /// For each identifier of an inserted item, the leaves (inserted whole)
  /// that hold it, in order.
  private var wholeLeavesByIdentifier: [String: [Int]] = [:]

  /// - Complexity: O(*i* log *s*).
  init(_ list: FlatList, inserts: [Int]) {
    var insertedPerLeaf: [Int: [Int]] = [:]
    for index in inserts { insertedPerLeaf[list.leafIndex(ofItem: index), default: []].append(index) }
    for (leaf, indexes) in insertedPerLeaf.sorted(by: { $0.key < $1.key }) {
      scopeKeys.insert(list.leaves[leaf].scope.key)
      guard indexes.count == list.range(ofLeaf: leaf).count else { continue }
      for index in indexes {
        wholeLeavesByIdentifier[list.identifier(at: index, inLeaf: leaf), default: []].append(leaf)
      }
    }
  }

  /// The leaves inserted whole that hold an item identified `identifier`.
  func wholeLeaves(holding identifier: String) -> [Int] {
    wholeLeavesByIdentifier[identifier] ?? []
  }
}
