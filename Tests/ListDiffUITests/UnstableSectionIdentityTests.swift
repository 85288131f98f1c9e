import Foundation
import HeadlessCollection
import ListDiffUI
import TestSupport
import Testing

/// `ListDiffDiagnostic.Kind.unstableSectionIdentity`: a root that removes a
/// section and inserts another holding every item of the removed one (two
/// or more) with the same identifiers and equal view models.
@MainActor
@Suite("A section whose identity changes while its items stay is reported")
struct UnstableSectionIdentityTests {
  private func warnings(_ harness: Harness) -> [ListDiffDiagnostic] {
    harness.diagnostics.filter { $0.kind == .unstableSectionIdentity }
  }

  @Test("an id holding the section's count: both paths named, the items said to have lost their state")
  func anIDHoldingACount() {
    let harness = Harness()
    harness.dataSource.setRootSection(CompositeSection(id: "cart") { section(items("a", "b"), id: "fruit (2)") })
    #expect(warnings(harness).isEmpty)
    let before = harness.dataSource.inspection.cellController(at: 0)
    harness.dataSource.setRootSection(CompositeSection(id: "cart") { section(items("a", "b", "c"), id: "fruit (3)") })
    let found = warnings(harness)
    #expect(found.count == 1)
    #expect(found.first?.severity == .warning)
    #expect(found.first?.message.contains(#"section root > "cart" > "fruit (2)" was removed"#) == true, "\(found)")
    #expect(found.first?.message.contains(#"section root > "cart" > "fruit (3)" inserted with all its 2 items"#) == true)
    #expect(found.first?.message.contains("lost their controllers and view state") == true)
    #expect(found.first?.sectionPath == #"root > "cart" > "fruit (3)""#)
    #expect(harness.dataSource.inspection.cellController(at: 0) !== before, "the cost the warning is about: a new controller")
  }

  @Test("one item moving to another section, as a to-do marked done, is not reported")
  func oneItemMoving() {
    let harness = Harness()
    harness.dataSource.setRootSection(CompositeSection { section(items("a"), id: "open"); section(items("b"), id: "done") })
    harness.dataSource.setRootSection(CompositeSection { section([], id: "open"); section(items("a", "b"), id: "done") })
    harness.dataSource.setRootSection(CompositeSection { section(items("a", "b"), id: "open"); section([], id: "done") })
    #expect(warnings(harness).isEmpty)
  }

  @Test("not reported: one item, changed view models, a section that stays, new identifiers, an existing section")
  func whatIsNotReported() {
    let harness = Harness()
    let root = harness.dataSource
    root.setRootSection(section(items("a"), id: "x1"))
    root.setRootSection(section(items("a"), id: "x2"))  // a single item
    root.setRootSection(section(items("a", "b"), id: "x3"))
    root.setRootSection(section(items("a", "b", value: 1), id: "x4"))  // its items changed
    root.setRootSection(CompositeSection { section(items("c", "d"), id: "x4"); section(items("a", "b", value: 1), id: "y") })
    // "x4" stays with new items, and "y" keeps its own: nothing moved.
    root.setRootSection(CompositeSection { section(items("e", "f"), id: "x4"); section(items("a", "b", value: 1), id: "y") })
    // Every item of "x4" into "y", which was there: items merged into a
    // section that stays, not a section renamed.
    root.setRootSection(section(items("a", "b", "e", "f", value: 1), id: "y"))
    #expect(warnings(harness).isEmpty, "\(warnings(harness))")
  }

  /// Over thousands of random pairs of roots (sections with ids from a
  /// small set, items from a small set with two values), the warnings are
  /// exactly those a brute-force reading of the definition finds.
  @Test("random roots: reported exactly when the definition holds")
  func randomRoots() {
    let seed = UInt64.random(in: 0...UInt64(UInt32.max))
    var random = SeededGenerator(seed: seed)
    for _ in 0..<2_000 {
      let old = RandomRoot(using: &random)
      let new = RandomRoot(using: &random)
      let harness = Harness(height: 5)
      harness.dataSource.setRootSection(old.root)
      harness.diagnostics.removeAll()
      harness.dataSource.setRootSection(new.root)
      let found = warnings(harness).map(\.sectionPath)
      let expected = new.unstableSections(from: old).map { #"root > "\#($0)""# }
      #expect(found == expected, "seed \(seed): \(old.sections) → \(new.sections)")
    }
  }
}

/// A root of sections, each an id and items (identifier, value).
private struct RandomRoot {
  var sections: [(id: String, items: [(String, Int)])] = []

  init(using random: inout SeededGenerator) {
    let ids = ["s1", "s2", "s3", "s4", "s5"].shuffled(using: &random)
    for id in ids.prefix(Int.random(in: 0...3, using: &random)) {
      let identifiers = ["a", "b", "c", "d", "e", "f"].shuffled(using: &random)
      let count = Int.random(in: 0...4, using: &random)
      sections.append((id, identifiers.prefix(count).map { ($0, Int.random(in: 0...3, using: &random) == 0 ? 1 : 0) }))
    }
  }

  var root: Section {
    CompositeSection(sections.map { section($0.items.map { ItemVM(identifier: $0.0, value: $0.1) }, id: $0.id) })
  }

  /// The ids of the sections `old` → this root reports, in the order of
  /// `old`'s removed sections: a section of `old` with two or more items,
  /// none of them kept (no item of this root has its id and identifier),
  /// that this root does not have, and the first section of this root that
  /// `old` did not have holding every item of it with an equal value.
  func unstableSections(from old: RandomRoot) -> [String] {
    var kept: Set<String> = []
    for section in sections { for item in section.items { kept.insert(section.id + "/" + item.0) } }
    let oldKeys = Set(old.sections.flatMap { section in section.items.map { section.id + "/" + $0.0 } })
    var reported: [String] = []
    for removed in old.sections where removed.items.count >= 2 {
      guard removed.items.allSatisfy({ !kept.contains(removed.id + "/" + $0.0) }),
        !sections.contains(where: { $0.id == removed.id })
      else { continue }
      let firstIdentifier = removed.items[0].0
      let match = sections.first { inserted in
        !old.sections.contains { $0.id == inserted.id }
          && inserted.items.allSatisfy { !oldKeys.contains(inserted.id + "/" + $0.0) }
          && inserted.items.contains { $0.0 == firstIdentifier }
          && removed.items.allSatisfy { item in inserted.items.contains { $0 == item } }
      }
      if let match { reported.append(match.id) }
    }
    return reported
  }
}
