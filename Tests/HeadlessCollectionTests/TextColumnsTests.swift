import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Text measured in terminal columns: `TextColumns` and `renderText()`,
/// which clips every cell's text with it.
@MainActor
@Suite struct TextColumnsTests {
  @Test(
    "the width of one character",
    arguments: [
      ("a", 1), (" ", 1), ("山", 2), ("か", 2), ("カ", 2), ("ｶ", 1), ("한", 2), ("Ａ", 2), ("、", 2),
      ("👍", 2), ("👍🏽", 2), ("👩‍💻", 2), ("👨‍👩‍👧‍👦", 2), ("🇯🇵", 2), ("❤️", 2), ("❤", 1), ("1️⃣", 2),
      ("e\u{301}", 1), ("\u{301}", 0), ("\u{200D}", 0), ("\u{200B}", 0), ("\t", 0), ("\u{85}", 0),
      ("\u{AD}", 1), ("é", 1), ("ß", 1), ("Ω", 1), ("ю", 1), ("ก", 1), ("각", 2),
    ] as [(Character, Int)])
  func widthOfACharacter(character: Character, width: Int) {
    #expect(TextColumns.width(of: String(character)) == width, "\(character.unicodeScalars.map { String($0.value, radix: 16) })")
  }

  @Test("the width of a string adds its characters' widths")
  func widthOfAString() {
    #expect(TextColumns.width(of: "") == 0)
    #expect(TextColumns.width(of: "plain ascii") == 11)
    #expect(TextColumns.width(of: "山田太郎 寿司職人の見習い chef") == 30)
    #expect(TextColumns.width(of: "cafe\u{301}") == 4)
    #expect(TextColumns.width(of: "ok 👍🏽 done") == 10)
    #expect(TextColumns.width(of: Substring("ひらがなカタカナ")) == 16)
  }

  @Test("a prefix never cuts a character and keeps the marks of what it keeps")
  func prefixes() {
    let title = "山田太郎 寿司職人の見習い chef"
    #expect(TextColumns.prefix(title, fitting: 7) == "山田太")
    #expect(TextColumns.prefix(title, fitting: 8) == "山田太郎")
    #expect(TextColumns.prefix(title, fitting: 13) == "山田太郎 寿司")
    #expect(TextColumns.prefix(title, fitting: 100) == Substring(title))
    #expect(TextColumns.prefix(title, fitting: 1) == "")
    #expect(TextColumns.prefix(title, fitting: 0) == "")
    #expect(TextColumns.prefix(title, fitting: -5) == "")
    #expect(TextColumns.prefix("ae\u{301}b", fitting: 2) == "ae\u{301}")
    #expect(TextColumns.prefix("👨‍👩‍👧‍👦x", fitting: 2) == "👨‍👩‍👧‍👦")
    #expect(TextColumns.prefix("👨‍👩‍👧‍👦x", fitting: 1) == "")
  }

  @Test("random strings: a prefix fits, and one more character would not")
  func randomPrefixes() {
    let alphabet: [Character] = ["a", "Z", " ", "山", "か", "한", "👍🏽", "👩‍💻", "e\u{301}", "\u{301}", "🇯🇵", "ｶ"]
    let seed: UInt64 = 0x7E47_C015
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<5_000 {
      let text = String((0..<Int.random(in: 0...12, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      let columns = Int.random(in: -1...20, using: &generator)
      let prefix = TextColumns.prefix(text, fitting: columns)
      #expect(TextColumns.width(of: prefix) <= max(0, columns), "seed \(seed): \(text) in \(columns)")
      #expect(text.hasPrefix(prefix), "seed \(seed): \(text)")
      if prefix.endIndex < text.endIndex && columns > 0 {
        let longer = text[..<text.index(after: prefix.endIndex)]
        #expect(TextColumns.width(of: longer) > columns, "seed \(seed): \(text) in \(columns)")
      }
      #expect(
        TextColumns.width(of: text) == text.reduce(0) { $0 + TextColumns.width(of: String($1)) }, "seed \(seed): \(text)")
    }
  }

  @Test("renderText clips a cell's text by columns", arguments: [(7, "山田太 "), (8, "山田太郎"), (13, "山田太郎 寿司"), (14, "山田太郎 寿司 ")])
  func renderTextClipsByColumns(width: Int, line: String) {
    let model = ListModel(["山田太郎 寿司職人の見習い chef"])
    model.size = { _ in CGSize(width: width, height: 1) }
    let collection = makeCollection(model, width: CGFloat(width), height: 1)
    let text = collection.renderText()
    #expect(text == line)
    #expect(TextColumns.width(of: text) == width)
  }

  @Test("cells side by side each keep to their columns")
  func cellsSideBySide() {
    let model = ListModel(["山田太郎", "chef"])
    model.size = { $0.item == 0 ? CGSize(width: 5, height: 1) : CGSize(width: 4, height: 1) }
    let collection = makeCollection(model, width: 10, height: 1) { layout in
      layout.minimumInteritemSpacing = 1
    }
    let text = collection.renderText()
    #expect(text == "山田  chef")
    #expect(TextColumns.width(of: text) == 10)
  }

  @Test("a character cut by the viewport's or a cell's edge leaves blank columns, never half a character")
  func cutCharactersLeaveBlanks() {
    let model = ListModel(["か", "がき"])
    model.size = { _ in CGSize(width: 3, height: 1) }
    let collection = makeCollection(model, width: 4, height: 2) { layout in
      layout.scrollDirection = .horizontal
      layout.minimumLineSpacing = 0
    }
    // Two items three columns wide on a horizontal strip two rows tall:
    // they share column 0..<3 and 3..<6, and the viewport cuts the second.
    let text = collection.renderText()
    for line in text.split(separator: "\n") {
      #expect(TextColumns.width(of: line) == 4, "\(text)")
    }
  }

  @Test("random cells and offsets: every line of renderText is exactly the viewport's width")
  func randomRenderings() {
    let alphabet: [Character] = ["a", " ", "山", "か", "👍🏽", "👩‍💻", "e\u{301}", "\u{301}", "\u{200D}", "ｶ", "\n"]
    let seed: UInt64 = 0x7E47_D4A3
    var generator = SeededGenerator(seed: seed)
    for round in 0..<300 {
      let count = Int.random(in: 1...8, using: &generator)
      let texts = (0..<count).map { _ in
        String((0..<Int.random(in: 0...10, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      }
      let sizes = (0..<count).map { _ in
        CGSize(width: Int.random(in: 1...9, using: &generator), height: Int.random(in: 1...3, using: &generator))
      }
      let model = ListModel(texts)
      model.size = { sizes[$0.item] }
      let width = Int.random(in: 1...12, using: &generator)
      let collection = makeCollection(model, width: CGFloat(width), height: 5) { layout in
        layout.minimumInteritemSpacing = 0
        layout.minimumLineSpacing = 0
      }
      collection.setContentOffset(CGPoint(x: 0, y: Int.random(in: 0...6, using: &generator)), animated: false)
      let lines = collection.renderText().split(separator: "\n", omittingEmptySubsequences: false)
      #expect(lines.count == 5, "seed \(seed) round \(round)")
      for line in lines {
        #expect(TextColumns.width(of: line) == width, "seed \(seed) round \(round): \(texts) \(sizes) → \(lines)")
      }
    }
  }
}
