/// One key press read from a terminal in raw mode.
///
/// Plain keys are cases of their own; a key pressed with Shift, Alt (Option
/// or Meta) or Control where the terminal reports it is ``modified(_:_:)``:
/// Ctrl-↑ is `.modified(.up, .control)`, Alt-x is `.modified(.character("x"),
/// .alt)`. Control with a letter arrives as the single byte terminals send for
/// it, ``control(_:)``: Ctrl-A is `.control("a")`.
public indirect enum Key: Hashable, Sendable {
  /// A printable character (any Unicode character, wide ones included).
  case character(Character)
  /// Return or Enter.
  case enter
  /// Tab.
  case tab
  /// Backspace (DEL or Ctrl-H).
  case backspace
  /// Delete (forward).
  case delete
  /// Insert.
  case insert
  /// Escape on its own.
  case escape
  /// The arrow keys.
  case up, down, left, right
  /// Home and End.
  case home, end
  /// Page Up and Page Down.
  case pageUp, pageDown
  /// A function key: F1 is `function(1)`, up to F12.
  case function(Int)
  /// A control key: Ctrl-A is `control("a")`. Ctrl-Z never reaches an app
  /// that runs on a ``TerminalScreen``: the screen suspends the program.
  case control(Character)
  /// A key with modifiers the terminal reported: Shift-Tab, Ctrl-→,
  /// Alt-letter, Shift-F5.
  case modified(Key, KeyModifiers)
}

/// The modifier keys a terminal reports with a key or a mouse event.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
  /// The bits, as xterm numbers them (Shift 1, Alt 2, Control 4).
  public let rawValue: Int
  /// Modifiers from xterm's bits. O(1).
  public init(rawValue: Int) { self.rawValue = rawValue }
  /// Shift.
  public static let shift = KeyModifiers(rawValue: 1)
  /// Alt, Option or Meta.
  public static let alt = KeyModifiers(rawValue: 2)
  /// Control.
  public static let control = KeyModifiers(rawValue: 4)
}
