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
}
