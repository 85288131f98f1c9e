import Foundation
import HeadlessCollection

/// A grid's own list: a vertical collection view as wide as the list,
/// whose content is the grid's full height and whose viewport is the part
/// of the grid's row the list shows.
///
/// Invariants (besides `NestedList`'s): items are one column wide, the
/// columns and the spacing between them filling the width but for less
/// than one point per column; the viewport is the row's part within the
/// list's viewport (on screen only while that part is not empty).
@MainActor
final class GridContent: NestedList {
  private(set) var columns = 1
  private(set) var spacing: CGFloat = 0
  /// The list's width and height, from the last size request of the row.
  private var room = CGSize.zero
  /// Told when the grid's height changed (an item's size did): the row
  /// then asks the list to size it again.
  var heightDidChange: (@MainActor () -> Void)?
  /// The height the row was last sized at.
  private var reportedHeight: CGFloat = 0
  /// Where the list last put the grid's viewport.
  private(set) var followedOffset = CGPoint.zero

  /// A grid's list for the row in `rowScope` of `host`'s list.
  ///
  /// - Complexity: O(*k*) in `host`'s context objects.
  init(host: ListDiffDataSource, rowScope: SectionScope) {
    super.init(
      host: host, rowScope: rowScope, layout: CollectionViewFlowLayout(),
      sizing: .grid(columnWidth: 0, height: 0))
    dataSource.features.nestedLists.observeLayouts { [weak self] in self?.checkHeight() }
  }

  /// Shows the row's sections and settings.
  func show(_ row: GridRowViewModel) {
    columns = row.columns
    spacing = row.spacing
    relayOut()
    show(row.content.sections)
  }

  /// The grid's height for the list's `room`: its content's, all items
  /// sized. Re-flows it when the width changed.
  func height(in room: CGSize) -> CGFloat {
    if room != self.room {
      self.room = room
      relayOut()
    }
    collectionView.layoutIfNeeded()
    reportedHeight = collectionView.contentSize.height
    return reportedHeight
  }

  /// Columns and spacing from the list's width: whole points per column,
  /// the rest left empty at the right (no justification).
  private func relayOut() {
    let width = max(0, room.width)
    let gaps = CGFloat(columns - 1) * spacing
    let column = max(1, ((width - gaps) / CGFloat(columns)).rounded(.down))
    let layout = collectionView.collectionViewLayout
    if layout.minimumLineSpacing != spacing { layout.minimumLineSpacing = spacing }
    if layout.minimumInteritemSpacing != spacing { layout.minimumInteritemSpacing = spacing }
    let leftover = max(0, width - CGFloat(columns) * column - gaps)
    if layout.sectionInset.right != leftover { layout.sectionInset.right = leftover }
    let nesting = dataSource.features.nestedLists
    if nesting.resize(.grid(columnWidth: column, height: room.height)) {
      // Every item's container changed: every size is asked again.
      layout.invalidateLayout()
      nesting.noteChangesInside(dataSource.itemCount)
    }
    if collectionView.frame.width != width {
      collectionView.frame = CGRect(x: 0, y: 0, width: width, height: collectionView.frame.height)
    }
  }

  /// Makes the viewport the part of the row (at `rowFrame`, nil when it is
  /// not placed) within the list's `viewport`, both in the list's content
  /// coordinates; off screen when that part is empty.
  func follow(rowFrame: CGRect?, viewport: CGRect) {
    // Overlapping, not only touching (which Foundation's `intersects`
    // counts on Linux): an empty part is off screen.
    let shown = rowFrame.map { $0.intersection(viewport) } ?? .null
    guard let rowFrame, !shown.isNull, shown.height > 0, shown.width > 0 else {
      isOnScreen = false
      return
    }
    let size = CGSize(width: rowFrame.width, height: shown.height)
    if collectionView.frame.size != size { collectionView.frame = CGRect(origin: .zero, size: size) }
    let offset = CGPoint(x: 0, y: shown.minY - rowFrame.minY)
    followedOffset = offset
    if collectionView.contentOffset != offset { collectionView.setContentOffset(offset, animated: false) }
    isOnScreen = true
  }

  // MARK: Keys

  /// Where the focus goes when ↑ or ↓ brings it onto the grid's row: its
  /// last line from below, its first from above, in `column` where that
  /// line has it (else its last item). Set just before the row gains the
  /// focus, and consumed then.
  var entry: (fromBelow: Bool, column: Int)?

  /// The column of the grid's focused item, if it has one.
  var focusedColumn: Int? {
    guard let index = dataSource.focusIndex() else { return nil }
    return dataSource.shownIndex(ofListIndex: index) % columns
  }

  override func rowFocusChanged(isFocused: Bool) {
    guard isFocused, let entry, dataSource.itemCount > 0 else { return super.rowFocusChanged(isFocused: isFocused) }
    self.entry = nil
    let count = dataSource.itemCount
    let line = entry.fromBelow ? (count - 1) / columns : 0
    let shown = min(line * columns + entry.column, count - 1)
    let index = dataSource.listIndex(ofShown: shown)
    guard dataSource.controller(at: index).canFocus else { return super.rowFocusChanged(isFocused: isFocused) }
    dataSource.focusedItem = dataSource.itemID(at: index)
  }

  /// ↑ or ↓: the focus a line up or down, the same column; a step down
  /// past the last item, when there is a line below, lands on the last
  /// item (the lines above a grid's last are full). False, with nothing
  /// done, on the first line going up or the last going down: the list
  /// moves on.
  func moveFocusByLine(down: Bool) -> Bool {
    focusFirstVisibleItemIfNone()
    guard let index = dataSource.focusIndex() else { return false }
    let count = dataSource.itemCount
    let shown = dataSource.shownIndex(ofListIndex: index)
    let line = shown / columns
    guard down ? line < (count - 1) / columns : line > 0 else { return false }
    let target = down ? min(shown + columns, count - 1) : shown - columns
    return moveFocus(by: target - shown)
  }

  /// After each whole layout of the grid (outside its passes, where the
  /// list may be changed): a changed height re-sizes the row.
  private func checkHeight() {
    let height = collectionView.contentSize.height
    guard height != reportedHeight, room != .zero else { return }
    reportedHeight = height
    heightDidChange?()
  }
}

extension GridContent {
  /// The invariants written on the type that hold between layouts: the
  /// viewport is where the list last put it (the grid never scrolls
  /// itself), and a line holds at least one item.
  ///
  /// - Complexity: O(1).
  func violations(into check: inout InvariantChecker) {
    check.expect(columns >= 1, "a grid has a column")
    check.expect(
      !isOnScreen || collectionView.contentOffset == followedOffset, "a grid's viewport is where its list puts it")
  }
}
