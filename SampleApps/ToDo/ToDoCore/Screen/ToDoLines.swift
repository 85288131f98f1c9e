import Foundation
import ListDiffUITerminal

/// The text of every cell on the to-do screen, as plain functions of what
/// the cell shows and how wide the screen is.
///
/// Cells are one character cell per point, so a cell's height is the number
/// of lines these functions return. Each line fits in `width` terminal
/// columns (longer text is cut with "…" or wrapped), counting East Asian
/// wide characters and emoji as the two columns a terminal gives them; a
/// line never has more `Character`s than columns, so the collection view's
/// clipping never cuts it.
///
/// Each has a `plain` form for a screen reader (`todo --screen-reader`):
/// no focus mark (the terminal's cursor is on the focused row), no check
/// box, no rules, no "·" between words — what a reader would speak as
/// "left bracket x right bracket" or "box drawings light horizontal" is
/// said in words or left out, and every line keeps its place, so the
/// list is laid out as it is drawn for the eye.
public enum ToDoLines {
  /// The header: counts, the filter and any search text on one line, a
  /// rule under it. `plain`: "3 open, 2 done, showing all", then an empty
  /// line. O(w).
  public static func header(
    openCount: Int, doneCount: Int, filter: ToDoFilter, search: String = "", width: Int, plain: Bool = false
  ) -> [String] {
    if plain {
      return [TerminalText.fit(headerSentence(openCount: openCount, doneCount: doneCount, filter: filter, search: search), width: width), ""]
    }
    let counts = "\(openCount) open · \(doneCount) done"
    let shown = "showing \(filter)" + (search.isEmpty ? "" : " matching '\(search)'")
    let gap = width - counts.count - TerminalText.columns(shown)
    let top = gap >= 2 ? counts + String(repeating: " ", count: gap) + shown : counts + " · " + shown
    return [TerminalText.fit(top, width: width), rule(width)]
  }

  /// The header's counts and filter as one sentence: "3 open, 2 done,
  /// showing all, matching 'milk'" (its plain line and its accessibility
  /// label). O(search).
  public static func headerSentence(openCount: Int, doneCount: Int, filter: ToDoFilter, search: String) -> String {
    "\(openCount) open, \(doneCount) done, showing \(filter)" + (search.isEmpty ? "" : ", matching '\(search)'")
  }

  /// One item: its number, a check box and the title, cut to one line;
  /// expanded, the whole title wrapped, then its notes (wrapped) and when
  /// it was created. The number is right-aligned in `numberColumns`
  /// (default: its own digits, at least 2) after a column that shows `›`
  /// when the item `isFocused`, and followed by `.`, or `*` when it
  /// `isSelected`; `shortID`, when given, is shown as `@id` at the end of
  /// the first line. `plain`: no focus mark or check box; after the
  /// title, ", done", ", selected" and ", has notes" say what the marks
  /// show (`" 3. buy milk, done"`). O(w + title + notes).
  public static func item(
    position: Int, title: String, isDone: Bool, notes: String, created: String, isExpanded: Bool, width: Int,
    numberColumns: Int? = nil, isFocused: Bool = false, isSelected: Bool = false, shortID: String? = nil,
    plain: Bool = false
  ) -> [String] {
    let number = String(position)
    let numberWidth = max(numberColumns ?? 2, number.count)
    let padding = String(repeating: " ", count: numberWidth - number.count)
    let prefix =
      plain
      ? " " + padding + number + ". "
      : (isFocused ? "›" : " ") + padding + number + (isSelected ? "* " : ". ") + (isDone ? "[x] " : "[ ] ")
    let id = shortID.map { " @" + $0 } ?? ""
    // The plain form says in words what the marks show.
    let words = plain ? (isDone ? ", done" : "") + (isSelected ? ", selected" : "") : ""
    guard isExpanded else {
      let marker = notes.isEmpty ? "" : plain ? ", has notes" : " (notes)"
      return [TerminalText.fit(prefix + title, width: width, keepingSuffix: words + marker + id)]
    }
    let indent = String(repeating: " ", count: prefix.count)
    let textWidth = max(10, width - indent.count)
    var lines = paragraph(title + words + id, width: width, first: prefix, rest: indent)
    let noteLines = notes.isEmpty ? ["(no notes)"] : TerminalText.wrap(notes, width: textWidth)
    lines += noteLines.map { TerminalText.fit(indent + $0, width: width) }
    lines.append(TerminalText.fit(indent + "created " + created, width: width))
    return lines
  }

  /// `text` wrapped to `width` columns at spaces, the first line after
  /// `first` and the others after `rest` (both usually spaces or a label);
  /// when the prefixes leave less than 10 columns they are dropped. Every
  /// line fits. O(n).
  public static func paragraph(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
    let width = max(1, width)
    let room = width - max(TerminalText.columns(first), TerminalText.columns(rest))
    guard room >= 10 || room >= TerminalText.columns(text) else {
      return TerminalText.wrap(first + text, width: width)
    }
    return TerminalText.wrap(text, width: room).enumerated().map { index, line in
      (index == 0 ? first : rest) + line
    }
  }

  /// The title line over the completed items; `plain`: "completed (2)".
  /// O(w).
  public static func completedTitle(count: Int, width: Int, plain: Bool = false) -> [String] {
    if plain { return [TerminalText.fit("completed (\(count))", width: width)] }
    let label = "── completed (\(count)) "
    return [TerminalText.fit(label + String(repeating: "─", count: max(0, width - TerminalText.columns(label))), width: width)]
  }

  /// The line saying why the list shows no item. O(w).
  public static func placeholder(_ text: String, width: Int) -> [String] {
    [TerminalText.fit("     " + text, width: width)]
  }

  /// The footer: a rule, then the commands, wrapped between entries, each
  /// line but the last ending in " ·". `plain`: an empty line, then the
  /// commands between commas. O(w).
  public static func footer(width: Int, plain: Bool = false) -> [String] {
    if plain { return [""] + joined(commands, separator: ", ", width: width) }
    return [rule(width)] + joined(commands, separator: " · ", width: width)
  }

  /// The commands the footer lists, in its order.
  static let commands = [
    "add TEXT", "done N", "reopen N", "undo", "edit N TEXT", "note N TEXT", "rm N", "mv N M", "expand N",
    "collapse N", "select N", "clear-completed", "filter all|open|done", "search TEXT", "scroll up|down|top|bottom",
    "help", "quit",
  ]

  /// The commands as one sentence: "commands: add TEXT, done N, …" (the
  /// footer's accessibility label). O(1).
  public static var commandsSentence: String {
    "commands: " + commands.joined(separator: ", ")
  }

  /// `entries` joined by `separator` into lines of at most `width` columns,
  /// broken only between entries; a line that continues ends with the
  /// separator's visible part (" ·"). An entry wider than a line is cut.
  /// O(n).
  public static func joined(_ entries: [String], separator: String, width: Int) -> [String] {
    let mark = String(separator.reversed().drop { $0 == " " }.reversed())
    var lines: [String] = []
    var line = ""
    for (index, entry) in entries.enumerated() {
      let candidate = line.isEmpty ? entry : line + separator + entry
      // Room for this entry, and for the mark unless it is the last entry.
      let needed = TerminalText.columns(candidate) + (index == entries.count - 1 ? 0 : TerminalText.columns(mark))
      if line.isEmpty || needed <= width {
        line = candidate
      } else {
        // A lone entry too wide for the mark goes without it: the next line
        // starts a new entry anyway.
        lines.append(TerminalText.columns(line + mark) <= width ? line + mark : TerminalText.fit(line, width: width))
        line = entry
      }
    }
    lines.append(TerminalText.fit(line, width: width))
    return lines
  }

  /// Two columns, a name and its explanation, each row indented by two:
  /// explanations line up after the widest name and wrap under
  /// themselves; when that leaves them less than 20 columns, each goes
  /// under its name instead. Every line fits `width`. O(n).
  public static func table(_ rows: [(usage: String, summary: String)], width: Int) -> [String] {
    let nameColumns = rows.map { TerminalText.columns($0.usage) }.max() ?? 0
    let side = width - 2 - nameColumns - 2 >= 20
    return rows.flatMap { row -> [String] in
      if side {
        let first = "  " + row.usage + String(repeating: " ", count: nameColumns - TerminalText.columns(row.usage) + 2)
        return paragraph(row.summary, width: width, first: first, rest: String(repeating: " ", count: first.count))
      }
      return paragraph(row.usage, width: width, first: "  ", rest: "  ")
        + paragraph(row.summary, width: width, first: "      ", rest: "      ")
    }
  }

  /// The date an item was created, as shown: `2024-05-01 09:30` in
  /// `timeZone`. O(1).
  public static func createdText(_ date: Date, timeZone: TimeZone) -> String {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
    func two(_ value: Int?) -> String { value.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
    return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour)):\(two(c.minute))"
  }

  /// A horizontal rule across the screen. O(w).
  static func rule(_ width: Int) -> String {
    String(repeating: "─", count: max(0, width))
  }
}
