import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal

/// One row of the file tree: a file, a directory (open or closed), or a
/// link to a directory that holds it (shown, never opened).
public struct FileRowViewModel: ListViewModel, Equatable {
  /// The row's path from the root (through links, as the tree shows it):
  /// its identity, the same whether the directory is open or closed.
  public var identifier: String
  /// The name shown.
  public var name: String
  /// How deep in the tree: the root's entries are at 0.
  public var depth: Int
  /// What the row is.
  public var kind: Kind
  /// What a symbolic link points to, shown after its name; nil for others.
  public var linkTarget: String?
  /// Whether it is a symbolic link to nothing, marked `(broken)`.
  public var isBrokenLink: Bool
  /// Whether it is drawn plain, for a screen reader (see ``text``).
  public var isPlain: Bool

  /// What a row shows.
  public enum Kind: Equatable, Sendable {
    /// A file (or a link to one).
    case file
    /// A directory, collapsed.
    case closedDirectory
    /// An expanded directory, with how many entries it holds.
    case openDirectory(count: Int)
    /// A link to a directory that holds it: opening it would show the
    /// tree inside itself forever, so it does not open.
    case loop
  }

  /// A row for `node` as the outline places it (`row`); `count` is the
  /// number of entries of an open directory; drawn plain when `plain`.
  /// O(1).
  public init(_ node: FileNode, row: ListOutlineRow, count: Int, plain: Bool = false) {
    isPlain = plain
    identifier = node.path
    name = node.name
    depth = row.depth
    linkTarget = node.linkTarget
    isBrokenLink = node.isBrokenLink
    if !node.isDirectory {
      kind = .file
    } else if !row.hasChildren {
      kind = .loop
    } else {
      kind = row.isExpanded ? .openDirectory(count: count) : .closedDirectory
    }
  }

  /// The row's text, without the selection marker: `name -> target` for a
  /// link, and `(broken)` after a link to nothing. Plain (for a screen
  /// reader): the indent and the name, then what the marks say, in words
  /// (`docs, folder, expanded, 4 entries`; `notes, link to
  /// ../shared/notes.md`), with no `▸`, `▾`, `/` or arrow. O(name).
  public var text: String {
    let indent = String(repeating: "  ", count: depth)
    if isPlain {
      let details = spokenDetails(withSize: nil)
      return indent + ([name] + (kind == .file ? details.dropFirst() : details[...])).joined(separator: ", ")
    }
    let link = linkTarget.map { " -> " + $0 } ?? ""
    switch kind {
    case .file: return indent + "  " + name + link + (isBrokenLink ? "  (broken)" : "")
    case .closedDirectory: return indent + "▸ " + name + "/" + link
    case .openDirectory(let count):
      return indent + "▾ " + name + "/" + link + (count == 1 ? "  1 entry" : "  \(count) entries")
    case .loop: return indent + "  " + name + "/" + link + "  (loop)"
    }
  }

  /// What VoiceOver says of the row after its name (its accessibility
  /// value): "folder, collapsed", "folder, expanded, 4 entries", "folder,
  /// link to ../x, loop", "file, 12 KB", "file, size unreadable", "file,
  /// link to a.txt", "file, link to gone, broken"; a file's size once read.
  /// O(target).
  public func accessibilityValue(size: FileRowState.Size) -> String {
    spokenDetails(withSize: size).joined(separator: ", ")
  }

  /// The words for the kind, the link and the state, in that order; a
  /// file's `size` last when known.
  private func spokenDetails(withSize size: FileRowState.Size?) -> [String] {
    let link = linkTarget.map { ["link to " + $0] } ?? []
    switch kind {
    case .file:
      let sizeWords: [String] =
        switch size {
        case .bytes(let bytes)?: [FileSizes.format(bytes)]
        case .unreadable?: ["size unreadable"]
        case .unknown?, nil: []
        }
      return ["file"] + link + (isBrokenLink ? ["broken"] : []) + sizeWords
    case .closedDirectory: return ["folder"] + link + ["collapsed"]
    case .openDirectory(let count):
      return ["folder"] + link + ["expanded", count == 1 ? "1 entry" : "\(count) entries"]
    case .loop: return ["folder"] + link + ["loop"]
    }
  }
}

/// One node of the tree as the outline walks it: an entry and its path.
public struct FileNode: Sendable, Hashable {
  /// The path from the root, through links: the row's identity.
  public var path: String
  /// The entry's name.
  public var name: String
  /// Whether it is a directory, or a link to one.
  public var isDirectory: Bool
  /// A symbolic link's target; nil for others.
  public var linkTarget: String?
  /// Whether it is a symbolic link to nothing.
  public var isBrokenLink: Bool

  /// The node of `entry` in the directory `parent`. O(path).
  public init(_ entry: FileEntry, in parent: String) {
    path = FileTree.path(parent, entry.name)
    name = entry.name
    isDirectory = entry.isDirectory
    linkTarget = entry.linkTarget
    isBrokenLink = entry.isBrokenLink
  }
}

/// What a file row's controller knows about its file beyond the view
/// model: its size, once read.
public struct FileRowState: ListViewState, Equatable {
  /// The file's size.
  public var size: Size

  /// Where a row's size stands.
  public enum Size: Equatable, Sendable {
    /// Not read yet (the row has not come near the viewport).
    case unknown
    /// Read: this many bytes.
    case bytes(Int64)
    /// The file could not be read (removed since, or no permission).
    case unreadable
  }

  /// Not read yet. O(1).
  public init() { size = .unknown }

  /// A state with `size`. O(1).
  public init(size: Size) { self.size = size }

  /// The size as the row shows it: blank until read. O(1).
  public var text: String {
    switch size {
    case .unknown: ""
    case .bytes(let bytes): FileSizes.format(bytes)
    case .unreadable: "?"
    }
  }
}

/// A one-line cell; the selection marker is drawn from `isSelected`, which
/// the collection view sets when a key or a click selects the row.
public final class FileRowCell: ListCell {
  /// The row's text.
  public var text = ""
  /// Shown at the right edge (a file's size), or empty.
  public var detail = ""
  /// The row's identifier (see ``FileRowViewModel/identifier``).
  public var identifier: String?
  /// Whether the row is drawn plain (no selection mark: the terminal's
  /// cursor is on the selected row).
  public var isPlain = false

  /// `›` when selected (a space when plain), then the text, and the
  /// detail against the right edge (after two spaces, when the line is too
  /// narrow). O(width).
  public override var textRepresentation: String {
    let line = (isSelected && !isPlain ? "›" : " ") + text
    guard !detail.isEmpty else { return line }
    let gap = max(2, Int(bounds.width) - line.count - detail.count)
    return line + String(repeating: " ", count: gap) + detail
  }
}

/// Sizes a row (one line) and fills its cell; a file row reads its file's
/// size when it enters the data source's working range (through the
/// ``FileSizes`` in its context) and shows it once read.
public final class FileRowController: ListCellController<FileRowViewModel, FileRowState, FileRowCell> {
  /// The size being read, while the row is in the working range.
  private var reading: Task<Void, Never>?

  /// One full-width line. O(1).
  public override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }

  /// The row's text and size, and what VoiceOver says of it: "docs,
  /// folder, collapsed, 2 of 9" (its name the label, the rest the value).
  /// O(name).
  public override func configureCell(cell: FileRowCell) {
    cell.text = viewModel.text
    cell.detail = viewState.text
    cell.identifier = viewModel.identifier
    cell.isPlain = viewModel.isPlain
    cell.accessibilityLabel = viewModel.name
    cell.accessibilityValue = viewModel.accessibilityValue(size: viewState.size)
  }

  /// Starts reading the file's size, unless it is known or being read.
  /// The view state keeps it while the row lives (scrolled away and back,
  /// its controller stays); ``FileSizes`` keeps it across a directory
  /// closed and opened again. O(1).
  public override func willEnterWorkingRange() {
    // A broken link has no file to measure: it says so instead.
    guard viewModel.kind == .file, !viewModel.isBrokenLink, viewState.size == .unknown, reading == nil,
      let sizes = context.object(type: FileSizes.self)
    else { return }
    let path = viewModel.identifier
    reading = Task { [weak self] in
      let size = await sizes.size(of: path)
      guard let self, !Task.isCancelled else { return }
      reading = nil
      updateState(FileRowState(size: size.map { .bytes($0) } ?? .unreadable))
    }
  }

  /// Stops waiting for a size the row no longer needs soon (the read
  /// itself, one `stat`, finishes and is kept). O(1).
  public override func didExitWorkingRange() {
    reading?.cancel()
    reading = nil
  }
}

/// The tree as one `OutlineSection`: each entry a row, a directory's
/// entries below it while the data source keeps it expanded
/// (`ListDiffDataSource.expand(_:)`, ← →), every expanded directory pinned
/// at the top while its entries scroll by (`pinsParents`), below the
/// directories that hold it. A directory is read when it is shown (to be
/// listed once opened), and only then.
public enum FileSections {
  /// The outline's id: the section path of every row.
  public static let rootID = "."

  /// The outline of `tree`, keeping the entries whose names contain
  /// `filter` (any case) and the directories read so far that hold one
  /// (all entries when it is empty), its rows drawn plain for a screen
  /// reader when `plain`. O(directories read) for the filter; flattened,
  /// O(rows shown).
  public static func outline(_ tree: FileTree, filter: String = "", plain: Bool = false) -> Section {
    let matching = FileFilter(tree: tree, text: filter)
    return OutlineSection<FileNode, FileRowController>(
      id: rootID, roots: matching.nodes(in: ""),
      children: { node in
        guard node.isDirectory else { return nil }
        // A link back up the tree is shown, but not as a directory to open.
        if node.linkTarget != nil && tree.isLoop(node.path) { return nil }
        return matching.nodes(in: node.path)
      },
      pinsParents: true
    ) { node, row in
      FileRowViewModel(node, row: row, count: row.isExpanded ? tree.entries(of: node.path).count : 0, plain: plain)
    }
  }
}

/// The entries a filter keeps: those whose names contain its text, and the
/// directories read so far that hold such an entry somewhere below.
struct FileFilter: Sendable {
  let tree: FileTree
  /// The text, lowercased; empty keeps everything.
  let text: String
  /// The directories read that hold a match below them.
  private let holdingMatches: Set<String>

  /// The filter `text` over `tree`. O(entries read) when `text` is not empty.
  init(tree: FileTree, text: String) {
    let text = text.lowercased()
    self.tree = tree
    self.text = text
    var holding = Set<String>()
    if !text.isEmpty {
      for directory in tree.readDirectories() {
        guard let entries = tree.cached(directory),
          entries.contains(where: { $0.name.lowercased().contains(text) })
        else { continue }
        var path = directory
        while !path.isEmpty, holding.insert(path).inserted {
          path = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
        }
      }
    }
    holdingMatches = holding
  }

  /// The nodes of the directory at `path` that the filter keeps. O(entries).
  func nodes(in path: String) -> [FileNode] {
    let entries = tree.entries(of: path)
    guard !text.isEmpty else { return entries.map { FileNode($0, in: path) } }
    return entries.compactMap { entry in
      let node = FileNode(entry, in: path)
      let keeps =
        entry.name.lowercased().contains(text) || (entry.isDirectory && holdingMatches.contains(node.path))
      return keeps ? node : nil
    }
  }
}
