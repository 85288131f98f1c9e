import ListDiffUITerminal
import Testing

/// What `InputDecoder`'s documentation promises about control characters,
/// mouse motion and `flush()` (issue 29, item 7).
@Suite("Input decoder promises")
struct InputDecoderPromisesTests {
  /// The events of `bytes`, fed at once, with nothing left waiting.
  private func decode(_ bytes: [UInt8]) -> [TerminalEvent] {
    var decoder = InputDecoder()
    let events = decoder.feed(bytes)
    #expect(!decoder.isWaiting)
    return events
  }

  private func text(_ string: String) -> [UInt8] { Array(string.utf8) }

  /// Promise: sequences the decoder does not know "are consumed whole and
  /// ignored, so no stray bytes reach the app as text" (`InputDecoder`,
  /// Sources/ListDiffUITerminal/Input/InputDecoder.swift): a C1 control
  /// character (U+0080–U+009F), whether UTF-8 encoded, sent as a raw 8-bit
  /// byte or after Escape (Alt), never becomes a character key.
  @Test func c1ControlCharactersNeverReachTheAppAsText() {
    let around: [TerminalEvent] = [.key(.character("x")), .key(.character("y"))]
    for code in UInt32(0x80)...0x9F {
      let scalar = Unicode.Scalar(code)!
      let encoded = text(String(Character(scalar)))
      #expect(decode(text("x") + encoded + text("y")) == around, "U+\(String(code, radix: 16, uppercase: true))")
      #expect(decode(text("x") + [UInt8(code)] + text("y")) == around, "byte \(code)")
      #expect(decode(text("x\u{1B}") + encoded + text("y")) == around, "Alt U+\(String(code, radix: 16))")
    }
  }

  /// Promise: the decoder reports presses, releases and the wheel; an SGR
  /// report with the motion bit (32) set is "not reported to apps" — a
  /// mouse moved with a button held is not a click (`InputDecoder.mouse`;
  /// `MouseEvent.Action.press`: "A button went down: a click starts here",
  /// Sources/ListDiffUITerminal/Input/MouseEvent.swift).
  @Test func sgrMotionReportsAreNotClicks() {
    // Left, middle and right held while moving, with and without modifiers.
    for code in [32, 33, 34, 36, 40, 48, 60] {
      for final in ["M", "m"] {
        let report = "\u{1B}[<\(code);7;3\(final)"
        #expect(decode(text("a" + report + "b")) == [.key(.character("a")), .key(.character("b"))], "\(report)")
      }
    }
    // The same report without the motion bit is a press.
    #expect(decode(text("\u{1B}[<0;7;3M")) == [.mouse(MouseEvent(.press(.left), column: 6, row: 2))])
  }

  /// Promise: `flush()` "ends the unfinished tail: an escape that nothing
  /// followed is the Escape key; anything else unfinished is dropped", and
  /// the tail is gone: what comes next is read afresh (`InputDecoder.flush()`,
  /// Sources/ListDiffUITerminal/Input/InputDecoder.swift).
  @Test func flushMakesALoneEscapeTheEscapeKeyAndDropsAnUnfinishedCharacter() {
    var decoder = InputDecoder()
    #expect(decoder.feed([0x1B]).isEmpty)
    #expect(decoder.isWaiting)
    #expect(decoder.flush() == [.key(.escape)])
    #expect(!decoder.isWaiting)
    #expect(decoder.feed(text("a")) == [.key(.character("a"))])
    // Two bytes of a three-byte character: dropped, and not joined to what follows.
    #expect(decoder.feed([0xE6, 0x97]).isEmpty)
    #expect(decoder.isWaiting)
    #expect(decoder.flush().isEmpty)
    #expect(!decoder.isWaiting)
    #expect(decoder.feed(text("b")) == [.key(.character("b"))])
    #expect(decoder.flush().isEmpty)
  }

  /// Promise, as above: an unfinished escape *sequence* — an escape that
  /// something followed — "is dropped" by `flush()`, not turned into the
  /// Escape key (`InputDecoder.flush()`; the type's overview: "a lone Escape
  /// is the Escape key").
  @Test func flushDropsAnUnfinishedEscapeSequence() {
    for tail in ["\u{1B}[", "\u{1B}[1;5", "\u{1B}[<0;3", "\u{1B}O"] {
      var decoder = InputDecoder()
      #expect(decoder.feed(text(tail)).isEmpty)
      #expect(decoder.isWaiting)
      #expect(decoder.flush().isEmpty, "\(Array(tail.utf8))")
      #expect(!decoder.isWaiting)
      #expect(decoder.feed(text("z")) == [.key(.character("z"))])
    }
  }
}
