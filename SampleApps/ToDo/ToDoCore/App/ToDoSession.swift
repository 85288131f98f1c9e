import Foundation
import ListDiffUI

/// The read–run–draw loop behind the `todo>` prompt.
///
/// For each line it parses a command, runs it against the store or the
/// screen, waits until the screen shows the result, and writes the new frame.
/// A command that fails writes one `error: …` line and changes nothing. The
/// loop ends at `quit` or at the end of input.
///
/// Every frame is printed in turn. Reading a script (not `interactive`),
/// each command is echoed after a `todo> ` prompt, so the output reads as a
/// transcript; typed at a terminal, the prompt waits for the line. Notes
/// are wrapped to the screen's width; an error is one line, never wrapped
/// (scripts read it). No escape codes are written: the
/// full-screen app is ``FullScreenSession``.
@MainActor
public final class ToDoSession {
  private let store: ToDoStore
  private let screen: ToDoScreen
  private let interactive: Bool
  private let write: (String) -> Void
  private let writeError: (String) -> Void
  private let currentWidth: (() -> Int)?
  /// The batch updates the data source applied since the last report, as
  /// its `updateHandler` hands them over; `nil` while diffs are off.
  private var appliedUpdates: [ListDiffUpdate]?
  /// With diffs on, the rows a drag (`mv`) moved on screen since the last
  /// report: the collection view moved each itself, in no batch.
  private var draggedRows: [(from: Int, to: Int)] = []
  /// The changes `undo` can put back.
  private var history = UndoHistory()
  /// Whether a command failed: the program then ends with a status that
  /// says so. O(1).
  public private(set) var hasFailed = false

  /// A session on `store`, drawn on `screen` (not yet started), writing
  /// frames and notes through `write` and the errors of failed commands
  /// through `writeError` (default: `write`). When given, `currentWidth` is
  /// asked before each command and each frame, and the screen follows it
  /// (a resized terminal). O(1).
  public init(
    store: ToDoStore, screen: ToDoScreen, interactive: Bool, currentWidth: (() -> Int)? = nil,
    writeError: ((String) -> Void)? = nil, write: @escaping (String) -> Void
  ) {
    self.store = store
    self.screen = screen
    self.interactive = interactive
    self.currentWidth = currentWidth
    self.write = write
    self.writeError = writeError ?? write
  }

  /// Runs the loop over `lines` until `quit` or their end, then finishes
  /// the store's stream and waits for the screen to stop. `notice` is shown
  /// under the first frame (for example, that a bad file was set aside).
  public func run(lines: AsyncStream<String>, notice: String? = nil) async {
    await start(notice: notice)
    for await line in lines {
      guard await handle(line) else { break }
    }
    await finish()
  }

  /// Starts the screen and writes the first frame, then `notice` if any,
  /// then the prompt.
  public func start(notice: String? = nil) async {
    screen.start()
    await screen.waitUntilShown(await store.snapshot.revision)
    drawFrame()
    if let notice { say("note: ", notice) }
    prompt()
  }

  /// Runs one input line and writes what it produced: a frame, a message or
  /// an error, then the next prompt. Returns `false` for `quit`.
  public func handle(_ line: String) async -> Bool {
    if !interactive { write("todo> \(ToDoText.escapingControlCharacters(line))\n") }
    followWidth()
    do {
      guard let command = try ToDoCommand(parsing: line) else {
        prompt()
        return true
      }
      if command == .quit { return false }
      let before = await store.snapshot.items
      try await perform(command)
      if command != .undo { history.record(before: before, after: await store.snapshot.items) }
    } catch {
      hasFailed = true
      // One line, never wrapped: scripts read it, and a terminal wraps it
      // by itself.
      writeError("error: \(error.description)\n")
    }
    prompt()
    return true
  }

  /// Ends the session: finishes the store's stream and waits for the
  /// screen to draw its last snapshot.
  public func finish() async {
    if interactive { write("\n") }
    await store.finish()
    await screen.waitUntilFinished()
  }

  private func perform(_ command: ToDoCommand) async throws(ToDoError) {
    switch command {
    case .add(let title):
      let item = try await store.add(title: title)
      await showLatest()
      if let number = await store.snapshot.number(ofItemWithID: item.id) {
        // Scrolling to it is a courtesy: the item is added either way.
        try? await screen.reveal(number: number)
        drawFrame()
      } else {
        drawFrame()
        write("note: added, but the filter hides it — filter all shows it\n")
      }
      reportBatch()
      return
    case .done(let item): try await store.complete(number: try await number(of: item))
    case .reopen(let item): try await store.reopen(number: try await number(of: item))
    case .undo:
      guard let last = history.takeLast() else {
        write("note: nothing to undo\n")
        return
      }
      do throws(ToDoError) {
        try await store.restore(last.items)
      } catch {
        history.putBack(last)
        throw error
      }
      await showLatest()
      drawFrame()
      write("note: \(history.message(again: "undo"))\n")
      reportBatch()
      return
    case .search(let text): await store.setSearch(text)
    case .edit(let item, let title): try await store.edit(number: try await number(of: item), title: title)
    case .note(let item, let text): try await store.setNotes(number: try await number(of: item), notes: text)
    case .remove(let item): try await store.remove(number: try await number(of: item))
    case .move(let from, let to):
      // A drag, as J and K are: the collection view's interactive movement
      // from item N's place to item M's, saved from what `moveHandler`
      // reports.
      let snapshot = await store.snapshot
      let number = try snapshot.number(of: from)
      let (moving, target) = (try snapshot.item(number: number), try snapshot.item(number: to))
      guard moving.isDone == target.isDone else { throw .moveAcrossSections(from: number, to: to) }
      let fromRow = screen.row(id: moving.id)
      try await screen.drag(id: moving.id, over: target.id)
      if appliedUpdates != nil, let fromRow, let toRow = screen.row(id: moving.id), fromRow != toRow {
        draggedRows.append((fromRow, toRow))
      }
    case .clearCompleted: try await store.clearCompleted()
    case .filter(let filter): await store.setFilter(filter)
    case .showIDs(let on): await store.setShowsIDs(on)
    case .select(let item): try await screen.select(number: try await number(of: item))
    case .expand(let item), .collapse(let item):
      let number = try await number(of: item)
      let changed = try await screen.setExpanded(command == .expand(item), number: number)
      drawFrame()
      if appliedUpdates != nil {
        write(
          changed
            ? "diff: no batch update — item \(number)'s controller changed its view state and re-sized its cell\n"
            : "diff: no change\n")
      }
      return
    case .scroll(let direction):
      screen.scroll(direction)
      drawFrame()
      return
    case .showDiffs(let on):
      showDiffs(on)
      write(on ? "diff: on — each change prints the batch update it applied\n" : "diff: off\n")
      return
    case .help:
      write(Self.helpText(width: screen.width))
      return
    case .quit:
      return
    }
    await showLatest()
    drawFrame()
    reportBatch()
  }

  /// Starts or stops collecting the batch updates the screen's data source
  /// applies. Each is reported by the data source itself, after it applied
  /// the batch, so what `diff on` prints is what the collection view got.
  private func showDiffs(_ on: Bool) {
    if on {
      appliedUpdates = []
      screen.dataSource.updateHandler = { [weak self] update in
        self?.appliedUpdates?.append(update)
      }
    } else {
      appliedUpdates = nil
      screen.dataSource.updateHandler = nil
    }
  }

  /// With `diff on`, prints each batch update applied since the last report
  /// (one per new snapshot shown), or that nothing changed on screen.
  private func reportBatch() {
    guard let updates = appliedUpdates else { return }
    appliedUpdates = []
    for (from, to) in draggedRows {
      write("diff: dragged row \(from) to \(to) — the collection view moved it, in no batch\n")
    }
    if updates.isEmpty && draggedRows.isEmpty { write("diff: no change\n") }
    draggedRows = []
    for update in updates { write("diff: \(update)\n") }
  }

  /// Waits until the screen shows the store's current state.
  private func showLatest() async {
    await screen.waitUntilShown(await store.snapshot.revision)
  }

  /// The on-screen number of the item `reference` names, in the store's
  /// current snapshot (which the screen shows between commands).
  private func number(of reference: ToDoItemReference) async throws(ToDoError) -> Int {
    try await store.snapshot.number(of: reference)
  }

  /// Writes `label` and `message`, wrapped to the screen's width with the
  /// lines after the first indented.
  private func say(_ label: String, _ message: String) {
    let lines = ToDoLines.paragraph(
      message, width: screen.width, first: label, rest: String(repeating: " ", count: label.count))
    write(lines.joined(separator: "\n") + "\n")
  }

  private func followWidth() {
    if let width = currentWidth?() { screen.resize(width: width) }
  }

  private func drawFrame() {
    followWidth()
    write(screen.frame() + "\n")
    if let lines = screen.visibleLines {
      let position = "(lines \(lines.first)–\(lines.last) of \(lines.total) · scroll up|down|top|bottom)"
      write(ToDoLines.paragraph(position, width: screen.width).joined(separator: "\n") + "\n")
    }
  }

  private func prompt() {
    if interactive { write("todo> ") }
  }

  /// What `help` prints at `width` columns: every command with a line
  /// about it, wrapped, or under it when the screen is narrow.
  static func helpText(width: Int) -> String {
    let title = ToDoLines.paragraph("commands (N is the number shown beside an item, or @ID):", width: width)
    return (title + ToDoLines.table(ToDoCommand.reference, width: width)).joined(separator: "\n") + "\n"
  }
}
