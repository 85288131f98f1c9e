import Foundation
import ListDiffUI
import ListDiffUITesting

// Chores for the accessibility tests: one-line rows with a label and a
// value of their own, two item actions, movable, under a heading; and the
// accessibility bugs apps plant in such rows, switched on one at a time.

/// The accessibility bug a chore's code has; `.none` for a correct one.
enum PlantedAccessibilityBug: Sendable {
  case none
  /// A done chore's label is blank: VoiceOver reads nothing for it.
  case blankLabelWhenDone
  /// A done chore's cell is hidden from VoiceOver, which leaves its
  /// Delete and Done actions out of reach.
  case doneHiddenFromVoiceOver
  /// "done" is set as the value of a done chore and never cleared: a cell
  /// reused for an open chore still says "done" (UIKit's classic reuse bug).
  case valueNotClearedOnReuse
}

struct Chore: ListViewModel, Equatable {
  var identifier: String
  var title: String
  var done = false
  var hint: String?
  var traits = AccessibilityTraits.none
  var bug = PlantedAccessibilityBug.none
}

final class ChoreCell: ListCell {
  var line = ""
  override var textRepresentation: String { line }
}

/// What the chores' item actions did, in order ("Delete c2"); a context object.
@MainActor
final class ChoreLog {
  var actions: [String] = []
}

final class ChoreController: ListCellController<Chore, ListViewStateNone, ChoreCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: ChoreCell) {
    let chore = viewModel
    cell.line = (chore.done ? "[x] " : "[ ] ") + chore.title
    cell.accessibilityLabel = chore.bug == .blankLabelWhenDone && chore.done ? " " : chore.title
    if chore.bug == .valueNotClearedOnReuse {
      if chore.done { cell.accessibilityValue = "done" }
    } else {
      cell.accessibilityValue = chore.done ? "done" : nil
    }
    cell.accessibilityHint = chore.hint
    cell.accessibilityIdentifier = chore.identifier
    cell.accessibilityTraits = chore.traits
    cell.isAccessibilityElement = !(chore.bug == .doneHiddenFromVoiceOver && chore.done)
  }
  override func leadingActions() -> [ListItemAction] {
    [ListItemAction(title: viewModel.done ? "Reopen" : "Done") { [weak self] in self?.log("Done") }]
  }
  override func trailingActions() -> [ListItemAction] {
    [ListItemAction(title: "Delete", style: .destructive) { [weak self] in self?.log("Delete") }]
  }
  override var canMove: Bool { true }

  private func log(_ action: String) {
    context.object(type: ChoreLog.self)?.actions.append("\(action) \(viewModel.identifier)")
  }
}

/// Chores c0, c1… titled by `titles`.
func chores(_ titles: [String], bug: PlantedAccessibilityBug = .none) -> [Chore] {
  titles.enumerated().map { Chore(identifier: "c\($0.offset)", title: $0.element, bug: bug) }
}

/// The chores under a heading: the section "chores", its header the row
/// "title" (drawn as `heading`).
@MainActor
func choreSection(_ chores: [Chore], heading: String = "Chores", pinsHeader: Bool = false) -> Section {
  CompositeSection(
    id: "chores", header: ListSection<Row, RowController>(Row(identifier: "title", title: heading)),
    pinsHeader: pinsHeader
  ) {
    ListSection<Chore, ChoreController>(chores, id: "list")
  }
}

/// The model the accessibility fuzz changes: chores in two lists under
/// pinned headings.
struct ChoreBoard: Sendable {
  var lists: [[Chore]] = [[], []]
  var nextID = 0
  var bug = PlantedAccessibilityBug.none

  static func sample(bug: PlantedAccessibilityBug = .none) -> ChoreBoard {
    var board = ChoreBoard(bug: bug)
    var random = ListFuzzRandom(seed: 3)
    for _ in 0..<16 { board.add(to: random.int(in: 0...1), using: &random) }
    return board
  }

  mutating func add(to list: Int, using random: inout ListFuzzRandom) {
    let chore = Chore(identifier: "c\(nextID)", title: random.word(length: random.int(in: 3...8)), bug: bug)
    nextID += 1
    lists[list].insert(chore, at: random.int(in: 0...lists[list].count))
  }

  func randomPlace(_ random: inout ListFuzzRandom) -> (list: Int, index: Int)? {
    random.element(of: lists.indices.flatMap { list in lists[list].indices.map { (list, $0) } })
  }

  static var changes: [ListFuzzChange<ChoreBoard>] {
    [
      ListFuzzChange("add", weight: 3) { board, random in board.add(to: random.int(in: 0...1), using: &random) },
      ListFuzzChange("done", weight: 3) { board, random in
        if let place = board.randomPlace(&random) { board.lists[place.list][place.index].done.toggle() }
      },
      ListFuzzChange("delete", weight: 2) { board, random in
        if let place = board.randomPlace(&random) { board.lists[place.list].remove(at: place.index) }
      },
      ListFuzzChange("rename") { board, random in
        if let place = board.randomPlace(&random) {
          board.lists[place.list][place.index].title = random.word(length: random.int(in: 3...8))
        }
      },
    ]
  }

  /// Applies a move VoiceOver's "Move up" (or a drag) made, as a `moveHandler` does.
  static func applyMove(_ board: inout ChoreBoard, _ move: ListItemMove) {
    // The list's section is "l0" or "l1", inside "board".
    func list(_ path: [String]) -> Int? { path.count > 1 ? Int(path[1].dropFirst()) : nil }
    guard let from = list(move.sectionPath), let to = list(move.toSectionPath), board.lists.indices.contains(from),
      board.lists.indices.contains(to), board.lists[from].indices.contains(move.fromIndex)
    else { return }
    let chore = board.lists[from].remove(at: move.fromIndex)
    board.lists[to].insert(chore, at: min(move.toIndex, board.lists[to].count))
  }

  /// Two lists, "l0" and "l1", each under a pinned heading counting it.
  @MainActor
  static func root(_ board: ChoreBoard) -> Section? {
    CompositeSection(id: "board") {
      for list in board.lists.indices {
        CompositeSection(
          id: "l\(list)",
          header: ListSection<Row, RowController>(
            Row(identifier: "title", title: "List \(list) (\(board.lists[list].count))")),
          pinsHeader: true
        ) {
          ListSection<Chore, ChoreController>(board.lists[list], id: "items")
        }
      }
    }
  }
}
