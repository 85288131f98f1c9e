import Testing
import ToDoCore

@Suite("Titles and notes")
struct ToDoTextTests {
  @Test func trimsSpacesAndKeepsInnerText() throws {
    #expect(try ToDoText.validatedTitle("  buy  milk  ") == "buy  milk")
    #expect(try ToDoText.validatedNotes("   ") == "")
  }

  @Test func refusesEveryControlCharacter() {
    let controls = (0x00...0x1F).map { Unicode.Scalar($0)! } + (0x7F...0x9F).map { Unicode.Scalar($0)! }
      + ["\u{2028}", "\u{2029}"]
    for scalar in controls {
      let text = "milk" + String(scalar) + "eggs"
      #expect(throws: ToDoError.controlCharacter(field: "title", scalar: scalar)) {
        try ToDoText.validatedTitle(text)
      }
      #expect(throws: ToDoError.controlCharacter(field: "note", scalar: scalar)) {
        try ToDoText.validatedNotes(text)
      }
    }
  }

  @Test func tenThousandCharactersAreTooLong() {
    let title = String(repeating: "a", count: 10_000)
    #expect(throws: ToDoError.textTooLong(field: "title", length: 10_000, limit: ToDoText.titleLimit)) {
      try ToDoText.validatedTitle(title)
    }
    #expect(ToDoError.textTooLong(field: "title", length: 10_000, limit: 500).description
      == "the title is 10000 characters long — the limit is 500")
  }

  @Test func limitsAreInclusive() throws {
    let title = String(repeating: "é", count: ToDoText.titleLimit)
    #expect(try ToDoText.validatedTitle(title) == title)
    #expect(throws: ToDoError.self) { try ToDoText.validatedTitle(title + "x") }
    let notes = String(repeating: "n", count: ToDoText.notesLimit)
    #expect(try ToDoText.validatedNotes(notes) == notes)
    #expect(throws: ToDoError.self) { try ToDoText.validatedNotes(notes + "x") }
  }

  @Test func aPileOfCombiningMarksIsTooLong() {
    // One character on screen, thousands of scalars in memory.
    let title = "a" + String(repeating: "\u{301}", count: 5_000)
    #expect(title.count == 1)
    #expect(throws: ToDoError.self) { try ToDoText.validatedTitle(title) }
  }

  @Test func echoesAreMadeSafeForATerminal() {
    #expect(ToDoText.escapingControlCharacters("add \u{1B}[2Jmilk\u{7}") == "add \\u{1B}[2Jmilk\\u{7}")
    #expect(ToDoText.escapingControlCharacters("plain ünïcødé 🍎") == "plain ünïcødé 🍎")
  }

  @Test func controlCharacterMessageNamesTheCodePoint() {
    #expect(ToDoError.controlCharacter(field: "title", scalar: "\u{7}").description
      == "the title contains the control character U+0007 — only printable text is allowed")
  }
}
