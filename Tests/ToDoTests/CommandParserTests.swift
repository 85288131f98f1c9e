import TestSupport
import Testing
import ToDoCore

@Suite("Command parsing")
struct CommandParserTests {
  @Test(arguments: [
    ("add buy milk", ToDoCommand.add(title: "buy milk")),
    ("ADD  two  spaces ", .add(title: "two  spaces ")),
    ("done 3", .done(3)),
    ("reopen 12", .reopen(12)),
    ("undo", .undo),
    ("search  milk ", .search("milk")),
    ("search", .search("")),
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
    // Escaped by the parser, and named escaped by the test runner too: a
    // raw escape in a test's name would clear the terminal it runs in.
    (#"\u{1B}[2J"#, "unknown command '\\u{1B}[2J' — type help to see the commands"),
  ])
  func rejectsBadLinesWithOneClearMessage(written: String, message: String) {
    let line = written.replacingOccurrences(of: #"\u{1B}"#, with: "\u{1B}")
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

  /// Lines made of command words, numbers, ids, choices and junk, run
  /// together with random spacing: every one parses to exactly what a
  /// second, table-driven reading of the grammar says — nothing, a command,
  /// or one particular error — and every refusal is one printable line.
  @Test func arbitraryLinesMeanWhatTheGrammarSays() {
    let seed: UInt64 = 0x70D0_0002
    var generator = SeededGenerator(seed: seed)
    let tokens = [
      "add", "ADD", "done", "reopen", "undo", "rm", "edit", "note", "mv", "expand", "collapse", "select", "filter", "scroll",
      "diff", "ids", "help", "?", "quit", "exit", "clear-completed", "frob", "1", "42", "007", "-1", "x", "@ab",
      "@AB-9", "@", "@é", "99999999999999999999999", "all", "open", "done", "up", "on", "off", "later", "#", "\t",
      "\u{1B}", "é", "日🍎", "",
    ]
    var parsed = 0
    for _ in 0..<10_000 {
      let count = Int.random(in: 0...5, using: &generator)
      let line = (0..<count).map { _ in
        String(repeating: " ", count: Int.random(in: 0...2, using: &generator))
          + tokens.randomElement(using: &generator)!
      }.joined(separator: " ") + String(repeating: " ", count: Int.random(in: 0...1, using: &generator))
      let expected = GrammarReading(line).outcome
      let context = "seed \(seed): \(line.debugDescription)"
      do {
        let command = try ToDoCommand(parsing: line)
        #expect(expected == .parsed(command), "\(context)")
        if command != nil { parsed += 1 }
      } catch {
        #expect(expected == .refused(error), "\(context)")
        #expect(!error.description.isEmpty && !error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "\(context) gave \(error.description.debugDescription)")
      }
    }
    // The lines reached the commands, not only the errors.
    #expect(parsed > 500, "seed \(seed): only \(parsed) lines parsed")
  }

  @Test func helpListsEveryCommandWord() {
    let words = Set(ToDoCommand.reference.map { $0.usage.split(separator: " ")[0] })
    #expect(words == ["add", "done", "reopen", "undo", "edit", "note", "rm", "mv", "expand", "collapse", "select",
                      "clear-completed", "filter", "search", "scroll", "diff", "ids", "help", "quit"])
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
  let item: ToDoItemReference =
    Bool.random(using: &generator)
    ? .number(Int.random(in: 1...500, using: &generator))
    : .id(["3f2a", "ab-9", "id12", "0"].randomElement(using: &generator)!)
  let m = Int.random(in: 1...500, using: &generator)
  let title = randomTitle(using: &generator)
  switch Int.random(in: 0..<17, using: &generator) {
  case 0: return .add(title: title)
  case 1: return .done(item)
  case 2: return Bool.random(using: &generator) ? .reopen(item) : .undo
  case 3: return .edit(item, title: title)
  case 4: return .note(item, text: Bool.random(using: &generator) ? title : "")
  case 5: return .remove(item)
  case 6: return .move(from: item, to: m)
  case 7: return .expand(item)
  case 8: return .collapse(item)
  case 9: return .select(item)
  case 10: return .clearCompleted
  case 11: return .filter(ToDoFilter.allCases.randomElement(using: &generator)!)
  case 12: return .scroll(ToDoCommand.ScrollDirection.allCases.randomElement(using: &generator)!)
  case 13: return .showDiffs(Bool.random(using: &generator))
  case 14: return .help
  case 15: return .showIDs(Bool.random(using: &generator))
  default: return .quit
  }
}

private func spell(_ command: ToDoCommand) -> String {
  switch command {
  case .add(let title): "add \(title)"
  case .done(let n): "done \(n)"
  case .reopen(let n): "reopen \(n)"
  case .undo: "undo"
  case .search(let text): text.isEmpty ? "search" : "search \(text)"
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
  case .showIDs(let on): on ? "ids on" : "ids off"
  case .help: "help"
  case .quit: "quit"
  }
}

/// The command grammar read a second way, from tables: what one line should
/// parse to. The fuzz test holds the parser to it.
private struct GrammarReading {
  enum Outcome: Equatable {
    case parsed(ToDoCommand?)
    case refused(ToDoError)
  }

  let outcome: Outcome

  private static let single: [String: @Sendable (ToDoItemReference) -> ToDoCommand] = [
    "done": ToDoCommand.done, "reopen": ToDoCommand.reopen, "rm": ToDoCommand.remove, "expand": ToDoCommand.expand,
    "collapse": ToDoCommand.collapse, "select": ToDoCommand.select,
  ]
  private static let bare: [String: ToDoCommand] = [
    "clear-completed": .clearCompleted, "undo": .undo, "help": .help, "?": .help, "quit": .quit, "exit": .quit,
  ]
  private static let choices: [String: [String: ToDoCommand]] = [
    "filter": ["all": .filter(.all), "open": .filter(.open), "done": .filter(.done)],
    "scroll": ["up": .scroll(.up), "down": .scroll(.down), "top": .scroll(.top), "bottom": .scroll(.bottom)],
    "diff": ["on": .showDiffs(true), "off": .showDiffs(false)],
    "ids": ["on": .showIDs(true), "off": .showIDs(false)],
  ]
  private static let choiceOrder: [String: [String]] = [
    "filter": ["all", "open", "done"], "scroll": ["up", "down", "top", "bottom"], "diff": ["on", "off"],
    "ids": ["on", "off"],
  ]

  init(_ line: String) {
    do throws(ToDoError) {
      outcome = .parsed(try Self.read(line))
    } catch {
      outcome = .refused(error)
    }
  }

  private static func read(_ line: String) throws(ToDoError) -> ToDoCommand? {
    let words = line.split(separator: " ").map(String.init)
    guard let first = words.first, !first.hasPrefix("#") else { return nil }
    let name = first.lowercased()
    let args = Array(words.dropFirst())
    /// The text after the first `n` words and the spaces after them.
    func rest(after n: Int) -> String {
      var text = Substring(line)
      for _ in 0..<n {
        text = text.drop { $0 == " " }
        text = text.drop { $0 != " " }
      }
      return String(text.drop { $0 == " " })
    }
    func item(_ word: String?, usage: String) throws(ToDoError) -> ToDoItemReference {
      guard let word else { throw .missingArgument(command: name, usage: usage) }
      if word.hasPrefix("@") {
        let id = word.dropFirst().lowercased()
        guard !id.isEmpty, id.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
          throw .notAnID(word)
        }
        return .id(id)
      }
      guard word.allSatisfy({ $0.isASCII && $0.isNumber }), let number = Int(word) else { throw .notANumber(word) }
      return .number(number)
    }
    func noMore(_ count: Int, usage: String) throws(ToDoError) {
      if args.count > count { throw .unexpectedArgument(command: name, argument: args[count], usage: usage) }
    }
    func text(_ text: String) throws(ToDoError) -> String {
      guard text.contains(where: { $0 != " " }) else { throw .emptyTitle }
      return text
    }
    if let make = single[name] {
      let reference = try item(args.first, usage: "\(name) N")
      try noMore(1, usage: "\(name) N")
      return make(reference)
    }
    if let command = bare[name] {
      try noMore(0, usage: name == "?" ? "help" : name)
      return command
    }
    if let table = choices[name], let order = choiceOrder[name] {
      let usage = name + " " + order.joined(separator: "|")
      guard let word = args.first else { throw .missingArgument(command: name, usage: usage) }
      guard let command = table[word.lowercased()] else {
        throw .invalidChoice(command: name, given: word, choices: order)
      }
      try noMore(1, usage: usage)
      return command
    }
    switch name {
    case "add":
      return .add(title: try text(rest(after: 1)))
    case "edit":
      let reference = try item(args.first, usage: "edit N TEXT")
      return .edit(reference, title: try text(rest(after: 2)))
    case "note":
      return .note(try item(args.first, usage: "note N [TEXT]"), text: rest(after: 2))
    case "mv":
      let from = try item(args.first, usage: "mv N M")
      guard args.count > 1 else { throw .missingArgument(command: name, usage: "mv N M") }
      guard args[1].allSatisfy({ $0.isASCII && $0.isNumber }), let to = Int(args[1]) else {
        throw .notANumber(args[1])
      }
      try noMore(2, usage: "mv N M")
      return .move(from: from, to: to)
    default:
      throw .unknownCommand(first)
    }
  }
}
