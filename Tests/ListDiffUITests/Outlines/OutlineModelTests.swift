import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// Random trees under random expands, collapses, keys and new roots: the
/// rows shown are always a preorder walk of the expanded tree, expansion
/// follows identities across roots and forgets nodes that are not shown,
/// and every update is a valid diff (the data source checks its parts
/// after each one in debug builds).
@Suite("Outline sections against a reference walk", .timeLimit(.minutes(20)))
@MainActor
struct OutlineModelTests {
  /// A random forest of up to about 40 uniquely named nodes, 4 levels deep.
  private static func forest(_ generator: inout SeededGenerator, names: inout Int, depth: Int = 0) -> [TreeNode] {
    let count = Int.random(in: depth == 0 ? 1...5 : 0...4, using: &generator)
    return (0..<count).map { _ in
      names += 1
      let name = "n\(names)"
      guard depth < 3, Bool.random(using: &generator) else { return .leaf(name) }
      return .folder(name, forest(&generator, names: &names, depth: depth + 1))
    }
  }

  /// `roots` with one random change: a subtree removed, a node added, or
  /// the order of some siblings reversed; names stay unique.
  private static func mutated(
    _ roots: [TreeNode], _ generator: inout SeededGenerator, names: inout Int
  ) -> [TreeNode] {
    var nodes = roots
    guard !nodes.isEmpty else { return forest(&generator, names: &names) }
    let index = Int.random(in: 0..<nodes.count, using: &generator)
    switch Int.random(in: 0..<4, using: &generator) {
    case 0: nodes.remove(at: index)
    case 1:
      names += 1
      nodes.insert(Bool.random(using: &generator) ? .leaf("n\(names)") : .folder("n\(names)"), at: index)
    case 2: nodes.reverse()
    default:
      if let children = nodes[index].children {
        nodes[index].children = mutated(children, &generator, names: &names)
      }
    }
    return nodes
  }

  /// What the model keeps expanded after the rows are shown: only the
  /// expanded nodes the walk reaches.
  private static func pruned(_ expanded: Set<String>, _ roots: [TreeNode]) -> Set<String> {
    Set(referenceRows(roots, expanded: expanded).filter(\.row.isExpanded).map(\.identifier))
  }

  /// The expanded rows inside row `name` of `rows`: what collapsing it
  /// forgets.
  private static func expandedInside(_ name: String, _ rows: [OutlineVM]) -> [String] {
    guard let start = rows.firstIndex(where: { $0.identifier == name }) else { return [] }
    let depth = rows[start].row.depth
    return rows[(start + 1)...].prefix { $0.row.depth > depth }.filter(\.row.isExpanded).map(\.identifier)
  }

  @Test("random trees × expand, collapse, keys and new roots", arguments: [false, true])
  func randomSteps(pinsParents: Bool) {
    for seed in UInt64(0)..<60 {
      var generator = SeededGenerator(seed: seed)
      var names = 0
      var roots = Self.forest(&generator, names: &names)
      var expanded: Set<String> = []
      let screen = ListScreen(width: 30, height: 8)
      screen.setRoot(outline(roots, pinsParents: pinsParents))
      for step in 0..<40 {
        let rows = screen.outlineRows
        let what: String
        switch Int.random(in: 0..<10, using: &generator) {
        case 0..<4:
          guard let target = rows.filter(\.row.hasChildren).randomElement(using: &generator) else { continue }
          if target.row.isExpanded {
            screen.dataSource.collapse(row(target.identifier))
            expanded.remove(target.identifier)
            what = "collapse \(target.identifier)"
          } else {
            screen.dataSource.expand(row(target.identifier))
            expanded.insert(target.identifier)
            what = "expand \(target.identifier)"
          }
        case 4..<6:
          guard let target = rows.randomElement(using: &generator) else { continue }
          screen.dataSource.focusedItem = row(target.identifier)
          let key: ListKey = Bool.random(using: &generator) ? .left : .right
          screen.pressKey(key)
          // The key's effect on the model, as Finder's tree takes it.
          if key == .right && target.row.hasChildren && !target.row.isExpanded { expanded.insert(target.identifier) }
          if key == .left && target.row.isExpanded { expanded.remove(target.identifier) }
          what = "\(key) on \(target.identifier)"
        case 6:
          // Any name: a node not shown, or a leaf, changes nothing.
          let name = "n\(Int.random(in: 0...names + 3, using: &generator))"
          screen.dataSource.expand(row(name))
          if rows.contains(where: { $0.identifier == name && $0.row.hasChildren }) { expanded.insert(name) }
          what = "expand \(name) at random"
        default:
          roots = Self.mutated(roots, &generator, names: &names)
          screen.setRoot(outline(roots, pinsParents: pinsParents))
          what = "new root"
        }
        expanded = Self.pruned(expanded, roots)
        let expected = referenceRows(roots, expanded: expanded)
        #expect(
          screen.outlineRows == expected,
          "seed \(seed), step \(step) (\(what)): \(screen.outlineRows.map(\.line)) != \(expected.map(\.line))")
        #expect(
          Set(expected.map(\.identifier)).allSatisfy {
            screen.dataSource.isExpanded(row($0)) == expanded.contains($0)
          }, "seed \(seed), step \(step): isExpanded disagrees")
        if pinsParents {
          #expect(
            screen.collectionView.pinnedItemRanges.count == expanded.count,
            "seed \(seed), step \(step): one pinned row per expanded row")
        }
        #expect(screen.dataSource.inspection.invariantViolations().isEmpty, "seed \(seed), step \(step)")
        if let focus = screen.dataSource.focusedItem {
          #expect(expected.contains { $0.identifier == focus.identifier }, "seed \(seed): the focus is shown")
        }
        guard screen.outlineRows == expected else { return }
      }
    }
  }

  @Test("off the main actor: random expands, collapses and roots, several before each is shown")
  func randomStepsAsynchronously() async {
    for seed in UInt64(100)..<130 {
      var generator = SeededGenerator(seed: seed)
      var names = 0
      var roots = Self.forest(&generator, names: &names)
      var expanded: Set<String> = []
      let screen = ListScreen(width: 30, height: 8, applyUpdatesAsync: true)
      await screen.setRoot(outline(roots))
      for step in 0..<25 {
        // A burst: up to three requests before the data source catches up.
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
          let rows = referenceRows(roots, expanded: expanded)
          if Int.random(in: 0..<4, using: &generator) == 0 {
            roots = Self.mutated(roots, &generator, names: &names)
            screen.dataSource.setRootSection(outline(roots), completion: nil)
            continue
          }
          // Only rows the list shows can be expanded: the model's rows are
          // those once every update is applied, so ask only for rows shown
          // now and in the model alike.
          let shown = Set(screen.outlineRows.map(\.identifier))
          guard let target = rows.filter({ $0.row.hasChildren && shown.contains($0.identifier) })
            .randomElement(using: &generator)
          else { continue }
          let isExpanded = screen.dataSource.isExpanded(row(target.identifier))
          if isExpanded {
            screen.dataSource.collapse(row(target.identifier))
            expanded.subtract(Self.expandedInside(target.identifier, rows))
            expanded.remove(target.identifier)
          } else {
            screen.dataSource.expand(row(target.identifier))
            expanded.insert(target.identifier)
          }
        }
        await screen.dataSource.setRootSection(outline(roots))
        screen.collectionView.layoutIfNeeded()
        expanded = Self.pruned(expanded, roots)
        let expected = referenceRows(roots, expanded: expanded)
        #expect(
          screen.outlineRows == expected,
          "seed \(seed), step \(step): \(screen.outlineRows.map(\.line)) != \(expected.map(\.line))")
        #expect(screen.dataSource.inspection.invariantViolations().isEmpty, "seed \(seed), step \(step)")
        guard screen.outlineRows == expected else { return }
      }
    }
  }
}
