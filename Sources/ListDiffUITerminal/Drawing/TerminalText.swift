import HeadlessCollection

/// Text measured and cut in terminal columns: wide characters (CJK, emoji
/// shown as pictures) take two, characters that draw nothing none,
/// everything else one — HeadlessCollection's `TextColumns`, the measure
/// the collection view's text is clipped by.
public enum TerminalText {
  /// `text` cut to `width` columns, ending in "…" when cut; `suffix` is
  /// kept visible at the end whenever it fits. O(n).
  public static func fit(_ text: String, width: Int, keepingSuffix suffix: String = "") -> String {
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

  /// The terminal columns `text` takes, as HeadlessCollection's `TextColumns.width(of:)`
  /// measures them (the measure `CollectionView.renderText()` clips by).
  /// O(n).
  public static func columns(_ text: some Sequence<Character>) -> Int {
    text.reduce(0) { $0 + columns($1) }
  }

  /// The terminal columns one character takes: 2 for East Asian wide and
  /// full-width characters and for emoji shown as pictures, 0 for one that
  /// draws nothing (a combining mark or joiner standing alone), else 1;
  /// see `TextColumns`. O(1).
  public static func columns(_ character: Character) -> Int {
    TextColumns.width(ofCharacter: character)
  }

  /// The longest prefix of `text` that fits in `columns`. O(n).
  static func prefix<Text: StringProtocol>(_ text: Text, columns limit: Int) -> String {
    String(TextColumns.prefix(text, fitting: limit))
  }

  /// Whether `scalar` would move the terminal's cursor or change its state
  /// if written: C0 and C1 controls (tab, newline, escape, …), DEL, and the
  /// Unicode line and paragraph separators. O(1).
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .control, .lineSeparator, .paragraphSeparator: true
    default: false
    }
  }
}
