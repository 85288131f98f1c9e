// The article Screen readers and braille displays
// (Sources/ListDiffUITerminal/ListDiffUITerminal.docc/ScreenReaders.md): its
// code blocks verbatim (ArticleCodeTests checks they stay so), and tests of
// what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal
import Testing

struct Chore: ListViewModel, Equatable {
  var identifier: String
  var isDone: Bool
  var plain: Bool
}

final class ChoreCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class ChoreController:
  ListCellController<Chore, ListViewStateNone, ChoreCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: ChoreCell) {
    let title = viewModel.identifier
    if viewModel.plain {
      cell.text = title + (viewModel.isDone ? ", done" : "")
    } else {
      cell.text = (isFocused ? "› " : "  ")
        + (viewModel.isDone ? "[x] " : "[ ] ") + title
    }
    cell.accessibilityLabel = title
    cell.accessibilityValue = viewModel.isDone ? "done" : nil
  }
}

@MainActor
func choreScreen(_ chores: [(String, Bool)]) async
  -> (screen: TerminalScreen, dataSource: ListDiffDataSource)
{
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  let view = CollectionView(frame: .zero, collectionViewLayout: layout)
  let dataSource = ListDiffDataSource(collectionView: view)
  let screen = TerminalScreen(dataSource: dataSource)
  let plain = screen.screenReaderMode
  await dataSource.setRootSection(
    ListSection<Chore, ChoreController>(
      chores.map { Chore(identifier: $0.0, isDone: $0.1, plain: plain) }))
  dataSource.announcesUpdates = plain
  dataSource.moveFocus(.first)
  return (screen, dataSource)
}

@Test(.timeLimit(.minutes(20)))
@MainActor func theCursorIsOnTheFocusedChore() async {
  let (screen, dataSource) = await choreScreen(
    [("sweep", false), ("dust", true)])
  screen.screenReaderMode = true
  screen.handleListKey(.down)
  let frame = screen.frame()
  #expect(frame.cursor?.row == 1 && frame.showsCursor)
  #expect(frame.lines.last == "dust, done, 2 of 2")
  #expect(dataSource.accessibilityFocus?.identifier == "dust")
}

@MainActor
@Suite("Article: Screen readers and braille displays", .timeLimit(.minutes(20)))
struct ScreenReadersTests {
  @Test("without the mode, the cursor is on the focused row, hidden; the rows are drawn for the eye")
  func hiddenCursor() async {
    let (screen, dataSource) = await choreScreen([("sweep", false), ("dust", true)])
    screen.screenReaderMode = false
    let frame = screen.frame()
    #expect(frame.lines[0] == "› [ ] sweep", "\(frame.lines)")
    #expect(frame.cursor?.row == 0 && frame.cursor?.column == 0, "\(String(describing: frame.cursor))")
    #expect(!frame.showsCursor)
    #expect(frame.lines.last == "", "no status line: the list's last row")
    #expect(dataSource.accessibilityFocus == nil, "VoiceOver's cursor follows only in the mode")
  }

  @Test("a plain row says in words what the marks show; the label and value are VoiceOver's")
  func plainRows() async {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let dataSource = ListDiffDataSource(collectionView: CollectionView(frame: .zero, collectionViewLayout: layout))
    let screen = TerminalScreen(dataSource: dataSource, size: TerminalSize(width: 20, height: 4))
    screen.screenReaderMode = true
    await dataSource.setRootSection(
      ListSection<Chore, ChoreController>([Chore(identifier: "sweep", isDone: true, plain: true)]))
    dataSource.moveFocus(.first)
    #expect(screen.frame().lines == ["sweep, done", "", "", "sweep, done, 1 of 1"])
    #expect(dataSource.accessibilityElements.map(\.value) == ["done"])
  }

  @Test("announcements are said until the next event")
  func announcementsOnce() async {
    let (screen, dataSource) = await choreScreen([("sweep", false)])
    screen.screenReaderMode = true
    screen.announce("saved")
    #expect(screen.frame().lines.last == "saved. sweep, 1 of 1")
    screen.apply(.key(.down))
    #expect(screen.frame().lines.last == "sweep, 1 of 1")
    #expect(dataSource.itemCount == 1)
  }
}
