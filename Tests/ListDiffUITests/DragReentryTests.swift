import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// What `canMove` of a ``HookedMovableController`` does besides saying yes.
@MainActor
final class MoveHooks {
  var onCanMove: (() -> Void)?
  var moves: [ListItemMove] = []
}

/// A movable controller whose `canMove` runs the hook of its context's
/// ``MoveHooks`` (a root set from inside `canMove`).
final class HookedMovableController: RecordingController<ItemCell> {
  override var canMove: Bool {
    (context.object() as MoveHooks?)?.onCanMove?()
    return true
  }
}

private func movable(_ identifiers: [String], id: String? = nil) -> ListSection<ItemVM, MovableController> {
  ListSection<ItemVM, MovableController>(identifiers.map { ItemVM(identifier: $0) }, id: id)
}

private func letters(_ count: Int) -> [String] {
  (0..<count).map { String(UnicodeScalar(UInt8(97 + $0))) }
}

/// Drags and roots arriving around them: each case a defect the
/// re-entrancy model found (issue 20), shown through the public API.
@Suite("Drags, working range and roots arriving around them")
@MainActor
struct DragReentryTests {
  private func screen(height: Int = 30, async: Bool = false, between: Bool = false) -> (ListScreen, MoveHooks) {
    let hooks = MoveHooks()
    let screen = ListScreen(width: 20, height: height, applyUpdatesAsync: async, contextObjects: EventLog(), hooks)
    screen.dataSource.allowsMovingBetweenSections = between
    screen.dataSource.moveHandler = { hooks.moves.append($0) }
    return (screen, hooks)
  }

  private func point(of item: Int, in screen: ListScreen) -> CGPoint? {
    screen.collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0)).map {
      CGPoint(x: $0.frame.midX, y: $0.frame.midY)
    }
  }

  @Test("a cell the collection asks for during a drag shows the item the drag put there, not the list's item at that index")
  func cellsDuringADrag() throws {
    let (screen, hooks) = screen()
    screen.setRoot(movable(letters(10)))
    #expect(screen.shown == ["a=0", "b=0", "c=0"])
    let cv = screen.collectionView
    // "f", off screen, dragged to the top: the collection needs a cell for
    // it at index 0, where the list (unchanged until the drop) has "a".
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 5, section: 0)))
    cv.updateInteractiveMovementTargetPosition(try #require(point(of: 0, in: screen)))
    #expect(screen.shown == ["f=0", "a=0", "b=0"])
    cv.endInteractiveMovement()
    #expect(screen.shown == ["f=0", "a=0", "b=0"])
    #expect(hooks.moves == [ListItemMove(identifier: "f", sectionPath: [], fromIndex: 5, toIndex: 0, toSectionPath: [])])
    #expect(screen.log.violations.isEmpty)
  }

  @Test("a root set from canMove is applied, and the drag does not begin on the item now at that index path")
  func rootFromCanMove() {
    let (screen, hooks) = screen(height: 50)
    let section = { (ids: [String]) in
      ListSection<ItemVM, HookedMovableController>(ids.map { ItemVM(identifier: $0) })
    }
    screen.setRoot(section(["a", "b", "c"]))
    hooks.onCanMove = {
      hooks.onCanMove = nil
      screen.dataSource.setRootSection(section(["b", "c"]))
    }
    let cv = screen.collectionView
    // Asked about "b" at index 1; the root the answer set puts "c" there.
    #expect(!cv.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
    #expect(screen.shown == ["b=0", "c=0"])
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: 1))
    cv.endInteractiveMovement()
    #expect(hooks.moves.isEmpty)
    #expect(screen.shown == ["b=0", "c=0"])
    #expect(screen.log.violations.isEmpty)
  }

  @Test("a drag into a section whose scope a sibling with the same id shares, and which holds the identifier, is refused")
  func siblingsSharingAScope() {
    let (screen, hooks) = screen(height: 60, between: true)
    // Two siblings named "x" are one scope: "a" of the second "x" has the
    // identity "a" would take in the first.
    screen.expectWarnings(.duplicateSectionID) {
      screen.setRoot(
        CompositeSection {
          movable(["a", "b"], id: "open")
          movable(["c"], id: "x")
          movable(["a"], id: "x")
        })
    }
    #expect(!screen.move(identifier: "a", sectionPath: ["open"], toIndex: 0, inSection: ["x"]))
    #expect(hooks.moves.allSatisfy { $0.toSectionPath == ["open"] })
    #expect(screen.shown.sorted() == ["a=0", "a=0", "b=0", "c=0"])
    #expect(screen.dataSource.indexPath(forIdentifier: "a", sectionPath: ["open"]) != nil)
    #expect(screen.log.violations.isEmpty)
  }

  @Test("a root deleting items in the working range while a drag is under way makes no controller for them")
  func deletedItemsInRangeDuringADrag() throws {
    let (screen, hooks) = screen()
    screen.dataSource.workingRangeSize = 2
    screen.setRoot(movable(letters(10)))
    let cv = screen.collectionView
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    cv.updateInteractiveMovementTargetPosition(try #require(point(of: 2, in: screen)))
    let before = screen.log.all.count
    // The batch cancels the drag first, a layout pass over the old items.
    screen.dataSource.setRootSection(movable(Array(letters(10)[5...])))
    cv.endInteractiveMovement()
    let created = screen.log.all[before...].filter { $0.hasSuffix(":init") }
    #expect(!created.contains { ["a", "b", "c", "d", "e"].contains($0.prefix(1)) }, "\(created)")
    #expect(screen.dataSource.inspection.cellControllerCount <= 5)
    #expect(screen.shown == ["f=0", "g=0", "h=0"])
    #expect(hooks.moves.isEmpty)
    #expect(screen.log.violations.isEmpty)
  }

  // MARK: Asynchronous mode after a drag

  /// Applies `move` to `model`, a single section's identifiers, as an app's
  /// moveHandler does.
  private func applying(_ move: ListItemMove?, to model: [String]) throws -> [String] {
    let move = try #require(move)
    var model = model
    #expect(model.remove(at: move.fromIndex) == move.identifier)
    model.insert(move.identifier, at: move.toIndex)
    return model
  }

  /// An asynchronous screen showing a, b, c, d, and the controller of "a".
  private func asyncLetters() async throws -> (ListScreen, MoveHooks, AnyListCellController) {
    let (screen, hooks) = screen(height: 60, async: true)
    await screen.setRoot(movable(letters(4)))
    return (screen, hooks, try #require(screen.dataSource.cellController(forIdentifier: "a")))
  }

  /// Sets `root` and, before it is applied, drags "a" to index 2; returns
  /// once the root is shown.
  private func dragA(on screen: ListScreen, whileSetting root: Section) async {
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      screen.dataSource.setRootSection(root) { done.resume() }
      #expect(screen.move(identifier: "a", toIndex: 2))
    }
  }

  /// After "a" was dragged to index 2 while the root a, b, c, d, e was on
  /// its way: one move reported, then the root shown, "a" put back by a
  /// move, with the controller it had.
  private func expectRootAppliedAfterTheMove(
    _ screen: ListScreen, _ hooks: MoveHooks, _ a: AnyListCellController
  ) throws {
    #expect(hooks.moves.count == 1)
    #expect(screen.shown == ["a=0", "b=0", "c=0", "d=0", "e=0"])
    let update = try #require(screen.updates.last)
    #expect(update.inserts == [4] && update.deletes.isEmpty && update.updates.isEmpty && !update.moves.isEmpty)
    #expect(screen.dataSource.cellController(forIdentifier: "a") === a)
    #expect(screen.log.violations.isEmpty)
  }

  @Test("async: the root that carries the move diffs to no change: no second move, no reconfigure", .timeLimit(.minutes(20)))
  func asyncCarryingRoot() async throws {
    let (screen, hooks, a) = try await asyncLetters()
    #expect(screen.move(identifier: "a", toIndex: 2))
    #expect(screen.shown == ["b=0", "c=0", "a=0", "d=0"])
    let model = try applying(hooks.moves.last, to: letters(4))
    let updates = screen.updates.count
    screen.log.reset()
    await screen.setRoot(movable(model))
    #expect(screen.updates.count == updates, "\(screen.updates.suffix(1))")
    #expect(screen.dataSource.cellController(forIdentifier: "a") === a)
    #expect(screen.log.events(of: a).isEmpty, "\(screen.log.events(of: a))")
    #expect(screen.shown == ["b=0", "c=0", "a=0", "d=0"])
    #expect(hooks.moves.count == 1)
  }

  @Test("async: a root that does not carry the move puts the item back, by a move", .timeLimit(.minutes(20)))
  func asyncRootPutsBack() async throws {
    let (screen, _, a) = try await asyncLetters()
    #expect(screen.move(identifier: "a", toIndex: 2))
    await screen.setRoot(movable(letters(4)))
    #expect(screen.shown == ["a=0", "b=0", "c=0", "d=0"])
    let update = try #require(screen.updates.last)
    #expect(!update.moves.isEmpty && update.inserts.isEmpty && update.deletes.isEmpty && update.updates.isEmpty)
    #expect(screen.dataSource.cellController(forIdentifier: "a") === a)
    #expect(screen.log.violations.isEmpty)
  }

  @Test("async: a root in flight while a drag ends is diffed again against the moved list", .timeLimit(.minutes(20)))
  func asyncRootInFlightDuringTheDrag() async throws {
    let (screen, hooks, a) = try await asyncLetters()
    // Set before the drop, so it does not carry the move: it adds "e" and
    // puts "a" back; prepared against the list before the drag.
    await dragA(on: screen, whileSetting: movable(letters(5)))
    try expectRootAppliedAfterTheMove(screen, hooks, a)
  }

  @Test("async: a root in flight that deletes the dragged item: the move is reported, then the item goes, nothing left behind", .timeLimit(.minutes(20)))
  func asyncRootInFlightDeletesTheDraggedItem() async throws {
    let (screen, hooks, a) = try await asyncLetters()
    // Fails the test unless the warning comes, and only it.
    await screen.expectWarnings(.movedItemDeleted) {
      await dragA(on: screen, whileSetting: movable(["b", "c", "d"]))
    }
    // The drop came before the root: the move was real when reported, and
    // the app is told the root it set before the drop deletes the item.
    let warnings = screen.diagnostics.filter { $0.kind == .movedItemDeleted }
    #expect(warnings.count == 1)
    #expect(warnings.first?.identifier == "a")
    #expect(hooks.moves.map(\.identifier) == ["a"])
    #expect(screen.shown == ["b=0", "c=0", "d=0"])
    #expect(screen.dataSource.cellController(forIdentifier: "a") == nil)
    #expect(screen.log.events(of: a).last == "willUnmount")
    #expect(screen.dataSource.inspection.cellControllerCount == 3)
    #expect(screen.log.violations.isEmpty)
  }

  @Test("async: a root in flight that arrives during the drag cancels it, unreported", .timeLimit(.minutes(20)))
  func asyncRootArrivesDuringTheDrag() async throws {
    let (screen, hooks) = screen(height: 60, async: true)
    await screen.setRoot(movable(letters(4)))
    let cv = screen.collectionView
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    cv.updateInteractiveMovementTargetPosition(try #require(point(of: 2, in: screen)))
    await screen.setRoot(movable(["b", "c", "d"]))
    cv.endInteractiveMovement()
    #expect(hooks.moves.isEmpty)
    #expect(screen.shown == ["b=0", "c=0", "d=0"])
    #expect(screen.log.violations.isEmpty)
  }

  @Test("async: a root set from inside moveHandler is queued and, carrying the move, changes nothing", .timeLimit(.minutes(20)))
  func asyncRootFromMoveHandler() async throws {
    let (screen, hooks) = screen(height: 60, async: true)
    await screen.setRoot(movable(letters(4)))
    let updates = screen.updates.count
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      screen.dataSource.moveHandler = { move in
        hooks.moves.append(move)
        let model = (try? self.applying(move, to: letters(4))) ?? []
        screen.dataSource.setRootSection(movable(model)) { done.resume() }
        // Queued: the list shown is the moved one until the root is applied.
        #expect(screen.shown == ["b=0", "c=0", "a=0", "d=0"])
      }
      #expect(screen.move(identifier: "a", toIndex: 2))
    }
    #expect(screen.updates.count == updates)
    #expect(screen.shown == ["b=0", "c=0", "a=0", "d=0"])
    #expect(hooks.moves.count == 1)
  }

  @Test("async: a root set from a working-range hook is queued like any re-entrant root", .timeLimit(.minutes(20)))
  func asyncRootFromAWorkingRangeHook() async {
    let actions = RangeActions()
    let log = EventLog()
    let screen = ListScreen(width: 20, height: 50, applyUpdatesAsync: true, contextObjects: log, actions)
    func page(_ count: Int) -> ListSection<ItemVM, RangeController> {
      ListSection<ItemVM, RangeController>((0..<count).map { ItemVM(identifier: "i\($0)") })
    }
    var pages = 1
    var nextPage: CheckedContinuation<Void, Never>?
    actions.onEnter = { identifier in
      guard identifier == "i\(pages * 20 - 1)" else { return }
      pages += 1
      screen.dataSource.setRootSection(page(pages * 20)) {
        nextPage?.resume()
        nextPage = nil
      }
    }
    screen.dataSource.workingRangeSize = 3
    await screen.setRoot(page(20))
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      nextPage = done
      screen.scroll(to: 130)  // 13-17 visible, 10-19 in range: the last item enters
    }
    #expect(pages == 2)
    #expect(screen.dataSource.itemCount == 40)
    #expect(log.all.filter { $0 == "i19:enter" }.count == 1)
    #expect(log.violations.isEmpty)
  }

  @Test("async: a drag that ends while a root is being diffed on the background task: the root is diffed again against the moved list", .timeLimit(.minutes(20)))
  func asyncDragWhileTheRootIsDiffed() async throws {
    let (screen, hooks, a) = try await asyncLetters()
    // The root's transform holds the background task until the drag is
    // over, so that the root is diffed against the list from before it.
    let gate = TransformGate()
    let next = ListSection<String, MovableController>(letters(5)) { identifier in
      gate.passOnce()
      return ItemVM(identifier: identifier)
    }
    var applied = false
    screen.dataSource.setRootSection(next) { applied = true }
    while !gate.hasStarted { try await Task.sleep(for: .milliseconds(1)) }
    #expect(screen.move(identifier: "a", toIndex: 2))
    #expect(!applied)
    gate.open()
    while !applied { try await Task.sleep(for: .milliseconds(1)) }
    try expectRootAppliedAfterTheMove(screen, hooks, a)
  }
}

/// Holds a transform running on the background task until the test opens
/// it: the first call waits, the others pass.
final class TransformGate: Sendable {
  private let started = LockedValue(false)
  private let release = DispatchSemaphore(value: 0)

  /// Whether a transform has started waiting.
  var hasStarted: Bool { started.withValue { $0 } }

  /// Waits for ``open()`` the first time; returns at once after.
  func passOnce() {
    let first = started.withValue { started in
      defer { started = true }
      return !started
    }
    if first { release.wait() }
  }

  /// Lets the waiting transform go on.
  func open() { release.signal() }
}
