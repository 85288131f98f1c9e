/// Selection and focus across roots: what a root deleted leaves them.
extension ListDiffDataSource {
  /// A root replaced `old` with the list shown, deleting `deletes` (indexes
  /// of `old`, as the diff gave them): selected items it deleted leave the
  /// selection (``selectionHandler`` hears it), and a deleted focus passes
  /// to the item now in its place, else the one before. Items that kept
  /// their identity under another controller type (deleted and inserted)
  /// stay selected and focused.
  ///
  /// - Complexity: O(1) when nothing is selected or focused or nothing was
  ///   deleted; otherwise that of finding the selected items and the focus
  ///   in both lists (see `indexes(of:in:)`), plus O(*k*) for the *k* old
  ///   items passed over to find the focus a neighbour.
  func carryInteraction(from old: FlatList, deletes: [Int]) {
    guard !interaction.state.isEmpty, !deletes.isEmpty else { return }
    var kept = interaction.selection
    if let focus = interaction.focus { kept.insert(focus) }
    let shown = indexes(of: kept)
    let gone = kept.filter { shown[$0] == nil }
    if let focus = interaction.focus, gone.contains(focus) {
      let oldIndex = index(of: focus, in: old)
      // The selection is the person's: a focus passed on does not change it.
      setFocus(oldIndex.flatMap { focusNeighbour(of: $0, in: old) }, follows: false)
    }
    // A focus kept under a key the root deleted (its controller type
    // changed): the item of its identity has it now.
    if let focus = interaction.focus, !gone.contains(focus), let index = focusIndex() {
      interaction.setFocus(focus, key: list.key(at: index))
    }
    if !gone.isEmpty { commitSelection(interaction.selection.subtracting(gone)) }
    // An item deleted and inserted again under the same identity (its
    // section moved among anonymous siblings, its controller type changed)
    // lost the collection view's selection with the deleted item.
    for id in interaction.selection { if let index = shown[id] { showSelectedInCollection(index) } }
  }

  /// The focus's new item once item `index` of `old` is deleted: the
  /// neighbour still shown (see `survivingNeighbour(of:in:accepting:)`)
  /// that can take the focus.
  private func focusNeighbour(of index: Int, in old: FlatList) -> Int? {
    survivingNeighbour(of: index, in: old) { controller(at: $0).canFocus }
  }

  /// The new place of a cursor whose item, at `index` of `old`, was
  /// deleted: the first later item of `old` still shown (by identity: one
  /// deleted and inserted again counts) that `accepting` takes (an index
  /// of the list shown), else the last such earlier one. What keyboard
  /// focus and VoiceOver's cursor both do.
  ///
  /// - Complexity: O(*k* + *s* · *d* · ⌈*k* / 64⌉) for the *k* old items
  ///   passed over, looked up 64 at a time.
  func survivingNeighbour(of index: Int, in old: FlatList, accepting: (Int) -> Bool = { _ in true }) -> Int? {
    for step in [1, -1] {
      var candidate = index + step
      while candidate >= 0 && candidate < old.count {
        var batch: [ListItemID] = []
        while batch.count < 64 && candidate >= 0 && candidate < old.count {
          batch.append(itemID(at: candidate, in: old))
          candidate += step
        }
        let shown = indexes(of: batch)
        for id in batch {
          if let index = shown[id], accepting(index) { return index }
        }
      }
    }
    return nil
  }

  /// Marks item `index` selected in the collection view.
  private func showSelectedInCollection(_ index: Int) {
    collectionView.setItemSelected(true, at: shownPath(index))
  }
}
