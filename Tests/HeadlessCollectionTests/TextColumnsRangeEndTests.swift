// Issue 44 item 13: "2 columns for East Asian wide and full-width
// characters" holds to the last character of every wide range (힣,
// U+D7A3, ends the Hangul syllables).

import HeadlessCollection
import Testing

@Suite("The ends of East Asian wide ranges")
struct TextColumnsRangeEndTests {
  /// A character of `scalar` alone, when it starts a character that draws
  /// (not a combining mark, which draws over the character before).
  func standalone(_ value: UInt32) -> Character? {
    guard let scalar = Unicode.Scalar(value) else { return nil }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .enclosingMark, .spacingMark, .format, .control: return nil
    default: return Character(scalar)
    }
  }

  @Test("the first and the last character of each wide range measure 2")
  func bothEndsOfEveryRange() {
    for range in CollectionInspection.eastAsianWideRanges {
      for value in [range.lowerBound, range.upperBound] {
        guard let character = standalone(value) else { continue }
        #expect(TextColumns.width(of: String(character)) == 2, "U+\(String(value, radix: 16, uppercase: true))")
      }
    }
  }

  @Test("known ends: 가 and 힣, 一, ！ and ｠, 〾, 𠀀")
  func knownEnds() {
    for text in ["가", "힣", "一", "！", "｠", "〾", "\u{20000}", "\u{2FFFD}"] {
      #expect(TextColumns.width(of: text) == 2, "\(text)")
    }
    #expect(TextColumns.width(of: "\u{D7A4}") == 1, "U+D7A4, just past the syllables, is no wide character")
  }
}
