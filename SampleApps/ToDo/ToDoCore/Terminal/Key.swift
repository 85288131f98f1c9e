/// One key press (or one paste) read from a terminal in raw mode.
public enum Key: Hashable, Sendable {
  /// A printable character.
  case character(Character)
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Delete (forward).
  case delete
  /// Escape on its own.
  case escape
  /// The arrow keys.
  case up, down, left, right
  /// Home and End.
  case home, end
  /// Page Up and Page Down.
  case pageUp, pageDown
  /// A control key: Ctrl-A is `control("a")`.
  case control(Character)
  /// Text pasted while the terminal's bracketed paste mode was on.
  case paste(String)
}
