import Foundation
import TerminalTestSupport
import Testing

/// The built `todo` executable, run with scripts on standard input.
@Suite("todo, end to end", .serialized, .timeLimit(.minutes(20)))
struct EndToEndTests {
  @Test func theIssueScript() async throws {
    let run = try await TodoBinary.run("add milk\nadd eggs\ndone 1\n")
    #expect(run.status == 0)
    #expect(run.standardError == "")
    #expect(run.standardOutput == """
      0 open · 0 done                                  showing all
      ────────────────────────────────────────────────────────────
           nothing to do — add TEXT adds an item
      \(footer)
      todo> add milk
      1 open · 0 done                                  showing all
      ────────────────────────────────────────────────────────────
        1. [ ] milk
      \(footer)
      todo> add eggs
      2 open · 0 done                                  showing all
      ────────────────────────────────────────────────────────────
        1. [ ] milk
        2. [ ] eggs
      \(footer)
      todo> done 1
      1 open · 1 done                                  showing all
      ────────────────────────────────────────────────────────────
        1. [ ] eggs
      ── completed (1) ───────────────────────────────────────────
        2. [x] milk
      \(footer)

      """)
  }

  @Test func theListSurvivesARestartInTheDefaultLocation() async throws {
    let home = try TemporaryDirectory()
    _ = try await TodoBinary.run("add milk\nadd eggs\nnote 2 a dozen\ndone 1\n", arguments: [], home: home.url)
    let file = home.url.appendingPathComponent("data/listdiffui-todo/todo.json")
    #expect(FileManager.default.fileExists(atPath: file.path))

    let second = try await TodoBinary.run("", arguments: [], home: home.url)
    #expect(second.status == 0)
    #expect(second.standardOutput.hasPrefix("""
      1 open · 1 done                                  showing all
      ────────────────────────────────────────────────────────────
        1. [ ] eggs (notes)
      ── completed (1) ───────────────────────────────────────────
        2. [x] milk
      """))
    let third = try await TodoBinary.run("expand 1\n", arguments: [], home: home.url)
    #expect(third.standardOutput.contains("""
      todo> expand 1
      1 open · 1 done                                  showing all
      ────────────────────────────────────────────────────────────
        1. [ ] eggs
               a dozen
               created 2024-05-01 09:30
      ── completed (1) ───────────────────────────────────────────
      """))
  }

  @Test func aCorruptFileIsSetAsideAndTheAppStartsEmpty() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("list.json")
    try Data("{ this is not a to-do list".utf8).write(to: file)

    let run = try await TodoBinary.run("add tea\n", arguments: ["--file", file.path])
    #expect(run.status == 0)
    let aside = file.path + ".corrupt-20240501T093000Z"
    // Wrapped to the width, breaking the long paths: compare without spaces.
    let note = messages(in: run.standardOutput, labelled: "note: ").map { $0.filter { $0 != " " } }
    let expected = "note: \(file.path) was moved to \(aside) and the list starts empty, because it is not "
      + "valid JSON of this app's format"
    #expect(note == [expected.filter { $0 != " " }])
    #expect(try String(contentsOfFile: aside, encoding: .utf8) == "{ this is not a to-do list")
    #expect(try String(contentsOf: file, encoding: .utf8).contains("\"title\" : \"tea\""))
  }

  @Test func badInputIsOneLineAndTheAppKeepsGoing() async throws {
    let long = String(repeating: "y", count: 10_000)
    let run = try await TodoBinary.run("add milk\ndone 7\nadd \(long)\nadd a\u{1B}[31mred\nrm\nadd eggs\n")
    // The errors are on standard error, and the status says there were
    // some once the input has run to its end.
    #expect(run.status == 3)
    #expect(!run.standardOutput.contains("error: "))
    let errors = messages(in: run.standardError, labelled: "error: ")
    #expect(errors == [
      "error: no item 7 — there is 1",
      "error: the title is 10000 characters long — the limit is 500",
      "error: the title contains the control character U+001B — only printable text is allowed",
      "error: rm needs more — usage: rm N",
    ])
    // The echoed command shows the escape instead of sending it to the terminal.
    #expect(run.standardOutput.contains("todo> add a\\u{1B}[31mred\n"))
    #expect(!run.standardOutput.contains("\u{1B}"))
    #expect(run.standardOutput.hasSuffix("""
        1. [ ] milk
        2. [ ] eggs
      \(footer)

      """))
  }

  @Test func aListFromANewerTodoStopsTheAppAndIsLeftAlone() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("list.json")
    let contents = #"{"format": "listdiffui-todo", "version": 2, "items": []}"#
    try Data(contents.utf8).write(to: file)
    let run = try await TodoBinary.run("add tea\n", arguments: ["--file", file.path])
    #expect(run.status == 1)
    #expect(run.standardOutput == "")
    #expect(run.standardError.hasPrefix("todo: error: \(file.resolvingSymlinksInPath().path) was written by a newer todo (file format 2"))
    #expect(run.standardError.filter { $0 == "\n" }.count == 1)
    #expect(try String(contentsOf: file, encoding: .utf8) == contents)
    #expect(try directory.contents() == [".list.json.lock", "list.json"])
  }

  /// Line mode's exit status: 0 and nothing on standard error when every
  /// command ran; one bad command anywhere (first, last, between good
  /// ones) puts its message on standard error, the commands after it
  /// still run, and the status is 3 once the input ends, or at `quit`.
  @Test(arguments: [
    (["add milk", "done 1", "undo"], 0, ""),
    (["frob", "add milk"], 3, "error: unknown command 'frob' — type help to see the commands\n"),
    (["add milk", "done 2", "add eggs"], 3, "error: no item 2 — there is 1\n"),
    (["add milk", "rm 1", "rm 1", "quit", "add tea"], 3, "error: no item 1 — there are none\n"),
  ])
  func lineModeExitStatusAndStandardError(script: [String], status: Int32, errors: String) async throws {
    let run = try await TodoBinary.run(script.map { $0 + "\n" }.joined())
    #expect(run.status == status)
    // One line per error, never wrapped at COLUMNS (60 here): scripts read it.
    #expect(run.standardError == errors)
    #expect(!run.standardOutput.contains("error: "))
    // The good commands after a bad one ran: their echo and frame are there.
    let last = script.last { $0 != "quit" && $0 != "add tea" } ?? ""
    #expect(run.standardOutput.contains("todo> \(last)\n"))
    #expect(!run.standardOutput.contains("tea"))
  }

  @Test func theLastLineNeedsNoNewline() async throws {
    let run = try await TodoBinary.run("add milk\nadd eggs")
    #expect(run.status == 0)
    #expect(run.standardOutput.contains("  2. [ ] eggs"))
  }

  @Test func badArgumentsAndUnusableFiles() async throws {
    let bad = try await TodoBinary.run("", arguments: ["--colour"])
    #expect(bad.status == 2)
    #expect(bad.standardError.hasPrefix("todo: unknown option '--colour'"))

    let directory = try TemporaryDirectory()
    let isDirectory = try await TodoBinary.run("add milk\n", arguments: ["--file", directory.url.path])
    #expect(isDirectory.status == 1)
    #expect(isDirectory.standardError.contains("is a directory, not a to-do file"))
    #expect(isDirectory.standardOutput == "")

    let help = try await TodoBinary.run("", arguments: ["--help"])
    #expect(help.status == 0)
    #expect(help.standardOutput.hasPrefix("usage: todo [--file PATH | --memory] [--height LINES]"))
  }

  @Test func aSecondTodoOnTheSameListIsTurnedAway() async throws {
    let directory = try TemporaryDirectory()
    let file = directory.file("shared.json")
    // The first todo stays at its prompt: its standard input stays open.
    let first = Process()
    first.executableURL = try TodoBinary.location()
    first.arguments = ["--file", file.path]
    first.environment = ["COLUMNS": "60", "PATH": "/usr/bin:/bin"]
    let input = Pipe()
    let output = Pipe()
    first.standardInput = input
    first.standardOutput = output
    try first.run()
    defer {
      try? input.fileHandleForWriting.close()
      first.waitUntilExit()
    }
    // Its first frame means it has the list open. Read on a thread, so that
    // a todo that never draws fails the test instead of hanging it.
    let drew = DispatchSemaphore(value: 0)
    let reading = output.fileHandleForReading
    Thread {
      var seen = Data()
      while true {
        let chunk = reading.availableData
        if chunk.isEmpty { return }
        seen += chunk
        if String(decoding: seen, as: UTF8.self).contains("showing all") {
          drew.signal()
          return
        }
      }
    }.start()
    let drewInTime = try await offThePool { drew.wait(timeout: .now() + 30) == .success }
    guard drewInTime else {
      first.terminate()
      Issue.record("the first todo never drew its first frame")
      return
    }

    let second = try await TodoBinary.run("add milk\n", arguments: ["--file", file.path])
    #expect(second.status == 1)
    #expect(second.standardError == "todo: error: \(file.resolvingSymlinksInPath().path) is open in another todo; "
      + "quit that one first, so neither overwrites the other's changes\n")
  }

  /// Errors are written whole whatever the width: a script reading
  /// standard error gets one line per failed command.
  @Test func errorsAreNeverWrappedAtColumns() async throws {
    let run = try await TodoBinary.run("add milk\nedit 1 \u{7}\nrm 9\n", environment: ["COLUMNS": "20"])
    #expect(run.status == 3)
    #expect(
      run.standardError
        == "error: the title contains the control character U+0007 — only printable text is allowed\n"
        + "error: no item 9 — there is 1\n")
  }

  @Test func widthFollowsColumns() async throws {
    let run = try await TodoBinary.run("add a rather long title that will not fit in thirty columns\n", environment: ["COLUMNS": "30"])
    for line in run.standardOutput.split(separator: "\n") where !line.hasPrefix("todo> ") {
      #expect(line.count <= 30, "\(line)")
    }
    #expect(run.standardOutput.contains("  1. [ ] a rather long title…\n"))
  }
}

/// The footer at 60 columns, as every frame of these scripts ends.
private let footer = """
  ────────────────────────────────────────────────────────────
  add TEXT · done N · reopen N · undo · edit N TEXT ·
  note N TEXT · rm N · mv N M · expand N · collapse N ·
  select N · clear-completed · filter all|open|done ·
  search TEXT · scroll up|down|top|bottom · help · quit
  """
