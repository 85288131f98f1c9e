import Foundation
import HeadlessCollection
import ListDiff
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// A controller whose items the user may drag.
final class MovableController: RecordingController<ItemCell> {
  override var canMove: Bool { true }
}

/// A model of two movable sections under a header, as an app keeps it, and
/// the root it shows.
private struct Chores {
  var open: [ItemVM]
  var done: [ItemVM]

  init(open: [String], done: [String]) {
    self.open = open.map { ItemVM(identifier: $0) }
    self.done = done.map { ItemVM(identifier: $0) }
  }

  var root: Section {
    CompositeSection(id: "chores", header: ListSection<ItemVM, ItemController>([ItemVM(identifier: "title")])) {
      ListSection<ItemVM, MovableController>(open, id: "open")
      ListSection<ItemVM, MovableController>(done, id: "done")
    }
  }

  /// Applies a reported move, as `moveHandler` would.
  mutating func apply(_ move: ListItemMove) {
    func take(from path: [String], at index: Int) -> ItemVM {
      path.last == "open" ? open.remove(at: index) : done.remove(at: index)
    }
    let item = take(from: move.sectionPath, at: move.fromIndex)
    if move.toSectionPath.last == "open" { open.insert(item, at: move.toIndex) } else {
      done.insert(item, at: move.toIndex)
    }
  }
}

@Suite("Drag to reorder")
@MainActor
struct MoveTests {
  private func screen(_ chores: Chores, between: Bool = false) -> (ListScreen, Box) {
    let screen = ListScreen.logging(height: 100)
    screen.dataSource.allowsMovingBetweenSections = between
    let box = Box()
    screen.dataSource.moveHandler = { box.moves.append($0) }
    screen.setRoot(chores.root)
    return (screen, box)
  }

  final class Box { var moves: [ListItemMove] = [] }

  private func mover(_ screen: ListScreen, _ identifier: String, in path: [String] = []) -> AnyListCellController? {
    screen.dataSource.cellController(forIdentifier: identifier, sectionPath: path)
  }

  @Test("a drag within a section shows the new order at once, reports one move; the model's root changes nothing")
  func withinSection() throws {
    var chores = Chores(open: ["a", "b", "c", "d"], done: ["x"])
    let (screen, box) = screen(chores)
    let a = try #require(mover(screen, "a"))
    let cell = try #require(screen.cell(at: 1))
    screen.log.reset()
    #expect(screen.move(identifier: "a", toIndex: 2))
    #expect(screen.shown == ["title=0", "b=0", "c=0", "a=0", "d=0", "x=0"])
    #expect(
      box.moves == [
        ListItemMove(identifier: "a", sectionPath: ["chores", "open"], fromIndex: 0, toIndex: 2, toSectionPath: ["chores", "open"])
      ])
    chores.apply(try #require(box.moves.first))
    let updatesBefore = screen.updates.count
    screen.setRoot(chores.root)
    #expect(screen.updates.count == updatesBefore, "the root carrying the move changes nothing")
    #expect(mover(screen, "a") === a && screen.cell(at: 3) === cell)
    #expect(!screen.log.events(of: a).contains { $0.hasPrefix("didUpdateViewModel") || $0 == "init" })
    #expect(screen.shown == ["title=0", "b=0", "c=0", "a=0", "d=0", "x=0"])
    #expect(box.moves.count == 1)
    #expect(screen.diagnostics.isEmpty)
  }

  @Test("a drag up to the start of its section")
  func upward() throws {
    let (screen, box) = screen(Chores(open: ["a", "b", "c"], done: ["x"]))
    #expect(screen.move(identifier: "c", toIndex: 0))
    #expect(screen.shown == ["title=0", "c=0", "a=0", "b=0", "x=0"])
    #expect(box.moves.map(\.toIndex) == [0] && box.moves.map(\.fromIndex) == [2])
  }

  @Test("between sections when allowed: to the start and the end of another section; the model's root then changes nothing")
  func betweenSections() throws {
    var chores = Chores(open: ["a", "b", "c"], done: ["x", "y"])
    let (screen, box) = screen(chores, between: true)
    let b = try #require(mover(screen, "b"))
    #expect(screen.move(identifier: "b", sectionPath: ["open"], toIndex: 0, inSection: ["done"]))
    #expect(screen.shown == ["title=0", "a=0", "c=0", "b=0", "x=0", "y=0"])
    #expect(
      box.moves.last
        == ListItemMove(identifier: "b", sectionPath: ["chores", "open"], fromIndex: 1, toIndex: 0, toSectionPath: ["chores", "done"]))
    chores.apply(try #require(box.moves.last))
    let updatesBefore = screen.updates.count
    screen.setRoot(chores.root)
    #expect(screen.updates.count == updatesBefore)
    #expect(mover(screen, "b", in: ["done"]) === b)

    // Back up, to the end of "open": the flat index is the same as the
    // start of "done", the section is not.
    #expect(screen.move(identifier: "b", sectionPath: ["done"], toIndex: 2, inSection: ["open"]))
    #expect(
      box.moves.last
        == ListItemMove(identifier: "b", sectionPath: ["chores", "done"], fromIndex: 0, toIndex: 2, toSectionPath: ["chores", "open"]))
    #expect(screen.shown == ["title=0", "a=0", "c=0", "b=0", "x=0", "y=0"])
    chores.apply(try #require(box.moves.last))
    #expect(chores.open.map(\.identifier) == ["a", "c", "b"])
    screen.setRoot(chores.root)
    #expect(screen.updates.count == updatesBefore)
    #expect(mover(screen, "b", in: ["open"]) === b)
    #expect(screen.diagnostics.isEmpty)
  }

  @Test("refused: out of its section when not allowed, onto the header; the drag stops at the nearest allowed place")
  func refused() throws {
    let (screen, box) = screen(Chores(open: ["a", "b"], done: ["x", "y"]))
    #expect(!screen.move(identifier: "a", toIndex: 1, inSection: ["done"]))
    #expect(screen.shown == ["title=0", "b=0", "a=0", "x=0", "y=0"])
    #expect(box.moves.map(\.toSectionPath) == [["chores", "open"]])
    // The header is no section to move into, nor a place to drop on.
    #expect(!screen.move(identifier: "title", toIndex: 1))
    // Dropped onto the header: steered to the nearest place allowed, the
    // first of its section.
    let cv = screen.collectionView
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 2, section: 0)))
    let title = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))).frame
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: title.midX, y: title.midY))
    cv.endInteractiveMovement()
    #expect(screen.shown == ["title=0", "a=0", "b=0", "x=0", "y=0"])
    #expect(box.moves.last?.toIndex == 0 && box.moves.last?.identifier == "a")
  }

  @Test("a root that does not carry the move puts the item back")
  func rootWithoutTheMove() throws {
    let chores = Chores(open: ["a", "b", "c"], done: [])
    let (screen, _) = screen(chores)
    let a = try #require(mover(screen, "a"))
    #expect(screen.move(identifier: "a", toIndex: 2))
    screen.setRoot(chores.root)
    #expect(screen.shown == ["title=0", "a=0", "b=0", "c=0"])
    #expect(mover(screen, "a") === a)
    let update = try #require(screen.updates.last)
    #expect(!update.moves.isEmpty && update.inserts.isEmpty && update.deletes.isEmpty && update.updates.isEmpty)
  }

  @Test("bad input does nothing: no such identifier, no such index, a controller that cannot move")
  func badInput() throws {
    let screen = ListScreen.logging(height: 100)
    let box = Box()
    screen.dataSource.moveHandler = { box.moves.append($0) }
    screen.setRoot(
      CompositeSection {
        ListSection<ItemVM, ItemController>(items("p", "q"), id: "fixed")
        ListSection<ItemVM, MovableController>(items("a", "b"), id: "open")
      })
    #expect(!screen.move(identifier: "nope", toIndex: 0))
    #expect(!screen.move(identifier: "a", toIndex: 5))
    #expect(!screen.move(identifier: "a", toIndex: -1))
    #expect(!screen.move(identifier: "a", toIndex: 0, inSection: ["nowhere"]))
    #expect(!screen.move(identifier: "p", toIndex: 1))
    #expect(screen.shown == ["p=0", "q=0", "a=0", "b=0"])
    #expect(box.moves.isEmpty)
    #expect(!screen.collectionView.beginInteractiveMovementForItem(at: IndexPath(item: 9, section: 0)))
  }

  @Test("a root set from inside moveHandler is applied after it; a root arriving during a drag cancels it unreported")
  func reentrantAndInterrupted() throws {
    var chores = Chores(open: ["a", "b", "c"], done: [])
    let (screen, box) = screen(chores)
    screen.dataSource.moveHandler = { [weak screen] move in
      box.moves.append(move)
      chores.apply(move)
      screen?.dataSource.setRootSection(chores.root)
      #expect(screen?.shown == ["title=0", "b=0", "a=0", "c=0"])
    }
    #expect(screen.move(identifier: "a", toIndex: 1))
    #expect(box.moves.count == 1)
    #expect(screen.shown == ["title=0", "b=0", "a=0", "c=0"])

    // A root deleting the dragged item arrives mid-drag: the drag ends
    // there, and no move is reported for an item that no longer exists.
    let cv = screen.collectionView
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
    let target = try #require(cv.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))).frame
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: target.midX, y: target.midY))
    chores.open.removeAll { $0.identifier == "b" }
    screen.setRoot(chores.root)
    cv.endInteractiveMovement()
    #expect(box.moves.count == 1)
    #expect(screen.shown == ["title=0", "a=0", "c=0"])
  }

  @Test("async mode: a root set before a drag that ends before the root is applied is applied against the moved list", .timeLimit(.minutes(20)))
  func asyncRootDuringMove() async throws {
    let screen = ListScreen.logging(height: 100, applyUpdatesAsync: true)
    let chores = Chores(open: ["a", "b", "c"], done: [])
    await screen.setRoot(chores.root)
    let box = Box()
    screen.dataSource.moveHandler = { box.moves.append($0) }
    var next = chores
    next.open.append(ItemVM(identifier: "d"))
    screen.dataSource.setRootSection(next.root, completion: {})
    #expect(screen.move(identifier: "a", toIndex: 2))
    await screen.setRoot(next.root)
    #expect(screen.shown == ["title=0", "a=0", "b=0", "c=0", "d=0"])
    #expect(box.moves.count == 1)
  }
}
