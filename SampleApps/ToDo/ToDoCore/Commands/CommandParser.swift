import Foundation

extension ToDoCommand {
  /// What the user can type, in the order `help` lists it: the spelling,
  /// the argument synopsis and a one-line explanation.
  public static let reference: [(usage: String, summary: String)] = [
    ("add TEXT", "add an open item"),
    ("done N", "mark item N done"),
    ("reopen N", "mark item N open again"),
    ("undo", "undo the last change (again for earlier ones)"),
    ("edit N TEXT", "change item N's title"),
    ("note N [TEXT]", "set item N's notes (no text clears them)"),
    ("rm N", "delete item N"),
    ("mv N M", "move item N to position M in its section"),
    ("expand N", "show item N's notes and created date"),
    ("collapse N", "hide them again"),
    ("select N", "tap item N (toggles done)"),
    ("clear-completed", "delete every completed item"),
    ("filter all|open|done", "choose which items are shown"),
    ("search [TEXT]", "show only titles containing TEXT (none: all)"),
    ("scroll up|down|top|bottom", "move through a long list"),
    ("diff on|off", "print the batch update each change applies"),
    ("ids on|off", "show each item's id; @ID works wherever N does"),
    ("help", "show this list"),
    ("quit", "leave (end of input works too)"),
  ]

  /// Parses one input line. Returns `nil` for a line with nothing to do
  /// (blank, or a `#` comment, which makes scripts readable). Throws a
  /// ``ToDoError`` naming the problem and the right usage otherwise.
  /// O(n) in the line's length.
  public init?(parsing line: String) throws(ToDoError) {
    var scanner = WordScanner(line)
    guard let word = scanner.nextWord(), !word.hasPrefix("#") else { return nil }
    let name = word.lowercased()
    switch name {
    case "add":
      self = .add(title: try Self.requiredText(scanner.rest()))
    case "done":
      self = .done(try Self.onlyItem(&scanner, command: name, usage: "done N"))
    case "reopen":
      self = .reopen(try Self.onlyItem(&scanner, command: name, usage: "reopen N"))
    case "undo":
      try Self.noMore(&scanner, command: name, usage: "undo")
      self = .undo
    case "search":
      self = .search(scanner.rest().trimmingCharacters(in: .whitespaces))
    case "rm":
      self = .remove(try Self.onlyItem(&scanner, command: name, usage: "rm N"))
    case "expand":
      self = .expand(try Self.onlyItem(&scanner, command: name, usage: "expand N"))
    case "collapse":
      self = .collapse(try Self.onlyItem(&scanner, command: name, usage: "collapse N"))
    case "select":
      self = .select(try Self.onlyItem(&scanner, command: name, usage: "select N"))
    case "edit":
      let item = try Self.item(&scanner, command: name, usage: "edit N TEXT")
      self = .edit(item, title: try Self.requiredText(scanner.rest()))
    case "note":
      let item = try Self.item(&scanner, command: name, usage: "note N [TEXT]")
      self = .note(item, text: scanner.rest())
    case "mv":
      let from = try Self.item(&scanner, command: name, usage: "mv N M")
      let to = try Self.onlyNumber(&scanner, command: name, usage: "mv N M")
      self = .move(from: from, to: to)
    case "clear-completed":
      try Self.noMore(&scanner, command: name, usage: "clear-completed")
      self = .clearCompleted
    case "filter":
      self = .filter(try Self.choice(&scanner, command: name, among: ToDoFilter.allCases))
    case "scroll":
      self = .scroll(try Self.choice(&scanner, command: name, among: ScrollDirection.allCases))
    case "diff":
      let on = try Self.choice(&scanner, command: name, among: [Switch.on, .off])
      self = .showDiffs(on == .on)
    case "ids":
      let on = try Self.choice(&scanner, command: name, among: [Switch.on, .off])
      self = .showIDs(on == .on)
    case "help", "?":
      try Self.noMore(&scanner, command: name, usage: "help")
      self = .help
    case "quit", "exit":
      try Self.noMore(&scanner, command: name, usage: name)
      self = .quit
    default:
      throw .unknownCommand(word)
    }
  }

  private enum Switch: String, CaseIterable { case on, off }

  private static func requiredText(_ text: String) throws(ToDoError) -> String {
    guard text.contains(where: { $0 != " " }) else { throw .emptyTitle }
    return text
  }

  private static func number(_ scanner: inout WordScanner, command: String, usage: String) throws(ToDoError) -> Int {
    guard let word = scanner.nextWord() else { throw .missingArgument(command: command, usage: usage) }
    guard word.allSatisfy(\.isASCIIDigit), let number = Int(word) else { throw .notANumber(word) }
    return number
  }

  /// A number, or `@` and an id prefix of letters, digits and `-`.
  private static func item(_ scanner: inout WordScanner, command: String, usage: String) throws(ToDoError)
    -> ToDoItemReference
  {
    guard let word = scanner.peekWord(), word.hasPrefix("@") else {
      return .number(try number(&scanner, command: command, usage: usage))
    }
    _ = scanner.nextWord()
    let prefix = word.dropFirst().lowercased()
    guard !prefix.isEmpty, prefix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
      throw .notAnID(word)
    }
    return .id(prefix)
  }

  private static func onlyItem(_ scanner: inout WordScanner, command: String, usage: String) throws(ToDoError)
    -> ToDoItemReference
  {
    let item = try item(&scanner, command: command, usage: usage)
    try noMore(&scanner, command: command, usage: usage)
    return item
  }

  private static func onlyNumber(_ scanner: inout WordScanner, command: String, usage: String) throws(ToDoError) -> Int {
    let number = try number(&scanner, command: command, usage: usage)
    try noMore(&scanner, command: command, usage: usage)
    return number
  }

  private static func noMore(_ scanner: inout WordScanner, command: String, usage: String) throws(ToDoError) {
    if let extra = scanner.nextWord() {
      throw .unexpectedArgument(command: command, argument: extra, usage: usage)
    }
  }

  private static func choice<Choice: RawRepresentable<String> & CaseIterable>(
    _ scanner: inout WordScanner, command: String, among choices: [Choice]
  ) throws(ToDoError) -> Choice {
    let names = choices.map(\.rawValue)
    let usage = command + " " + names.joined(separator: "|")
    guard let word = scanner.nextWord() else { throw .missingArgument(command: command, usage: usage) }
    guard let choice = Choice(rawValue: word.lowercased()) else {
      throw .invalidChoice(command: command, given: word, choices: names)
    }
    try noMore(&scanner, command: command, usage: usage)
    return choice
  }
}

/// Splits a command line into words separated by spaces, keeping the rest
/// of the line intact for commands whose last argument is free text.
private struct WordScanner {
  private var remaining: Substring

  init(_ line: String) { remaining = Substring(line) }

  /// The next space-separated word, or `nil` at the end of the line.
  mutating func nextWord() -> String? {
    remaining = remaining.drop { $0 == " " }
    guard !remaining.isEmpty else { return nil }
    let word = remaining.prefix { $0 != " " }
    remaining = remaining[word.endIndex...]
    return String(word)
  }

  /// The next word, left unread. O(word).
  func peekWord() -> String? {
    var copy = self
    return copy.nextWord()
  }

  /// Everything after the words read so far, minus the separating spaces.
  func rest() -> String {
    String(remaining.drop { $0 == " " })
  }
}

extension Character {
  fileprivate var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
