import Foundation
import HeadlessCollection
import ListDiffUI
import TestSupport
import Testing

/// A random root, described independently of the framework so the test can
/// work out what the collection must show.
indirect enum RootNode {
  struct Item {
    var identifier: String
    var value: Int
    var height: CGFloat
  }
  case list(id: String?, alternate: Bool, items: [Item])
  /// With a placeholder, shown (as a list section) while the children
  /// show no item.
  case composite(id: String?, children: [RootNode?], placeholder: [Item]? = nil)
  case render(id: String?, models: [(identifier: String, child: RootNode?)])

  var id: String? {
    switch self {
    case .list(let id, _, _), .composite(let id, _, _), .render(let id, _): return id
    }
  }

  static func random(depth: Int, using generator: inout SeededGenerator) -> RootNode {
    let sectionID: String? = Int.random(in: 0..<10, using: &generator) < 3
      ? ["s1", "s2"].randomElement(using: &generator)! : nil
    let kind = depth >= 3 ? 0 : Int.random(in: 0..<6, using: &generator)
    switch kind {
    case 0, 1, 2:
      let count = Int.random(in: 0...6, using: &generator)
      let items = (0..<count).map { _ in
        Item(
          identifier: ["a", "b", "c", "d", "e", "f"].randomElement(using: &generator)!,
          value: Int.random(in: 0...2, using: &generator),
          height: [5, 10, 15].randomElement(using: &generator)!)
      }
      return .list(id: sectionID, alternate: Int.random(in: 0..<5, using: &generator) == 0, items: items)
    case 3, 4:
      let count = Int.random(in: 0...4, using: &generator)
      let children: [RootNode?] = (0..<count).map { _ in
        Int.random(in: 0..<7, using: &generator) == 0
          ? nil : random(depth: depth + 1, using: &generator)
      }
      let placeholder: [Item]? =
        Int.random(in: 0..<3, using: &generator) == 0
        ? [Item(identifier: ["a", "p"].randomElement(using: &generator)!, value: 0, height: 5)] : nil
      return .composite(id: sectionID, children: children, placeholder: placeholder)
    default:
      let count = Int.random(in: 0...3, using: &generator)
      let models: [(String, RootNode?)] = (0..<count).map { _ in
        (
          ["m1", "m2", "m3"].randomElement(using: &generator)!,
          Int.random(in: 0..<6, using: &generator) == 0
            ? nil : random(depth: depth + 1, using: &generator)
        )
      }
      return .render(id: sectionID, models: models)
    }
  }
}

/// What a root must show: its items in order after dropping repeated
/// identities, and how many were dropped.
struct ExpectedList {
  var items: [ItemVM] = []
  var seen: Set<String> = []
  var duplicates = 0
  /// The view-model arrays of the previous root's list sections, by path
  /// and cell type: a section with equal view models is given that very
  /// array again (the same storage), as an app that keeps per-section
  /// arrays in its model does, so the data source may skip it unread.
  var reusable: [String: [ItemVM]] = [:]
  /// This root's arrays, by path and cell type (the next root's `reusable`).
  var built: [String: [ItemVM]] = [:]

  /// Builds the section for `node` at `path` while recording what it shows.
  mutating func build(_ node: RootNode, path: [String]) -> Section {
    switch node {
    case .list(let id, let alternate, let list):
      var viewModels: [ItemVM] = []
      for item in list {
        let tag = path.joined(separator: "/") + "|\(alternate)|" + item.identifier
        let viewModel = ItemVM(identifier: item.identifier, value: item.value, height: item.height, tag: tag)
        viewModels.append(viewModel)
        if seen.insert(tag).inserted { items.append(viewModel) } else { duplicates += 1 }
      }
      let arrayKey = path.joined(separator: "/") + "|\(alternate)"
      if let kept = reusable[arrayKey], kept == viewModels { viewModels = kept }
      built[arrayKey] = viewModels
      return alternate
        ? ListSection<ItemVM, AltController>(viewModels, id: id)
        : ListSection<ItemVM, ItemController>(viewModels, id: id)
    case .composite(let id, let children, let placeholder):
      let itemsBefore = items.count
      var sections: [Section?] = []
      for (position, child) in children.enumerated() {
        guard let child else {
          sections.append(nil)
          continue
        }
        let component = child.id.map { "=\($0)" } ?? "#\(position)"
        sections.append(build(child, path: path + [component]))
      }
      guard let placeholder else { return CompositeSection(sections, id: id) }
      // Recorded as shown only when the children showed no item.
      let shown =
        items.count == itemsBefore
        ? build(.list(id: nil, alternate: false, items: placeholder), path: path + ["^P"])
        : ListSection<ItemVM, ItemController>(
          placeholder.map { ItemVM(identifier: $0.identifier, value: $0.value, height: $0.height) })
      return CompositeSection(id: id, header: nil, placeholder: shown, sections)
    case .render(let id, let models):
      struct Model: ListIdentifiable {
        var identifier: String
        var section: Section?
      }
      var built: [Model] = []
      for (identifier, child) in models {
        var childSection: Section?
        if let child {
          var childPath = path + ["@\(identifier)"]
          if let childID = child.id { childPath.append("=\(childID)") }
          childSection = build(child, path: childPath)
        }
        built.append(Model(identifier: identifier, section: childSection))
      }
      return ListRenderSection(built, id: id) { $0.section }
    }
  }
}

@Suite("Model-based: random nested roots applied in sequence", .timeLimit(.minutes(20)))
@MainActor
struct ModelBasedTests {
  @Test("every root is accepted, shown exactly, with one live controller per item", arguments: [false, true])
  func randomRoots(applyUpdatesAsync: Bool) async {
    let sequences = 12
    let steps = 250
    for sequence in 0..<sequences {
      let seed = UInt64(0x5EED_0000 + sequence * 7919 + (applyUpdatesAsync ? 1 : 0))
      let failed = await run(seed: seed, steps: steps, applyUpdatesAsync: applyUpdatesAsync)
      if failed { break }
    }
  }

  /// Runs one sequence; returns whether it failed (after recording why).
  func run(seed: UInt64, steps: Int, applyUpdatesAsync: Bool) async -> Bool {
    var generator = SeededGenerator(seed: seed)
    let harness = Harness(height: 40, applyUpdatesAsync: applyUpdatesAsync)
    // Half the sequences diff every corresponding section one by one, however
    // small (by default sections this small are diffed as whole lists).
    if seed.isMultiple(of: 2) { harness.dataSource.inspection.minimumAverageLeafCountForLeafwiseDiff = 0 }
    var notes: [String: ItemState] = [:]
    for step in 0..<steps {
      let node = RootNode.random(depth: 0, using: &generator)
      var expected = ExpectedList()
      let root = expected.build(node, path: node.id.map { ["=\($0)"] } ?? [])
      harness.diagnostics = []
      await harness.dataSource.setRootSection(root, animate: Bool.random(using: &generator))

      let context = "seed \(seed) step \(step)"
      var problems = check(harness, expected: expected, notes: notes)
      let duplicates = harness.diagnostics.filter { $0.kind == .duplicateIdentifier }.count
      if duplicates != expected.duplicates {
        problems.append("\(duplicates) duplicates reported, \(expected.duplicates) expected")
      }
      if harness.diagnostics.contains(where: { $0.kind == .rejectedBatch }) {
        problems.append("batch rejected: \(harness.diagnostics)")
      }
      #expect(problems.isEmpty, "\(context): \(problems)")
      if !problems.isEmpty { return true }

      // Forget the state of items that are gone: if they come back they get
      // a new controller with a fresh state.
      let tags = Set(expected.items.map(\.tag))
      notes = notes.filter { tags.contains($0.key) }

      // Scroll somewhere, then change the state of a few live controllers.
      let height = harness.collectionView.contentSize.height
      harness.scroll(to: CGFloat(Int.random(in: 0...max(0, Int(height)), using: &generator)))
      for _ in 0..<Int.random(in: 0...2, using: &generator) {
        guard let controller = harness.log.liveControllers.randomElement(using: &generator) else { break }
        let state = ItemState(
          note: "n\(Int.random(in: 0...9, using: &generator))",
          extraHeight: CGFloat(Int.random(in: 0...2, using: &generator) * 5))
        if let item = controller as? RecordingController<ItemCell> {
          item.updateState(state)
          notes[item.viewModel.tag] = state
        } else if let alternate = controller as? RecordingController<AltCell> {
          alternate.updateState(state)
          notes[alternate.viewModel.tag] = state
        }
      }
      let afterState = check(harness, expected: expected, notes: notes)
      #expect(afterState.isEmpty, "\(context) after state changes: \(afterState)")
      if !afterState.isEmpty { return true }
    }
    return false
  }

  /// Everything the collection shows against `expected`.
  func check(_ harness: Harness, expected: ExpectedList, notes: [String: ItemState]) -> [String] {
    var problems: [String] = []
    let collection = harness.collectionView
    let count = expected.items.count
    if collection.numberOfItems(inSection: 0) != count || harness.dataSource.itemCount != count {
      problems.append("count \(collection.numberOfItems(inSection: 0)) != \(count)")
      return problems
    }
    let expectedByTag = Dictionary(uniqueKeysWithValues: expected.items.map { ($0.tag, $0) })

    // Sizes follow view model and view state.
    for (index, viewModel) in expected.items.enumerated() {
      let height = collection.layoutAttributesForItem(at: IndexPath(item: index, section: 0))?.frame.height
      let wanted = viewModel.height + (notes[viewModel.tag]?.extraHeight ?? 0)
      if height != wanted { problems.append("item \(index) height \(String(describing: height)) != \(wanted)") }
    }

    // Every visible cell shows its item's current view model and state.
    let bounds = collection.bounds
    var visibleAppeared = 0
    for cell in collection.visibleCells {
      guard let cell = cell as? ItemCell, let index = collection.indexPath(for: cell)?.item else {
        problems.append("a visible cell that is not an item cell")
        continue
      }
      let viewModel = expected.items[index]
      if cell.shown != viewModel {
        problems.append("cell \(index) shows \(String(describing: cell.shown)), expected \(viewModel)")
      }
      if cell.shownNote != (notes[viewModel.tag]?.note ?? "") {
        problems.append("cell \(index) shows note \(cell.shownNote)")
      }
      if (cell is AltCell) != viewModel.tag.contains("|true|") {
        problems.append("cell \(index) has the wrong class")
      }
      if bounds.intersects(cell.frame) { visibleAppeared += 1 }
    }

    // One live controller per item, each still on its own item.
    let live = harness.log.liveControllers
    if live.count != count || harness.dataSource.inspection.cellControllerCount != count {
      problems.append("\(live.count) live controllers for \(count) items")
    }
    var appeared = 0
    for controller in live {
      let viewModel: ItemVM
      let state: ItemState
      let tagAtCreation: String
      let isAppeared: Bool
      if let item = controller as? RecordingController<ItemCell> {
        (viewModel, state, tagAtCreation, isAppeared) = (item.viewModel, item.viewState, item.tagAtCreation, item.appeared)
      } else if let alternate = controller as? RecordingController<AltCell> {
        (viewModel, state, tagAtCreation, isAppeared) = (
          alternate.viewModel, alternate.viewState, alternate.tagAtCreation, alternate.appeared
        )
      } else {
        problems.append("unknown controller")
        continue
      }
      if isAppeared { appeared += 1 }
      if viewModel.tag != tagAtCreation { problems.append("controller of \(tagAtCreation) now on \(viewModel.tag)") }
      if expectedByTag[viewModel.tag] != viewModel {
        problems.append("controller of \(viewModel.tag) has \(viewModel), expected \(String(describing: expectedByTag[viewModel.tag]))")
      }
      if state != (notes[viewModel.tag] ?? ItemState()) {
        problems.append("controller of \(viewModel.tag) has state \(state)")
      }
    }
    if appeared != visibleAppeared {
      problems.append("\(appeared) controllers appeared, \(visibleAppeared) cells intersect the viewport")
    }
    if !harness.log.violations.isEmpty {
      problems.append("lifecycle violations: \(harness.log.violations)")
    }
    return problems
  }
}
