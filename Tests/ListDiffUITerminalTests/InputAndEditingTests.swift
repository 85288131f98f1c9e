import ListDiffUITerminal
import TerminalTestSupport
import TestSupport
import Testing

/// Bytes a terminal sends, written as a string literal. The test runner
/// shows them escaped (`"\u{1B}[A"`): written raw, an escape sequence in a
/// test's name would drive the terminal the run is read in.
struct TerminalBytes: ExpressibleByStringLiteral, CustomTestStringConvertible, Sendable {
  let text: String
  init(stringLiteral text: String) { self.text = text }
  var testDescription: String { text.debugDescription }
}

@Suite("Events from raw bytes")
struct InputDecoderTests {
  private func decode(_ bytes: String) -> [TerminalEvent] {
    var decoder = InputDecoder()
    let events = decoder.feed(Array(bytes.utf8))
    #expect(!decoder.isWaiting)
    return events
  }

  @Test(arguments: [
    ("\u{1B}[A", Key.up), ("\u{1B}[B", .down), ("\u{1B}[C", .right), ("\u{1B}[D", .left),
    ("\u{1B}OA", .up), ("\u{1B}[H", .home), ("\u{1B}[F", .end), ("\u{1B}[1~", .home), ("\u{1B}[4~", .end),
    ("\u{1B}[5~", .pageUp), ("\u{1B}[6~", .pageDown), ("\u{1B}[3~", .delete), ("\u{1B}[2~", .insert),
    ("\r", .enter), ("\n", .enter), ("\t", .tab), ("\u{7F}", .backspace), ("\u{1}", .control("a")),
    ("\u{3}", .control("c")), ("\u{1A}", .control("z")), ("é", .character("é")), ("日", .character("日")),
    ("🍎", .character("🍎")),
    // Function keys, in the forms xterm and the Linux console send.
    ("\u{1B}OP", .function(1)), ("\u{1B}OS", .function(4)), ("\u{1B}[15~", .function(5)),
    ("\u{1B}[24~", .function(12)),
    // Modifiers: xterm's `1;m`, Shift-Tab, Alt as a leading Escape.
    ("\u{1B}[1;5A", .modified(.up, .control)), ("\u{1B}[1;2D", .modified(.left, .shift)),
    ("\u{1B}[1;3C", .modified(.right, .alt)), ("\u{1B}[5;5~", .modified(.pageUp, .control)),
    ("\u{1B}[15;2~", .modified(.function(5), .shift)), ("\u{1B}[Z", .modified(.tab, .shift)),
    ("\u{1B}x", .modified(.character("x"), .alt)), ("\u{1B}\u{7F}", .modified(.backspace, .alt)),
    ("\u{1B}日", .modified(.character("日"), .alt)), ("\u{1B}\u{2}", .modified(.control("b"), .alt)),
  ] as [(TerminalBytes, Key)])
  func decodesOneKey(bytes: TerminalBytes, key: Key) {
    #expect(decode(bytes.text) == [.key(key)])
  }

  @Test func decodesAPasteWholeWithItsLineBreaks() {
    #expect(decode("\u{1B}[200~a\tb\nc\u{1B}[201~x") == [.paste("a\tb\nc"), .key(.character("x"))])
  }

  @Test(arguments: [
    ("\u{1B}[<0;3;4M", MouseEvent(.press(.left), column: 2, row: 3)),
    ("\u{1B}[<0;3;4m", MouseEvent(.release(.left), column: 2, row: 3)),
    ("\u{1B}[<2;1;1M", MouseEvent(.press(.right), column: 0, row: 0)),
    ("\u{1B}[<1;80;24M", MouseEvent(.press(.middle), column: 79, row: 23)),
    ("\u{1B}[<64;10;5M", MouseEvent(.scrollUp, column: 9, row: 4)),
    ("\u{1B}[<65;10;5M", MouseEvent(.scrollDown, column: 9, row: 4)),
    ("\u{1B}[<16;2;2M", MouseEvent(.press(.left), column: 1, row: 1, modifiers: .control)),
    ("\u{1B}[<4;2;2M", MouseEvent(.press(.left), column: 1, row: 1, modifiers: .shift)),
  ] as [(TerminalBytes, MouseEvent)])
  func decodesSGRMouseReports(bytes: TerminalBytes, event: MouseEvent) {
    #expect(decode(bytes.text) == [.mouse(event)])
  }

  @Test func unknownSequencesAndMotionAreIgnoredWhole() {
    #expect(decode("\u{1B}[99~x\u{1B}[?1;2cy\u{1B}[<35;3;4Mz\u{1B}[<66;1;1M") == [
      .key(.character("x")), .key(.character("y")), .key(.character("z")),
    ])
  }

  @Test func aLoneEscapeIsTheEscapeKeyOnceNothingFollows() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]) == [])
    #expect(decoder.isWaiting)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(decoder.feed([0x1B, 0x1B]) == [.key(.escape)])
    #expect(decoder.flush() == [.key(.escape)])
  }

  /// Random events, encoded, then cut into random pieces: the same events
  /// come out whatever the cuts.
  @Test func sequencesSplitAcrossReadsAreUnderstood() {
    let seed: UInt64 = 0x4B45_5953
    var generator = SeededGenerator(seed: seed)
    let encodings: [(String, TerminalEvent)] = [
      ("\u{1B}[A", .key(.up)), ("\u{1B}[6~", .key(.pageDown)), ("\u{1B}OH", .key(.home)),
      ("x", .key(.character("x"))), ("日", .key(.character("日"))), ("🍎", .key(.character("🍎"))),
      ("\r", .key(.enter)), ("\u{17}", .key(.control("w"))),
      ("\u{1B}[200~pa\u{1B}ste\u{1B}[201~", .paste("pa\u{1B}ste")), ("\u{1B}[3~", .key(.delete)),
      ("\u{1B}[1;5B", .key(.modified(.down, .control))), ("\u{1B}y", .key(.modified(.character("y"), .alt))),
      ("\u{1B}[<0;12;7M", .mouse(MouseEvent(.press(.left), column: 11, row: 6))),
      ("\u{1B}[<65;1;2M", .mouse(MouseEvent(.scrollDown, column: 0, row: 1))), ("\u{1B}[17~", .key(.function(6))),
    ]
    for round in 0..<2_000 {
      let chosen = (0..<Int.random(in: 1...12, using: &generator)).map { _ in encodings.randomElement(using: &generator)! }
      let bytes = Array(chosen.map(\.0).joined().utf8)
      var decoder = InputDecoder()
      var events: [TerminalEvent] = []
      var index = 0
      while index < bytes.count {
        let length = Int.random(in: 1...max(1, bytes.count - index), using: &generator)
        events += decoder.feed(bytes[index..<(index + length)])
        index += length
      }
      #expect(events == chosen.map(\.1), "seed \(seed) round \(round)")
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
    _ = editor.handle(.paste("a\tb\nc\u{1B}[31m"))
    _ = type([.tab, .character("d")], into: &editor)
    #expect(editor.string == "a b c[31m d")
  }

  /// Ctrl-W takes the spaces before the cursor with the word before them,
  /// as a shell does.
  @Test(arguments: [
    ("buy milk ", "buy "), ("buy milk", "buy "), ("buy milk   ", "buy "), ("milk", ""), ("  ", ""),
    ("a  b", "a  "),
  ])
  func controlWDeletesTheWordBeforeTheSpacesBeforeTheCursor(text: String, left: String) {
    var editor = LineEditor(text: text)
    _ = editor.handle(.control("w"))
    #expect(editor.string == left)
    #expect(editor.cursor == left.count)
  }

  @Test func aLimitStopsTypingAndPastingAtItsLength() {
    var editor = LineEditor(text: "abc", limit: 5)
    _ = type([.character("d"), .character("e"), .character("f")], into: &editor)
    #expect(editor.string == "abcde")
    _ = type([.home, .delete], into: &editor)
    _ = editor.handle(.paste("XYZ"))
    #expect(editor.string == "Xbcde")
    #expect(editor.cursor == 1)
  }

  @Test func aLineShowsTheLabelAndPutsTheCursorAfterIt() {
    var editor = LineEditor(text: "日本")
    let line = editor.line(label: "add: ", width: 20)
    #expect(line.text == "add: 日本")
    #expect(line.cursorColumn == 9)
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
        #expect(TerminalText.columns(view.text) <= width, "seed \(seed) round \(round)")
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
