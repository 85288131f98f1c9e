/// The cells on screen and the items they show, ascending by global item
/// index. A sorted array rather than dictionaries: there are only as many
/// entries as fit in the viewport, and the layout pass walks them in order.
@MainActor
struct MountedCells {
  /// The entries, ascending by index, each cell at most once.
  private(set) var entries: [(index: Int, cell: CollectionViewCell)] = []

  /// The number of cells.
  var count: Int { entries.count }

  /// Replaces the entries; `entries` must be ascending by index.
  init(_ entries: [(index: Int, cell: CollectionViewCell)] = []) {
    self.entries = entries
  }

  /// The position of the first entry whose index is not below `index`.
  ///
  /// - Complexity: O(log *v*).
  private func slot(of index: Int) -> Int {
    lowerBound(in: 0..<entries.count) { entries[$0].index < index }
  }

  /// The cell showing item `index`.
  ///
  /// - Complexity: O(log *v*).
  subscript(index: Int) -> CollectionViewCell? {
    let slot = slot(of: index)
    return slot < entries.count && entries[slot].index == index ? entries[slot].cell : nil
  }

  /// The item `cell` shows.
  ///
  /// - Complexity: O(*v*).
  func index(of cell: CollectionViewCell) -> Int? {
    entries.first(where: { $0.cell === cell })?.index
  }

  /// Empties the map and returns what it held.
  ///
  /// - Complexity: O(1).
  mutating func removeAll() -> [(index: Int, cell: CollectionViewCell)] {
    defer { entries = [] }
    return entries
  }
}

extension MountedCells {
  /// The rules of the mounted cells, against a collection of `itemCount`
  /// items: entries ascend by index, one per item; each names an item; no
  /// cell is mounted twice; every mounted cell knows it is mounted.
  ///
  /// - Complexity: O(*v*) for *v* mounted cells.
  func invariantViolations(itemCount: Int) -> [InvariantViolation] {
    var check = InvariantChecker("MountedCells")
    var cells = Set<ObjectIdentifier>()
    var previous = -1
    for (index, cell) in entries {
      check.expect(index > previous, "entries ascend by index, one per item")
      check.expect((0..<itemCount).contains(index), "every entry names an item of the collection")
      check.expect(cells.insert(ObjectIdentifier(cell)).inserted, "no cell is mounted twice")
      check.expect(cell.isMounted, "a mounted cell knows it is mounted")
      previous = index
    }
    return check.violations
  }
}
