import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The elements of a list as VoiceOver reads them: made from the cells on
/// screen, in reading order.
extension ListDiffDataSource {
  /// The elements on screen in reading order: the items of pinned header
  /// blocks first while they are pinned, then every other visible item in
  /// list order; a carousel's or a grid's row stands for its own list's
  /// elements, in their order. Cells that say `isAccessibilityElement ==
  /// false` are left out. An element with an empty label is reported once
  /// while its item is shown.
  ///
  /// - Complexity: O(*v* log *v*) in the visible items, plus their
  ///   controllers' item actions.
  func elementsOnScreen() -> [ListAccessibilityElement] {
    collectionView.layoutIfNeeded()
    var pinned: [(index: Int, cell: ListCell, controller: AnyListCellController)] = []
    var others: [(index: Int, cell: ListCell, controller: AnyListCellController)] = []
    let bounds = collectionView.bounds
    // The visible cells and their index paths are in the same order.
    for (view, path) in zip(collectionView.visibleCells, collectionView.indexPathsForVisibleItems) {
      guard let cell = view as? ListCell, let controller = cell.controller, controller.mountedListCell === cell,
        Self.overlap(cell.frame, bounds), let index = index(of: controller, shownAt: path)
      else { continue }
      if collectionView.isDrawnPinned(itemAt: shownPath(index)) {
        pinned.append((index, cell, controller))
      } else {
        others.append((index, cell, controller))
      }
    }
    // What the pinned blocks cover whole is not seen, nor read.
    if !pinned.isEmpty { others.removeAll { !collectionView.isSeen(itemAt: shownPath($0.index)) } }
    var elements: [ListAccessibilityElement] = []
    // The visible cells come nearly always in list order already: sorted
    // only when not (a sort moves each cell and controller, retaining them).
    if !Self.isInListOrder(pinned) { pinned.sort { $0.index < $1.index } }
    if !Self.isInListOrder(others) { others.sort { $0.index < $1.index } }
    for (index, cell, controller) in [pinned, others].joined() {
      // The cell's controller is the item's (`index(of:shownAt:)` found it so).
      if let row = controller as? any NestedListRow {
        elements += nestedElements(of: row, at: index)
      } else if let element = element(at: index, cell: cell, controller: controller) {
        elements.append(element)
      }
    }
    return elements
  }

  /// Whether `shown`'s indexes ascend.
  ///
  /// - Complexity: O(*v*).
  private static func isInListOrder(
    _ shown: [(index: Int, cell: ListCell, controller: AnyListCellController)]
  ) -> Bool {
    shown.indices.dropFirst().allSatisfy { shown[$0 - 1].index < shown[$0].index }
  }

  /// The index of `controller`'s item, whose cell is shown at `path`: as
  /// `index(of:)` finds it, without looking for the cell among those on
  /// screen again (which, for each of them, made the elements O(*v*²)).
  ///
  /// - Complexity: O(log *s*), or that of `index(of:)` when the cell's
  ///   item is no longer the controller's.
  private func index(of controller: AnyListCellController, shownAt path: IndexPath) -> Int? {
    let index = listIndex(ofShown: path.item)
    if let key = controller.itemKey, controllers.isLive(controller), index < list.count, list.key(at: index) == key {
      return index
    }
    return self.index(of: controller)
  }

  /// The element of item `index`, whose cell is `cell` (and controller
  /// `controller`, when the caller holds it): nil when the cell is no
  /// element.
  ///
  /// - Complexity: O(*d*) in its section's depth and O(log *s*) in the leaf
  ///   sections, plus its controller's item actions.
  func element(
    at index: Int, cell: ListCell, controller: AnyListCellController? = nil,
    gridCell: ListAccessibilityElement.GridCell? = nil
  ) -> ListAccessibilityElement? {
    guard cell.isAccessibilityElement else { return nil }
    // The item's leaf found once, for its identity, traits and place.
    let leafIndex = list.leafIndex(ofItem: index)
    let leaf = list.leaves[leafIndex]
    let id = ListItemID(identifier: list.identifier(at: index, inLeaf: leafIndex), sectionPath: leaf.scope.names)
    var traits = cell.accessibilityTraits
    let selection = selection
    if !selection.isEmpty && selection.contains(id) { traits.insert(.selected) }
    if leaf.scope.isInHeader { traits.insert(.header) }
    let label = cell.accessibilityLabel ?? Self.spokenText(of: cell.textRepresentation)
    if label.allSatisfy(\.isWhitespace), accessibility.reportsEmptyLabel(of: id) {
      report(
        ListDiffDiagnostic(
          kind: .emptyAccessibilityLabel,
          message:
            "the item \"\(id.identifier)\" in section \(leaf.scope.humanPath) has no accessibility label and "
            + "draws no text: VoiceOver reads nothing for it; set its cell's accessibilityLabel",
          identifier: id.identifier, sectionPath: leaf.scope.humanPath))
    }
    let range = list.range(ofLeaf: leafIndex)
    let counted = !leaf.scope.isInHeaderFooterOrPlaceholder
    return ListAccessibilityElement(
      item: id, label: label, value: cell.accessibilityValue, hint: cell.accessibilityHint,
      identifier: cell.accessibilityIdentifier, traits: traits,
      customActions: actionNames(at: index, cell: cell, controller: controller, leafIndex: leafIndex),
      frame: collectionView.layoutAttributesForItem(at: shownPath(index))?.frame ?? cell.frame,
      position: counted ? index - range.lowerBound + 1 : 0, count: counted ? range.count : 0, gridCell: gridCell)
  }

  /// The elements of the carousel or grid whose row is item `index`: its
  /// own list's elements, where this list shows them; a grid's with their
  /// lines and columns.
  ///
  /// - Complexity: that of the nested list's `elementsOnScreen()`.
  private func nestedElements(of row: any NestedListRow, at index: Int) -> [ListAccessibilityElement] {
    guard let nested = row.nestedList, nested.isOnScreen,
      let rowFrame = collectionView.layoutAttributesForItem(at: shownPath(index))?.frame
    else { return [] }
    let inner = nested.dataSource
    let columns = (nested as? GridContent)?.columns
    return inner.elementsOnScreen().map { element in
      var element = element
      element.frame = nested.frameInHost(element.frame, rowFrame: rowFrame)
      if let columns, let place = inner.index(of: element.item) {
        element.gridCell = ListAccessibilityElement.GridCell(row: place / columns + 1, column: place % columns + 1)
      }
      return element
    }
  }

  /// Whether `a` and `b` share some area (not only an edge).
  ///
  /// - Complexity: O(1).
  static func overlap(_ a: CGRect, _ b: CGRect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  /// `text` as it is read: its lines, trimmed, the empty ones left out,
  /// joined with spaces.
  ///
  /// - Complexity: O(*k*) in its length.
  ///
  /// Nonisolated: a pure function, whose closures would otherwise check
  /// the main actor's executor at each call.
  nonisolated static func spokenText(of text: String) -> String {
    // Most labels are one line with nothing to trim: read as they are,
    // without Foundation's trimming, which bridges each line to an
    // NSString (it was most of an element's cost).
    if isOneTrimmedASCIILine(text) { return text }
    return text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }
      .joined(separator: " ")
  }

  /// Whether `text` is printable ASCII, not empty, and neither starts nor
  /// ends with a space: then it holds no newline, and no whitespace to
  /// trim (every other whitespace character is a tab or not ASCII), so
  /// `spokenText(of:)` is `text` itself.
  ///
  /// - Complexity: O(*k*) in its length.
  nonisolated private static func isOneTrimmedASCIILine(_ text: String) -> Bool {
    let utf8 = text.utf8
    guard let first = utf8.first, let last = utf8.last, first != 0x20, last != 0x20 else { return false }
    for byte in utf8 where byte < 0x20 || byte > 0x7E { return false }
    return true
  }
}

extension NestedList {
  /// Where the list this one is nested in shows `frame`, a frame in this
  /// list's content coordinates, given the row's frame there: a carousel
  /// scrolls inside its row; a grid's content is its row.
  ///
  /// - Complexity: O(1).
  func frameInHost(_ frame: CGRect, rowFrame: CGRect) -> CGRect {
    if self is GridContent { return frame.offsetBy(dx: rowFrame.minX, dy: rowFrame.minY) }
    let offset = collectionView.contentOffset
    return frame.offsetBy(dx: rowFrame.minX - offset.x, dy: rowFrame.minY - offset.y)
  }
}

extension SectionScope {
  /// Whether the scope is inside a composite section's header block, at
  /// any depth: its items head their section.
  ///
  /// - Complexity: O(depth).
  var isInHeader: Bool {
    var scope: SectionScope? = self
    while let current = scope {
      if current.component == .header { return true }
      scope = current.parent
    }
    return false
  }
}
