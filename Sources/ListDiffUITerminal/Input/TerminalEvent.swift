/// What a terminal app hears: keys, pasted text, the mouse and the window's
/// size. ``TerminalScreen/events`` delivers them in the order they happened.
public enum TerminalEvent: Hashable, Sendable {
  /// A key press.
  case key(Key)
  /// Text pasted while the terminal's bracketed paste mode was on, as one
  /// event however long (line breaks included).
  case paste(String)
  /// A mouse button or the wheel. A ``TerminalScreen`` has already done
  /// what UIKit would with it: a left click selected the item under it
  /// (`selectItem(at:)`), the wheel scrolled (`drag(by:)`).
  case mouse(MouseEvent)
  /// The window changed size; the collection view already has the new one.
  case resize(TerminalSize)
}

/// A terminal window's size in character cells.
public struct TerminalSize: Hashable, Sendable, CustomStringConvertible {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int

  /// A size of `width` columns and `height` rows. O(1).
  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// "80×24". O(1).
  public var description: String { "\(width)×\(height)" }
}
