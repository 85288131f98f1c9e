import Foundation
import HeadlessCollection
import ListDiff
import ListDiffUI
import TestSupport
import Testing

/// The data source diffs a root section by section when its sections
/// correspond to the list shown (same ids and cell types, in order, none
/// sharing a scope), on the sections' own arrays; otherwise it diffs the
/// whole lists. These tests pin that both give exactly what `listDiff`
/// gives on the whole lists of scoped identities (the engine that the
/// ListDiff tests hold to a port of IGListKit's), over thousands of seeded
/// roots that mostly edit the items in place (section by section) and now
/// and then reorder sections, repeat their ids or start afresh (whole
/// lists).
@Suite("Diffs section by section and of whole lists agree with IGListKit", .timeLimit(.minutes(20)))
@MainActor
struct LeafwiseDiffTests {
  @Test("seeded roots: every update is IGListKit's diff of the scoped identities", arguments: [false, true])
  func everyUpdateIsTheReferenceDiff(applyUpdatesAsync: Bool) async {
    var roots = 0
    var leafwise = 0
    var wholeList = 0
    var skipped = 0
    for sequence in 0..<6 {
      let seed = UInt64(0x1EAF_D1FF + sequence * 7_919 + (applyUpdatesAsync ? 1 : 0))
      // These sections are small: half the sequences have every
      // corresponding section diffed one by one, however small.
      guard
        let run = await checkSequence(
          seed: seed, steps: 500, applyUpdatesAsync: applyUpdatesAsync,
          minimumAverageLeafCount: sequence.isMultiple(of: 2) ? 0 : nil)
      else { return }
      roots += run.roots
      leafwise += run.leafwise
      wholeList += run.wholeList
      skipped += run.skipped
    }
    #expect(roots == 3_000)
    // Both ways ran, many times each, and untouched sections were skipped.
    #expect(leafwise > 500 && wholeList > 300, "\(leafwise) section by section, \(wholeList) whole, of \(roots)")
    #expect(skipped > 1_000, "\(skipped) untouched sections skipped")
  }

  /// Short identifiers are kept by the leaf when flattened and diffed from
  /// there; long stored ones are read from the view models in place (see
  /// `IdentifierScan`): both ways are checked.
  @Test(
    "sections of many items, as shipped: each update is IGListKit's diff",
    arguments: [false, true], [false, true])
  func largeSectionsAreTheReferenceDiff(applyUpdatesAsync: Bool, longIdentifiers: Bool) async {
    let seed = UInt64(0x51CE_B16 + (applyUpdatesAsync ? 1 : 0) + (longIdentifiers ? 2 : 0))
    var generator = SeededGenerator(seed: seed)
    let harness = Harness(height: 40, applyUpdatesAsync: applyUpdatesAsync)
    let recorder = UpdateRecorder(harness)
    let pool = (0..<120).map { longIdentifiers ? "an-identifier-longer-than-fifteen-bytes-\($0)" : "i\($0)" }
    // Two to four sections (two cell types), each of 16 to 60 distinct items.
    var sections: [(id: String, alternate: Bool, items: [ItemVM])] = (0..<Int.random(in: 2...4, using: &generator))
      .map { index in
        let items = pool.shuffled(using: &generator).prefix(Int.random(in: 16...60, using: &generator))
        return ("s\(index)", Bool.random(using: &generator), items.map { ItemVM(identifier: $0) })
      }
    var shown: [ItemVM] = []
    var nextSection = sections.count
    var skipped = 0
    for step in 0..<300 {
      for index in sections.indices {
        // A third of the sections are left untouched: the array shown.
        if Int.random(in: 0..<3, using: &generator) == 0 { continue }
        var items = sections[index].items
        for item in items.indices where Int.random(in: 0..<10, using: &generator) == 0 {
          items[item].value = Int.random(in: 0...3, using: &generator)
        }
        for _ in 0..<Int.random(in: 0...2, using: &generator) where items.count > 1 {
          let moved = items.remove(at: Int.random(in: items.indices, using: &generator))
          items.insert(moved, at: Int.random(in: 0...items.count, using: &generator))
        }
        if items.count > 16 && Bool.random(using: &generator) {
          items.remove(at: Int.random(in: items.indices, using: &generator))
        }
        let present = Set(items.map(\.identifier))
        if let added = pool.filter({ !present.contains($0) }).randomElement(using: &generator),
          Bool.random(using: &generator)
        {
          items.insert(ItemVM(identifier: added), at: Int.random(in: 0...items.count, using: &generator))
        }
        sections[index].items = items
      }
      // Now and then the sections change places: a whole-list diff.
      if sections.count > 1 && Int.random(in: 0..<8, using: &generator) == 0 {
        sections.swapAt(0, sections.count - 1)
      }
      // Now and then a section comes or goes, the others kept in order:
      // still diffed section by section.
      switch Int.random(in: 0..<10, using: &generator) {
      case 0 where sections.count > 1:
        sections.remove(at: Int.random(in: sections.indices, using: &generator))
      case 1 where sections.count < 6:
        let items = pool.shuffled(using: &generator).prefix(Int.random(in: 16...60, using: &generator))
        sections.insert(
          ("s\(nextSection)", Bool.random(using: &generator), items.map { ItemVM(identifier: $0) }),
          at: Int.random(in: 0...sections.count, using: &generator))
        nextSection += 1
      default: break
      }
      var new: [ItemVM] = []
      for section in sections {
        let tag = "\(section.id)|\(section.alternate)|"
        new += section.items.map { var item = $0; item.tag = tag + $0.identifier; return item }
      }
      let root = CompositeSection(
        sections.map { section in
          section.alternate
            ? ListSection<ItemVM, AltController>(section.items, id: section.id)
            : ListSection<ItemVM, ItemController>(section.items, id: section.id)
        })
      await harness.dataSource.setRootSection(root)
      skipped += harness.dataSource.inspection.lastUpdateCounts?.sectionsSkipped ?? 0
      let reference = listDiff(oldIdentifiers: shown.map(\.tag), newIdentifiers: new.map(\.tag)) {
        shown[$0].identifier == new[$1].identifier && shown[$0].value == new[$1].value
      }
      let reports = recorder.take()
      let matches =
        reference.hasChanges
        ? reports.count == 1 && reports[0].deletes == reference.deletes && reports[0].inserts == reference.inserts
          && reports[0].moves == reference.moves && reports[0].updates == reference.updates
        : reports.isEmpty
      #expect(matches, "seed \(seed) step \(step): reported \(reports), IGListKit's diff is \(reference)")
      if !matches { return }
      shown = new
    }
    let counts = harness.dataSource.inspection.diffCounts
    #expect(counts.leafwise > 200 && counts.wholeList > 10, "\(counts)")
    #expect(skipped > 100, "\(skipped) untouched sections skipped")
  }

  /// Runs one seeded sequence; returns the roots checked, how each was
  /// diffed and how many untouched sections were skipped, or nil after a
  /// failure (recorded with the seed and step).
  private func checkSequence(
    seed: UInt64, steps: Int, applyUpdatesAsync: Bool, minimumAverageLeafCount: Int?
  ) async -> (roots: Int, leafwise: Int, wholeList: Int, skipped: Int)? {
    var generator = SeededGenerator(seed: seed)
    let harness = Harness(height: 40, applyUpdatesAsync: applyUpdatesAsync)
    if let minimumAverageLeafCount {
      harness.dataSource.inspection.minimumAverageLeafCountForLeafwiseDiff = minimumAverageLeafCount
    }
    let recorder = UpdateRecorder(harness)
    var shown: [ItemVM] = []
    var node = RootNode.random(depth: 0, using: &generator)
    var arrays: [String: [ItemVM]] = [:]
    var skipped = 0
    for step in 0..<steps {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0: node = RootNode.random(depth: 0, using: &generator)
      case 1, 2: node = node.edited(using: &generator)
      default: node = node.editedInPlace(using: &generator)
      }
      // Sections whose view models did not change get the arrays shown.
      var expected = ExpectedList(reusable: arrays)
      let root = expected.build(node, path: node.id.map { ["=\($0)"] } ?? [])
      arrays = expected.built
      await harness.dataSource.setRootSection(root)
      skipped += harness.dataSource.inspection.lastUpdateCounts?.sectionsSkipped ?? 0
      let new = expected.items
      let reference = listDiff(oldIdentifiers: shown.map(\.tag), newIdentifiers: new.map(\.tag)) {
        shown[$0] == new[$1]
      }
      let reports = recorder.take()
      var problems = recorder.problems
      if !reference.hasChanges {
        if !reports.isEmpty { problems.append("\(reports.count) report(s) for a root that changes nothing") }
      } else if reports.count != 1 {
        problems.append("\(reports.count) reports, expected one: \(reference)")
      } else {
        let update = reports[0]
        if update.deletes != reference.deletes || update.inserts != reference.inserts
          || update.moves != reference.moves || update.updates != reference.updates
        {
          problems.append("reported \(update), IGListKit's diff is \(reference)")
        }
      }
      #expect(problems.isEmpty, "seed \(seed) step \(step): \(problems)")
      if !problems.isEmpty { return nil }
      shown = new
    }
    let counts = harness.dataSource.inspection.diffCounts
    return (steps, counts.leafwise, counts.wholeList, skipped)
  }
}

extension RootNode {
  /// The same root with its items edited (revalued, swapped, removed,
  /// added, an identifier repeated within a section dropped) in half its
  /// list sections, the others untouched, and every section kept in its
  /// place with its id and cell type: a root the data source diffs section
  /// by section, unless sections share a scope.
  func editedInPlace(using generator: inout SeededGenerator) -> RootNode {
    switch self {
    case .list(let id, let alternate, let items):
      // Half the sections are left as they are: given the array shown.
      if Bool.random(using: &generator) { return self }
      var seen = Set<String>()
      var edited = items.filter { seen.insert($0.identifier).inserted }
      let unused = ["a", "b", "c", "d", "e", "f", "g", "h"].filter { !seen.contains($0) }
      Item.edit(&edited, adding: unused, using: &generator)
      return .list(id: id, alternate: alternate, items: edited)
    case .composite(let id, let children, let placeholder):
      return .composite(
        id: id, children: children.map { $0?.editedInPlace(using: &generator) }, placeholder: placeholder)
    case .render(let id, let models):
      return .render(id: id, models: models.map { ($0.identifier, $0.child?.editedInPlace(using: &generator)) })
    }
  }
}
