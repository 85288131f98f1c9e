/// Everything that can go wrong with a command, worded for the person who
/// typed it.
///
/// Every case describes input that was refused; when one is thrown, nothing
/// in the store or on disk has changed. ``description`` is the one line the
/// app prints after `error: `.
public enum ToDoError: Error, Equatable, Sendable, CustomStringConvertible {
  /// The first word is not a command.
  case unknownCommand(String)
  /// A command was given too few arguments; `usage` shows the right form.
  case missingArgument(command: String, usage: String)
  /// A command was given arguments it does not take.
  case unexpectedArgument(command: String, argument: String, usage: String)
  /// An item number was not a positive whole number.
  case notANumber(String)
  /// A word after `@` was not an id (letters, digits and `-`).
  case notAnID(String)
  /// No shown item's id starts with that prefix.
  case noSuchID(String)
  /// Several items' ids start with that prefix.
  case ambiguousID(String)
  /// No item is shown with that number.
  case noSuchItem(number: Int, shownCount: Int)
  /// A word was not one of the choices a command accepts.
  case invalidChoice(command: String, given: String, choices: [String])
  /// A title was empty (or only spaces).
  case emptyTitle
  /// A title or note is longer than the limit.
  case textTooLong(field: String, length: Int, limit: Int)
  /// A title or note holds a control character, which would corrupt the
  /// screen it is drawn on.
  case controlCharacter(field: String, scalar: Unicode.Scalar)
  /// `done N` on an item that is already done.
  case alreadyDone(number: Int)
  /// `undo N` on an item that is not done.
  case notDone(number: Int)
  /// `mv N M` between the open and the completed section.
  case moveAcrossSections(from: Int, to: Int)
  /// A reorder (`J`/`K`) while a search hides some items: where the
  /// hidden ones would go is a guess.
  case reorderWhileSearching
  /// The item was removed before the command reached it.
  case itemGone
  /// `clear-completed` when nothing is completed.
  case nothingCompleted
  /// The change could not be saved, so it was not made.
  case saveFailed(String)

  /// The message, without the leading `error: `.
  /// The message as the full screen shows it, where there are keys, not
  /// commands: the same as ``description`` except where that names a
  /// command. O(1).
  public var fullScreenDescription: String {
    switch self {
    case .emptyTitle: "the title is empty — nothing changed; type some text next time"
    default: description
    }
  }

  public var description: String {
    switch self {
    case .unknownCommand(let word):
      return "unknown command \(Self.quoted(word)) — type help to see the commands"
    case .missingArgument(let command, let usage):
      return "\(command) needs more — usage: \(usage)"
    case .unexpectedArgument(let command, let argument, let usage):
      return "\(command) does not take \(Self.quoted(argument)) — usage: \(usage)"
    case .notANumber(let word):
      return "\(Self.quoted(word)) is not an item number — use the number shown on screen"
    case .notAnID(let word):
      return "\(Self.quoted(word)) is not an item id — ids on shows them, as @ and letters and digits"
    case .noSuchID(let prefix):
      return "no item shown has an id starting \(Self.quoted(prefix)) — ids on shows them"
    case .ambiguousID(let prefix):
      return "several items have ids starting \(Self.quoted(prefix)) — type more of it"
    case .noSuchItem(let number, let shownCount):
      switch shownCount {
      case 0: return "no item \(number) — there are none"
      case 1: return "no item \(number) — there is 1"
      default: return "no item \(number) — there are \(shownCount)"
      }
    case .invalidChoice(let command, let given, let choices):
      return "\(command) takes \(Self.alternatives(choices)), not \(Self.quoted(given))"
    case .emptyTitle:
      return "the title is empty — type some text after the command"
    case .textTooLong(let field, let length, let limit):
      return "the \(field) is \(length) characters long — the limit is \(limit)"
    case .controlCharacter(let field, let scalar):
      let hex = String(scalar.value, radix: 16, uppercase: true)
      let code = String(repeating: "0", count: max(0, 4 - hex.count)) + hex
      return "the \(field) contains the control character U+\(code) — only printable text is allowed"
    case .alreadyDone(let number):
      return "item \(number) is already done"
    case .notDone(let number):
      return "item \(number) is not done"
    case .moveAcrossSections(let from, let to):
      return "item \(from) and item \(to) are in different sections — mv reorders within a section; use done or undo to move between them"
    case .reorderWhileSearching:
      return "reordering needs every item shown — clear the search (/ then Enter); nothing moved"
    case .itemGone:
      return "that item no longer exists"
    case .nothingCompleted:
      return "there are no completed items to clear"
    case .saveFailed(let reason):
      return "could not save, so nothing changed: \(reason)"
    }
  }

  /// Echoes the user's word in quotes, made safe for a terminal: control
  /// characters become `\u{…}` escapes and a runaway word is shortened.
  private static func quoted(_ word: String) -> String {
    let shown = ToDoText.escapingControlCharacters(String(word.unicodeScalars.prefix(40)))
    return "'" + shown + (word.unicodeScalars.count > 40 ? "…" : "") + "'"
  }

  private static func alternatives(_ choices: [String]) -> String {
    guard let last = choices.last else { return "nothing" }
    return choices.count == 1 ? last : choices.dropLast().joined(separator: ", ") + " or " + last
  }
}
