import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal

/// One row of the file tree: a file, a collapsed directory, or the header
/// of an expanded one (its section's pinned header).
public struct FileRowViewModel: ListViewModel, Equatable {
  /// The row's path from the root; a header's ends with "/" (a directory
  /// is a row in its parent's section while collapsed, and a header of its
  /// own section while expanded: two identities).
  public var identifier: String
  /// The name shown.
  public var name: String
  /// How deep in the tree: the root's entries are at 0.
  public var depth: Int
  /// What the row is.
  public var kind: Kind

  /// What a row shows.
  public enum Kind: Equatable, Sendable {
    /// A file.
    case file
    /// A directory, collapsed.
    case closedDirectory
    /// An expanded directory's header, with how many entries it holds.
    case openDirectory(count: Int)
  }

  /// The row's text, without the selection marker. O(name).
  public var text: String {
    let indent = String(repeating: "  ", count: depth)
    switch kind {
    case .file: return indent + "  " + name
    case .closedDirectory: return indent + "▸ " + name + "/"
    case .openDirectory(let count): return indent + "▾ " + name + "/" + (count == 1 ? "  1 entry" : "  \(count) entries")
    }
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

  /// `›` when selected, then the text, and the detail against the right
  /// edge (after two spaces, when the line is too narrow). O(width).
  public override var textRepresentation: String {
    let line = (isSelected ? "›" : " ") + text
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

  /// The row's text and size. O(name).
  public override func configureCell(cell: FileRowCell) {
    cell.text = viewModel.text
    cell.detail = viewState.text
    cell.identifier = viewModel.identifier
  }

  /// Starts reading the file's size, unless it is known or being read.
  /// The view state keeps it while the row lives (scrolled away and back,
  /// its controller stays); ``FileSizes`` keeps it across a directory
  /// closed and opened again. O(1).
  public override func willEnterWorkingRange() {
    guard viewModel.kind == .file, viewState.size == .unknown, reading == nil,
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
  /// itself, one `lstat`, finishes and is kept). O(1).
  public override func didExitWorkingRange() {
    reading?.cancel()
    reading = nil
  }
}

/// The tree as nested sections: the root directory, and each expanded
/// directory, is a `CompositeSection` (its id the directory's name) holding
/// its entries, an expanded directory's under a pinned header (its ``FileRowViewModel/Kind/openDirectory(count:)``
/// row); a collapsed directory or a file is a row.
public enum FileSections {
  /// The root section's id.
  public static let rootID = "."

  /// The section for the directory `path` (`""`: the root), named `name`,
  /// at `depth`, showing what `expanded` opens and what `matches` keeps.
  /// O(rows shown).
  public static func directory(
    _ path: String, name: String, depth: Int, in tree: FileTree, expanded: Set<String>,
    matches: (String) -> Bool
  ) -> (section: Section, rows: [FileRowViewModel]) {
    var rows: [FileRowViewModel] = []
    var sections: [Section?] = []
    var pending: [FileRowViewModel] = []
    func flush() {
      if !pending.isEmpty { sections.append(ListSection<FileRowViewModel, FileRowController>(pending)) }
      pending = []
    }
    let entries = tree.entries(of: path)
    let header = FileRowViewModel(
      identifier: path + "/", name: name, depth: depth - 1, kind: .openDirectory(count: entries.count))
    if depth > 0 { rows.append(header) }
    for entry in entries {
      let child = FileTree.path(path, entry.name)
      if entry.isDirectory && expanded.contains(child) {
        let nested = directory(child, name: entry.name, depth: depth + 1, in: tree, expanded: expanded, matches: matches)
        guard nested.rows.count > 1 || matches(entry.name) else { continue }
        flush()
        sections.append(nested.section)
        rows += nested.rows
      } else if matches(entry.name) {
        let row = FileRowViewModel(
          identifier: child, name: entry.name, depth: depth, kind: entry.isDirectory ? .closedDirectory : .file)
        pending.append(row)
        rows.append(row)
      }
    }
    flush()
    guard depth > 0 else { return (CompositeSection(sections, id: rootID), rows) }
    // The header pins while any of the directory shows, below its
    // ancestors' headers: the path down to a deep row stays on screen.
    let headerSection = ListSection<FileRowViewModel, FileRowController>(header)
    return (CompositeSection(id: name, header: headerSection, pinsHeader: true, sections), rows)
  }
}
