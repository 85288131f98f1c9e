import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// Random roots, selections, taps, drags between sections, reloads and
/// focus moves against an independent model of the selected identities:
/// the selection is always the model's, the collection view's selection
/// mirrors it, and the focus rests only on a shown item that can take it.
@MainActor
@Suite("Selection against a model, over random steps")
struct SelectionModelTests {
  final class Movable: ListCellController<FocusRowVM, ListViewStateNone, FocusRowCell> {
    override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
    override func configureCell(cell: FocusRowCell) {
      cell.text = "\(isFocused ? ">" : " ")\(isSelected ? "*" : " ")\(viewModel.title)"
    }
    override var canMove: Bool { true }
    override var canSelect: Bool { viewModel.selectable }
    override var canFocus: Bool { viewModel.focusable }
  }

  static let sections = ["s1", "s2", "s3"]

  /// A root: each section a random subset of i0…i11, shuffled; i7 cannot
  /// be selected, i9 cannot be focused.
  static func randomRoot(_ generator: inout SeededGenerator) -> Section {
    CompositeSection(
      sections.map { id -> Section? in
        let identifiers = (0..<12).filter { _ in Bool.random(using: &generator) }.map { "i\($0)" }
          .shuffled(using: &generator)
        let models = identifiers.map {
          FocusRowVM(identifier: $0, title: $0, selectable: $0 != "i7", focusable: $0 != "i9")
        }
        return ListSection<FocusRowVM, Movable>(models, id: id)
      })
  }

  @Test(
    "10,000 random steps in each mode: the selection is the model's", .timeLimit(.minutes(20)),
    arguments: 0..<10, [false, true])
  func selectionFollowsTheModel(seed: UInt64, async: Bool) async {
    let seed = seed + (async ? 100 : 0)
    var generator = SeededGenerator(seed: 0x5E1E_C700 + seed)
    let screen = ListScreen(width: 12, height: 8, applyUpdatesAsync: async)
    screen.dataSource.allowsMovingBetweenSections = true
    screen.dataSource.allowsMultipleSelection = true
    var model = Set<ListItemID>()
    func shown() -> [ListItemID] {
      screen.dataSource.inspection.itemIdentities
    }
    await screen.setRoot(Self.randomRoot(&generator))
    for step in 0..<1_000 {
      let ids = shown()
      let pick = ids.randomElement(using: &generator)
      var action = ""
      switch Int.random(in: 0..<10, using: &generator) {
      case 0, 1:
        action = "root"
        await screen.setRoot(Self.randomRoot(&generator))
        model.formIntersection(shown())
      case 2:
        guard let pick else { continue }
        action = "select \(pick)"
        screen.dataSource.select(pick)
        if pick.identifier != "i7" {
          model = screen.dataSource.allowsMultipleSelection ? model.union([pick]) : [pick]
        }
      case 3:
        guard let pick = model.randomElement(using: &generator) else { continue }
        action = "deselect \(pick)"
        screen.dataSource.deselect(pick)
        model.remove(pick)
      case 4:
        guard let pick else { continue }
        action = "tap \(pick)"
        screen.tap(identifier: pick.identifier, sectionPath: pick.sectionPath)
        if pick.identifier != "i7" {
          if !screen.dataSource.allowsMultipleSelection {
            model = [pick]
          } else if model.contains(pick) {
            model.remove(pick)
          } else {
            model.insert(pick)
          }
        }
      case 5:
        action = "reload"
        screen.collectionView.reloadData()
        screen.collectionView.layoutIfNeeded()
      case 6:
        guard let pick else { continue }
        let target = Self.sections.randomElement(using: &generator)!
        action = "move \(pick) to \(target)"
        let before = shown()
        _ = screen.move(
          identifier: pick.identifier, sectionPath: pick.sectionPath,
          toIndex: Int.random(in: 0..<6, using: &generator), inSection: [target])
        let after = shown()
        // The item moved: its identity is the one that left and the one
        // that came, if the drag changed its section.
        if let gone = Set(before).subtracting(after).first, let came = Set(after).subtracting(before).first,
          model.remove(gone) != nil
        {
          model.insert(came)
        }
      case 7:
        action = "keys"
        let keys: [ListKey] = [.up, .down, .pageUp, .pageDown, .home, .end]
        let before = screen.dataSource.focusedItem
        screen.pressKey(keys.randomElement(using: &generator)!)
        if screen.dataSource.selectionFollowsFocus, let focus = screen.dataSource.focusedItem, focus != before,
          focus.identifier != "i7"
        {
          model = [focus]
        }
      case 8:
        action = "selectAll"
        screen.dataSource.selectAll()
        if screen.dataSource.allowsMultipleSelection { model = Set(shown().filter { $0.identifier != "i7" }) }
      default:
        action = "modes"
        screen.dataSource.allowsMultipleSelection.toggle()
        screen.dataSource.selectionFollowsFocus = Int.random(in: 0..<4, using: &generator) == 0
      }
      let context = Comment(rawValue: "seed \(0x5E1E_C700 + seed) (async: \(async)), step \(step): \(action)")
      guard screen.dataSource.selection == model else {
        Issue.record("selection \(screen.dataSource.selection) ≠ model \(model); \(context.rawValue)")
        return
      }
      let mirrored = Set(
        screen.collectionView.indexPathsForSelectedItems.compactMap { screen.dataSource.inspection.itemIdentity(at: $0.item) })
      #expect(mirrored == model, context)
      if let focus = screen.dataSource.focusedItem {
        #expect(shown().contains(focus) && focus.identifier != "i9", context)
      }
      for line in screen.text.split(separator: "\n") where line.dropFirst().hasPrefix("*") {
        let identifier = String(line.dropFirst(2))
        #expect(model.contains { $0.identifier == identifier }, "a cell shows \(identifier) selected; \(context.rawValue)")
      }
    }
  }
}
