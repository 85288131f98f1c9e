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
/// It owns which directories are open, the filter and the selection (the
/// collection view's, by row identifier, so it follows its row through
/// every change), and never touches a terminal: `main.swift` iterates
/// ``screen``'s events into ``handle(_:)``, and the tests do the same by
/// hand.
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
  private var expanded: Set<String> = []
  private var filter = ""
  /// The rows shown, in the collection view's order (one item each).
  public private(set) var rows: [FileRowViewModel] = []
  /// The selected row's identifier.
  public private(set) var selectedID: String?
  private var editor: LineEditor?

  /// A browser of `tree` on a screen of `size`, reading file sizes with
  /// `lstat` as rows come near the viewport. O(1).
  public convenience init(tree: FileTree, size: TerminalSize) {
    self.init(tree: tree, size: size, sizes: FileSizes(root: tree.root))
  }

  /// A browser whose rows read their sizes from `sizes`. O(1).
  public init(tree: FileTree, size: TerminalSize, sizes: FileSizes) {
    self.tree = tree
    screen = TerminalScreen(size: size)
    // One line per row: a directory of 100,000 files opens sizing only the
    // rows near the viewport.
    screen.collectionView.collectionViewLayout.estimatedItemSize =
      CGSize(width: size.width, height: 1)
    dataSource = ListDiffDataSource(collectionView: screen.collectionView, contextObjects: sizes)
    // Sizes are read for a screenful beyond each edge: a page key shows
    // them at once, and the rows far away are never read.
    dataSource.workingRangeSize = size.height
  }

  /// Shows the root directory with its first row selected. O(rows).
  public func start() async {
    await show()
    select(rows.first?.identifier)
  }

  /// Handles one event (already applied to ``screen``). O(rows) when the
  /// tree changes, else O(visible rows).
  public func handle(_ event: TerminalEvent) async -> Outcome {
    defer { present() }
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
      // The screen selected the row under a click; a click on the selected
      // directory opens or closes it.
      guard case .press(.left) = mouse.action else { return .continue }
      let clicked = screen.indexPathForItem(column: mouse.column, row: mouse.row).map { rows[$0.item].identifier }
      if let clicked, clicked == selectedID { await toggle() } else if let clicked { selectedID = clicked }
    case .resize(let size):
      screen.collectionView.collectionViewLayout.estimatedItemSize =
        CGSize(width: size.width, height: 1)
      dataSource.workingRangeSize = size.height
      reveal()
    case .paste: break
    }
    return .continue
  }

  private func handle(_ key: Key) async -> Outcome {
    switch key {
    case .character("q"), .control("c"): return .quit
    case .up, .character("k"): move(by: -1)
    case .down, .character("j"): move(by: 1)
    case .pageUp: move(by: -(screen.size.height - 2))
    case .pageDown: move(by: screen.size.height - 2)
    case .home: select(rows.first?.identifier)
    case .end: select(rows.last?.identifier)
    case .enter, .character(" "): await toggle()
    case .right, .character("l"): if selectedRow?.kind == .closedDirectory { await toggle() }
    case .left, .character("h"): await closeOrGoUp()
    case .character("/"): editor = LineEditor(text: filter)
    case .escape:
      guard !filter.isEmpty else { break }
      filter = ""
      await show()
    default: break
    }
    return .continue
  }

  // MARK: - Changes

  private var selectedRow: FileRowViewModel? { rows.first { $0.identifier == selectedID } }

  /// The directory path a row opens or closes.
  private func directoryPath(of row: FileRowViewModel) -> String? {
    switch row.kind {
    case .file: nil
    case .closedDirectory: row.identifier
    case .openDirectory: String(row.identifier.dropLast())
    }
  }

  private func toggle() async {
    guard let row = selectedRow, let path = directoryPath(of: row) else { return }
    if expanded.remove(path) == nil {
      expanded.insert(path)
      await show()
      select(path + "/")
    } else {
      await show()
      select(path)
    }
  }

  /// ← closes the selected open directory, or goes to the directory that
  /// holds the selected row.
  private func closeOrGoUp() async {
    guard let row = selectedRow else { return }
    if case .openDirectory = row.kind {
      await toggle()
      return
    }
    let parent = row.identifier.split(separator: "/").dropLast().joined(separator: "/")
    if !parent.isEmpty { select(parent + "/") }
  }

  private func move(by offset: Int) {
    guard !rows.isEmpty else { return }
    let current = rows.firstIndex { $0.identifier == selectedID } ?? 0
    select(rows[min(max(0, current + offset), rows.count - 1)].identifier)
  }

  /// Builds the tree's sections and waits until they are on screen; the
  /// selection stays on its row, or goes to the first.
  private func show() async {
    let filter = filter.lowercased()
    let built = FileSections.directory(
      "", name: tree.root.lastPathComponent, depth: 0, in: tree, expanded: expanded,
      matches: { filter.isEmpty || $0.lowercased().contains(filter) })
    rows = built.rows
    await dataSource.setRootSection(built.section)
    if !rows.contains(where: { $0.identifier == selectedID }) { selectedID = rows.first?.identifier }
    select(selectedID)
  }

  private func select(_ id: String?) {
    selectedID = id
    let collectionView = screen.collectionView
    guard let id, let index = rows.firstIndex(where: { $0.identifier == id }) else {
      for indexPath in collectionView.indexPathsForSelectedItems { collectionView.deselectItem(at: indexPath) }
      return
    }
    let indexPath = IndexPath(item: index, section: 0)
    if collectionView.indexPathsForSelectedItems != [indexPath] { collectionView.selectItem(at: indexPath) }
    reveal()
  }

  /// Scrolls the least needed to show the selected row at its own place in
  /// the tree, below the pinned headers of the directories that hold it
  /// (one line per level).
  ///
  /// An open directory's row may be drawn pinned far from its place (←
  /// from deep inside it selects it there). It is still taken to its
  /// place, as UIKit's `scrollToItem` takes an item to its place in the
  /// layout: that is where ↑ and ↓ go on from, so the rows around the
  /// selection are the ones the keys reach next.
  private func reveal() {
    guard let index = rows.firstIndex(where: { $0.identifier == selectedID }) else { return }
    let collectionView = screen.collectionView
    collectionView.layoutIfNeeded()
    // Every row is one line (`FileRowController.itemSize`), stacked from
    // the top: row `index` is laid out at line `index`, wherever a pinned
    // header row is drawn (`layoutAttributesForItem(at:)` reports that).
    let frame = CGRect(x: 0, y: CGFloat(index), width: CGFloat(screen.size.width), height: 1)
    let visible = CGFloat(max(1, screen.size.height - 1))
    let top = collectionView.contentOffset.y
    let pinned = CGFloat(rows[index].depth)
    if frame.minY < top + pinned {
      collectionView.setContentOffset(CGPoint(x: 0, y: max(0, frame.minY - pinned)), animated: false)
    } else if frame.maxY > top + visible {
      collectionView.setContentOffset(CGPoint(x: 0, y: frame.maxY - visible), animated: false)
    }
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
    let where_ = filter.isEmpty ? tree.root.path : "\(tree.root.path) · /\(filter) (esc clears)"
    screen.status = "\(where_) · \(rows.count) rows · ←→ close/open · / filter · q quit"
  }

  /// The first frame's status line, before any event. O(1).
  public func prepare() { present() }
}
