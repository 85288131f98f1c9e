import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing

/// The failures a screen's steps report, read as values: the screen hands
/// them here instead of recording issues (a test expecting an issue would
/// print it as a failure).
@MainActor
final class ScreenFailures {
  var messages: [String] = []
}

/// A screen whose failures go to the returned list, with a chore log as
/// its context object.
@MainActor
func recordingScreen(
  width: Int, height: Int, async: Bool = false, log: ChoreLog = ChoreLog()
) -> (ListScreen, ScreenFailures) {
  let failures = ScreenFailures()
  let screen = ListScreen(
    width: width, height: height, applyUpdatesAsync: async, contextObjectList: [log],
    issueSink: { failures.messages.append($0) }, sourceLocation: #_sourceLocation)
  return (screen, failures)
}

/// Shows `section` in either mode.
@MainActor
func show(_ section: Section?, on screen: ListScreen) async {
  if screen.dataSource.applyUpdatesAsync {
    await screen.setRoot(section)
  } else {
    showNow(section, on: screen)
  }
}

/// The synchronous `setRoot`, which an async context would not pick.
@MainActor
private func showNow(_ section: Section?, on screen: ListScreen) {
  screen.setRoot(section)
}

@Suite("ListScreen's accessibility", .timeLimit(.minutes(20)))
@MainActor
struct ListScreenAccessibilityTests {
  private static let milkBreadEggs = chores(["milk", "bread", "eggs"])

  @Test("accessibilityText reads every element in order, one line each, the focused one marked")
  func textReadsTheElements() {
    let (screen, failures) = recordingScreen(width: 30, height: 5)
    var items = Self.milkBreadEggs
    items[1].done = true
    items[2].hint = "Opens the recipe"
    screen.setRoot(choreSection(items))
    #expect(
      screen.accessibilityText == """
          Chores, Heading
          milk, 1 of 3 | actions: Done, Delete, Move down, Move to top, Move to bottom
          bread, done, 2 of 3 | actions: Reopen, Delete, Move up, Move down, Move to top, Move to bottom
          eggs, 3 of 3 | hint: Opens the recipe | actions: Done, Delete, Move up, Move to top, Move to bottom
        """)
    screen.moveAccessibilityFocus(.first)
    #expect(screen.accessibilityText.split(separator: "\n").first == "▸ Chores, Heading")
    screen.moveAccessibilityFocus(.next)
    let lines = screen.accessibilityText.split(separator: "\n")
    #expect(
      lines.filter { $0.hasPrefix("▸ ") } == ["▸ milk, 1 of 3 | actions: Done, Delete, Move down, Move to top, Move to bottom"])
    #expect(screen.accessibilityElements.map(\.item.identifier) == ["title", "c0", "c1", "c2"])
    #expect(screen.accessibilityElements[1].item == screen.dataSource.accessibilityFocus)
    #expect(failures.messages.isEmpty, "\(failures.messages)")
  }

  @Test("a focus on an item scrolled off screen is a last line saying so")
  func focusOffScreen() {
    let (screen, _) = recordingScreen(width: 20, height: 3)
    screen.setRoot(choreSection(chores((0..<8).map { "chore \($0)" })))
    screen.moveAccessibilityFocus(.first)
    let focus = screen.dataSource.accessibilityFocus
    #expect(focus != nil)
    screen.scroll(by: 4)
    let lines = screen.accessibilityText.split(separator: "\n")
    #expect(lines.count == 4)
    #expect(lines.last.map(String.init) == "▸ off screen: \(focus?.description ?? "?")")
    #expect(lines.dropLast().allSatisfy { $0.hasPrefix("  ") })
  }

  @Test("an empty screen reads as nothing")
  func emptyScreen() {
    let (screen, failures) = recordingScreen(width: 20, height: 3)
    #expect(screen.accessibilityText == "")
    #expect(screen.accessibilityElements.isEmpty)
    screen.setRoot(choreSection([]))
    #expect(screen.accessibilityText == "  Chores, Heading")
    #expect(failures.messages.isEmpty)
  }

  @Test("a move that bonks fails the test, saying why, and moves nothing")
  func movesThatBonk() {
    let (screen, failures) = recordingScreen(width: 30, height: 5)
    screen.moveAccessibilityFocus(.next)
    screen.setRoot(choreSection(Self.milkBreadEggs))
    screen.moveAccessibilityFocus(.last)
    let last = screen.dataSource.accessibilityFocus
    screen.moveAccessibilityFocus(.next)
    screen.moveAccessibilityFocus(.nextHeading)
    #expect(screen.dataSource.accessibilityFocus == last, "nothing moved")
    screen.moveAccessibilityFocus(.first)
    screen.moveAccessibilityFocus(.previous)
    screen.moveAccessibilityFocus(.previousHeading)
    #expect(
      failures.messages == [
        "moveAccessibilityFocus(.next): the list is empty: there is no element to move to",
        "moveAccessibilityFocus(.next): nothing follows \"eggs, 3 of 3\": it is the list's last element",
        "moveAccessibilityFocus(.nextHeading): no heading follows \"eggs, 3 of 3\"",
        "moveAccessibilityFocus(.previous): nothing comes before \"Chores, Heading\": it is the list's first element",
        "moveAccessibilityFocus(.previousHeading): no heading comes before \"Chores, Heading\"",
      ])
  }

  @Test("heading moves go from heading to heading, off screen too")
  func headingMoves() {
    let (screen, failures) = recordingScreen(width: 30, height: 4)
    var board = ChoreBoard()
    board.lists = [chores((0..<6).map { "first \($0)" }), chores((0..<6).map { "second \($0)" })]
    board.lists[1] = board.lists[1].map { var chore = $0; chore.identifier += "b"; return chore }
    screen.setRoot(ChoreBoard.root(board))
    screen.moveAccessibilityFocus(.nextHeading)
    #expect(screen.accessibilityText.hasPrefix("▸ List 0 (6), Heading"))
    screen.moveAccessibilityFocus(.nextHeading)
    #expect(screen.accessibilityText.hasPrefix("▸ List 1 (6), Heading"), "\(screen.accessibilityText)")
    screen.moveAccessibilityFocus(.previousHeading)
    #expect(screen.dataSource.accessibilityFocus?.sectionPath.contains("l0") == true)
    #expect(failures.messages.isEmpty, "\(failures.messages)")
  }

  @Test("custom actions run by name; an unknown one fails naming those offered")
  func customActions() {
    let log = ChoreLog()
    let (screen, failures) = recordingScreen(width: 30, height: 5, log: log)
    screen.setRoot(choreSection(Self.milkBreadEggs))
    screen.performAccessibilityAction("Delete")
    screen.moveAccessibilityFocus(.first)
    screen.moveAccessibilityFocus(.next)
    screen.performAccessibilityAction("Delete")
    #expect(log.actions == ["Delete c0"])
    screen.performAccessibilityAction("Archive")
    screen.moveAccessibilityFocus(.first)
    screen.performAccessibilityAction("Delete")
    #expect(log.actions == ["Delete c0"])
    #expect(
      failures.messages == [
        "performAccessibilityAction(\"Delete\"): nothing has the accessibility focus; move it first "
          + "(moveAccessibilityFocus(.first))",
        "performAccessibilityAction(\"Archive\"): \"milk, 1 of 3\" offers \"Done\", \"Delete\", \"Move down\", "
          + "\"Move to top\", \"Move to bottom\"",
        "performAccessibilityAction(\"Delete\"): \"Chores, Heading\" offers no actions",
      ])
  }

  @Test("Move down moves the chore as a drag would, and its announcement is the step's", arguments: [false, true])
  func moveAction(async: Bool) async {
    let (screen, failures) = recordingScreen(width: 30, height: 5, async: async)
    var moves: [ListItemMove] = []
    screen.dataSource.moveHandler = { moves.append($0) }
    await show(choreSection(Self.milkBreadEggs), on: screen)
    screen.moveAccessibilityFocus(.first)
    screen.moveAccessibilityFocus(.next)
    screen.performAccessibilityAction("Move down")
    #expect(moves.map { "\($0.identifier) \($0.fromIndex)>\($0.toIndex)" } == ["c0 0>1"])
    #expect(screen.accessibilityNotifications == [.announcement("Moved to 2 of 3")])
    #expect(screen.text.split(separator: "\n").map(String.init) == ["Chores", "[ ] bread", "[ ] milk", "[ ] eggs"])
    #expect(screen.dataSource.accessibilityFocus?.identifier == "c0", "the cursor moved with its chore")
    screen.scroll(by: 1)
    #expect(screen.accessibilityNotifications.isEmpty, "a step of its own, which posted nothing")
    #expect(failures.messages.isEmpty, "\(failures.messages)")
  }

  @Test("a double tap activates the element under the cursor; with none it fails")
  func activate() {
    let (screen, failures) = recordingScreen(width: 30, height: 5)
    screen.setRoot(choreSection(Self.milkBreadEggs))
    screen.activateAccessibilityFocus()
    #expect(
      failures.messages == [
        "activateAccessibilityFocus(): nothing has the accessibility focus; move it first "
          + "(moveAccessibilityFocus(.first))"
      ])
    screen.moveAccessibilityFocus(.last)
    screen.activateAccessibilityFocus()
    #expect(screen.dataSource.selection == [ListItemID(identifier: "c2", sectionPath: ["chores", "list"])])
    #expect(screen.accessibilityText.contains("▸ eggs, Selected, 3 of 3"), "\(screen.accessibilityText)")
    #expect(screen.lifecycle(of: "c2").last == "didSelect", "a tap")
  }

  @Test("a page scroll is announced; at an end or across the list it fails")
  func pageScrolls() {
    let (screen, failures) = recordingScreen(width: 20, height: 5)
    screen.setRoot(choreSection(chores((0..<20).map { "chore \($0)" })))
    screen.accessibilityScroll(.up)
    screen.accessibilityScroll(.down)
    guard case .pageScrolled(let page)? = screen.accessibilityNotifications.first else {
      Issue.record("no page announced: \(screen.accessibilityNotifications)")
      return
    }
    #expect(screen.accessibilityNotifications.count == 1)
    #expect(page.hasPrefix("Rows ") && page.hasSuffix(" of 21"), "\(page)")
    screen.accessibilityScroll(.left)
    #expect(
      failures.messages == [
        "accessibilityScroll(.up): the list is at its start; there is no page further",
        "accessibilityScroll(.left): the list scrolls vertically; .left scrolls nothing",
      ])
  }

  @Test("notifications are the last step's; the app's handler keeps hearing them all", arguments: [false, true])
  func notificationsOfTheLastStep(async: Bool) async {
    let (screen, failures) = recordingScreen(width: 30, height: 6, async: async)
    var heard: [ListAccessibilityNotification] = []
    screen.dataSource.accessibilityNotificationHandler = { heard.append($0) }
    screen.dataSource.announcesUpdates = true
    await show(choreSection(Self.milkBreadEggs), on: screen)
    #expect(screen.accessibilityNotifications == [.announcement("3 items added")], "the heading is not counted")
    // The cursor on bread; bread deleted: the cursor moves to eggs.
    screen.moveAccessibilityFocus(.first)
    screen.moveAccessibilityFocus(.next)
    screen.moveAccessibilityFocus(.next)
    #expect(screen.accessibilityNotifications.isEmpty)
    await show(choreSection([Self.milkBreadEggs[0], Self.milkBreadEggs[2]]), on: screen)
    let eggs = ListItemID(identifier: "c2", sectionPath: ["chores", "list"])
    #expect(screen.accessibilityNotifications == [.layoutChanged(focus: eggs), .announcement("1 item removed")])
    #expect(screen.accessibilityText.contains("▸ eggs, 2 of 2"), "\(screen.accessibilityText)")
    await show(choreSection([Self.milkBreadEggs[0], Self.milkBreadEggs[2]]), on: screen)
    #expect(screen.accessibilityNotifications.isEmpty, "a root that changed nothing")
    #expect(
      heard == [
        .announcement("3 items added"), .layoutChanged(focus: eggs), .announcement("1 item removed"),
      ])
    #expect(failures.messages.isEmpty, "\(failures.messages)")
  }

  @Test("an element without a label is a warning, which fails unless expected")
  func blankLabel() {
    let (screen, failures) = recordingScreen(width: 30, height: 5)
    var items = Self.milkBreadEggs
    items[0].done = true
    items = items.map { var chore = $0; chore.bug = .blankLabelWhenDone; return chore }
    screen.setRoot(choreSection(items))
    screen.expectWarnings(.emptyAccessibilityLabel) { _ = screen.accessibilityText }
    #expect(failures.messages.isEmpty, "\(failures.messages)")
    let (other, otherFailures) = recordingScreen(width: 30, height: 5)
    other.setRoot(choreSection(items))
    _ = other.accessibilityElements
    #expect(otherFailures.messages.count == 1)
    #expect(otherFailures.messages.first?.contains("unexpected warning (.emptyAccessibilityLabel)") == true)
  }
}
