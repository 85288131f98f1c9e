import FilesCore
import Foundation
import ListDiffUI
import ListDiffUITerminal
import ListDiffUITesting
import Testing

/// A small tree, given rather than read, so frames are the same everywhere.
@MainActor
private func sampleTree() -> FileTree {
  FileTree(
    root: URL(fileURLWithPath: "/work/project"),
    entries: [
      "": [
        FileEntry(name: "README.md", isDirectory: false), FileEntry(name: "Sources", isDirectory: true),
        FileEntry(name: "Tests", isDirectory: true),
      ],
      "Sources": [FileEntry(name: "main.swift", isDirectory: false), FileEntry(name: "Model", isDirectory: true)],
      "Sources/Model": [FileEntry(name: "Item.swift", isDirectory: false)],
      "Tests": [],
    ])
}

@Suite("files, without a terminal", .timeLimit(.minutes(5)))
@MainActor
struct FileBrowserTests {
  private func browser(width: Int = 40, height: Int = 8) async -> FileBrowser {
    let browser = FileBrowser(tree: sampleTree(), size: TerminalSize(width: width, height: height))
    await browser.start()
    browser.prepare()
    return browser
  }

  private func press(_ browser: FileBrowser, _ keys: Key...) async {
    for key in keys { _ = await browser.handle(.key(key)) }
  }

  /// Directories come first, then files; each expanded directory is a
  /// nested section whose header counts its entries.
  @Test func theTreeOpensAndClosesAsNestedSections() async {
    let browser = await browser()
    #expect(Array(browser.screen.frame().lines.prefix(3)) == ["›▸ Sources/", " ▸ Tests/", "   README.md"])
    await press(browser, .enter, .down, .right)
    #expect(Array(browser.screen.frame().lines.prefix(7)) == [
      " ▾ Sources/  2 entries", "›  ▾ Model/  1 entry", "       Item.swift", "     main.swift", " ▸ Tests/",
      "   README.md", "",
    ])
    await press(browser, .left)
    #expect(browser.screen.frame().lines[1] == "›  ▸ Model/")
    await press(browser, .left)
    #expect(browser.screen.frame().lines[0] == "›▾ Sources/  2 entries")
    await press(browser, .left)
    #expect(Array(browser.screen.frame().lines.prefix(2)) == ["›▸ Sources/", " ▸ Tests/"])
    #expect(browser.screen.frame().lines.last?.hasPrefix("/work/project · 3 rows") == true)
  }

  /// `/` filters by name (any case); a directory stays while something in
  /// it matches; Escape clears the filter.
  @Test func theFilterKeepsMatchesAndTheirDirectories() async {
    let browser = await browser()
    await press(browser, .enter, .down, .right)
    _ = await browser.handle(.key(.character("/")))
    _ = await browser.handle(.paste("ITEM"))
    #expect(browser.screen.frame().lines.last == "filter: ITEM")
    #expect(browser.screen.frame().cursor?.column == 12)
    await press(browser, .enter)
    #expect(Array(browser.screen.frame().lines.prefix(4)) == [
      " ▾ Sources/  2 entries", "›  ▾ Model/  1 entry", "       Item.swift", "",
    ])
    await press(browser, .escape)
    #expect(browser.rows.count == 6)
  }

  /// A click selects the row under it (through `selectItem(at:)`); a click
  /// on the selected directory opens it; the wheel scrolls.
  @Test func clicksAndTheWheel() async {
    let browser = await browser(height: 4)
    func click(row: Int) async {
      let event = TerminalEvent.mouse(MouseEvent(.press(.left), column: 3, row: row))
      browser.screen.apply(event)
      _ = await browser.handle(event)
    }
    await click(row: 1)
    #expect(Array(browser.screen.frame().lines.prefix(2)) == [" ▸ Sources/", "›▸ Tests/"])
    await click(row: 0)
    #expect(browser.screen.frame().lines[0] == "›▸ Sources/")
    await click(row: 0)
    #expect(browser.screen.frame().lines[0] == "›▾ Sources/  2 entries")
    browser.screen.apply(.mouse(MouseEvent(.scrollDown, column: 0, row: 0)))
    // Five rows above a status line, three at a time: the wheel stops with
    // the last row above the status line.
    #expect(Array(browser.screen.frame().lines.prefix(3)) == ["     main.swift", " ▸ Tests/", "   README.md"])
  }

  /// The tree's sections on a `ListScreen`, as a text snapshot.
  @Test func aSnapshotOfTheOpenTree() {
    let screen = ListScreen(width: 32, height: 7)
    let tree = sampleTree()
    let built = FileSections.directory(
      "", name: "project", depth: 0, in: tree, expanded: ["Sources", "Sources/Model"], matches: { _ in true })
    screen.setRoot(built.section)
    expectSnapshot(screen, named: "open-tree")
    #expect(built.rows.count == 6)
  }
}
