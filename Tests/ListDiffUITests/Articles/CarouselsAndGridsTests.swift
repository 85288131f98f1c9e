// The article Carousels and grids (Sources/ListDiffUI/ListDiffUI.docc/CarouselsAndGrids.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

struct PosterViewModel: ListViewModel, Equatable {
  var identifier: String
  var title: String
}

final class PosterCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class PosterController: ListCellController<
  PosterViewModel, ListViewStateNone, PosterCell
> {
  // The container is the list's width and the carousel's height.
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: 7, height: containerSize.height)
  }
  override func configureCell(cell: PosterCell) {
    cell.text = "[" + viewModel.title + "]"
  }
}

func shelves(_ titles: [String]) -> Section {
  CompositeSection {
    CarouselSection(id: "recent", height: 1, paging: .items) {
      ListSection<String, PosterController>(titles) {
        PosterViewModel(identifier: $0, title: $0)
      }
    }
    CarouselSection(id: "saved", height: 1) {
      ListSection<String, PosterController>(titles.reversed()) {
        PosterViewModel(identifier: $0, title: $0)
      }
    }
  }
}

@MainActor
@Test func eachShelfScrollsAcrossAndKeepsItsPlace() {
  let screen = ListScreen(width: 24, height: 2)
  let titles = (1...20).map { "m\($0)" }
  screen.setRoot(shelves(titles))
  #expect(screen.text == "[m1]    [m2]    [m3]\n[m20]   [m19]   [m18]")
  // A drag across, which paging ends on an item's leading edge.
  screen.scroll(carousel: "recent", by: 15)
  #expect(screen.text == "[m3]    [m4]    [m5]\n[m20]   [m19]   [m18]")
  // Taps and scrolls reach items inside, scrolling across as needed.
  screen.tap(identifier: "m12", sectionPath: ["recent"])
  #expect(screen.text == "[m12]   [m13]   [m14]\n[m20]   [m19]   [m18]")
  // Five new items before the first visible one keep it in place.
  screen.setRoot(shelves((21...25).map { "m\($0)" } + titles))
  #expect(screen.text.hasPrefix("[m12]   [m13]   [m14]\n"))
}

struct SwatchViewModel: ListViewModel, Equatable {
  var identifier: String
  var name: String
}

final class SwatchController: ListCellController<
  SwatchViewModel, ListViewStateNone, PosterCell
> {
  // The container is one column wide.
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: PosterCell) {
    cell.text = viewModel.name
  }
}

func palette(_ names: [String]) -> Section {
  CompositeSection {
    ListSection<SwatchViewModel, SwatchController>(
      SwatchViewModel(identifier: "title", name: "Colours"))
    GridSection(id: "swatches", columns: 3) {
      ListSection<String, SwatchController>(names) {
        SwatchViewModel(identifier: $0, name: $0)
      }
    }
  }
}

@MainActor
@Test func theGridReflowsWhenTheListResizes() {
  let screen = ListScreen(width: 20, height: 4)
  screen.setRoot(palette(["red", "green", "blue", "teal"]))
  #expect(screen.text == "Colours\nred    green  blue\n\nteal")
  screen.resize(width: 14, height: 4)
  #expect(screen.text == "Colours\nred  gree blue\n\nteal")
}
