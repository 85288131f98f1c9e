import Foundation
import ListDiffUI
import ListDiffUITerminal
import ListDiffUITesting
import Testing
import ToDoCore

/// `count` items titled "item 1"…, the last `done` of them completed.
func numberedItems(_ count: Int, done: Int = 0) -> [ToDoItem] {
  (1...count).map { ToDoItem(id: "i\($0)", title: "item \($0)", isDone: $0 > count - done, createdAt: fixedDate) }
}

/// What the pinned headers promise, checked on one full-screen frame: the
/// counts line and its rule are the first two lines; no completed item sits
/// right under them (the completed title is pinned there while completed
/// items are in view); the selection, when `selectionShown`, is drawn once,
/// below the pinned lines.
@MainActor
func expectPinnedHeaders(
  _ driver: Driver, selectionShown: Bool = true, _ context: String,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let lines = driver.lines
  let snapshot = await driver.store.snapshot
  let place = "\(context):\n\(lines.joined(separator: "\n"))"
  let counts = "\(snapshot.openCount) open · \(snapshot.doneCount) done"
  #expect(lines[0].hasPrefix(counts), "\(place)", sourceLocation: sourceLocation)
  #expect(lines[1] == String(repeating: "─", count: driver.app.width), "\(place)", sourceLocation: sourceLocation)
  #expect(!lines[2].contains("[x]"), "a completed item under the counts: \(place)", sourceLocation: sourceLocation)
  let list = lines.dropLast()
  if list.contains(where: { $0.contains("[x]") }) && !list.contains(where: { $0.contains("[ ]") }) {
    #expect(lines[2].hasPrefix("── completed ("), "\(place)", sourceLocation: sourceLocation)
  }
  if selectionShown {
    let selected = lines.indices.filter { lines[$0].hasPrefix("›") }
    #expect(
      selected.count == 1 && selected[0] >= 2, "selection at \(selected): \(place)", sourceLocation: sourceLocation)
  }
}

@Suite("The to-do list's pinned headers, drag to reorder and anchoring", .timeLimit(.minutes(20)))
@MainActor
struct PinnedHeaderDragAndAnchorTests {
  @Test func theCountsStayOnTopAtEveryScrollPosition() async {
    let driver = await Driver(width: 40, height: 12, items: numberedItems(200, done: 50))
    // Line by line to the end and back, then a page at a time.
    let runs = [(Key.down, 199, "item 200"), (.up, 199, "item 1"), (.pageDown, 40, "item 200"), (.pageUp, 40, "item 1")]
    for (key, steps, last) in runs {
      for step in 0..<steps {
        await driver.press(key)
        await expectPinnedHeaders(driver, "\(key) \(step)")
      }
      #expect(await driver.selectedTitle == last, "\(key)")
    }
    for key in [Key.end, .control("l"), .home, .control("l"), .end] {
      await driver.press(key)
      await expectPinnedHeaders(driver, "\(key)")
    }
    // The wheel scrolls the list away from the selection: the counts stay.
    let offsets = { driver.screen.collectionView.contentOffset.y }
    for step in 0..<80 {
      let before = offsets()
      await driver.send(.mouse(MouseEvent(.scrollUp, column: 3, row: 5)))
      await expectPinnedHeaders(driver, selectionShown: false, "wheel up \(step)")
      if offsets() == before { break }
    }
    #expect(offsets() == 0)
    for step in 0..<80 {
      await driver.send(.mouse(MouseEvent(.scrollDown, column: 3, row: 5)))
      await expectPinnedHeaders(driver, selectionShown: false, "wheel down \(step)")
    }
    #expect(driver.lines.dropLast().last { !$0.isEmpty }?.contains("item 200") == true)
  }

  @Test func pageDownHidesNoItemUnderThePinnedLines() async {
    let driver = await Driver(width: 30, height: 10, items: numberedItems(60))
    var seen: [Int] = []
    for _ in 0..<20 {
      let shown = driver.lines.dropFirst(2).dropLast().compactMap { line in
        line.split(separator: "]").last.flatMap { Int($0.split(separator: " ").last ?? "") }
      }
      seen += shown
      await driver.press(.pageDown)
    }
    // Every item was on screen below the counts on some page.
    #expect(Set(seen) == Set(1...60))
  }

  @Test func theHeadersUpdateInPlaceWhenTheCountsChange() async throws {
    let driver = await Driver(width: 40, height: 12, items: numberedItems(30, done: 5))
    let dataSource = driver.screen.dataSource
    let header = try #require(dataSource.cellController(forIdentifier: "header", sectionPath: []))
    let title = try #require(
      dataSource.cellController(forIdentifier: "title", sectionPath: [ToDoSections.completedID]))
    var updates: [ListDiffUpdate] = []
    dataSource.updateHandler = { updates.append($0) }
    await driver.press(.character(" "))  // item 1 done
    #expect(driver.lines[0].hasPrefix("24 open · 6 done"))
    #expect(dataSource.cellController(forIdentifier: "header", sectionPath: []) === header)
    #expect(dataSource.cellController(forIdentifier: "title", sectionPath: [ToDoSections.completedID]) === title)
    let update = try #require(updates.last)
    #expect(update.updates.contains(0) && !update.deletes.contains(0) && !update.inserts.contains(0))
  }

  @Test func jAndKDragTheSelectedItemAndTheMoveIsSaved() async throws {
    let driver = await Driver(width: 40, height: 12, items: numberedItems(5, done: 2))
    var moves: [ListItemMove] = []
    var updates: [ListDiffUpdate] = []
    let dataSource = driver.screen.dataSource
    let report = dataSource.moveHandler
    dataSource.moveHandler = { move in
      moves.append(move)
      report?(move)
    }
    dataSource.updateHandler = { updates.append($0) }
    let item1 = try #require(dataSource.cellController(forIdentifier: "i1", sectionPath: [ToDoSections.openID]))
    await driver.press(.character("J"), .character("J"))
    #expect(
      moves == [
        ListItemMove(identifier: "i1", sectionPath: ["open"], fromIndex: 0, toIndex: 1, toSectionPath: ["open"]),
        ListItemMove(identifier: "i1", sectionPath: ["open"], fromIndex: 1, toIndex: 2, toSectionPath: ["open"]),
      ])
    #expect(await driver.store.snapshot.items.map(\.id) == ["i2", "i3", "i1", "i4", "i5"])
    #expect(driver.text.contains("  1. [ ] item 2\n  2. [ ] item 3\n› 3. [ ] item 1"))
    // The store's roots carried the moves: no second move, the item kept
    // its controller; only the numbers beside the items changed.
    #expect(updates.count == 2)
    #expect(updates.allSatisfy { $0.moves.isEmpty && $0.inserts.isEmpty && $0.deletes.isEmpty })
    #expect(dataSource.cellController(forIdentifier: "i1", sectionPath: [ToDoSections.openID]) === item1)

    // The last open item stays in its section; so does the first completed.
    await driver.press(.character("J"))
    #expect(driver.text.contains("already the last open item"))
    await driver.press(.down, .character("K"))
    #expect(driver.text.contains("already the first completed item"))
    await driver.press(.character("J"))
    #expect(await driver.store.snapshot.items.map(\.id) == ["i2", "i3", "i1", "i5", "i4"])
    await driver.press(.character("J"))
    #expect(driver.text.contains("already the last item"))
    await driver.press(.home, .character("K"))
    #expect(driver.text.contains("already the first item"))
    #expect(moves.count == 3)
    #expect(await driver.store.snapshot.items.map(\.id) == ["i2", "i3", "i1", "i5", "i4"])

    // Undo puts back each reorder.
    await driver.press(.character("u"))
    #expect(await driver.store.snapshot.items.map(\.id) == ["i2", "i3", "i1", "i4", "i5"])
    await driver.press(.character("u"), .character("u"))
    #expect(await driver.store.snapshot.items.map(\.id) == ["i1", "i2", "i3", "i4", "i5"])
    #expect(driver.text.contains("› 1. [ ] item 1\n  2. [ ] item 2\n  3. [ ] item 3"))
  }

  /// A drag whose move cannot be saved is put back: the screen shows the
  /// store's order again, and the footer says why.
  @Test func aDragThatCannotBeSavedIsPutBack() async throws {
    struct Full: ToDoStorage {
      struct DiskFull: Error, CustomStringConvertible { var description: String { "no space left on device" } }
      func save(_ items: [ToDoItem]) throws { throw DiskFull() }
    }
    let driver = await Driver(width: 60, height: 12, storage: Full(), items: numberedItems(3))
    var moves: [ListItemMove] = []
    let report = driver.screen.dataSource.moveHandler
    driver.screen.dataSource.moveHandler = { move in
      moves.append(move)
      report?(move)
    }
    await driver.press(.character("J"))
    #expect(moves.count == 1)
    #expect(driver.lines.last?.hasPrefix("could not save, so nothing changed") == true)
    #expect(driver.text.contains("› 1. [ ] item 1\n  2. [ ] item 2\n  3. [ ] item 3"))
    #expect(await driver.store.snapshot.items == numberedItems(3))
    // The list and the collection agree again: the next drag starts afresh.
    #expect(driver.screen.dataSource.indexPath(forIdentifier: "i1", sectionPath: [ToDoSections.openID])?[1] == 1)
  }

  @Test func aSearchedListRefusesToReorder() async {
    let driver = await Driver(width: 60, height: 12, items: numberedItems(12))
    await driver.press(.character("/"))
    await driver.type("item 1")
    await driver.press(.enter, .character("J"))
    #expect(driver.lines.last?.hasPrefix("reordering needs every item shown") == true)
    #expect(await driver.store.snapshot.items == numberedItems(12))
    #expect(await driver.store.snapshot.revision == 1)  // the search only
  }

  @Test func aDragUpPastThePinnedLinesMovesTheItemAboveIt() async {
    // The item above the selection is scrolled under the pinned counts:
    // the drag reveals it first, so the finger is over it, not the header.
    let driver = await Driver(width: 30, height: 8, items: numberedItems(30))
    await driver.press(.end)
    for _ in 0..<10 { await driver.press(.up) }
    #expect(driver.lines[2] == "›20. [ ] item 20")
    await driver.press(.character("K"))
    #expect(await driver.store.snapshot.items.map(\.id)[17...20] == ["i18", "i20", "i19", "i21"])
    #expect(driver.lines[2] == "›19. [ ] item 20")
    await expectPinnedHeaders(driver, "after K")
  }

  /// An item added or removed above what the user reads (by another
  /// command: the script's `done`, `undo`) leaves it where it is on
  /// screen; with UIKit's behaviour (`.none`) the same change moves it.
  @Test(arguments: [true, false])
  func changesAboveTheViewportDoNotMoveIt(anchored: Bool) async throws {
    let store = ToDoStore(items: numberedItems(60), clock: .fixed(fixedDate))
    let screen = ToDoScreen(store: store, width: 40, height: 10, timeZone: utc, showsCommands: false)
    if !anchored { screen.dataSource.scrollAnchor = .none }
    screen.start()
    await screen.waitUntilShown(0)
    screen.scroll(.down)
    screen.scroll(.down)
    /// The ids of the one-line items the frame shows ("item 15" is i15),
    /// top to bottom: those below the pinned counts, which cover the rest.
    func visibleItemIDs() -> [String] {
      screen.lines().compactMap { $0.components(separatedBy: "] item ").dropFirst().first.map { "i" + $0 } }
    }
    let reading = visibleItemIDs()
    // Two pages of eight lines (the ten less the pinned counts) down.
    #expect(reading.first == "i17")
    func expectUnmoved(_ change: String) {
      let now = visibleItemIDs()
      if anchored {
        #expect(now == reading, "\(change)")
      } else {
        #expect(now != reading, "\(change)")
      }
    }
    // Item 1, above the viewport, is completed: it leaves the open items.
    try await store.complete(number: 1)
    await screen.waitUntilShown(await store.snapshot.revision)
    expectUnmoved("completed above")
    if !anchored { return }
    // It comes back, with two more above it (as an undo or another
    // session's list would put them).
    var items = await store.snapshot.items
    items[0].isDone = false
    items.insert(contentsOf: [ToDoItem(id: "new1", title: "new 1", createdAt: fixedDate)], at: 0)
    items.insert(ToDoItem(id: "new2", title: "new 2", createdAt: fixedDate), at: 3)
    try await store.restore(items)
    await screen.waitUntilShown(await store.snapshot.revision)
    expectUnmoved("inserted above")
    // Added at the end, below: nothing to keep, nothing moves.
    try await store.add(title: "at the end")
    await screen.waitUntilShown(await store.snapshot.revision)
    expectUnmoved("added below")
    #expect(screen.frame().hasPrefix("63 open · 0 done"))
    await store.finish()
    await screen.waitUntilFinished()
  }

  /// The frame the READMEs show, made by the app: a list scrolled to its
  /// end (the counts and the completed title pinned over it), after `K`
  /// dragged the last item up one place. O(n).
  private func readmeFrame() async -> String {
    let open = [
      "buy milk", "fix the bike's back brake", "water the plants", "book the dentist",
      "return the library books", "call the plumber about the boiler", "renew the passport",
      "clean the gutters", "order printer ink", "plan the weekend trip",
    ]
    let done = [
      "call mum", "pay the gas bill", "send the birthday card", "back up the laptop", "wash the car",
      "answer Sam's email", "buy stamps", "cancel the old gym membership", "change the smoke alarm battery",
      "recycle the old batteries", "take out the bins", "defrost the freezer",
    ]
    let items = (open.map { ($0, false) } + done.map { ($0, true) }).enumerated().map { index, item in
      ToDoItem(id: "i\(index)", title: item.0, isDone: item.1, createdAt: fixedDate)
    }
    let driver = await Driver(width: 64, height: 12, items: items)
    await driver.press(.end, .character("K"))
    return driver.lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }.joined(separator: "\n")
  }

  /// The READMEs' frame, recorded as a snapshot (`LISTDIFFUI_RECORD=1`).
  @Test func theReadmeFrame() async {
    expectSnapshot(await readmeFrame(), named: "end-then-K")
  }

  /// Both READMEs show that frame verbatim, read where `swift test` runs:
  /// the repository the test file is in. Bazel does not give tests the
  /// READMEs.
  @Test(.disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "the READMEs are not runfiles"))
  func theReadmesShowTheAppsFrame() async throws {
    let frame = await readmeFrame()
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    for readme in ["README.md", "SampleApps/ToDo/README.md"] {
      let text = try String(contentsOf: root.appendingPathComponent(readme), encoding: .utf8)
      #expect(text.contains("```\n" + frame + "\n```"), "\(readme) does not show the frame:\n\(frame)")
    }
  }
}
