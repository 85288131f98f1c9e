/// What keeps its place on screen when the list changes: the choice behind
/// ``ListDiffDataSource/scrollAnchor``.
///
/// A reader in the middle of a feed should not see what they read jump when
/// items are inserted above it (new posts, an older page loaded); a chat or
/// a log should stay at its newest line while lines arrive. UIKit's
/// collection view does neither by itself: it keeps the content offset.
public enum ListScrollAnchor: Sendable, Hashable {
  /// The content offset is kept through updates, as UIKit does: items
  /// inserted above the viewport push what was shown down.
  case none
  /// The first visible item that survives an update keeps its position on
  /// screen: after items are inserted or deleted above the viewport, and as
  /// estimated sizes are replaced by real ones. If that item was deleted (or
  /// moved away), the next item after it that stayed is the anchor.
  case visibleContent
  /// A viewport at the end of the content stays at the end as items are
  /// added or grow (a chat, a log); one scrolled away from the end behaves
  /// as ``visibleContent``.
  case bottom
}
