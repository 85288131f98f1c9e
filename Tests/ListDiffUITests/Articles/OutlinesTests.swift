// The article Outlines (Sources/ListDiffUI/ListDiffUI.docc/Outlines.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// A node of a project: a folder has children, a file has none.
struct ProjectItem: Sendable {
  var path: String
  var name: String
  var children: [ProjectItem]?
}

struct ProjectRow: ListViewModel, Equatable {
  var identifier: String
  var text: String
}

final class ProjectCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class ProjectController: ListCellController<
  ProjectRow, ListViewStateNone, ProjectCell
> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: ProjectCell) {
    cell.text = viewModel.text
  }
}

func projectOutline(_ roots: [ProjectItem]) -> Section {
  OutlineSection<ProjectItem, ProjectController>(
    id: "project", roots: roots, children: { $0.children },
    pinsParents: true
  ) { item, row in
    let marker = !row.hasChildren ? "  " : row.isExpanded ? "▾ " : "▸ "
    let indent = String(repeating: "  ", count: row.depth)
    return ProjectRow(
      identifier: item.path, text: indent + marker + item.name)
  }
}

@MainActor
@Test func theProjectOpensAndClosesByIdentity() {
  let project = [
    ProjectItem(path: "Sources", name: "Sources", children: [
      ProjectItem(path: "Sources/App.swift", name: "App.swift")
    ]),
    ProjectItem(path: "Empty", name: "Empty", children: []),
    ProjectItem(path: "README.md", name: "README.md"),
  ]
  let screen = ListScreen(width: 24, height: 4)
  screen.setRoot(projectOutline(project))
  screen.expand(identifier: "Sources")
  #expect(screen.text == """
    ▾ Sources
        App.swift
    ▸ Empty
      README.md
    """)
  screen.dataSource.focusedItem = ListItemID(
    identifier: "Sources/App.swift", sectionPath: ["project"])
  screen.pressKey(.left)  // to the parent
  screen.pressKey(.left)  // collapses it
  #expect(screen.text == "▸ Sources\n▸ Empty\n  README.md\n")
}

@MainActor
@Suite("The article Outlines: what its prose claims", .timeLimit(.minutes(20)))
struct OutlinesArticleClaims {
  private let project = [
    ProjectItem(path: "Sources", name: "Sources", children: [
      ProjectItem(path: "Sources/Model", name: "Model", children: [
        ProjectItem(path: "Sources/Model/Item.swift", name: "Item.swift")
      ]),
      ProjectItem(path: "Sources/App.swift", name: "App.swift"),
    ]),
    ProjectItem(path: "README.md", name: "README.md"),
  ]

  private func id(_ path: String) -> ListItemID {
    ListItemID(identifier: path, sectionPath: ["project"])
  }

  @Test func expansionIsKeptByIdentityAndForgottenWhenNotShown() {
    let screen = ListScreen(width: 24, height: 6)
    var heard: [String] = []
    screen.dataSource.expansionHandler = { id, expanded in
      heard.append("\(id.identifier) \(expanded)")
    }
    screen.setRoot(projectOutline(project))
    screen.expand(identifier: "Sources")
    screen.expand(identifier: "Sources/Model")
    // A new root of the same tree keeps both expanded.
    screen.setRoot(projectOutline(project))
    #expect(screen.dataSource.isExpanded(id("Sources/Model")))
    // Collapsing Sources hides Model: it is forgotten.
    screen.collapse(identifier: "Sources")
    #expect(!screen.dataSource.isExpanded(id("Sources/Model")))
    // Model, forgotten by the update, is heard as it is applied: before
    // the collapse that made the update.
    #expect(heard == ["Sources true", "Sources/Model true", "Sources/Model false", "Sources false"])
  }

  @Test func aCollapseTakesTheFocusAndSelectionOutOfTheRowsItHides() {
    let screen = ListScreen(width: 24, height: 6)
    screen.setRoot(projectOutline(project))
    screen.expand(identifier: "Sources")
    screen.select(identifier: "Sources/App.swift")
    screen.dataSource.focusedItem = id("Sources/App.swift")
    screen.collapse(identifier: "Sources")
    #expect(screen.dataSource.focusedItem == id("Sources"))
    #expect(screen.dataSource.selection.isEmpty)
  }

  @Test func pinnedParentsStayOnScreenAndTakeTheFocus() {
    let files = (0..<20).map { ProjectItem(path: "Sources/f\($0)", name: "f\($0)") }
    let screen = ListScreen(width: 24, height: 4)
    screen.setRoot(projectOutline([ProjectItem(path: "Sources", name: "Sources", children: files)]))
    screen.expand(identifier: "Sources")
    screen.scroll(by: 10)
    #expect(screen.text.hasPrefix("▾ Sources\n"))
    screen.dataSource.focusedItem = id("Sources/f15")
    screen.pressKey(.left)
    #expect(screen.dataSource.focusedItem == id("Sources"))
  }

  @Test func aCycleIsCutAndReported() {
    let loop = ProjectItem(path: "a", name: "a", children: [ProjectItem(path: "a", name: "a again", children: [])])
    let screen = ListScreen(width: 24, height: 3)
    screen.setRoot(projectOutline([loop]))
    screen.expectWarnings(.outlineCycle) {
      screen.expand(identifier: "a")
    }
    #expect(screen.text == "▾ a\n\n")
    screen.dataSource.expand(id("nothing"))
    #expect(screen.diagnostics.last?.kind == .ignoredInteraction)
  }
}
