import Foundation
import ListDiffUI
import ListDiffUITerminal

/// The full-screen to-do app as a state machine: keys in, frames out.
///
/// It owns what a person does — whether a line editor or the help panel
/// is open, the undo history, the one-line footer — and presents it on the
/// screen's `TerminalScreen` (``terminal``): the footer as its status
/// line, panels as its overlay. ``ToDoProgram`` runs the terminal's event
/// loop; this type never touches a terminal, so it is tested by handing it
/// events and reading ``frame()``. Focus and selection are the data
/// source's (keys reach them through `TerminalScreen.handleListKey`); while
/// items are selected, Space and `d` act on all of them as one change.
///
/// For a screen reader (`todo --screen-reader`) the terminal screen is in
/// its screen-reader mode (the cursor on the focused row, what VoiceOver
/// would say on the footer), every change is announced (the data source's
/// `announcesUpdates`), the panels are drawn without boxes, and the footer
/// says only what is new — a message, the selection's count — with no
/// list of keys (`?` lists them).
@MainActor
public final class FullScreenApp {
  /// What a key asks of the terminal besides a new frame.
  public enum Outcome: Equatable, Sendable {
    /// Draw the next frame.
    case redraw
    /// Clear the screen and draw everything (Ctrl-L).
    case redrawAll
    /// Leave the app.
    case quit
  }

  /// What the keys currently edit.
  enum Field: Equatable {
    case add
    case title(id: String)
    case notes(id: String)
    case search

    var label: String {
      switch self {
      case .add: "add: "
      case .title: "title: "
      case .notes: "notes: "
      case .search: "search: "
      }
    }
  }

  enum Mode {
    case browsing
    case editing(Field, LineEditor)
    /// The keys, their lines shown from `top` (see ``FullScreenKeys``).
    case help(top: Int)
    /// A note too long for the footer, in a panel until a key.
    case note(String)
  }

  /// The smallest terminal the app draws in.
  public static let minimumSize = TerminalSize(width: 20, height: 5)

  let store: ToDoStore
  let screen: ToDoScreen
  /// The terminal screen the app presents on: ``screen``'s, with the
  /// footer as its status line.
  public var terminal: TerminalScreen { screen.terminal }
  private var mode = Mode.browsing
  /// The id of the item the keys act on: the data source's focused item,
  /// if any (see ``ToDoScreen/focus(id:)``). O(1).
  public var selectedID: String? { screen.dataSource.focusedItem?.identifier }
  /// The snapshot on screen.
  var shown: ToDoSnapshot
  /// Items before each change, newest last, with the item selected then.
  var history = UndoHistory()
  private var histories: [String: [String]] = [:]
  /// One line for the footer until the next key: an error, or what
  /// happened.
  var message: String?
  /// Actions chosen from an item's menu, under way: the key that chose
  /// them waits for them.
  private var chosenActions: [Task<Void, Never>] = []
  /// The terminal's width in columns; see ``resize(width:height:)``.
  public var width: Int { terminal.size.width }
  /// The terminal's height in rows: the list takes all but the last.
  public var height: Int { terminal.size.height }
  /// Whether the app draws for a screen reader (see ``init(store:screen:width:height:screenReader:)``).
  public let screenReader: Bool

  /// An app over `store`, drawn on `screen` (made with `showsCommands:
  /// false` and `coveredLines: 1`, for the footer; not yet started, and
  /// `plain` with `screenReader`), in a terminal `width` × `height`; for a
  /// screen reader when `screenReader` (the terminal screen's
  /// `screenReaderMode` is set to it either way). O(1).
  public init(store: ToDoStore, screen: ToDoScreen, width: Int, height: Int, screenReader: Bool = false) {
    self.store = store
    self.screen = screen
    self.screenReader = screenReader
    screen.terminal.screenReaderMode = screenReader
    screen.terminal.minimumSize = Self.minimumSize
    screen.resize(width: width, height: height)
    shown = ToDoSnapshot(items: [])
    screen.actionHandler = { [weak self] action, id in
      self?.chosenActions.append(Task { [weak self] in await self?.perform(action, on: [id]) })
    }
    screen.dataSource.allowsMultipleSelection = true
    screen.dataSource.allowsSelection = false  // on only for the keys that select
    present()
  }

  /// Starts the screen, waits for the first snapshot to show, focuses the
  /// first item and shows `notice` in the footer — or, when it is longer
  /// than the footer, wrapped in a panel over the list until a key. With
  /// no notice, `status` (cut to the width) is the first footer. O(n).
  public func start(notice: String? = nil, status: String? = nil) async {
    screen.start()
    await showLatest()
    // Every change from here on, not the list's arrival ("2 items added").
    screen.dataSource.announcesUpdates = screenReader
    if let notice, TerminalText.columns(notice) > width {
      mode = .note(notice)
    } else {
      message = notice ?? status
    }
    present()
  }

  /// Ends the app: finishes the store's stream and waits for the screen to
  /// draw its last snapshot.
  public func finish() async {
    await store.finish()
    await screen.waitUntilFinished()
  }

  /// Follows the terminal's new size (the terminal screen keeps the focused
  /// item in view). O(n) in the items when the width changes.
  public func resize(width: Int, height: Int) {
    screen.resize(width: width, height: height)
    present()
  }

  /// Handles one event from the terminal: a key or a paste as ``handle(_:)-(Key)``
  /// does; a resize by following it; a click, on which the screen already
  /// focused the row under it (without toggling it), by clearing the
  /// footer's message; the wheel by nothing more than the scroll the
  /// screen made. Returns once any change is saved and on screen.
  public func handle(_ event: TerminalEvent) async -> Outcome {
    defer { present() }
    switch event {
    case .key(let key):
      return await handle(key: key)
    case .paste(let pasted):
      guard case .editing(let field, var editor) = mode else { return .redraw }
      let before = editor.text.count
      _ = editor.handle(event)
      mode = .editing(field, editor)
      // What the editor would have inserted without a limit (as it cleans
      // a paste) against what it did: a cut paste says so until a key.
      let wanted = pasted.unicodeScalars.compactMap { scalar -> Unicode.Scalar? in
        "\t\n\r".unicodeScalars.contains(scalar) ? " " : TerminalText.isControl(scalar) ? nil : scalar
      }
      let over = String(String.UnicodeScalarView(wanted)).count - (editor.text.count - before)
      if let limit = editor.limit, editor.text.count == limit, over > 0 {
        message = "paste cut: \(over) over the limit of \(limit)"
      }
      return .redraw
    case .resize(let size):
      resize(width: size.width, height: size.height)
      return .redraw
    case .mouse(let mouse):
      if case .browsing = mode, mouse.action == .press(.left) { message = nil }
      return .redraw
    }
  }

  /// Handles one key: returns once any change it made is saved and on
  /// screen. In the list, a key it does not use is answered with one line
  /// in the footer (Escape only clears it); in help, a note or the line
  /// editor, keys they do not use are ignored.
  public func handle(_ key: Key) async -> Outcome {
    await handle(.key(key))
  }

  private func handle(key: Key) async -> Outcome {
    if key == .control("l") { return .redrawAll }
    guard terminal.isLargeEnough else { return key == .control("c") || key == .character("q") ? .quit : .redraw }
    switch mode {
    case .help(let top):
      // A panel taller than the window scrolls; any other key closes it.
      let page = FullScreenKeys.helpPanel(width: min(width, 72), height: height - 1, top: top, plain: screenReader).page
      let step: Int? =
        switch key {
        case .up, .character("k"): -1
        case .down, .character("j"): 1
        case .pageUp: -page
        case .pageDown: page
        case .home: -top
        case .end: Int.max / 2
        default: nil
        }
      if page > 0, let step { mode = .help(top: top + step) } else { mode = .browsing }
      return .redraw
    case .note:
      mode = .browsing
      return .redraw
    case .editing(let field, var editor):
      message = nil
      switch editor.handle(key) {
      case .editing: mode = .editing(field, editor)
      case .cancelled: mode = .browsing
      case .confirmed(let text):
        mode = .browsing
        remember(text, for: field)
        await confirm(text, in: field)
      }
      return .redraw
    case .browsing:
      message = nil
      return await browse(key)
    }
  }

  /// The frame for the terminal's current size: the collection view's
  /// `renderText()` at exactly that size, any help panel over the list, and
  /// the footer over the last row (the collection's bottom inset), with the
  /// cursor in the line editor while one is open. O(width × height).
  public func frame() -> TerminalFrame {
    present()
    return terminal.frame()
  }

  /// Puts the footer, the line editor and the help panel on ``terminal``.
  private func present() {
    terminal.overlay = []
    terminal.statusCursorColumn = nil
    switch mode {
    case .help(let top):
      let panel = FullScreenKeys.helpPanel(width: min(width, 72), height: height - 1, top: top, plain: screenReader)
      mode = .help(top: panel.top)
      terminal.overlay = panel.rows
      terminal.status = screenReader ? nil : FullScreenKeys.footer(width: width)
    case .note(let note):
      terminal.overlay = FullScreenKeys.notePanel(note, width: width, height: height - 1, plain: screenReader)
      terminal.status = screenReader ? nil : FullScreenKeys.footer(width: width)
    case .editing(let field, var editor):
      let line = field.line(editing: &editor, width: width, note: message)
      mode = .editing(field, editor)
      terminal.status = line.text
      terminal.statusCursorColumn = line.cursorColumn
    case .browsing where terminal.actionMenu != nil:
      // A screen reader hears the highlighted action from the screen.
      terminal.status = screenReader ? nil : TerminalText.fit("↑↓ choose · enter does it · esc closes", width: width)
    case .browsing where screenReader:
      // What is new only: the screen adds what the focused row is.
      let count = screen.dataSource.selection.count
      terminal.status = message ?? (count > 0 ? "\(count) selected" : nil)
    case .browsing:
      let count = screen.dataSource.selection.count
      let selection = "\(count) selected · space done · d delete · esc clears"
      terminal.status = TerminalText.fit(message ?? (count > 0 ? selection : FullScreenKeys.footer(width: width)), width: width)
    }
  }

  // MARK: - Browsing

  private func browse(_ key: Key) async -> Outcome {
    if key == .control("c") { return .quit }
    // Tab opens the focused item's actions as the terminal screen's menu,
    // which takes every key until it closes; Enter there performs one.
    if terminal.actionMenu != nil || key == terminal.actionMenuKey {
      if !terminal.handleListKey(key) { message = "nothing to act on — a adds an item" }
      for action in chosenActions { await action.value }
      chosenActions.removeAll()
      return .redraw
    }
    // The keys that act on items answer, on a list with none shown, in
    // one line (an empty list, or a search that matches nothing).
    if shown.shownItems.isEmpty && Self.itemKeys.contains(key) {
      message = shown.search.isEmpty ? "nothing to act on — a adds an item" : "nothing matches — / changes the search"
      return .redraw
    }
    switch key {
    case .character("q"): return .quit
    // The list's own keys move the focus (the data source's moveFocus).
    case .up, .down, .pageUp, .pageDown, .home, .end: terminal.handleListKey(key)
    case .character("k"): terminal.handleListKey(.up)
    case .character("j"): terminal.handleListKey(.down)
    case .character("?"): mode = .help(top: 0)
    case .character("a"): edit(.add, text: "")
    case .character("/"): edit(.search, text: shown.search)
    case .enter:
      if let id = selectedID { _ = try? screen.setExpanded(nil, id: id) }
    case .character(" "): await perform(.toggleDone, on: selectedIDs)
    case .character("e"): await perform(.editTitle, on: focusedIDs)
    case .character("n"): await perform(.editNotes, on: focusedIDs)
    case .character("d"): await perform(.delete, on: selectedIDs)
    // The list's selection keys: Shift+arrows extend, its Space toggles.
    case .modified(.up, .shift), .modified(.down, .shift): selecting { terminal.handleListKey(key) }
    case .character("x"): selecting { screen.dataSource.handleKey(.space) }
    case .character("J"): await reorder(by: 1)
    case .character("K"): await reorder(by: -1)
    case .character("u"):
      await undo()
    case .escape: screen.dataSource.deselectAll()  // and the footer's message, as any key does
    default:
      message = FullScreenKeys.unused(key)
    }
    return .redraw
  }

  /// The keys that move the focus or act on the focused or selected
  /// items.
  private static let itemKeys: Set<Key> = [
    .up, .down, .pageUp, .pageDown, .home, .end, .character("k"), .character("j"), .enter, .character(" "),
    .character("e"), .character("n"), .character("d"), .character("x"), .character("J"), .character("K"),
    .modified(.up, .shift), .modified(.down, .shift),
  ]

  /// The focused item's id, if any, as a set. O(1).
  private var focusedIDs: Set<String> { Set([selectedID].compactMap { $0 }) }

  /// The ids Space and `d` act on: the selected items', when any is
  /// selected, else the focused one's. O(s) for *s* selected items.
  private var selectedIDs: Set<String> {
    let selection = Set(screen.dataSource.selection.map(\.identifier))
    return selection.isEmpty ? focusedIDs : selection
  }

  /// Runs `body` with the data source's selection on, as the keys that
  /// select need it; a click (a tap) finds it off. O(1) plus `body`.
  private func selecting(_ body: () -> Void) {
    screen.dataSource.allowsSelection = true
    body()
    screen.dataSource.allowsSelection = false
  }

  /// Does `action` to the items with `ids`, for a key (Space, `d`: the
  /// selection or the focused item; `e`, `n`: the focused item) or an
  /// item's menu: marks them done or open, or deletes them, as one change
  /// `u` undoes, or opens the line editor on the first one's title or
  /// notes. Nothing for items not shown. Returns once a change is saved
  /// and on screen. O(n).
  func perform(_ action: ToDoItemAction, on ids: Set<String>) async {
    let items = shown.shownItems.filter { ids.contains($0.id) }
    guard let item = items.first else { return }
    let ids = Set(items.map(\.id))
    switch action {
    case .toggleDone: await change { (store) throws(ToDoError) in try await store.toggleDone(ids: ids) }
    case .editTitle: edit(.title(id: item.id), text: item.title)
    case .editNotes: edit(.notes(id: item.id), text: item.notes)
    case .delete:
      await change { (store) throws(ToDoError) in try await store.remove(ids: ids) }
      if !shown.items.contains(where: { ids.contains($0.id) }) {
        message = "deleted " + (items.count == 1 ? "“\(item.title)”" : "\(items.count) items") + " — u undoes"
      }
    }
  }

  /// Drags the selected item one place down (`by: 1`) or up (`by: -1`)
  /// through the collection view's interactive movement, as a finger
  /// would; the screen saves the move the data source reports, and `u`
  /// undoes it. A drag that cannot go there (the first or last of its
  /// section: the list keeps an item in its section) says why in one line.
  private func reorder(by offset: Int) async {
    guard let item = shown.shownItems.first(where: { $0.id == selectedID }) else { return }
    guard shown.search.isEmpty else {
      message = ToDoError.reorderWhileSearching.fullScreenDescription
      return
    }
    let screen = screen
    var moved = false
    await change { (_) throws(ToDoError) in moved = try await screen.drag(id: item.id, by: offset) }
    guard !moved, message == nil else { return }
    // The data source steered the drag back to where it began: say why.
    let up = offset < 0
    switch (up, item.isDone) {
    case (true, false): message = "already the first item — nothing moved"
    case (true, true): message = "already the first completed item — space reopens it"
    case (false, false) where shown.doneCount > 0 && shown.filter.shows(isDone: true):
      message = "already the last open item — space marks it done"
    case (false, _): message = "already the last item — nothing moved"
    }
  }

  private func edit(_ field: Field, text: String) {
    mode = .editing(field, LineEditor(text: text, history: histories[field.historyKey] ?? [], limit: field.limit))
  }

  private func remember(_ text: String, for field: Field) {
    guard !text.isEmpty else { return }
    var history = histories[field.historyKey] ?? []
    if history.last != text { history.append(text) }
    histories[field.historyKey] = Array(history.suffix(50))
  }

  private func confirm(_ text: String, in field: Field) async {
    switch field {
    case .add:
      var added: String?
      await change { (store) throws(ToDoError) in added = try await store.add(title: text).id }
      if let added, !screen.focus(id: added) { message = "added, but the search or filter hides it" }
    case .title(let id): await change { (store) throws(ToDoError) in try await store.edit(id: id, title: text) }
    case .notes(let id): await change { (store) throws(ToDoError) in try await store.setNotes(id: id, notes: text) }
    case .search:
      await store.setSearch(text.trimmingCharacters(in: .whitespaces))
      await showLatest()
    }
  }

  // MARK: - Screen

  /// Waits for the store's latest state to be on screen (the data source
  /// has carried the focus through it), then keeps the focus in view.
  func showLatest() async {
    shown = await store.snapshot
    await screen.waitUntilShown(shown.revision)
    revealFocus()
  }

  /// Shows the focused item, scrolling the least needed (not at all when
  /// it shows, as after a change that passed the focus to the item in its
  /// place); with no focus, focuses the first item in view. O(n) at worst
  /// to find the item.
  private func revealFocus() {
    let dataSource = screen.dataSource
    if let focus = dataSource.focusedItem {
      dataSource.focusedItem = focus
    } else {
      dataSource.moveFocus(.down)
    }
  }
}

extension FullScreenApp.Field {
  /// The most characters the field takes: the store refuses more.
  var limit: Int? {
    switch self {
    case .add, .title: ToDoText.titleLimit
    case .notes: ToDoText.notesLimit
    case .search: nil
    }
  }

  /// The footer while the field is edited: its label, the text around the
  /// cursor and, at the right, `note` or, for a limited field, how many
  /// characters are used of how many (`12/500`). A note with no room
  /// beside the text is the whole line (the cursor, hidden, at its end).
  func line(editing editor: inout LineEditor, width: Int, note: String? = nil) -> (text: String, cursorColumn: Int?) {
    guard let count = note.map({ " " + $0 }) ?? limit.map({ " \(editor.text.count)/\($0)" }) else {
      return editor.line(label: label, width: width)
    }
    let room = width - TerminalText.columns(count)
    if room < 10, let note { return (TerminalText.fit(note, width: width), nil) }
    guard room >= 10 else { return editor.line(label: label, width: width) }
    let line = editor.line(label: label, width: room)
    let gap = String(repeating: " ", count: max(0, room - TerminalText.columns(line.text)))
    return (line.text + gap + count, line.cursorColumn)
  }

  /// Titles share a history (adding and editing), as do notes and
  /// searches.
  var historyKey: String {
    switch self {
    case .add, .title: "title"
    case .notes: "notes"
    case .search: "search"
    }
  }
}
