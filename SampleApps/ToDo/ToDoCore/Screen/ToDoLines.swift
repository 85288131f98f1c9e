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
  /// The header: counts and the filter on one line, a rule under it. O(w).
  public static func header(openCount: Int, doneCount: Int, filter: ToDoFilter, width: Int) -> [String] {
    let counts = "\(openCount) open · \(doneCount) done"
    let shown = "showing \(filter)"
    let gap = width - counts.count - shown.count
    let top = gap >= 2 ? counts + String(repeating: " ", count: gap) + shown : counts + " · " + shown
    return [fit(top, width: width), rule(width)]
  }

  /// One item: its number, a check box and the title; expanded, also its
  /// notes (wrapped) and when it was created. O(w + notes).
  public static func item(
    position: Int, title: String, isDone: Bool, notes: String, created: String, isExpanded: Bool, width: Int
  ) -> [String] {
    let number = String(position)
    let prefix = String(repeating: " ", count: max(0, 3 - number.count)) + number + ". " + (isDone ? "[x] " : "[ ] ")
    let marker = isExpanded || notes.isEmpty ? "" : " (notes)"
    var lines = [fit(prefix + title, width: width, keepingSuffix: marker)]
    guard isExpanded else { return lines }
    let indent = String(repeating: " ", count: prefix.count)
    let textWidth = max(10, width - indent.count)
    let noteLines = notes.isEmpty ? ["(no notes)"] : wrap(notes, width: textWidth)
    lines += noteLines.map { fit(indent + $0, width: width) }
    lines.append(fit(indent + "created " + created, width: width))
    return lines
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

  /// The footer: a rule, then the commands, wrapped between entries. O(w).
  public static func footer(width: Int) -> [String] {
    let entries = [
      "add TEXT", "done N", "undo N", "edit N TEXT", "note N TEXT", "rm N", "mv N M", "expand N",
      "collapse N", "select N", "clear-completed", "filter all|open|done", "scroll up|down|top|bottom",
      "diff on|off", "help", "quit",
    ]
    var lines = [rule(width)]
    var line = ""
    for entry in entries {
      let candidate = line.isEmpty ? entry : line + " · " + entry
      if candidate.count <= width || line.isEmpty {
        line = candidate
      } else {
        lines.append(fit(line + " ·", width: width))
        line = entry
      }
    }
    lines.append(fit(line, width: width))
    return lines
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
    while kept.last == " " { kept.removeLast() }  // "title …" reads as two words
    return kept + "…" + keep
  }

  /// `text` broken into lines of at most `width` columns, at spaces where
  /// possible; a word longer than a line is split. O(n).
  static func wrap(_ text: String, width: Int) -> [String] {
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
  public static func columns<Text: StringProtocol>(_ text: Text) -> Int {
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
