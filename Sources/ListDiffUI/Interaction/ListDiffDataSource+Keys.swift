/// The one key map of a list: what the terminal library and
/// ListDiffUITesting's `ListScreen.pressKey(_:)` both send keys through.
extension ListDiffDataSource {
  /// Handles `key` as a list does, and returns whether it used it:
  ///
  /// | Key | Effect |
  /// |---|---|
  /// | ↑ ↓ | ``moveFocus(_:)`` `.up`, `.down` |
  /// | PgUp PgDn | `.pageUp`, `.pageDown` |
  /// | Home End | `.first`, `.last` |
  /// | Shift+↑ Shift+↓ | moves the focus; with multiple selection, selects the items it leaves and lands on |
  /// | Space | toggles the focused item's selection (with single selection, selecting it deselects the others) |
  /// | Enter | taps the focused item: selects it, its controller hears `didSelect` |
  /// | → | on an ``OutlineSection`` row: expands it, or focuses its first child when it is expanded |
  /// | ← | on an outline row: collapses it, or focuses its parent when it is collapsed or a leaf |
  /// | a character | ``typeSelect(_:)``; false when no item matched, so that the app may use the key |
  /// | ← → | on a carousel's or a grid's row: move the focus along it, scrolling as needed |
  /// | Esc | not used by a plain list (returns false; it ends a type-to-select prefix) |
  ///
  /// ← and → on an item that is neither an outline row nor a carousel's or
  /// grid's row, or with nothing to do (→ on a leaf, ← on a root that is
  /// not expanded, either at a carousel's end), return false.
  ///
  /// On a carousel's or a grid's row, Enter and Space act on its focused
  /// item (the first visible one when it has none), and on a grid's, ↑ ↓
  /// move the focus a line up or down within the grid (out of it from its
  /// first or last line; onto the last item from the line above it), and
  /// into a grid ↑ lands on its last line, ↓ on its first (see
  /// ``moveFocus(_:)``). A key other than a character ends the
  /// type-to-select prefix.
  ///
  /// - Complexity: that of the move, selection or search it makes.
  @discardableResult
  public func handleKey(_ key: ListKey) -> Bool {
    for feature in features.all { feature.keyWillBeHandled(key) }
    var handled = false
    for feature in features.all where feature.handleKey(key) {
      handled = true
      break
    }
    checkInvariants(after: "the key \(key)")
    return handled
  }

  /// The keys of the focus and the selection: ↑ ↓ PgUp PgDn Home End,
  /// Shift+↑ Shift+↓, Space and Enter; whether `key` was one.
  func handleFocusKey(_ key: ListKey) -> Bool {
    switch key {
    case .up: moveFocus(.up)
    case .down: moveFocus(.down)
    case .pageUp: moveFocus(.pageUp)
    case .pageDown: moveFocus(.pageDown)
    case .home: moveFocus(.first)
    case .end: moveFocus(.last)
    case .shiftUp: extendSelection(.up)
    case .shiftDown: extendSelection(.down)
    case .space: toggleFocusedSelection()
    case .enter: tapFocused()
    case .character, .left, .right, .escape: return false
    }
    return true
  }

  /// Shift+↑/↓: with multiple selection, the item the focus leaves and the
  /// one it lands on both join the selection; otherwise a plain move.
  private func extendSelection(_ move: ListFocusMove) {
    guard allowsMultipleSelection, allowsSelection else { return moveFocus(move) }
    let anchor = interaction.focus
    guard let target = focusTarget(of: move) else { return }
    setFocus(target, reveal: true, follows: false)
    var extended = selection
    for id in [anchor, interaction.focus].compactMap({ $0 }) {
      if let index = index(of: id), controller(at: index).canSelect {
        extended.insert(id)
      }
    }
    commitSelection(extended)
  }

  /// Space: the focused item in or out of the selection.
  private func toggleFocusedSelection() {
    guard let focus = interaction.focus else { return }
    if selection.contains(focus) { deselect(focus) } else { select(focus) }
  }

  /// Enter: a tap on the focused item, as a finger would make.
  private func tapFocused() {
    guard let index = focusIndex() else {
      return
    }
    collectionView.selectItem(at: shownPath(index))
    collectionView.layoutIfNeeded()
  }
}
