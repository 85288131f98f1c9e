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
    guard !interaction.isEmpty, !deletes.isEmpty else { return }
    var kept = interaction.selection
    if let focus = interaction.focus { kept.insert(focus) }
    let shown = indexes(of: kept)
    let gone = kept.filter { shown[$0] == nil }
    guard !gone.isEmpty else {
      // Deleted and inserted again: the collection view dropped its
      // selection with the deleted item.
      for id in interaction.selection { if let index = shown[id] { showSelectedInCollection(index) } }
      return
    }
    if let focus = interaction.focus, gone.contains(focus) {
      let oldIndex = indexes(of: CollectionOfOne(focus), in: old)[focus]
      // The selection is the person's: a focus passed on does not change it.
      setFocus(oldIndex.flatMap { focusNeighbour(of: $0, in: old, deletes: deletes) }, follows: false)
    }
    commitSelection(interaction.selection.subtracting(gone))
  }

  /// The focus's new item once item `index` of `old` is deleted: the first
  /// later item of `old` still shown that can take the focus, else the
  /// last such earlier one.
  private func focusNeighbour(of index: Int, in old: FlatList, deletes: [Int]) -> Int? {
    let deleted = Set(deletes)
    for step in [1, -1] {
      var candidate = index + step
      while candidate >= 0 && candidate < old.count {
        defer { candidate += step }
        guard !deleted.contains(candidate) else { continue }
        let id = itemID(at: candidate, in: old)
        if let shown = indexes(of: CollectionOfOne(id))[id], controller(at: shown).canFocus {
          return shown
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
