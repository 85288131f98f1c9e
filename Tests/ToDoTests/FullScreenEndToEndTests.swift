import Foundation
import TerminalTestSupport
import Testing
import ToDoCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

private let up = "\u{1B}[A"
private let down = "\u{1B}[B"
private let pageUp = "\u{1B}[5~"
private let pageDown = "\u{1B}[6~"
private let home = "\u{1B}[1~"
private let end = "\u{1B}[4~"
private let ctrlL = "\u{0C}"
private let shiftUp = "\u{1B}[1;2A"
private let shiftDown = "\u{1B}[1;2B"
private let escape = "\u{1B}"
/// SGR mouse reports of the wheel turned down and up over row 5.
private let wheelDown = "\u{1B}[<65;5;5M"
private let wheelUp = "\u{1B}[<64;5;5M"

/// Whether `screen` shows the pinned headers as they must be: the counts
/// (`open` open, `done` done) and their rule on the first two lines, and
/// no completed item right under them (the completed title is pinned
/// there while completed items are in view).
private func showsPinnedHeaders(_ screen: VT100Screen, open: Int, done: Int) -> Bool {
  let lines = screen.lines
  return lines[0].hasPrefix("\(open) open · \(done) done") && lines[1] == String(repeating: "─", count: screen.width)
    && !lines[2].contains("[x]")
}

/// The built `todo` in a pseudo-terminal, driven with keys as a person
/// drives it, its screen read back through a VT100 interpreter.
@Suite("todo full screen, in a pseudo-terminal", .serialized, .timeLimit(.minutes(20)))
struct FullScreenEndToEndTests {
  /// Starts todo and waits for its first frame.
  private func start(width: Int, height: Int, arguments: [String] = ["--memory"]) async throws -> PseudoTerminalRun {
    let run = try PseudoTerminalRun(arguments: arguments, width: width, height: height)
    // The first footer says where the list is saved.
    let drew = await run.read { $0.isAlternate && $0.lines.last?.contains(" saved") == true }
    try #require(drew, "todo never drew its first frame: \(run.screen.lines)")
    return run
  }

  private func add(_ titles: [String], to run: PseudoTerminalRun) {
    for title in titles { run.send("a" + title + "\r") }
  }

  /// Starts todo with one item, milk, selected and drawn.
  private func startWithMilk(width: Int, height: Int) async throws -> PseudoTerminalRun {
    let run = try await start(width: width, height: height)
    add(["milk"], to: run)
    #expect(await run.read { $0.lines.contains("› 1. [ ] milk") })
    await run.settle()
    return run
  }

  /// Quits with `q` and expects a clean exit.
  private func quit(_ run: PseudoTerminalRun) async {
    run.send("q")
    #expect(await run.waitForExit() == 0)
  }

  @Test(arguments: [(80, 24), (50, 15)])
  func theListFillsTheTerminalExactly(width: Int, height: Int) async throws {
    let run = try await start(width: width, height: height)
    add(["milk", "eggs"], to: run)
    #expect(await run.read { $0.lines.contains { $0.contains("2. [ ] eggs") } })
    let lines = run.screen.lines
    #expect(lines.count == height)
    // The header spans the width: counts at the left, the filter at the right.
    #expect(lines[0].hasPrefix("2 open · 0 done") && lines[0].hasSuffix("showing all"))
    #expect(lines[0].count == width)
    #expect(lines[1] == String(repeating: "─", count: width))
    #expect(lines[2] == "  1. [ ] milk")
    #expect(lines[3] == "› 2. [ ] eggs")
    #expect(lines[4..<(height - 1)].allSatisfy { $0.isEmpty })
    #expect(lines[height - 1] == FullScreenKeys.footer(width: width))
    #expect(!run.screen.cursorVisible)
    await quit(run)
  }

  /// The focus moves with the arrows; marking its item done leaves it on
  /// the row, on the item now there.
  @Test func theFocusMovesWithTheArrowsAndStaysInPlaceThroughADone() async throws {
    let run = try await start(width: 60, height: 16)
    add(["milk", "eggs", "tea"], to: run)
    #expect(await run.read { $0.lines.contains("› 3. [ ] tea") })
    run.send(up + up)
    #expect(await run.read { $0.lines.contains("› 1. [ ] milk") })
    run.send(down)
    #expect(await run.read { $0.lines.contains("› 2. [ ] eggs") })
    run.send(" ")
    #expect(await run.read { $0.lines.contains("› 2. [ ] tea") })
    #expect(run.screen.lines.contains("  3. [x] eggs"))
    #expect(run.screen.lines.filter { $0.hasPrefix("›") }.count == 1)
    // An arrow key written in two pieces is still one key. (Whether the
    // app reads them apart depends on timing; KeyDecoderTests splits
    // sequences at every cut deterministically.)
    run.send("\u{1B}[")
    run.send("A")
    #expect(await run.read { $0.lines.contains("› 1. [ ] milk") })
    await quit(run)
  }

  @Test func aResizeRedrawsAtTheNewSizeInOneFrame() async throws {
    let run = try await startWithMilk(width: 80, height: 24)
    run.resize(width: 50, height: 12)
    // The first frame after the signal is drawn at the new size: read until
    // the footer reaches the new last row, then check the whole screen.
    #expect(await run.read(timeout: 5) { $0.lines[11] == FullScreenKeys.footer(width: 50) })
    let lines = run.screen.lines
    #expect(lines[0].count == 50 && lines[0].hasSuffix("showing all"))
    #expect(lines[1] == String(repeating: "─", count: 50))
    #expect(lines[2] == "› 1. [ ] milk")
    #expect(lines[3..<11].allSatisfy { $0.isEmpty })
    // Too small, then large again.
    run.resize(width: 15, height: 4)
    #expect(await run.read(timeout: 5) { $0.lines[0] == "enlarge to 20×5" })
    run.resize(width: 30, height: 6)
    #expect(await run.read(timeout: 5) { $0.lines[2] == "› 1. [ ] milk" && $0.lines[5] == FullScreenKeys.footer(width: 30) })
    await quit(run)
  }

  /// Stopped and continued (as `fg` does after Ctrl-Z), the app takes the
  /// terminal again and redraws everything.
  @Test func aContinuedAppRedrawsTheWholeScreen() async throws {
    let run = try await startWithMilk(width: 60, height: 12)
    #expect(await run.stopAndContinue())
    await run.settle()
    #expect(run.screen.lines[2] == "› 1. [ ] milk")
    #expect(run.screen.lines[11] == FullScreenKeys.footer(width: 60))
    run.send("j")  // raw mode again: a key is read at once
    await quit(run)
  }

  @Test func keysTypedInABurstAreAllHandled() async throws {
    let run = try await start(width: 40, height: 30)
    run.send((1...20).map { "aitem \($0)\r" }.joined() + "k")
    #expect(await run.read { $0.lines.contains("›19. [ ] item 19") })
    #expect(run.screen.lines[0].hasPrefix("20 open"))
    await quit(run)
  }

  /// Quit, Ctrl-C, SIGTERM and a crash (a fatal signal, here sent from
  /// outside) all leave the alternate screen, show the cursor, turn
  /// auto-wrap back on and restore the terminal's modes.
  @Test(arguments: ["q", "ctrl-c", "SIGTERM", "crash"])
  func theTerminalIsRestoredOnEveryWayOut(way: String) async throws {
    let run = try await startWithMilk(width: 60, height: 12)
    let raw = run.terminalModes()
    #expect(raw.c_lflag & tcflag_t(ICANON) == 0)
    switch way {
    case "q": run.send("q")
    case "ctrl-c": run.send("\u{3}")
    case "crash": kill(run.process.processIdentifier, SIGBUS)
    default: kill(run.process.processIdentifier, SIGTERM)
    }
    let status = await run.waitForExit()
    if way == "crash" {
      // It still dies of the signal, after putting the terminal back.
      #expect(run.process.terminationReason == .uncaughtSignal)
      #expect(status == SIGBUS)
    } else {
      #expect(run.process.terminationReason == .exit)
      #expect(status == ["q": 0, "ctrl-c": 130, "SIGTERM": 128 + SIGTERM][way])
    }
    #expect(run.restorationProblems() == [])
  }

  @Test func theListIsSavedAndComesBack() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file().path
    do {
      let run = try await start(width: 60, height: 12, arguments: ["--file", file])
      add(["milk", "eggs"], to: run)
      run.send(" ")  // eggs done; the focus goes to milk, the one before
      #expect(await run.read { $0.lines.contains("› 1. [ ] milk") && $0.lines.contains("  2. [x] eggs") })
      run.send("q")
      #expect(await run.waitForExit() == 0)
    }
    let again = try await start(width: 60, height: 12, arguments: ["--file", file])
    #expect(again.screen.lines[2] == "› 1. [ ] milk")
    #expect(again.screen.lines.contains("  2. [x] eggs"))
    await quit(again)
  }

  /// 200 items, the last 50 done: every frame, scrolled by every key and
  /// the wheel from the top to the bottom and back, has the counts on its
  /// first line and the completed title under them while completed items
  /// show.
  @Test func theCountsStayOnTopAtEveryScrollPosition() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file()
    try ToDoFile(url: file).save(numberedItems(200, done: 50))
    let run = try await start(width: 40, height: 12, arguments: ["--file", file.path])
    #expect(showsPinnedHeaders(run.screen, open: 150, done: 50))
    func selected(_ number: Int) -> @Sendable (VT100Screen) -> Bool {
      { screen in
        screen.lines.contains { $0.hasPrefix("›") && $0.hasSuffix(". [\(number > 150 ? "x" : " ")] item \(number)") }
          && showsPinnedHeaders(screen, open: 150, done: 50)
      }
    }
    for number in 2...200 {
      run.send(down)
      let ok = await run.read(timeout: 5, until: selected(number))
      #expect(ok, "down to \(number): \(run.screen.lines.joined(separator: "\n"))")
      if !ok { break }
    }
    for number in (1...199).reversed() {
      run.send(up)
      let ok = await run.read(timeout: 5, until: selected(number))
      #expect(ok, "up to \(number): \(run.screen.lines.joined(separator: "\n"))")
      if !ok { break }
    }
    // Pages, ends and a redraw.
    for (key, number) in [(end, 200), (ctrlL, 200), (home, 1), (ctrlL, 1)] {
      run.send(key)
      #expect(await run.read(timeout: 5, until: selected(number)), "\(run.screen.lines)")
    }
    for (key, name) in [(pageDown, "PageDown"), (pageUp, "PageUp"), (wheelDown, "wheel down"), (wheelUp, "wheel up")] {
      for step in 0..<100 {
        let before = run.screen.lines
        run.send(key)
        // A key that cannot scroll further changes nothing on screen.
        guard await run.read(timeout: 1, until: { $0.lines != before }) else { break }
        await run.settle(0.02)
        #expect(showsPinnedHeaders(run.screen, open: 150, done: 50), "\(name) \(step): \(run.screen.lines)")
      }
      #expect(showsPinnedHeaders(run.screen, open: 150, done: 50))
    }
    await quit(run)
  }

  /// J and K drag the selected item; the new order is saved, and a
  /// refused move says why in the footer.
  @Test func jAndKReorderAndTheOrderComesBack() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file().path
    do {
      let run = try await start(width: 60, height: 12, arguments: ["--file", file])
      add(["milk", "eggs", "tea"], to: run)
      #expect(await run.read { $0.lines.contains("› 3. [ ] tea") })
      run.send("J")
      #expect(await run.read { $0.lines[11].hasPrefix("already the last item") })
      run.send("KK")
      #expect(await run.read { $0.lines[2] == "› 1. [ ] tea" })
      #expect(run.screen.lines[3] == "  2. [ ] milk" && run.screen.lines[4] == "  3. [ ] eggs")
      run.send("K")
      #expect(await run.read { $0.lines[11].hasPrefix("already the first item") })
      run.send("q")
      #expect(await run.waitForExit() == 0)
    }
    let again = try await start(width: 60, height: 12, arguments: ["--file", file])
    #expect(Array(again.screen.lines[2...4]) == ["› 1. [ ] tea", "  2. [ ] milk", "  3. [ ] eggs"])
    // Undo is for the session that made the change: here there is none.
    await quit(again)
  }

  /// Line by line at a terminal (`TERM=dumb`): an item above the lines
  /// shown leaves for the completed ones (`done 2`), and the frame shows
  /// the same items on the same rows; the counts stay pinned on top.
  @Test func theViewportHoldsWhenAnItemAboveItLeaves() async throws {
    let run = try PseudoTerminalRun(
      arguments: ["--memory", "--height", "8"], width: 40, height: 30, environment: ["TERM": "dumb"])
    // The predicate runs on the thread that reads, which owns `output`.
    func waitForPrompts(_ count: Int) async -> Bool {
      await run.read { _ in
        String(decoding: run.output, as: UTF8.self).components(separatedBy: "todo> ").count - 1 >= count
      }
    }
    /// The last frame printed: the 8 lines above its "(lines …)" line.
    func lastFrame() -> [String] {
      let lines = run.screen.lines
      guard let position = lines.lastIndex(where: { $0.hasPrefix("(lines ") }), position >= 8 else { return [] }
      return Array(lines[(position - 8)..<position])
    }
    func titles(_ frame: [String]) -> [String] { frame.dropFirst(2).map { String($0.split(separator: "]").last ?? "") } }
    #expect(await waitForPrompts(1))
    run.send((1...20).map { "add item \($0)\r" }.joined())
    #expect(await waitForPrompts(21))
    // One command at a time from here, so that no typed-ahead echo lands
    // in a frame.
    run.send("scroll top\r")
    #expect(await waitForPrompts(22))
    run.send("scroll down\r")
    #expect(await waitForPrompts(23))
    let before = lastFrame()
    #expect(before.first?.hasPrefix("20 open · 0 done") == true, "\(run.screen.lines.joined(separator: "\n"))")
    // A page is the six lines below the pinned counts: item 7 comes first.
    #expect(titles(before).first == " item 7", "\(before)")
    run.send("done 2\r")
    #expect(await waitForPrompts(24))
    let after = lastFrame()
    #expect(after.first?.hasPrefix("19 open · 1 done") == true, "\(after)")
    #expect(titles(after) == titles(before), "\(before) → \(after)")
    #expect(after[2].hasPrefix("  6. [ ] item 7"))
    run.send("quit\r")
    #expect(await run.waitForExit() == 0)
  }

  /// Shift+↓ selects the items the focus passes, `x` one more; Space marks
  /// all of them done as one change and one `u` puts them back; `d`
  /// deletes a selection as one change, and `u` undoes that too.
  @Test func multipleSelectionActsAsOneChangeAndOneUndo() async throws {
    let run = try await start(width: 60, height: 14)
    add(["milk", "eggs", "tea", "jam", "salt"], to: run)
    #expect(await run.read { $0.lines.contains("› 5. [ ] salt") })
    run.send(home + shiftDown + shiftDown)
    #expect(await run.read { $0.lines.contains("› 3* [ ] tea") })
    run.send(down + down + "x")
    #expect(await run.read { $0.lines.contains("› 5* [ ] salt") })
    #expect(Array(run.screen.lines[2...6]) == ["  1* [ ] milk", "  2* [ ] eggs", "  3* [ ] tea", "  4. [ ] jam", "› 5* [ ] salt"])
    #expect(run.screen.lines[13] == "4 selected · space done · d delete · esc clears")
    run.send(" ")
    #expect(await run.read { $0.lines[0].hasPrefix("1 open · 4 done") })
    #expect(run.screen.lines[2].hasSuffix("1. [ ] jam") && !run.screen.lines.joined().contains("*"))
    run.send("u")
    #expect(await run.read { $0.lines[0].hasPrefix("5 open · 0 done") && $0.lines[13].hasPrefix("undone") })
    // Shift+↑ selects upwards; Esc clears; d deletes a selection as one change.
    run.send(end + shiftUp)
    #expect(await run.read { $0.lines.contains("› 4* [ ] jam") && $0.lines.contains("  5* [ ] salt") })
    run.send("d")
    #expect(await run.read { $0.lines[0].hasPrefix("3 open") && $0.lines[13] == "deleted 2 items — u undoes" })
    run.send("u")
    #expect(await run.read { $0.lines[0].hasPrefix("5 open") })
    run.send(home + shiftDown)
    #expect(await run.read { $0.lines.contains("  1* [ ] milk") })
    run.send(escape)
    #expect(await run.read { !$0.lines.joined().contains("*") })
    await quit(run)
  }

  /// Tab opens the focused item's actions below it; ↑ and ↓ move the
  /// highlight, Esc closes it doing nothing, Enter does the highlighted
  /// action (as its key does: `u` undoes it).
  @Test func tabOpensTheActionMenuEnterPerformsEscCloses() async throws {
    let run = try await start(width: 60, height: 14)
    add(["milk", "eggs"], to: run)
    #expect(await run.read { $0.lines.contains("› 2. [ ] eggs") })
    run.send("\t")
    #expect(await run.read { $0.lines.contains { $0.hasPrefix("┌─ actions") } })
    #expect(run.screen.lines.contains { $0.contains("› Done") })
    #expect(run.screen.lines[13].hasPrefix("↑↓ choose"))
    run.send(down + down + up)
    #expect(await run.read { $0.lines.contains { $0.contains("› Edit title") } })
    run.send(escape)
    #expect(await run.read { !$0.lines.contains { $0.hasPrefix("┌─ actions") } })
    #expect(run.screen.lines[0].hasPrefix("2 open · 0 done"))
    run.send("\t\r")  // Done
    #expect(await run.read { $0.lines[0].hasPrefix("1 open · 1 done") && $0.lines.contains("  2. [x] eggs") })
    #expect(!run.screen.lines.contains { $0.hasPrefix("┌─ actions") })
    run.send("u")
    #expect(await run.read { $0.lines[0].hasPrefix("2 open · 0 done") })
    run.send(home + "\t" + down + down + down)
    #expect(await run.read { $0.lines.contains { $0.contains("› Delete !") } })
    run.send("\r")
    #expect(await run.read { $0.lines[0].hasPrefix("1 open") && $0.lines[13] == "deleted “milk” — u undoes" })
    await quit(run)
  }

  /// At 50×12 the help panel shows a page of keys at a time and scrolls
  /// with ↓; every key of the key map shows on the way down; another key
  /// closes it.
  @Test func helpScrollsAt50By12AndListsEveryKey() async throws {
    let run = try await startWithMilk(width: 50, height: 12)
    run.send("?")
    #expect(await run.read { $0.lines[0].hasPrefix("┌─ keys") && $0.lines.contains { $0.contains("↑↓ scroll · 1–") } })
    var seen = run.screen.lines
    @Sendable func hint(_ screen: VT100Screen) -> String { screen.lines.first { $0.contains("↑↓ scroll") } ?? "" }
    for _ in 0..<30 {
      let before = hint(run.screen)
      run.send(down)
      // At the last page ↓ changes nothing on screen.
      guard await run.read(timeout: 2, until: { hint($0) != before }) else { break }
      seen += run.screen.lines
    }
    let last = hint(run.screen)
    let total = last.components(separatedBy: " of ").last?.components(separatedBy: " ").first ?? "?"
    #expect(last.contains("–\(total) of \(total) "), "\(last)")
    for usage in FullScreenKeys.reference.map(\.usage) {
      #expect(seen.contains { $0.hasPrefix("│ \(usage) ") }, "\(usage)")
    }
    #expect(seen.allSatisfy { $0.count <= 50 })
    run.send("x")
    #expect(await run.read { $0.lines[0].hasPrefix("1 open · 0 done") })
    await quit(run)
  }

  /// The root's placeholder in a real terminal: an empty list says which
  /// key adds; a search that matches nothing says so.
  @Test func anEmptyListAndAnEmptySearchShowTheirPlaceholders() async throws {
    let run = try await start(width: 60, height: 10)
    #expect(run.screen.lines[2] == "     nothing to do — a adds an item")
    add(["milk"], to: run)
    #expect(await run.read { $0.lines[2] == "› 1. [ ] milk" })
    run.send("/zz\r")
    #expect(await run.read { $0.lines[2] == "     no matches for 'zz' — / changes the search" })
    run.send("/\u{15}\r")  // Ctrl-U empties the search
    #expect(await run.read { $0.lines[2] == "› 1. [ ] milk" })
    await quit(run)
  }
}
