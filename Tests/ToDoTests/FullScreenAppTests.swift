import Foundation
import ListDiffUITerminal
import TestSupport
import Testing
import ToDoCore

/// A full-screen app on a memory store, driven by keys, with no terminal.
@MainActor
final class Driver {
  let store: ToDoStore
  let screen: ToDoScreen
  let app: FullScreenApp

  /// `screenReader`: as `todo --screen-reader`; `async`: the data source
  /// applies roots on a background task (`applyUpdatesAsync`).
  init(
    width: Int = 40, height: Int = 12, storage: any ToDoStorage = MemoryStorage(), items: [ToDoItem] = [],
    notice: String? = nil, status: String? = nil, screenReader: Bool = false, async: Bool = false
  ) async {
    let ids = SequentialIDs()
    store = ToDoStore(items: items, storage: storage, clock: .fixed(fixedDate), makeID: ids.make)
    screen = ToDoScreen(
      store: store, width: width, height: height, timeZone: utc, showsCommands: false, coveredLines: 1,
      estimatesSizes: true, plain: screenReader, applyUpdatesAsync: async)
    app = FullScreenApp(store: store, screen: screen, width: width, height: height, screenReader: screenReader)
    await app.start(notice: notice, status: status)
  }

  /// Types `text` one character at a time.
  func type(_ text: String) async {
    for character in text { await press(.character(character)) }
  }

  /// An event as the terminal screen's event loop delivers it: applied to
  /// the screen first (a click selects, the wheel scrolls), then handled.
  func send(_ event: TerminalEvent) async {
    app.terminal.apply(event)
    _ = await app.handle(event)
  }

  @discardableResult
  func press(_ keys: Key...) async -> FullScreenApp.Outcome {
    var outcome = FullScreenApp.Outcome.redraw
    for key in keys { outcome = await app.handle(key) }
    return outcome
  }

  func add(_ titles: String...) async {
    for title in titles {
      await press(.character("a"))
      for character in title { await press(.character(character)) }
      await press(.enter)
    }
  }

  var lines: [String] { app.frame().lines }
  var text: String { lines.joined(separator: "\n") }
  var selectedTitle: String? {
    get async { await store.snapshot.items.first { $0.id == app.selectedID }?.title }
  }
}

@Suite("The full-screen app, without a terminal", .timeLimit(.minutes(20)))
@MainActor
struct FullScreenAppTests {
  @Test func theFrameFillsTheTerminalExactly() async {
    for (width, height) in [(80, 24), (50, 15), (20, 5), (133, 41)] {
      let driver = await Driver(width: width, height: height)
      await driver.add("milk", "eggs")
      let lines = driver.lines
      #expect(lines.count == height, "\(width)×\(height)")
      for line in lines { #expect(TerminalText.columns(line) <= width, "\(width)×\(height): \(line)") }
      #expect(lines[0].hasPrefix("2 open · 0 done"))
      #expect(lines.last == FullScreenKeys.footer(width: width))
      #expect(lines.last?.hasSuffix("? help · q quit") == true)
      // The list is the collection view at exactly the terminal's size; the
      // footer covers its last row, which its bottom inset keeps clear.
      let collection = driver.screen.collectionView
      #expect(collection.frame.size == CGSize(width: width, height: height))
      let rendered = collection.renderText().split(separator: "\n", omittingEmptySubsequences: false)
      #expect(rendered.count == height)
      #expect(rendered.dropLast().map { String($0.reversed().drop { $0 == " " }.reversed()) } == lines.dropLast())
    }
  }

  /// Marking the focused item done moves it to the completed items; the
  /// focus stays in place, on the item that takes its row. (The selection
  /// used to follow the item into the completed section.)
  @Test func theFocusMovesAndStaysInPlaceThroughDone() async {
    let driver = await Driver()
    await driver.add("milk", "eggs", "tea")
    #expect(await driver.selectedTitle == "tea")  // a new item is focused
    await driver.press(.home, .down)
    #expect(await driver.selectedTitle == "eggs")
    #expect(driver.text.contains("› 2. [ ] eggs"))
    await driver.press(.character(" "))
    #expect(await driver.selectedTitle == "tea")
    #expect(driver.text.contains("› 2. [ ] tea\n── completed (1)"))
    #expect(driver.text.contains("  3. [x] eggs"))
    #expect(driver.text.components(separatedBy: "›").count == 2)  // one highlight
    // Reopened, eggs goes back between milk and tea; the focus stays on
    // tea, the item before it in the list as it was.
    await driver.press(.down, .character(" "))
    #expect(driver.text.contains("  2. [ ] eggs\n› 3. [ ] tea"))
    await driver.press(.up, .character("k"))
    #expect(await driver.selectedTitle == "milk")
    await driver.press(.up)  // stays at the top
    #expect(await driver.selectedTitle == "milk")
  }

  @Test func deletingMovesTheSelectionToTheNextItemAndUndoBringsItBack() async {
    let driver = await Driver()
    await driver.add("milk", "eggs", "tea")
    await driver.press(.home, .down, .character("d"))
    #expect(await driver.selectedTitle == "tea")
    #expect(driver.lines.last == "deleted “eggs” — u undoes")
    await driver.press(.character("d"))
    #expect(await driver.selectedTitle == "milk")  // the last went: the one before
    await driver.press(.character("u"))
    #expect(await driver.store.snapshot.items.map(\.title) == ["milk", "tea"])
    #expect(await driver.selectedTitle == "tea")
    await driver.press(.character("u"))
    #expect(await driver.store.snapshot.items.map(\.title) == ["milk", "eggs", "tea"])
    #expect(await driver.selectedTitle == "eggs")
  }

  @Test func undoReachesBackThroughEveryKindOfChange() async {
    let driver = await Driver()
    await driver.add("milk", "eggs")
    var states = [await driver.store.snapshot.items]
    await driver.press(.character("e"), .control("u"))
    for character in "oat milk" { await driver.press(.character(character)) }
    await driver.press(.enter)
    states.append(await driver.store.snapshot.items)
    await driver.press(.character("n"))
    for character in "two litres" { await driver.press(.character(character)) }
    await driver.press(.enter, .character("K"))
    states.append(await driver.store.snapshot.items)
    await driver.press(.character(" "))
    // eggs (selected, as the last added) became oat milk, moved up, done.
    #expect(await driver.store.snapshot.items.map(\.title) == ["oat milk", "milk"])
    #expect(await driver.store.snapshot.items.first?.isDone == true)
    // Undo: done, move+notes… each step back one change.
    await driver.press(.character("u"))
    #expect(await driver.store.snapshot.items == states[2])
    await driver.press(.character("u"), .character("u"))
    #expect(await driver.store.snapshot.items == states[1])
    await driver.press(.character("u"))
    #expect(await driver.store.snapshot.items == states[0])
    await driver.press(.character("u"), .character("u"), .character("u"))
    #expect(await driver.store.snapshot.items.isEmpty)
    #expect(driver.lines.last == "nothing to undo")
  }

  @Test func theEditorCancelsWithEscapeAndRefusesEmptyTitlesInTheFooter() async {
    let driver = await Driver()
    await driver.add("milk")
    await driver.press(.character("a"), .character("x"))
    // The title limit shows at the right while typing.
    #expect(driver.lines.last == "add: x" + String(repeating: " ", count: 28) + " 1/500")
    #expect(driver.app.frame().cursor?.row == 11 && driver.app.frame().cursor?.column == 6)
    await driver.press(.escape)
    #expect(await driver.store.snapshot.items.count == 1)
    await driver.add("   ")
    // Full-screen wording: no command to type text after.
    #expect(driver.lines.last == TerminalText.fit(ToDoError.emptyTitle.fullScreenDescription, width: 40))
    #expect(driver.lines.last?.hasPrefix("the title is empty — nothing changed") == true)
    #expect(await driver.store.snapshot.items.count == 1)
  }

  @Test func aFailedSaveShowsOneLineAndChangesNothing() async {
    struct Full: ToDoStorage {
      struct DiskFull: Error, CustomStringConvertible { var description: String { "no space left on device" } }
      func save(_ items: [ToDoItem]) throws { throw DiskFull() }
    }
    let driver = await Driver(storage: Full(), items: [ToDoItem(id: "a", title: "milk", createdAt: fixedDate)])
    await driver.press(.character(" "))
    #expect(driver.lines.last?.hasPrefix("could not save, so nothing changed") == true)
    #expect(TerminalText.columns(driver.lines.last!) <= 40)
    #expect(await driver.store.snapshot.items.first?.isDone == false)
  }

  @Test func aKeyTheListDoesNotUseIsAnsweredInOneLine() async {
    let driver = await Driver()
    await driver.add("milk")
    let before = driver.text
    let named: [(Key, String)] = [
      (.character("Z"), "“Z”"), (.control("b"), "Ctrl-B"), (.function(5), "F5"), (.left, "←"), (.insert, "Insert"),
    ]
    for (key, name) in named {
      await driver.press(key)
      #expect(driver.lines.last?.hasPrefix("\(name) does nothing here") == true, "\(key)")
      #expect(TerminalText.columns(driver.lines.last!) <= 40)
    }
    await driver.press(.escape)
    #expect(driver.text == before, "Escape clears the message; the list is as it was")
    #expect(await driver.store.snapshot.items.map(\.title) == ["milk"])
  }

  @Test func everyItemKeyOnAListWithNoItemsShownIsAnsweredInOneLine() async {
    let driver = await Driver()
    let keys: [Key] = [
      .character(" "), .character("d"), .character("e"), .character("n"), .enter, .character("J"), .character("K"),
      .character("x"), .down, .up, .pageDown, .end, .character("j"), .modified(.down, .shift),
    ]
    for key in keys {
      await driver.press(key)
      #expect(driver.lines.last?.hasPrefix("nothing to act on — a adds an item") == true, "\(key): \(driver.lines)")
      await driver.press(.escape)
    }
    await driver.add("milk")
    await driver.press(.character("/"))
    for character in "zzz" { await driver.press(.character(character)) }
    await driver.press(.enter)
    await driver.press(.character("d"))
    #expect(driver.lines.last?.hasPrefix("nothing matches — / changes the search") == true, "\(driver.lines)")
    #expect(await driver.store.snapshot.items.map(\.title) == ["milk"], "nothing changed")
  }

  @Test func aTinyTerminalShowsOneLineAndRecovers() async {
    let driver = await Driver()
    await driver.add("milk")
    driver.app.resize(width: 15, height: 4)
    #expect(driver.lines == ["enlarge to 20×5", "", "", ""])
    driver.app.resize(width: 12, height: 4)
    #expect(driver.lines == ["enlarge to", "20×5", "", ""], "the size needed, in what fits")
    await driver.press(.character("d"))  // ignored while too small
    driver.app.resize(width: 30, height: 8)
    #expect(driver.lines.count == 8)
    #expect(driver.text.contains("› 1. [ ] milk"))
  }

  @Test func theSelectionStaysOnScreenThroughPagesAndEnds() async {
    let items = (1...40).map { ToDoItem(id: "i\($0)", title: "item \($0)", createdAt: fixedDate) }
    let driver = await Driver(width: 30, height: 10, items: items)
    await driver.press(.end)
    #expect(await driver.selectedTitle == "item 40")
    #expect(driver.text.contains("›40. [ ] item 40"))
    await driver.press(.pageUp)
    #expect(driver.text.contains("›"))
    let selected = await driver.selectedTitle
    await driver.press(.pageUp, .pageUp, .pageUp, .pageUp, .pageUp, .pageUp)
    #expect(await driver.selectedTitle == "item 1")
    #expect(selected != "item 40")
    await driver.press(.end, .home)
    #expect(driver.lines[0].hasPrefix("40 open · 0 done"))  // Home shows the header too
    #expect(driver.lines[2] == "› 1. [ ] item 1")
    for _ in 0..<25 { await driver.press(.down) }
    #expect(driver.text.contains("›26. [ ] item 26"))
    await driver.press(.character("J"))
    #expect(driver.text.contains("›27. [ ] item 26"))
  }

  @Test func searchHidesOtherTitlesAndTheSelectionFollows() async {
    let driver = await Driver()
    await driver.add("milk", "oat milk", "eggs")
    await driver.press(.character("/"))
    for character in "MILK" { await driver.press(.character(character)) }
    await driver.press(.enter)
    #expect(driver.text.contains("  1. [ ] milk\n› 2. [ ] oat milk"))
    #expect(!driver.text.contains("eggs"))
    #expect(driver.lines[0].contains("matching"))
    await driver.press(.character("/"), .control("u"), .enter)
    #expect(driver.text.contains("eggs"))
  }

  @Test func helpOpensOverTheListAndAnyKeyClosesIt() async {
    let driver = await Driver()
    await driver.add("milk")
    await driver.press(.character("?"))
    #expect(driver.lines[0].hasPrefix("┌─ keys"))
    #expect(driver.text.contains("│ Space"))
    #expect(await driver.press(.character("q")) == .redraw)  // closes help, does not quit
    #expect(driver.lines[0].hasPrefix("1 open · 0 done"))
    #expect(await driver.press(.character("q")) == .quit)
    #expect(await driver.press(.control("l")) == .redrawAll)
  }

  @Test func enterShowsTheWholeTitle() async {
    let title = (1...30).map { "w\($0)" }.joined(separator: " ")
    let driver = await Driver(items: [ToDoItem(id: "a", title: title, createdAt: fixedDate)])
    #expect(driver.text.contains("› 1. [ ] w1 w2"))
    #expect(driver.text.contains("…"))
    await driver.press(.enter)
    let words = driver.lines.dropFirst(2).prefix(4).flatMap { $0.dropFirst(9).split(separator: " ") }
    let expected: [String] = title.split(separator: " ").map(String.init)
    let shown: [String] = words.prefix(30).map(String.init)
    #expect(shown == expected)
  }
}

@Suite("The full-screen app's invariants", .timeLimit(.minutes(20)))
@MainActor
struct FullScreenAppInvariantTests {
  /// Random keys and resizes on random lists: after every one the frame
  /// fills the terminal, no row is wider than it, and the selection is on a
  /// shown item (or there is none to select), highlighted once, on screen
  /// (unless the action menu, open, covers it).
  /// Eight seeds, each its own test case, so each stays well inside the
  /// time limit while other suites share the main actor.
  @Test(arguments: 0..<8)
  func theSelectionIsAlwaysOneShownItemOnScreen(part: UInt64) async {
    let seed: UInt64 = 0x5E1E_C7ED + part
    var generator = SeededGenerator(seed: seed)
    let keys: [Key] = [
      .up, .down, .character("j"), .character("k"), .pageUp, .pageDown, .home, .end, .character(" "), .enter,
      .character("d"), .character("u"), .character("J"), .character("K"), .character("x"), .escape, .tab,
      .modified(.up, .shift), .modified(.down, .shift),
    ]
    for round in 0..<5 {
      let count = Int.random(in: 0...30, using: &generator)
      let items = (0..<count).map { index in
        ToDoItem(
          id: "i\(index)", title: randomTitle(using: &generator), notes: Bool.random(using: &generator) ? "n" : "",
          isDone: Int.random(in: 0..<4, using: &generator) == 0, createdAt: fixedDate)
      }
      let driver = await Driver(
        width: Int.random(in: 20...90, using: &generator), height: Int.random(in: 5...30, using: &generator),
        items: items)
      var done: [String] = []
      for step in 0..<40 {
        let context = "seed \(seed) round \(round) step \(step) after \(done.suffix(3))"
        switch Int.random(in: 0..<20, using: &generator) {
        case 0:
          let (width, height) = (Int.random(in: 20...90, using: &generator), Int.random(in: 5...30, using: &generator))
          driver.app.resize(width: width, height: height)
          done.append("resize \(width)×\(height)")
        case 1:
          let title = randomTitle(using: &generator)
          await driver.add(title)
          done.append("add \(title)")
        case 2:
          let text = ["", "mi", "e", "日", "zz"].randomElement(using: &generator)!
          await driver.press(.character("/"), .control("u"))
          for character in text { await driver.press(.character(character)) }
          await driver.press(.enter)
          done.append("search \(text)")
        default:
          let key = keys.randomElement(using: &generator)!
          await driver.press(key)
          done.append("\(key)")
        }
        let frame = driver.app.frame()
        #expect(frame.lines.count == driver.app.height, "\(context)")
        for line in frame.lines { #expect(TerminalText.columns(line) <= driver.app.width, "\(context): \(line)") }
        let snapshot = await driver.store.snapshot
        guard let id = driver.app.selectedID else {
          #expect(snapshot.shownItems.isEmpty, "\(context): nothing selected")
          continue
        }
        let number = snapshot.number(ofItemWithID: id)
        #expect(number != nil, "\(context): the selected item is not shown")
        if driver.app.terminal.actionMenu != nil { continue }
        let highlighted = frame.lines.dropLast().filter { $0.hasPrefix("›") }
        #expect(highlighted.count == 1, "\(context): \(frame.lines.joined(separator: "\n"))")
        if let number, let line = highlighted.first {
          // `.` after the number, or `*` when the item is selected too.
          let numbered = line.dropFirst().drop { $0 == " " }
          #expect(numbered.hasPrefix("\(number). ") || numbered.hasPrefix("\(number)* "), "\(context): \(line)")
        }
      }
    }
  }
}

@Suite("The full-screen app: what a new user hit", .timeLimit(.minutes(20)))
@MainActor
struct FullScreenAppFixesTests {
  /// An item expanded before a search that hides it is expanded again when
  /// the search is cleared.
  @Test func expandedItemsStayExpandedThroughASearch() async {
    let driver = await Driver()
    await driver.add("milk")
    await driver.add("eggs")
    await driver.press(.up, .enter)
    #expect(driver.lines.contains { $0.contains("(no notes)") })
    await driver.press(.character("/"))
    await driver.type("egg")
    await driver.press(.enter)
    #expect(!driver.lines.contains { $0.contains("milk") })
    await driver.press(.character("/"), .control("u"), .enter)
    #expect(driver.lines.contains { $0.contains("milk") })
    #expect(driver.lines.contains { $0.contains("(no notes)") })
  }

  /// `?` lays the help panel over the top of the list: the rows below it
  /// still show the list.
  @Test func helpDrawsOverTheList() async {
    let driver = await Driver(width: 80, height: 24)
    for number in 1...20 { await driver.add("item \(number)") }
    await driver.press(.home)
    let before = driver.lines
    await driver.press(.character("?"))
    let help = driver.lines
    #expect(help[0].hasPrefix("┌─ keys"))
    let panelEnd = help.firstIndex { $0.hasPrefix("└") }!
    #expect(panelEnd < 22)
    #expect(Array(help[(panelEnd + 1)..<23]) == Array(before[(panelEnd + 1)..<23]))
    #expect(help[(panelEnd + 1)..<23].contains { $0.contains("item") })
  }

  /// A note too long for the footer (a file set aside) is wrapped in a
  /// panel, so the path it names shows whole at 80 columns.
  @Test func aLongNoticeIsWrappedInAPanel() async {
    let aside = "/home/someone/.local/share/listdiffui-todo/todo.json.corrupt-20240501T093000Z"
    let notice = "/home/someone/.local/share/listdiffui-todo/todo.json was moved to \(aside) and the list starts empty, because it is not valid JSON of this app's format"
    let driver = await Driver(width: 80, height: 24, notice: notice)
    let shown = driver.lines.joined(separator: "\n")
    #expect(shown.contains(aside))
    #expect(driver.lines.allSatisfy { TerminalText.columns($0) <= 80 })
    await driver.press(.character("j"))
    #expect(!driver.lines.joined().contains(aside))
  }

  /// The first footer says where the list is saved.
  @Test func theFirstScreenSaysWhereTheListIsSaved() async {
    let driver = await Driver(status: "your list is saved in ~/todo.json")
    #expect(driver.lines.last == "your list is saved in ~/todo.json")
    // The next key clears it (on this empty list, `j` would answer that
    // nothing is there to move to).
    await driver.press(.escape)
    #expect(driver.lines.last == FullScreenKeys.footer(width: 40))
  }

  /// A click focuses the item under it (the terminal screen does), and
  /// the keys act on it; it does not toggle it.
  @Test func aClickMovesTheFocus() async {
    let driver = await Driver()
    await driver.add("milk")
    await driver.add("eggs")
    let milkRow = driver.lines.firstIndex { $0.contains("milk") }!
    await driver.send(.mouse(MouseEvent(.press(.left), column: 5, row: milkRow)))
    #expect(driver.lines[milkRow] == "› 1. [ ] milk")
    #expect(await driver.selectedTitle == "milk")
    #expect(await driver.store.snapshot.items.allSatisfy { !$0.isDone })
    await driver.press(.character(" "))
    #expect(await driver.store.snapshot.items.first { $0.title == "milk" }?.isDone == true)
  }
}

@Suite("The full-screen app's focus, kept by the data source", .timeLimit(.minutes(20)))
@MainActor
struct FullScreenFocusTests {
  /// The number beside the focused row, read from the frame, after
  /// checking that it shows once, below the pinned lines.
  private func focusedNumber(_ driver: Driver, _ context: String) async -> Int? {
    await expectPinnedHeaders(driver, context)
    guard let line = driver.lines.first(where: { $0.hasPrefix("›") }) else { return nil }
    return Int(line.dropFirst().drop { $0 == " " }.prefix { $0.isNumber })
  }

  /// A new user's report: in a 100×30 window of 40 items, End went to
  /// #40, PgUp to #27 and PgDn to #14. From every item, reached with the
  /// arrows from either end, PgDn goes down (or stays at the last) and
  /// PgUp up (or stays at the first), the focus on screen.
  @Test func pagesNeverMoveTheFocusAgainstTheirDirection() async {
    let driver = await Driver(width: 100, height: 30, items: numberedItems(40))
    await driver.press(.end, .pageUp)
    let afterUp = await focusedNumber(driver, "End, PgUp") ?? 0
    #expect(afterUp < 40)
    await driver.press(.pageDown)
    #expect(await focusedNumber(driver, "End, PgUp, PgDn") ?? 0 > afterUp)
    for start in 1...40 {
      for fromTop in [true, false] {
        for (key, down) in [(Key.pageDown, true), (.pageUp, false)] {
          if fromTop {
            await driver.press(.home)
            for _ in 1..<start { await driver.press(.down) }
          } else {
            await driver.press(.end)
            for _ in start..<40 { await driver.press(.up) }
          }
          let context = "\(key) from \(start), reached from the \(fromTop ? "top" : "bottom")"
          #expect(await focusedNumber(driver, context) == start, "\(context)")
          await driver.press(key)
          let now = await focusedNumber(driver, context) ?? 0
          if down {
            #expect(now > start || (start == 40 && now == 40), "\(context): at \(now)")
          } else {
            #expect(now < start || (start == 1 && now == 1), "\(context): at \(now)")
          }
        }
      }
    }
  }

  /// Space marks the focused item done: it leaves for the completed items
  /// and the focus stays on the row, now the next item's; the view does
  /// not move (it used to jump to the completed section). Deleting does
  /// the same.
  @Test func doneAndDeleteKeepTheFocusOnItsRowAndTheViewStill() async {
    let driver = await Driver(width: 40, height: 30, items: numberedItems(40))
    await driver.press(.end)
    for _ in 0..<10 { await driver.press(.up) }
    let row = driver.lines.firstIndex { $0.hasPrefix("›") }
    #expect(row.map { driver.lines[$0] } == "›30. [ ] item 30")
    let offset = driver.screen.collectionView.contentOffset.y
    let before = driver.lines
    await driver.press(.character(" "))
    #expect(await driver.selectedTitle == "item 31")
    #expect(driver.screen.collectionView.contentOffset.y == offset)
    let afterDone = driver.lines
    #expect(row.map { afterDone[$0] } == "›30. [ ] item 31")
    #expect(afterDone[2..<row!] == before[2..<row!], "the rows above stay")
    #expect(afterDone.contains { $0.hasPrefix("── completed (1) ──") })
    await driver.press(.character("d"))
    #expect(await driver.selectedTitle == "item 32")
    #expect(driver.screen.collectionView.contentOffset.y == offset)
    #expect(row.map { driver.lines[$0] } == "›30. [ ] item 32")
    #expect(driver.lines[2..<row!] == before[2..<row!])
    await driver.press(.character("u"), .character("u"))  // undo puts each back, focused
    #expect(await driver.selectedTitle == "item 30")
    #expect(await driver.store.snapshot.items == numberedItems(40))
  }

  /// An item taller than the room below the pinned lines shows its first
  /// line, with the `›`, when it takes the focus, from above, from below
  /// and after a resize.
  @Test func aFocusedItemTallerThanTheViewportShowsItsMark() async {
    var items = numberedItems(12)
    items[5].notes = (1...60).map { "note\($0)" }.joined(separator: " ")
    let driver = await Driver(width: 40, height: 8, items: items)
    for _ in 0..<5 { await driver.press(.down) }
    await driver.press(.enter)  // item 6 expanded: many more lines than the 7 rows
    #expect(driver.lines.filter { $0.hasPrefix("›") } == ["› 6. [ ] item 6"])
    await driver.press(.down, .down, .up, .up)
    #expect(driver.lines[2] == "› 6. [ ] item 6", "from below")
    await driver.press(.end, .pageUp, .pageUp, .pageUp, .home, .down, .down, .down, .down, .down)
    #expect(driver.lines[2] == "› 6. [ ] item 6", "from above")
    driver.app.resize(width: 50, height: 6)
    #expect(driver.lines[2] == "› 6. [ ] item 6", "after a resize")
  }

  /// A resize as the event loop delivers it: the terminal screen takes
  /// the size (and shows the focus) before the app hears it and sizes its
  /// items anew at the new width; the focused row is still in view.
  @Test func aResizeFromTheEventLoopKeepsTheFocusInView() async {
    let driver = await Driver(width: 40, height: 10, items: numberedItems(12))
    await driver.press(.end)
    for _ in 0..<9 { await driver.press(.up) }
    #expect(driver.lines[2] == "› 3. [ ] item 3")
    await driver.send(.resize(TerminalSize(width: 24, height: 6)))
    #expect(driver.lines.contains("› 3. [ ] item 3"), "\(driver.lines)")
  }
}

@Suite("The full-screen app's action menu", .timeLimit(.minutes(20)))
@MainActor
struct FullScreenActionMenuTests {
  /// Tab opens the focused item's actions below it; ↓ and Enter delete it,
  /// as `d` does, and `u` undoes that.
  @Test func tabOpensTheFocusedItemsActionsAndEnterPerformsOne() async {
    let driver = await Driver()
    await driver.add("milk", "eggs")
    await driver.press(.tab)
    #expect(
      Array(driver.lines[2...9]) == [
        "  1. [ ] milk",
        "› 2. [ ] eggs",
        "┌─ actions ──┐",
        "│› Done      │",
        "│  Edit title│",
        "│  Edit notes│",
        "│  Delete !  │",
        "└────────────┘",
      ])
    #expect(driver.lines.last == "↑↓ choose · enter does it · esc closes")
    await driver.press(.character("q"))  // the menu takes every key: no quit
    await driver.press(.down, .down, .down)
    #expect(driver.lines[8] == "│› Delete !  │", "a destructive action is marked !")
    await driver.press(.enter)
    #expect(await driver.store.snapshot.items.map(\.title) == ["milk"])
    #expect(!driver.text.contains("actions"))
    #expect(driver.lines.last == "deleted “eggs” — u undoes")
    #expect(await driver.selectedTitle == "milk")
    await driver.press(.character("u"))
    #expect(await driver.store.snapshot.items.map(\.title) == ["milk", "eggs"])
    #expect(await driver.selectedTitle == "eggs")
  }

  /// Every action does what its key does: Done and Reopen (the title
  /// follows the item), Edit title and Edit notes in the line editor; Esc
  /// and Tab close the menu doing nothing; each change is undone by `u`.
  @Test func theActionsDoWhatTheKeysDo() async {
    let driver = await Driver()
    await driver.add("milk", "eggs")
    await driver.press(.tab, .escape, .tab, .tab)
    #expect(!driver.text.contains("actions"))
    #expect(await driver.store.snapshot.revision == 2, "the two adds only")
    await driver.press(.tab, .enter)  // Done: eggs goes, the focus stays on its row
    #expect(await driver.store.snapshot.items.map(\.isDone) == [false, true])
    #expect(await driver.selectedTitle == "milk")
    await driver.press(.down, .tab)
    #expect(driver.lines.contains("│› Reopen    │"))
    await driver.press(.enter)
    #expect(await driver.store.snapshot.items.map(\.isDone) == [false, false])
    await driver.press(.home, .tab, .down, .enter)  // Edit title, on milk
    #expect(driver.lines.last?.hasPrefix("title: milk") == true)
    await driver.type(" and oats")
    await driver.press(.enter, .tab, .down, .down, .enter)  // Edit notes
    #expect(driver.lines.last?.hasPrefix("notes: ") == true)
    await driver.type("2 litres")
    await driver.press(.enter)
    let milk = await driver.store.snapshot.items.first
    #expect(milk?.title == "milk and oats" && milk?.notes == "2 litres")
    for _ in 0..<4 { await driver.press(.character("u")) }
    #expect(await driver.store.snapshot.items.map(\.title) == ["milk", "eggs"])
    #expect(await driver.store.snapshot.items.allSatisfy { !$0.isDone && $0.notes.isEmpty })
  }

  /// Help lists Tab; with nothing to act on, Tab says so.
  @Test func helpListsTheMenuAndAnEmptyListHasNone() async {
    let driver = await Driver(width: 80, height: 24)
    await driver.press(.tab)
    #expect(driver.lines.last == "nothing to act on — a adds an item")
    await driver.press(.character("?"))
    #expect(driver.lines.contains { $0.hasPrefix("│ Tab") && $0.contains("its actions, as a menu") })
  }
}

@Suite("The full-screen app's multiple selection", .timeLimit(.minutes(20)))
@MainActor
struct FullScreenSelectionTests {
  /// Shift+↓ and `x` select (marked `*`, counted in the footer); Space
  /// marks every selected item done as one change, which one `u` undoes;
  /// Esc clears the selection.
  @Test func spaceMarksTheWholeSelectionAndOneUndoPutsItBack() async {
    let driver = await Driver(width: 60, height: 12, items: numberedItems(5))
    await driver.press(.modified(.down, .shift), .modified(.down, .shift), .down, .down, .character("x"))
    #expect(
      Array(driver.lines[2...6]) == [
        "  1* [ ] item 1", "  2* [ ] item 2", "  3* [ ] item 3", "  4. [ ] item 4", "› 5* [ ] item 5",
      ])
    #expect(driver.lines.last == "4 selected · space done · d delete · esc clears")
    await driver.press(.character("x"))  // 5 out again
    #expect(driver.lines[6] == "› 5. [ ] item 5")
    await driver.press(.character(" "))
    #expect(await driver.store.snapshot.items.map(\.isDone) == [true, true, true, false, false])
    #expect(await driver.store.snapshot.revision == 1, "one change")
    #expect(driver.screen.dataSource.selection.isEmpty, "the items went to the completed section")
    #expect(await driver.selectedTitle == "item 5")
    await driver.press(.character("u"))
    #expect(await driver.store.snapshot.items == numberedItems(5))
    await driver.press(.home, .modified(.down, .shift), .escape)
    #expect(driver.screen.dataSource.selection.isEmpty)
    #expect(!driver.text.contains("*"))
    #expect(driver.lines.last == FullScreenKeys.footer(width: 60))
  }

  /// `d` deletes every selected item as one change; `u` brings them all
  /// back. Items done and open, in both sections, can be selected together.
  @Test func dDeletesTheWholeSelection() async {
    let driver = await Driver(width: 60, height: 12, items: numberedItems(6, done: 2))
    await driver.press(.down, .character("x"), .end, .character("x"))
    await driver.press(.character("d"))
    #expect(await driver.store.snapshot.items.map(\.title) == ["item 1", "item 3", "item 4", "item 5"])
    #expect(driver.lines.last == "deleted 2 items — u undoes")
    #expect(await driver.selectedTitle == "item 5", "the one before the last")
    await driver.press(.character("u"))
    #expect(await driver.store.snapshot.items == numberedItems(6, done: 2))
    // With nothing selected, Space and d act on the focused item only.
    await driver.press(.home, .character("d"))
    #expect(await driver.store.snapshot.items.map(\.title) == Array(numberedItems(6).map(\.title).dropFirst()))
  }

  /// A click focuses its row and leaves the selection alone: it is the
  /// keys' (the terminal screen's tap finds selection off).
  @Test func aClickDoesNotSelect() async {
    let driver = await Driver(width: 60, height: 12, items: numberedItems(4))
    await driver.press(.character("x"))
    let row3 = driver.lines.firstIndex { $0.hasSuffix("item 3") }!
    await driver.send(.mouse(MouseEvent(.press(.left), column: 6, row: row3)))
    #expect(await driver.selectedTitle == "item 3")
    #expect(driver.screen.dataSource.selection.map(\.identifier) == ["i1"])
    #expect(driver.lines[2] == "  1* [ ] item 1" && driver.lines[row3] == "› 3. [ ] item 3")
    await driver.send(.mouse(MouseEvent(.press(.left), column: 6, row: row3)))
    #expect(driver.screen.dataSource.selection.map(\.identifier) == ["i1"])
    #expect(await driver.store.snapshot.items.allSatisfy { !$0.isDone }, "nor does it toggle")
  }

  /// Help lists every key the app uses.
  @Test func helpListsEveryKey() async {
    let driver = await Driver(width: 80, height: 24)
    await driver.press(.character("?"))
    let help = driver.text
    let usages = [
      "↑ ↓  k j", "PgUp PgDn", "Home End", "Space", "Enter", "Tab", "a", "e n", "d", "u", "J K", "Shift+↑ ↓", "x",
      "Esc", "/", "Ctrl-L  Ctrl-Z", "?  q",
    ]
    for usage in usages { #expect(help.contains("│ \(usage)  "), "\(usage)") }
    #expect(help.contains("quit (Ctrl-C too)"))
    #expect(!help.contains("taller window"), "all of it fits 80×24")
  }
}
