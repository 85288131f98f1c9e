import HeadlessCollection
import ListDiff

/// VoiceOver's cursor on a list and what the list tells it, kept by
/// identity.
///
/// Invariants (checked against the list shown, see `invariantViolations`):
/// - the focus names an item shown, by its whole section path, or nothing:
///   a root that deletes it moves it (to the item now at its place, else
///   the one before), a drag into another section renames it;
/// - a focus on a carousel's or a grid's row stands for the focus of the
///   row's own list (the item in it the cursor is on), kept there;
/// - each item is reported for an empty label at most once while it is
///   shown (`reportedEmptyLabels` holds only identities shown);
/// - a carousel's or a grid's list has a focus only while the list it is
///   in has its focus on its row.
struct AccessibilityState {
  /// The item VoiceOver's cursor is on, in this list.
  private(set) var focus: ListItemID?
  /// Whether applied roots are announced (see ``ListDiffDataSource/announcesUpdates``).
  private(set) var announcesUpdates = false
  /// The items reported for an empty label while shown.
  private(set) var reportedEmptyLabels: Set<ListItemID> = []
  /// What applied roots are announced as.
  private(set) var announcer = AccessibilityAnnouncer()

  /// The announcement of `root`, if any (see `AccessibilityAnnouncer`).
  mutating func announcement(of root: AppliedRoot) -> String? {
    announcer.announcement(of: root)
  }

  /// Moves the cursor to `id`.
  mutating func setFocus(_ id: ListItemID?) {
    focus = id
  }

  /// Turns announcing on or off.
  mutating func setAnnouncesUpdates(_ announces: Bool) {
    announcesUpdates = announces
  }

  /// Whether `id`'s empty label is to be reported: the first time it is
  /// seen while shown.
  mutating func reportsEmptyLabel(of id: ListItemID) -> Bool {
    reportedEmptyLabels.insert(id).inserted
  }

  /// Forgets the items `shown` no longer has (`shown` says whether one is).
  mutating func keepReported(where shown: (ListItemID) -> Bool) {
    guard !reportedEmptyLabels.isEmpty else { return }
    reportedEmptyLabels = reportedEmptyLabels.filter(shown)
  }

  /// An item the user dragged into another section is renamed by it.
  mutating func rekey(_ old: ListItemID, to new: ListItemID) {
    if focus == old { focus = new }
  }

  /// Breaks the first invariant on purpose, for the tests of the checks.
  mutating func plantFocusOfGoneItem() {
    focus = ListItemID(identifier: "\u{0}gone", sectionPath: ["\u{0}gone"])
  }
}

extension AccessibilityState: DataSourcePart {
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("AccessibilityState")
    var ids = reportedEmptyLabels
    if let focus { ids.insert(focus) }
    let shown = dataSource.indexes(of: ids)
    check.expect(focus.map { shown[$0] != nil } ?? true, "the accessibility focus names an item shown")
    check.expect(reportedEmptyLabels.allSatisfy { shown[$0] != nil }, "only items shown are kept as reported")
    let strayFocus = dataSource.controllers.all.contains { controller in
      guard let row = controller as? any NestedListRow, let inner = row.nestedList?.dataSource else { return false }
      return inner.accessibility.focus != nil && controller.itemID != focus
    }
    check.expect(!strayFocus, "only the focused row's carousel or grid has a focus")
    return check.violations
  }
}

/// Accessibility as a feature of the data source's lifecycle: VoiceOver's
/// cursor follows its item through every root, drag and load, and moves
/// (with one `.layoutChanged`) only when its item is deleted; with
/// ``ListDiffDataSource/announcesUpdates`` each applied root is announced
/// from its diff. The elements, the moves, the actions and the page
/// scrolls are the data source's accessibility extensions beside this
/// file; the state is `AccessibilityState`, changed only here.
///
/// Nobody asking costs nothing: no hook reads a cell or a label unless the
/// cursor is set or updates are announced.
@MainActor
final class AccessibilityFeature: ListFeature {
  private unowned let dataSource: ListDiffDataSource
  /// The cursor, the announcing switch, what was reported.
  private(set) var state = AccessibilityState()
  /// See ``ListDiffDataSource/accessibilityNotificationHandler``.
  var handler: (@MainActor (ListAccessibilityNotification) -> Void)?

  init(_ dataSource: ListDiffDataSource) {
    self.dataSource = dataSource
  }

  /// The cursor in this list (a nested row's when it is in a carousel or a grid).
  var focus: ListItemID? { state.focus }

  /// Whether applied roots are announced: this list's switch, or, for a
  /// carousel's or a grid's list, the list's it is in.
  var announcesUpdates: Bool {
    dataSource.features.nestedLists.parent?.features.accessibility.announcesUpdates ?? state.announcesUpdates
  }

  // MARK: Transitions

  /// Moves the cursor to `id` (an item of this list, or nil). A cursor
  /// leaving a carousel's or a grid's row leaves its list too: a focus
  /// kept there would still follow that list's deletions and post their
  /// `.layoutChanged`, naming an item the cursor is not on.
  func setFocus(_ id: ListItemID?) {
    if let old = state.focus, old != id, let row = dataSource.index(of: old),
      let inner = dataSource.nestedDataSource(at: row)
    {
      inner.accessibility.setFocus(nil)
    }
    state.setFocus(id)
  }

  /// Turns announcing on or off.
  func setAnnouncesUpdates(_ announces: Bool) {
    state.setAnnouncesUpdates(announces)
  }

  /// Whether `id`'s empty label is to be reported now (once while shown).
  func reportsEmptyLabel(of id: ListItemID) -> Bool {
    state.reportsEmptyLabel(of: id)
  }

  /// Breaks a rule of the state on purpose (the tests of the checks).
  func plantFocusOfGoneItem() {
    state.plantFocusOfGoneItem()
  }

  /// Tells the app's handler (and the hooks' observer) `notification`;
  /// a carousel's or a grid's list tells the list it is in.
  func post(_ notification: ListAccessibilityNotification) {
    if let parent = dataSource.features.nestedLists.parent {
      return parent.features.accessibility.post(notification)
    }
    dataSource.hooks.accessibilityNotificationObserver?(notification)
    guard let handler else { return }
    dataSource.callingOut { handler(notification) }
  }

  // MARK: Lifecycle

  /// The cursor's item was deleted: the cursor moves as the keyboard focus
  /// does (the item now at its place, else the one before), with one
  /// `.layoutChanged`. Then the root is announced, if asked.
  func rootDidApply(_ root: AppliedRoot) {
    if !state.reportedEmptyLabels.isEmpty {
      let shown = dataSource.indexes(of: state.reportedEmptyLabels)
      state.keepReported { shown[$0] != nil }
    }
    if let focus = state.focus, !root.changes.deletes.isEmpty, dataSource.index(of: focus) == nil {
      let old = dataSource.index(of: focus, in: root.old)
      let moved = old.flatMap { dataSource.survivingNeighbour(of: $0, in: root.old) }
      state.setFocus(moved.map { dataSource.itemID(at: $0) })
      post(.layoutChanged(focus: dataSource.accessibilityFocus))
    }
    guard announcesUpdates, let text = state.announcement(of: root) else { return }
    post(.announcement(text))
  }

  func itemDidChangeSection(from old: ListItemID, to new: ListItemID) {
    state.rekey(old, to: new)
  }

  func invariantViolations() -> [InvariantViolation] {
    state.invariantViolations(in: dataSource)
  }
}

extension ListDiffDataSource {
  /// The accessibility feature (see `AccessibilityFeature`).
  var accessibility: AccessibilityFeature { features.accessibility }
}
