import Foundation
import Testing
import ToDoCore

@Suite("Starting, stopping and failing to save", .timeLimit(.minutes(20)))
@MainActor
struct ProgramTests {
  @Test func aTerminalInLineModeGetsPromptsAndNoEscapeCodes() async {
    let output = Transcript()
    let lines = AsyncStream<String> { continuation in
      continuation.yield("add milk")
      continuation.finish()
    }
    let status = await ToDoProgram.run(
      arguments: ["--memory"], environment: ["COLUMNS": "40"], interactive: true, lines: lines,
      output: .init(standardOutput: output.write, standardError: output.write), timeZone: utc,
      terminalWidth: { nil })
    #expect(status == 0)
    // Two frames, one after the other, each followed by the prompt; typed
    // commands are not echoed (the terminal already shows them); the end
    // of input leaves the cursor on a fresh line. Line mode (standard
    // output not a terminal, or TERM=dumb) writes no escape codes.
    #expect(!output.text.contains("\u{1B}"))
    #expect(output.text.components(separatedBy: "showing all").count == 3)
    #expect(output.text.hasPrefix("0 open · 0 done"))
    #expect(output.text.components(separatedBy: "quit\ntodo> ").count == 3)
    #expect(!output.text.contains("todo> add milk"))
    #expect(output.text.hasSuffix("todo> \n"))
  }

  @Test func withoutHomeThereIsNoDefaultFile() async {
    let run = await runProgram(["add milk"], arguments: [], environment: ["HOME": "", "XDG_DATA_HOME": ""])
    #expect(run.status == 1)
    #expect(run.errors == "todo: error: neither XDG_DATA_HOME nor HOME is set; use --file PATH or --memory\n")
    #expect(run.output.isEmpty)
  }

  @Test func anUnwritableLocationStopsTheAppBeforeItStarts() async throws {
    let directory = try TemporaryDirectory()
    let blocker = directory.file("not-a-directory")
    try Data("x".utf8).write(to: blocker)
    let run = await runProgram(["add milk"], arguments: ["--file", blocker.path + "/todo.json"])
    #expect(run.status == 1)
    #expect(run.errors.hasPrefix("todo: error: cannot write \(blocker.path)"))
    #expect(run.output.isEmpty)
  }

  @Test func aSaveThatFailsMidSessionChangesNothing() async throws {
    let directory = try TemporaryDirectory()
    let folder = directory.url.appendingPathComponent("list", isDirectory: true)
    let url = folder.appendingPathComponent("todo.json")
    let opened = try ToDoFile.open(url, clock: .fixed(fixedDate))
    let store = ToDoStore(items: opened.items, storage: opened.file, clock: .fixed(fixedDate))
    let screen = ToDoScreen(store: store, width: 40, height: 10, timeZone: utc)
    let output = Transcript()
    let session = ToDoSession(store: store, screen: screen, interactive: false, write: output.write)
    await session.start()
    _ = await session.handle("add milk")
    let before = screen.frame()

    // The list's folder disappears (an unmounted disk, a cleanup script).
    try FileManager.default.removeItem(at: folder)
    _ = await session.handle("add eggs")
    _ = await session.handle("done 1")

    let resolvedFolder = folder.resolvingSymlinksInPath().path
    let expected = "error: could not save, so nothing changed: cannot write \(resolvedFolder)/todo.json: "
      + "cannot create a temporary file in \(resolvedFolder): No such file or directory"
    // Wrapped to the width, breaking the long paths: compare without spaces.
    let errors = messages(in: output.text, labelled: "error: ").map { $0.filter { $0 != " " } }
    #expect(errors == [expected, expected].map { $0.filter { $0 != " " } })
    #expect(await store.snapshot.items.map(\.title) == ["milk"])
    #expect(await store.snapshot.openCount == 1)
    #expect(screen.frame() == before)
    await session.finish()
  }
}
