import Foundation

/// The text of every cell on the to-do screen, as plain functions of what
/// the cell shows and how wide the screen is.
///
/// Cells are one character cell per point, so a cell's height is the number
/// of lines these functions return. Each line fits in `width` terminal
/// columns (longer text is cut with "…" or wrapped), counting East Asian
/// wide characters and emoji as the two columns a terminal gives them; a
/// line never has more `Character`s than columns, so the collection view's
/// clipping never cuts it.
public enum ToDoLines {
  /// The header: counts, the filter and any search text on one line, a
  /// rule under it. O(w).
  public static func header(
    openCount: Int, doneCount: Int, filter: ToDoFilter, search: String = "", width: Int
  ) -> [String] {
    let counts = "\(openCount) open · \(doneCount) done"
    let shown = "showing \(filter)" + (search.isEmpty ? "" : " matching '\(search)'")
    let gap = width - counts.count - columns(shown)
    let top = gap >= 2 ? counts + String(repeating: " ", count: gap) + shown : counts + " · " + shown
    return [fit(top, width: width), rule(width)]
  }

  /// One item: its number, a check box and the title, cut to one line;
  /// expanded, the whole title wrapped, then its notes (wrapped) and when
  /// it was created. The number is right-aligned in `numberColumns`
  /// (default: its own digits, at least 2) after a column that shows `›`
  /// when the item `isSelected`; `shortID`, when given, is shown as `@id`
  /// at the end of the first line. O(w + title + notes).
  public static func item(
    position: Int, title: String, isDone: Bool, notes: String, created: String, isExpanded: Bool, width: Int,
    numberColumns: Int? = nil, isSelected: Bool = false, shortID: String? = nil
  ) -> [String] {
    let number = String(position)
    let numberWidth = max(numberColumns ?? 2, number.count)
    let prefix = (isSelected ? "›" : " ") + String(repeating: " ", count: numberWidth - number.count) + number + ". "
      + (isDone ? "[x] " : "[ ] ")
    let id = shortID.map { " @" + $0 } ?? ""
    guard isExpanded else {
      let marker = notes.isEmpty ? "" : " (notes)"
      return [fit(prefix + title, width: width, keepingSuffix: marker + id)]
    }
    let indent = String(repeating: " ", count: prefix.count)
    let textWidth = max(10, width - indent.count)
    var lines = paragraph(title + id, width: width, first: prefix, rest: indent)
    let noteLines = notes.isEmpty ? ["(no notes)"] : wrap(notes, width: textWidth)
    lines += noteLines.map { fit(indent + $0, width: width) }
    lines.append(fit(indent + "created " + created, width: width))
    return lines
  }

  /// `text` wrapped to `width` columns at spaces, the first line after
  /// `first` and the others after `rest` (both usually spaces or a label);
  /// when the prefixes leave less than 10 columns they are dropped. Every
  /// line fits. O(n).
  public static func paragraph(_ text: String, width: Int, first: String = "", rest: String = "") -> [String] {
    let width = max(1, width)
    let room = width - max(columns(first), columns(rest))
    guard room >= 10 || room >= columns(text) else {
      return wrap(first + text, width: width)
    }
    return wrap(text, width: room).enumerated().map { index, line in
      (index == 0 ? first : rest) + line
    }
  }

  /// The title line over the completed items. O(w).
  public static func completedTitle(count: Int, width: Int) -> [String] {
    let label = "── completed (\(count)) "
    return [fit(label + String(repeating: "─", count: max(0, width - label.count)), width: width)]
  }

  /// A line standing in for an empty section. O(w).
  public static func placeholder(_ text: String, width: Int) -> [String] {
    [fit("     " + text, width: width)]
  }

  /// The footer: a rule, then the commands, wrapped between entries, each
  /// line but the last ending in " ·". O(w).
  public static func footer(width: Int) -> [String] {
    let entries = [
      "add TEXT", "done N", "undo N", "edit N TEXT", "note N TEXT", "rm N", "mv N M", "expand N",
      "collapse N", "select N", "clear-completed", "filter all|open|done", "scroll up|down|top|bottom",
      "diff on|off", "help", "quit",
    ]
    return [rule(width)] + joined(entries, separator: " · ", width: width)
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
      let needed = columns(candidate) + (index == entries.count - 1 ? 0 : columns(mark))
      if line.isEmpty || needed <= width {
        line = candidate
      } else {
        // A lone entry too wide for the mark goes without it: the next line
        // starts a new entry anyway.
        lines.append(columns(line + mark) <= width ? line + mark : fit(line, width: width))
        line = entry
      }
    }
    lines.append(fit(line, width: width))
    return lines
  }

  /// Two columns, a name and its explanation, each row indented by two:
  /// explanations line up after the widest name and wrap under
  /// themselves; when that leaves them less than 20 columns, each goes
  /// under its name instead. Every line fits `width`. O(n).
  public static func table(_ rows: [(usage: String, summary: String)], width: Int) -> [String] {
    let nameColumns = rows.map { columns($0.usage) }.max() ?? 0
    let side = width - 2 - nameColumns - 2 >= 20
    return rows.flatMap { row -> [String] in
      if side {
        let first = "  " + row.usage + String(repeating: " ", count: nameColumns - columns(row.usage) + 2)
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

  /// `text` cut to `width` columns, ending in "…" when cut; `suffix` is
  /// kept visible at the end whenever it fits. O(n).
  static func fit(_ text: String, width: Int, keepingSuffix suffix: String = "") -> String {
    let width = max(1, width)
    let suffixColumns = columns(suffix)
    if columns(text) + suffixColumns <= width { return text + suffix }
    let keep = suffixColumns < width ? suffix : ""
    let room = width - (keep.isEmpty ? 0 : suffixColumns) - 1
    var kept = prefix(text, columns: room)
    // End at a word when that keeps most of the line, so no word is cut.
    if kept.count < text.count, text[text.index(text.startIndex, offsetBy: kept.count)] != " ",
      let space = kept.lastIndex(of: " "), columns(kept[..<space]) * 3 >= room * 2
    {
      kept = String(kept[..<space])
    }
    // "title …" reads as two words, and "a · …" as a list cut short.
    while kept.last == " " || (kept.last == "·" && kept.count < text.count) { kept.removeLast() }
    return kept + "…" + keep
  }

  /// `text` broken into lines of at most `width` columns, at spaces where
  /// possible; a word longer than a line is split. O(n).
  public static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(2, width)
    var lines: [String] = []
    var line = ""
    var lineColumns = 0
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      while !word.isEmpty {
        let wordColumns = columns(word)
        let needed = lineColumns == 0 ? wordColumns : lineColumns + 1 + wordColumns
        if needed <= width {
          line += lineColumns == 0 ? String(word) : " " + word
          lineColumns = needed
          word = ""
        } else if lineColumns == 0 {
          // A word wider than the line: split it.
          let piece = prefix(word, columns: width)
          let taken = max(1, piece.count)  // never stall, whatever the character
          lines.append(String(word.prefix(taken)))
          word = word.dropFirst(taken)
        } else {
          lines.append(line)
          line = ""
          lineColumns = 0
        }
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }

  /// The terminal columns `text` takes. O(n).
  public static func columns(_ text: some Sequence<Character>) -> Int {
    text.reduce(0) { $0 + columns($1) }
  }

  /// The terminal columns one character takes: 2 for East Asian wide and
  /// full-width characters and for emoji shown as pictures, else 1. O(1).
  public static func columns(_ character: Character) -> Int {
    for scalar in character.unicodeScalars {
      if scalar.properties.isEmojiPresentation || scalar == "\u{FE0F}" || isWide(scalar.value) { return 2 }
    }
    return 1
  }

  /// The longest prefix of `text` that fits in `columns`. O(n).
  private static func prefix<Text: StringProtocol>(_ text: Text, columns limit: Int) -> String {
    var result = ""
    var used = 0
    for character in text {
      let width = columns(character)
      if used + width > limit { break }
      result.append(character)
      used += width
    }
    return result
  }

  /// The blocks of Unicode's East Asian Width "W" and "F" classes that hold
  /// letters: Hangul, CJK, kana, full-width forms.
  private static func isWide(_ value: UInt32) -> Bool {
    switch value {
    case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
      0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
      0xFFE0...0xFFE6, 0x20000...0x3FFFD:
      true
    default:
      false
    }
  }
}
