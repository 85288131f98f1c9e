/// The mutable, cell-local state of one item (expanded or not, a text field's
/// draft): owned by the item's controller, so it survives cell reuse and
/// scrolling and lives exactly as long as the item does.
///
/// A controller starts with `init()` and changes it with
/// `ListCellController.updateState(_:)`, which reconfigures and re-sizes the
/// item's cell.
public protocol ListViewState {
  /// The state of an item that has just appeared in the list.
  init()
}

/// A view state with nothing in it, for controllers that keep no state.
public struct ListViewStateNone: ListViewState, Hashable, Sendable {
  /// The empty state.
  public init() {}
}
