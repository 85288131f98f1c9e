import Foundation
import HeadlessCollection
import ListDiff
import ListDiffUI
import TestSupport
import Testing

/// Stands between the collection view and a ListDiffDataSource, passing
/// everything through except that it can misstate the item count, which
/// makes the collection view reject the data source's next batch.
@MainActor
final class MisreportingDataSource: CollectionViewDataSource {
  /// The data source's own object (the collection view's data source before
  /// this one), kept alive here since the collection view holds this weakly.
  let base: any CollectionViewDataSource
  /// How many more count requests get one item too many.
  var wrongAnswers = 0
  init(base: any CollectionViewDataSource) { self.base = base }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    let count = base.collectionView(collectionView, numberOfItemsInSection: section)
    guard wrongAnswers > 0 else { return count }
    wrongAnswers -= 1
    return count + 1
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    base.collectionView(collectionView, cellForItemAt: indexPath)
  }
}

/// Collects what the data source reports, checking in the handler that the
/// collection view already shows the update.
@MainActor
final class UpdateRecorder {
  var updates: [ListDiffUpdate] = []
  /// Problems seen inside the handler.
  var problems: [String] = []
  /// Events in order: "update" from the handler, and whatever tests add.
  var events: [String] = []

  init(_ harness: Harness) {
    harness.dataSource.updateHandler = { [unowned self, unowned harness] update in
      self.updates.append(update)
      self.events.append("update")
      let count = harness.collectionView.numberOfItems(inSection: 0)
      if count != update.newItemCount || harness.dataSource.itemCount != update.newItemCount {
        self.problems.append("handler ran with \(count) items shown, update says \(update.newItemCount)")
      }
    }
  }

  /// The updates reported since the last call.
  func take() -> [ListDiffUpdate] {
    defer { updates = [] }
    return updates
  }
}

// Ten minutes: the seeded random roots are long, and run on the main actor
// that every screen of the whole test run shares.
@Suite("Reporting applied batches", .timeLimit(.minutes(20)))
@MainActor
struct UpdateHandlerTests {
  @Test("hand-made roots: each report is the batch the collection view applied")
  func handMadeRoots() throws {
    let harness = Harness(height: 100)
    let recorder = UpdateRecorder(harness)

    harness.dataSource.setRootSection(section(items("a", "b", "c")))
    #expect(recorder.take() == [ListDiffUpdate(inserts: [0, 1, 2], oldItemCount: 0, newItemCount: 3)])
    #expect(harness.shown == ["a=0", "b=0", "c=0"])

    // An insert at the end and an update in place.
    let cellOfB = try #require(harness.cell(at: 1))
    var next = items("a", "b", "c", "d")
    next[1].value = 1
    harness.dataSource.setRootSection(section(next))
    #expect(recorder.take() == [ListDiffUpdate(inserts: [3], updates: [1], oldItemCount: 3, newItemCount: 4)])
    #expect(harness.collectionView.numberOfItems(inSection: 0) == 4)
    #expect(harness.cell(at: 1) === cellOfB, "updated in place, not reloaded")
    #expect(harness.shown == ["a=0", "b=1", "c=0", "d=0"])

    // A delete, and the rest reordered; `c` shifts only because `b` left,
    // yet its place among the kept items changed (before `d`, now after).
    let cells = (0..<4).map { harness.cell(at: $0) }
    harness.dataSource.setRootSection(section(items("d", "a", "c")))
    let reordered = ListDiffUpdate(
      deletes: [1],
      moves: [ListMoveIndex(from: 3, to: 0), ListMoveIndex(from: 0, to: 1), ListMoveIndex(from: 2, to: 2)],
      oldItemCount: 4, newItemCount: 3)
    #expect(recorder.take() == [reordered])
    #expect(reordered.description == "deleted [1] inserted [] moved [3→0, 0→1, 2→2] updated []")
    #expect(harness.collectionView.numberOfItems(inSection: 0) == 3)
    #expect(harness.cell(at: 0) === cells[3] && harness.cell(at: 1) === cells[0] && harness.cell(at: 2) === cells[2])
    #expect(harness.shown == ["d=0", "a=0", "c=0"])

    // A move that is also an update, and an insert before it.
    harness.dataSource.setRootSection(section([ItemVM(identifier: "e"), ItemVM(identifier: "c", value: 5)] + items("d", "a")))
    let moveAndUpdate = ListDiffUpdate(
      inserts: [0], moves: [ListMoveIndex(from: 2, to: 1), ListMoveIndex(from: 0, to: 2), ListMoveIndex(from: 1, to: 3)],
      updates: [2], oldItemCount: 3, newItemCount: 4)
    #expect(recorder.take() == [moveAndUpdate])
    #expect(moveAndUpdate.changeCount == 5)
    #expect(harness.shown == ["e=0", "c=5", "d=0", "a=0"])
    #expect(recorder.problems.isEmpty, "\(recorder.problems)")
    #expect(harness.diagnostics.isEmpty)
  }

  @Test("sections with explicit ids reordered: their items move, keeping cells and controllers")
  func sectionsReordered() throws {
    let harness = Harness(height: 100)
    let recorder = UpdateRecorder(harness)
    harness.dataSource.setRootSection(
      CompositeSection(section(items("x", "y"), id: "top"), section(items("x"), id: "bottom")))
    let controllers = [harness.controller("x", sectionPath: ["top"]), harness.controller("y"),
                       harness.controller("x", sectionPath: ["bottom"])]
    _ = recorder.take()
    harness.dataSource.setRootSection(
      CompositeSection(section(items("x"), id: "bottom"), section(items("x", "y"), id: "top")))
    let update = try #require(recorder.take().first)
    #expect(update.moves == [ListMoveIndex(from: 2, to: 0), ListMoveIndex(from: 0, to: 1), ListMoveIndex(from: 1, to: 2)])
    #expect(update.deletes.isEmpty && update.inserts.isEmpty && update.updates.isEmpty)
    #expect(update.description == "deleted [] inserted [] moved [2→0, 0→1, 1→2] updated []")
    #expect(harness.controller("x", sectionPath: ["bottom"]) === controllers[2])
    #expect(harness.controller("x", sectionPath: ["top"]) === controllers[0])
    #expect(harness.controller("y") === controllers[1])
    #expect(harness.dataSource.indexPath(forIdentifier: "x", sectionPath: ["bottom"])?.item == 0)
  }

  @Test("no report for a root that changes nothing, nor for a view-state change")
  func nothingToReport() throws {
    let harness = Harness(height: 50)
    let recorder = UpdateRecorder(harness)
    harness.dataSource.setRootSection(nil)
    harness.dataSource.setRootSection(section([]))
    #expect(recorder.take().isEmpty, "an empty root over an empty collection changes nothing")
    harness.dataSource.setRootSection(section(items("a", "b")))
    #expect(recorder.take().count == 1)
    harness.dataSource.setRootSection(section(items("a", "b")), animate: true)
    #expect(recorder.take().isEmpty)
    let a = try #require(harness.controller("a"))
    a.updateState(ItemState(note: "x", extraHeight: 5))
    #expect(harness.cell(at: 0)?.frame.height == 15)
    #expect(recorder.take().isEmpty)
    harness.dataSource.setRootSection(nil)
    #expect(recorder.take() == [ListDiffUpdate(deletes: [0, 1], oldItemCount: 2, newItemCount: 0)])
    #expect(harness.collectionView.numberOfItems(inSection: 0) == 0)
  }

  @Test("animated follows animate; the report comes after layout and before the completion")
  func animatedAndOrder() {
    let harness = Harness(height: 50)
    let recorder = UpdateRecorder(harness)
    harness.dataSource.setRootSection(section(items("a")), animate: true) { recorder.events.append("completion") }
    harness.dataSource.setRootSection(section(items("a", "b")), animate: false) {
      recorder.events.append("completion")
    }
    let updates = recorder.take()
    #expect(updates.map(\.animated) == [true, false])
    #expect(updates.allSatisfy { !$0.isReload })
    #expect(recorder.events == ["update", "completion", "update", "completion"])
    #expect(recorder.problems.isEmpty, "\(recorder.problems)")
  }

  @Test("a rejected batch is reported as the reload that replaced it")
  func rejectedBatchIsAReload() throws {
    let harness = Harness(height: 50)
    let recorder = UpdateRecorder(harness)
    harness.dataSource.setRootSection(section(items("a", "b", "c")))
    _ = recorder.take()
    let misreporting = MisreportingDataSource(base: harness.collectionView.dataSource!)
    harness.collectionView.dataSource = misreporting
    harness.collectionView.layoutIfNeeded()
    #expect(harness.collectionView.numberOfItems(inSection: 0) == 3)

    // The batch deletes one item, but the collection view is told 3 remain.
    misreporting.wrongAnswers = 1
    harness.dataSource.setRootSection(section(items("a", "b")), animate: true)
    #expect(misreporting.wrongAnswers == 0, "the collection view asked for the count once")
    let update = try #require(recorder.take().first)
    #expect(update == .reload(oldItemCount: 3, newItemCount: 2))
    #expect(update.isReload && update.hasChanges && !update.animated && update.changeCount == 0)
    #expect(update.description == "reloaded all items (3 → 2)")
    #expect(harness.diagnostics.map(\.kind) == [.rejectedBatch])
    #expect(harness.collectionView.numberOfItems(inSection: 0) == 2)
    #expect(harness.shown == ["a=0", "b=0"])

    // Back in step: the next root is a batch again.
    harness.dataSource.setRootSection(section(items("b")))
    #expect(recorder.take() == [ListDiffUpdate(deletes: [0], oldItemCount: 2, newItemCount: 1)])
    #expect(recorder.problems.isEmpty, "\(recorder.problems)")
  }

  @Test("a root set from the handler is applied and reported after the one being reported")
  func rootFromHandler() {
    let harness = Harness(height: 50)
    var reported: [[String]] = []
    var once = true
    harness.dataSource.updateHandler = { [unowned harness] update in
      reported.append(harness.shown)
      if once {
        once = false
        harness.dataSource.setRootSection(section(items("a", "z")))
      }
    }
    harness.dataSource.setRootSection(section(items("a")))
    #expect(reported == [["a=0"], ["a=0", "z=0"]])
    #expect(harness.shown == ["a=0", "z=0"])
  }

  @Test("a burst in applyUpdatesAsync mode: reports in application order, chained, ending on the last root")
  func asyncBurstOrder() async throws {
    let harness = Harness(height: 50, applyUpdatesAsync: true)
    var reportedValues: [Int] = []
    var updates: [ListDiffUpdate] = []
    harness.dataSource.updateHandler = { [unowned harness] update in
      updates.append(update)
      reportedValues.append(harness.cell(at: 0)?.shown?.value ?? -1)
    }
    let count = 500
    var lastReportedAtCompletion: [Int] = []
    func viewModels(_ root: Int) -> [ItemVM] {
      [ItemVM(identifier: "counter", value: root)]
        + (0..<(root % 5)).map { ItemVM(identifier: "extra\(($0 + root) % 7)", value: 0) }
    }
    await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
      var remaining = count
      for root in 0..<count {
        harness.dataSource.setRootSection(section(viewModels(root))) {
          lastReportedAtCompletion.append(reportedValues.last ?? -1)
          remaining -= 1
          if remaining == 0 { done.resume() }
        }
      }
    }
    #expect(reportedValues == reportedValues.sorted() && Set(reportedValues).count == reportedValues.count,
            "reported roots out of order: \(reportedValues)")
    #expect(reportedValues.last == count - 1)
    #expect(updates.count < count, "roots should have been coalesced")
    for (root, reported) in lastReportedAtCompletion.enumerated() {
      #expect(reported >= root, "root \(root) completed before a report of it or a newer root")
    }
    // Each update starts where the previous one ended, and replaying them all
    // from nothing gives the identifiers shown.
    var shown: [String] = []
    for (index, update) in updates.enumerated() {
      #expect(update.oldItemCount == shown.count, "update \(index)")
      let newIdentifiers = viewModels(reportedValues[index]).map(\.identifier)
      try update.apply(to: &shown) { newIdentifiers[$0] }
      #expect(shown == newIdentifiers, "update \(index): \(update)")
    }
    #expect(shown == viewModels(count - 1).map(\.identifier))
    #expect(harness.collectionView.numberOfItems(inSection: 0) == shown.count)
  }

  /// Random nested roots: every report, replayed on the items shown before,
  /// gives the items shown after; its updates are exactly the items whose
  /// view model changed; it is exactly IGListKit's diff of the scoped
  /// identities (whether the data source diffed section by section or the
  /// whole list); cells of items visible before and after are kept.
  @Test("seeded random roots: each report replays to the new items", arguments: [false, true])
  func randomRootsReplay(applyUpdatesAsync: Bool) async {
    var checked = 0
    var seen = ChangeTally()
    for sequence in 0..<4 {
      let seed = UInt64(0x0B5E_12FE + sequence * 104_729 + (applyUpdatesAsync ? 1 : 0))
      guard let steps = await replaySequence(
        seed: seed, steps: 100, applyUpdatesAsync: applyUpdatesAsync, tally: &seen)
      else { return }
      checked += steps
    }
    #expect(checked == 400)
    // The roots exercised every kind of change, many times over.
    #expect(seen.deletes > 100 && seen.inserts > 100 && seen.moves > 100 && seen.updates > 100, "\(seen)")
    #expect(seen.silentRoots > 0, "some roots changed nothing")
  }

  struct ChangeTally {
    var deletes = 0, inserts = 0, moves = 0, updates = 0, silentRoots = 0
  }

  /// Runs one seeded sequence; returns the roots checked, or nil after a
  /// failure (recorded with the seed).
  func replaySequence(
    seed: UInt64, steps: Int, applyUpdatesAsync: Bool, tally: inout ChangeTally
  ) async -> Int? {
    var generator = SeededGenerator(seed: seed)
    let harness = Harness(height: 40, applyUpdatesAsync: applyUpdatesAsync)
    // Half the sequences diff every corresponding section one by one, however
    // small (by default sections this small are diffed as whole lists), so
    // that the cells checked below are those of both ways.
    if (seed / 2).isMultiple(of: 2) { harness.dataSource.inspection.minimumAverageLeafCountForLeafwiseDiff = 0 }
    let recorder = UpdateRecorder(harness)
    var shown: [ItemVM] = []
    var node = RootNode.random(depth: 0, using: &generator)
    for step in 0..<steps {
      let context = "seed \(seed) step \(step)"
      // Mostly small edits of the last root (which move and update items),
      // now and then a new root altogether.
      node = Int.random(in: 0..<5, using: &generator) == 0
        ? RootNode.random(depth: 0, using: &generator) : node.edited(using: &generator)
      var expected = ExpectedList()
      let root = expected.build(node, path: node.id.map { ["=\($0)"] } ?? [])
      let collection = harness.collectionView
      var cellsBefore: [Int: CollectionViewCell] = [:]
      for indexPath in collection.indexPathsForVisibleItems {
        cellsBefore[indexPath.item] = collection.cellForItem(at: indexPath)
      }
      let animate = Bool.random(using: &generator)
      await harness.dataSource.setRootSection(root, animate: animate)

      let reports = recorder.take()
      var problems = recorder.problems
      let new = expected.items
      if reports.isEmpty {
        tally.silentRoots += 1
        if shown != new { problems.append("no report, yet the items changed") }
      } else if reports.count > 1 {
        problems.append("\(reports.count) reports for one root")
      } else {
        let update = reports[0]
        tally.deletes += update.deletes.count
        tally.inserts += update.inserts.count
        tally.moves += update.moves.count
        tally.updates += update.updates.count
        problems += check(update, from: shown, to: new, animate: animate, cellsBefore: cellsBefore, harness)
      }
      if collection.numberOfItems(inSection: 0) != new.count {
        problems.append("collection shows \(collection.numberOfItems(inSection: 0)) items, not \(new.count)")
      }
      #expect(problems.isEmpty, "\(context): \(problems)")
      if !problems.isEmpty { return nil }
      shown = new
      // Scroll somewhere so different cells are visible next time.
      let height = collection.contentSize.height
      harness.scroll(to: CGFloat(Int.random(in: 0...max(0, Int(height)), using: &generator)))
    }
    return steps
  }

  /// What is wrong with `update` as the change from `old` to `new`.
  func check(
    _ update: ListDiffUpdate, from old: [ItemVM], to new: [ItemVM], animate: Bool,
    cellsBefore: [Int: CollectionViewCell], _ harness: Harness
  ) -> [String] {
    var problems: [String] = []
    if update.isReload { return ["a reload: \(harness.diagnostics)"] }
    if update.animated != animate { problems.append("animated \(update.animated), asked \(animate)") }
    if !update.hasChanges { problems.append("an empty update was reported") }
    // Where each item after the update comes from: an old index, or nil.
    var origins = (0..<old.count).map(Optional.some)
    do {
      try update.apply(to: &origins) { _ in nil }
    } catch {
      return problems + ["not a valid batch: \(error) — \(update)"]
    }
    if origins.count != new.count { return problems + ["\(origins.count) items after replay, \(new.count) shown"] }
    let oldTags = Set(old.map(\.tag))
    var updated: [Int] = []
    for (index, origin) in origins.enumerated() {
      if let origin {
        if old[origin].tag != new[index].tag {
          problems.append("item \(index) replays to \(old[origin].tag), shows \(new[index].tag)")
        } else if old[origin] != new[index] {
          updated.append(origin)
        }
        if let before = cellsBefore[origin],
          let after = harness.collectionView.cellForItem(at: IndexPath(item: index, section: 0)), before !== after
        {
          problems.append("item \(origin)→\(index) stayed visible but changed cell")
        }
      } else if oldTags.contains(new[index].tag) {
        problems.append("item \(index) inserted, but \(new[index].tag) was shown already")
      }
      if let cell = harness.cell(at: index), cell.shown != new[index] {
        problems.append("cell \(index) shows \(String(describing: cell.shown)), not \(new[index])")
      }
    }
    if updated.sorted() != update.updates {
      problems.append("updates \(update.updates), but the view models of \(updated.sorted()) changed")
    }
    // Where sections keep their ids and cell types in place and the
    // sequence asks for it, roots are diffed section by section; reordered
    // children, new roots and dropped duplicates are diffed as whole lists.
    // Either way: IGListKit's.
    let reference = listDiff(oldIdentifiers: old.map(\.tag), newIdentifiers: new.map(\.tag)) {
      old[$0] == new[$1]
    }
    if reference.deletes != update.deletes || reference.inserts != update.inserts
      || reference.moves != update.moves || reference.updates != update.updates
    {
      problems.append("not IGListKit's diff of the scoped identities: \(update) — expected \(reference)")
    }
    return problems
  }
}

extension RootNode {
  /// The same root with a few random edits: items revalued, swapped,
  /// removed or added; child sections reordered. Section ids stay, so most
  /// items keep their identity.
  func edited(using generator: inout SeededGenerator) -> RootNode {
    switch self {
    case .list(let id, let alternate, var items):
      Item.edit(&items, adding: ["a", "b", "c", "d", "e", "f"], using: &generator)
      return .list(id: id, alternate: alternate, items: items)
    case .composite(let id, var children, let placeholder):
      children = children.map { $0?.edited(using: &generator) }
      if children.count > 1 && Int.random(in: 0..<3, using: &generator) == 0 {
        children.swapAt(
          Int.random(in: children.indices, using: &generator), Int.random(in: children.indices, using: &generator))
      }
      return .composite(id: id, children: children, placeholder: placeholder)
    case .render(let id, var models):
      models = models.map { ($0.identifier, $0.child?.edited(using: &generator)) }
      if models.count > 1 && Int.random(in: 0..<3, using: &generator) == 0 {
        models.swapAt(
          Int.random(in: models.indices, using: &generator), Int.random(in: models.indices, using: &generator))
      }
      return .render(id: id, models: models)
    }
  }
}

extension RootNode.Item {
  /// A few random edits of one section's items: some revalued, two
  /// swapped, one removed, and one added with an identifier drawn from
  /// `identifiers` (none added when it is empty).
  static func edit(_ items: inout [Self], adding identifiers: [String], using generator: inout SeededGenerator) {
    for index in items.indices where Int.random(in: 0..<4, using: &generator) == 0 {
      items[index].value = Int.random(in: 0...2, using: &generator)
    }
    if items.count > 1 && Bool.random(using: &generator) {
      items.swapAt(
        Int.random(in: items.indices, using: &generator), Int.random(in: items.indices, using: &generator))
    }
    if !items.isEmpty && Int.random(in: 0..<3, using: &generator) == 0 {
      items.remove(at: Int.random(in: items.indices, using: &generator))
    }
    if Int.random(in: 0..<3, using: &generator) == 0, let identifier = identifiers.randomElement(using: &generator) {
      let item = Self(identifier: identifier, value: 0, height: [5, 10, 15].randomElement(using: &generator)!)
      items.insert(item, at: Int.random(in: 0...items.count, using: &generator))
    }
  }
}
