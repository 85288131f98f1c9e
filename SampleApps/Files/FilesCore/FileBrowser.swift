import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal

#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The `files` app: a file tree on a `TerminalScreen`, driven by events.
///
/// The tree is one `OutlineSection` (``FileSections/outline(_:filter:plain:)``):
/// which directories are open is the data source's (by row identity, kept
/// across roots), and so is the selected row: the data source's focus,
/// which selection follows, moved by the list's key map (↑ ↓ PgUp PgDn
/// Home End, ← → to close and open). The app keeps the filter, and never
/// touches a terminal: `main.swift` iterates ``screen``'s events into
/// ``handle(_:)``, and the tests do the same by hand. In the screen's
/// `screenReaderMode` (`files --screen-reader`) rows are drawn plain and
/// the status line says only the filter: the screen says what the
/// selected row is ("docs, folder, collapsed, 2 of 9").
@MainActor
public final class FileBrowser {
  /// What an event asks of the loop.
  public enum Outcome: Equatable, Sendable {
    /// Go on.
    case `continue`
    /// Leave the app.
    case quit
  }

  /// The terminal screen the tree is drawn on.
  public let screen: TerminalScreen
  /// The data source that diffs each new tree into the collection view.
  public let dataSource: ListDiffDataSource
  private let tree: FileTree
  private var filter = ""
  private var editor: LineEditor?
  /// The row focused before the event being handled: a click on it opens
  /// or closes it (the screen focuses the row under a click first).
  private var focusBefore: ListItemID?

  /// The selected row's identifier (its path), if any. O(1).
  public var selectedID: String? { dataSource.focusedItem?.identifier }
  /// The number of rows shown. O(1).
  public var rowCount: Int { dataSource.itemCount }

  /// A browser of `tree` on a screen of `size`, reading file sizes with
  /// `lstat` as rows come near the viewport. O(1).
  public convenience init(tree: FileTree, size: TerminalSize) {
    self.init(tree: tree, size: size, sizes: FileSizes(root: tree.root))
  }

  /// A browser whose rows read their sizes from `sizes`. O(1).
  public init(tree: FileTree, size: TerminalSize, sizes: FileSizes) {
    self.tree = tree
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    // One line per row: a directory of 100,000 files opens sizing only the
    // rows near the viewport.
    layout.estimatedItemSize = CGSize(width: size.width, height: 1)
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: size.width, height: size.height), collectionViewLayout: layout)
    dataSource = ListDiffDataSource(collectionView: collectionView, contextObjects: sizes)
    dataSource.selectionFollowsFocus = true
    // Sizes are read for a screenful beyond each edge: a page key shows
    // them at once, and the rows far away are never read.
    dataSource.workingRangeSize = size.height
    screen = TerminalScreen(dataSource: dataSource, size: size)
  }

  /// Shows the root directory with its first row selected. O(rows).
  public func start() async {
    await show()
    dataSource.moveFocus(.first)
    focusBefore = dataSource.focusedItem
  }

  /// Handles one event (already applied to ``screen``). O(rows) when the
  /// tree changes, else O(visible rows).
  public func handle(_ event: TerminalEvent) async -> Outcome {
    defer {
      focusBefore = dataSource.focusedItem
      present()
    }
    if var editing = editor {
      switch editing.handle(event) {
      case .editing: editor = editing
      case .cancelled: editor = nil
      case .confirmed(let text):
        editor = nil
        filter = text.trimmingCharacters(in: .whitespaces)
        await show()
      }
      return .continue
    }
    switch event {
    case .key(let key): return await handle(key)
    case .mouse(let mouse):
      // The screen focused and selected the row under a click; a click on
      // the row that was focused already opens or closes it.
      guard case .press(.left) = mouse.action,
        let indexPath = screen.indexPathForItem(column: mouse.column, row: mouse.row),
        indexPath.item < dataSource.itemCount, dataSource.focusedItem == focusBefore
      else { return .continue }
      toggle()
    case .resize(let size):
      screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: size.width, height: 1)
      dataSource.workingRangeSize = size.height
    case .paste: break
    }
    return .continue
  }

  private func handle(_ key: Key) async -> Outcome {
    switch key {
    case .character("q"), .control("c"): return .quit
    case .character("k"): screen.handleListKey(.up)
    case .character("j"): screen.handleListKey(.down)
    case .character("h"): screen.handleListKey(.left)
    case .character("l"): screen.handleListKey(.right)
    case .enter, .character(" "): toggle()
    case .character("/"): editor = LineEditor(text: filter)
    case .escape:
      guard !filter.isEmpty else { break }
      filter = ""
      await show()
    default: screen.handleListKey(key)
    }
    return .continue
  }

  /// Opens the focused directory, or closes it. A file is left as it is.
  private func toggle() {
    guard let focus = dataSource.focusedItem else { return }
    if dataSource.isExpanded(focus) {
      dataSource.collapse(focus)
    } else {
      dataSource.expand(focus)
    }
    screen.collectionView.layoutIfNeeded()
  }

  /// Shows the tree with the filter and waits until it is on screen; the
  /// focus stays on its row, or passes to the one now in its place.
  private func show() async {
    await dataSource.setRootSection(FileSections.outline(tree, filter: filter, plain: screen.screenReaderMode))
    if dataSource.focusedItem == nil { dataSource.moveFocus(.first) }
  }

  /// The status line: the filter being typed, or where the tree is and
  /// the keys.
  private func present() {
    if var editing = editor {
      let line = editing.line(label: "filter: ", width: screen.size.width)
      editor = editing
      screen.status = line.text
      screen.statusCursorColumn = line.cursorColumn
      return
    }
    screen.statusCursorColumn = nil
    if screen.screenReaderMode {
      // What is new only: the screen adds what the selected row is.
      screen.status = filter.isEmpty ? nil : "filtered by \(filter), escape clears"
      return
    }
    let where_ = filter.isEmpty ? tree.root.path : "\(tree.root.path) · /\(filter) (esc clears)"
    screen.status = "\(where_) · \(rowCount) rows · ←→ close/open · / filter · q quit"
  }

  /// The first frame's status line, before any event. O(1).
  public func prepare() { present() }
}
