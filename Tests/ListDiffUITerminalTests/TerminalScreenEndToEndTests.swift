import Foundation
import ListDiffUITerminal
import TerminalTestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The article's program (`FirstTerminalList`, built on `TerminalScreen`)
/// in a pseudo-terminal: what the library does for any app — keys, mouse
/// clicks and wheel, resize, suspend and every way out — seen from the
/// terminal's side through a VT100 interpreter.
@Suite("TerminalScreen in a pseudo-terminal", .serialized, .timeLimit(.minutes(20)))
struct TerminalScreenEndToEndTests {
  static let status = "click a fruit · wheel or ↑↓ scroll · q quits"

  /// Starts the program with `count` fruits and waits for its first frame.
  private func start(width: Int = 50, height: Int = 10, count: Int = 100) async throws -> PseudoTerminalRun {
    let run = try PseudoTerminalRun(
      executable: try BuiltProduct.location(of: "FirstTerminalList"), arguments: ["\(count)"], width: width,
      height: height)
    let drew = await run.read { $0.isAlternate && $0.lines.last == Self.status }
    try #require(drew, "no first frame: \(run.screen)")
    return run
  }

  private func quit(_ run: PseudoTerminalRun) async {
    run.send("q")
    #expect(await run.waitForExit() == 0)
  }

  @Test func theListFillsTheWindowAboveTheStatusLine() async throws {
    let run = try await start()
    let lines = run.screen.lines
    #expect(lines.count == 10 && run.screen.width == 50)
    #expect(Array(lines[0..<9]) == (1...9).map { "  fruit \($0)" })
    #expect(lines[9] == Self.status)
    #expect(!run.screen.cursorVisible)
    // Mouse buttons and the wheel are reported, in SGR form.
    #expect(run.screen.modeChanges.contains("1000h") && run.screen.modeChanges.contains("1006h"))
    await quit(run)
  }

  @Test func arrowKeysReachTheApp() async throws {
    let run = try await start()
    run.send("\u{1B}[B\u{1B}[B")
    #expect(await run.read { $0.lines.first == "  fruit 3" })
    run.send("\u{1B}OA")
    #expect(await run.read { $0.lines.first == "  fruit 2" })
    await quit(run)
  }

  /// A click selects the item under it through `selectItem(at:)`: the cell
  /// draws its selection and the app reads the collection view's.
  @Test func aClickSelectsTheItemUnderIt() async throws {
    let run = try await start()
    run.send("\u{1B}[<0;5;4M\u{1B}[<0;5;4m")
    #expect(await run.read { $0.lines[3] == "› fruit 4" && $0.lines[9] == "picked fruit 4 · q quits" })
    // Another click moves the selection; a click on the status line or
    // past the last column selects nothing.
    run.send("\u{1B}[<0;1;1M\u{1B}[<0;1;1m")
    #expect(await run.read { $0.lines[0] == "› fruit 1" && $0.lines[3] == "  fruit 4" })
    run.send("\u{1B}[<0;1;10M\u{1B}[<0;1;10m")
    await run.settle()
    #expect(run.screen.lines[0] == "› fruit 1")
    #expect(run.screen.lines[9] == "picked fruit 1 · q quits")
    await quit(run)
  }

  /// The wheel scrolls three lines a notch with `drag(by:)`, and stops at
  /// either end.
  @Test func theWheelScrolls() async throws {
    let run = try await start(count: 12)
    run.send("\u{1B}[<65;3;3M")
    #expect(await run.read { $0.lines.first == "  fruit 4" })
    run.send("\u{1B}[<65;3;3M\u{1B}[<65;3;3M")
    // 12 rows in a 9-row list: it stops with fruit 12 on the last list row.
    #expect(await run.read { $0.lines.first == "  fruit 4" && $0.lines[8] == "  fruit 12" })
    run.send("\u{1B}[<64;3;3M\u{1B}[<64;3;3M")
    #expect(await run.read { $0.lines.first == "  fruit 1" })
    await quit(run)
  }

  /// Bracketed paste is turned on, and what arrives between its brackets
  /// is pasted text, not keys: a pasted "q" does not quit and pasted arrow
  /// sequences do not scroll; the keys typed after it still work.
  @Test func aPasteIsTextNotKeys() async throws {
    let run = try await start()
    #expect(run.screen.modeChanges.contains("2004h"))
    run.send("\u{1B}[200~q\u{1B}[Bq\u{1B}[201~")
    await run.settle()
    #expect(run.screen.lines[0] == "  fruit 1" && run.screen.lines[9] == Self.status)
    run.send("\u{1B}[B")
    #expect(await run.read { $0.lines.first == "  fruit 2" })
    await quit(run)
  }

  @Test func aResizeRedrawsAtTheNewSize() async throws {
    let run = try await start()
    run.resize(width: 30, height: 6)
    #expect(await run.read(timeout: 5) { $0.lines[5] == TerminalText.fit(Self.status, width: 30) })
    #expect(Array(run.screen.lines[0..<5]) == (1...5).map { "  fruit \($0)" })
    run.resize(width: 50, height: 14)
    #expect(await run.read(timeout: 5) { $0.lines[13] == Self.status && $0.lines[12] == "  fruit 13" })
    await quit(run)
  }

  @Test func aContinuedProgramRedrawsEverything() async throws {
    let run = try await start()
    #expect(await run.stopAndContinue())
    await run.settle()
    #expect(run.screen.lines[0] == "  fruit 1" && run.screen.lines[9] == Self.status)
    await quit(run)
  }

  /// Returning from the loop, Ctrl-C (the app returns), SIGTERM (the
  /// sequence ends) and a fatal signal all leave the alternate screen,
  /// turn mouse reporting off, show the cursor and restore the modes.
  @Test(arguments: ["q", "ctrl-c", "SIGTERM", "SIGHUP", "crash"])
  func theTerminalIsRestoredOnEveryWayOut(way: String) async throws {
    let run = try await start()
    #expect(run.terminalModes().c_lflag & tcflag_t(ICANON) == 0)
    switch way {
    case "q": run.send("q")
    case "ctrl-c": run.send("\u{3}")
    case "crash": kill(run.process.processIdentifier, SIGSEGV)
    case "SIGHUP": kill(run.process.processIdentifier, SIGHUP)
    default: kill(run.process.processIdentifier, SIGTERM)
    }
    let status = await run.waitForExit()
    if way == "crash" {
      #expect(run.process.terminationReason == .uncaughtSignal)
      #expect(status == SIGSEGV)
    } else {
      #expect(run.process.terminationReason == .exit)
      #expect(status == 0)  // the program returns from main whichever way the loop ended
    }
    #expect(run.restorationProblems() == [])
    #expect(run.screen.modeChanges.contains("1000l") && run.screen.modeChanges.contains("1006l"))
  }

  /// The article's program on the list's key map (`browseFruits`): typed
  /// letters select a fruit by its name, ↓ moves on, and `q`, one of the
  /// app's command keys, quits although a fruit's name starts with it.
  @Test func theKeyMapLeavesTheAppsCommandKeysToIt() async throws {
    let run = try PseudoTerminalRun(
      executable: try BuiltProduct.location(of: "FirstTerminalList"), arguments: ["--keys", "apple", "pear", "quince"],
      width: 30, height: 5)
    let status = "↑↓ or type a name · q quits"
    try #require(await run.read { $0.isAlternate && $0.lines.last == status }, "no first frame: \(run.screen)")
    run.send("p")
    #expect(await run.read { $0.lines.prefix(3) == ["  apple", "› pear", "  quince"] }, "\(run.screen)")
    run.send("\u{1B}[B")
    #expect(await run.read { $0.lines.prefix(3) == ["  apple", "  pear", "› quince"] }, "\(run.screen)")
    run.send("q")
    #expect(await run.waitForExit() == 0, "q quits: \(run.screen)")
  }

  /// Input that is not a terminal: line mode prints each changed frame as
  /// plain text and reads keys from the lines, so the program is
  /// scriptable.
  @Test func withoutATerminalTheProgramRunsInLineMode() async throws {
    let executable = try BuiltProduct.location(of: "FirstTerminalList")
    let output = try await offThePool { () throws -> String in
      let process = Process()
      process.executableURL = executable
      process.arguments = ["30"]
      process.environment = ["COLUMNS": "30", "LINES": "5", "PATH": "/usr/bin:/bin"]
      let input = Pipe()
      let output = Pipe()
      process.standardInput = input
      process.standardOutput = output
      try process.run()
      try input.fileHandleForWriting.write(contentsOf: Data("\u{1B}[B\nq\n".utf8))
      try input.fileHandleForWriting.close()
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      return String(decoding: data, as: UTF8.self)
    }
    let status = TerminalText.fit(Self.status, width: 30)
    #expect(
      output == """
          fruit 1
          fruit 2
          fruit 3
          fruit 4
        \(status)

          fruit 2
          fruit 3
          fruit 4
          fruit 5
        \(status)


        """)
  }
}
