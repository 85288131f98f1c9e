import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// Random roots, drags, move actions, loads, reloads, scrolls and deletions with
/// VoiceOver's cursor on an item, checked after every step against the
/// rules: the cursor is never on an item that is not shown; a
/// `.layoutChanged` is posted exactly when the step deleted the cursor's
/// item (once, naming where it went); the elements on screen are read in
/// the list's order.
@MainActor
@Suite("Accessibility under random updates", .timeLimit(.minutes(20)))
struct AccessibilityRandomTests {
  /// The model: sections of rows, each row a unique name. A class: the
  /// move handler changes it while a step that drags is running.
  final class Model {
    var sections: [(id: String, rows: [String])] = []
    var next = 0

    func name() -> String {
      next += 1
      return "i\(next)"
    }

    var root: Section {
      CompositeSection(sections.map { section in spoken(spokenRows(section.rows, movable: true), id: section.id) })
    }
  }

  @Test("the cursor follows its item, layoutChanged exactly on its deletion, reading order is list order", arguments: [false, true])
  func randomSteps(async: Bool) async {
    let seed: UInt64 = async ? 0xA11C_0002 : 0xA11C_0001
    var random = SeededGenerator(seed: seed)
    let screen = SpokenScreen(height: 6, applyUpdatesAsync: async)
    let model = Model()
    for index in 0..<3 { model.sections.append(("s\(index)", (0..<4).map { _ in model.name() })) }
    screen.dataSource.moveHandler = { move in
      guard let from = model.sections.firstIndex(where: { $0.id == move.sectionPath.last }),
        let to = model.sections.firstIndex(where: { $0.id == move.toSectionPath.last })
      else { return }
      let row = model.sections[from].rows.remove(at: move.fromIndex)
      model.sections[to].rows.insert(row, at: move.toIndex)
    }
    // Loading more at the bottom: a row when the viewport comes near the
    // end, which the next root (with what was loaded) takes away.
    screen.dataSource.loadMoreEdges = .bottom
    screen.dataSource.loadMoreDistance = 1
    screen.dataSource.loadMoreHandler = { _ in
      if !model.sections.isEmpty { model.sections[model.sections.count - 1].rows.append(model.name()) }
      await screen.setRoot(model.root)
      return model.next > 400 ? .exhausted : .more
    }
    var roots = 0
    screen.dataSource.performanceHandler = { _ in roots += 1 }
    await screen.setRoot(model.root)
    let steps = async ? 1_000 : 3_000
    for step in 0..<steps {
      if screen.dataSource.accessibilityFocus == nil || Int.random(in: 0..<8, using: &random) == 0 {
        screen.dataSource.moveAccessibilityFocus(Bool.random(using: &random) ? .next : .last)
      }
      let before = screen.dataSource.accessibilityFocus
      screen.notifications = []
      roots = 0
      let kind = Int.random(in: 0..<10, using: &random)
      await perform(kind, on: screen, model: model, random: &random)
      let now = screen.dataSource.accessibilityFocus
      let changes = screen.notifications.filter { if case .layoutChanged = $0 { true } else { false } }
      var broken: String?
      func shown(_ id: ListItemID) -> Bool {
        screen.dataSource.indexPath(forIdentifier: id.identifier, sectionPath: id.sectionPath) != nil
      }
      if roots > 1 {
        // A load's roots came too: each that deleted the cursor's item
        // moved it, with one layoutChanged; the last names where it is.
        if changes.count > roots { broken = "\(changes.count) layoutChanged for \(roots) roots" }
        if let last = changes.last, last != .layoutChanged(focus: now) { broken = "the last of \(changes) is not \(String(describing: now))" }
        if changes.isEmpty && now != before { broken = "the cursor moved silently from \(String(describing: before))" }
      } else if let before, shown(before) {
        if !changes.isEmpty { broken = "the cursor's item survived, yet \(changes)" }
        if now != before { broken = "the cursor moved from \(before) to \(String(describing: now))" }
      } else if before != nil, changes != [.layoutChanged(focus: now)] {
        broken = "its item went, and \(changes) was posted"
      }
      if let now, !shown(now) { broken = "the cursor is on \(now), not in the list" }
      let order = screen.dataSource.accessibilityElements.compactMap {
        screen.dataSource.indexPath(forIdentifier: $0.item.identifier, sectionPath: $0.item.sectionPath)?.item
      }
      if order != order.sorted() { broken = "read out of order: \(order)" }
      if let broken {
        Issue.record("seed \(seed), step \(step), kind \(kind): \(broken)")
        return
      }
    }
  }

  /// One random step of kind `kind`: roots that insert, delete, move,
  /// change or replace sections; a drag; a move action; a reload; a scroll.
  private func perform(_ kind: Int, on screen: SpokenScreen, model: Model, random: inout SeededGenerator) async {
    switch kind {
    case 0, 1:
      let section = Int.random(in: 0..<model.sections.count, using: &random)
      let at = Int.random(in: 0...model.sections[section].rows.count, using: &random)
      model.sections[section].rows.insert(model.name(), at: at)
    case 2, 3:
      // Deletes, the cursor's item among them as often as any.
      let rows = model.sections.flatMap { section in section.rows.map { (section.id, $0) } }
      guard let (id, row) = rows.randomElement(using: &random),
        let section = model.sections.firstIndex(where: { $0.id == id })
      else { break }
      model.sections[section].rows.removeAll { $0 == row }
      if let focus = screen.dataSource.accessibilityFocus, Bool.random(using: &random),
        let own = model.sections.firstIndex(where: { $0.id == focus.sectionPath.last })
      {
        model.sections[own].rows.removeAll { $0 == focus.identifier }
      }
    case 4:
      let section = Int.random(in: 0..<model.sections.count, using: &random)
      model.sections[section].rows.shuffle(using: &random)
    case 5:
      if Bool.random(using: &random) && model.sections.count > 1 {
        model.sections.remove(at: Int.random(in: 0..<model.sections.count, using: &random))
      } else {
        model.sections.insert(("s\(model.name())", [model.name(), model.name()]), at: 0)
      }
    case 6:
      let rows = model.sections.flatMap { section in section.rows.map { (section.id, $0) } }
      guard let (id, row) = rows.randomElement(using: &random),
        let section = model.sections.firstIndex(where: { $0.id == id })
      else { break }
      screen.screen.move(
        identifier: row, sectionPath: [id],
        toIndex: Int.random(in: 0..<max(1, model.sections[section].rows.count), using: &random))
      return
    case 7:
      let action = ["Move up", "Move down", "Move to top", "Move to bottom"].randomElement(using: &random)!
      screen.dataSource.performAccessibilityAction(named: action)
      return
    case 8:
      screen.screen.collectionView.reloadData()
      screen.screen.collectionView.layoutIfNeeded()
      return
    default:
      screen.screen.scroll(by: Int.random(in: -8...8, using: &random))
      // A load the scroll started runs on the main actor's next turns.
      for _ in 0..<4 { await Task.yield() }
      return
    }
    await screen.setRoot(model.root)
  }
}
