import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

// Issue 34: a root that changes only the sections around a drag under way
// (the same items in the same order; an empty section added, removed or
// reordered, an empty header or footer block) needs no batch, so nothing
// used to cancel the drag, and its end read the list with a placement made
// on the old sections.

private struct RVM: ListViewModel, Equatable { var identifier: String }
private final class RCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}
private final class RController: ListCellController<RVM, ListViewStateNone, RCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: RCell) { cell.text = viewModel.identifier }
  override var canMove: Bool { true }
}
private func rl(_ id: String, _ items: [String]) -> Section {
  ListSection<RVM, RController>(items.map { RVM(identifier: $0) }, id: id)
}

/// Sections of movable items as an app keeps them, with the optional empty
/// header and footer blocks around them, and the root that shows them.
struct StructureDragModel: Equatable {
  struct Part: Equatable {
    var id: String
    var items: [String]
  }
  var parts: [Part]
  var header = false
  var footer = false
  /// A pinned title item in the header block (which then is never empty).
  var pinnedTitle = false

  init(_ parts: [(String, [String])]) {
    self.parts = parts.map { Part(id: $0.0, items: $0.1) }
  }

  /// Every item, in the order shown.
  var order: [String] { parts.flatMap(\.items) }

  var root: Section {
    let empty = ListSection<ItemVM, ItemController>([])
    if pinnedTitle {
      let title = ListSection<ItemVM, ItemController>([ItemVM(identifier: "title", height: 1)])
      return CompositeSection(id: "root", header: title, footer: footer ? empty : nil, pinsHeader: true) {
        for part in parts {
          ListSection<ItemVM, MovableController>(part.items.map { ItemVM(identifier: $0, height: 1) }, id: part.id)
        }
      }
    }
    return CompositeSection(id: "root", header: header ? empty : nil, footer: footer ? empty : nil) {
      for part in parts {
        ListSection<ItemVM, MovableController>(part.items.map { ItemVM(identifier: $0, height: 1) }, id: part.id)
      }
    }
  }

  /// Applies `move` as the ReorderingItems article does; a description of
  /// what is wrong with it instead when it does not fit the model (where an
  /// app indexing its arrays would trap).
  mutating func apply(_ move: ListItemMove) -> String? {
    guard let from = parts.firstIndex(where: { $0.id == move.sectionPath.last }),
      let to = parts.firstIndex(where: { $0.id == move.toSectionPath.last })
    else { return "\(move) names a section the model does not have" }
    guard parts[from].items.indices.contains(move.fromIndex), parts[from].items[move.fromIndex] == move.identifier
    else { return "\(move): \(move.identifier) is not at \(move.fromIndex) of \(parts[from].items)" }
    let item = parts[from].items.remove(at: move.fromIndex)
    guard (0...parts[to].items.count).contains(move.toIndex) else {
      return "\(move): \(move.toIndex) is outside \(parts[to].items)"
    }
    parts[to].items.insert(item, at: move.toIndex)
    return nil
  }

  /// The same items with other sections around them.
  enum Restructure: CaseIterable, CustomStringConvertible {
    case emptyFirst, emptyBetween, emptyLast, removeEmpty, reorderEmpty, toggleHeader, toggleFooter

    var description: String {
      switch self {
      case .emptyFirst: "an empty section added first"
      case .emptyBetween: "an empty section added between"
      case .emptyLast: "an empty section added last"
      case .removeEmpty: "an empty section removed"
      case .reorderEmpty: "an empty section moved"
      case .toggleHeader: "an empty header block added or removed"
      case .toggleFooter: "an empty footer block added or removed"
      }
    }
  }

  /// `change` applied; false (nothing changed) where it does not apply.
  mutating func restructure(_ change: Restructure, name: String, at position: Int) -> Bool {
    let empties = parts.indices.filter { parts[$0].items.isEmpty }
    switch change {
    case .emptyFirst: parts.insert(Part(id: name, items: []), at: 0)
    case .emptyBetween: parts.insert(Part(id: name, items: []), at: parts.isEmpty ? 0 : position % (parts.count + 1))
    case .emptyLast: parts.append(Part(id: name, items: []))
    case .removeEmpty:
      guard !empties.isEmpty else { return false }
      parts.remove(at: empties[position % empties.count])
    case .reorderEmpty:
      guard !empties.isEmpty, parts.count > 1 else { return false }
      let part = parts.remove(at: empties[position % empties.count])
      parts.insert(part, at: (position / 7) % (parts.count + 1))
    case .toggleHeader: header.toggle()
    case .toggleFooter: footer.toggle()
    }
    return true
  }
}

@Suite("A root that changes only the sections around a drag", .timeLimit(.minutes(20)))
@MainActor
struct StructureOnlyRootDragTests {
  @Test("issue 34's reproduction: the empty section between the two leaves mid-drag, then the drag ends")
  func structureOnlyRootDuringDragThenEnd() {
    let screen = ListScreen(width: 10, height: 10)
    screen.dataSource.allowsMovingBetweenSections = true
    var moves: [ListItemMove] = []
    screen.dataSource.moveHandler = { moves.append($0) }
    screen.setRoot(CompositeSection(id: "root") { rl("l0", ["a0", "a1"]); rl("l1", []); rl("l2", ["b0", "b1", "b2"]) })
    let cv = screen.collectionView
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: 3.5))  // over b1, in l2
    #expect(cv.cellForItem(at: IndexPath(item: 3, section: 0))?.textRepresentation == "a0")
    screen.setRoot(CompositeSection(id: "root") { rl("l0", ["a0", "a1"]); rl("l2", ["b0", "b1", "b2"]) })
    cv.endInteractiveMovement()
    // The root cancelled the drag, as a batch does: nothing is reported and
    // the list shows the root.
    #expect(moves.isEmpty)
    #expect(lines(screen) == ["a0", "a1", "b0", "b1", "b2"])
  }

  @Test("a root with the same sections and items keeps the drag, its place and its pinned blocks")
  func unchangedRootKeepsTheDrag() {
    let screen = ListScreen(width: 10, height: 10)
    screen.dataSource.allowsMovingBetweenSections = true
    var moves: [ListItemMove] = []
    screen.dataSource.moveHandler = { moves.append($0) }
    let root = {
      CompositeSection(id: "root") { rl("l0", ["a0", "a1"]); rl("l1", []); rl("l2", ["b0", "b1", "b2"]) }
    }
    screen.setRoot(root())
    let cv = screen.collectionView
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 0, section: 0)))
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: 3.5))
    screen.setRoot(root())
    #expect(cv.isMovingItemInteractively)
    cv.endInteractiveMovement()
    #expect(
      moves == [
        ListItemMove(identifier: "a0", sectionPath: ["root", "l0"], fromIndex: 0, toIndex: 2, toSectionPath: ["root", "l2"])
      ])
    #expect(lines(screen) == ["a1", "b0", "b1", "a0", "b2"])
  }

  @Test("an unchanged root mid-drag leaves the pinned header blocks where the drag put them")
  func unchangedRootKeepsPinnedBlocks() throws {
    let screen = ListScreen.logging(height: 4)
    let root = {
      CompositeSection {
        CompositeSection(id: "g", header: section(items("h", height: 1), id: "hd"), pinsHeader: true) {
          ListSection<ItemVM, MovableController>(items("a", "b", "c", "d", "e", "f", height: 1), id: "x")
        }
      }
    }
    screen.setRoot(root())
    let cv = screen.collectionView
    #expect(cv.beginInteractiveMovementForItem(at: IndexPath(item: 1, section: 0)))
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: 3.5))
    let during = screen.text
    let pinned = cv.pinnedItemRanges
    screen.setRoot(root())
    #expect(cv.isMovingItemInteractively)
    #expect(cv.pinnedItemRanges == pinned)
    #expect(screen.text == during)
    cv.endInteractiveMovement()
    #expect(screen.log.violations.isEmpty)
  }

  /// One variant: the drag of `dragged` over the item at `over` (both
  /// shown indexes), then the sections restructured while it is under way,
  /// then its end; the app applies any move it hears and sets its root.
  private func runVariant(
    _ change: StructureDragModel.Restructure, position: Int, dragged: Int, over: Int, between: Bool, async: Bool
  ) async {
    let context = "\(change) at \(position), dragging \(dragged) over \(over), between \(between), async \(async)"
    var model = StructureDragModel([("s0", ["a0", "a1"]), ("e0", []), ("s1", ["b0", "b1", "b2"])])
    let screen = ListScreen.logging(height: 20, applyUpdatesAsync: async)
    screen.dataSource.allowsMovingBetweenSections = between
    var moves: [ListItemMove] = []
    screen.dataSource.moveHandler = { moves.append($0) }
    // Collected here rather than failing at once: one warning is expected
    // in one case, checked below.
    let diagnostics = Box<[ListDiffDiagnostic]>([])
    screen.dataSource.diagnosticHandler = { diagnostics.value.append($0) }
    await screen.setRoot(model.root)
    let cv = screen.collectionView
    guard cv.beginInteractiveMovementForItem(at: IndexPath(item: dragged, section: 0)) else {
      Issue.record("\(context): the drag did not begin")
      return
    }
    cv.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: CGFloat(over) + 0.5))
    let restructured = model.restructure(change, name: "new", at: position)
    #expect(restructured, "\(context)")
    if async {
      // Pending when the drag ends: the root is prepared in the background
      // and applied on a later turn of the main actor.
      let applied = Box(false)
      screen.dataSource.setRootSection(model.root) { applied.value = true }
      cv.endInteractiveMovement()
      #expect(!applied.value, "\(context): the root was applied before the drag ended")
      while !applied.value { await Task.yield() }
    } else {
      await screen.setRoot(model.root)
      cv.endInteractiveMovement()
    }
    for move in moves {
      if let problem = model.apply(move) { Issue.record("\(context): \(problem)") }
    }
    // With the root pending at the drop, that root (set before it) puts a
    // moved item back; back into its own section only by deleting the
    // identity the move gave it, which is reported.
    let intoAnotherSection = moves.contains { $0.sectionPath != $0.toSectionPath }
    let warnings = diagnostics.value.filter { $0.severity == .warning }
    if async && intoAnotherSection {
      #expect(warnings.map(\.kind) == [.movedItemDeleted], "\(context): \(warnings)")
    } else {
      #expect(warnings.isEmpty, "\(context): \(warnings)")
    }
    await screen.setRoot(model.root)
    #expect(screen.shown == model.order.map { "\($0)=0" }, "\(context)")
    #expect(screen.log.violations.isEmpty, "\(context): \(screen.log.violations)")
    // The dragged item kept its controller: moved in place or between
    // sections, it was never deleted and inserted again.
    if !(async && intoAnotherSection) {
      let identifier = ["a0", "a1", "b0", "b1", "b2"][dragged]
      #expect(screen.log.all.filter { $0 == "\(identifier):init" }.count == 1, "\(context)")
    }
  }

  @Test(
    "every variant: an empty section or block changed before, between or after, moving between sections or not",
    arguments: StructureDragModel.Restructure.allCases, [false, true])
  func variants(change: StructureDragModel.Restructure, async: Bool) async {
    for between in [false, true] {
      for position in 0..<4 {
        for (dragged, over) in [(0, 1), (0, 3), (1, 0), (4, 2), (2, 4), (3, 3)] {
          await runVariant(change, position: position, dragged: dragged, over: over, between: between, async: async)
        }
      }
    }
  }
}

extension StructureOnlyRootDragTests {
  @Test("random drags mixed with roots that change only the sections, or items: no crash, the lifecycle intact, every reported move fits the model")
  func randomDragsAndStructureOnlyRoots() async {
    // 50,000 steps in all; LISTDIFFUI_DRAG_STEPS runs longer.
    let steps = ProcessInfo.processInfo.environment["LISTDIFFUI_DRAG_STEPS"].flatMap(Int.init) ?? 50_000
    let sequences = 20
    for sequence in 0..<sequences {
      let seed = UInt64(0x34D2_0000 + sequence)
      if let failure = await runRandom(seed: seed, steps: steps / sequences, async: false) {
        Issue.record("seed \(seed): \(failure)")
        return
      }
    }
  }

  @Test("the same with applyUpdatesAsync: roots pending when drags end, or applied during them")
  func randomDragsAndStructureOnlyRootsAsync() async {
    for sequence in 0..<4 {
      let seed = UInt64(0x34DA_0000 + sequence)
      if let failure = await runRandom(seed: seed, steps: 1_000, async: true) {
        Issue.record("seed \(seed): \(failure)")
        return
      }
    }
  }

  /// One random sequence; what went wrong first, nil when nothing did.
  private func runRandom(seed: UInt64, steps: Int, async: Bool) async -> String? {
    var generator = SeededGenerator(seed: seed)
    var model = StructureDragModel([("s0", ["i0", "i1", "i2"]), ("e0", []), ("s1", ["i3", "i4"]), ("s2", ["i5"])])
    model.pinnedTitle = seed.isMultiple(of: 2)
    var next = 6
    let screen = ListScreen.logging(height: 6, applyUpdatesAsync: async)
    screen.dataSource.allowsMovingBetweenSections = !seed.isMultiple(of: 3)
    var moves: [ListItemMove] = []
    screen.dataSource.moveHandler = { moves.append($0) }
    let diagnostics = Box<[ListDiffDiagnostic]>([])
    screen.dataSource.diagnosticHandler = { diagnostics.value.append($0) }
    let cv = screen.collectionView
    await screen.setRoot(model.root)
    let pending = Box(0)
    // The model of the root shown: the model's, except while a root is
    // pending (async mode), whose completion brings it up to date.
    let shown = Box(model)

    /// Sets the model's root: waited for, or in async mode sometimes left
    /// pending (to be applied on a later turn, perhaps during a drag).
    func show(_ generator: inout SeededGenerator) async {
      if async && Bool.random(using: &generator) {
        pending.value += 1
        screen.dataSource.setRootSection(model.root) { [model] in
          pending.value -= 1
          shown.value = model
        }
      } else {
        await screen.setRoot(model.root)
        shown.value = model
      }
    }

    for step in 0..<steps {
      // Other tests share the main actor: let them in now and then.
      if step % 250 == 0 { await Task.yield() }
      let roll = Int.random(in: 0..<100, using: &generator)
      var action = ""
      switch roll {
      case 0..<25:
        var change = StructureDragModel.Restructure.allCases.randomElement(using: &generator)!
        if model.pinnedTitle && change == .toggleHeader { continue }
        // At most eight sections, so that every step costs about the same.
        if model.parts.count >= 8 && [.emptyFirst, .emptyBetween, .emptyLast].contains(change) {
          change = .removeEmpty
        }
        _ = model.restructure(change, name: "n\(next)", at: Int.random(in: 0..<64, using: &generator))
        next += 1
        action = "\(change)"
        await show(&generator)
      case 25..<35:
        let part = Int.random(in: 0..<model.parts.count, using: &generator)
        let count = model.parts[part].items.count
        if count > 0 && (count > 4 || model.order.count >= 16 || Bool.random(using: &generator)) {
          let removed = model.parts[part].items.remove(at: Int.random(in: 0..<count, using: &generator))
          action = "delete \(removed)"
        } else {
          model.parts[part].items.insert("i\(next)", at: Int.random(in: 0...count, using: &generator))
          action = "insert i\(next)"
          next += 1
        }
        await show(&generator)
      case 35..<55:
        let count = cv.numberOfItems(inSection: 0)
        guard !cv.isMovingItemInteractively, count > 0 else { continue }
        let item = Int.random(in: 0..<count, using: &generator)
        action = "begin \(item): \(cv.beginInteractiveMovementForItem(at: IndexPath(item: item, section: 0)))"
      case 55..<80:
        guard cv.isMovingItemInteractively else { continue }
        let y = CGFloat(Int.random(in: 0..<12, using: &generator)) + cv.contentOffset.y + 0.5
        action = "target y \(y)"
        cv.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: y))
      case 80..<90:
        guard cv.isMovingItemInteractively else { continue }
        action = "end"
        cv.endInteractiveMovement()
        // The app applies what it heard, mostly; else its root puts the
        // item back.
        // A move is reported where the screen showed the item, which is
        // the model only when no root is pending.
        for move in moves {
          if let problem = shown.value.apply(move) { return "step \(step) (\(action)): \(problem)" }
        }
        let applies = Int.random(in: 0..<10, using: &generator) > 0
        for move in moves where applies {
          var applied = model
          if applied.apply(move) == nil {
            model = applied
          } else if pending.value == 0 {
            return "step \(step) (\(action)): \(move) does not fit the model, whose root is shown"
          }
        }
        moves = []
        await show(&generator)
      case 90..<95:
        action = "cancel"
        cv.cancelInteractiveMovement()
      default:
        let y = CGFloat(Int.random(in: 0...20, using: &generator))
        action = "scroll \(y)"
        cv.setContentOffset(CGPoint(x: 0, y: y), animated: false)
        cv.layoutIfNeeded()
      }
      if !moves.isEmpty && !cv.isMovingItemInteractively && action != "end" {
        // A drag ended by something else than `end` is never reported.
        return "step \(step) (\(action)): moves heard without a drop: \(moves)"
      }
      if !screen.log.violations.isEmpty { return "step \(step) (\(action)): \(screen.log.violations)" }
      let warnings = diagnostics.value.filter { $0.severity == .warning && $0.kind != .movedItemDeleted }
      if !warnings.isEmpty { return "step \(step) (\(action)): \(warnings)" }
      if !async { diagnostics.value = [] }
      if let problem = check(screen, against: model, settled: pending.value == 0) {
        return "step \(step) (\(action)): \(problem)"
      }
    }
    if cv.isMovingItemInteractively { cv.cancelInteractiveMovement() }
    while pending.value > 0 { await Task.yield() }
    await screen.setRoot(model.root)
    return check(screen, against: model, settled: true)
  }

  /// What the screen shows against the model: every visible cell shows the
  /// item the data source has at its place; when no root is pending and no
  /// drag is under way, the list is the model's.
  private func check(_ screen: ListScreen, against model: StructureDragModel, settled: Bool) -> String? {
    let cv = screen.collectionView
    let order = (model.pinnedTitle ? ["title"] : []) + model.order
    for case let controller as RecordingController<ItemCell> in screen.log.liveControllers {
      guard let cell = controller.mountedCell else { continue }
      let identifier = controller.viewModel.identifier
      if cell.shown != controller.viewModel { return "\(identifier)'s cell shows \(cell.textRepresentation)" }
      if let path = cv.indexPath(for: cell), path[1] != screen.dataSource.inspection.shownIndex(of: controller) {
        return "\(identifier)'s cell is at \(path[1]), its item at \(String(describing: screen.dataSource.inspection.shownIndex(of: controller)))"
      }
    }
    guard settled, !cv.isMovingItemInteractively else { return nil }
    guard cv.numberOfItems(inSection: 0) == order.count else {
      return "\(cv.numberOfItems(inSection: 0)) items shown, the model has \(order.count)"
    }
    for (index, identifier) in order.enumerated() {
      let part = model.parts.first { $0.items.contains(identifier) }?.id
      let path = screen.dataSource.indexPath(forIdentifier: identifier, sectionPath: part.map { [$0] } ?? [])
      if path?[1] != index { return "\(identifier) at \(String(describing: path)), the model has it at \(index)" }
    }
    return nil
  }
}

/// The lines of the screen's text that show something.
@MainActor
private func lines(_ screen: ListScreen) -> [Substring] {
  screen.text.split(separator: "\n")
}

/// A value a closure sets.
@MainActor
private final class Box<Value> {
  var value: Value
  init(_ value: Value) { self.value = value }
}
