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

/// The built `todo` in a pseudo-terminal, driven with keys as a person
/// drives it, its screen read back through a VT100 interpreter.
@Suite("todo full screen, in a pseudo-terminal", .serialized, .timeLimit(.minutes(5)))
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

  @Test func theSelectionMovesWithTheArrowsAndSurvivesADone() async throws {
    let run = try await start(width: 60, height: 16)
    add(["milk", "eggs", "tea"], to: run)
    #expect(await run.read { $0.lines.contains("› 3. [ ] tea") })
    run.send(up + up)
    #expect(await run.read { $0.lines.contains("› 1. [ ] milk") })
    run.send(down)
    #expect(await run.read { $0.lines.contains("› 2. [ ] eggs") })
    run.send(" ")
    #expect(await run.read { $0.lines.contains("› 3. [x] eggs") })
    #expect(run.screen.lines.contains("  2. [ ] tea"))
    #expect(run.screen.lines.filter { $0.hasPrefix("›") }.count == 1)
    // An arrow key written in two pieces is still one key. (Whether the
    // app reads them apart depends on timing; KeyDecoderTests splits
    // sequences at every cut deterministically.)
    run.send("\u{1B}[")
    run.send("A")
    #expect(await run.read { $0.lines.contains("› 2. [ ] tea") })
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
      run.send(" ")
      #expect(await run.read { $0.lines.contains("› 2. [x] eggs") })
      run.send("q")
      #expect(await run.waitForExit() == 0)
    }
    let again = try await start(width: 60, height: 12, arguments: ["--file", file])
    #expect(again.screen.lines[2] == "› 1. [ ] milk")
    #expect(again.screen.lines.contains("  2. [x] eggs"))
    await quit(again)
  }
}
