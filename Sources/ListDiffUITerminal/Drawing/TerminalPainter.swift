/// What a full-screen frame shows: one string per terminal row, and where
/// the cursor is left and whether it shows.
///
/// A hidden cursor still has a place: screen readers and braille displays
/// follow the cursor whether it shows or not, so a ``TerminalScreen``
/// leaves it on the focused row (see ``TerminalScreen/screenReaderMode``).
public struct TerminalFrame: Equatable, Sendable {
  /// The rows, top to bottom, each fitting the terminal's width.
  public var lines: [String]
  /// The cursor's row and column, 0-based: where the painter leaves it;
  /// `nil` leaves it where the last row written ends, hidden.
  public var cursor: (row: Int, column: Int)?
  /// Whether the cursor shows at ``cursor``. Ignored (hidden) without one.
  public var showsCursor: Bool

  /// A frame of `lines` with the cursor showing at `cursor` (hidden when
  /// `nil`). O(1).
  public init(lines: [String], cursor: (row: Int, column: Int)? = nil) {
    self.init(lines: lines, cursor: cursor, showsCursor: cursor != nil)
  }

  /// A frame of `lines` with the cursor left at `cursor`, shown or hidden
  /// there as `showsCursor` says. O(1).
  public init(lines: [String], cursor: (row: Int, column: Int)?, showsCursor: Bool) {
    self.lines = lines
    self.cursor = cursor
    self.showsCursor = showsCursor && cursor != nil
  }

  /// Whether two frames show the same rows with the cursor in the same
  /// place, shown or hidden alike. O(rows × width).
  public static func == (a: TerminalFrame, b: TerminalFrame) -> Bool {
    a.lines == b.lines && a.cursor?.row == b.cursor?.row && a.cursor?.column == b.cursor?.column
      && a.showsCursor == b.showsCursor
  }
}

/// Turns frames into the escape sequences that draw them, writing only the
/// rows that changed since the last frame.
///
/// Rows are drawn by moving to their start, erasing the row and writing the
/// text (so a shorter row leaves nothing behind); the terminal's
/// auto-wrap is off in full-screen mode, so a row never spills into the
/// next. After a resize, a resume or Ctrl-L, ``invalidate()`` makes the
/// next frame redraw everything.
public struct TerminalPainter: Sendable {
  private var shown: [String]?

  /// A painter that has drawn nothing. O(1).
  public init() {}

  /// Forgets what is on screen: the next frame clears it and draws every
  /// row. O(1).
  public mutating func invalidate() { shown = nil }

  /// The bytes that turn the screen from the last frame into `frame`: the
  /// cursor hidden while rows are written, then left at the frame's
  /// ``TerminalFrame/cursor`` and shown if the frame says so.
  /// O(rows × width).
  public mutating func paint(_ frame: TerminalFrame) -> String {
    var output = "\u{1B}[?25l"
    let previous = shown.flatMap { $0.count == frame.lines.count ? $0 : nil }
    if previous == nil { output += "\u{1B}[H\u{1B}[2J" }
    for (row, line) in frame.lines.enumerated() where previous?[row] != line {
      output += "\u{1B}[\(row + 1);1H\u{1B}[2K" + line
    }
    shown = frame.lines
    if let cursor = frame.cursor {
      output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H"
      if frame.showsCursor { output += "\u{1B}[?25h" }
    }
    return output
  }
}
