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
    var pinned: [Shown] = []
    var others: [Shown] = []
    let bounds = collectionView.bounds
    // The visible cells and their index paths are in the same order.
    for (view, path) in zip(collectionView.visibleCells, collectionView.indexPathsForVisibleItems) {
      guard let cell = view as? ListCell, let controller = cell.controller, controller.mountedListCell === cell,
        Self.overlap(cell.frame, bounds), let index = index(of: controller, shownAt: path)
      else { continue }
      if collectionView.isDrawnPinned(itemAt: path) {
        pinned.append((index, path, cell, controller))
      } else {
        others.append((index, path, cell, controller))
      }
    }
    // What the pinned blocks cover whole is not seen, nor read.
    if !pinned.isEmpty { others.removeAll { !collectionView.isSeen(itemAt: $0.path) } }
    var elements: [ListAccessibilityElement] = []
    // The visible cells come nearly always in list order already: sorted
    // only when not (a sort moves each cell and controller, retaining them).
    if !Self.isInListOrder(pinned) { pinned.sort { $0.index < $1.index } }
    if !Self.isInListOrder(others) { others.sort { $0.index < $1.index } }
    elements.reserveCapacity(pinned.count + others.count)
    // One callback for all of them: what a controller's item actions or
    // `canMove` set waits until every element is made from the same list
    // (and the data source drains once, not at each).
    callingOut {
      // Whether a controller is a carousel's or grid's row, asked of the
      // runtime once per run of one class (a conformance look-up each).
      var lastClass: AnyListCellController.Type?
      var lastIsRow = false
      var names = ScopeNames()
      let shownItems = [pinned, others].joined()
      // Read from the list in one access (read at each element, it was
      // copied at each).
      let places = list.elementPlaces(ofItems: shownItems.map(\.index))
      for ((index, path, cell, controller), place) in zip(shownItems, places) {
        if type(of: controller) != lastClass {
          lastClass = type(of: controller)
          lastIsRow = controller is any NestedListRow
        }
        // The cell's controller is the item's (`index(of:shownAt:)` found it so).
        if lastIsRow, let row = controller as? any NestedListRow {
          elements += nestedElements(of: row, at: index)
        } else if let element = element(
          at: index, place: place, shownAt: path, cell: cell, controller: controller, names: &names)
        {
          elements.append(element)
        }
      }
    }
    return elements
  }

  /// A visible item: its index in the list, where the collection shows
  /// it, its cell and its controller.
  private typealias Shown = (index: Int, path: IndexPath, cell: ListCell, controller: AnyListCellController)

  /// Whether `shown`'s indexes ascend.
  ///
  /// - Complexity: O(*v*).
  private static func isInListOrder(_ shown: [Shown]) -> Bool {
    shown.indices.dropFirst().allSatisfy { shown[$0 - 1].index < shown[$0].index }
  }

  /// The element of item `index` (whose place in the list is `place`),
  /// shown at `path`, whose cell is `cell` and controller `controller`:
  /// nil when the cell is no element. Its section's names are read
  /// through `names`, which elements of one section share.
  ///
  /// - Complexity: O(log *s*) in the leaf sections, O(*d*) in its
  ///   section's depth for a section other than the last element's, plus
  ///   its controller's item actions.
  private func element(
    at index: Int, place: FlatList.ElementPlace, shownAt path: IndexPath, cell: ListCell,
    controller: AnyListCellController, names: inout ScopeNames
  ) -> ListAccessibilityElement? {
    guard cell.isAccessibilityElement else { return nil }
    let scope = place.scope
    let id = ListItemID(identifier: place.identifier, sectionPath: names.of(scope))
    var traits = cell.accessibilityTraits
    let selection = selection
    if !selection.isEmpty && selection.contains(id) { traits.insert(.selected) }
    if scope.isInHeader { traits.insert(.header) }
    let label = cell.accessibilityLabel ?? Self.spokenText(of: cell.textRepresentation)
    if Self.isBlank(label), accessibility.reportsEmptyLabel(of: id) {
      report(
        ListDiffDiagnostic(
          kind: .emptyAccessibilityLabel,
          message:
            "the item \"\(id.identifier)\" in section \(scope.humanPath) has no accessibility label and "
            + "draws no text: VoiceOver reads nothing for it; set its cell's accessibilityLabel",
          identifier: id.identifier, sectionPath: scope.humanPath))
    }
    let range = place.range
    let counted = !scope.isInHeaderFooterOrPlaceholder
    return ListAccessibilityElement(
      item: id, label: label, value: cell.accessibilityValue, hint: cell.accessibilityHint,
      identifier: cell.accessibilityIdentifier, traits: traits,
      customActions: actionNames(at: index, cell: cell, controller: controller, leafIndex: place.leafIndex),
      // Laid out by `elementsOnScreen` (and nothing lays out meanwhile:
      // what the callouts change waits for their end).
      frame: collectionView.laidOutFrameOfItem(at: path) ?? cell.frame,
      position: counted ? index - range.lowerBound + 1 : 0, count: counted ? range.count : 0)
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

  /// Whether `label` says nothing: empty, or only whitespace.
  ///
  /// - Complexity: O(*k*) in its length; O(1) for a label that starts with
  ///   a printable ASCII character other than a space (most do), where
  ///   asking each character whether it is whitespace was a tenth of an
  ///   element's cost.
  nonisolated static func isBlank(_ label: String) -> Bool {
    if let first = label.utf8.first, first > 0x20, first < 0x7F { return false }
    return label.allSatisfy(\.isWhitespace)
  }

  /// Whether `text` is printable ASCII, not empty, and neither starts nor
  /// ends with a space: then it holds no newline, and no whitespace to
  /// trim (every other whitespace character is a tab or not ASCII), so
  /// `spokenText(of:)` is `text` itself.
  ///
  /// - Complexity: O(*k*) in its length.
  nonisolated private static func isOneTrimmedASCIILine(_ text: String) -> Bool {
    // A native string's bytes, read as a buffer (walking the view asks
    // the string's form at each byte); other strings by the view.
    if let answer = text.utf8.withContiguousStorageIfAvailable({ isOneTrimmedASCIILine(bytes: $0) }) {
      return answer
    }
    return isOneTrimmedASCIILine(bytes: text.utf8)
  }

  /// `isOneTrimmedASCIILine(_:)` of the string whose UTF-8 is `bytes`.
  nonisolated private static func isOneTrimmedASCIILine<Bytes: BidirectionalCollection<UInt8>>(bytes: Bytes)
    -> Bool
  {
    guard let first = bytes.first, let last = bytes.last, first != 0x20, last != 0x20 else { return false }
    for byte in bytes where byte < 0x20 || byte > 0x7E { return false }
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

extension FlatList {
  /// What an accessibility element reads of an item's place: its leaf,
  /// the leaf's scope and items, and its identifier.
  typealias ElementPlace = (leafIndex: Int, scope: SectionScope, range: Range<Int>, identifier: String)

  /// The `ElementPlace` of each item of `indexes`, in order.
  ///
  /// - Complexity: O(*k* log *s*) for *k* indexes and *s* leaves.
  func elementPlaces(ofItems indexes: [Int]) -> [ElementPlace] {
    indexes.map { index in
      let leafIndex = leafIndex(ofItem: index)
      return (leafIndex, leaves[leafIndex].scope, range(ofLeaf: leafIndex), identifier(at: index, inLeaf: leafIndex))
    }
  }
}

/// The names of the last section scope asked for, kept while elements of
/// one section are made (they share one array rather than each making it).
struct ScopeNames {
  private var scope: SectionScope?
  private var names: [String] = []

  /// `scope.names`, made only for a scope other than the last.
  ///
  /// - Complexity: O(1) for the last scope; else O(depth).
  mutating func of(_ scope: SectionScope) -> [String] {
    if scope !== self.scope {
      self.scope = scope
      names = scope.names
    }
    return names
  }
}
