import Foundation
import HeadlessCollection
import ListDiffUI
@testable import ListDiffUITesting
import Testing

/// A tree as the fuzz's model: each folder's children by its name ("" for
/// the top level); a name with no entry is a leaf.
struct FuzzTree: Sendable {
  var children: [String: [String]] = ["": ["a", "b", "c"], "a": ["a1", "a2"], "b": [], "a2": ["x"]]
  var next = 0
}

/// A row of the fuzzed outline. With `careless`, its equality looks at the
/// name only: a row expanded or collapsed keeps its old marker on screen.
struct FuzzOutlineRow: ListViewModel, Equatable {
  var identifier: String
  var row: ListOutlineRow
  var careless = false

  static func == (lhs: FuzzOutlineRow, rhs: FuzzOutlineRow) -> Bool {
    lhs.careless ? lhs.identifier == rhs.identifier : lhs.identifier == rhs.identifier && lhs.row == rhs.row
  }
}

final class FuzzOutlineCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class FuzzOutlineController: ListCellController<FuzzOutlineRow, ListViewStateNone, FuzzOutlineCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: FuzzOutlineCell) {
    let marker = !viewModel.row.hasChildren ? "  " : viewModel.row.isExpanded ? "▾ " : "▸ "
    cell.text = String(repeating: "  ", count: viewModel.row.depth) + marker + viewModel.identifier
  }
}

@MainActor
func fuzzOutlineRoot(_ tree: FuzzTree, careless: Bool = false) -> Section {
  OutlineSection<String, FuzzOutlineController>(
    id: "tree", roots: tree.children[""] ?? [], children: { tree.children[$0] }, pinsParents: true
  ) { name, row in
    FuzzOutlineRow(identifier: name, row: row, careless: careless)
  }
}

@MainActor
let fuzzOutlineChanges: [ListFuzzChange<FuzzTree>] = [
  ListFuzzChange("add", weight: 3) { tree, random in
    let parent = random.element(of: tree.children.keys.sorted())!
    tree.next += 1
    tree.children[parent, default: []].append("n\(tree.next)")
    if random.bool() { tree.children["n\(tree.next)"] = [] }
  },
  ListFuzzChange("remove", weight: 2) { tree, random in
    let parent = random.element(of: tree.children.keys.sorted())!
    guard let index = random.index(of: tree.children[parent] ?? []) else { return }
    tree.children[parent]!.remove(at: index)
  },
]

@Suite("The fuzzer on outlines", .timeLimit(.minutes(20)))
@MainActor
struct FuzzOutlineTests {
  @Test("a correct outline passes expand, collapse and ← → among the other gestures", arguments: [false, true])
  func aCorrectOutlinePasses(async: Bool) async {
    let expandedSeen = Collected<Int>()
    await fuzzList(
      FuzzTree(), seed: 3, steps: 500, width: 24, height: 6, applyUpdatesAsync: async,
      changes: fuzzOutlineChanges, allowing: [.invalidGeometry], root: { fuzzOutlineRoot($0) },
      invariant: { _, screen in
        expandedSeen.append(screen.dataSource.inspection.expandedItems.count)
        return nil
      })
    #expect(expandedSeen.values.contains { $0 >= 2 }, "the fuzzer expanded rows")
  }

  @Test("an outline row whose equality ignores its expansion is found", arguments: [false, true])
  func carelessEqualityIsFound(async: Bool) async {
    let reports = await fuzzReports {
      await fuzzList(
        FuzzTree(), seed: 5, steps: 1_000, width: 24, height: 6, applyUpdatesAsync: async,
        changes: fuzzOutlineChanges, allowing: [.invalidGeometry],
        root: { fuzzOutlineRoot($0, careless: true) })
    }
    #expect(reports.count == 1)
    #expect(reports.first.flatMap(failedCheck) == "fresh screen", "\(reports)")
    let replay = reports.first.flatMap(replayLine) ?? ""
    #expect(replay.contains("expand:") || replay.contains("collapse:") || replay.contains("key:"), "\(replay)")
  }

  @Test("expand and collapse steps are written and read back")
  func stepsRoundTrip() throws {
    for text in ["expand:tree/a", "collapse:tree/a%20b", "key:left", "key:right"] {
      let step = try FuzzStep(parsing: Substring(text), changeNames: [])
      #expect(step.description == text)
    }
  }
}
