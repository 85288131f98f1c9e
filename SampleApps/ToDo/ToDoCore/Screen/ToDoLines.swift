import Foundation

/// The text of every cell on the to-do screen, as plain functions of what
/// the cell shows and how wide the screen is.
///
/// Cells are one character cell per point, so a cell's height is the number
/// of lines these functions return. Each line is at most `width` characters
/// (longer text is cut with "…" or wrapped), counting a `Character` as one
/// column, which is right for the scripts the app is tested with; double-
/// width characters (CJK, most emoji) take two columns in a real terminal
/// and may overrun the right edge.
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

  /// `text` cut to `width` characters, ending in "…" when cut; `suffix` is
  /// kept visible at the end whenever it fits. O(w).
  static func fit(_ text: String, width: Int, keepingSuffix suffix: String = "") -> String {
    let width = max(1, width)
    if text.count + suffix.count <= width { return text + suffix }
    let room = suffix.count < width ? width - suffix.count : width
    let keep = suffix.count < width ? suffix : ""
    var kept = text.prefix(max(0, room - 1))
    while kept.last == " " { kept.removeLast() }  // "title …" reads as two words
    return kept + "…" + keep
  }

  /// `text` broken into lines of at most `width` characters, at spaces
  /// where possible; a word longer than a line is split. O(n).
  static func wrap(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = Substring(word)
      while !word.isEmpty {
        let candidate = line.isEmpty ? String(word) : line + " " + word
        if candidate.count <= width {
          line = candidate
          word = ""
        } else if line.isEmpty {
          // A word wider than the line: split it.
          line = String(word.prefix(width))
          word = word.dropFirst(width)
          lines.append(line)
          line = ""
        } else {
          lines.append(line)
          line = ""
        }
      }
    }
    if !line.isEmpty || lines.isEmpty { lines.append(line) }
    return lines
  }
}
