import TestSupport
import Testing
import ToDoCore

@Suite("Command parsing")
struct CommandParserTests {
  @Test(arguments: [
    ("add buy milk", ToDoCommand.add(title: "buy milk")),
    ("ADD  two  spaces ", .add(title: "two  spaces ")),
    ("done 3", .done(3)),
    ("undo 12", .undo(12)),
    ("edit 2 new title", .edit(2, title: "new title")),
    ("note 1 remember the receipt", .note(1, text: "remember the receipt")),
    ("note 1", .note(1, text: "")),
    ("rm 4", .remove(4)),
    ("mv 5 1", .move(from: 5, to: 1)),
    ("expand 2", .expand(2)),
    ("collapse 2", .collapse(2)),
    ("select 7", .select(7)),
    ("clear-completed", .clearCompleted),
    ("filter open", .filter(.open)),
    ("filter DONE", .filter(.done)),
    ("filter all", .filter(.all)),
    ("scroll down", .scroll(.down)),
    ("scroll top", .scroll(.top)),
    ("diff on", .showDiffs(true)),
    ("diff off", .showDiffs(false)),
    ("help", .help),
    ("quit", .quit),
    ("exit", .quit),
    ("   done 1   ", .done(1)),
  ])
  func parsesValidLines(line: String, expected: ToDoCommand) throws {
    #expect(try ToDoCommand(parsing: line) == expected)
  }

  @Test(arguments: ["", "   ", "# a comment", "#done 1"])
  func ignoresBlankLinesAndComments(line: String) throws {
    #expect(try ToDoCommand(parsing: line) == nil)
  }

  @Test(arguments: [
    ("frobnicate 1", "unknown command 'frobnicate' — type help to see the commands"),
    ("done", "done needs more — usage: done N"),
    ("done x", "'x' is not an item number — use the number shown on screen"),
    ("done -1", "'-1' is not an item number — use the number shown on screen"),
    ("done 1 2", "done does not take '2' — usage: done N"),
    ("mv 1", "mv needs more — usage: mv N M"),
    ("edit 1", "the title is empty — type some text after the command"),
    ("add", "the title is empty — type some text after the command"),
    ("add    ", "the title is empty — type some text after the command"),
    ("filter", "filter needs more — usage: filter all|open|done"),
    ("filter later", "filter takes all, open or done, not 'later'"),
    ("scroll sideways", "scroll takes up, down, top or bottom, not 'sideways'"),
    ("diff maybe", "diff takes on or off, not 'maybe'"),
    ("quit now", "quit does not take 'now' — usage: quit"),
    ("done 99999999999999999999999", "'99999999999999999999999' is not an item number — use the number shown on screen"),
    ("\u{1B}[2J", "unknown command '\\u{1B}[2J' — type help to see the commands"),
  ])
  func rejectsBadLinesWithOneClearMessage(line: String, message: String) {
    #expect(throws: ToDoError.self) { try ToDoCommand(parsing: line) }
    do {
      _ = try ToDoCommand(parsing: line)
    } catch {
      #expect(error.description == message)
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func echoedWordsAreShortened() {
    let word = String(repeating: "z", count: 10_000)
    do {
      _ = try ToDoCommand(parsing: word)
      Issue.record("a 10,000-letter word parsed as a command")
    } catch {
      #expect(error.description.count < 120)
      #expect(error.description.contains("…"))
    }
  }

  /// Every command written back in its canonical spelling parses to itself.
  @Test func roundTripsGeneratedCommands() throws {
    let seed: UInt64 = 0x70D0_0001
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<5_000 {
      let command = randomCommand(using: &generator)
      let line = spell(command)
      #expect(try ToDoCommand(parsing: line) == command, "seed \(seed): \(line)")
    }
  }

  /// Arbitrary input never crashes the parser, and every refusal is a single
  /// printable line.
  @Test func arbitraryLinesParseOrGiveOneLine() {
    let seed: UInt64 = 0x70D0_0002
    var generator = SeededGenerator(seed: seed)
    let alphabet = Array("adonemvrx-0123456789 \t#\u{7}\u{1B}é日🍎") + ["add ", "done ", "mv ", "filter ", "scroll "]
      .flatMap { Array($0) }
    for _ in 0..<10_000 {
      let length = Int.random(in: 0...20, using: &generator)
      let line = String((0..<length).map { _ in alphabet.randomElement(using: &generator)! })
      do {
        _ = try ToDoCommand(parsing: line)
      } catch {
        let message = error.description
        #expect(!message.isEmpty, "seed \(seed): \(line.debugDescription)")
        #expect(!message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "seed \(seed): \(line.debugDescription) gave \(message.debugDescription)")
      }
    }
  }

  @Test func helpListsEveryCommandWord() {
    let words = Set(ToDoCommand.reference.map { $0.usage.split(separator: " ")[0] })
    #expect(words == ["add", "done", "undo", "edit", "note", "rm", "mv", "expand", "collapse", "select",
                      "clear-completed", "filter", "scroll", "diff", "help", "quit"])
    for word in words where word != "help" {
      // Each listed command is one the parser knows (it may still want arguments).
      do {
        _ = try ToDoCommand(parsing: String(word))
      } catch {
        #expect(!error.description.hasPrefix("unknown command"), "\(word)")
      }
    }
  }
}

private func randomCommand(using generator: inout SeededGenerator) -> ToDoCommand {
  let n = Int.random(in: 1...500, using: &generator)
  let m = Int.random(in: 1...500, using: &generator)
  let title = randomTitle(using: &generator)
  switch Int.random(in: 0..<16, using: &generator) {
  case 0: return .add(title: title)
  case 1: return .done(n)
  case 2: return .undo(n)
  case 3: return .edit(n, title: title)
  case 4: return .note(n, text: Bool.random(using: &generator) ? title : "")
  case 5: return .remove(n)
  case 6: return .move(from: n, to: m)
  case 7: return .expand(n)
  case 8: return .collapse(n)
  case 9: return .select(n)
  case 10: return .clearCompleted
  case 11: return .filter(ToDoFilter.allCases.randomElement(using: &generator)!)
  case 12: return .scroll(ToDoCommand.ScrollDirection.allCases.randomElement(using: &generator)!)
  case 13: return .showDiffs(Bool.random(using: &generator))
  case 14: return .help
  default: return .quit
  }
}

private func spell(_ command: ToDoCommand) -> String {
  switch command {
  case .add(let title): "add \(title)"
  case .done(let n): "done \(n)"
  case .undo(let n): "undo \(n)"
  case .edit(let n, let title): "edit \(n) \(title)"
  case .note(let n, let text): text.isEmpty ? "note \(n)" : "note \(n) \(text)"
  case .remove(let n): "rm \(n)"
  case .move(let from, let to): "mv \(from) \(to)"
  case .expand(let n): "expand \(n)"
  case .collapse(let n): "collapse \(n)"
  case .select(let n): "select \(n)"
  case .clearCompleted: "clear-completed"
  case .filter(let filter): "filter \(filter)"
  case .scroll(let direction): "scroll \(direction.rawValue)"
  case .showDiffs(let on): on ? "diff on" : "diff off"
  case .help: "help"
  case .quit: "quit"
  }
}
