import ListDiffUI

/// Where a drag must take an item for it to end at an index of a section,
/// planned over the sections the data source shows: what `ListScreen`
/// drives the gesture by, and what `fuzzList` draws moves with.
struct DragPlan: Sendable {
  /// The item's index when the drag begins.
  var from: Int
  /// Its index once dropped.
  var to: Int
  /// Whether the last step comes from below (the item lands before its
  /// neighbour in the section) rather than from above.
  var fromBelow: Bool
  /// The index of the section it lands in, among the shown sections.
  var section: Int
  /// Whether that is where it is: no step to make.
  var stays = false

  /// How to drag the item at `index` of `dataSource`'s list to `toIndex`
  /// of the first leaf section (in display order, not a header or footer
  /// block) that `section` names as a `sectionPath` does — its own section
  /// when nil; nil when there is no such section or index.
  ///
  /// - Complexity: O(*s* · *d*) in sections and their depth.
  @MainActor
  init?(_ dataSource: ListDiffDataSource, forItemAt index: Int, toIndex: Int, inSection section: [String]?) {
    let sections = dataSource.inspection.shownSections
    guard let source = sections.firstIndex(where: { $0.items.contains(index) }) else { return nil }
    let leaf: Int
    if let section {
      guard
        let found = sections.indices.first(where: { candidate in
          let shown = sections[candidate]
          let others = shown.items.count - (candidate == source ? 1 : 0)
          return !shown.isHeaderOrFooter && (others > 0 || candidate == source)
            && ListDiffInspection.names(shown.names, contain: section)
        })
      else { return nil }
      leaf = found
    } else {
      leaf = source
    }
    let range = sections[leaf].items
    // The section's items other than the dragged one, and where they start
    // once it is taken out.
    let others = range.count - (leaf == source ? 1 : 0)
    guard toIndex >= 0, toIndex <= others else { return nil }
    let start = range.lowerBound - (range.lowerBound > index ? 1 : 0)
    let to = start + toIndex
    self.init(from: index, to: to, fromBelow: toIndex < others, section: leaf, stays: leaf == source && to == index)
  }

  private init(from: Int, to: Int, fromBelow: Bool, section: Int, stays: Bool) {
    self.from = from
    self.to = to
    self.fromBelow = fromBelow
    self.section = section
    self.stays = stays
  }

  /// The indexes of the items to pass over, in order, as a finger does:
  /// past the neighbour and back when it must be entered from the other side.
  ///
  /// - Complexity: O(|`to` − `from`|).
  var steps: [Int] {
    if stays { return [] }
    if fromBelow {
      return from > to ? Array((to..<from).reversed()) : Array(from + 1...to + 1) + [to]
    }
    return from < to ? Array(from + 1...to) : Array((to - 1..<from).reversed()) + [to]
  }

  /// Whether the item with `identifier` now sits where the plan meant it to
  /// in `dataSource`'s list.
  ///
  /// - Complexity: O(*s*) in the sections.
  @MainActor
  func landed(in dataSource: ListDiffDataSource, identifier: String) -> Bool {
    guard let item = dataSource.inspection.itemIdentity(at: to), item.identifier == identifier else { return false }
    let sections = dataSource.inspection.shownSections
    return sections.indices.contains(section) && sections[section].items.contains(to)
  }
}
