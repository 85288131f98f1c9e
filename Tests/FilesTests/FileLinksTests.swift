import FilesCore
import Foundation
import ListDiffUI
import ListDiffUITesting
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

  @Test func linksShowTheirTargetAndLinkedDirectoriesOpen() throws {
    let root = try Self.makeTree()
    defer { try? FileManager.default.removeItem(at: root) }
    let screen = ListScreen(width: 40, height: 12)
    screen.setRoot(FileSections.outline(FileTree(root: root)))
    #expect(lines(screen) == [
      " ▸ docs/", "   here/ -> .  (loop)", " ▸ shortcut/ -> docs", "   gone -> nowhere", "   note -> docs/a.txt",
    ])
    screen.expand(identifier: "shortcut")
    #expect(Array(lines(screen).suffix(5)) == [
      " ▾ shortcut/ -> docs  2 entries", "     back/ -> ..  (loop)", "     a.txt", "   gone -> nowhere",
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
