import HeadlessCollection

extension FlatList {
  /// Records the header block of a section that pins it, as item ranges
  /// of this list. Empty blocks are not recorded.
  mutating func appendPinnedHeader(header: Range<Int>, section: Range<Int>, level: Int) {
    guard !header.isEmpty else { return }
    pinnedHeaders.append(PinnedItemRange(header: header, section: section, level: level))
  }

  /// `pinnedHeaders` after the items at `removed` (ascending) are taken
  /// out: each bound moves up by the number of removed items before it;
  /// a block left empty is dropped.
  ///
  /// - Complexity: O(*p* log *r*) for *p* blocks and *r* removed items.
  func pinnedHeaders(removing removed: [Int]) -> [PinnedItemRange] {
    func shifted(_ bound: Int) -> Int {
      var low = 0
      var high = removed.count
      while low < high {
        let middle = (low + high) / 2
        if removed[middle] < bound { low = middle + 1 } else { high = middle }
      }
      return bound - low
    }
    return pinnedHeaders.compactMap { range in
      let header = shifted(range.header.lowerBound)..<shifted(range.header.upperBound)
      guard !header.isEmpty else { return nil }
      return PinnedItemRange(
        header: header,
        section: shifted(range.section.lowerBound)..<shifted(range.section.upperBound),
        level: range.level)
    }
  }

  /// Where `bound` (an item index at which a leaf or a range starts or
  /// ends) goes when the item at `from` is moved to `to`, after its new
  /// neighbour or before it: see ``moveItem(from:to:into:key:)`` for why.
  ///
  /// - Complexity: O(1).
  static func bound(_ bound: Int, movingFrom from: Int, to: Int, afterNeighbour: Bool) -> Int {
    let removed = bound > from ? bound - 1 : bound
    return (afterNeighbour ? removed >= to : removed > to) ? removed + 1 : removed
  }

  /// `pinnedHeaders` once the item at `from` is moved to `to` (after its
  /// new neighbour or before it): what the collection view draws while a
  /// drag shows the item there, before the list takes the move.
  ///
  /// - Complexity: O(*p*) for *p* blocks.
  func pinnedHeaders(movingFrom from: Int, to: Int, afterNeighbour: Bool) -> [PinnedItemRange] {
    func moved(_ bound: Int) -> Int { Self.bound(bound, movingFrom: from, to: to, afterNeighbour: afterNeighbour) }
    return pinnedHeaders.map {
      PinnedItemRange(
        header: moved($0.header.lowerBound)..<moved($0.header.upperBound),
        section: moved($0.section.lowerBound)..<moved($0.section.upperBound), level: $0.level)
    }
  }
}
