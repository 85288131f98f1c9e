import ListDiffUI
import Testing

/// The screen as VoiceOver reads it, and VoiceOver's gestures: the data
/// source's accessibility (ListDiffUI's article *Accessibility*), read as
/// text and driven step by step, failing the test where VoiceOver would
/// bonk.
extension ListScreen {
  /// The elements VoiceOver reaches now, in reading order, one line each.
  ///
  /// A line is the element's description as VoiceOver speaks it (label,
  /// value, the traits it speaks, a grid item's row and column, "3 of
  /// 12"), after "▸ " for the element with the accessibility focus and
  /// two spaces for the others; then, when it has them, ` | hint: ` and
  /// its hint, and ` | actions: ` and the names of its custom actions,
  /// separated by ", ":
  ///
  /// ```
  ///   Groceries, Heading
  /// ▸ milk, Selected, 1 of 2 | actions: Delete
  ///   bread, 2 of 2 | hint: Opens the recipe | actions: Delete
  /// ```
  ///
  /// When the focus is on an item off screen (the list was scrolled away
  /// from it), a last line says so: `▸ off screen: groceries/milk`. Empty
  /// when nothing is on screen. Snapshot it with
  /// ``expectSnapshot(_:named:sourceLocation:)-(String,_,_)``.
  ///
  /// Reading the elements reports an element with an empty label (an
  /// `emptyAccessibilityLabel` warning, which fails the test unless it is
  /// expected).
  ///
  /// - Complexity: that of ``accessibilityElements``, plus the text.
  public var accessibilityText: String {
    Self.accessibilityText(of: accessibilityElements, focus: dataSource.accessibilityFocus)
  }

  /// `elements` read as ``accessibilityText`` reads them, the cursor on
  /// `focus`.
  ///
  /// - Complexity: O(*k*) in the text's length.
  static func accessibilityText(of elements: [ListAccessibilityElement], focus: ListItemID?) -> String {
    var lines = elements.map { (($0.item == focus) ? "▸ " : "  ") + spokenLine($0) }
    if let focus, !elements.contains(where: { $0.item == focus }) {
      lines.append("▸ off screen: \(focus)")
    }
    return lines.joined(separator: "\n")
  }

  /// What VoiceOver says of `element`, its hint and actions included: a
  /// line of ``accessibilityText`` after its marker.
  static func spokenLine(_ element: ListAccessibilityElement) -> String {
    var line = element.description
    if let hint = element.hint, !hint.isEmpty { line += " | hint: " + hint }
    if !element.customActions.isEmpty { line += " | actions: " + element.customActions.joined(separator: ", ") }
    return line
  }

  /// The elements VoiceOver reaches now, in reading order: the data
  /// source's `ListDiffDataSource/accessibilityElements`, after laying out.
  ///
  /// - Complexity: O(*v* log *v*) in the visible items, plus their
  ///   controllers' item actions.
  public var accessibilityElements: [ListAccessibilityElement] {
    collectionView.layoutIfNeeded()
    return dataSource.accessibilityElements
  }

  /// The accessibility notifications the list posted during the last step
  /// (every call that acts on the screen is a step: a root, a gesture, a
  /// key, an accessibility move or action), oldest first: `.announcement`s
  /// of updates and moves, `.layoutChanged` when the focused item was
  /// deleted, `.pageScrolled` after ``accessibilityScroll(_:sourceLocation:)``.
  ///
  /// The screen hears them beside the data source's
  /// `ListDiffDataSource/accessibilityNotificationHandler`, which stays the
  /// test's (or the app's) to set.
  ///
  /// - Complexity: O(1).
  public var accessibilityNotifications: [ListAccessibilityNotification] {
    notificationsOfStep
  }

  /// Moves VoiceOver's cursor as `move` says
  /// (`ListDiffDataSource/moveAccessibilityFocus(_:)`: a swipe, a heading
  /// move, the first or last element), scrolling as VoiceOver does, and
  /// lays out. Where VoiceOver would bonk — at an end of the list, with no
  /// element, with no heading that way — the test fails, saying why, and
  /// nothing moves.
  ///
  /// - Complexity: that of the move: O(*k*) for the items passed over,
  ///   O(*s*) in the sections for a heading move, plus the scroll.
  public func moveAccessibilityFocus(
    _ move: ListAccessibilityMove, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    let from = dataSource.accessibilityFocus.map(spokenName)
    var moved = false
    countingGesture {
      moved = dataSource.moveAccessibilityFocus(move)
      collectionView.layoutIfNeeded()
    }
    guard !moved else { return }
    let reason = Self.bonk(move, from: from, empty: dataSource.itemCount == 0)
    record("moveAccessibilityFocus(.\(move)): " + reason, at: sourceLocation)
  }

  /// Why `move` moved nothing from the element `from` describes (nil: no
  /// focus).
  private static func bonk(_ move: ListAccessibilityMove, from: String?, empty: Bool) -> String {
    if empty { return "the list is empty: there is no element to move to" }
    let here = from.map { "\"\($0)\"" }
    switch move {
    case .first, .last:
      return "no item of the list is an accessibility element"
    case .next:
      return here.map { "nothing follows \($0): it is the list's last element" } ?? "no element to move to"
    case .previous:
      return here.map { "nothing comes before \($0): it is the list's first element" } ?? "no element to move to"
    case .nextHeading:
      return "no heading follows " + (here ?? "the start of the list")
    case .previousHeading:
      return "no heading comes before " + (here ?? "the end of the list")
    }
  }

  /// Activates the element under VoiceOver's cursor, as a double tap does
  /// (`ListDiffDataSource/activateAccessibilityFocus()`: its cell's
  /// `accessibilityActivate()`, else a tap on the item), and lays out.
  /// With no cursor the test fails and nothing happens.
  ///
  /// - Complexity: that of the activation or the tap.
  public func activateAccessibilityFocus(sourceLocation: SourceLocation = #_sourceLocation) {
    beginStep(at: sourceLocation)
    guard dataSource.accessibilityFocus != nil else {
      return record(
        "activateAccessibilityFocus(): nothing has the accessibility focus; move it first "
          + "(moveAccessibilityFocus(.first))", at: sourceLocation)
    }
    countingGesture {
      dataSource.activateAccessibilityFocus()
      collectionView.layoutIfNeeded()
    }
  }

  /// Runs the custom action called `name` of the element under VoiceOver's
  /// cursor, as its actions rotor does
  /// (`ListDiffDataSource/performAccessibilityAction(named:)`: the cell's
  /// own actions, the item's actions, "Move up" and the other moves), and
  /// lays out. With no cursor, or when the element offers no action called
  /// `name`, the test fails, naming the actions it does offer, and nothing
  /// runs. An action that runs and answers false (a move the drag's rules
  /// refuse) does not fail the test: look at what it changed.
  ///
  /// - Complexity: that of the action.
  public func performAccessibilityAction(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
    beginStep(at: sourceLocation)
    guard let focus = dataSource.accessibilityFocus else {
      return record(
        "performAccessibilityAction(\"\(name)\"): nothing has the accessibility focus; move it first "
          + "(moveAccessibilityFocus(.first))", at: sourceLocation)
    }
    var done = false
    countingGesture {
      done = dataSource.performAccessibilityAction(named: name)
      collectionView.layoutIfNeeded()
    }
    // False: no such action, or one that answered false. The call showed
    // the element, so its actions can be read now.
    guard !done, let element = dataSource.accessibilityElements.first(where: { $0.item == focus }),
      !element.customActions.contains(name)
    else { return }
    let offered = element.customActions.map { "\"\($0)\"" }.joined(separator: ", ")
    record(
      "performAccessibilityAction(\"\(name)\"): \"\(element.description)\" offers "
        + (offered.isEmpty ? "no actions" : offered), at: sourceLocation)
  }

  /// Scrolls a page toward `direction`, as VoiceOver's three-finger swipe
  /// does (`ListDiffDataSource/accessibilityScroll(_:)`: `.down` shows what
  /// is below), and lays out; the page scrolled is announced in
  /// ``accessibilityNotifications``. At that end of the list, or across
  /// its scroll direction, the test fails and nothing scrolls.
  ///
  /// - Complexity: a layout pass.
  public func accessibilityScroll(
    _ direction: ListAccessibilityScrollDirection, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    var scrolled = false
    countingGesture {
      scrolled = dataSource.accessibilityScroll(direction)
      collectionView.layoutIfNeeded()
    }
    guard !scrolled else { return }
    let vertical = collectionView.collectionViewLayout.scrollDirection == .vertical
    let across = vertical ? [.left, .right] : [ListAccessibilityScrollDirection.up, .down]
    record(
      "accessibilityScroll(.\(direction)): "
        + (across.contains(direction)
          ? "the list scrolls \(vertical ? "vertically" : "horizontally"); .\(direction) scrolls nothing"
          : "the list is at its \([.up, .left].contains(direction) ? "start" : "end"); there is no page further"),
      at: sourceLocation)
  }

  /// How a failure names the item `id`: its description when on screen,
  /// else its identity.
  private func spokenName(_ id: ListItemID) -> String {
    dataSource.accessibilityElements.first { $0.item == id }?.description ?? id.description
  }
}
