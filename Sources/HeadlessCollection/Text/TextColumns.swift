/// Text measured in terminal columns: how many cells of a character grid a
/// string covers, and the longest start of a string that fits in a number
/// of them. ``CollectionView/renderText()`` clips every cell's text with
/// this measure, and cells that lay out their own text (a right-aligned
/// date, a truncated title) use it to agree with what is drawn.
///
/// A string is measured by grapheme cluster (a Swift `Character`), so a
/// character is never split:
/// - 2 columns for East Asian wide and full-width characters (Unicode's
///   East Asian Width classes W and F: CJK ideographs, kana, Hangul
///   syllables, full-width forms) and for emoji shown as pictures (emoji
///   presentation by default, or asked for with U+FE0F). A sequence joined
///   by zero-width joiners, a flag, or an emoji with a skin-tone modifier is
///   one character and takes 2.
/// - 0 for a character that draws nothing: a combining mark, a zero-width
///   joiner or space, a format or control character standing alone.
/// - 1 for everything else, East Asian ambiguous characters included (as
///   terminals outside CJK locales show them).
///
/// ```swift
/// TextColumns.width(of: "山田 chef")              // 9
/// TextColumns.prefix("山田 chef", fitting: 3)     // "山"
/// ```
public enum TextColumns {
  /// The columns `text` covers.
  ///
  /// - Complexity: O(*n*) in the length of `text`; a string of printable
  ///   ASCII is measured by its byte count.
  public static func width(of text: some StringProtocol) -> Int {
    if let ascii = asciiWidth(of: text) { return ascii }
    var total = 0
    for character in text { total += width(ofCharacter: character) }
    return total
  }

  /// The columns one character (grapheme cluster) covers: 0, 1 or 2.
  /// (``width(of:)`` of a one-character string, without making the string.)
  /// Package access: the terminal library measures character by character.
  ///
  /// - Complexity: O(*k*) in the character's Unicode scalars.
  package static func width(ofCharacter character: Character) -> Int {
    if let ascii = character.asciiValue { return ascii >= 0x20 && ascii < 0x7F ? 1 : 0 }
    var scalars = character.unicodeScalars.makeIterator()
    guard let first = scalars.next() else { return 0 }
    let base = width(ofScalar: first)
    guard base != 0 else { return 0 }
    // What follows the first scalar (marks, joiners, modifiers, a second
    // flag letter) draws within its columns, except a variation selector
    // that asks for an emoji picture (2) or for plain text (1).
    var result = base
    while let scalar = scalars.next() {
      if scalar == "\u{FE0F}" && first.properties.isEmoji { result = 2 }
      if scalar == "\u{FE0E}" && first.properties.isEmoji && !isEastAsianWide(first.value) { result = 1 }
    }
    return result
  }

  /// The longest start of `text` that covers at most `columns` columns,
  /// ending before the first character that does not fit (a wide character
  /// is never cut in half; characters of width 0 that follow a kept one
  /// are part of it). Empty for zero or fewer columns.
  ///
  /// - Complexity: O(*k*) in the characters kept.
  public static func prefix<Text: StringProtocol>(_ text: Text, fitting columns: Int) -> Text.SubSequence {
    guard columns > 0 else { return text[text.startIndex..<text.startIndex] }
    var used = 0
    var end = text.startIndex
    for index in text.indices {
      used += width(ofCharacter: text[index])
      if used > columns { break }
      end = text.index(after: index)
    }
    return text[text.startIndex..<end]
  }

  /// The width of `text` when it is all printable ASCII (one column a
  /// byte), else nil.
  private static func asciiWidth(of text: some StringProtocol) -> Int? {
    var count = 0
    for byte in text.utf8 {
      guard byte >= 0x20 && byte < 0x7F else { return nil }
      count += 1
    }
    return count
  }

  /// The columns a scalar that starts a character covers.
  private static func width(ofScalar scalar: Unicode.Scalar) -> Int {
    let value = scalar.value
    if value >= 0x20 && value < 0x7F { return 1 }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .control, .lineSeparator, .paragraphSeparator:
      return 0
    case .format:
      // U+00AD SOFT HYPHEN is drawn as a hyphen; every other format
      // character (joiners, direction marks, U+FEFF) draws nothing.
      return value == 0xAD ? 1 : 0
    default:
      break
    }
    // Hangul vowel and final jamo join the syllable before them; U+200B
    // ZERO WIDTH SPACE is a separator, not a format character.
    if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) || value == 0x200B { return 0 }
    if isEastAsianWide(value) || scalar.properties.isEmojiPresentation { return 2 }
    return 1
  }

  /// Whether `value` is in Unicode's East Asian Width class W or F, outside
  /// the emoji (which `isEmojiPresentation` covers): the ranges of
  /// EastAsianWidth.txt (Unicode 15.1) that hold letters, punctuation and
  /// symbols of CJK scripts and full-width forms.
  private static func isEastAsianWide(_ value: UInt32) -> Bool {
    if value < 0x1100 { return false }
    var low = 0
    var high = eastAsianWideRanges.count
    while low < high {
      let middle = (low + high) / 2
      if eastAsianWideRanges[middle].upperBound < value {
        low = middle + 1
      } else {
        high = middle
      }
    }
    return low < eastAsianWideRanges.count && eastAsianWideRanges[low].contains(value)
  }

  /// The ranges of class W and F code points measured 2 columns (besides
  /// the emoji): sorted, disjoint, searched by binary search.
  static let eastAsianWideRanges: [ClosedRange<UInt32>] = [
    0x1100...0x115F, 0x2329...0x232A, 0x2E80...0x2E99, 0x2E9B...0x2EF3, 0x2F00...0x2FD5,
    0x2FF0...0x2FFF, 0x3000...0x303E, 0x3041...0x3096, 0x3099...0x30FF, 0x3105...0x312F,
    0x3131...0x318E, 0x3190...0x31E3, 0x31EF...0x321E, 0x3220...0x3247, 0x3250...0x4DBF,
    0x4E00...0xA48C, 0xA490...0xA4C6, 0xA960...0xA97C, 0xAC00...0xD7A3, 0xF900...0xFAFF,
    0xFE10...0xFE19, 0xFE30...0xFE52, 0xFE54...0xFE66, 0xFE68...0xFE6B, 0xFF01...0xFF60,
    0xFFE0...0xFFE6, 0x16FE0...0x16FE4, 0x16FF0...0x16FF1, 0x17000...0x187F7, 0x18800...0x18CD5,
    0x18D00...0x18D08, 0x1AFF0...0x1AFF3, 0x1AFF5...0x1AFFB, 0x1AFFD...0x1AFFE, 0x1B000...0x1B122,
    0x1B132...0x1B132, 0x1B150...0x1B152, 0x1B155...0x1B155, 0x1B164...0x1B167, 0x1B170...0x1B2FB,
    0x1F200...0x1F202, 0x1F210...0x1F23B, 0x1F240...0x1F248, 0x1F250...0x1F251, 0x1F260...0x1F265,
    0x20000...0x2FFFD, 0x30000...0x3FFFD,
  ]
}
