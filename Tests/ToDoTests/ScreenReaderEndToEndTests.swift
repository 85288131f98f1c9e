import Foundation
import TerminalTestSupport
import Testing
import ToDoCore

private let up = "\u{1B}[A"
private let down = "\u{1B}[B"
private let end = "\u{1B}[4~"

/// The built `todo --screen-reader` in a pseudo-terminal: where the
/// terminal's cursor is, as a screen reader or a braille display reads
/// it, after each key and resize.
@Suite("todo --screen-reader, in a pseudo-terminal", .serialized, .timeLimit(.minutes(20)))
struct ScreenReaderEndToEndTests {
  /// The title the status line describes ("tea, 2 of 3" → "tea"), if the
  /// status line ends with a description.
  private static func describedTitle(_ screen: VT100Screen) -> String? {
    guard let status = screen.lines.last, let match = status.range(of: #"[^.]*, \d+ of \d+$"#, options: .regularExpression)
    else { return nil }
    let description = status[match].trimmingCharacters(in: .whitespaces)
    return description.components(separatedBy: ", ").first
  }

  /// Whether the cursor shows at the start of the row of the item the
  /// status line describes (" 2. tea", " 3. eggs, done").
  private static func cursorIsOnTheDescribedRow(_ screen: VT100Screen) -> Bool {
    guard screen.cursorVisible, screen.cursor.column == 0, let title = describedTitle(screen) else { return false }
    let line = screen.lines[screen.cursor.row]
    guard let dot = line.range(of: ". ") else { return false }
    let rest = line[dot.upperBound...]
    return rest == title || rest.hasPrefix(title + ",")
  }

  /// Waits until the cursor is on the row of `title` and the status line
  /// describes it.
  private func expectCursor(on title: String, _ run: PseudoTerminalRun, _ step: String) async {
    let held = await run.read {
      Self.describedTitle($0) == title && Self.cursorIsOnTheDescribedRow($0)
    }
    #expect(held, "\(step): cursor at \(run.screen.cursor) on \(run.screen)")
  }

  @Test func theCursorStaysOnTheFocusedRow() async throws {
    let run = try PseudoTerminalRun(arguments: ["--memory", "--screen-reader"], width: 80, height: 14)
    #expect(await run.read { $0.isAlternate && $0.lines.first == "0 open, 0 done, showing all" }, "\(run.screen)")
    #expect(await run.read { $0.cursorVisible && $0.cursor == (13, 0) }, "nothing focused: the status line")
    for title in ["milk", "eggs", "tea", "bread", "jam"] { run.send("a" + title + "\r") }
    await expectCursor(on: "jam", run, "added")
    #expect(!run.screen.lines.contains { $0.contains("›") || $0.contains("[ ]") || $0.contains("─") })
    run.send(up + up)
    await expectCursor(on: "tea", run, "moved up")
    run.send(" ")
    await expectCursor(on: "bread", run, "marked tea done: the row now in its place")
    #expect(run.screen.lines.contains("  5. tea, done"))
    run.send("d")
    await expectCursor(on: "jam", run, "deleted bread")
    run.send("K")
    await expectCursor(on: "jam", run, "dragged up")
    run.resize(width: 30, height: 7)
    await expectCursor(on: "jam", run, "resized")
    run.send(end)
    await expectCursor(on: "tea", run, "end")
    run.resize(width: 70, height: 20)
    await expectCursor(on: "tea", run, "resized again")
    run.send(down + up)
    await expectCursor(on: "eggs", run, "down at the end, then up: milk, jam, eggs, then tea")
    run.send("q")
    #expect(await run.waitForExit() == 0)
    #expect(run.restorationProblems().isEmpty, "\(run.restorationProblems())")
  }
}
