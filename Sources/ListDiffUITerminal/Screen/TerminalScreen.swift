import Foundation
import HeadlessCollection
import ListDiffUI
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// A collection view on a terminal: the one type a terminal list app needs.
///
/// Iterating ``events`` takes the terminal for as long as the loop runs —
/// raw mode and the alternate screen, restored when the loop ends (a
/// `break`, a `return`, the end of input), on `exit()`, Ctrl-C, SIGTERM,
/// SIGINT, SIGHUP and fatal signals, and handed back across Ctrl-Z and
/// `fg`. The collection view is sized to the window and follows it; before
/// waiting for each event the screen draws ``frame()``, writing only the
/// rows that changed. A left click selects the item under it with
/// `selectItem(at:)` and the wheel scrolls with `drag(by:)`, so cell
/// controllers hear exactly what UIKit would send them; the app then hears
/// the ``TerminalEvent`` too.
///
/// When standard input or output is not a terminal (a script, a pipe, a
/// test), the same loop runs in line mode: input is read as it comes, a
/// line break being Enter, and every changed frame is printed as plain
/// text, so the app stays scriptable.
///
/// ```
/// let screen = TerminalScreen(dataSource: dataSource)
/// for await event in screen.events {
///   if event == .key(.character("q")) { break }
/// }
/// ```
///
/// The bottom row is a status line while ``status`` is set (the collection
/// view's bottom `contentInset` keeps the list clear of it); ``overlay``
/// rows are drawn over the top of the list.
///
/// After every frame the terminal's cursor sits on the focused row (the
/// first column of its first line that shows), where screen readers and
/// braille displays look; hidden, unless ``screenReaderMode`` is on, which
/// also writes what VoiceOver would say on the status line (see
/// <doc:ScreenReaders>).
@MainActor
public final class TerminalScreen {
  /// The collection view drawn on the terminal.
  public let collectionView: CollectionView
  /// The window's size; the collection view's frame, unless the window is
  /// smaller than ``minimumSize``.
  public private(set) var size: TerminalSize
  /// The bottom row's text, or `nil` to give the list every row (in
  /// ``screenReaderMode`` the row stays a status line). Cut to the width
  /// with "…" when too long.
  public var status: String? {
    didSet { updateInset() }
  }
  /// Where the terminal's cursor shows on the status line (a column, from
  /// 0), as while a ``LineEditor`` is open there; `nil` hides the cursor.
  public var statusCursorColumn: Int?
  /// Rows drawn over the top of the list (a help panel, a menu), each cut
  /// to the width; clicks on them select nothing.
  public var overlay: [String] = []
  /// The smallest window the screen draws the list in; a smaller one shows
  /// "enlarge to W×H" until it grows (on two lines, or the size alone,
  /// where the window is too narrow for it).
  public var minimumSize = TerminalSize(width: 1, height: 1)
  /// The lines one notch of the mouse wheel scrolls.
  public var wheelLines = 3
  /// Whether the screen serves a screen reader or a braille display (see
  /// <doc:ScreenReaders>): the cursor shows on the focused row; the status
  /// line says what VoiceOver would — the announcements made since the
  /// last event (the list's, and the app's through ``announce(_:)``), then
  /// ``status``, then the description of the element under VoiceOver's
  /// cursor (`ListAccessibilityElement.description`: "buy milk, done, 3 of
  /// 12"), and it is kept even while ``status`` is nil; VoiceOver's cursor
  /// (`ListDiffDataSource.accessibilityFocus`) follows the keyboard focus;
  /// the action menu is drawn as plain rows, with no box or marker. The
  /// cells are the app's to draw plain: read this to leave out focus
  /// marks, rules and check-box glyphs.
  ///
  /// Default: on when the environment's `LISTDIFFUI_SCREEN_READER` asks
  /// for it (see ``isScreenReaderModeRequested(environment:)``). Turned on
  /// with a data source, the screen hears the list's notifications
  /// through its `accessibilityNotificationHandler`, calling on to the
  /// handler the app had set (set yours first, or pass what it would say
  /// to ``announce(_:)``). O(1); each frame then costs O(visible items)
  /// more.
  public var screenReaderMode: Bool {
    didSet {
      guard screenReaderMode != oldValue else { return }
      updateInset()
      listenToList()
    }
  }
  /// What the screen keeps for a screen reader: what was said, what
  /// VoiceOver's cursor follows.
  var reader = ScreenReaderState()
  /// The signal (SIGTERM, SIGINT, SIGHUP) that ended ``events``, if one did:
  /// the conventional exit status is 128 plus its number.
  public internal(set) var terminatingSignal: Int32?
  /// Whether ``events`` runs in line mode (input or output not a
  /// terminal), known once the iteration starts.
  public internal(set) var isLineMode = false
  /// Set by ``redrawAll()``; the session clears the screen on its next frame.
  var needsClear = false
  /// The data source of ``init(dataSource:size:)``, which list keys and
  /// clicks reach (see ``handleListKey(_:)``). Weak: the app keeps it.
  public private(set) weak var dataSource: ListDiffDataSource?
  /// The key that opens the focused item's actions as a menu
  /// (``actionMenu``) in ``handleListKey(_:)``. Default Tab: a letter
  /// would be type-to-select's.
  public var actionMenuKey: Key = .tab
  /// The app's own command keys (`q` to quit, `a` to add): ``handleListKey(_:)``
  /// returns false for them without handing them to the list, so they
  /// never reach type-to-select, and the app acts on them. Empty by
  /// default. An open ``actionMenu`` still takes every key.
  public var commandKeys: Set<Key> = []
  /// The focused item's actions, open as a menu below it (above it when
  /// there is no room below), or nil. See ``TerminalActionMenu``.
  public internal(set) var actionMenu: TerminalActionMenu?

  /// A screen for `collectionView`, laid out at `size` until ``events``
  /// starts and finds the window's own size. O(1) plus a layout of the
  /// collection view at that size. ``screenReaderMode`` is on when the
  /// environment asks for it.
  public init(collectionView: CollectionView, size: TerminalSize = TerminalSize(width: 80, height: 24)) {
    self.collectionView = collectionView
    self.size = size
    screenReaderMode = Self.isScreenReaderModeRequested()
    collectionView.frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    // The status line's row, kept clear; an inset the app set stays otherwise.
    if screenReaderMode { updateInset() }
  }

  /// A screen with a collection view of its own, whose flow layout puts
  /// rows and items edge to edge (no line or item spacing: in a terminal
  /// one point is one character cell, and UIKit's default spacing of 10
  /// would be ten blank lines). Give the collection view a
  /// `ListDiffDataSource` and keep that data source: the collection view
  /// holds it weakly. O(1).
  public convenience init(size: TerminalSize = TerminalSize(width: 80, height: 24)) {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    let frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    self.init(collectionView: CollectionView(frame: frame, collectionViewLayout: layout), size: size)
  }

  /// A screen for the data source's collection view. O(1) plus a layout.
  public convenience init(dataSource: ListDiffDataSource, size: TerminalSize = TerminalSize(width: 80, height: 24)) {
    self.init(collectionView: dataSource.collectionView, size: size)
    self.dataSource = dataSource
    listenToList()
  }

  /// Hands `key` to the list, through the one key map lists share
  /// (`ListDiffDataSource/handleKey(_:)`, by ``Key/listKey``): ↑ ↓ PgUp PgDn
  /// Home End move the focus, Space toggles the focused item's selection,
  /// Shift+↑/↓ extend it, Enter taps the focused item, typed characters
  /// select by type, ← → collapse and expand a focused outline row (or go
  /// to its parent or first child) and move the focus along a focused
  /// carousel or grid. Returns whether the list used the key; false without
  /// a data source (``init(dataSource:size:)``), for a key lists do not
  /// use, for a typed character no row's type-select string starts with,
  /// and for the app's ``commandKeys``, which never reach the list: such a
  /// key is then the app's. O(that of the key's effect).
  /// ``actionMenuKey`` opens the focused item's actions as a menu
  /// (``actionMenu``), which then takes every key until it closes.
  @discardableResult
  public func handleListKey(_ key: Key) -> Bool {
    guard isLargeEnough, let dataSource else { return false }
    if actionMenu != nil {
      handleMenuKey(key)
      return true
    }
    if commandKeys.contains(key) { return false }
    if key == actionMenuKey { return openActionMenu() }
    guard let listKey = key.listKey else { return false }
    let used = dataSource.handleKey(listKey)
    collectionView.layoutIfNeeded()
    return used
  }

  /// Opens the focused item's actions (its leading ones, then its trailing
  /// ones) as ``actionMenu``; returns false, opening nothing, when nothing
  /// is focused or the item offers no action. O(the controller's work).
  @discardableResult
  public func openActionMenu() -> Bool {
    guard let dataSource, let item = dataSource.focusedItem else { return false }
    let actions = ListActionEdge.allCases.flatMap { dataSource.actions(for: item, edge: $0) }
    guard !actions.isEmpty else { return false }
    actionMenu = TerminalActionMenu(item: item, actions: actions)
    return true
  }

  /// Closes ``actionMenu`` without performing anything. O(1).
  public func closeActionMenu() {
    actionMenu = nil
  }

  private func handleMenuKey(_ key: Key) {
    guard var menu = actionMenu else { return }
    switch key {
    case .up: menu.highlighted = max(0, menu.highlighted - 1)
    case .down: menu.highlighted = min(menu.actions.count - 1, menu.highlighted + 1)
    case .enter:
      // Closed first: a root the handler sets is applied when it returns,
      // after the menu is gone.
      actionMenu = nil
      dataSource?.performAction(menu.actions[menu.highlighted].title, for: menu.item)
      collectionView.layoutIfNeeded()
      return
    case .escape, actionMenuKey:
      actionMenu = nil
      return
    default: break
    }
    actionMenu = menu
  }

  /// Where ``actionMenu`` is drawn: its first row (below the focused item,
  /// or above it when there is no room below) and its rows (plain in
  /// ``screenReaderMode``).
  private func menuPlacement() -> (row: Int, rows: [String])? {
    guard let menu = actionMenu else { return nil }
    let rows = menu.rows(width: size.width, plain: screenReaderMode)
    var anchor = (top: 0, bottom: 0)
    // The item by its whole identity: a partial path could name another.
    if let index = dataSource?.inspection.index(of: menu.item),
      let frame = collectionView.layoutAttributesForItem(at: IndexPath(item: index, section: 0))?.frame
    {
      let offset = collectionView.contentOffset.y
      anchor = (Int((frame.minY - offset).rounded(.down)), Int((frame.maxY - offset).rounded(.up)))
    }
    let first = anchor.bottom + rows.count <= listRows ? anchor.bottom : anchor.top - rows.count
    return (min(max(0, first), max(0, listRows - rows.count)), rows)
  }

  /// Whether standard input and output are both terminals and `TERM`
  /// names one that is not `dumb`: what decides between full screen and
  /// line mode. O(1).
  public static func isTerminal(environment: [String: String] = ProcessInfo.processInfo.environment) -> Bool {
    RawTerminal.isAvailable(environment: environment)
  }

  /// Whether the window is at least ``minimumSize``. O(1).
  public var isLargeEnough: Bool {
    size.width >= minimumSize.width && size.height >= minimumSize.height
  }

  /// Follows a new window size: the collection view takes it (unless it is
  /// under ``minimumSize``) and lays out again; when its frame changed, the
  /// focused item of the data source (``init(dataSource:size:)``) is
  /// scrolled into view, the least needed, since a lower window or rows
  /// wrapped anew at another width may have moved it out. O(visible
  /// items), or O(n) when the width changes and every item must be sized
  /// again.
  public func resize(to size: TerminalSize) {
    self.size = size
    guard isLargeEnough else { return }
    let frame = CGRect(x: 0, y: 0, width: size.width, height: size.height)
    let resized = collectionView.frame != frame
    if resized { collectionView.frame = frame }
    collectionView.layoutIfNeeded()
    // Setting the focus again reveals it, and changes nothing else.
    if resized, let dataSource, let focus = dataSource.focusedItem { dataSource.focusedItem = focus }
  }

  /// Does what the screen does itself for `event`, as ``events`` does
  /// before handing it to the app: a resize resizes the collection view; a
  /// left click on a list row focuses (with a data source) and selects the
  /// item under it (`selectItem(at:)`); the wheel scrolls ``wheelLines`` with
  /// `drag(by:)`. Keys and pastes are the app's. Use it to drive a screen
  /// in tests. In ``screenReaderMode``, an event clears from the status
  /// line what was announced before it. O(visible items) (a resize: see
  /// ``resize(to:)``).
  public func apply(_ event: TerminalEvent) {
    reader.clear()
    switch event {
    case .resize(let size): resize(to: size)
    case .mouse(let mouse): apply(mouse)
    case .key, .paste: break
    }
  }

  /// The item under `column`, `row` of the window (0-based), if a list
  /// row shows one there. O(log n).
  public func indexPathForItem(column: Int, row: Int) -> IndexPath? {
    guard isLargeEnough, row >= overlay.count, row < listRows, column >= 0, column < size.width else { return nil }
    collectionView.layoutIfNeeded()
    let offset = collectionView.contentOffset
    return collectionView.indexPathForItem(at: CGPoint(x: CGFloat(column) + offset.x, y: CGFloat(row) + offset.y))
  }

  /// What the terminal shows now: the collection view's `renderText()` at
  /// the window's size (trailing spaces trimmed, which the painter draws by
  /// erasing the rest of each row), ``overlay`` over its top rows and
  /// ``status`` on the bottom row, after a layout pass (which keeps the scroll
  /// position within the list, in case it got shorter).
  ///
  /// The cursor is left where the reader's attention is (see
  /// <doc:ScreenReaders>): in the line editor while ``statusCursorColumn``
  /// is set (shown); else on the highlighted action while ``actionMenu``
  /// is open; else at the start of the focused row's first line that
  /// shows (under no pinned header, overlay row or menu); else nowhere.
  /// Hidden but for the line editor, unless ``screenReaderMode`` is on:
  /// then it shows, and with nothing to sit on it sits at the start of the
  /// status line, where the last thing said is. In that mode the frame
  /// first puts VoiceOver's cursor on the keyboard focus if that moved,
  /// and the status line says what ``screenReaderMode`` says.
  /// O(visible cells × width).
  public func frame() -> TerminalFrame {
    guard isLargeEnough else {
      return TerminalFrame(
        lines: tooSmallLines(), cursor: screenReaderMode ? (0, 0) : nil, showsCursor: screenReaderMode)
    }
    if screenReaderMode { followKeyboardFocus() }
    // The layout pass keeps the offset within the content (the collection
    // view's one clamp), also when the list got shorter.
    collectionView.layoutIfNeeded()
    var lines = collectionView.renderText().split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    if lines.count > size.height { lines.removeLast(lines.count - size.height) }
    lines += Array(repeating: "", count: size.height - lines.count)
    for (row, line) in overlay.prefix(listRows).enumerated() {
      lines[row] = TerminalText.fit(line, width: size.width)
    }
    let menu = menuPlacement()
    if let (first, rows) = menu {
      for (offset, line) in rows.enumerated() where first + offset < listRows {
        lines[first + offset] = line
      }
    }
    if hasStatusLine {
      lines[size.height - 1] =
        screenReaderMode ? spokenStatus(width: size.width) : TerminalText.fit(status ?? "", width: size.width)
    }
    let covered = menu.map { $0.row..<($0.row + $0.rows.count) }
    let cursor = cursorPlace(menuRow: menu?.row, covered: covered)
    return TerminalFrame(lines: lines, cursor: cursor?.place, showsCursor: cursor?.shows ?? false)
  }

  /// Asks for a new frame although no event came: after a change made
  /// elsewhere (data loaded in the background, a timer). Safe at any time;
  /// the frame is drawn by the running ``events`` loop. O(1).
  public func setNeedsDisplay() {
    TerminalInputReader.shared.continuation.yield(.display)
  }

  /// Clears the terminal and draws every row on the next frame, as Ctrl-L
  /// does in a shell (another program may have written over the screen).
  /// O(1).
  public func redrawAll() {
    needsClear = true
  }

  /// The events of the terminal, for as long as the app iterates them;
  /// see ``TerminalScreen``. Iterate it once at a time.
  public var events: TerminalEvents { TerminalEvents(screen: self) }

  // MARK: - Internals

  /// Whether the bottom row is a status line: while ``status`` is set,
  /// and always in ``screenReaderMode``.
  var hasStatusLine: Bool { status != nil || screenReaderMode }

  /// The rows the list shows: all but the status line.
  var listRows: Int { size.height - (hasStatusLine ? 1 : 0) }

  private func apply(_ mouse: MouseEvent) {
    guard isLargeEnough else { return }
    // A click anywhere closes the menu; it selects nothing then.
    if actionMenu != nil, case .press = mouse.action {
      actionMenu = nil
      return
    }
    switch mouse.action {
    case .press(.left):
      if let indexPath = indexPathForItem(column: mouse.column, row: mouse.row) {
        // A click focuses the row too, where a data source keeps focus.
        if let dataSource, let identity = dataSource.inspection.itemIdentity(at: indexPath.item),
          dataSource.inspection.cellController(at: indexPath.item)?.canFocus == true
        {
          dataSource.focusedItem = identity
        }
        collectionView.selectItem(at: indexPath)
      }
    case .scrollUp: collectionView.drag(by: CGPoint(x: 0, y: -CGFloat(wheelLines)))
    case .scrollDown: collectionView.drag(by: CGPoint(x: 0, y: CGFloat(wheelLines)))
    case .press, .release: break
    }
  }

  /// What a window under ``minimumSize`` shows: "enlarge to W×H", on two
  /// lines when one is too narrow for it, or the size alone; cut only when
  /// not even the size fits.
  private func tooSmallLines() -> [String] {
    let needed = "\(minimumSize)"
    let width = max(1, size.width)
    let forms = [["enlarge to " + needed], ["enlarge to", needed], [needed]]
    let note =
      forms.first { $0.count <= max(1, size.height) && $0.allSatisfy { TerminalText.columns($0) <= width } }
      ?? [TerminalText.fit(needed, width: width)]
    return note + Array(repeating: "", count: max(0, size.height - note.count))
  }

  /// Keeps the last list row clear of the status line.
  private func updateInset() {
    var inset = collectionView.contentInset
    let bottom: CGFloat = hasStatusLine ? 1 : 0
    guard inset.bottom != bottom else { return }
    inset.bottom = bottom
    collectionView.contentInset = inset
  }
}
