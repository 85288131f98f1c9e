import Foundation
import HeadlessCollection

/// The row at an edge while more is loading there or loading failed.
struct LoadMoreRowViewModel: ListViewModel, Equatable {
  /// "top" or "bottom".
  var identifier: String
  var edge: ListLoadMoreEdge
  var state: ListLoadMoreState
}

/// Draws a loading row as one line of text.
final class LoadMoreRowCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

/// Shows "loading…" or "failed — retry"; a tap on a failed row retries.
/// The row is the library's, no item of the app's: it takes no selection
/// (a tap is a button press, `pressInsteadOfSelecting()`) and no focus.
final class LoadMoreRowController: ListCellController<LoadMoreRowViewModel, ListViewStateNone, LoadMoreRowCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }

  override func configureCell(cell: LoadMoreRowCell) {
    switch viewModel.state {
    case .failed: cell.text = "failed — retry"
    default: cell.text = "loading…"
    }
  }

  /// A tap on the row: a failed load runs again.
  override func pressInsteadOfSelecting() -> Bool {
    if case .failed = viewModel.state { host?.retryLoadMore(viewModel.edge) }
    return true
  }

  /// Never selected: it is not content (so neither `selectAll()` nor a
  /// tap changes the app's selection through it).
  override var canSelect: Bool { false }

  /// Never focused: it is not content.
  override var canFocus: Bool { false }
}

/// The root as shown with the loading rows of its edges: the rows in
/// scopes of their own, the root in the very scope it has alone, so its
/// items keep their identities whether rows come or go.
final class LoadMoreFrame: Section, @unchecked Sendable {
  let root: Section?
  let top: LoadMoreRowViewModel?
  let bottom: LoadMoreRowViewModel?

  init(root: Section?, top: LoadMoreRowViewModel?, bottom: LoadMoreRowViewModel?) {
    self.root = root
    self.top = top
    self.bottom = bottom
    super.init(id: root?.id)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    if let top { row(top, into: &flattener, scope: scope) }
    root?.flatten(into: &flattener, scope: scope)
    if let bottom { row(bottom, into: &flattener, scope: scope) }
  }

  private func row(_ viewModel: LoadMoreRowViewModel, into flattener: inout Flattener, scope: SectionScope) {
    ListSection<LoadMoreRowViewModel, LoadMoreRowController>(viewModel).flatten(
      into: &flattener, scope: flattener.scope(.id(Self.scopeName), under: scope))
  }

  /// The name of the rows' scope: no id an app writes (it starts with a
  /// control character).
  static let scopeName = "\u{1}loading more"
}
