// Issue 44 item 1: two shown items that share a ListItemID (a header and a
// placeholder both called "title" under one `id:`) are reported, and focus
// moves go by position, so the pair cannot trap the focus.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// The "Section headers and footers" article's `search` as it was before
/// issue 44: its header and its placeholder are both `title(…)`, so both
/// are "title" under "search".
private func searchSharingTitle(_ query: String, in names: [String]) -> Section {
  let matches = names.filter { $0.contains(query) }
  return CompositeSection(
    id: "search", header: title("Results for \(query)"),
    placeholder: title("No results")
  ) {
    ListSection<TitleViewModel, TitleController>(
      matches.map { TitleViewModel(identifier: $0, text: "  " + $0) })
  }
}

private func names(_ names: [String]) -> Section {
  ListSection<TitleViewModel, TitleController>(names.map { TitleViewModel(identifier: $0, text: $0) })
}

@MainActor
@Suite("Items that share a ListItemID")
struct SharedItemIDTests {
  @Test("the issue's reproduction: ↓ four times reaches more1 and more2, and the pair is reported")
  func focusIsNotTrapped() throws {
    let screen = ListScreen(width: 30, height: 6)
    screen.expectWarnings(.sharedItemID) {
      screen.setRoot(CompositeSection { searchSharingTitle("zz", in: ["apple", "pear"]); names(["more1", "more2"]) })
    }
    var visited: [String] = []
    for _ in 0..<4 {
      screen.pressKey(.down)
      visited.append(screen.dataSource.focusedItem?.identifier ?? "none")
    }
    #expect(visited.contains("more1"), "visited \(visited)")
    #expect(visited.last == "more2", "visited \(visited)")
    let shared = try #require(screen.diagnostics.first { $0.kind == .sharedItemID })
    #expect(shared.severity == .warning)
    #expect(shared.identifier == "title")
    #expect(shared.message.contains("root > \"search\" > header"), "\(shared.message)")
    #expect(shared.message.contains("root > \"search\" > placeholder"), "\(shared.message)")
  }

  @Test("focus set on the later of two items sharing an identity moves on from it, by position")
  func focusMovesByPosition() {
    let screen = ListScreen(width: 30, height: 6)
    screen.expectWarnings(.sharedItemID) {
      screen.setRoot(
        CompositeSection(id: "s") {
          titles(["x", "a"])
          titles(["x", "b"])
        })
    }
    // Item 2 of 0...3 ("x" of the second section): reached by position.
    screen.pressKey(.down)
    screen.pressKey(.down)
    screen.pressKey(.down)
    #expect(screen.dataSource.focusedItem?.identifier == "x")
    let focused = (0..<4).filter { screen.dataSource.inspection.cellController(at: $0)?.isFocused == true }
    #expect(focused == [2], "the second \"x\" alone shows the focus")
    screen.pressKey(.down)
    #expect(screen.dataSource.focusedItem?.identifier == "b", "the focus moved past the second \"x\"")
    screen.pressKey(.up)
    screen.pressKey(.up)
    #expect(screen.dataSource.focusedItem?.identifier == "a", "and back over it")
  }

  @Test("reported once, by the root that makes the pair")
  func reportedWhenItArises() {
    let screen = ListScreen(width: 30, height: 6)
    screen.setRoot(CompositeSection(id: "s") { titles(["a"]); titles(["b"]) })
    #expect(screen.diagnostics.isEmpty)
    screen.expectWarnings(.sharedItemID) {
      screen.setRoot(CompositeSection(id: "s") { titles(["a"]); titles(["b", "a"]) })
    }
    #expect(screen.diagnostics.filter { $0.kind == .sharedItemID }.count == 1)
    // The same pair again (nothing inserted): not reported again.
    screen.setRoot(CompositeSection(id: "s") { titles(["a"]); titles(["b", "a"]) })
    #expect(screen.diagnostics.filter { $0.kind == .sharedItemID }.count == 1)
  }

  @Test("sections with ids of their own, and the fixed article's search, share nothing")
  func distinctIdentitiesAreQuiet() {
    let screen = ListScreen(width: 30, height: 6)
    screen.setRoot(
      CompositeSection {
        CompositeSection(id: "one") { titles(["a"]) }
        CompositeSection(id: "two") { titles(["a"]) }
        search("zz", in: ["apple", "pear"])
      })
    #expect(screen.diagnostics.isEmpty)
  }
}

/// Titles whose controller takes the focus (the article's `TitleController` does too).
private func titles(_ identifiers: [String]) -> Section {
  ListSection<TitleViewModel, TitleController>(identifiers.map { TitleViewModel(identifier: $0, text: $0) })
}
