import HeadlessCollection

/// Selection and keyboard focus, kept by identity, as a feature of the data
/// source's lifecycle: a root that deletes selected or focused items hands
/// them on, a reload's cleared collection selection is mirrored again, the
/// arrow, page, Space and Enter keys move the focus and select, and a drag
/// into another section renames what it moved. The behaviour is
/// `ListDiffDataSource`'s selection, focus and key extensions beside this
/// file; the state is `ItemInteraction`, changed only here.
@MainActor
final class InteractionFeature: ListFeature {
  private unowned let dataSource: ListDiffDataSource
  /// The selection, the focus, and whether the one follows the other.
  private(set) var state = ItemInteraction()
  /// See ``ListDiffDataSource/selectionHandler``.
  var handler: (@MainActor (Set<ListItemID>) -> Void)?

  init(_ dataSource: ListDiffDataSource) {
    self.dataSource = dataSource
  }

  /// The selected items.
  var selection: Set<ListItemID> { state.selection }
  /// The focused item.
  var focus: ListItemID? { state.focus }

  // MARK: Transitions

  /// Replaces the selection; returns what left it and what joined it.
  func setSelection(_ new: Set<ListItemID>) -> (removed: Set<ListItemID>, added: Set<ListItemID>) {
    state.setSelection(new)
  }

  /// The key of the focused item, when known (see `ItemInteraction.focusKey`).
  var focusKey: ListItemKey? { state.focusKey }

  /// Moves the focus to `id`, the item with `key` when that is known.
  func setFocus(_ id: ListItemID?, key: ListItemKey? = nil) {
    state.setFocus(id, key: key)
  }

  /// Turns `selectionFollowsFocus` on or off.
  func setSelectionFollowsFocus(_ follows: Bool) {
    state.setSelectionFollowsFocus(follows)
  }

  /// Breaks a rule of the state on purpose (the tests of the checks).
  func plant(_ defect: PlantedDataSourceDefect) {
    switch defect {
    case .selectionOfGoneItem:
      state.plantSelection(ListItemID(identifier: "\u{0}gone", sectionPath: ["\u{0}gone"]))
    case .mirrorAheadOfClears:
      state.plantMirroredClears(dataSource.collectionView.selectionClearCount + 1)
    default: break
    }
  }

  // MARK: Lifecycle

  func rootDidApply(_ root: AppliedRoot) {
    dataSource.carryInteraction(from: root.old, deletes: root.changes.deletes)
  }

  /// A reload cleared the collection view's selection: make it mirror the
  /// selection again.
  func layoutDidFinish() {
    let clears = dataSource.collectionView.selectionClearCount
    guard clears != state.mirroredClears else { return }
    state.mirrored(afterClears: clears)
    dataSource.showSelectionInCollection()
  }

  func handleKey(_ key: ListKey) -> Bool {
    dataSource.handleFocusKey(key)
  }

  func itemDidChangeSection(from old: ListItemID, to new: ListItemID) {
    state.rekey(old, to: new)
  }

  func invariantViolations() -> [InvariantViolation] {
    state.invariantViolations(in: dataSource)
  }

  /// A tap selected or deselected the item the collection view shows at
  /// `shown`: the selection follows (the collection view already shows it).
  func collectionViewDidChangeSelection(_ selected: Bool, atShown shown: Int) {
    dataSource.collectionViewDidChangeSelection(selected, at: dataSource.listIndex(ofShown: shown))
  }
}

extension ListDiffDataSource {
  /// The selection and focus feature (see `InteractionFeature`).
  var interaction: InteractionFeature { features.interaction }
}
