import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// A carousel item: a fixed width, as tall as the carousel.
struct TileVM: ListViewModel, Equatable {
  var identifier: String
  var title: String
  var width: CGFloat = 4
}

final class TileCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class TileController: ListCellController<TileVM, ListViewStateNone, TileCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: viewModel.width, height: containerSize.height)
  }
  override func configureCell(cell: TileCell) {
    cell.text = (isFocused ? ">" : "") + viewModel.title
  }
  override var typeSelectString: String? { viewModel.title }
}

func tiles(_ range: Range<Int>, prefix: String = "t", width: CGFloat = 4) -> [TileVM] {
  range.map { TileVM(identifier: "\(prefix)\($0)", title: "\(prefix)\($0)", width: width) }
}

func tileSection(_ tiles: [TileVM], id: String? = nil) -> ListSection<TileVM, TileController> {
  ListSection<TileVM, TileController>(tiles, id: id)
}

@MainActor
@Suite("Carousels: rows whose items scroll sideways, with their own offsets")
struct CarouselTests {
  /// A title row, the carousel "c", and `below` rows.
  func feed(_ items: [TileVM], below: Int = 3, height: CGFloat = 2, paging: ListCarouselPaging = .none)
    -> Section
  {
    CompositeSection {
      rowSection(rows(["top"]), id: "title")
      CarouselSection(id: "c", height: height, paging: paging) { tileSection(items) }
      rowSection(rows((0..<below).map { "r\($0)" }), id: "rows")
    }
  }

  @Test("a carousel draws its visible items side by side in its rows, spaced, between the list's rows")
  func drawsSideBySide() {
    let screen = ListScreen.rows(width: 20, height: 5)
    screen.setRoot(feed(tiles(0..<10)))
    #expect(screen.text == "  top\nt0   t1   t2   t3\n\n  r0\n  r1")
    #expect(screen.lifecycle(of: "t3", sectionPath: ["c"]).contains("didAppear"))
    #expect(screen.lifecycle(of: "t4", sectionPath: ["c"]).isEmpty, "beyond the row's width: never displayed")
    #expect(screen.dataSource.inspection.itemIdentities.map(\.identifier) == ["top", "c", "r0", "r1", "r2"])
  }

  @Test("the offset survives scrolling the list ten screens away and back, and an insert before the first visible item")
  func offsetSurvives() {
    let screen = ListScreen.rows(width: 20, height: 5)
    screen.setRoot(feed(tiles(0..<100), below: 100))
    screen.scroll(carousel: "c", by: 40 * 5)
    let shown = screen.text
    #expect(shown.split(separator: "\n")[1].hasPrefix("t40  t41"))
    for _ in 0..<10 { screen.scroll(by: 5) }
    #expect(!screen.text.contains("t40"))
    #expect(screen.lifecycle(of: "t40", sectionPath: ["c"]).last == "willDisappear")
    for _ in 0..<10 { screen.scroll(by: -5) }
    #expect(screen.text == shown)
    #expect(screen.lifecycle(of: "t40", sectionPath: ["c"]).suffix(2) == ["didAppear", "didFullyAppear"])
    screen.setRoot(feed(tiles(0..<5, prefix: "n") + tiles(0..<100), below: 100))
    #expect(screen.text == shown, "five items inserted before the first visible one keep it in place")
  }

  @Test("a root that removes the carousel forgets its offset")
  func removalForgets() {
    let screen = ListScreen.rows(width: 20, height: 5)
    screen.setRoot(feed(tiles(0..<100)))
    screen.scroll(carousel: "c", by: 50)
    #expect(screen.text.split(separator: "\n")[1].hasPrefix("t10"))
    screen.setRoot(CompositeSection { rowSection(rows(["top"]), id: "title") })
    #expect(screen.lifecycle(of: "t10", sectionPath: ["c"]).suffix(2) == ["willDisappear", "willUnmount"])
    screen.setRoot(feed(tiles(0..<100)))
    #expect(screen.text.split(separator: "\n")[1].hasPrefix("t0 "))
  }

  @Test("paging .items ends a drag on the leading edge of the nearest item")
  func paging() {
    let screen = ListScreen.rows(width: 20, height: 5)
    screen.setRoot(feed(tiles(0..<20), paging: .items))
    screen.scroll(carousel: "c", by: 7)
    #expect(screen.text.split(separator: "\n")[1].hasPrefix("t1   t2"))
    screen.scroll(carousel: "c", by: 3)
    #expect(screen.text.split(separator: "\n")[1].hasPrefix("t2   t3"))
    screen.setRoot(feed(tiles(0..<20), paging: .none))
    screen.scroll(carousel: "c", by: 1)
    #expect(screen.text.split(separator: "\n")[1].hasPrefix("2   t3"), "no paging: where the finger left it")
  }

  @Test("tap and scroll(toIdentifier:) reach items inside carousels, scrolling both ways")
  func reachInside() {
    let screen = ListScreen.rows(width: 20, height: 5)
    screen.setRoot(
      CompositeSection {
        rowSection(rows((0..<20).map { "r\($0)" }), id: "rows")
        CarouselSection(id: "c", height: 1) { tileSection(tiles(0..<60)) }
      })
    screen.tap(identifier: "t30", sectionPath: ["c"])
    #expect(screen.lifecycle(of: "t30", sectionPath: ["c"]).contains("didSelect"))
    #expect(screen.text.contains("t30"))
    screen.scroll(toIdentifier: "t55", sectionPath: ["c"])
    #expect(screen.text.hasSuffix("\nt55  t56  t57  t58"), "the row as high as the list goes, the item at its left")
    screen.scroll(toIdentifier: "r0")
    #expect(screen.text.hasPrefix("  r0"))
  }

  @Test("its items are items: view-model updates reconfigure them, deletes unmount them")
  func itemsAreItems() {
    let screen = ListScreen.rows(width: 20, height: 5)
    screen.setRoot(feed(tiles(0..<10)))
    var changed = tiles(0..<10)
    changed[1].title = "XX"
    changed.remove(at: 2)
    screen.setRoot(feed(changed))
    #expect(screen.text.split(separator: "\n")[1] == "t0   XX   t3   t4")
    #expect(screen.lifecycle(of: "t1", sectionPath: ["c"]).contains("didUpdateViewModel"))
    #expect(screen.lifecycle(of: "t2", sectionPath: ["c"]).last == "willUnmount")
  }

  @Test("← → on a focused carousel move the focus along it, scrolling it; Enter taps the focused item")
  func keys() {
    let screen = ListScreen.rows(width: 20, height: 5)
    screen.setRoot(feed(tiles(0..<10)))
    screen.pressKey(.down)
    screen.pressKey(.down)
    #expect(screen.dataSource.focusedItem == ListItemID(identifier: "c", sectionPath: ["c"]))
    #expect(screen.text.split(separator: "\n")[1].hasPrefix(">t0"), "the carousel's first visible item shows the focus")
    for _ in 0..<5 { screen.pressKey(.right) }
    #expect(screen.text.split(separator: "\n")[1].contains(">t5"))
    #expect(!screen.text.contains("t0 "), "the carousel scrolled to show the focused item")
    #expect(screen.pressKey(.enter))
    #expect(screen.lifecycle(of: "t5", sectionPath: ["c"]).contains("didSelect"))
    screen.pressKey(.down)
    #expect(!screen.text.contains(">t5"), "the focus left the carousel")
  }

  @Test("a root that keeps the carousel's very sections changes nothing in it; one built anew updates only what changed")
  func rebuiltRoots() {
    let screen = ListScreen.rows(width: 20, height: 5)
    let items = tileSection(tiles(0..<10))
    screen.setRoot(CarouselSection(id: "c", height: 1) { items })
    screen.setRoot(CarouselSection(id: "c", height: 1) { items })
    #expect(screen.updates.count == 1, "the same sections: no update at all")
    let before = screen.lastUpdate
    var changed = tiles(0..<10)
    changed[2].title = "X"
    screen.setRoot(CarouselSection(id: "c", height: 1) { tileSection(changed) })
    #expect(screen.updates.last?.updates == [0], "the row is updated: its sections are new")
    #expect(screen.lifecycle(of: "t2", sectionPath: ["c"]).contains("didUpdateViewModel"))
    #expect(screen.lifecycle(of: "t1", sectionPath: ["c"]).filter { $0 == "configureCell" }.count == 1)
    _ = before
  }

  @Test("a height of 0, negative or not finite, or a negative spacing, is reported and replaced")
  func badGeometry() {
    for height in [0, -3, CGFloat.nan, .infinity] {
      let screen = ListScreen.rows(width: 20, height: 5)
      screen.expectWarnings(.invalidGeometry) {
        screen.setRoot(feed(tiles(0..<3), height: height))
      }
      #expect(screen.text.split(separator: "\n")[1].hasPrefix("t0   t1   t2"))
    }
    let screen = ListScreen.rows(width: 20, height: 5)
    screen.expectWarnings(.invalidGeometry) {
      screen.setRoot(CarouselSection(id: "c", height: 1, itemSpacing: -1) { tileSection(tiles(0..<3)) })
    }
    #expect(screen.text.hasPrefix("t0  t1  t2"))
  }

  @Test("a root of 1,000 carousels × 500 items makes controllers and asks sizes only near the viewport")
  func onlyVisibleCosts() {
    let screen = ListScreen.rows(width: 80, height: 40)
    screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 80, height: 4)
    let items = tiles(0..<500, width: 9)
    screen.setRoot(
      CompositeSection(
        (0..<1_000).map { CarouselSection(id: "c\($0)", height: 4) { tileSection(items) } }))
    let counts = screen.lastUpdate
    #expect(counts.controllersCreated < 150, "\(counts)")
    #expect(counts.sizeRequests < 150, "\(counts)")
    #expect(counts.controllersCreated >= 10 * 8, "the visible carousels' visible items at least: \(counts)")
  }
}
