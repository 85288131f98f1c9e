import FilesCore
import Foundation
import ListDiffUI
import ListDiffUITesting
import ListDiffUITerminal
import TestSupport
import Testing

/// Symbolic links in the tree: shown with their target, a linked directory
/// opened as a directory, a link back up the tree shown but never opened.
@Suite("files and symbolic links", .timeLimit(.minutes(20)))
@MainActor
struct FileLinksTests {
  /// A directory holding `docs/` (with a file and a link to its parent),
  /// links to docs, to the root itself, to a file and to nothing.
  private static func makeTree() throws -> URL {
    let manager = FileManager.default
    let root = manager.temporaryDirectory.appendingPathComponent("files-links-\(UUID().uuidString)")
    try manager.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
    _ = manager.createFile(atPath: root.appendingPathComponent("docs/a.txt").path, contents: Data("hi".utf8))
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("docs/back").path, withDestinationPath: "..")
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("shortcut").path, withDestinationPath: "docs")
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("here").path, withDestinationPath: ".")
    try manager.createSymbolicLink(
      atPath: root.appendingPathComponent("note").path, withDestinationPath: "docs/a.txt")
    try manager.createSymbolicLink(atPath: root.appendingPathComponent("gone").path, withDestinationPath: "nowhere")
    return root
  }

  private func lines(_ screen: ListScreen) -> [String] {
    screen.text.split(separator: "\n").map(String.init)
  }

  /// A link to a file shows its target's size (2 bytes), not its own (the
  /// 10 bytes of "docs/a.txt"); a broken link shows no size.
  @Test func aLinkShowsItsTargetsSize() async throws {
    let root = try Self.makeTree()
    defer { try? FileManager.default.removeItem(at: root) }
    let browser = FileBrowser(tree: FileTree(root: root), size: TerminalSize(width: 40, height: 8))
    await browser.start()
    func line(_ name: String) -> String? {
      browser.screen.frame().lines.first { $0.contains(" \(name) -> ") }
    }
    _ = await waitOnMainActor(upTo: .seconds(60)) { line("note")?.hasSuffix("B") == true }
    #expect(line("note")?.hasSuffix("  2 B") == true, "\(browser.screen.frame().lines)")
    #expect(line("gone")?.hasSuffix("(broken)") == true, "\(browser.screen.frame().lines)")
  }

  @Test func linksShowTheirTargetAndLinkedDirectoriesOpen() throws {
    let root = try Self.makeTree()
    defer { try? FileManager.default.removeItem(at: root) }
    let screen = ListScreen(width: 40, height: 12)
    screen.setRoot(FileSections.outline(FileTree(root: root)))
    #expect(lines(screen) == [
      " ▸ docs/", "   here/ -> .  (loop)", " ▸ shortcut/ -> docs", "   gone -> nowhere  (broken)",
      "   note -> docs/a.txt",
    ])
    screen.expand(identifier: "shortcut")
    #expect(Array(lines(screen).suffix(5)) == [
      " ▾ shortcut/ -> docs  2 entries", "     back/ -> ..  (loop)", "     a.txt", "   gone -> nowhere  (broken)",
      "   note -> docs/a.txt",
    ])
    // A link back up the tree is not something to open.
    screen.dataSource.expand(ListItemID(identifier: "here", sectionPath: [FileSections.rootID]))
    #expect(screen.diagnostics.contains { $0.kind == .ignoredInteraction })
    #expect(lines(screen)[1] == "   here/ -> .  (loop)")
  }

  @Test func linksResolveInATreeGivenForTests() {
    let tree = FileTree(
      root: URL(fileURLWithPath: "/work/given"),
      entries: [
        "": [
          FileEntry(name: "a", isDirectory: true), FileEntry(name: "to-b", isDirectory: true, linkTarget: "a/b"),
          FileEntry(name: "out", isDirectory: true, linkTarget: "/elsewhere"),
          FileEntry(name: "abs", isDirectory: true, linkTarget: "/work/given/a"),
        ],
        "a": [FileEntry(name: "b", isDirectory: true), FileEntry(name: "up", isDirectory: true, linkTarget: "..")],
        "a/b": [FileEntry(name: "top", isDirectory: true, linkTarget: "../..")],
      ])
    #expect(tree.resolvedPath("to-b") == "a/b")
    #expect(tree.resolvedPath("to-b/top") == "")
    #expect(tree.resolvedPath("abs/b") == "a/b")
    #expect(tree.resolvedPath("out") == nil, "a link out of the tree")
    #expect(tree.isLoop("a/up"))
    #expect(tree.isLoop("a/b/top"))
    #expect(!tree.isLoop("to-b"))
    #expect(!tree.isLoop("abs"))
    #expect(tree.isLoop("to-b/top"))
  }
}

/// Names in a directory come as Finder lists them.
@Suite("files sorts names as Finder does")
@MainActor
struct FinderOrderTests {
  @Test func numbersByValueAndAnyCase() {
    let names = ["file_100", "file_10", "File_2", "file_1", "file_9.txt", "file_09", "b", "A", "10", "9"]
    let tree = FileTree(
      root: URL(fileURLWithPath: "/work/sorted"),
      entries: ["": names.map { FileEntry(name: $0, isDirectory: false) } + [FileEntry(name: "z", isDirectory: true)]])
    #expect(tree.entries(of: "").map(\.name) == [
      "z", "9", "10", "A", "b", "file_1", "File_2", "file_09", "file_9.txt", "file_10", "file_100",
    ])
  }
}
