import Foundation
import ListDiffUITerminal

/// The keys of the full-screen app, as its footer and help panel list them.
public enum FullScreenKeys {
  /// Every key with what it does, in the order help lists them.
  public static let reference: [(usage: String, summary: String)] = [
    ("↑ ↓  k j", "move the focus (the › row)"),
    ("PgUp PgDn", "move it a page"),
    ("Home End", "to the first and last item"),
    ("Space", "mark the focused item done or open"),
    ("Enter", "show or hide its notes and whole title"),
    ("Tab", "its actions, as a menu (↑ ↓ Enter, Esc closes)"),
    ("a", "add an item"),
    ("e n", "edit the focused item's title, or its notes"),
    ("d", "delete it"),
    ("u", "undo the last change (again for earlier ones)"),
    ("J K", "drag it down or up within its section"),
    ("Shift+↑ ↓", "select the items the focus passes (marked *)"),
    ("x", "select the focused item, or unselect it"),
    ("Esc", "clear the selection (Space and d act on all of it)"),
    ("/", "show only titles containing some text"),
    ("Ctrl-L  Ctrl-Z", "redraw the screen; suspend (fg resumes)"),
    ("?  q", "show or hide this help; quit (Ctrl-C too)"),
  ]

  /// The reference as a screen reader reads it: keys by their names, and
  /// no mention of the marks the plain rows do not draw (`›`, `*`). O(k).
  static var spokenReference: [(usage: String, summary: String)] {
    reference.map { key in
      var (usage, summary) = key
      for (glyph, name) in [("Shift+↑ ↓", "Shift+Up Down"), ("↑ ↓", "Up Down"), ("PgUp PgDn", "Page Up, Page Down")] {
        usage = usage.replacingOccurrences(of: glyph, with: name)
        summary = summary.replacingOccurrences(of: glyph, with: name)
      }
      for mark in [" (the › row)", " (marked *)"] { summary = summary.replacingOccurrences(of: mark, with: "") }
      return (usage, summary)
    }
  }

  /// The footer's hints, most useful first; the footer shows as many as
  /// fit and always keeps the last two.
  static let hints = [
    "↑↓ move", "space done", "a add", "e edit", "d delete", "u undo", "enter open", "n note", "J/K move",
    "/ search", "tab actions", "x select", "? help", "q quit",
  ]

  /// The footer's answer to a key the list does not use: the key's name
  /// and where the keys are listed. O(1).
  public static func unused(_ key: Key) -> String {
    "\(name(of: key)) does nothing here — ? lists the keys"
  }

  /// A key as the footer names it. O(1).
  static func name(of key: Key) -> String {
    switch key {
    case .character(let character): "“\(character)”"
    case .control(let character): "Ctrl-\(String(character).uppercased())"
    case .function(let number): "F\(number)"
    case .backspace: "Backspace"
    case .delete: "Delete"
    case .insert: "Insert"
    case .left: "←"
    case .right: "→"
    default: "That key"
    }
  }

  /// The one-line footer at `width` columns: as many hints as fit, always
  /// ending with help and quit; cut only when even those do not fit. O(w).
  public static func footer(width: Int) -> String {
    var shown = hints
    while shown.count > 2 && TerminalText.columns(shown.joined(separator: " · ")) > width {
      shown.remove(at: shown.count - 3)
    }
    return TerminalText.fit(shown.joined(separator: " · "), width: width)
  }

  /// The help panel at `width` × `height`: a box with every key, laid
  /// over the top of the list, its keys shown from line `top` (clamped).
  /// When they all fit, `page` is 0 and the box ends "any key closes
  /// this"; otherwise it shows `page` lines of keys and, last, which lines
  /// they are and how to scroll. `plain` (for a screen reader): no box,
  /// the first row "keys", the last empty, "to" for the range's dash.
  /// O(w × h).
  static func helpPanel(width: Int, height: Int, top wanted: Int = 0, plain: Bool = false)
    -> (rows: [String], top: Int, page: Int)
  {
    let inner = max(1, plain ? width : width - 4)
    let keys = ToDoLines.table(plain ? spokenReference : reference, width: inner + 2).map { String($0.dropFirst(2)) }
    let room = max(0, height - 2)
    var body = keys + ["", "any key closes this"]
    var (top, page) = (0, 0)
    if body.count > room {
      page = max(1, room - 1)
      top = min(max(0, wanted), keys.count - page)
      let shown = keys[top..<(top + page)]
      body =
        Array(shown)
        + [
          plain
            ? "up and down scroll, \(top + 1) to \(top + page) of \(keys.count), other keys close"
            : "↑↓ scroll · \(top + 1)–\(top + page) of \(keys.count) · other keys close"
        ]
    }
    if plain { return ((["keys"] + body.prefix(room) + [""]).map { TerminalText.fit($0, width: width) }, top, page) }
    func row(_ text: String) -> String {
      let fitted = TerminalText.fit(text, width: inner)
      return "│ " + fitted + String(repeating: " ", count: max(0, inner - TerminalText.columns(fitted))) + " │"
    }
    let title = "┌─ keys " + String(repeating: "─", count: max(0, width - 9)) + "┐"
    let bottom = "└" + String(repeating: "─", count: max(0, width - 2)) + "┘"
    return ([title] + body.prefix(room).map(row) + [bottom], top, page)
  }

  /// A note (a file set aside when opening the list) as a panel over the
  /// list, its text wrapped to the width so that all of it shows.
  /// O(w × h).
  /// It has no side borders, so a path as long as the window still shows
  /// on one row. `plain` (for a screen reader): "note" and an empty line
  /// for the rules.
  static func notePanel(_ note: String, width: Int, height: Int, plain: Bool = false) -> [String] {
    var body = TerminalText.wrap(note, width: max(1, width)) + ["", "any key closes this"]
    if body.count > height - 2 { body = Array(body.prefix(max(0, height - 2))) }
    if plain { return ["note"] + body + [""] }
    let top = TerminalText.fit("─ note " + String(repeating: "─", count: max(0, width - 7)), width: width)
    return [top] + body + [String(repeating: "─", count: max(0, width))]
  }
}
