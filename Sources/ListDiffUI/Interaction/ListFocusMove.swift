/// Where ``ListDiffDataSource/moveFocus(_:)`` takes the keyboard focus.
public enum ListFocusMove: Hashable, Sendable, CaseIterable {
  /// The previous focusable item in display order.
  case up
  /// The next focusable item in display order.
  case down
  /// About one viewport back: the earliest focusable item that starts no
  /// more than a viewport (less the headers pinned over it) before the
  /// focused one; the previous one when that is the focused item itself.
  case pageUp
  /// About one viewport on: the last focusable item that starts no more
  /// than a viewport (less the headers pinned over it) after the focused
  /// one; the next one when that is the focused item itself.
  case pageDown
  /// The first focusable item.
  case first
  /// The last focusable item.
  case last
}
