import Foundation
import ListDiffUITerminal
import TestSupport
import Testing
import ToDoCore

@Suite("Cell text")
struct ToDoLinesTests {
  @Test func header() {
    #expect(ToDoLines.header(openCount: 3, doneCount: 2, filter: .all, width: 40) == [
      "3 open · 2 done              showing all",
      String(repeating: "─", count: 40),
    ])
    #expect(ToDoLines.header(openCount: 3, doneCount: 2, filter: .open, width: 20)[0] == "3 open · 2 done…")
  }

  @Test func collapsedAndExpandedItems() {
    #expect(ToDoLines.item(position: 1, title: "milk", isDone: false, notes: "", created: "2024-05-01 09:30",
                           isExpanded: false, width: 40) == ["  1. [ ] milk"])
    #expect(ToDoLines.item(position: 12, title: "eggs", isDone: true, notes: "free range", created: "2024-05-01 09:30",
                           isExpanded: false, width: 40) == [" 12. [x] eggs (notes)"])
    #expect(ToDoLines.item(position: 2, title: "eggs", isDone: false, notes: "free range, a dozen of them please",
                           created: "2024-05-01 09:30", isExpanded: true, width: 34) == [
      "  2. [ ] eggs",
      "         free range, a dozen of",
      "         them please",
      "         created 2024-05-01 09:30",
    ])
  }

  @Test func longTitlesAreCutWithAnEllipsis() {
    let line = ToDoLines.item(position: 1, title: String(repeating: "x", count: 100), isDone: false, notes: "n",
                              created: "", isExpanded: false, width: 30)[0]
    #expect(line.count == 30)
    #expect(line.hasSuffix("x… (notes)"))
  }

  @Test func createdTextUsesTheTimeZone() {
    #expect(ToDoLines.createdText(fixedDate, timeZone: TimeZone(identifier: "UTC")!) == "2024-05-01 09:30")
    #expect(ToDoLines.createdText(fixedDate, timeZone: TimeZone(identifier: "Asia/Tokyo")!) == "2024-05-01 18:30")
  }

  /// Whatever the content and width, no line is wider than the screen, and
  /// wrapped notes lose no word.
  @Test func linesNeverExceedTheWidth() {
    let seed: UInt64 = 0x11E5
    var generator = SeededGenerator(seed: seed)
    for round in 0..<3_000 {
      let width = Int.random(in: 20...120, using: &generator)
      let notes = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
        Bool.random(using: &generator) ? randomTitle(using: &generator)
          : String(repeating: "w", count: Int.random(in: 1...150, using: &generator))
      }.joined(separator: " ")
      let lines = ToDoLines.item(
        position: Int.random(in: 1...2_000, using: &generator), title: randomTitle(using: &generator),
        isDone: Bool.random(using: &generator), notes: notes, created: "2024-05-01 09:30",
        isExpanded: Bool.random(using: &generator), width: width)
        + ToDoLines.footer(width: width)
        + ToDoLines.header(openCount: round, doneCount: round * 7, filter: .done, width: width)
        + ToDoLines.completedTitle(count: round, width: width)
      for line in lines {
        #expect(TerminalText.columns(line) <= width, "seed \(seed) round \(round): \(line.debugDescription) at width \(width)")
        #expect(line.count <= width, "seed \(seed) round \(round): \(line.debugDescription) at width \(width)")
      }
      let expanded = ToDoLines.item(
        position: 1, title: "t", isDone: false, notes: notes, created: "c", isExpanded: true, width: width)
      if !notes.isEmpty {
        let rejoined = expanded.dropFirst().dropLast().joined().filter { $0 != " " }
        let same = rejoined == notes.filter { $0 != " " }
        #expect(same, "seed \(seed) round \(round): wrapped notes differ")
      }
    }
  }

  @Test func wideCharactersTakeTwoColumns() {
    #expect(TerminalText.columns("milk") == 4)
    #expect(TerminalText.columns("日本語") == 6)
    #expect(TerminalText.columns("🍎 ok") == 5)
    #expect(TerminalText.columns("ünïcødé") == 7)
    #expect(TerminalText.columns("ｆｕｌｌ") == 8)
    let line = ToDoLines.item(position: 1, title: "日本語のタイトルはとても長い", isDone: false, notes: "", created: "",
                              isExpanded: false, width: 20)[0]
    // 9 columns of prefix, then five wide characters (10 columns) and "…".
    #expect(line == "  1. [ ] 日本語のタ…")
    #expect(TerminalText.columns(line) == 20)
    let notes = ToDoLines.item(position: 1, title: "t", isDone: false, notes: "日本語日本語日本語", created: "c",
                               isExpanded: true, width: 20)
    #expect(notes == ["  1. [ ] t", "         日本語日本", "         語日本語", "         created c"])
  }

  /// Every command but `ids` and `diff`, which help lists (the footer
  /// keeps to the commands every session needs).
  @Test func footerListsEveryCommand() {
    let text = ToDoLines.footer(width: 80).joined(separator: " ")
    for entry in ToDoCommand.reference where !entry.usage.hasPrefix("ids") && !entry.usage.hasPrefix("diff") {
      let word = entry.usage.split(separator: " ")[0]
      #expect(text.contains(word), "\(word)")
    }
  }
}

@Suite("Cell text fits every width")
struct ToDoLinesWidthTests {
  /// The widths (20–27, 32–33, 39–41, …) and every other: the
  /// footer never overflows and is never cut, and it breaks only between
  /// commands.
  @Test func theFooterFitsEveryWidthWithoutCuttingACommand() {
    for width in 20...200 {
      let lines = ToDoLines.footer(width: width).dropFirst()
      for line in lines {
        #expect(TerminalText.columns(line) <= width, "width \(width): \(line)")
        // Only a command wider than the screen itself is cut.
        #expect(width < 25 || !line.contains("…"), "width \(width): \(line)")
      }
      let entries = lines.flatMap { line in
        (line.hasSuffix(" ·") ? String(line.dropLast(2)) : line).components(separatedBy: " · ")
      }
      #expect(width < 25 || entries.contains("scroll up|down|top|bottom"), "width \(width)")
      #expect(entries.last == "quit", "width \(width)")
    }
  }

  @Test func numbersOfAnyWidthKeepTheColumn() {
    let narrow = ToDoLines.item(
      position: 7, title: "t", isDone: false, notes: "", created: "", isExpanded: false, width: 40, numberColumns: 4)
    let wide = ToDoLines.item(
      position: 1234, title: "t", isDone: false, notes: "", created: "", isExpanded: false, width: 40, numberColumns: 4)
    #expect(narrow == ["    7. [ ] t"])
    #expect(wide == [" 1234. [ ] t"])
    let focused = ToDoLines.item(
      position: 1234, title: "t", isDone: true, notes: "", created: "", isExpanded: false, width: 40, numberColumns: 4,
      isFocused: true, shortID: "3f2a")
    #expect(focused == ["›1234. [x] t @3f2a"])
  }

  @Test func anExpandedItemShowsItsWholeTitleWrapped() {
    let title = (1...100).map { "word\($0)" }.joined(separator: " ")
    let lines = ToDoLines.item(
      position: 1, title: title, isDone: false, notes: "", created: "c", isExpanded: true, width: 40)
    let shownTitle = lines.dropLast(2).map { $0.dropFirst(9) }.joined(separator: " ")
    #expect(shownTitle == title)
    for line in lines { #expect(line.count <= 40, "\(line)") }
    #expect(lines[0].hasPrefix("  1. [ ] word1 word2"))
  }

  @Test func paragraphsBreakAtSpacesAndFit() {
    let seed: UInt64 = 0x11E6
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<2_000 {
      let width = Int.random(in: 20...100, using: &generator)
      let words = (0..<Int.random(in: 1...40, using: &generator)).map { _ in randomTitle(using: &generator) }
      let text = words.joined(separator: " ")
      let lines = ToDoLines.paragraph(text, width: width, first: "error: ", rest: "       ")
      for line in lines { #expect(TerminalText.columns(line) <= width, "seed \(seed): \(line)") }
      // No word is cut: the words come back in order.
      let back = lines.map { $0.dropFirst(7) }.joined(separator: " ").split(separator: " ")
      #expect(back == text.split(separator: " "), "seed \(seed): width \(width)")
    }
  }
}
