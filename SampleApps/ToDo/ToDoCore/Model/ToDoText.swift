import ListDiffUITerminal

/// The rules for text the user types into titles and notes.
///
/// Titles and notes are drawn into a terminal, so they must be printable
/// (a stray escape or newline would corrupt every frame after it) and
/// bounded (a 10,000-character title is a paste gone wrong, not a task).
public enum ToDoText {
  /// The most characters a title may have.
  public static let titleLimit = 500
  /// The most characters a note may have.
  public static let notesLimit = 2_000

  /// The title with surrounding whitespace removed, or the reason it is
  /// refused: empty, too long, or holding a control character. O(n) in the
  /// text's length.
  public static func validatedTitle(_ text: String) throws(ToDoError) -> String {
    let title = trimmed(text)
    guard !title.isEmpty else { throw .emptyTitle }
    try check(title, field: "title", limit: titleLimit)
    return title
  }

  /// The notes with surrounding whitespace removed (empty clears them), or
  /// the reason they are refused. O(n) in the text's length.
  public static func validatedNotes(_ text: String) throws(ToDoError) -> String {
    let notes = trimmed(text)
    try check(notes, field: "note", limit: notesLimit)
    return notes
  }

  private static func check(_ text: String, field: String, limit: Int) throws(ToDoError) {
    // Count scalars as well as characters: a single "character" built from
    // thousands of combining marks is as bad for a terminal as a long line.
    let length = text.count
    let scalarCount = text.unicodeScalars.count
    if length > limit || scalarCount > limit * 4 {
      throw .textTooLong(field: field, length: length > limit ? length : scalarCount, limit: limit)
    }
    if let bad = text.unicodeScalars.first(where: TerminalText.isControl) {
      throw .controlCharacter(field: field, scalar: bad)
    }
  }

  /// `text` with every character `TerminalText.isControl(_:)` names written as a
  /// visible `\u{…}` escape, so that echoing user input cannot move the
  /// terminal's cursor or change its colours. O(n).
  public static func escapingControlCharacters(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TerminalText.isControl) else { return text }
    var shown = ""
    for scalar in text.unicodeScalars {
      if TerminalText.isControl(scalar) {
        shown += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        shown.unicodeScalars.append(scalar)
      }
    }
    return shown
  }

  private static func trimmed(_ text: String) -> String {
    // Trim only spaces: trimming other whitespace would hide a tab or
    // newline at the ends instead of reporting it.
    var slice = Substring(text)
    while slice.first == " " { slice.removeFirst() }
    while slice.last == " " { slice.removeLast() }
    return String(slice)
  }
}
