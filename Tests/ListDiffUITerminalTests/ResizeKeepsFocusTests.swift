import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal
import Testing

/// A row as wide as the window that wraps its text: at a narrower width it
/// takes more lines.
private struct Note: ListViewModel, Equatable {
  var identifier: String
}

private final class NoteCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

private final class NoteController: ListCellController<Note, ListViewStateNone, NoteCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    // "note 12 ......" is 16 characters: one line at 16 columns or more.
    let lines = (16 + Int(containerSize.width) - 1) / max(1, Int(containerSize.width))
    return CGSize(width: containerSize.width, height: CGFloat(lines))
  }
  override func configureCell(cell: NoteCell) {
    cell.text = (isFocused ? ">" : " ") + viewModel.identifier
  }
}

@MainActor
@Suite("A resize keeps the focused row in view")
struct ResizeKeepsFocusTests {
  private func screen(width: Int, height: Int) -> (TerminalScreen, ListDiffDataSource) {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let dataSource = ListDiffDataSource(collectionView: CollectionView(frame: .zero, collectionViewLayout: layout))
    let screen = TerminalScreen(dataSource: dataSource, size: TerminalSize(width: width, height: height))
    dataSource.setRootSection(
      ListSection<Note, NoteController>((1...20).map { Note(identifier: "note \($0) ......") }))
    return (screen, dataSource)
  }

  /// Whether the focused row's every line is in the window.
  private func focusIsInView(_ screen: TerminalScreen) -> Bool {
    guard screen.frame().lines.contains(where: { $0.hasPrefix(">") }) else { return false }
    let view = screen.collectionView
    guard let index = screen.dataSource?.focusedItem.flatMap({ screen.dataSource?.inspection.index(of: $0) }),
      let frame = view.layoutAttributesForItem(at: IndexPath(item: index, section: 0))?.frame
    else { return false }
    return frame.minY >= view.contentOffset.y && frame.maxY <= view.contentOffset.y + view.bounds.height
  }

  @Test("a lower window scrolls to the focused row")
  func aLowerWindow() {
    let (screen, dataSource) = screen(width: 20, height: 10)
    dataSource.focusedItem = ListItemID(identifier: "note 9 ......")
    #expect(screen.collectionView.contentOffset.y == 0, "row 9 shows in 10 lines")
    screen.resize(to: TerminalSize(width: 20, height: 4))
    #expect(focusIsInView(screen), "\(screen.frame().lines)")
    #expect(screen.frame().lines.last == ">note 9 ......", "scrolled the least needed: the row at the bottom")
  }

  @Test("rows wrapped anew at a narrower width scroll to the focused row")
  func aNarrowerWindow() {
    let (screen, dataSource) = screen(width: 20, height: 10)
    dataSource.focusedItem = ListItemID(identifier: "note 7 ......")
    screen.apply(.resize(TerminalSize(width: 8, height: 10)))
    #expect(focusIsInView(screen), "each row takes 2 lines now: \(screen.frame().lines)")
  }

  @Test("a window grown back from under the minimum size shows the focused row")
  func aWindowGrownBack() {
    let (screen, dataSource) = screen(width: 20, height: 10)
    screen.minimumSize = TerminalSize(width: 10, height: 3)
    dataSource.focusedItem = ListItemID(identifier: "note 8 ......")
    screen.resize(to: TerminalSize(width: 5, height: 2))
    #expect(!screen.isLargeEnough)
    screen.resize(to: TerminalSize(width: 20, height: 5))
    #expect(focusIsInView(screen), "\(screen.frame().lines)")
  }

  @Test("a resize to the same size scrolls nothing")
  func theSameSize() {
    let (screen, dataSource) = screen(width: 20, height: 5)
    dataSource.focusedItem = ListItemID(identifier: "note 2 ......")
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 10), animated: false)
    screen.resize(to: TerminalSize(width: 20, height: 5))
    #expect(screen.collectionView.contentOffset.y == 10)
  }
}
