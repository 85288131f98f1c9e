/// The gestures ``fuzzList(_:seed:steps:width:height:applyUpdatesAsync:contextObjects:setUp:changes:gestures:allowing:replay:moved:root:invariant:sourceLocation:)``
/// performs between model changes, as a person using the screen would.
///
/// Each is written in a replay string as shown:
///
/// | Gesture | What it does | Written |
/// |---|---|---|
/// | ``scroll`` | a programmatic scroll by some points | `scroll+7`, `scroll-3` |
/// | ``drag`` | a finger's drag, sometimes let go with a velocity | `drag+12`, `drag-5@300` |
/// | ``tap`` | taps an item on screen (selection, `didSelect`) | `tap:p12`, `tap:open/p12` |
/// | ``resize`` | gives the viewport a new size | `resize:30x9` |
/// | ``move`` | drags an item that can move to another index | `move:p3>0`, `move:done/p3>2@open` |
/// | ``select`` | selects an item on screen by identity (deselects a selected one) | `select:p12` |
/// | ``focus`` | presses a key: ↑ ↓ PgUp PgDn Home End, Space, Enter, Shift+↑ ↓ | `key:down`, `key:pageUp`, `key:shiftDown` |
/// | ``carousel`` | drags a carousel on screen across (its row named as `tap` names items), or presses ← → | `carousel:recent+12`, `key:left` |
/// | ``expand`` | expands or collapses an outline row on screen by identity, or presses ← or → | `expand:tree/src`, `collapse:tree/src`, `key:left` |
/// | ``accessibility`` | VoiceOver: moves its cursor (swipes, headings, first, last), double taps, scrolls a page, or puts the cursor on an element on screen and runs one of its custom actions | `ax:next`, `ax:nextHeading`, `ax:activate`, `ax:scrollDown`, `ax-action:p12=Delete` |
///
/// `tap`, `move` and `ax-action` name the item by its identifier, after the names of
/// its sections, separated by `/` (characters other than letters, digits
/// and `_ - .` are written `%` and two hex digits, as in a URL); `move`
/// ends with the index the item lands at and, after `@`, the destination
/// section when it changes; `ax-action` ends with `=` and the action's
/// name, written as names are. A gesture whose item (or action) is gone
/// when it is replayed does nothing.
///
/// `move` is drawn only when the fuzz is given a `moved:` closure that
/// applies the move to the model, as a `moveHandler` does, and only for
/// items whose controllers say `canMove`. ``carousel`` is drawn only
/// while a carousel's row is on screen, and ``expand`` only while the
/// screen shows rows of an `OutlineSection` (so a fuzz without them draws
/// what it always drew); the `fresh screen` check gives the new screen the
/// same carousels' places and the same rows expanded. The "Move up" and
/// other move actions of ``accessibility`` are drawn, as ``move`` is, only
/// with a `moved:` closure.
///
/// With ``accessibility`` among the gestures (as in ``all``), the fuzz
/// also makes the `accessibility` check after every step: every element
/// has a label, every item action is one of its element's custom actions,
/// VoiceOver's cursor stays on its item while the item survives and moves
/// with one `.layoutChanged` when it does not, the elements are the items
/// on screen in the list's order, and header items carry `.header`. A
/// screen not meant for VoiceOver leaves it out.
public struct ListFuzzGestures: OptionSet, Sendable, Hashable {
  /// The gestures as bits, one per gesture.
  public let rawValue: Int

  /// Gestures from their raw bits.
  public init(rawValue: Int) { self.rawValue = rawValue }

  /// Programmatic scrolls, `setContentOffset`.
  public static let scroll = ListFuzzGestures(rawValue: 1 << 0)
  /// A finger's drags, through `CollectionView/drag(by:velocity:)`.
  public static let drag = ListFuzzGestures(rawValue: 1 << 1)
  /// Taps on items on screen.
  public static let tap = ListFuzzGestures(rawValue: 1 << 2)
  /// New viewport sizes.
  public static let resize = ListFuzzGestures(rawValue: 1 << 3)
  /// Interactive moves of items (with a `moved:` closure).
  public static let move = ListFuzzGestures(rawValue: 1 << 4)
  /// Selection by identity, `ListDiffDataSource/select(_:)` and `deselect(_:)`.
  public static let select = ListFuzzGestures(rawValue: 1 << 5)
  /// Keys, through `ListDiffDataSource/handleKey(_:)`: focus moves and the
  /// selection keys.
  public static let focus = ListFuzzGestures(rawValue: 1 << 6)
  /// Expanding and collapsing outline rows, by identity and with ← →
  /// (drawn while outline rows are shown).
  public static let expand = ListFuzzGestures(rawValue: 1 << 7)
  /// Dragging carousels across, and ← → along a focused one.
  public static let carousel = ListFuzzGestures(rawValue: 1 << 8)
  /// VoiceOver's gestures, through the data source's accessibility: cursor
  /// and heading moves, double taps, page scrolls and custom actions; and
  /// the `accessibility` check after every step.
  public static let accessibility = ListFuzzGestures(rawValue: 1 << 9)

  /// Every gesture.
  public static let all: ListFuzzGestures = [
    .scroll, .drag, .tap, .resize, .move, .select, .focus, .expand, .carousel, .accessibility,
  ]
}
