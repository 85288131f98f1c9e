import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// A small project tree: two folders (one nested, one empty) and a file.
private let project: [TreeNode] = [
  .folder("Sources", [.folder("Model", [.leaf("Item.swift")]), .leaf("main.swift")]),
  .folder("Empty"),
  .leaf("README.md"),
]

@Suite("Outline sections", .timeLimit(.minutes(20)))
@MainActor
struct OutlineSectionTests {
  private func screen(height: Int = 10, roots: [TreeNode] = project, pinsParents: Bool = false) -> ListScreen {
    let screen = ListScreen(width: 24, height: height)
    screen.setRoot(outline(roots, pinsParents: pinsParents))
    return screen
  }

  @Test("every node starts collapsed; expand shows its children, collapse hides them")
  func expandAndCollapse() {
    let screen = screen()
    #expect(screen.rowsText == "▸ Sources\n▸ Empty\n  README.md")
    screen.expand(identifier: "Sources")
    #expect(screen.rowsText == "▾ Sources\n  ▸ Model\n    main.swift\n▸ Empty\n  README.md")
    #expect(screen.dataSource.isExpanded(row("Sources")))
    #expect(screen.dataSource.isExpanded(ListItemID(identifier: "Sources")), "a partial path finds the row")
    screen.expand(identifier: "Model")
    #expect(screen.outlineRows == referenceRows(project, expanded: ["Sources", "Model"]))
    screen.collapse(identifier: "Sources")
    #expect(screen.rowsText == "▸ Sources\n▸ Empty\n  README.md")
    #expect(!screen.dataSource.isExpanded(row("Sources")))
    // Model was hidden by its collapsed parent: it is forgotten.
    #expect(!screen.dataSource.isExpanded(row("Model")))
    screen.expand(identifier: "Sources")
    #expect(screen.rowsText == "▾ Sources\n  ▸ Model\n    main.swift\n▸ Empty\n  README.md")
  }

  @Test("an empty folder expands to nothing and says it is expanded")
  func emptyFolder() {
    let screen = screen()
    screen.expand(identifier: "Empty")
    #expect(screen.rowsText == "▸ Sources\n▾ Empty\n  README.md")
    #expect(screen.outlineRows[1].row == ListOutlineRow(depth: 0, isExpanded: true, hasChildren: true))
  }

  @Test("children is asked only for the nodes shown, never inside a collapsed one")
  func childrenOnlyForShownNodes() {
    let calls = ChildrenCalls()
    let screen = ListScreen(width: 24, height: 10)
    screen.setRoot(outline(project, calls: calls))
    #expect(calls.all.sorted() == ["Empty", "README.md", "Sources"])
    screen.expand(identifier: "Sources")
    #expect(Set(calls.all) == ["Empty", "README.md", "Sources", "Model", "main.swift"])
    #expect(!calls.all.contains("Item.swift"))
  }

  @Test("expansion is kept by identity across roots; a node that leaves comes back collapsed")
  func expansionAcrossRoots() {
    let screen = screen()
    var heard: [String] = []
    screen.dataSource.expansionHandler = { id, expanded in heard.append("\(id.identifier) \(expanded)") }
    screen.expand(identifier: "Sources")
    screen.expand(identifier: "Model")
    #expect(heard == ["Sources true", "Model true"])
    // A new root that moves Sources after README keeps it expanded.
    let moved: [TreeNode] = [project[2], project[1], project[0]]
    screen.setRoot(outline(moved))
    #expect(screen.outlineRows == referenceRows(moved, expanded: ["Sources", "Model"]))
    // A root without Model forgets it; it comes back collapsed.
    let withoutModel: [TreeNode] = [.folder("Sources", [.leaf("main.swift")]), project[1], project[2]]
    screen.setRoot(outline(withoutModel))
    #expect(heard.last == "Model false")
    screen.setRoot(outline(project))
    #expect(screen.rowsText == "▾ Sources\n  ▸ Model\n    main.swift\n▸ Empty\n  README.md")
  }

  @Test("a node with the identifier of an ancestor is cut there and reported")
  func cycleIsCut() {
    // Loop contains itself: a folder linked into itself.
    let loop = TreeNode.folder("Loop", [.leaf("a"), .folder("Loop", [.leaf("b")]), .leaf("c")])
    let screen = ListScreen(width: 24, height: 10)
    screen.setRoot(outline([loop]))
    screen.expectWarnings(.outlineCycle) {
      screen.expand(identifier: "Loop")
    }
    #expect(screen.rowsText == "▾ Loop\n    a\n    c")
    #expect(screen.diagnostics.contains { $0.kind == .outlineCycle && $0.identifier == "Loop" })
  }

  @Test("an identifier repeated in an outline is reported and shown once, the first")
  func repeatedIdentifier() {
    let screen = ListScreen(width: 24, height: 10)
    screen.expectWarnings(.duplicateIdentifier) {
      screen.setRoot(outline([.folder("A", [.leaf("x")]), .leaf("x"), .folder("B", [.leaf("x")])]))
      screen.expand(identifier: "A")
      screen.expand(identifier: "B")
    }
    #expect(screen.rowsText == "▾ A\n    x\n▾ B")
  }

  @Test("expand and collapse of an unknown identity or a leaf are ignored with a note")
  func ignoredRequests() {
    let screen = screen()
    screen.dataSource.expand(row("Nothing"))
    screen.dataSource.expand(row("README.md"))
    screen.dataSource.collapse(row("Sources"))
    #expect(screen.rowsText == "▸ Sources\n▸ Empty\n  README.md")
    let notes = screen.diagnostics.filter { $0.kind == .ignoredInteraction }
    #expect(notes.count == 2, "\(notes)")
    #expect(notes.allSatisfy { $0.severity == .note })
  }

  @Test("an item that is not an outline row cannot be expanded")
  func notAnOutlineRow() {
    let screen = ListScreen(width: 24, height: 10)
    screen.setRoot(
      CompositeSection {
        ListSection<OutlineVM, OutlineController>(
          OutlineVM(identifier: "plain", row: ListOutlineRow(depth: 0, isExpanded: false, hasChildren: true)),
          id: "plain")
        outline(project)
      })
    screen.dataSource.expand(ListItemID(identifier: "plain", sectionPath: ["plain"]))
    #expect(screen.diagnostics.contains { $0.kind == .ignoredInteraction })
    #expect(!screen.pressKey(.right), "the focus is nowhere yet")
  }

  @Test("collapsing an ancestor of the focused row moves the focus to it; selection inside leaves")
  func collapseMovesFocusAndSelection() {
    let screen = screen()
    screen.expand(identifier: "Sources")
    screen.expand(identifier: "Model")
    var selections: [Set<ListItemID>] = []
    screen.dataSource.selectionHandler = { selections.append($0) }
    screen.select(identifier: "Item.swift")
    screen.dataSource.focusedItem = row("Item.swift")
    screen.collapse(identifier: "Sources")
    #expect(screen.dataSource.focusedItem == row("Sources"))
    #expect(screen.dataSource.selection.isEmpty)
    #expect(selections.last == [])
  }

  @Test("→ expands, then enters; ← goes to the parent, then collapses")
  func arrowKeys() {
    let screen = screen()
    screen.dataSource.focusedItem = row("Sources")
    #expect(screen.pressKey(.right))
    #expect(screen.dataSource.isExpanded(row("Sources")))
    #expect(screen.pressKey(.right))
    #expect(screen.dataSource.focusedItem == row("Model"))
    #expect(screen.pressKey(.right))
    #expect(screen.pressKey(.right))
    #expect(screen.dataSource.focusedItem == row("Item.swift"))
    #expect(!screen.pressKey(.right), "a leaf has nothing to open")
    #expect(screen.pressKey(.left))
    #expect(screen.dataSource.focusedItem == row("Model"))
    #expect(screen.pressKey(.left))
    #expect(!screen.dataSource.isExpanded(row("Model")))
    #expect(screen.pressKey(.left))
    #expect(screen.dataSource.focusedItem == row("Sources"))
    #expect(screen.pressKey(.left))
    #expect(screen.rowsText == "▸ Sources\n▸ Empty\n  README.md")
    #expect(!screen.pressKey(.left), "a collapsed root has no parent")
    screen.dataSource.focusedItem = row("Empty")
    #expect(screen.pressKey(.right))
    #expect(!screen.pressKey(.right), "an empty folder has no first child")
  }

  @Test("with pinsParents, expanded ancestors pin and stack, outermost first")
  func pinnedParents() {
    let files = (0..<30).map { TreeNode.leaf(String(format: "f%02d", $0)) }
    let deep: [TreeNode] = [.folder("src", [.folder("app", [.folder("views", files)])]), .leaf("README")]
    let screen = ListScreen(width: 24, height: 6)
    screen.setRoot(outline(deep, pinsParents: true))
    for name in ["src", "app", "views"] { screen.expand(identifier: name) }
    #expect(screen.collectionView.pinnedItemRanges.count == 3)
    screen.scroll(by: 15)
    let lines = screen.rowsText.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(3)) == ["▾ src", "  ▾ app", "    ▾ views"])
    #expect(lines[3].hasPrefix("        f1"))
    screen.collapse(identifier: "app")
    #expect(screen.collectionView.pinnedItemRanges.count == 1)
  }

  /// A parent drawn pinned over its last children: the keyboard's focus
  /// on it scrolls to its own place (as UIKit's `scrollToItem` does, so
  /// that ↓ goes on to its first child, in view); VoiceOver's cursor reads
  /// it where it is drawn and scrolls nothing.
  @Test("with pinsParents, the focus on a parent drawn pinned scrolls to its place; VoiceOver's cursor does not")
  func focusOnAPinnedParent() {
    let files = (0..<30).map { TreeNode.leaf(String(format: "f%02d", $0)) }
    let deep: [TreeNode] = [.folder("src", [.folder("app", [.folder("views", files)])]), .leaf("README")]
    let screen = ListScreen(width: 24, height: 6)
    screen.setRoot(outline(deep, pinsParents: true))
    for name in ["src", "app", "views"] { screen.expand(identifier: name) }
    screen.dataSource.focusedItem = row("f29")
    let atTheEnd = screen.rowsText
    #expect(atTheEnd.hasPrefix("▾ src\n  ▾ app\n    ▾ views\n"), "the parents pinned over the last files")
    screen.dataSource.accessibilityFocus = row("views")
    #expect(screen.rowsText == atTheEnd, "VoiceOver reads the pinned row where it is drawn")
    screen.dataSource.focusedItem = row("views")
    let lines = screen.rowsText.split(separator: "\n").map(String.init)
    #expect(Array(lines.prefix(4)) == ["▾ src", "  ▾ app", "    ▾ views", "        f00"], "\(lines)")
  }

  @Test("rows are scoped under the outline's path, so two outlines may share names")
  func twoOutlines() {
    let screen = ListScreen(width: 24, height: 10)
    screen.setRoot(CompositeSection { outline(project, id: "left"); outline(project, id: "right") })
    screen.expand(identifier: "Sources", sectionPath: ["right"])
    #expect(screen.dataSource.isExpanded(row("Sources", in: "right")))
    #expect(!screen.dataSource.isExpanded(row("Sources", in: "left")))
    #expect(screen.rowsText.components(separatedBy: "▾ Sources").count == 2)
  }

  @Test("off the main actor: the expansion is taken into the update, and applied", .timeLimit(.minutes(20)))
  func asynchronous() async {
    let screen = ListScreen(width: 24, height: 10, applyUpdatesAsync: true)
    let root = outline(project)
    await screen.setRoot(root)
    screen.dataSource.expand(row("Sources"))
    #expect(screen.dataSource.isExpanded(row("Sources")), "expanded at once, shown once applied")
    await screen.dataSource.setRootSection(root)
    screen.collectionView.layoutIfNeeded()
    #expect(screen.outlineRows == referenceRows(project, expanded: ["Sources"]))
    // Several requests before any is shown apply in order: the collapse
    // forgets Model, expanded inside Sources, at once.
    screen.dataSource.expand(row("Model"))
    screen.dataSource.collapse(row("Sources"))
    #expect(!screen.dataSource.isExpanded(row("Model")))
    screen.dataSource.expand(row("Sources"))
    await screen.dataSource.setRootSection(root)
    screen.collectionView.layoutIfNeeded()
    #expect(screen.outlineRows == referenceRows(project, expanded: ["Sources"]))
    screen.dataSource.expand(row("Model"))
    await screen.dataSource.setRootSection(root)
    screen.collectionView.layoutIfNeeded()
    #expect(screen.outlineRows == referenceRows(project, expanded: ["Sources", "Model"]))
    #expect(screen.dataSource.inspection.invariantViolations().isEmpty)
  }
}
