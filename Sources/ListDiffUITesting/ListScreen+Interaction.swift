import ListDiffUI
import Testing
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Selection, focus, keys and item actions, as a person uses them.
extension ListScreen {
  /// Selects the item with `identifier`, as
  /// `ListDiffDataSource/select(_:)` does (no `didSelect`: for a tap, use
  /// ``tap(identifier:sectionPath:sourceLocation:)``), and lays out.
  ///
  /// When no item has `identifier` (within `sectionPath`, matched as
  /// `ListDiffDataSource/indexPath(forIdentifier:sectionPath:)` matches
  /// it), the test fails with the identifiers that do exist nearby and
  /// nothing is done.
  ///
  /// - Complexity: O(*n*) to find the item, plus the layout pass.
  public func select(
    identifier: String, sectionPath: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    guard let id = itemID(identifier, sectionPath, for: "select", at: sourceLocation) else { return }
    countingGesture {
      dataSource.select(id)
      collectionView.layoutIfNeeded()
    }
  }

  /// Expands the outline row with `identifier`, as a click on its
  /// disclosure triangle does (`ListDiffDataSource/expand(_:)`), and lays
  /// out: its children are shown when this returns (on a screen with
  /// `applyUpdatesAsync`, once the update is applied). When no item has
  /// `identifier`, the test fails as ``select(identifier:sectionPath:sourceLocation:)``
  /// says; a row that cannot expand is left as it is, with an
  /// `ignoredInteraction` note in ``diagnostics``.
  ///
  /// - Complexity: O(*n*) to find the row, plus the update of the outline.
  public func expand(
    identifier: String, sectionPath: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    guard let id = itemID(identifier, sectionPath, for: "expand", at: sourceLocation) else { return }
    countingGesture {
      dataSource.expand(id)
      collectionView.layoutIfNeeded()
    }
  }

  /// Collapses the outline row with `identifier`
  /// (`ListDiffDataSource/collapse(_:)`), and lays out; as
  /// ``expand(identifier:sectionPath:sourceLocation:)`` does otherwise.
  ///
  /// - Complexity: O(*n*) to find the row, plus the update of the outline.
  public func collapse(
    identifier: String, sectionPath: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    guard let id = itemID(identifier, sectionPath, for: "collapse", at: sourceLocation) else { return }
    countingGesture {
      dataSource.collapse(id)
      collectionView.layoutIfNeeded()
    }
  }

  /// Presses `key` as a person at a keyboard does, through
  /// `ListDiffDataSource/handleKey(_:)` (the terminal library's key map):
  /// arrows, pages, Home and End move the focus, Space and Shift+arrows
  /// select, Enter taps the focused item, characters select by type, ← and
  /// → collapse and expand an outline row. Then
  /// lays out. Returns whether the list used the key.
  ///
  /// - Complexity: that of the key's effect, plus the layout pass.
  @discardableResult
  public func pressKey(_ key: ListKey, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
    beginStep(at: sourceLocation)
    var used = false
    countingGesture {
      used = dataSource.handleKey(key)
      collectionView.layoutIfNeeded()
    }
    return used
  }

  /// Types `text` one character after another, quickly enough (well
  /// within type-to-select's second) to form one prefix.
  ///
  /// - Complexity: that of `pressKey(_:)` per character.
  public func type(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) {
    for character in text { pressKey(.character(character), sourceLocation: sourceLocation) }
  }

  /// The titles of the actions the item with `identifier` offers at
  /// `edge`, in order: what a swipe reveals. When no item has
  /// `identifier`, the test fails as ``select(identifier:sectionPath:sourceLocation:)``
  /// says and the list is empty.
  ///
  /// - Complexity: O(*n*) to find the item, plus the controller's work.
  public func actions(
    identifier: String, sectionPath: [String] = [], edge: ListActionEdge,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> [String] {
    guard let id = itemID(identifier, sectionPath, for: "actions", at: sourceLocation) else { return [] }
    return dataSource.actions(for: id, edge: edge).map(\.title)
  }

  /// Performs the action titled `title` of the item with `identifier` (its
  /// leading actions first, then its trailing ones), as choosing it from a
  /// swipe or a menu does. A root the handler sets is applied, and laid
  /// out, when this returns. The test fails when no item has `identifier`
  /// or it offers no such action (naming the titles it does offer).
  ///
  /// - Complexity: O(*n*) to find the item, plus the handler's work.
  public func performAction(
    _ title: String, identifier: String, sectionPath: [String] = [],
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    guard let id = itemID(identifier, sectionPath, for: "performAction", at: sourceLocation) else {
      return
    }
    let offered = ListActionEdge.allCases.flatMap { dataSource.actions(for: id, edge: $0) }.map(\.title)
    guard offered.contains(title) else {
      let titles = offered.map { "\"\($0)\"" }.joined(separator: ", ")
      return record(
        "performAction(\"\(title)\"): \(id) offers \(titles.isEmpty ? "no actions" : titles)",
        at: sourceLocation)
    }
    countingGesture {
      dataSource.performAction(title, for: id)
      collectionView.layoutIfNeeded()
    }
  }

  /// The whole identity of the item with `identifier`, or nil after failing
  /// the test as `find` does.
  private func itemID(
    _ identifier: String, _ sectionPath: [String], for action: String, at sourceLocation: SourceLocation
  ) -> ListItemID? {
    guard let indexPath = find(identifier, sectionPath, for: action, at: sourceLocation),
      let identity = dataSource.inspection.itemIdentity(at: indexPath.item)
    else { return nil }
    return identity
  }
}
