/// What a full-screen frame shows: one string per terminal row, and where
/// the cursor is (hidden when `nil`).
public struct TerminalFrame: Equatable, Sendable {
  /// The rows, top to bottom, each fitting the terminal's width.
  public var lines: [String]
  /// The cursor's row and column, 0-based; `nil` hides it.
  public var cursor: (row: Int, column: Int)?

  /// A frame of `lines` with the cursor at `cursor`. O(1).
  public init(lines: [String], cursor: (row: Int, column: Int)? = nil) {
    self.lines = lines
    self.cursor = cursor
  }

  /// Whether two frames show the same rows with the cursor in the same
  /// place (or hidden in both). O(rows × width).
  public static func == (a: TerminalFrame, b: TerminalFrame) -> Bool {
    a.lines == b.lines && a.cursor?.row == b.cursor?.row && a.cursor?.column == b.cursor?.column
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

  /// The bytes that turn the screen from the last frame into `frame`.
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
      output += "\u{1B}[\(cursor.row + 1);\(cursor.column + 1)H\u{1B}[?25h"
    }
    return output
  }
}
