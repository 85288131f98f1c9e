import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal
import TestSupport
import Testing

/// A row of `lines` lines, each saying its name and line ("r3.0", "r3.1"),
/// with ">" on the first line of the focused one. It may be dragged, and
/// it has one item action.
private struct Row: ListViewModel, Equatable {
  var identifier: String
  var lines = 1
}

private final class RowCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

private final class RowController: ListCellController<Row, ListViewStateNone, RowCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: CGFloat(viewModel.lines))
  }
  override func configureCell(cell: RowCell) {
    let mark = isFocused ? ">" : " "
    cell.text = (0..<viewModel.lines).map { (($0 == 0 ? mark : " ") + viewModel.identifier + ".\($0)") }
      .joined(separator: "\n")
    cell.accessibilityLabel = viewModel.identifier
  }
  override var canMove: Bool { true }
  override func trailingActions() -> [ListItemAction] {
    [ListItemAction(title: "Copy") {}, ListItemAction(title: "Delete", style: .destructive) {}]
  }
}

/// The title over the rows: pinned, never focused.
private struct Title: ListViewModel, Equatable {
  var identifier = "title"
}

private final class TitleController: ListCellController<Title, ListViewStateNone, RowCell> {
  override var canFocus: Bool { false }
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: RowCell) { cell.text = "TITLE" }
}

/// A terminal screen over a data source of rows under a pinned title.
@MainActor
private final class Fixture {
  let dataSource: ListDiffDataSource
  let screen: TerminalScreen
  var rows: [Row]

  init(width: Int = 20, height: Int = 6, rows: [Row], async: Bool = false, screenReader: Bool = false) async {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    dataSource = ListDiffDataSource(
      collectionView: CollectionView(frame: .zero, collectionViewLayout: layout), applyUpdatesAsync: async)
    screen = TerminalScreen(dataSource: dataSource, size: TerminalSize(width: width, height: height))
    screen.screenReaderMode = screenReader
    self.rows = rows
    await show()
  }

  func show() async {
    await dataSource.setRootSection(
      CompositeSection(header: ListSection<Title, TitleController>([Title()]), pinsHeader: true) {
        ListSection<Row, RowController>(rows)
      })
  }

  func focus(_ name: String) {
    dataSource.focusedItem = ListItemID(identifier: name)
  }

  /// The name of the row the window shows at `row`, as a click there finds it.
  func name(atRow row: Int) -> String? {
    screen.indexPathForItem(column: 0, row: row).flatMap { dataSource.inspection.itemIdentity(at: $0.item)?.identifier }
  }

  /// Where the cursor must be: the first list row (below the overlay) that
  /// shows the focused item, found through clicks; else nil.
  func expectedCursorRow() -> Int? {
    guard let focus = dataSource.focusedItem?.identifier else { return nil }
    let listRows = screen.size.height - (screen.status == nil && !screen.screenReaderMode ? 0 : 1)
    return (0..<max(0, listRows)).first { name(atRow: $0) == focus }
  }
}

private func rows(_ count: Int, lines: Int = 1) -> [Row] {
  (0..<count).map { Row(identifier: "r\($0)", lines: lines) }
}

@MainActor
@Suite("The cursor on the focused row, and screen-reader mode", .timeLimit(.minutes(20)))
struct ScreenReaderModeTests {
  @Test("after every frame the cursor sits, hidden, at the start of the focused row")
  func theCursorSitsOnTheFocusedRow() async {
    let fixture = await Fixture(rows: rows(20))
    let screen = fixture.screen
    #expect(screen.frame().cursor == nil, "nothing focused: the cursor is left alone")
    fixture.focus("r2")
    var frame = screen.frame()
    #expect(frame.cursor?.row == 3 && frame.cursor?.column == 0, "the title, r0, r1, then r2")
    #expect(frame.lines[3] == ">r2.0")
    #expect(!frame.showsCursor)
    screen.handleListKey(.end)
    frame = screen.frame()
    #expect(frame.cursor?.row == 5 && frame.lines[5] == ">r19.0", "\(frame.lines)")
    screen.handleListKey(.pageUp)
    frame = screen.frame()
    #expect(frame.cursor.map { frame.lines[$0.row].hasPrefix(">") } == true, "\(frame.lines)")
    // The painter leaves the cursor there, hidden.
    var painter = TerminalPainter()
    let bytes = painter.paint(frame)
    #expect(bytes.hasSuffix("\u{1B}[\(frame.cursor!.row + 1);1H"))
    #expect(!bytes.contains("\u{1B}[?25h"))
  }

  @Test("a row under a pinned header: the cursor is on its first line that shows")
  func underThePinnedHeader() async {
    let fixture = await Fixture(rows: rows(6, lines: 3))
    fixture.focus("r1")
    // The title at line 0, r0 at 1–3, r1 at 4–6: at offset 4 r1's first line
    // is drawn under the pinned title.
    fixture.screen.collectionView.setContentOffset(CGPoint(x: 0, y: 4), animated: false)
    let frame = fixture.screen.frame()
    #expect(frame.lines[0] == "TITLE" && frame.lines[1] == " r1.1", "\(frame.lines)")
    #expect(frame.cursor?.row == 1 && frame.cursor?.column == 0)
  }

  @Test("the focused row scrolled away or covered by the overlay: no cursor; in screen-reader mode, the status line")
  func noRowToSitOn() async {
    let fixture = await Fixture(rows: rows(20))
    let screen = fixture.screen
    fixture.focus("r1")
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 8), animated: false)
    #expect(screen.frame().cursor == nil, "\(screen.frame().lines)")
    screen.collectionView.setContentOffset(.zero, animated: false)
    screen.overlay = ["help", "more help", "and more"]
    #expect(screen.frame().cursor == nil, "r1 is at row 2, under the overlay")
    screen.overlay = ["help"]
    #expect(screen.frame().cursor?.row == 2)
    screen.overlay = ["help", "more help", "and more"]
    screen.screenReaderMode = true
    let frame = screen.frame()
    #expect(frame.cursor?.row == 5 && frame.cursor?.column == 0 && frame.showsCursor)
  }

  @Test("screen-reader mode: the cursor shows; the status line says the focused element; VoiceOver's cursor follows the keyboard")
  func screenReaderMode() async {
    let fixture = await Fixture(width: 40, rows: rows(20), screenReader: true)
    let screen = fixture.screen
    let dataSource = fixture.dataSource
    var frame = screen.frame()
    #expect(frame.lines.count == 6 && frame.lines[5] == "", "the status line is kept, empty")
    #expect(frame.cursor?.row == 5 && frame.showsCursor, "nothing focused: the status line's start")
    screen.handleListKey(.down)
    frame = screen.frame()
    #expect(dataSource.accessibilityFocus == dataSource.focusedItem)
    #expect(frame.cursor?.row == 1 && frame.showsCursor && frame.lines[1] == ">r0.0")
    #expect(frame.lines[5] == "r0, 1 of 20", "\(frame.lines)")
    screen.handleListKey(.down)
    #expect(screen.frame().lines[5] == "r1, 2 of 20")
    #expect(dataSource.accessibilityFocus?.identifier == "r1")
    // The app's status comes before the description.
    screen.status = "2 selected"
    #expect(screen.frame().lines[5] == "2 selected. r1, 2 of 20")
    screen.status = nil
    // The list is kept clear of the status line.
    #expect(screen.collectionView.contentInset.bottom == 1)
    // The line editor's line and cursor win.
    screen.status = "add: milk"
    screen.statusCursorColumn = 9
    frame = screen.frame()
    #expect(frame.lines[5] == "add: milk" && frame.cursor?.row == 5 && frame.cursor?.column == 9)
    screen.status = nil
    screen.statusCursorColumn = nil
    screen.screenReaderMode = false
    frame = screen.frame()
    #expect(frame.lines[5] == " r4.0" && !frame.showsCursor, "off again: the row is the list's")
  }

  @Test("announcements show until the next event; the app's handler still hears them")
  func announcements() async {
    let fixture = await Fixture(width: 40, rows: rows(5))
    var heard: [ListAccessibilityNotification] = []
    fixture.dataSource.accessibilityNotificationHandler = { heard.append($0) }
    let screen = fixture.screen
    screen.announce("ignored: the mode is off")
    screen.screenReaderMode = true
    fixture.focus("r1")
    #expect(fixture.dataSource.performAccessibilityAction(named: "Move down") == false, "not followed yet")
    _ = screen.frame()
    #expect(fixture.dataSource.performAccessibilityAction(named: "Move down"))
    #expect(heard == [.announcement("Moved to 3 of 5")])
    screen.announce("  ")
    screen.announce("saved")
    let frame = screen.frame()
    #expect(frame.lines[5] == "Moved to 3 of 5. saved. r1, 3 of 5", "\(frame.lines)")
    #expect(screen.frame().lines[5] == frame.lines[5], "a frame again, no event: the same")
    screen.apply(.key(.down))
    #expect(screen.frame().lines[5] == "r1, 3 of 5", "the event cleared what was said")
    // Said and never drawn (keys typed ahead, drawn once after the last):
    // the next event passes over it too.
    screen.announce("passed over")
    screen.apply(.key(.down))
    screen.announce("said")
    #expect(screen.frame().lines[5] == "said. r1, 3 of 5")
    // A screen driven without events keeps the newest few.
    for number in 1...6 { screen.announce("\(number)") }
    #expect(screen.frame().lines[5] == "3. 4. 5. 6. r1, 3 of 5")
  }

  @Test("a status line too narrow for what was said cuts that and keeps the focused element's description whole")
  func narrowStatusLine() async {
    let fixture = await Fixture(width: 24, rows: rows(5))
    let screen = fixture.screen
    screen.screenReaderMode = true
    fixture.focus("r1")
    _ = screen.frame()
    screen.announce("1 item added, 1 item removed, 19 items changed")
    let line = screen.frame().lines[5]
    #expect(line.hasSuffix("…. r1, 2 of 5") && TerminalText.columns(line) <= 24, "\(line)")
    // A description wider than the line is all it shows, cut.
    screen.resize(to: TerminalSize(width: 8, height: 6))
    screen.announce("saved")
    let narrow = screen.frame().lines[5]
    #expect(narrow.hasPrefix("r1") && narrow.hasSuffix("…") && TerminalText.columns(narrow) <= 8, "\(narrow)")
  }

  @Test("the action menu, plain: no box or marks, the cursor on the highlighted action, the status line says it")
  func actionMenu() async {
    let fixture = await Fixture(width: 24, height: 8, rows: rows(3), screenReader: true)
    let screen = fixture.screen
    fixture.focus("r0")
    #expect(screen.openActionMenu())
    var frame = screen.frame()
    #expect(Array(frame.lines[0..<5]) == ["TITLE", ">r0.0", "actions", "Copy", "Delete"], "\(frame.lines)")
    #expect(frame.cursor?.row == 3 && frame.showsCursor)
    #expect(frame.lines[7] == "Copy, 1 of 2")
    screen.handleListKey(.down)
    frame = screen.frame()
    #expect(frame.cursor?.row == 4 && frame.lines[7] == "Delete, 2 of 2")
    #expect(screen.actionMenu?.rows(width: 24) != screen.actionMenu?.rows(width: 24, plain: true))
    screen.handleListKey(.escape)
    #expect(screen.frame().cursor?.row == 1)
  }

  @Test("a window under the minimum size: in screen-reader mode the cursor is on the note")
  func tooSmall() async {
    let fixture = await Fixture(rows: rows(3), screenReader: true)
    fixture.screen.minimumSize = TerminalSize(width: 30, height: 3)
    let frame = fixture.screen.frame()
    #expect(frame.lines[0].hasPrefix("enlarge"))
    #expect(frame.cursor?.row == 0 && frame.cursor?.column == 0 && frame.showsCursor)
  }

  @Test("LISTDIFFUI_SCREEN_READER asks for the mode")
  func environment() {
    for value in ["1", "true", "YES", " on "] {
      #expect(TerminalScreen.isScreenReaderModeRequested(environment: ["LISTDIFFUI_SCREEN_READER": value]), "\(value)")
    }
    for value in ["0", "", "no", "off", "2"] {
      #expect(!TerminalScreen.isScreenReaderModeRequested(environment: ["LISTDIFFUI_SCREEN_READER": value]), "\(value)")
    }
    #expect(!TerminalScreen.isScreenReaderModeRequested(environment: [:]))
  }

  /// Random keys, deletions, inserts, wheel turns, overlays and resizes:
  /// after every frame the cursor is on the focused row's first line that
  /// shows (or, in screen-reader mode, at the status line's start when
  /// none shows), and VoiceOver's cursor is on the keyboard focus.
  @Test("random use keeps the cursor on the focused row", arguments: [false, true])
  func randomUse(async: Bool) async {
    let seed: UInt64 = 0x43_5552_534F_52
    var random = SeededGenerator(seed: seed)
    for screenReader in [false, true] {
      let fixture = await Fixture(rows: rows(30), async: async, screenReader: screenReader)
      let screen = fixture.screen
      var next = 30
      for step in 0..<600 {
        let keys: [Key] = [.up, .down, .pageUp, .pageDown, .home, .end]
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<4: screen.handleListKey(keys.randomElement(using: &random)!)
        case 4:
          fixture.rows.removeAll { _ in Int.random(in: 0..<6, using: &random) == 0 }
          await fixture.show()
        case 5:
          let at = Int.random(in: 0...fixture.rows.count, using: &random)
          fixture.rows.insert(Row(identifier: "r\(next)", lines: Int.random(in: 1...3, using: &random)), at: at)
          next += 1
          await fixture.show()
        case 6:
          let size = TerminalSize(width: Int.random(in: 8...30, using: &random), height: Int.random(in: 2...12, using: &random))
          screen.apply(.resize(size))
        case 7:
          let wheel: MouseEvent.Action = Bool.random(using: &random) ? .scrollUp : .scrollDown
          screen.apply(.mouse(MouseEvent(wheel, column: 0, row: 0)))
        case 8: screen.overlay = Array(repeating: "overlay", count: Int.random(in: 0...2, using: &random))
        default:
          if let row = fixture.rows.randomElement(using: &random) { fixture.focus(row.identifier) }
        }
        let frame = screen.frame()
        let expected = fixture.expectedCursorRow()
        let context = "seed \(seed) async \(async) reader \(screenReader) step \(step): \(frame.lines)"
        if let expected {
          #expect(frame.cursor?.row == expected && frame.cursor?.column == 0, "\(context)")
        } else if screenReader {
          #expect(frame.cursor?.row == screen.size.height - 1 && frame.cursor?.column == 0, "\(context)")
        } else {
          #expect(frame.cursor == nil, "\(context)")
        }
        #expect(frame.showsCursor == (screenReader && frame.cursor != nil), "\(context)")
        if screenReader {
          #expect(fixture.dataSource.accessibilityFocus == fixture.dataSource.focusedItem, "\(context)")
        }
      }
    }
  }
}
