import ListDiffUI

extension Key {
  /// The list key this terminal key is, in the key map lists share
  /// (`ListDiffDataSource/handleKey(_:)`): the arrows, Page Up and Down,
  /// Home and End, Enter and Esc as themselves; the space bar as `ListKey.space`;
  /// Shift+↑ and Shift+↓ as `ListKey.shiftUp` and `ListKey.shiftDown`;
  /// another printable character as `ListKey.character(_:)`. Nil for the
  /// rest (Tab, Backspace, function keys, Ctrl combinations), which a list
  /// does not use.
  ///
  /// - Complexity: O(1).
  public var listKey: ListKey? {
    switch self {
    case .up: .up
    case .down: .down
    case .left: .left
    case .right: .right
    case .pageUp: .pageUp
    case .pageDown: .pageDown
    case .home: .home
    case .end: .end
    case .enter: .enter
    case .escape: .escape
    case .character(" "): .space
    case .character(let character): .character(character)
    case .modified(.up, .shift): .shiftUp
    case .modified(.down, .shift): .shiftDown
    default: nil
    }
  }
}
