import HeadlessCollection

/// One action VoiceOver offers on an element (its actions rotor): its name,
/// and what runs it, returning whether it did something.
struct AccessibilityAction {
  var name: String
  var perform: @MainActor () -> Bool
}

/// The actions of an element, with no code from the app: the cell's own
/// custom actions, the item actions, and the moves a drag could make.
extension ListDiffDataSource {
  /// The names of the actions item `index` offers, in order (see
  /// `accessibilityActions(at:cell:)`): read without making the actions,
  /// as every element on screen names them. `controller` and `leafIndex`,
  /// when given, are the item's controller and leaf (the caller found them
  /// already).
  ///
  /// - Complexity: O(*k*) in the actions, plus the controller's item
  ///   actions and O(log *s*) in the leaf sections.
  func actionNames(
    at index: Int, cell: ListCell?, controller: AnyListCellController? = nil, leafIndex: Int? = nil
  ) -> [String] {
    let offered = offeredActions(at: index, cell: cell, controller: controller, leafIndex: leafIndex)
    // Most items offer nothing: answered without the concatenations, each
    // a call even when empty (every element on screen asks).
    if offered.custom.isEmpty && offered.items.isEmpty && offered.moves.isEmpty { return [] }
    return offered.custom.map(\.name) + offered.items.map(\.title) + offered.moves.map(\.name)
  }

  /// The actions item `index` (shown by `cell`, if on screen) offers, in
  /// order: its cell's `accessibilityCustomActions`; its controller's
  /// leading, then trailing item actions, by title, run as
  /// ``performAction(_:for:)`` runs them; and, where the item may be
  /// dragged (its controller's ``AnyListCellController/canMove``, and it is
  /// no header or footer item), "Move up" and "Move down" (not at its
  /// section's first and last place), "Move to top" and "Move to bottom"
  /// (of its section), which move it as a drag would.
  ///
  /// - Complexity: O(*k*) in the actions, plus the controller's item actions.
  func accessibilityActions(at index: Int, cell: ListCell?) -> [AccessibilityAction] {
    let offered = offeredActions(at: index, cell: cell)
    // The item's identity as it is now, its section path made only when an
    // action runs (a scope never changes): most elements' actions are only
    // named.
    let identifier = list.identifier(at: index)
    let scope = list.leaf(ofItem: index).scope
    func id() -> ListItemID { ListItemID(identifier: identifier, sectionPath: scope.names) }
    var actions = offered.custom.map { AccessibilityAction(name: $0.name, perform: $0.handler) }
    for action in offered.items {
      actions.append(
        AccessibilityAction(name: action.title) { [weak self] in
          self?.performAction(action.title, for: id()) ?? false
        })
    }
    for move in offered.moves {
      actions.append(
        AccessibilityAction(name: move.name) { [weak self] in
          self?.moveByAccessibility(id(), toPosition: move.to) ?? false
        })
    }
    return actions
  }

  /// What item `index` offers, in the three groups its actions come in, in
  /// order: the cell's custom actions, the controller's leading then
  /// trailing item actions, and its moves. `controller` and `leafIndex`,
  /// when given, are the item's.
  ///
  /// - Complexity: O(*k*) in the actions, plus the controller's item
  ///   actions and O(log *s*) in the leaf sections.
  private func offeredActions(
    at index: Int, cell: ListCell?, controller: AnyListCellController? = nil, leafIndex: Int? = nil
  ) -> (custom: [AccessibilityCustomAction], items: [ListItemAction], moves: [(name: String, to: Int)]) {
    let controller = controller ?? self.controller(at: index)
    let items = callingOut {
      let (leading, trailing) = (controller.leadingActions(), controller.trailingActions())
      return trailing.isEmpty ? leading : leading + trailing
    }
    let moves = accessibleMoves(at: index, of: controller, leafIndex: leafIndex ?? list.leafIndex(ofItem: index))
    return (cell?.accessibilityCustomActions ?? [], items, moves)
  }

  /// The "Move …" actions item `index`, whose controller is `controller`
  /// and leaf `leafIndex`, offers, with the position in its section each
  /// moves it to: none for a header or footer item or one its controller
  /// does not let move.
  ///
  /// - Complexity: O(*d*) in the leaf's depth, plus `canMove`.
  private func accessibleMoves(
    at index: Int, of controller: AnyListCellController, leafIndex: Int
  ) -> [(name: String, to: Int)] {
    guard !list.leaves[leafIndex].scope.isHeaderOrFooter, callingOut({ controller.canMove }) else { return [] }
    let range = list.range(ofLeaf: leafIndex)
    let position = index - range.lowerBound
    let moves: [(name: String, to: Int, shown: Bool)] = [
      ("Move up", position - 1, position > 0), ("Move down", position + 1, position < range.count - 1),
      ("Move to top", 0, true), ("Move to bottom", range.count - 1, true),
    ]
    return moves.filter(\.shown).map { ($0.name, $0.to) }
  }

  /// Moves the item `id` names to `position` of its section, as its "Move
  /// …" action does: by the drag's rules, heard by ``moveHandler``, and
  /// announced ("Moved to 3 of 12") whether or not updates are. Returns
  /// whether the action ran: an item already there runs it and stays.
  ///
  /// - Complexity: that of `moveItem(at:toPositionInSection:)`.
  private func moveByAccessibility(_ id: ListItemID, toPosition position: Int) -> Bool {
    guard let index = index(of: id) else { return false }
    let range = list.range(ofLeaf: list.leafIndex(ofItem: index))
    guard index - range.lowerBound != position else { return true }
    guard let move = moveItem(at: index, toPositionInSection: position) else { return false }
    let count = list.range(ofLeaf: list.leafIndex(ofItem: range.lowerBound + move.toIndex)).count
    accessibility.post(.announcement("Moved to \(move.toIndex + 1) of \(count)"))
    return true
  }
}
