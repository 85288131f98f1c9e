// The article Reordering items (Sources/ListDiffUI/ListDiffUI.docc/ReorderingItems.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

struct ErrandViewModel: ListViewModel, Equatable {
  var identifier: String
  var title: String
}

final class ErrandCell: ListCell {
  var title = ""
  override var textRepresentation: String { title }
}

final class ErrandController:
  ListCellController<ErrandViewModel, ListViewStateNone, ErrandCell>
{
  override var canMove: Bool { true }
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: ErrandCell) {
    cell.title = viewModel.title
  }
}

struct Errands {
  var open: [ErrandViewModel]
  var done: [ErrandViewModel]

  var root: Section {
    CompositeSection(id: "errands") {
      ListSection<ErrandViewModel, ErrandController>(open, id: "open")
      ListSection<ErrandViewModel, ErrandController>(done, id: "done")
    }
  }

  // The indexes count the items of one section, as these arrays do.
  mutating func apply(_ move: ListItemMove) {
    let errand =
      move.sectionPath.last == "open"
      ? open.remove(at: move.fromIndex)
      : done.remove(at: move.fromIndex)
    if move.toSectionPath.last == "open" {
      open.insert(errand, at: move.toIndex)
    } else {
      done.insert(errand, at: move.toIndex)
    }
  }
}

@MainActor
final class ErrandsScreen {
  let dataSource: ListDiffDataSource
  private(set) var errands: Errands

  init(dataSource: ListDiffDataSource, errands: Errands) {
    self.dataSource = dataSource
    self.errands = errands
    dataSource.allowsMovingBetweenSections = true
    dataSource.moveHandler = { [weak self] move in
      guard let self else { return }
      self.errands.apply(move)
      self.dataSource.setRootSection(self.errands.root)
    }
    dataSource.setRootSection(errands.root)
  }
}

@Test @MainActor func aDoneErrandGoesBackToTheOpenOnes() {
  let screen = ListScreen(width: 10, height: 5)
  let errands = ErrandsScreen(
    dataSource: screen.dataSource,
    errands: Errands(
      open: [ErrandViewModel(identifier: "milk", title: "milk")],
      done: [ErrandViewModel(identifier: "post", title: "post")]))
  #expect(
    screen.move(
      identifier: "post", sectionPath: ["done"], toIndex: 0,
      inSection: ["open"]))
  #expect(errands.errands.open.map(\.identifier) == ["post", "milk"])
  #expect(screen.text.hasPrefix("post\nmilk"))
}

@Suite("Article: Reordering items")
@MainActor
struct ReorderingItemsArticleTests {
  private static func errands(open: [String], done: [String]) -> Errands {
    Errands(
      open: open.map { ErrandViewModel(identifier: $0, title: $0) },
      done: done.map { ErrandViewModel(identifier: $0, title: $0) })
  }

  @Test func aMoveWithinASectionIsShownAtOnceAndTheRootCarryingItChangesNothing() throws {
    let screen = ListScreen(width: 10, height: 4)
    let errands = ErrandsScreen(
      dataSource: screen.dataSource, errands: Self.errands(open: ["a", "b", "c"], done: ["x"]))
    let a = try #require(screen.dataSource.cellController(forIdentifier: "a", sectionPath: ["open"]))
    let updates = screen.updates.count
    #expect(screen.move(identifier: "a", sectionPath: ["open"], toIndex: 2))
    #expect(screen.text == "b\nc\na\nx")
    #expect(errands.errands.open.map(\.identifier) == ["b", "c", "a"])
    // The handler's root carried the move: no update, the same controller.
    #expect(screen.updates.count == updates)
    #expect(screen.dataSource.cellController(forIdentifier: "a", sectionPath: ["open"]) === a)
    #expect(screen.diagnostics.isEmpty)
  }

  @Test func aRootThatDoesNotCarryTheMovePutsTheItemBack() {
    let screen = ListScreen(width: 10, height: 2)
    var moves: [ListItemMove] = []
    let errands = Self.errands(open: ["a", "b"], done: [])
    screen.dataSource.moveHandler = { moves.append($0) }
    screen.dataSource.setRootSection(errands.root)
    screen.dataSource.allowsMovingBetweenSections = false
    #expect(screen.move(identifier: "b", sectionPath: ["open"], toIndex: 0))
    #expect(screen.text == "b\na")
    #expect(
      moves == [
        ListItemMove(
          identifier: "b", sectionPath: ["errands", "open"], fromIndex: 1, toIndex: 0,
          toSectionPath: ["errands", "open"])
      ])
    screen.setRoot(errands.root)
    #expect(screen.text == "a\nb")
  }

  @Test func outOfItsSectionWhenNotAllowedItStopsAtTheNearestAllowedPlace() {
    let screen = ListScreen(width: 10, height: 4)
    let errands = ErrandsScreen(
      dataSource: screen.dataSource, errands: Self.errands(open: ["a", "b"], done: ["x", "y"]))
    screen.dataSource.allowsMovingBetweenSections = false
    #expect(!screen.move(identifier: "a", sectionPath: ["open"], toIndex: 1, inSection: ["done"]))
    #expect(screen.text == "b\na\nx\ny")
    #expect(errands.errands.open.map(\.identifier) == ["b", "a"])
    #expect(errands.errands.done.map(\.identifier) == ["x", "y"])
  }

  @Test func aDropOntoAPinnedHeaderLandsAtTheNearestAllowedPlace() throws {
    let screen = ListScreen(width: 10, height: 4)
    var moves: [ListItemMove] = []
    screen.dataSource.moveHandler = { moves.append($0) }
    let items = (0..<8).map { ErrandViewModel(identifier: "e\($0)", title: "e\($0)") }
    let header = ListSection<ErrandViewModel, ErrandController>(
      ErrandViewModel(identifier: "title", title: "TITLE"))
    screen.setRoot(
      CompositeSection(id: "list", header: header, pinsHeader: true) {
        ListSection<ErrandViewModel, ErrandController>(items, id: "items")
      })
    // Headers never move, whatever their controller says.
    #expect(!screen.move(identifier: "title", sectionPath: ["list"], toIndex: 3))
    screen.scroll(by: 3)
    #expect(screen.text == "TITLE\ne3\ne4\ne5")
    // Drag e5 onto the pinned header, drawn over e2.
    let view = screen.collectionView
    let e5 = try #require(screen.dataSource.indexPath(forIdentifier: "e5", sectionPath: ["items"]))
    #expect(view.beginInteractiveMovementForItem(at: e5))
    let title = try #require(view.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
    #expect(title.minY == 3)
    view.updateInteractiveMovementTargetPosition(CGPoint(x: title.midX, y: title.midY))
    view.endInteractiveMovement()
    // Steered to the nearest place allowed: the first of the header's
    // section, not the place of e2 it was drawn over.
    #expect(moves.map(\.toIndex) == [0])
    #expect(moves.map(\.identifier) == ["e5"])
    screen.scroll(by: -3)
    #expect(screen.text == "TITLE\ne5\ne0\ne1")
  }
}
