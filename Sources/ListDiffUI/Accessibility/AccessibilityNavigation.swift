import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Where VoiceOver's cursor is and where it goes: over the whole list, the
/// items of carousels and grids included, scrolling as it goes.
extension ListDiffDataSource {
  /// Where the cursor is: an item of this list, or an item of the list of
  /// a carousel or a grid whose row is here.
  enum AccessibilityPlace {
    case item(Int)
    case nested(row: Int, list: ListDiffDataSource, item: Int)
  }

  /// The cursor's place, if it is on an item shown.
  ///
  /// - Complexity: that of `index(of:)`, plus the nested list's lookup.
  func accessibilityPlace() -> AccessibilityPlace? {
    guard let focus = accessibility.focus, let index = index(of: focus) else { return nil }
    if let inner = nestedDataSource(at: index), case .item(let item)? = inner.accessibilityPlace() {
      return .nested(row: index, list: inner, item: item)
    }
    return .item(index)
  }

  /// The own list of the carousel or grid whose row is item `index`, when
  /// it is made; nil for any other item.
  ///
  /// - Complexity: O(log *s*).
  func nestedDataSource(at index: Int) -> ListDiffDataSource? {
    guard list.leaf(ofItem: index).controllerType is any NestedListRow.Type else { return nil }
    return (controller(at: index) as? any NestedListRow)?.makeNestedList()?.dataSource
  }

  /// Puts the cursor on the item `id` names — of this list, or inside a
  /// carousel or a grid here — and shows it; nil takes it away. An
  /// identity of no item shown is ignored with a note. Returns whether the
  /// cursor is on the item.
  @discardableResult
  func setAccessibilityFocus(_ id: ListItemID?) -> Bool {
    guard let id else {
      if case .nested(_, let inner, _)? = accessibilityPlace() { inner.accessibility.setFocus(nil) }
      accessibility.setFocus(nil)
      return true
    }
    // By its whole path first, else the first item whose path contains
    // `id`'s (as every identity a person passes in is read).
    if let index = index(of: id) ?? itemIndex(forIdentifier: id.identifier, sectionPath: id.sectionPath) {
      return focusAccessibility(at: index, entering: true)
    }
    if let nested = nestedItem(forIdentifier: id.identifier, sectionPath: id.sectionPath) {
      let row = listIndex(ofShown: nested.row.item)
      accessibility.setFocus(itemID(at: row))
      reveal(row, pinnedStays: true)
      return nested.list.focusAccessibility(at: nested.list.listIndex(ofShown: nested.item.item), entering: false)
    }
    ignore("accessibilityFocus(\(id)): no such item is shown", id)
    return false
  }

  /// Puts the cursor on item `index` if its cell is an element (shown
  /// first); on a carousel's or a grid's row, on the first element of its
  /// own list (the last when `fromEnd`). Whether it did. `entering`: the
  /// move comes from outside this list, which a nested list then shows
  /// within its host.
  @discardableResult
  func focusAccessibility(at index: Int, entering: Bool, fromEnd: Bool = false) -> Bool {
    guard index >= 0, index < list.count else { return false }
    reveal(index, pinnedStays: true)
    if let inner = nestedDataSource(at: index) {
      guard let item = inner.firstAccessibleItem(fromEnd: fromEnd) else { return false }
      accessibility.setFocus(itemID(at: index))
      return inner.focusAccessibility(at: item, entering: false)
    }
    guard let cell = controller(at: index).mountedListCell, cell.isAccessibilityElement else { return false }
    accessibility.setFocus(itemID(at: index))
    return true
  }

  /// The first item (the last when `fromEnd`) whose cell is an element,
  /// shown on the way.
  ///
  /// - Complexity: O(*k*) for the *k* items passed over, each shown.
  func firstAccessibleItem(fromEnd: Bool) -> Int? {
    let step = fromEnd ? -1 : 1
    var index = fromEnd ? list.count - 1 : 0
    while index >= 0 && index < list.count {
      reveal(index, pinnedStays: true)
      if nestedDataSource(at: index) != nil { return index }
      if controller(at: index).mountedListCell?.isAccessibilityElement == true { return index }
      index += step
    }
    return nil
  }

  // MARK: Moves

  /// Moves the cursor as `move` says; whether it moved.
  func moveAccessibility(_ move: ListAccessibilityMove) -> Bool {
    switch move {
    case .first: return firstAccessibleItem(fromEnd: false).map { focusAccessibility(at: $0, entering: true) } ?? false
    case .last:
      return firstAccessibleItem(fromEnd: true).map { focusAccessibility(at: $0, entering: true, fromEnd: true) } ?? false
    case .next, .previous: return stepAccessibility(forward: move == .next)
    case .nextHeading, .previousHeading: return moveToHeading(forward: move == .nextHeading)
    }
  }

  /// The cursor to the next (or previous) element: the next one on screen
  /// in reading order, else, scrolling on, the next item of the list that
  /// is an element. Without a cursor, the first element on screen.
  private func stepAccessibility(forward: Bool) -> Bool {
    let elements = elementsOnScreen()
    guard let focus = accessibilityFocus else {
      guard let first = elements.first else { return moveAccessibility(forward ? .first : .last) }
      return setAccessibilityFocus(first.item)
    }
    if let position = elements.firstIndex(where: { $0.item == focus }) {
      let next = position + (forward ? 1 : -1)
      if elements.indices.contains(next) { return setAccessibilityFocus(elements[next].item) }
    }
    switch accessibilityPlace() {
    case .nested(let row, let inner, let item)?:
      if inner.stepWithin(from: item, forward: forward) { return true }
      return stepOutward(from: row, forward: forward)
    case .item(let index)?:
      return stepOutward(from: index, forward: forward)
    case nil:
      return false
    }
  }

  /// The cursor to the next (or previous) element of this list's own
  /// items after `index`, scrolling to each; false at the list's end.
  func stepWithin(from index: Int, forward: Bool) -> Bool {
    let step = forward ? 1 : -1
    var candidate = index + step
    while candidate >= 0 && candidate < list.count {
      if focusAccessibility(at: candidate, entering: true, fromEnd: !forward) { return true }
      candidate += step
    }
    return false
  }

  /// As `stepWithin(from:forward:)`, past the elements on screen: from
  /// the last one shown in the list's order (the first, backward), or
  /// from `index` when that is farther.
  private func stepOutward(from index: Int, forward: Bool) -> Bool {
    let shown = collectionView.indexPathsForVisibleItems.map { listIndex(ofShown: $0.item) }
      .filter { !collectionView.isDrawnPinned(itemAt: shownPath($0)) }
    let edge = forward ? max(index, shown.max() ?? index) : min(index, shown.min() ?? index)
    return stepWithin(from: edge, forward: forward)
  }

  /// The cursor to the next (or previous) heading — an item of a section's
  /// header — found by walking the sections, off screen included, and
  /// shown at its section's start.
  ///
  /// - Complexity: O(*s*) in the leaf sections, plus the scroll.
  private func moveToHeading(forward: Bool) -> Bool {
    let start: Int
    switch accessibilityPlace() {
    case .nested(let row, _, _)?: start = row
    case .item(let index)?: start = index
    case nil: start = forward ? -1 : list.count
    }
    var heading = start
    while let next = nextHeading(after: heading, forward: forward) {
      heading = next
      collectionView.scrollToItem(at: shownPath(next), at: .top, animated: false)
      collectionView.layoutIfNeeded()
      if focusAccessibility(at: next, entering: true) { return true }
    }
    return false
  }

  /// The index of the first header item after `index` (before it,
  /// backward), or nil.
  ///
  /// - Complexity: O(*s*) in the leaf sections.
  private func nextHeading(after index: Int, forward: Bool) -> Int? {
    let leaves = list.leaves.indices
    if leaves.isEmpty { return nil }
    let here = index < 0 ? -1 : index >= list.count ? leaves.count : list.leafIndex(ofItem: index)
    // Another item of the same header block first.
    if leaves.contains(here), list.leaves[here].scope.isInHeader {
      let range = list.range(ofLeaf: here)
      let next = index + (forward ? 1 : -1)
      if range.contains(next) { return next }
    }
    var leaf = here + (forward ? 1 : -1)
    while leaves.contains(leaf) {
      let range = list.range(ofLeaf: leaf)
      if list.leaves[leaf].scope.isInHeader && !range.isEmpty {
        return forward ? range.lowerBound : range.upperBound - 1
      }
      leaf += forward ? 1 : -1
    }
    return nil
  }

  // MARK: The element under the cursor

  /// The list and the index of the cursor's item, shown, with its cell;
  /// nil without a cursor.
  func accessibilityTarget() -> (list: ListDiffDataSource, index: Int, cell: ListCell?)? {
    switch accessibilityPlace() {
    case .nested(_, let inner, let item)?:
      inner.reveal(item, pinnedStays: true)
      return (inner, item, inner.controller(at: item).mountedListCell)
    case .item(let index)?:
      reveal(index, pinnedStays: true)
      return (self, index, controller(at: index).mountedListCell)
    case nil:
      return nil
    }
  }

  // MARK: Page scrolls

  /// Scrolls a page (the viewport less the headers pinned over the first
  /// item shown) toward `direction`, and posts what is shown; false when
  /// the list scrolls the other way or is at that end.
  func scrollAccessibly(_ direction: ListAccessibilityScrollDirection) -> Bool {
    let vertical = collectionView.collectionViewLayout.scrollDirection == .vertical
    let forward: Bool
    switch (direction, vertical) {
    case (.down, true), (.right, false): forward = true
    case (.up, true), (.left, false): forward = false
    default: return false
    }
    collectionView.layoutIfNeeded()
    let headers = collectionView.pinnedItemRanges.map(\.header)
    let shown = collectionView.indexPathsForVisibleItems.filter { path in !headers.contains { $0.contains(path.item) } }
    let first = shown.min { $0.item < $1.item } ?? IndexPath(item: 0, section: 0)
    let page = max(1, collectionView.pageLength(overItemAt: first))
    let before = collectionView.contentOffset
    let move = forward ? page : -page
    collectionView.setContentOffset(
      vertical ? CGPoint(x: before.x, y: before.y + move) : CGPoint(x: before.x + move, y: before.y), animated: false)
    collectionView.layoutIfNeeded()
    guard collectionView.contentOffset != before else { return false }
    accessibility.post(.pageScrolled(pageDescription()))
    return true
  }

  /// "Rows 11 to 20 of 120": the 1-based places, in the whole list, of the
  /// first and last item shown whole (pinned ones aside, and those under
  /// them; those shown in part when none is whole), and the number of items.
  private func pageDescription() -> String {
    let bounds = collectionView.bounds
    let visible = collectionView.indexPathsForVisibleItems
    let pinned = visible.filter { collectionView.isDrawnPinned(itemAt: $0) }
      .compactMap { collectionView.layoutAttributesForItem(at: $0)?.frame }
    let shown = visible.filter { path in
      guard !collectionView.isDrawnPinned(itemAt: path), let frame = collectionView.layoutAttributesForItem(at: path)?.frame
      else { return false }
      return !pinned.contains { $0.intersection(frame).height > 0 && $0.intersection(frame).width > 0 }
    }
    let whole = shown.filter { path in
      collectionView.layoutAttributesForItem(at: path).map { bounds.contains($0.frame) } ?? false
    }
    let items = (whole.isEmpty ? shown : whole).map { listIndex(ofShown: $0.item) }
    guard let low = items.min(), let high = items.max() else { return "Rows 0 to 0 of \(list.count)" }
    return "Rows \(low + 1) to \(high + 1) of \(list.count)"
  }
}
