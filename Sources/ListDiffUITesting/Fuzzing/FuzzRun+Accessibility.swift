import Foundation
import ListDiffUI
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The `accessibility` gesture and check: VoiceOver's moves, double taps,
/// page scrolls and custom actions, and after every step the rules of the
/// list's accessibility (ListDiffUI's article *Accessibility*), read
/// through the data source's public accessibility and the list shown.
extension FuzzRun {
  /// Whether the fuzz drives and checks VoiceOver's model: with the
  /// `accessibility` gesture.
  var checksAccessibility: Bool { setup.gestures.contains(.accessibility) }

  // MARK: Steps

  /// A VoiceOver gesture from wherever the cursor is; one that bonks does
  /// nothing.
  func performVoiceOver(_ gesture: FuzzStep.VoiceOverGesture) {
    let dataSource = screen.dataSource
    switch gesture {
    case .move(let move): dataSource.moveAccessibilityFocus(move)
    case .activate: dataSource.activateAccessibilityFocus()
    case .scroll(let direction): dataSource.accessibilityScroll(direction)
    }
    screen.collectionView.layoutIfNeeded()
  }

  /// Puts the cursor on `item` (of the list, or of a carousel or a grid)
  /// and runs its custom action `name`; nothing when the item is gone. A
  /// move the app's model heard is shown again, as after a drag.
  func performAccessibilityAction(_ name: String, on item: ListItemID) async {
    let dataSource = screen.dataSource
    guard index(of: item, in: screen) != nil
      || dataSource.inspection.nestedItem(forIdentifier: item.identifier, sectionPath: item.sectionPath) != nil
    else { return }
    dataSource.accessibilityFocus = item
    // The cursor is where the step put it: the focus rules start here.
    focusAtStepStart = dataSource.accessibilityFocus
    let moves = movesHeard
    dataSource.performAccessibilityAction(named: name)
    screen.collectionView.layoutIfNeeded()
    if movesHeard > moves { await setRoot() }
  }

  /// The names of the move actions, drawn only when the fuzz can apply a
  /// move to the model (`moved:`).
  private static var moveActionNames: Set<String> { ["Move up", "Move down", "Move to top", "Move to bottom"] }

  /// VoiceOver's gestures as the `accessibility` gesture draws them, swipes
  /// most often.
  private static var voiceOverDraws: [FuzzStep.VoiceOverGesture] {
    Array(repeating: .move(.next), count: 5) + Array(repeating: .move(.previous), count: 3)
      + [.move(.nextHeading), .move(.nextHeading), .move(.previousHeading), .move(.previousHeading)]
      + [.move(.first), .move(.last), .activate, .activate, .scroll(.down), .scroll(.down), .scroll(.up)]
  }

  /// A VoiceOver gesture, or, a third of the time, a custom action of an
  /// element on screen (a move only with `moved:`).
  func drawAccessibility(_ random: inout ListFuzzRandom) -> FuzzStep {
    if random.chance(0.35) {
      let moves = setup.moved == nil ? Self.moveActionNames : []
      let choices = screen.dataSource.accessibilityElements.flatMap { element in
        element.customActions.filter { !moves.contains($0) }.map { (element.item, $0) }
      }
      if let (item, name) = random.element(of: choices) {
        return .accessibilityAction(item, name: name)
      }
    }
    return .voiceOver(random.element(of: Self.voiceOverDraws) ?? .move(.next))
  }

  // MARK: The check

  /// Where an element's item is: the list holding it (the screen's, or a
  /// carousel's or a grid's own), its index there, its place in reading
  /// order (its index; a nested item's row's, then its own) and whether
  /// it is drawn pinned.
  private struct ElementPlace {
    var list: ListDiffDataSource
    var index: Int
    var order: [Int]
    var pinned: Bool
  }

  /// What VoiceOver reads after `step` (nil: the first root), and the
  /// first rule of the list's accessibility the screen breaks; `fresh` is
  /// a new screen given the same root at the same place.
  struct Reading {
    /// What VoiceOver reads (`ListScreen.accessibilityText`).
    var text: String
    /// The broken rule, in a sentence; nil when none is.
    var problem: String?
    /// What VoiceOver reads on `fresh`, when that differs.
    var freshText: String?
  }

  /// Reads the screen as VoiceOver does and checks the rules.
  func readAccessibility(after step: FuzzStep?, fresh: ListScreen) -> Reading {
    let elements = screen.dataSource.accessibilityElements
    let text = ListScreen.accessibilityText(of: elements, focus: screen.dataSource.accessibilityFocus)
    var places: [ElementPlace] = []
    for element in elements {
      guard let place = place(of: element.item) else {
        let problem = "the element \"\(element.description)\" is of \(element.item), which the list does not show"
        return Reading(text: text, problem: problem)
      }
      places.append(place)
    }
    if let problem = labelProblem(elements) ?? actionProblem(elements, places) ?? coverageProblem(places)
      ?? orderProblem(elements, places) ?? headerProblem(elements, places) ?? focusProblem(after: step)
    {
      return Reading(text: text, problem: problem)
    }
    let freshElements = fresh.dataSource.accessibilityElements
    guard let problem = freshProblem(elements, freshElements) else { return Reading(text: text) }
    return Reading(
      text: text, problem: problem, freshText: ListScreen.accessibilityText(of: freshElements, focus: nil))
  }

  private func place(of id: ListItemID) -> ElementPlace? {
    let dataSource = screen.dataSource
    let collectionView = screen.collectionView
    if let index = dataSource.inspection.index(of: id) {
      let pinned = collectionView.isDrawnPinned(itemAt: IndexPath(item: index, section: 0))
      return ElementPlace(list: dataSource, index: index, order: [index], pinned: pinned)
    }
    guard let nested = dataSource.inspection.nestedItem(forIdentifier: id.identifier, sectionPath: id.sectionPath),
      let index = nested.list.inspection.index(of: id)
    else { return nil }
    return ElementPlace(
      list: nested.list, index: index, order: [nested.row.item, index],
      pinned: collectionView.isDrawnPinned(itemAt: nested.row))
  }

  /// Every element has a label that is not blank.
  private func labelProblem(_ elements: [ListAccessibilityElement]) -> String? {
    guard let blank = elements.first(where: { ($0.label ?? "").allSatisfy(\.isWhitespace) }) else { return nil }
    return "the element of \(blank.item) has no label (\(blank.label.map { "\"\($0)\"" } ?? "nil")): VoiceOver "
      + "reads nothing for it; set its cell's accessibilityLabel, or have it draw text"
  }

  /// Every item action of an element is one of its custom actions.
  private func actionProblem(_ elements: [ListAccessibilityElement], _ places: [ElementPlace]) -> String? {
    for (element, place) in zip(elements, places) {
      let titles = ListActionEdge.allCases.flatMap { place.list.actions(for: element.item, edge: $0) }.map(\.title)
      if let missing = titles.first(where: { !element.customActions.contains($0) }) {
        return "the item action \"\(missing)\" of \(element.item) is not among its element's custom actions "
          + "(\(element.customActions)): VoiceOver cannot reach it"
      }
    }
    return nil
  }

  /// Every item on screen whose cell is an element is one; one whose cell
  /// is not offers no item action (which nothing else would reach).
  private func coverageProblem(_ places: [ElementPlace]) -> String? {
    let dataSource = screen.dataSource
    let collectionView = screen.collectionView
    let read = Set(places.filter { $0.order.count == 1 }.map(\.index))
    for path in collectionView.indexPathsForVisibleItems.sorted(by: { $0.item < $1.item }) {
      guard !read.contains(path.item), !dataSource.inspection.isNestedListRow(atShown: path.item),
        let cell = collectionView.cellForItem(at: path), collectionView.isSeen(itemAt: path),
        let id = dataSource.inspection.itemIdentity(at: path.item)
      else { continue }
      if cell.isAccessibilityElement {
        return "the item \(id) is on screen, and its cell is an accessibility element, but VoiceOver does not reach it"
      }
      let titles = ListActionEdge.allCases.flatMap { dataSource.actions(for: id, edge: $0) }.map(\.title)
      if !titles.isEmpty {
        return "the item \(id) offers the actions \(titles), but its cell is no accessibility element "
          + "(isAccessibilityElement == false): VoiceOver cannot reach them"
      }
    }
    return nil
  }

  /// The elements are read in the list's order: pinned items first, each
  /// part in order, each item once.
  private func orderProblem(_ elements: [ListAccessibilityElement], _ places: [ElementPlace]) -> String? {
    let pinnedCount = places.prefix(while: \.pinned).count
    if let late = places.dropFirst(pinnedCount).firstIndex(where: \.pinned) {
      return "the pinned item \(elements[late].item) is read after items that scroll: a pinned block is read first"
    }
    for range in [0..<pinnedCount, pinnedCount..<places.count] {
      for index in range.dropFirst() where !places[index - 1].order.lexicographicallyPrecedes(places[index].order) {
        return "reading order is not the list's: \(elements[index - 1].item) is read before \(elements[index].item)"
      }
    }
    return nil
  }

  /// Every item of a header block carries `.header`.
  private func headerProblem(_ elements: [ListAccessibilityElement], _ places: [ElementPlace]) -> String? {
    var sectionsOfList: [ObjectIdentifier: [ShownSection]] = [:]
    for (element, place) in zip(elements, places) where !element.traits.contains(.header) {
      let key = ObjectIdentifier(place.list)
      if sectionsOfList[key] == nil { sectionsOfList[key] = place.list.inspection.shownSections }
      if sectionsOfList[key]?.first(where: { $0.items.contains(place.index) })?.isHeader == true {
        return "the header item \(element.item) lacks the .header trait: VoiceOver's heading moves skip it"
      }
    }
    return nil
  }

  /// The cursor is on an item of the list; it stays on its item while the
  /// item is in the list, with nothing posted (a drag into another section
  /// renames it); when the item goes, one `.layoutChanged` names where it
  /// went. A VoiceOver move moves it at will.
  private func focusProblem(after step: FuzzStep?) -> String? {
    let focus = screen.dataSource.accessibilityFocus
    if let focus, place(of: focus) == nil { return "VoiceOver's cursor is on \(focus), which the list does not show" }
    guard let step else { return nil }
    if case .voiceOver(.move) = step { return nil }
    let before = focusAtStepStart
    let posted: [ListItemID?] = screen.accessibilityNotifications.compactMap {
      if case .layoutChanged(let focus) = $0 { focus } else { nil }
    }
    let named = { (id: ListItemID?) in id.map(\.description) ?? "nothing" }
    guard let last = posted.last else {
      if focus == before { return nil }
      if case .move = step, let before, focus?.identifier == before.identifier { return nil }
      return "VoiceOver's cursor moved from \(named(before)) to \(named(focus)) with no .layoutChanged: it stays "
        + "on its item while the item is in the list"
    }
    if last != focus {
      return "the last .layoutChanged names \(named(last)), but VoiceOver's cursor is on \(named(focus))"
    }
    // Roots arriving together may delete the cursor's item and put it back.
    if case .changes(let changes) = step, changes.count > 1 { return nil }
    if posted.count > 1 { return "\(posted.count) .layoutChanged were posted in one step: one names the new place" }
    guard let before else { return "a .layoutChanged was posted, but VoiceOver's cursor was on nothing" }
    if place(of: before) != nil {
      return "a .layoutChanged moved VoiceOver's cursor from \(before), which is still in the list, to \(named(focus))"
    }
    return nil
  }

  /// What VoiceOver reads equals what it reads on a new screen given the
  /// same root at the same place (`fresh`): a cell's label, value, hint,
  /// traits or actions are not left over from an earlier item or view
  /// model.
  private func freshProblem(_ elements: [ListAccessibilityElement], _ fresh: [ListAccessibilityElement]) -> String? {
    let read = elements.map(ListScreen.spokenLine)
    let freshRead = fresh.map(ListScreen.spokenLine)
    guard read != freshRead else { return nil }
    let line = read.indices.first { !freshRead.indices.contains($0) || read[$0] != freshRead[$0] } ?? read.count
    let here = read.indices.contains(line) ? "\"\(read[line])\"" : "nothing"
    let there = freshRead.indices.contains(line) ? "\"\(freshRead[line])\"" : "nothing"
    return "VoiceOver reads element \(line + 1) as \(here), but on a new screen given the same root at the same "
      + "place as \(there): an accessibility label, value, hint or trait left over from an earlier configure"
  }
}
