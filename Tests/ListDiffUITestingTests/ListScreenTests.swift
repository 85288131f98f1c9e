import Foundation
import HeadlessCollection
import ListDiff
import ListDiffUI
import ListDiffUITesting
import Testing

/// The comments of the issues `body` records, each joined into one string;
/// the issues are known, so they do not fail the test.
@MainActor
func issueComments(_ body: () -> Void) -> [String] {
  let comments = Collected<String>()
  withKnownIssue {
    body()
  } matching: { issue in
    comments.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
    return true
  }
  return comments.values
}

@Suite("ListScreen")
@MainActor
struct ListScreenTests {
  @Test("a screen shows its root at once, as text with trailing spaces trimmed")
  func showsRoot() {
    let screen = ListScreen(width: 10, height: 4)
    screen.setRoot(rows("alpha", "beta"))
    #expect(screen.text == "alpha\nbeta\n\n")
    #expect(screen.collectionView.frame.size == CGSize(width: 10, height: 4))
    #expect(screen.collectionView.collectionViewLayout.minimumLineSpacing == 0)
    #expect(screen.updates == [ListDiffUpdate(inserts: [0, 1], oldItemCount: 0, newItemCount: 2)])
    #expect(screen.diagnostics.isEmpty)
  }

  @Test("spacing when asked; context objects reach the controllers")
  func spacingAndContext() {
    let taps = Taps()
    let screen = ListScreen(width: 6, height: 5, lineSpacing: 1, contextObjects: taps)
    screen.setRoot(rows("a", "b", "c"))
    #expect(screen.text == "a\n\nb\n\nc")
    screen.tap(identifier: "b")
    #expect(taps.identifiers == ["b"])
  }

  @Test("tap scrolls an item that is off screen into view first, as a person would")
  func tapOffScreen() {
    let taps = Taps()
    let screen = ListScreen(width: 8, height: 3, contextObjects: taps)
    screen.setRoot(rows((0..<10).map { "row\($0)" }))
    screen.tap(identifier: "row6")
    #expect(taps.identifiers == ["row6"])
    #expect(screen.text == "row4\nrow5\nrow6")
    #expect(screen.collectionView.indexPathsForSelectedItems == [IndexPath(item: 6, section: 0)])
    screen.tap(identifier: "row5")
    #expect(screen.text == "row4\nrow5\nrow6", "a visible item is tapped where it is")
    #expect(screen.lifecycle(of: "row5").last == "didSelect")
  }

  @Test("tapping an identifier that does not exist fails, naming those that do, and does nothing")
  func tapMissing() {
    let taps = Taps()
    let screen = ListScreen(width: 8, height: 3, contextObjects: taps)
    screen.setRoot(
      CompositeSection(
        ListSection<Row, RowController>((0..<10).map { Row(identifier: "row\($0)", title: "r\($0)") }, id: "rows"),
        ListSection<Row, RowController>([Row(identifier: "row7", title: "other")], id: "more")))
    let textBefore = screen.text
    let comments = issueComments {
      screen.tap(identifier: "rwo7")
      screen.tap(identifier: "row7", sectionPath: ["nowhere"])
      screen.scroll(toIdentifier: "missing")
    }
    #expect(
      comments == [
        "tap: no item has the identifier \"rwo7\"; spelled alike: row7; on screen: row0, row1, row2",
        "tap: no item has the identifier \"row7\" in sections [\"nowhere\"]; \"row7\" is in sections "
          + "[\"rows\"], [\"more\"]; spelled alike: row0, row1, row2, row3, row4, row5, row6, row8; "
          + "on screen: row0, row1, row2",
        "scroll: no item has the identifier \"missing\"; on screen: row0, row1, row2",
      ])
    #expect(taps.identifiers.isEmpty)
    #expect(screen.text == textBefore)
    #expect(screen.collectionView.indexPathsForSelectedItems.isEmpty)
  }

  @Test("scrolling by points, to an identifier, dragging; all clamped to the content")
  func scrolling() {
    let screen = ListScreen(width: 8, height: 3)
    screen.setRoot(rows((0..<10).map { "row\($0)" }))
    screen.scroll(by: 2)
    #expect(screen.text == "row2\nrow3\nrow4")
    screen.scroll(toIdentifier: "row8")
    #expect(screen.text == "row7\nrow8\nrow9", "clamped at the end of the content")
    screen.scroll(toIdentifier: "row5", at: .bottom)
    #expect(screen.text == "row3\nrow4\nrow5")
    screen.scroll(by: -100)
    #expect(screen.text == "row0\nrow1\nrow2")
    screen.drag(by: 4)
    #expect(screen.text == "row4\nrow5\nrow6")
    screen.drag(by: -1)
    #expect(screen.text == "row3\nrow4\nrow5")
    screen.drag(by: 50)
    #expect(screen.collectionView.contentOffset.y == 7)
    // Let go with a velocity: the content coasts on past where the finger lifted.
    screen.scroll(by: -100)
    screen.drag(by: 1, velocity: 6)
    #expect(screen.collectionView.contentOffset.y > 1)
    #expect(screen.collectionView.contentOffset.y < 7)
  }

  @Test("a horizontal layout scrolls and drags along x")
  func horizontal() {
    final class Column: ListCellController<Row, ListViewStateNone, RowCell> {
      override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: 2, height: containerSize.height) }
      override func configureCell(cell: RowCell) { cell.text = viewModel.title }
    }
    let screen = ListScreen(width: 4, height: 1)
    screen.collectionView.collectionViewLayout.scrollDirection = .horizontal
    screen.setRoot(ListSection<Row, Column>(["a", "b", "c", "d"].map { Row(identifier: $0, title: $0) }))
    #expect(screen.text == "a b")
    screen.scroll(by: 2)
    #expect(screen.text == "b c")
    screen.drag(by: 2)
    #expect(screen.text == "c d")
    screen.scroll(toIdentifier: "b")
    #expect(screen.collectionView.contentOffset == CGPoint(x: 2, y: 0))
  }

  @Test("a test's own update handler keeps the screen's record by calling it first")
  func chainedHandler() {
    let screen = ListScreen(width: 4, height: 2)
    var heard: [Int] = []
    let recording = screen.dataSource.updateHandler
    screen.dataSource.updateHandler = { update in
      recording?(update)
      heard.append(update.newItemCount)
    }
    screen.setRoot(rows("a"))
    screen.setRoot(rows("a", "b"))
    #expect(heard == [1, 2])
    #expect(screen.updates.map(\.newItemCount) == [1, 2])
  }

  @Test("expectWarnings returns and rethrows what its body does, and nests")
  func expectWarningsRethrows() {
    struct Stop: Error {}
    let screen = ListScreen(width: 4, height: 2)
    #expect(throws: Stop.self) {
      try screen.expectWarnings(.duplicateIdentifier) {
        screen.setRoot(rows("a", "a"))
        throw Stop()
      }
    }
    screen.expectWarnings(.emptyIdentifier) {
      screen.expectWarnings(.duplicateIdentifier) { screen.setRoot(rows("b", "b", "")) }
    }
    #expect(screen.diagnostics.map(\.kind) == [.duplicateIdentifier, .emptyIdentifier, .duplicateIdentifier])
  }

  @Test("resize lays out at the new size; a negative size fails and counts as 0")
  func resize() {
    let screen = ListScreen(width: 8, height: 2)
    screen.setRoot(rows("alpha", "beta", "gamma"))
    #expect(screen.text == "alpha\nbeta")
    screen.resize(width: 3, height: 3)
    #expect(screen.text == "alp\nbet\ngam")
    let comments = issueComments { screen.resize(width: -1, height: 2) }
    #expect(comments == ["resize(width: -1, height: 2): a size cannot be negative; 0 is used"])
    #expect(screen.text == "\n")
  }

  @Test("updates: every batch applied, in order")
  func updates() {
    let screen = ListScreen(width: 8, height: 5)
    screen.setRoot(rows("a", "b", "c"))
    screen.setRoot(rows("c", "a"))
    screen.setRoot(rows("c", "a"))
    #expect(
      screen.updates == [
        ListDiffUpdate(inserts: [0, 1, 2], oldItemCount: 0, newItemCount: 3),
        ListDiffUpdate(
          deletes: [1], moves: [ListMoveIndex(from: 2, to: 0), ListMoveIndex(from: 0, to: 1)],
          oldItemCount: 3, newItemCount: 2),
      ])
    var shown: [String] = []
    for update in screen.updates {
      try? update.apply(to: &shown) { ["a", "b", "c", "c", "a"][$0 + (update.oldItemCount == 0 ? 0 : 3)] }
    }
    #expect(shown == ["c", "a"])
    screen.resetRecords()
    #expect(screen.updates.isEmpty)
  }

  @Test("an unexpected warning fails the test at the step that caused it")
  func unexpectedWarningFails() {
    let screen = ListScreen(width: 8, height: 5)
    let comments = issueComments { screen.setRoot(rows("a", "b", "a")) }
    #expect(comments.count == 1)
    #expect(comments.first?.hasPrefix("unexpected warning (.duplicateIdentifier): ListDiffUI: ") == true)
    #expect(screen.diagnostics.map(\.kind) == [.duplicateIdentifier])
    #expect(screen.text == "a\nb\n\n\n")
  }

  @Test("expected warnings pass; an expected warning that never comes fails; notes never fail")
  func expectedWarnings() {
    let screen = ListScreen(width: 8, height: 5)
    let result = screen.expectWarnings(.duplicateIdentifier) {
      screen.setRoot(rows("a", "b", "a"))
      return 7
    }
    #expect(result == 7)
    screen.expectWarnings { screen.setRoot(rows("c", "c")) }
    let comments = issueComments {
      screen.expectWarnings(.invalidItemSize, .duplicateIdentifier) { screen.setRoot(rows("d", "d")) }
      screen.expectWarnings { screen.setRoot(rows("e")) }
    }
    #expect(
      comments == [
        "expected a warning of kind .invalidItemSize; none was reported",
        "expected a warning diagnostic; none was reported",
      ])
    // A transform dropping a model reports a note, which is recorded only.
    screen.setRoot(ListSection<String, RowController>(["x", ""]) { $0.isEmpty ? nil : Row(identifier: $0, title: $0) })
    #expect(screen.diagnostics.last?.kind == .droppedModels)
    #expect(screen.diagnostics.filter { $0.severity == .warning }.count == 3)
  }

  @Test("two context objects of one class: the data source's one warning, heard though it came during init")
  func duplicateContextObjects() {
    var screen: ListScreen?
    let comments = issueComments { screen = ListScreen(width: 1, height: 1, contextObjects: Taps(), Taps()) }
    #expect(comments.count == 1)
    #expect(comments.first?.contains("two context objects have the class") == true)
    #expect(comments.first?.hasSuffix("; give each context object a class of its own") == true)
    // Recorded once, as the data source reported it, and the screen's
    // handler is in place for what follows.
    #expect(screen?.diagnostics.map(\.kind) == [.duplicateContextObject])
    #expect(ListScreen(width: 1, height: 1, contextObjects: Taps()).diagnostics.isEmpty)
    screen?.expectWarnings(.duplicateIdentifier) {
      screen?.setRoot(ListSection<Row, RowController>([Row(identifier: "a", title: "a"), Row(identifier: "a", title: "a")]))
    }
    #expect(screen?.diagnostics.map(\.kind) == [.duplicateContextObject, .duplicateIdentifier])
  }

  @Test("lifecycle: each controller's callbacks by name, a deleted item's kept")
  func lifecycle() {
    let screen = ListScreen(width: 8, height: 2)
    screen.setRoot(rows("a", "b", "c"))
    let firstDisplay = screen.lifecycle(of: "a")
    #expect(firstDisplay.first == "configureCell")
    #expect(firstDisplay.contains("didMount"))
    #expect(firstDisplay.suffix(2) == ["didAppear", "didFullyAppear"])
    #expect(screen.lifecycle(of: "c").isEmpty, "c is below the viewport")

    screen.setRoot(ListSection<Row, RowController>([Row(identifier: "b", title: "B"), Row(identifier: "c", title: "c")]))
    let a = screen.lifecycle(of: "a")
    #expect(a.contains("willDisappear") && a.last == "willUnmount")
    #expect(screen.lifecycle(of: "b").contains("didUpdateViewModel"))
    #expect(screen.text == "B\nc")

    screen.resetRecords()
    screen.setRoot(rows("a", "B"))
    #expect(screen.lifecycle(of: "a").first == "configureCell", "a new controller for a new item a")
    #expect(screen.lifecycle(of: "nothing").isEmpty)
  }

  @Test("lifecycle and taps by section path where an identifier repeats")
  func sectionPaths() {
    let screen = ListScreen(width: 8, height: 4)
    screen.setRoot(
      CompositeSection(
        ListSection<Row, RowController>([Row(identifier: "x", title: "top")], id: "top"),
        ListSection<Row, RowController>([Row(identifier: "x", title: "bottom")], id: "bottom")))
    screen.resetRecords()
    screen.tap(identifier: "x", sectionPath: ["bottom"])
    #expect(screen.lifecycle(of: "x", sectionPath: ["bottom"]) == ["didSelect"])
    #expect(screen.lifecycle(of: "x", sectionPath: ["top"]).isEmpty)
  }

  @Test("an asynchronous data source: await setRoot shows the root; the synchronous form fails", .timeLimit(.minutes(20)))
  func asynchronous() async {
    let screen = ListScreen(width: 8, height: 3, applyUpdatesAsync: true)
    await screen.setRoot(rows("a", "b"))
    #expect(screen.text == "a\nb\n")
    await screen.expectWarnings(.duplicateIdentifier) { await screen.setRoot(rows("a", "a")) }
    #expect(screen.text == "a\n\n")
    let comments = issueComments { screen.setRoot(rows("c")) }
    #expect(comments.first?.hasPrefix("setRoot(_:) cannot wait for a root on a screen with applyUpdatesAsync: true") == true)
    await screen.setRoot(rows("d"))
    #expect(screen.text == "d\n\n")
  }

  @Test("a screen snapshot: the visible rows as text")
  func screenSnapshot() {
    let screen = ListScreen(width: 12, height: 3)
    screen.setRoot(rows("first", "second"))
    expectSnapshot(screen, named: "two rows")
  }
}
