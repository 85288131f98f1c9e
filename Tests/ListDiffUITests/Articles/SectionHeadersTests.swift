// The article Section headers and footers (Sources/ListDiffUI/ListDiffUI.docc/SectionHeaders.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

struct TitleViewModel: ListViewModel, Equatable {
  var identifier: String
  var text: String
}

final class TitleCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class TitleController:
  ListCellController<TitleViewModel, ListViewStateNone, TitleCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: TitleCell) {
    cell.text = viewModel.text
  }
}

func title(_ text: String, identifier: String = "title") -> Section {
  let title = TitleViewModel(identifier: identifier, text: text)
  return ListSection<TitleViewModel, TitleController>(title)
}

func groups(_ groups: [String: [String]]) -> Section {
  let header = title("\(groups.count) groups")
  return CompositeSection(id: "all", header: header, pinsHeader: true) {
    for name in groups.keys.sorted() {
      let header = title(name.uppercased())
      CompositeSection(id: name, header: header, pinsHeader: true) {
        ListSection<TitleViewModel, TitleController>(
          groups[name]!.map {
            TitleViewModel(identifier: $0, text: "  " + $0)
          })
      }
    }
  }
}

func search(_ query: String, in names: [String]) -> Section {
  let matches = names.filter { $0.contains(query) }
  return CompositeSection(
    id: "search", header: title("Results for \(query)"),
    placeholder: title("No results", identifier: "none")
  ) {
    ListSection<TitleViewModel, TitleController>(
      matches.map { TitleViewModel(identifier: $0, text: "  " + $0) })
  }
}

@Suite("Article: Section headers and footers")
@MainActor
struct SectionHeadersArticleTests {
  @Test func nestedHeadersPinAndStack() {
    let screen = ListScreen(width: 12, height: 4)
    let model = ["fruit": (0..<6).map { "apple\($0)" }, "veg": (0..<6).map { "kale\($0)" }]
    screen.setRoot(groups(model))
    #expect(screen.diagnostics.isEmpty)
    #expect(screen.text == "2 groups\nFRUIT\n  apple0\n  apple1")
    screen.scroll(by: 3)
    #expect(screen.text == "2 groups\nFRUIT\n  apple3\n  apple4")
    screen.scroll(by: 5)
    #expect(screen.text == "2 groups\nVEG\n  kale1\n  kale2")
  }

  @Test func thePlaceholderShowsWhileNothingMatches() {
    let screen = ListScreen(width: 16, height: 3)
    let names = ["apple", "pear", "plum"]
    screen.setRoot(search("kiwi", in: names))
    #expect(screen.text == "Results for kiwi\nNo results\n")
    screen.setRoot(search("p", in: names))
    #expect(screen.text == "Results for p\n  apple\n  pear")
    // The header is "title", the placeholder "none": nothing shared.
    #expect(screen.diagnostics.isEmpty)
  }

  @Test func aCountInTheHeaderIsUpdatedInPlace() throws {
    let screen = ListScreen(width: 12, height: 4)
    screen.setRoot(groups(["fruit": ["apple"]]))
    let header = try #require(screen.dataSource.cellController(forIdentifier: "title", sectionPath: ["all"]))
    screen.setRoot(groups(["fruit": ["apple"], "veg": ["kale"]]))
    #expect(screen.dataSource.cellController(forIdentifier: "title", sectionPath: ["all"]) === header)
    #expect(screen.updates.last?.updates == [0])
    #expect(screen.text == "2 groups\nFRUIT\n  apple\nVEG")
  }
}
