/// A key a person presses on a list, as
/// ``ListDiffDataSource/handleKey(_:)`` understands it: the one key map the
/// terminal library and ListDiffUITesting's `pressKey` share.
public enum ListKey: Hashable, Sendable {
  /// Moves the focus to the previous item.
  case up
  /// Moves the focus to the next item.
  case down
  /// Not handled by a plain list (carousels and outlines use it).
  case left
  /// Not handled by a plain list (carousels and outlines use it).
  case right
  /// Moves the focus about one viewport back.
  case pageUp
  /// Moves the focus about one viewport on.
  case pageDown
  /// Moves the focus to the first item.
  case home
  /// Moves the focus to the last item.
  case end
  /// Toggles the focused item's selection; with single selection,
  /// selecting it deselects the others.
  case space
  /// Activates the focused item as a tap does: selects it and its
  /// controller hears `didSelect`.
  case enter
  /// Ends a type-to-select prefix.
  case escape
  /// Moves the focus up and, with multiple selection, selects the item it
  /// lands on as well.
  case shiftUp
  /// Moves the focus down and, with multiple selection, selects the item it
  /// lands on as well.
  case shiftDown
  /// A typed character: type-to-select.
  case character(Character)
}
