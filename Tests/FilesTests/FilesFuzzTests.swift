import FilesCore
import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing

/// The files sample's real outline under `fuzzList`: directories opened
/// and closed (the fuzzer's outline gestures, by identity and with ← →),
/// entries added, removed and renamed, the name filter typed and cleared,
/// with the rows' size reader as a context object.
@Suite("The file tree under the fuzzer", .timeLimit(.minutes(20)))
@MainActor
struct FilesFuzzTests {
  struct Model: Sendable {
    /// Every directory's entries, by path from the root ("" is the root).
    var entries: [String: [FileEntry]] = [
      "": [FileEntry(name: "README.md", isDirectory: false), FileEntry(name: "Sources", isDirectory: true)],
      "Sources": [FileEntry(name: "main.swift", isDirectory: false), FileEntry(name: "Model", isDirectory: true)],
      "Sources/Model": (0..<12).map { FileEntry(name: "Item\($0).swift", isDirectory: false) },
    ]
    var filter = ""
    var nextName = 0

    var directories: [String] { entries.keys.sorted() }
  }

  private static let root = URL(fileURLWithPath: "/nonexistent/fuzzed-project")

  private static func changes() -> [ListFuzzChange<Model>] {
    [
      ListFuzzChange("touch", weight: 3) { model, random in
        let directory = random.element(of: model.directories)!
        model.entries[directory, default: []].append(
          FileEntry(name: "f\(model.nextName)." + random.element(of: ["swift", "md", "txt"])!, isDirectory: false))
        model.nextName += 1
      },
      ListFuzzChange("mkdir") { model, random in
        let parent = random.element(of: model.directories)!
        let name = "d\(model.nextName)"
        model.nextName += 1
        model.entries[parent, default: []].append(FileEntry(name: name, isDirectory: true))
        model.entries[FileTree.path(parent, name)] = []
      },
      ListFuzzChange("rm", weight: 2) { model, random in
        let directory = random.element(of: model.directories)!
        guard let index = random.index(of: model.entries[directory] ?? []) else { return }
        let removed = model.entries[directory]!.remove(at: index)
        let path = FileTree.path(directory, removed.name)
        for key in model.entries.keys where key == path || key.hasPrefix(path + "/") {
          model.entries[key] = nil
        }
      },
      ListFuzzChange("rename") { model, random in
        let directory = random.element(of: model.directories)!
        guard let index = random.index(of: model.entries[directory] ?? []),
          !model.entries[directory]![index].isDirectory
        else { return }
        model.entries[directory]![index].name = "r\(model.nextName).txt"
        model.nextName += 1
      },
      ListFuzzChange("filter") { model, random in
        model.filter = random.chance(0.5) ? "" : random.element(of: ["swift", "Item", "d", "r1"])!
      },
    ]
  }

  private static func section(_ model: Model) -> Section? {
    FileSections.outline(FileTree(root: root, entries: model.entries), filter: model.filter)
  }

  // 400 steps in a plain `swift test`; CI runs this suite again with
  // LISTDIFFUI_FUZZ_STEPS=3000 (.ci/run), which the step count yields to.
  @Test("random steps keep the file tree right", arguments: [false, true])
  func theTreeSurvivesRandomUse(async: Bool) async {
    await fuzzList(
      Model(), seed: 7, steps: 400, width: 36, height: 9, applyUpdatesAsync: async,
      contextObjects: { [FileSizes(root: Self.root, read: { _ in 42 })] },
      changes: Self.changes(),
      // Directories nested deeper than a small viewport can stack their
      // headers: the deepest headers then scroll with their rows, as the
      // library documents, and it says so once with this warning (the
      // fuzzer's first find here, shrunk to a chain of `mkdir`s, `open`s
      // and a drag on a 5-line screen).
      allowing: [.invalidGeometry], root: Self.section)
  }
}
