/// A mouse event reported by the terminal (xterm's SGR reporting, which
/// ``TerminalScreen`` turns on): a button pressed or released, or the wheel.
public struct MouseEvent: Hashable, Sendable {
  /// What the mouse did.
  public enum Action: Hashable, Sendable {
    /// A button went down: a click starts here.
    case press(MouseButton)
    /// A button came up.
    case release(MouseButton)
    /// The wheel turned away from the user: the content moves to earlier
    /// lines.
    case scrollUp
    /// The wheel turned toward the user: the content moves to later lines.
    case scrollDown
  }

  /// What the mouse did.
  public var action: Action
  /// The column, 0-based from the left.
  public var column: Int
  /// The row, 0-based from the top of the window.
  public var row: Int
  /// The modifier keys held.
  public var modifiers: KeyModifiers

  /// An event `action` at `column`, `row` (0-based) with `modifiers`. O(1).
  public init(_ action: Action, column: Int, row: Int, modifiers: KeyModifiers = []) {
    self.action = action
    self.column = column
    self.row = row
    self.modifiers = modifiers
  }
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable {
  /// The primary button: a click selects.
  case left
  /// The wheel pressed, or the middle button.
  case middle
  /// The secondary button.
  case right
}
