import HeadlessCollection

/// The list the collection view shows: the last applied root flattened,
/// with a drag's drop applied to it, and a count of its changes.
///
/// Invariants: `generation` changes with every change of `list`, so that
/// what was read from one list (a drag's placement, an index) is never
/// used on another without being noticed; `list`'s own invariants hold
/// (`FlatList.invariantViolations()`); the leaves' name hashes, once made,
/// are those of `list`'s leaves, in order; the look-up remembered, if
/// any, was made on `list` (every change of it forgets it), so its index
/// is an item of `list` with its identity.
struct ShownList {
  /// The list shown.
  private(set) var list = FlatList()
  /// How many times `list` changed.
  private(set) var generation = 0
  /// The `SectionScope.namesHash` of each of `list`'s leaves, in order,
  /// once asked for; dropped with every change of `list`.
  private var namesHashes: [Int]?
  /// The last item looked up by identity in `list` and the index found,
  /// the first in display order: VoiceOver's cursor is looked up several
  /// times in one move, each a walk of the sections.
  private var lastLookup: (id: ListItemID, index: Int)?

  /// The `SectionScope.namesHash` of each of `list`'s leaves, in order:
  /// what a look-up by ``ListItemID`` scans (VoiceOver's cursor is looked
  /// up at every move), read from one array of integers rather than from
  /// each leaf's scope.
  ///
  /// - Complexity: O(1), after O(*s*) in the leaves once per list.
  mutating func leafNamesHashes() -> [Int] {
    if let namesHashes { return namesHashes }
    let hashes = list.leaves.map(\.scope.namesHash)
    namesHashes = hashes
    return hashes
  }

  /// The index found by the last look-up of `id` in the list, if that was
  /// the last look-up remembered.
  ///
  /// - Complexity: O(1), plus comparing `id` with the one remembered.
  func rememberedIndex(of id: ListItemID) -> Int? {
    guard let lastLookup, lastLookup.id == id else { return nil }
    return lastLookup.index
  }

  /// Remembers that `id` was looked up in the list and found first at
  /// `index`.
  ///
  /// - Complexity: O(1).
  mutating func remember(_ index: Int, of id: ListItemID) {
    lastLookup = (id, index)
  }

  /// Shows `new` in place of the list.
  ///
  /// - Complexity: O(1).
  mutating func replace(with new: FlatList) {
    list = new
    generation &+= 1
    namesHashes = nil
    lastLookup = nil
  }

  /// Moves the item at `from` to `to` into `destination` under `key`, as a
  /// drag dropped it (see `FlatList.moveItem(from:to:into:key:)`).
  ///
  /// - Complexity: O(*n* + *s* + *p*) in items, leaves and pinned blocks.
  mutating func moveItem(from: Int, to: Int, into destination: MoveDestination, key: ListItemKey) {
    list.moveItem(from: from, to: to, into: destination, key: key)
    generation &+= 1
    namesHashes = nil
    lastLookup = nil
  }

  /// Appends `block` to the list's pinned header blocks, breaking its
  /// invariants when the block lies beyond the items: for the tests of
  /// the checks only.
  mutating func plantPinnedBlock(_ block: PinnedItemRange) {
    list.pinnedHeaders.append(block)
    generation &+= 1
    namesHashes = nil
    lastLookup = nil
  }

  /// Keeps leaf name hashes that are not the list's (one leaf short): for
  /// the tests of the checks only.
  mutating func plantStaleNamesHashes() {
    namesHashes = Array(leafNamesHashes().dropLast())
  }

  /// The rules of the list shown that are broken, empty when all hold.
  ///
  /// - Complexity: O(*s*) in the leaves, plus `FlatList.invariantViolations()`.
  func invariantViolations() -> [InvariantViolation] {
    var check = InvariantChecker("ShownList")
    if let namesHashes {
      check.expect(
        namesHashes.elementsEqual(list.leaves.lazy.map(\.scope.namesHash)),
        "the leaves' name hashes are those of the list's leaves")
    }
    if let lastLookup {
      let index = lastLookup.index
      check.expect(
        index >= 0 && index < list.count && list.identifier(at: index) == lastLookup.id.identifier
          && list.leaf(ofItem: index).scope.names == lastLookup.id.sectionPath,
        "the look-up remembered names an item of the list")
    }
    return list.invariantViolations() + check.violations
  }
}

extension ListDiffDataSource {
  /// The list shown (see `ShownList`).
  ///
  /// - Complexity: O(1).
  var list: FlatList {
    // Lent, not copied: most reads take one part of the list (an
    // identifier, a leaf), and a copy retained and released each of its
    // buffers at every one, several times for each cell on screen.
    _read { yield shown.list }
  }

  /// Shows `new`: the controllers' index is built again when needed, and
  /// the collection view draws `new`'s pinned header blocks — but during a
  /// drag, whose blocks are the drag's (the item moved into its shown
  /// place): a list can replace this one mid-drag only with the same
  /// sections (`apply` cancels the drag otherwise), so they stay.
  ///
  /// - Complexity: O(*p*) in the pinned blocks.
  func show(_ new: FlatList) {
    shown.replace(with: new)
    listDidChange()
  }

  /// What follows every change of the list shown.
  func listDidChange() {
    controllers.listDidChange()
    if !collectionView.isMovingItemInteractively
      && (!list.pinnedHeaders.isEmpty || !collectionView.pinnedItemRanges.isEmpty)
    {
      collectionView.pinnedItemRanges = list.pinnedHeaders
    }
  }
}
