import FilesCore
import Foundation
import ListDiffUI
import ListDiffUITerminal
import ListDiffUITesting
import TestSupport
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

/// A tree three directories deep, with `files` files in the deepest one.
@MainActor
private func deepTree(files: Int) -> FileTree {
  FileTree(
    root: URL(fileURLWithPath: "/work/deep"),
    entries: [
      "": [FileEntry(name: "src", isDirectory: true), FileEntry(name: "README.md", isDirectory: false)],
      "src": [FileEntry(name: "app", isDirectory: true), FileEntry(name: "main.swift", isDirectory: false)],
      "src/app": [FileEntry(name: "views", isDirectory: true)],
      "src/app/views": (0..<files).map { FileEntry(name: name(ofFile: $0), isDirectory: false) },
    ])
}

private func name(ofFile number: Int) -> String {
  let digits = String(number)
  return "view" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".swift"
}

/// The paths a test's size reader was asked for, from any thread.
private final class ReadPaths: @unchecked Sendable {
  private let lock = NSLock()
  private var paths: [String] = []

  func record(_ path: String) {
    lock.lock()
    defer { lock.unlock() }
    paths.append(path)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return paths
  }
}

@Suite("files, without a terminal", .timeLimit(.minutes(20)))
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
    #expect(browser.rowCount == 6)
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
    // the last row above the status line, and Sources' header stays pinned
    // over its last row while that row is in view.
    #expect(Array(browser.screen.frame().lines.prefix(3)) == ["›▾ Sources/  2 entries", " ▸ Tests/", "   README.md"])
    // A click there hits the pinned header (item 0), not main.swift under it.
    #expect(browser.screen.indexPathForItem(column: 3, row: 0)?.item == 0)
  }

  /// A window made lower, or narrower, still shows the selected row, as
  /// the app hears the resize after the screen followed it.
  @Test func aResizeKeepsTheSelectedRowInView() async {
    let browser = await browser(height: 8)
    await press(browser, .enter, .end)
    #expect(browser.selectedID == "README.md")
    for size in [TerminalSize(width: 40, height: 3), TerminalSize(width: 20, height: 2)] {
      let event = TerminalEvent.resize(size)
      browser.screen.apply(event)
      _ = await browser.handle(event)
      let lines = browser.screen.frame().lines
      #expect(lines.dropLast().contains { $0.hasPrefix("›") && $0.contains("README.md") }, "\(size): \(lines)")
    }
  }

  /// The tree's outline on a `ListScreen`, two directories opened, as a
  /// text snapshot.
  @Test func aSnapshotOfTheOpenTree() {
    let screen = ListScreen(width: 32, height: 7)
    screen.setRoot(FileSections.outline(sampleTree()))
    screen.expand(identifier: "Sources")
    screen.expand(identifier: "Sources/Model")
    expectSnapshot(screen, named: "open-tree")
    #expect(screen.dataSource.itemCount == 6)
  }
  /// Scrolled inside a directory three levels down, the headers of the
  /// directories holding it stay pinned at the top, outermost first.
  @Test func theAncestorsHeadersStayPinnedInsideADeepDirectory() {
    let screen = ListScreen(width: 32, height: 7)
    screen.setRoot(FileSections.outline(deepTree(files: 40)))
    for path in ["src", "src/app", "src/app/views"] { screen.expand(identifier: path) }
    screen.scroll(by: 20)
    expectSnapshot(screen, named: "pinned-ancestors")
    let lines = screen.collectionView.renderText().split(separator: "\n").map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    #expect(Array(lines.prefix(3)) == [" ▾ src/  2 entries", "   ▾ app/  1 entry", "     ▾ views/  40 entries"])
    #expect(lines[3].hasPrefix("         view00020"))
  }

  /// ← from deep inside a directory selects the directory's row, which is
  /// drawn pinned at the top: the list scrolls to the row's own place, as
  /// UIKit's `scrollToItem` does, so that ↓ goes on to its first file, in
  /// view, and ↑ to the row above it.
  @Test func goingUpToAPinnedDirectoryScrollsToItsRow() async {
    let height = 8
    let browser = FileBrowser(tree: deepTree(files: 100), size: TerminalSize(width: 40, height: height))
    await browser.start()
    // The last file: above main.swift (in src) and README.md, the last rows.
    await press(browser, .enter, .down, .enter, .down, .enter, .end, .up, .up)
    func lines() -> [String] {
      browser.screen.frame().lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
    }
    #expect(lines()[2] == "     ▾ views/  100 entries", "pinned over the last files")
    #expect(lines()[4].hasPrefix("›        view00099"))
    await press(browser, .left)
    #expect(browser.selectedID == "src/app/views")
    #expect(Array(lines().prefix(4)) == [
      " ▾ src/  2 entries", "   ▾ app/  1 entry", "›    ▾ views/  100 entries", "         view00000.swift",
    ])
    await press(browser, .down)
    #expect(lines()[3].hasPrefix("›        view00000"), "the first file, under its directory, without a scroll")
    await press(browser, .up, .up)
    #expect(lines()[1] == "›  ▾ app/  1 entry")
  }

  /// Sizes are read only for the rows in the working range (a screenful
  /// beyond each edge of the viewport), kept when a row scrolls away and
  /// back, and never read for the rows in between.
  @Test func sizesAreReadOnlyForRowsInTheWorkingRange() async throws {
    let read = ReadPaths()
    let tree = deepTree(files: 1_000)
    let sizes = FileSizes(root: tree.root, read: { path in
      read.record(path)
      return 2_048
    })
    let height = 8
    let browser = FileBrowser(tree: tree, size: TerminalSize(width: 40, height: height), sizes: sizes)
    await browser.start()
    for key in [Key.enter, .down, .enter, .down, .enter] { _ = await browser.handle(.key(key)) }
    #expect(browser.rowCount == 1_005)
    func filesRead() -> Set<Int> {
      Set(read.all.compactMap { path in
        path.hasPrefix("/work/deep/src/app/views/view") ? Int(path.dropFirst(29).prefix(5)) : nil
      })
    }
    // Sizes are read off the main actor and arrive on it: under a loaded CI
    // machine they can take seconds, and other tests hold the main actor for
    // long stretches (see `waitOnMainActor`), so wait generously.
    func waitUntil(_ condition: () -> Bool) async {
      _ = await waitOnMainActor(upTo: .seconds(60), until: condition)
    }
    func waitForSizes(of line: Int) async {
      await waitUntil { browser.screen.frame().lines[line].hasSuffix("2.0 K") }
    }
    // The sizes arrive in any order: wait for the first file's and the last
    // line's.
    await waitForSizes(of: height - 2)
    await waitForSizes(of: 3)
    #expect(browser.screen.frame().lines[3].hasSuffix("2.0 K"))
    // The viewport shows the first few files; the range reaches a screenful
    // further. Nothing beyond it is read.
    let nearTop = filesRead()
    #expect(!nearTop.isEmpty)
    #expect(nearTop.allSatisfy { $0 < 2 * height })
    _ = await browser.handle(.key(.end))
    await waitForSizes(of: height - 3)
    // That line may be a file outside views/ whose size came first: wait
    // for the views/ files near the end too.
    await waitUntil { !filesRead().subtracting(nearTop).isEmpty }
    let nearEnd = filesRead().subtracting(nearTop)
    #expect(!nearEnd.isEmpty)
    #expect(nearEnd.allSatisfy { $0 >= 1_000 - 2 * height })
    // Back at the top, the sizes show at once, from the rows' controllers,
    // and nothing is read again.
    let count = read.all.count
    _ = await browser.handle(.key(.home))
    _ = await browser.handle(.key(.down))
    _ = await browser.handle(.key(.down))
    _ = await browser.handle(.key(.down))
    #expect(browser.screen.frame().lines[3].hasSuffix("2.0 K"))
    // Reads still in flight from the end may land meanwhile (sizes arrive
    // off the main actor); none is of a file near the top, and no path is
    // read twice.
    let late = read.all.dropFirst(count).compactMap { path in
      path.hasPrefix("/work/deep/src/app/views/view") ? Int(path.dropFirst(29).prefix(5)) : nil
    }
    #expect(late.allSatisfy { $0 >= 1_000 - 2 * height }, "read again near the top: \(late)")
    #expect(read.all.count == Set(read.all).count)
  }
}

/// `files --screen-reader`: rows read as "docs, folder, collapsed, 2 of 9",
/// drawn plain, the cursor on the selected row.
@Suite("files for a screen reader", .timeLimit(.minutes(20)))
@MainActor
struct FilesScreenReaderTests {
  /// A root of two directories and seven files.
  private func nineEntries() -> FileTree {
    FileTree(
      root: URL(fileURLWithPath: "/work/nine"),
      entries: [
        "": [FileEntry(name: "assets", isDirectory: true), FileEntry(name: "docs", isDirectory: true)]
          + (1...7).map { FileEntry(name: "file\($0).txt", isDirectory: false) },
        "docs": [FileEntry(name: "guide.md", isDirectory: false), FileEntry(name: "api", isDirectory: true)],
        "assets": [],
      ])
  }

  @Test func entriesAreLabelledAndDrawnPlain() async {
    let sizes = FileSizes(root: URL(fileURLWithPath: "/work/nine"), read: { $0.hasSuffix("1.txt") ? 2_048 : nil })
    let browser = FileBrowser(tree: nineEntries(), size: TerminalSize(width: 60, height: 12), sizes: sizes)
    browser.screen.screenReaderMode = true
    await browser.start()
    browser.prepare()
    let descriptions = browser.dataSource.accessibilityElements.map(\.description)
    #expect(descriptions.contains("docs, folder, collapsed, 2 of 9"), "\(descriptions)")
    var frame = browser.screen.frame()
    #expect(Array(frame.lines.prefix(3)) == [" assets, folder, collapsed", " docs, folder, collapsed", " file1.txt"])
    #expect(frame.cursor?.row == 0 && frame.cursor?.column == 0 && frame.showsCursor)
    #expect(frame.lines.last == "assets, folder, collapsed, Selected, 1 of 9", "\(frame.lines)")
    _ = await browser.handle(.key(.down))
    _ = await browser.handle(.key(.right))
    frame = browser.screen.frame()
    #expect(frame.cursor?.row == 1)
    #expect(frame.lines.last == "docs, folder, expanded, 2 entries, Selected, 2 of 11", "\(frame.lines)")
    #expect(frame.lines[2] == "   api, folder, collapsed" && frame.lines[3] == "   guide.md")
    for glyph in ["›", "▸", "▾", "/"] { #expect(!frame.lines.dropLast().joined().contains(glyph), "\(glyph)") }
    // A file's size, once read, is part of its value.
    let file = browser.dataSource.accessibilityElements.first { $0.label == "file1.txt" }
    #expect(file?.value == "file, " + FileSizes.format(2_048) || file?.value == "file", "\(String(describing: file?.value))")
  }
}
