import Foundation
import ListDiffUI

extension ListScreen {
  /// The screen's accessibility hierarchy as JSON in
  /// [AccessibilitySnapshot](https://github.com/cashapp/AccessibilitySnapshot)'s
  /// model format (`AccessibilitySnapshotModel` 0.12.1's `Codable`
  /// `[AccessibilityHierarchy]`), so that a headless export and one made
  /// on a device decode with the same types and compare field for field.
  ///
  /// The array holds one `.list` container, the viewport, whose children
  /// are the elements of ``accessibilityElements`` in reading order
  /// (`traversalIndex` 0, 1, 2…); the items of a grid are the children of
  /// a `.dataTable(rowCount:columnCount:)` container in it, the grid's
  /// lines and columns, framed by the grid's row. Frames are in the
  /// viewport's coordinates, in points (characters). Each element has the
  /// model's fields: `description` (``/ListDiffUI/ListAccessibilityElement/description``),
  /// `label`, `value`, `hint` and `identifier` (left out when nil, as the
  /// model's encoder leaves them out), `traits` by the model's names
  /// (`["selected", "header"]`), `shape` (its frame), `activationPoint`
  /// (the frame's centre, `usesDefaultActivationPoint` true),
  /// `customActions` by name, `customContent` and `customRotors` empty,
  /// and `respondsToUserInteraction`: true for an item a tap reaches (one
  /// counted in its section), or with an action or a trait a person acts
  /// on (button, link, adjustable, search field, key), unless it is
  /// dimmed (`notEnabled`).
  ///
  /// The text is indented, its keys in the model's order: the same screen
  /// gives the same bytes everywhere, so it snapshots as text too.
  ///
  /// - Complexity: that of ``accessibilityElements``, plus the text.
  public func accessibilityHierarchyJSON() -> String {
    JSONText.array([accessibilityHierarchy().json]).text
  }

  /// The hierarchy `accessibilityHierarchyJSON()` writes: the list, with
  /// each grid on screen as a data table in it.
  func accessibilityHierarchy() -> SnapshotNode {
    let elements = accessibilityElements
    let offset = collectionView.contentOffset
    let grids = dataSource.inspection.gridsOnScreen
    var children: [SnapshotNode] = []
    // A grid's elements come one after another in reading order.
    var table: (grid: GridOnScreen, children: [SnapshotNode])?
    func closeTable() {
      guard let open = table else { return }
      let frame = open.grid.frame.offsetBy(dx: -offset.x, dy: -offset.y)
      let kind = SnapshotContainer.Kind.dataTable(rowCount: open.grid.rowCount, columnCount: open.grid.columnCount)
      children.append(.container(SnapshotContainer(kind: kind, frame: frame), children: open.children))
      table = nil
    }
    for (index, element) in elements.enumerated() {
      let node = SnapshotNode.element(Self.snapshot(element, offset: offset), traversalIndex: index)
      let grid = element.gridCell == nil ? nil : grids.first { $0.list.inspection.index(of: element.item) != nil }
      if table?.grid.row != grid?.row { closeTable() }
      if let grid {
        if table == nil { table = (grid, []) }
        table?.children.append(node)
      } else {
        children.append(node)
      }
    }
    closeTable()
    let viewport = SnapshotContainer(kind: .list, frame: CGRect(origin: .zero, size: collectionView.bounds.size))
    return .container(viewport, children: children)
  }

  /// Traits a person acts on: an element with one responds to touch.
  private static let interactiveTraits: AccessibilityTraits = [.button, .link, .adjustable, .searchField, .keyboardKey]

  /// `element` as the model's, its frame moved into the viewport's
  /// coordinates (`offset` is the content offset).
  private static func snapshot(_ element: ListAccessibilityElement, offset: CGPoint) -> SnapshotElement {
    let frame = element.frame.offsetBy(dx: -offset.x, dy: -offset.y)
    let acts =
      element.count > 0 || !element.customActions.isEmpty || !element.traits.isDisjoint(with: interactiveTraits)
    return SnapshotElement(
      description: element.description, label: element.label, value: element.value, traits: element.traits,
      identifier: element.identifier, hint: element.hint, frame: frame,
      activationPoint: CGPoint(x: frame.midX, y: frame.midY), usesDefaultActivationPoint: true,
      customActions: element.customActions, accessibilityLanguage: nil,
      respondsToUserInteraction: acts && !element.traits.contains(.notEnabled))
  }
}
