import Foundation
import ListDiffUI
import ListDiffUITerminal
import Testing
import ToDoCore

/// Titles no one of which ends another, so a row is found by its title.
private let titles = ["milk", "eggs", "tea", "bread", "jam", "rice", "oats", "salt", "figs", "kale", "plum", "soap"]

/// The row of `lines` (a plain frame) that shows the item titled `title`:
/// " 3. tea" or " 3. tea, done", with a selection or notes said after it.
private func row(of title: String, in lines: [String]) -> Int? {
  lines.firstIndex { line in
    guard let dot = line.range(of: ". ") else { return false }
    let rest = line[dot.upperBound...]
    return line[..<dot.lowerBound].allSatisfy { $0 == " " || $0.isNumber }
      && (rest == title || rest.hasPrefix(title + ","))
  }
}

@MainActor
@Suite("todo for a screen reader", .timeLimit(.minutes(20)))
struct ScreenReaderToDoTests {
  @Test("rows are labelled (\"buy milk, done, 3 of 12\"), the labels are headings, the actions custom actions")
  func labels() async throws {
    var items = titles.enumerated().map { ToDoItem(id: "d\($0.offset)", title: $0.element, isDone: true, createdAt: fixedDate) }
    items[2].title = "buy milk"
    items.insert(ToDoItem(id: "o1", title: "eggs", notes: "free range", createdAt: fixedDate), at: 0)
    items.insert(ToDoItem(id: "o2", title: "tea", createdAt: fixedDate), at: 1)
    let driver = await Driver(width: 40, height: 24, items: items, screenReader: true)
    let dataSource = driver.screen.dataSource
    let elements = dataSource.accessibilityElements
    let descriptions = elements.map(\.description)
    #expect(descriptions.first == "2 open, 12 done, showing all, Heading", "\(descriptions)")
    #expect(elements.first?.traits.contains(.header) == true)
    #expect(descriptions.contains("completed, 12 items, Heading"))
    #expect(descriptions.contains("buy milk, done, 3 of 12"))
    #expect(descriptions.contains("tea, 2 of 2"))
    let eggs = try #require(elements.first { $0.label == "eggs" })
    #expect(eggs.description == "eggs, Selected, 1 of 2" || eggs.description == "eggs, 1 of 2", "\(eggs.description)")
    #expect(eggs.hint == "has notes")
    #expect(eggs.customActions == ["Done", "Edit title", "Edit notes", "Delete", "Move down", "Move to top", "Move to bottom"])
    let milk = try #require(elements.first { $0.label == "buy milk" })
    #expect(milk.customActions.first == "Reopen")
    #expect(milk.customActions.contains("Move up") && milk.customActions.contains("Move down"))
    // A custom action does what the item's menu does: the store hears it.
    dataSource.accessibilityFocus = eggs.item
    #expect(dataSource.performAccessibilityAction(named: "Move down"))
    await waitFor { await driver.store.snapshot.items.map(\.title).prefix(2) == ["tea", "eggs"] }
    dataSource.accessibilityFocus = milk.item
    #expect(dataSource.performAccessibilityAction(named: "Reopen"))
    await waitFor { await driver.store.snapshot.items.first { $0.title == "buy milk" }?.isDone == false }
  }

  @Test("every cell is drawn plain: no focus mark, check box, rule or dot")
  func plainRows() async {
    let driver = await Driver(width: 40, height: 12, screenReader: true)
    await driver.add("milk", "eggs", "tea")
    await driver.press(.up, .character(" "))
    let lines = driver.lines
    #expect(Array(lines[0..<7]) == [
      "2 open, 1 done, showing all", "", "  1. milk", "  2. tea", "completed (1)", "  3. eggs, done", "",
    ], "\(lines)")
    for glyph in ["›", "[x]", "[ ]", "─", "·"] {
      #expect(!driver.text.contains(glyph), "\(glyph) in \(lines)")
    }
  }

  @Test("help names the keys a screen reader can say, without the marks plain rows do not draw")
  func spokenHelp() async {
    let driver = await Driver(width: 60, height: 30, screenReader: true)
    await driver.add("milk")
    await driver.press(.character("?"))
    let lines = driver.lines
    #expect(lines.first == "keys", "\(lines)")
    #expect(lines.contains { $0.hasPrefix("Up Down  k j") }, "\(lines)")
    #expect(lines.contains { $0.contains("Shift+Up Down") && $0.hasSuffix("select the items the focus passes") }, "\(lines)")
    for glyph in ["›", "*", "↑", "↓", "│", "─"] {
      #expect(!driver.text.contains(glyph), "\(glyph) in \(lines)")
    }
  }

  /// Moves, marks, deletions, drags, selection and resizes, in both update
  /// modes: after each, the cursor shows at the start of the focused
  /// item's row, the status line ends with what VoiceOver says of it, and
  /// VoiceOver's cursor is on it.
  @Test("the cursor stays on the focused row", arguments: [false, true])
  func theCursorFollowsTheFocus(async: Bool) async throws {
    let driver = await Driver(width: 40, height: 10, screenReader: true, async: async)
    for title in titles { await driver.add(title) }
    // Keys as the event loop delivers them: each applied to the screen
    // (which clears what a frame already said), handled, then drawn.
    func keys(_ keys: Key...) async {
      for key in keys {
        await driver.send(.key(key))
        _ = driver.app.frame()
      }
    }
    let steps: [(String, @MainActor () async -> Void)] = [
      ("up", { await keys(.up) }),
      ("up twice", { await keys(.up, .up) }),
      ("mark done", { await keys(.character(" ")) }),
      ("page up", { await keys(.pageUp) }),
      ("delete", { await keys(.character("d")) }),
      ("drag down", { await keys(.character("J")) }),
      ("drag up", { await keys(.character("K")) }),
      ("narrower and lower", { await driver.send(.resize(TerminalSize(width: 24, height: 6))) }),
      ("end", { await keys(.end) }),
      ("reopen", { await keys(.character(" ")) }),
      ("wider", { await driver.send(.resize(TerminalSize(width: 60, height: 14))) }),
      ("select two", { await keys(.modified(.up, .shift)) }),
      ("mark both", { await keys(.character(" ")) }),
      ("home", { await keys(.home) }),
      ("delete the first", { await keys(.character("d")) }),
      ("undo", { await keys(.character("u")) }),
    ]
    for (name, step) in steps {
      await step()
      let frame = driver.app.frame()
      let title = try #require(await driver.selectedTitle, "\(name): nothing focused")
      let expected = row(of: title, in: frame.lines)
      #expect(expected != nil, "\(name): \(title) not in \(frame.lines)")
      #expect(frame.cursor?.row == expected && frame.cursor?.column == 0 && frame.showsCursor, "\(name): \(frame.lines)")
      // The status line ends with the description, unless what was said
      // before it (an announcement, a message) filled the width.
      let status = frame.lines.last ?? ""
      #expect(status.contains(title) || status.hasSuffix("…"), "\(name): \(frame.lines)")
      #expect(driver.screen.dataSource.accessibilityFocus == driver.screen.dataSource.focusedItem, "\(name)")
    }
  }

  /// The sample's README shows this frame verbatim (read where `swift
  /// test` runs; Bazel does not give tests the READMEs).
  @Test(.disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "the README is not a runfile"))
  func theReadmeFrame() async throws {
    let driver = await Driver(width: 64, height: 12, screenReader: true)
    await driver.add("buy milk", "fix the bike's back brake", "water the plants", "call mum", "book the dentist")
    // Drawn after each key, as the event loop does: what a frame said, the
    // next key clears.
    for key: Key in [.up, .character(" "), .up, .up] {
      _ = driver.app.frame()
      await driver.send(.key(key))
    }
    let frame = driver.app.frame()
    #expect(frame.cursor?.row == 3 && frame.cursor?.column == 0 && frame.showsCursor)
    let text = frame.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let readme = try String(contentsOf: root.appendingPathComponent("SampleApps/ToDo/README.md"), encoding: .utf8)
    #expect(readme.contains("```\n" + text + "\n```"), "the README does not show the frame:\n\(text)")
  }

  @Test("a change is announced on the status line until the next event")
  func announcements() async {
    let driver = await Driver(width: 80, height: 10, screenReader: true)
    await driver.add("milk")
    // The counts heading and the empty list's placeholder change too; the
    // item is what is counted.
    #expect(driver.lines.last == "1 item added. milk, 1 of 1", "\(driver.lines)")
    #expect(driver.lines.last == "1 item added. milk, 1 of 1", "no event: still said")
    await driver.send(.key(.character("d")))
    #expect(driver.lines.last?.hasPrefix("1 item removed. deleted “milk”") == true, "\(driver.lines)")
    await driver.send(.key(.escape))
    #expect(driver.lines.last == "", "\(driver.lines)")
  }

  /// The line mode's `scroll down` pages as VoiceOver's three-finger swipe
  /// does: by the viewport less the pinned counts, so the item after the
  /// last one shown comes first under them.
  @Test("a page is the viewport less the pinned counts")
  func pageScroll() async {
    let items = (1...30).map { ToDoItem(id: "i\($0)", title: "item \($0)", createdAt: fixedDate) }
    let store = ToDoStore(items: items, clock: .fixed(fixedDate))
    let screen = ToDoScreen(store: store, width: 40, height: 10, timeZone: utc, showsCommands: false)
    var heard: [ListAccessibilityNotification] = []
    screen.dataSource.accessibilityNotificationHandler = { heard.append($0) }
    screen.start()
    await screen.waitUntilShown(0)
    #expect(screen.lines()[2] == "  1. [ ] item 1" && screen.lines()[9] == "  8. [ ] item 8")
    #expect(screen.scroll(.down))
    #expect(screen.lines()[2] == "  9. [ ] item 9", "\(screen.lines())")
    #expect(heard == [.pageScrolled("Rows 10 to 17 of 31")], "the header is the first of 31 rows")
    #expect(screen.scroll(.up))
    #expect(screen.lines()[2] == "  1. [ ] item 1")
    #expect(!screen.scroll(.up), "at the top")
  }
}

/// Waits (up to ten seconds) until `condition` holds.
@MainActor
private func waitFor(_ condition: @MainActor () async -> Bool) async {
  for _ in 0..<1_000 {
    if await condition() { return }
    try? await Task.sleep(for: .milliseconds(10))
  }
  Issue.record("the condition never held")
}
