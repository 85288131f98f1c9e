import TestSupport
import Testing
import ToDoCore

@Suite("Keys from raw bytes")
struct KeyDecoderTests {
  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[1;5A", .up),
    ("\r", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{1}", .control("a")), ("\u{3}", .control("c")),
    ("\u{1A}", .control("z")), ("é", .character("é")), ("日", .character("日")), ("🍎", .character("🍎")),
    ("\u{1B}[200~a\tb\u{1B}[201~", .paste("a\tb")),
  ])
  func decodesOneKey(bytes: String, key: Key) {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array(bytes.utf8)) == [key])
    #expect(!decoder.isWaiting)
  }

  @Test func unknownSequencesAreIgnoredWhole() {
    var decoder = KeyDecoder()
    #expect(decoder.feed(Array("\u{1B}[15~x\u{1B}[?1;2cy\u{1B}[<0;3;4Mz".utf8)) == [
      .character("x"), .character("y"), .character("z"),
    ])
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceNothingFollows() {
    var decoder = KeyDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.isWaiting)
    #expect(decoder.flush() == [.escape])
    #expect(decoder.feed([0x1B, UInt8(ascii: "q")]) == [.escape, .character("q")])
  }

  /// Random key sequences, encoded, then cut into random pieces: the same
  /// keys come out whatever the cuts.
  @Test func sequencesSplitAcrossReadsAreUnderstood() {
    let seed: UInt64 = 0x4B45_5953
    var generator = SeededGenerator(seed: seed)
    let encodings: [(String, Key)] = [
      ("\u{1B}[A", .up), ("\u{1B}[6~", .pageDown), ("\u{1B}OH", .home), ("x", .character("x")),
      ("日", .character("日")), ("🍎", .character("🍎")), ("\r", .enter), ("\u{17}", .control("w")),
      ("\u{1B}[200~pa\u{1B}ste\u{1B}[201~", .paste("pa\u{1B}ste")), ("\u{1B}[3~", .delete),
    ]
    for round in 0..<2_000 {
      let chosen = (0..<Int.random(in: 1...12, using: &generator)).map { _ in encodings.randomElement(using: &generator)! }
      let bytes = Array(chosen.map(\.0).joined().utf8)
      var decoder = KeyDecoder()
      var keys: [Key] = []
      var index = 0
      while index < bytes.count {
        let length = Int.random(in: 1...max(1, bytes.count - index), using: &generator)
        keys += decoder.feed(bytes[index..<(index + length)])
        index += length
      }
      #expect(keys == chosen.map(\.1), "seed \(seed) round \(round)")
      #expect(!decoder.isWaiting, "seed \(seed) round \(round)")
    }
  }
}

@Suite("The line editor")
struct LineEditorTests {
  private func type(_ keys: [Key], into editor: inout LineEditor) -> LineEditor.Outcome {
    var outcome = LineEditor.Outcome.editing
    for key in keys { outcome = editor.handle(key) }
    return outcome
  }

  @Test func movesDeletesAndKills() {
    var editor = LineEditor(text: "buy milk")
    _ = type([.left, .left, .left, .left, .backspace, .character("_")], into: &editor)
    #expect(editor.string == "buy_milk")
    _ = type([.home, .delete, .control("e"), .character(" "), .character("x"), .control("w")], into: &editor)
    #expect(editor.string == "uy_milk ")
    _ = type([.control("a"), .right, .control("k")], into: &editor)
    #expect(editor.string == "u")
    _ = type([.character("p"), .control("u")], into: &editor)
    #expect(editor.string == "" && editor.cursor == 0)
    #expect(type([.character("a"), .enter], into: &editor) == .confirmed("a"))
    var other = LineEditor(text: "x")
    #expect(other.handle(.escape) == .cancelled)
  }

  @Test func pastesWithTabsAsSpacesAndNoControls() {
    var editor = LineEditor()
    _ = type([.paste("a\tb\nc\u{1B}[31m"), .tab, .character("d")], into: &editor)
    #expect(editor.string == "a b c[31m d")
  }

  @Test func historyWalksBackAndReturnsToTheDraft() {
    var editor = LineEditor(history: ["first", "second"])
    _ = type([.character("n"), .up], into: &editor)
    #expect(editor.string == "second")
    _ = type([.up, .up], into: &editor)
    #expect(editor.string == "first")
    _ = type([.down, .down], into: &editor)
    #expect(editor.string == "n")
  }

  /// Whatever is typed, the view fits its width, shows the cursor, and
  /// wide characters count two columns.
  @Test func theViewScrollsToKeepTheCursorAndFits() {
    let seed: UInt64 = 0x4C45_4449
    var generator = SeededGenerator(seed: seed)
    let keys: [Key] = [.character("a"), .character("日"), .character("🍎"), .left, .right, .home, .end, .backspace,
                       .delete, .control("w"), .character(" ")]
    for round in 0..<1_000 {
      var editor = LineEditor()
      let width = Int.random(in: 2...30, using: &generator)
      for _ in 0..<Int.random(in: 0...80, using: &generator) {
        _ = editor.handle(keys.randomElement(using: &generator)!)
        let view = editor.view(width: width)
        #expect(ToDoLines.columns(view.text) <= width, "seed \(seed) round \(round)")
        #expect(view.cursorColumn < width && view.cursorColumn >= 0, "seed \(seed) round \(round)")
      }
    }
  }
}

@Suite("Painting frames")
struct TerminalPainterTests {
  @Test func onlyChangedRowsAreWritten() {
    var painter = TerminalPainter()
    let first = painter.paint(TerminalFrame(lines: ["a", "b", "c"]))
    #expect(first.contains("\u{1B}[2J"))
    #expect(painter.paint(TerminalFrame(lines: ["a", "b", "c"])) == "\u{1B}[?25l")
    let change = painter.paint(TerminalFrame(lines: ["a", "B", "c"], cursor: (2, 1)))
    #expect(change == "\u{1B}[?25l\u{1B}[2;1H\u{1B}[2KB\u{1B}[3;2H\u{1B}[?25h")
    painter.invalidate()
    #expect(painter.paint(TerminalFrame(lines: ["a", "B", "c"])).contains("\u{1B}[2J"))
  }

  /// Random frames painted one after another leave on the screen exactly
  /// the last frame.
  @Test func theScreenShowsTheLastFrame() {
    let seed: UInt64 = 0x5041_494E
    var generator = SeededGenerator(seed: seed)
    let words = ["milk", "日本語", "🍎 apple", "", "a longer line of text", "x"]
    var painter = TerminalPainter()
    var screen = VT100Screen(width: 30, height: 6)
    screen.feed(RawTerminal.enterSequence)
    for round in 0..<500 {
      let frame = TerminalFrame(lines: (0..<6).map { _ in words.randomElement(using: &generator)! })
      screen.feed(painter.paint(frame))
      #expect(screen.lines == frame.lines, "seed \(seed) round \(round)")
    }
  }
}
