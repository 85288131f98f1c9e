import Foundation
import HeadlessCollection

/// A grid's row in the list.
struct GridRowViewModel: NestedListRowViewModel, Equatable {
  /// The grid's id.
  var identifier: String
  var columns: Int
  var spacing: CGFloat
  var content: NestedSections
}

/// Draws a grid's items where they are in it: its own collection's cells
/// at their places in the whole grid (those off the list's viewport are
/// not mounted, and blank; the list clips the row there anyway).
final class GridRowCell: ListCell {
  weak var content: GridContent?
  override var textRepresentation: String { content?.collectionView.renderContentText() ?? "" }
}

/// The framework's controller of a grid's row. It keeps the grid's own
/// list (`GridContent`) from the row's first size request for as long as
/// the grid exists, and sizes the row as tall as the grid.
///
/// Invariants: `content`, once made, shows the sections of `viewModel`;
/// its viewport follows the row's visible part (the list's data source
/// moves it after every layout, `syncNestedViewports`).
final class GridRowController:
  ListCellController<GridRowViewModel, ListViewStateNone, GridRowCell>, NestedListRow
{
  private(set) var content: GridContent?

  override func itemSize(containerSize: CGSize) -> CGSize {
    guard let content = makeContent() else { return CGSize(width: containerSize.width, height: 0) }
    return CGSize(width: containerSize.width, height: content.height(in: containerSize))
  }

  override func configureCell(cell: GridRowCell) {
    cell.content = makeContent()
  }

  override func willDisappear(cell: GridRowCell?) {
    content?.isOnScreen = false
  }

  override func didUpdateViewModel(oldViewModel: GridRowViewModel) {
    content?.show(viewModel)
  }

  override func didLeaveList() {
    content?.empty()
    if content != nil { host?.features.nestedLists.gridListsChanged(by: -1) }
    content = nil
  }

  /// A tap on the row itself is no selection: its items are selected.
  override func didSelect(cell: GridRowCell) {
    deselectRow()
  }

  override var canSelect: Bool { false }

  override func didChangeFocus() {
    super.didChangeFocus()
    content?.rowFocusChanged(isFocused: isFocused)
  }

  var nestedList: NestedList? { content }

  func makeNestedList() -> NestedList? { makeContent() }

  /// The grid's own list, made now if it is not yet (nil while the row's
  /// controller is not attached to a data source).
  @discardableResult
  func makeContent() -> GridContent? {
    if let content { return content }
    guard let host, let scope = sectionScope else { return nil }
    let made = GridContent(host: host, rowScope: scope)
    made.heightDidChange = { [weak self] in
      guard let self else { return }
      self.host?.controllerDidChangeState(self)
    }
    made.show(viewModel)
    content = made
    host.features.nestedLists.gridListsChanged(by: 1)
    return made
  }

  /// ↑ or ↓ is about to move the list's focus onto this row, from the
  /// row below (`fromBelow`) or above: the grid takes it on its last or
  /// first line, in `column` (the column of the grid the focus leaves,
  /// else the first).
  func prepareEntry(fromBelow: Bool, column: Int?) {
    makeContent()?.entry = (fromBelow, column ?? 0)
  }

  /// The move `prepareEntry` announced is made: the grid's focused item
  /// is shown (the list showed the row's top).
  func finishEntry() {
    content?.entry = nil
    if isFocused { revealFocusedItem() }
  }

  /// The column of the grid's focused item, if the grid has one.
  var focusedColumn: Int? { content?.focusedColumn }

  /// Shows the grid's focused item: the grid asks the list to scroll
  /// (see `ListDiffDataSource.reveal(_:)`).
  private func revealFocusedItem() {
    guard let inner = content?.dataSource, let focus = inner.focusedItem, let item = inner.index(of: focus) else {
      return
    }
    inner.reveal(item)
  }

  /// ← → move the focus to the previous or next item, ↑ ↓ a line up or
  /// down (see `GridContent.moveFocusByLine(down:)`; false at the grid's
  /// first or last line: the list moves on); Enter and Space act on the
  /// focused item.
  func handleKey(_ key: ListKey) -> Bool {
    guard let content = makeContent() else { return false }
    switch key {
    case .left, .right, .up, .down:
      let moved =
        key == .left || key == .right
        ? content.moveFocus(by: key == .left ? -1 : 1) : content.moveFocusByLine(down: key == .down)
      guard moved else { return false }
      revealFocusedItem()
      return true
    case .enter, .space:
      return content.actOnFocusedItem(key)
    default: return false
    }
  }
}
