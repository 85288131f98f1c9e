import Foundation
import HeadlessCollection
import ListDiffUI
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The screen for screen readers and braille displays: where the cursor is
/// left, what the status line says, and VoiceOver's cursor kept on the
/// keyboard focus (see <doc:ScreenReaders>).
extension TerminalScreen {
  /// Whether `environment` asks for ``screenReaderMode``:
  /// `LISTDIFFUI_SCREEN_READER` is `1` (or `true`, `yes`, `on`, in any
  /// case). O(1).
  nonisolated public static func isScreenReaderModeRequested(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Bool {
    guard let value = environment["LISTDIFFUI_SCREEN_READER"] else { return false }
    return ["1", "true", "yes", "on"].contains(value.trimmingCharacters(in: .whitespaces).lowercased())
  }

  /// Says `text` on the status line in ``screenReaderMode``, with the
  /// list's own announcements, until the next event (the events loop
  /// clears it then, see ``apply(_:)``): what a key did is said in the
  /// frame after it. What an app tells the user in one line that is not
  /// its ``status`` goes here. Ignored when the mode is off, and when
  /// `text` is blank. O(1).
  public func announce(_ text: String) {
    guard screenReaderMode else { return }
    reader.say(text)
  }

  /// Starts hearing the data source's notifications, once, when the mode
  /// is on and there is a data source: its handler is wrapped, the app's
  /// called first. A handler is the only public way in; the screen keeps
  /// it wrapped after the mode goes off (it then ignores what it hears).
  func listenToList() {
    guard screenReaderMode, !reader.isListening, let dataSource else { return }
    reader.startListening()
    let appHandler = dataSource.accessibilityNotificationHandler
    dataSource.accessibilityNotificationHandler = { [weak self] notification in
      appHandler?(notification)
      self?.hear(notification)
    }
  }

  /// What the status line says of a notification: announcements and page
  /// scrolls as they are; a layout change says nothing itself (the
  /// description of the new focus follows on the status line).
  private func hear(_ notification: ListAccessibilityNotification) {
    switch notification {
    case .announcement(let text), .pageScrolled(let text): announce(text)
    case .layoutChanged, .screenChanged: break
    }
  }

  /// Puts VoiceOver's cursor on the keyboard focus when that moved since
  /// the last frame (nil takes it away). The keyboard leads: a move of
  /// VoiceOver's cursor the app makes itself stands until the keyboard
  /// focus moves again. Scrolls only when the focused row is not shown.
  func followKeyboardFocus() {
    guard let dataSource else { return }
    let focus = dataSource.focusedItem
    if case .some(let followed) = reader.followedFocus, followed == focus { return }
    reader.follow(focus)
    if dataSource.accessibilityFocus != focus { dataSource.accessibilityFocus = focus }
  }

  /// The status line in ``screenReaderMode``, `width` columns wide: the
  /// line editor's line while one is open; else the announcements,
  /// ``status``, and the description of the element under VoiceOver's
  /// cursor (or, while the action menu is open, the highlighted action and
  /// its place), joined as sentences. When they do not fit, what was said
  /// is cut and the description kept whole: where the cursor is matters
  /// most, and the next event clears what was said anyway.
  ///
  /// - Complexity: O(*v* log *v*) in the visible items (the elements),
  ///   plus the line's length.
  func spokenStatus(width: Int) -> String {
    if statusCursorColumn != nil { return TerminalText.fit(status ?? "", width: width) }
    var said = reader.said
    if let status, !status.allSatisfy(\.isWhitespace) { said.append(status) }
    var focus: String?
    if let menu = actionMenu {
      focus = "\(menu.actions[menu.highlighted].title), \(menu.highlighted + 1) of \(menu.actions.count)"
    } else if let dataSource, let item = dataSource.accessibilityFocus,
      let element = dataSource.accessibilityElements.first(where: { $0.item == item })
    {
      focus = element.description
    }
    guard let focus else { return TerminalText.fit(said.joined(separator: ". "), width: width) }
    // A description too long for the line with what was said is all the line holds.
    guard !said.isEmpty, TerminalText.columns(focus) + 2 < width else { return TerminalText.fit(focus, width: width) }
    return TerminalText.fit(said.joined(separator: ". "), width: width, keepingSuffix: ". " + focus)
  }

  /// Where the frame leaves the cursor and whether it shows (see
  /// ``frame()``); `menuRow` is the action menu's first row, `covered` the
  /// rows it covers.
  func cursorPlace(menuRow: Int?, covered: Range<Int>?) -> (place: (row: Int, column: Int), shows: Bool)? {
    let statusRow = size.height - 1
    if let column = statusCursorColumn, hasStatusLine { return (place: (row: statusRow, column: column), shows: true) }
    if let menuRow, let menu = actionMenu {
      // The menu's first row is its title; its actions follow.
      let row = menuRow + 1 + menu.highlighted
      if row < listRows { return (place: (row: row, column: 0), shows: screenReaderMode) }
    }
    if let start = focusedRowStart(covered: covered) { return (place: start, shows: screenReaderMode) }
    guard screenReaderMode && hasStatusLine else { return nil }
    return (place: (row: statusRow, column: 0), shows: true)
  }

  /// The window row and column of the focused item's first line that
  /// shows: not under a pinned header, an ``overlay`` row or the rows
  /// `covered` (the menu), and not past the list's rows; nil when nothing
  /// is focused or no line of it shows.
  ///
  /// - Complexity: O(*v*) for the *v* visible items, plus O(*h*) lookups
  ///   for the focused item's *h* lines on screen.
  private func focusedRowStart(covered: Range<Int>?) -> (row: Int, column: Int)? {
    guard let dataSource, let focus = dataSource.focusedItem else { return nil }
    let view = collectionView
    let offset = view.contentOffset
    // The visible items only: finding the item by identity in the model
    // costs its section's length (a directory of 100,000 files).
    for path in view.indexPathsForVisibleItems {
      guard let identity = dataSource.inspection.itemIdentity(at: path.item), identity.identifier == focus.identifier,
        identity.sectionPath == focus.sectionPath, let frame = view.layoutAttributesForItem(at: path)?.frame
      else { continue }
      let column = min(max(0, Int((frame.minX - offset.x).rounded(.down))), max(0, size.width - 1))
      let top = Int(max(frame.minY, offset.y).rounded(.down))
      let bottom = Int(min(frame.maxY, offset.y + CGFloat(listRows)).rounded(.up))
      for line in top..<max(top, bottom) {
        let row = line - Int(offset.y.rounded(.down))
        guard row >= min(overlay.count, listRows), row < listRows, covered?.contains(row) != true else { continue }
        // A pinned header drawn over this line hides it.
        let probe = CGPoint(x: frame.minX + min(0.5, frame.width / 2), y: CGFloat(line) + 0.5)
        if view.indexPathForItem(at: probe) == path { return (row, column) }
      }
    }
    return nil
  }
}
