/// The rows of one ``OutlineSection`` as the flattened list holds them:
/// where each stands in the tree, parallel to the items of the outline's
/// leaf, so that a key, `expand` or `collapse` can tell a row's depth,
/// parent and children without the nodes.
///
/// Invariants (checked with the list's, see `FlatList.invariantViolations`):
/// - unless `isStale`, `rows` has one entry per item of leaf `leaf`, in
///   order; a drag that moves an item into, out of or within the leaf
///   makes it stale (rows are not draggable by default) until the next root;
/// - `expanded` holds the identifiers of exactly the rows whose
///   `isExpanded` is true, and every such row has children;
/// - the first row's depth is 0. (A row below another is usually at most
///   one level deeper, but not always: the later occurrence of a repeated
///   identifier is dropped, as in any section, and the rows inside it stay.)
struct OutlineRows: LeafExtras {
  /// The index of the outline's leaf in the list's `leaves`.
  var leaf: Int
  /// The names of the outline's section path (its id last): the
  /// `sectionPath` of every row's ``ListItemID``.
  var sectionPath: [String]
  /// Each row's place in the tree, parallel to the leaf's items.
  var rows: [ListOutlineRow]
  /// The identifiers of the rows shown expanded.
  var expanded: Set<String>
  /// Whether a drag changed the leaf since it was flattened: `rows` no
  /// longer describe it.
  var isStale = false

  /// The position of the parent of the row at `position`: the nearest row
  /// above it one level up; nil for a root.
  ///
  /// - Complexity: O(*k*) in the rows between the two.
  func parent(of position: Int) -> Int? {
    let depth = rows[position].depth
    guard depth > 0 else { return nil }
    var candidate = position - 1
    while candidate >= 0 {
      if rows[candidate].depth < depth { return candidate }
      candidate -= 1
    }
    return nil
  }

  /// The positions of the rows shown inside the row at `position` (its
  /// subtree, without it).
  ///
  /// - Complexity: O(*k*) in those rows.
  func descendants(of position: Int) -> Range<Int> {
    let depth = rows[position].depth
    var end = position + 1
    while end < rows.count && rows[end].depth > depth { end += 1 }
    return position + 1..<end
  }

  /// The rows once the items at `positions` are taken out: their rows go
  /// too, and an expanded one's identifier (a later occurrence of a
  /// repeated identifier: the first is never expanded then, see
  /// `OutlineSection`).
  ///
  /// - Complexity: O(*k*) in the rows.
  func removing(positions: [Int], identifier: (Int) -> String) -> OutlineRows {
    guard !isStale else { return self }
    var kept = self
    var rows: [ListOutlineRow] = []
    rows.reserveCapacity(self.rows.count - positions.count)
    var next = 0
    for (position, row) in self.rows.enumerated() {
      if next < positions.count && positions[next] == position {
        if row.isExpanded { kept.expanded.remove(identifier(position)) }
        next += 1
      } else {
        rows.append(row)
      }
    }
    kept.rows = rows
    return kept
  }

  /// The rows once a drag changed the leaf: stale until the next root
  /// (see `OutlineRows`).
  ///
  /// - Complexity: O(1).
  func movedByHand() -> OutlineRows {
    var stale = self
    stale.isStale = true
    stale.rows = []
    stale.expanded = []
    return stale
  }

  /// The invariants above, given the number of items of the leaf.
  ///
  /// - Complexity: O(*n*) in the rows.
  func violations(leafCount: Int, into check: inout InvariantChecker) {
    guard !isStale else { return }
    check.expect(rows.count == leafCount, "an outline has one row per item of its leaf")
    check.expect(rows.first.map { $0.depth == 0 } ?? true, "an outline's first row is a root")
    var expandedCount = 0
    for row in rows {
      check.expect(row.depth >= 0, "an outline row's depth is not negative")
      check.expect(!row.isExpanded || row.hasChildren, "an expanded outline row has children")
      if row.isExpanded { expandedCount += 1 }
    }
    check.expect(expandedCount == expanded.count, "an outline's expanded identifiers are its expanded rows'")
  }
}

extension FlatList {
  /// Records the rows of the outline whose leaf was just appended.
  ///
  /// - Complexity: O(1) amortized.
  mutating func appendOutline(sectionPath: [String], rows: [ListOutlineRow], expanded: Set<String>) {
    appendExtras(OutlineRows(leaf: leaves.count - 1, sectionPath: sectionPath, rows: rows, expanded: expanded))
  }

  /// The rows of each outline section, in leaf order.
  ///
  /// - Complexity: O(*e*) in the leaves with extras.
  var outlines: [OutlineRows] { extras(of: OutlineRows.self) }

  /// The outline that holds item `index`, the item's position among its
  /// rows, and its row; nil for an item of no outline (or of one a drag
  /// made stale).
  ///
  /// - Complexity: O(log *s* + *o*) in leaves and outlines.
  func outlineRow(at index: Int) -> (outline: Int, position: Int, row: ListOutlineRow)? {
    guard index >= 0, index < count, !outlines.isEmpty else { return nil }
    let leaf = leafIndex(ofItem: index)
    guard let outline = outlines.firstIndex(where: { $0.leaf == leaf }), !outlines[outline].isStale else {
      return nil
    }
    let position = index - range(ofLeaf: leaf).lowerBound
    guard position < outlines[outline].rows.count else { return nil }
    return (outline, position, outlines[outline].rows[position])
  }

  /// The index in the list of row `position` of outline `outline`.
  ///
  /// - Complexity: O(1).
  func index(ofRow position: Int, inOutline outline: Int) -> Int {
    range(ofLeaf: outlines[outline].leaf).lowerBound + position
  }

  /// The identities of every row shown expanded, in every outline.
  ///
  /// - Complexity: O(*e*) in those rows.
  var expandedOutlineRows: Set<ListItemID> {
    var ids = Set<ListItemID>()
    for outline in outlines {
      for identifier in outline.expanded {
        ids.insert(ListItemID(identifier: identifier, sectionPath: outline.sectionPath))
      }
    }
    return ids
  }
}
