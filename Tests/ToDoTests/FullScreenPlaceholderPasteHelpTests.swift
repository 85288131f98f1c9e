import Foundation
import ListDiffUITerminal
import Testing
import ToDoCore

/// The full screen's empty states (the root section's placeholder), a
/// paste cut at a field's limit, and the help panel in a small window.
@Suite("The full-screen app: placeholders, pastes, help in small windows", .timeLimit(.minutes(20)))
@MainActor
struct FullScreenPlaceholderPasteHelpTests {
  /// An empty list says which key adds; a search that matches nothing
  /// says so and which key changes it; the list comes back, focused, when
  /// the search is cleared.
  @Test func anEmptyListAndAnEmptySearchSayWhy() async {
    let driver = await Driver(width: 50, height: 10)
    #expect(driver.lines[2] == "     nothing to do — a adds an item")
    await driver.add("milk")
    #expect(driver.lines[2] == "› 1. [ ] milk")
    #expect(!driver.text.contains("nothing to do"))
    await driver.press(.character("/"))
    await driver.type("zz")
    await driver.press(.enter)
    #expect(driver.lines[2] == "     no matches for 'zz' — / changes the search")
    #expect(driver.app.selectedID == nil, "a placeholder takes no focus")
    // Keys that act on an item find none, and change nothing.
    await driver.press(.character(" "), .character("d"))
    #expect(await driver.store.snapshot.items.map(\.isDone) == [false])
    await driver.press(.character("/"), .control("u"), .enter)
    #expect(driver.lines[2] == "› 1. [ ] milk")
  }

  /// A paste longer than the room left is cut at the field's limit and the
  /// footer says by how much until the next key; the text before and after
  /// the cursor is kept, and Enter saves exactly what the field shows.
  @Test func aPasteCutAtTheLimitSaysSoAndKeepsTheTextAroundIt() async {
    let driver = await Driver(width: 60, height: 10)
    await driver.press(.character("a"))
    await driver.type("abc")
    await driver.press(.left)
    await driver.send(.paste(String(repeating: "x", count: 600)))
    #expect(driver.lines.last?.hasPrefix("add: ") == true)
    #expect(driver.lines.last?.hasSuffix(" paste cut: 103 over the limit of 500") == true, "\(driver.lines.last ?? "")")
    await driver.press(.left)
    #expect(driver.lines.last?.hasSuffix(" 500/500") == true, "the next key takes the note away")
    await driver.press(.enter)
    #expect(await driver.store.snapshot.items.map(\.title) == ["ab" + String(repeating: "x", count: 497) + "c"])

    // Pastes that fit say nothing: one that fills the field exactly, one
    // whose line break and tab become spaces.
    await driver.press(.character("a"))
    await driver.type("abc")
    await driver.send(.paste(String(repeating: "y", count: 497)))
    #expect(driver.lines.last?.hasSuffix(" 500/500") == true)
    await driver.press(.escape, .character("a"))
    await driver.send(.paste("one\r\ntwo\tthree"))
    #expect(driver.lines.last?.hasSuffix(" 14/500") == true, "\(driver.lines.last ?? "")")
    await driver.press(.escape)

    // Notes have their own limit; in a narrow window the note is the
    // whole footer.
    let narrow = await Driver(width: 30, height: 8)
    await narrow.add("milk")
    await narrow.press(.character("n"))
    await narrow.send(.paste(String(repeating: "z", count: 2_100)))
    #expect(narrow.lines.last == "paste cut: 100 over the limit…")
    await narrow.press(.enter)
    #expect(await narrow.store.snapshot.items.first?.notes.count == 2_000)
  }

  /// At 50×12 the help panel does not fit: it shows a page of keys and
  /// says which; ↓, PgDn and End scroll to the last, ↑, PgUp and Home back;
  /// every key of the key map shows on the way; any other key closes it.
  @Test func helpScrollsInASmallWindowAndListsEveryKey() async {
    let driver = await Driver(width: 50, height: 12)
    await driver.add("milk")
    await driver.press(.character("?"))
    var seen: [String] = []
    func hint() -> String { driver.lines.first { $0.contains("↑↓ scroll") } ?? "" }
    #expect(driver.lines[0].hasPrefix("┌─ keys"))
    #expect(hint().contains("↑↓ scroll · 1–8 of "), "\(driver.lines)")
    #expect(driver.lines.allSatisfy { TerminalText.columns($0) <= 50 })
    seen += driver.lines
    for _ in 0..<40 {
      await driver.press(.down)
      seen += driver.lines
    }
    let total = hint().components(separatedBy: " of ").last?.components(separatedBy: " ").first ?? ""
    #expect(hint().contains("–\(total) of \(total) "), "\(hint())")
    for usage in FullScreenKeys.reference.map(\.usage) {
      #expect(seen.contains { $0.hasPrefix("│ \(usage) ") }, "\(usage)")
    }
    await driver.press(.home)
    #expect(hint().contains("· 1–8 of "))
    await driver.press(.pageDown)
    #expect(hint().contains("· 9–16 of "))
    await driver.press(.pageUp, .end)
    #expect(hint().contains("–\(total) of \(total) "))
    await driver.press(.character("x"))
    #expect(driver.lines[0].hasPrefix("1 open · 0 done"), "any other key closes it")
  }
}
