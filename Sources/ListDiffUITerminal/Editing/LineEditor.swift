/// A one-line text field edited with the keys of a shell's line editor.
///
/// ←/→, Home/End (and Ctrl-A/Ctrl-E) move; Backspace and Delete (Ctrl-D)
/// delete; Ctrl-K and Ctrl-U delete to the end and to the start; Ctrl-W
/// deletes the word before the cursor (and the spaces after it); ↑/↓ walk
/// the history; a paste (and Tab) insert text with tabs and line breaks
/// turned into spaces; Enter confirms and Escape (or Ctrl-C, Ctrl-G)
/// cancels. Text wider than the field scrolls horizontally; wide characters
/// take two columns. With a `limit`, typing and pasting stop at that many
/// characters.
public struct LineEditor: Sendable {
  /// What a key did.
  public enum Outcome: Equatable, Sendable {
    /// The text is still being edited.
    case editing
    /// Enter: the text as confirmed.
    case confirmed(String)
    /// Escape: the edit is abandoned.
    case cancelled
  }

  /// The text, one `Character` per element.
  public private(set) var text: [Character]
  /// The cursor: the number of characters before it.
  public private(set) var cursor: Int
  /// The most characters the text may hold, if any.
  public let limit: Int?
  private let history: [String]
  /// Which history entry is shown; `history.count` is the line being typed.
  private var historyIndex: Int
  private var draft: [Character]
  /// The first character shown when the text is wider than the field.
  private var scroll = 0

  /// A field holding `text`, cursor at its end, with `history` (oldest
  /// first) under ↑, taking at most `limit` characters when one is given.
  /// O(n).
  public init(text: String = "", history: [String] = [], limit: Int? = nil) {
    self.limit = limit
    self.text = Array(text)
    cursor = self.text.count
    self.history = history
    historyIndex = history.count
    draft = self.text
  }

  /// The text as a string. O(n).
  public var string: String { String(text) }

  /// Applies a key or a paste; other events leave the text as it is.
  /// O(n) in the text.
  public mutating func handle(_ event: TerminalEvent) -> Outcome {
    switch event {
    case .key(let key): return handle(key)
    case .paste(let pasted):
      insert(pasted)
      return .editing
    case .mouse, .resize: return .editing
    }
  }

  /// Applies `key`. O(n) in the text.
  public mutating func handle(_ key: Key) -> Outcome {
    switch key {
    case .enter: return .confirmed(string)
    case .escape, .control("c"), .control("g"): return .cancelled
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(text.count, cursor + 1)
    case .home, .control("a"): cursor = 0
    case .end, .control("e"): cursor = text.count
    case .backspace:
      if cursor > 0 {
        text.remove(at: cursor - 1)
        cursor -= 1
      }
    case .delete, .control("d"):
      if cursor < text.count { text.remove(at: cursor) }
    case .control("k"): text.removeSubrange(cursor...)
    case .control("u"):
      text.removeSubrange(..<cursor)
      cursor = 0
    case .control("w"):
      var start = cursor
      while start > 0, text[start - 1] == " " { start -= 1 }
      while start > 0, text[start - 1] != " " { start -= 1 }
      text.removeSubrange(start..<cursor)
      cursor = start
    case .up: recall(historyIndex - 1)
    case .down: recall(historyIndex + 1)
    case .character(let character): insert(String(character))
    case .tab: insert(" ")
    default: break
    }
    return .editing
  }

  /// The field as one line of `width` columns: `label` (cut to half the
  /// width at most), then the part of the text around the cursor; and the
  /// cursor's column in that line. O(n).
  public mutating func line(label: String, width: Int) -> (text: String, cursorColumn: Int) {
    let label = TerminalText.fit(label, width: max(1, width / 2))
    let labelColumns = TerminalText.columns(label)
    let shown = view(width: width - labelColumns)
    return (label + shown.text, labelColumns + shown.cursorColumn)
  }

  /// The part of the text that fits in `width` columns, scrolled so the
  /// cursor shows, and the cursor's column in it. O(n).
  public mutating func view(width: Int) -> (text: String, cursorColumn: Int) {
    let width = max(2, width)
    scroll = min(scroll, cursor)
    // Keep the cursor, and one column for it, inside the field.
    while TerminalText.columns(text[scroll..<cursor]) + 1 > width { scroll += 1 }
    var shown = ""
    var used = 0
    for character in text[scroll...] {
      let columns = TerminalText.columns(character)
      if used + columns > width { break }
      shown.append(character)
      used += columns
    }
    return (shown, TerminalText.columns(text[scroll..<cursor]))
  }

  /// Inserts typed or pasted text at the cursor: tabs and line breaks
  /// become spaces, other control characters are dropped.
  private mutating func insert(_ typed: String) {
    var clean = ""
    for scalar in typed.unicodeScalars {
      if scalar == "\t" || scalar == "\n" || scalar == "\r" {
        clean.unicodeScalars.append(" ")
      } else if !TerminalText.isControl(scalar) {
        clean.unicodeScalars.append(scalar)
      }
    }
    // Re-segment around the cursor, so a combining mark joins the
    // character before it.
    if let limit { clean = String(clean.prefix(max(0, limit - text.count))) }
    let before = String(text[..<cursor]) + clean
    let after = String(text[cursor...])
    text = Array(before + after)
    cursor = Array(before).count
  }

  private mutating func recall(_ index: Int) {
    guard index >= 0, index <= history.count, index != historyIndex else { return }
    if historyIndex == history.count { draft = text }
    historyIndex = index
    text = index == history.count ? draft : Array(history[index])
    cursor = text.count
  }
}
