import ListDiffUI

/// What a ``TerminalScreen`` keeps for a screen reader: what was said
/// since the last event, and which keyboard focus VoiceOver's cursor was
/// last put on.
///
/// Invariant: `said` holds at most `limit` sentences (the newest).
struct ScreenReaderState {
  /// The most sentences kept for the status line: a screen driven without
  /// its event loop (a test handing keys to the app) never clears them.
  static let limit = 4

  /// The announcements to show, oldest first: the list's and the app's
  /// (``TerminalScreen/announce(_:)``) since the last event.
  private(set) var said: [String] = []
  /// Whether the screen hears the data source's notifications.
  private(set) var isListening = false
  /// The keyboard focus VoiceOver's cursor was last put on; nil (the
  /// outer optional) before the first frame.
  private(set) var followedFocus: ListItemID??

  /// Keeps `text` to show, unless it is blank.
  mutating func say(_ text: String) {
    guard !text.allSatisfy(\.isWhitespace) else { return }
    said.append(text)
    if said.count > Self.limit { said.removeFirst(said.count - Self.limit) }
  }

  /// An event came: what was said before it is over, shown or not (keys
  /// typed ahead in a burst are drawn once, after the last: what the
  /// earlier ones said is passed over, as a new utterance interrupts
  /// VoiceOver).
  mutating func clear() {
    said.removeAll()
  }

  /// The screen now hears the data source.
  mutating func startListening() {
    isListening = true
  }

  /// VoiceOver's cursor was put on `focus` (nil: taken away).
  mutating func follow(_ focus: ListItemID?) {
    followedFocus = .some(focus)
  }
}
