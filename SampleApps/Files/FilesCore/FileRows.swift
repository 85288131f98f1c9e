import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal

/// One row of the file tree: a file, a collapsed directory, or the header
/// of an expanded one (the first row of its section).
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

/// A one-line cell; the selection marker is drawn from `isSelected`, which
/// the collection view sets when a key or a click selects the row.
public final class FileRowCell: ListCell {
  /// The row's text.
  public var text = ""
  /// The row's identifier (see ``FileRowViewModel/identifier``).
  public var identifier: String?

  /// `›` when selected, then the text. O(text).
  public override var textRepresentation: String { (isSelected ? "›" : " ") + text }
}

/// Sizes a row (one line) and fills its cell.
public final class FileRowController: ListCellController<FileRowViewModel, ListViewStateNone, FileRowCell> {
  /// One full-width line. O(1).
  public override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }

  /// The row's text. O(name).
  public override func configureCell(cell: FileRowCell) {
    cell.text = viewModel.text
    cell.identifier = viewModel.identifier
  }
}

/// The tree as nested sections: the root directory, and each expanded
/// directory, is a `CompositeSection` (its id the directory's name) holding
/// its header and its entries; a collapsed directory or a file is a row.
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
    if depth > 0 {
      pending.append(header)
      rows.append(header)
    }
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
    return (CompositeSection(sections, id: depth == 0 ? rootID : name), rows)
  }
}
