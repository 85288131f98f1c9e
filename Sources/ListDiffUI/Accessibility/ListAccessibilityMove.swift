/// Where VoiceOver's cursor goes (``ListDiffDataSource/moveAccessibilityFocus(_:)``):
/// its swipes right and left, and the headings rotor's swipes down and up.
public enum ListAccessibilityMove: Hashable, Sendable, CaseIterable {
  /// The next element in reading order (a swipe right), scrolling on past
  /// the last one on screen.
  case next
  /// The previous element (a swipe left), scrolling back past the first.
  case previous
  /// The list's first element (a four-finger tap near the top).
  case first
  /// The list's last element (a four-finger tap near the bottom).
  case last
  /// The next heading: the first item of the next section header, on
  /// screen or not.
  case nextHeading
  /// The previous heading.
  case previousHeading
}

/// The direction of VoiceOver's three-finger swipes
/// (``ListDiffDataSource/accessibilityScroll(_:)``): where the viewport
/// moves, a page at a time — `.down` shows what is below, `.up` what is
/// above; `.left` and `.right` the same in a list that scrolls sideways.
public enum ListAccessibilityScrollDirection: Hashable, Sendable, CaseIterable {
  /// Toward the start of a vertical list.
  case up
  /// Toward the end of a vertical list.
  case down
  /// Toward the start of a horizontal list.
  case left
  /// Toward the end of a horizontal list.
  case right
}

/// What the list tells assistive technology: UIKit's four
/// `UIAccessibility.Notification`s, with what each carries, as
/// ``ListDiffDataSource/accessibilityNotificationHandler`` hears them.
public enum ListAccessibilityNotification: Hashable, Sendable, CustomStringConvertible {
  /// Something to read out now: an update's summary ("2 items added"),
  /// "Loading", "Loaded 30 more", "Moved to 3 of 12".
  case announcement(String)
  /// The elements on screen changed in a way the cursor must follow: the
  /// item under it was deleted, and it is now on `focus` (nil: on nothing).
  case layoutChanged(focus: ListItemID?)
  /// A new screen (posted by apps, never by the list itself).
  case screenChanged
  /// A page scroll: what is shown now, "Rows 11 to 20 of 120".
  case pageScrolled(String)

  /// The notification as one line: `announcement: 2 items added`.
  ///
  /// - Complexity: O(*k*) in the text.
  public var description: String {
    switch self {
    case .announcement(let text): "announcement: \(text)"
    case .layoutChanged(let focus): "layoutChanged: \(focus?.description ?? "nothing")"
    case .screenChanged: "screenChanged"
    case .pageScrolled(let text): "pageScrolled: \(text)"
    }
  }
}
