import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

@MainActor
@Suite("A composite's placeholder, shown while its children have no items")
struct PlaceholderTests {
  func results(_ titles: [String], placeholder: String = "No results") -> Section {
    CompositeSection(
      id: "results", header: rowSection(rows(["Results"]), id: "title"),
      placeholder: rowSection(rows([placeholder]))
    ) {
      rowSection(rows(titles), id: "matches")
    }
  }

  @Test("shown in place of empty children, gone when one has an item, under the header")
  func comesAndGoes() {
    let screen = ListScreen.rows(height: 4)
    screen.setRoot(results([]))
    #expect(screen.text == "  Results\n  No results\n\n")
    screen.setRoot(results(["a", "b"]))
    #expect(screen.text == "  Results\n  a\n  b\n")
    #expect(screen.updates.last?.deletes == [1])
    #expect(screen.updates.last?.inserts == [1, 2])
    screen.setRoot(results([]))
    #expect(screen.text == "  Results\n  No results\n\n")
  }

  @Test("its items never share an identity with a child's, and keep their controllers while shown")
  func ownScope() {
    let screen = ListScreen.rows(height: 4)
    screen.setRoot(results([], placeholder: "x"))
    let placeholder = screen.dataSource.cellController(forIdentifier: "x")
    screen.setRoot(results([], placeholder: "x"))
    #expect(screen.dataSource.cellController(forIdentifier: "x") === placeholder)
    #expect(screen.updates.count == 1, "the same placeholder again changes nothing")
    screen.setRoot(results(["x"], placeholder: "x"))
    #expect(screen.dataSource.cellController(forIdentifier: "x") !== placeholder, "a child's x is another item")
    #expect(
      screen.dataSource.inspection.itemIdentities.map(\.sectionPath) == [["results", "title"], ["results", "matches"]])
  }

  @Test("children of nested sections, nil children and transforms that drop every model count as empty")
  func whatCountsAsEmpty() {
    let screen = ListScreen.rows(height: 3)
    let none = ListSection<String, FocusRowController>(["a", "b"]) { _ in nil }
    screen.setRoot(
      CompositeSection(header: nil, placeholder: rowSection(rows(["empty"]))) {
        nil
        CompositeSection(rowSection([]), none)
      })
    #expect(screen.text == "  empty\n\n")
    screen.setRoot(
      CompositeSection(header: nil, placeholder: rowSection(rows(["empty"]))) {
        nil
        CompositeSection(rowSection([]), rowSection(rows(["one"])))
      })
    #expect(screen.text == "  one\n\n")
  }

  @Test("a pinned header stays over its placeholder")
  func pinned() {
    let screen = ListScreen.rows(height: 3)
    screen.setRoot(
      CompositeSection(
        CompositeSection(
          id: "g", header: rowSection(rows(["Header"]), id: "h"), pinsHeader: true,
          placeholder: rowSection((0..<5).map { FocusRowVM(identifier: "p\($0)", title: "empty \($0)") }),
          [rowSection([])]),
        rowSection(rows(["after"]), id: "tail")))
    screen.scroll(by: 2)
    #expect(screen.text == "  Header\n  empty 2\n  empty 3")
  }
}
