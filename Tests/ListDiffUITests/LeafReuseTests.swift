import Foundation
import HeadlessCollection
import ListDiffUI
import Testing
import TestSupport

/// The data source keeps each section's view-model array as the section
/// holds it, and a root may hand over the very arrays (the same storage) the
/// list shown was built from. These tests pin that sharing storage changes
/// nothing anyone can see: a data source fed roots whose arrays share
/// storage with the previous root's behaves exactly as one fed the same
/// roots with every array freshly copied.
@Suite("Sections: view-model arrays shared with the list shown", .timeLimit(.minutes(20)))
@MainActor
struct LeafReuseTests {
  /// One data source and what it reported.
  @MainActor final class Probe {
    let dataSource: ListDiffDataSource
    var updates: [ListDiffUpdate] = []
    var diagnostics: [String] = []

    init() {
      let collection = CollectionView(
        frame: CGRect(x: 0, y: 0, width: 20, height: 40), collectionViewLayout: CollectionViewFlowLayout())
      dataSource = ListDiffDataSource(collectionView: collection)
      dataSource.updateHandler = { [unowned self] in self.updates.append($0) }
      dataSource.diagnosticHandler = { [unowned self] in
        self.diagnostics.append("\($0.kind) \($0.message)")
      }
    }

    /// Everything observable after a root: the items, the batch applied and
    /// the diagnostics reported.
    var observed: String {
      let items = dataSource.inspection.itemIdentities.map { "\($0.identifier)@\($0.sectionPath)" }
      return "\(items) \(updates) \(diagnostics)"
    }
  }

  /// An array with the same elements in storage of its own.
  static func freshCopy(_ models: [ItemVM]) -> [ItemVM] {
    models.map { $0 }
  }

  /// A random edit of `models`: nothing (shared storage), a fresh copy of
  /// the same values, one value changed, an item inserted or removed, or
  /// the items reversed.
  static func evolve(_ models: [ItemVM], using generator: inout SeededGenerator) -> [ItemVM] {
    var edited = models
    switch Int.random(in: 0..<8, using: &generator) {
    case 0, 1, 2: return models
    case 3: return freshCopy(models)
    case 4 where !edited.isEmpty:
      edited[Int.random(in: 0..<edited.count, using: &generator)].value += 1
    case 5:
      let identifier = ["a", "b", "c", "d", "", "e\u{301}", "\u{E9}"].randomElement(using: &generator)!
      edited.insert(ItemVM(identifier: identifier), at: Int.random(in: 0...edited.count, using: &generator))
    case 6 where !edited.isEmpty: edited.remove(at: Int.random(in: 0..<edited.count, using: &generator))
    default: edited.reverse()
    }
    return edited
  }

  @Test("roots sharing arrays with the list shown show and report what fresh copies do", arguments: 0..<4)
  func sharedArraysBehaveAsFreshCopies(seedIndex: Int) {
    let seed = UInt64(0x1EAF + seedIndex * 7_919)
    var generator = SeededGenerator(seed: seed)
    let shared = Probe()
    let copied = Probe()
    // Arrays of a few long-lived "sections", each evolving between roots.
    var arrays: [[ItemVM]] = (0..<4).map { index in
      (0..<(index * 3)).map { ItemVM(identifier: "i\($0)-\(index)", value: $0) }
    }
    for step in 0..<600 {
      for index in arrays.indices { arrays[index] = Self.evolve(arrays[index], using: &generator) }
      // A root: some of the arrays, in a random order, some twice, under
      // ids that sometimes share a scope, sometimes nested.
      var picks: [(array: Int, id: String?)] = []
      for _ in 0..<Int.random(in: 0...4, using: &generator) {
        picks.append(
          (Int.random(in: 0..<arrays.count, using: &generator), [nil, "s", "t"].randomElement(using: &generator)!))
      }
      let nested = Bool.random(using: &generator)
      func root(_ array: ([ItemVM]) -> [ItemVM]) -> Section {
        let sections: [Section?] = picks.map { section(array(arrays[$0.array]), id: $0.id) }
        return nested
          ? CompositeSection(CompositeSection(Array(sections.prefix(2))), CompositeSection(Array(sections.dropFirst(2))))
          : CompositeSection(sections)
      }
      shared.updates = []
      copied.updates = []
      shared.diagnostics = []
      copied.diagnostics = []
      shared.dataSource.setRootSection(root { $0 })
      copied.dataSource.setRootSection(root(Self.freshCopy))
      let same = shared.observed == copied.observed
      #expect(same, "seed \(seed) step \(step):\nshared \(shared.observed)\ncopied \(copied.observed)")
      if !same { return }
    }
  }

  @Test("a root set again with the same arrays applies nothing and keeps every item")
  func sameRootAgain() {
    let probe = Probe()
    let first = (0..<500).map { ItemVM(identifier: "f\($0)", value: $0) }
    let second = (0..<300).map { ItemVM(identifier: "s\($0)", value: $0) }
    probe.dataSource.setRootSection(CompositeSection(section(first, id: "one"), section(second, id: "two")))
    let shown = probe.dataSource.inspection.itemIdentities.map(\.identifier)
    probe.updates = []
    probe.dataSource.setRootSection(CompositeSection(section(first, id: "one"), section(second, id: "two")))
    #expect(probe.updates.isEmpty)
    #expect(probe.dataSource.inspection.itemIdentities.map(\.identifier) == shown)
    // Swapped, the same arrays are moves; then one value changed in the
    // first array is one update.
    probe.dataSource.setRootSection(CompositeSection(section(second, id: "two"), section(first, id: "one")))
    #expect(probe.updates.last?.moves.isEmpty == false)
    var changed = first
    changed[7].value = -1
    probe.updates = []
    probe.dataSource.setRootSection(CompositeSection(section(second, id: "two"), section(changed, id: "one")))
    #expect(probe.updates.count == 1 && probe.updates[0].updates == [300 + 7])
  }

  @Test("an empty identifier in an array taken again is reported again")
  func emptyIdentifierReportedAgain() {
    let probe = Probe()
    let models = items("a", "", "b")
    probe.dataSource.setRootSection(section(models))
    let first = probe.diagnostics.filter { $0.hasPrefix("emptyIdentifier") }
    probe.diagnostics = []
    probe.dataSource.setRootSection(section(models))
    #expect(first.count == 1)
    #expect(probe.diagnostics.filter { $0.hasPrefix("emptyIdentifier") } == first)
  }
}
