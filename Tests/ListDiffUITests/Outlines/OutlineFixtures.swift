import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting

/// A node of a test tree: a name (its identity) and its children, nil for
/// a leaf.
struct TreeNode: Sendable, Hashable {
  var name: String
  var children: [TreeNode]?

  static func leaf(_ name: String) -> TreeNode { TreeNode(name: name, children: nil) }
  static func folder(_ name: String, _ children: [TreeNode] = []) -> TreeNode {
    TreeNode(name: name, children: children)
  }
}

/// A row of a test outline: the node's name and its ``ListOutlineRow``.
struct OutlineVM: ListViewModel, Equatable {
  var identifier: String
  var row: ListOutlineRow

  /// `▾ name`, `▸ name` or `  name`, indented two spaces per level.
  var line: String {
    let marker = !row.hasChildren ? "  " : row.isExpanded ? "▾ " : "▸ "
    return String(repeating: "  ", count: row.depth) + marker + identifier
  }
}

final class OutlineCell: ListCell {
  var line = ""
  override var textRepresentation: String { line }
}

/// One line per row.
final class OutlineController: ListCellController<OutlineVM, ListViewStateNone, OutlineCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: OutlineCell) { cell.line = viewModel.line }
}

/// Counts the nodes `children` was asked for, from any thread.
final class ChildrenCalls: @unchecked Sendable {
  private let lock = NSLock()
  private var names: [String] = []

  func record(_ name: String) {
    lock.lock()
    defer { lock.unlock() }
    names.append(name)
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return names
  }
}

/// The outline of `roots` with id `id`.
func outline(
  _ roots: [TreeNode], id: String = "tree", pinsParents: Bool = false, calls: ChildrenCalls? = nil
) -> OutlineSection<TreeNode, OutlineController> {
  OutlineSection<TreeNode, OutlineController>(
    id: id, roots: roots,
    children: { node in
      calls?.record(node.name)
      return node.children
    },
    pinsParents: pinsParents
  ) { node, row in
    OutlineVM(identifier: node.name, row: row)
  }
}

/// The rows a correct outline shows of `roots` with `expanded` open: a
/// preorder walk that enters only expanded nodes with children.
func referenceRows(_ roots: [TreeNode], expanded: Set<String>) -> [OutlineVM] {
  var rows: [OutlineVM] = []
  func walk(_ nodes: [TreeNode], depth: Int) {
    for node in nodes {
      let opens = node.children != nil && expanded.contains(node.name)
      rows.append(
        OutlineVM(
          identifier: node.name,
          row: ListOutlineRow(depth: depth, isExpanded: opens, hasChildren: node.children != nil)))
      if opens, let children = node.children { walk(children, depth: depth + 1) }
    }
  }
  walk(roots, depth: 0)
  return rows
}

extension ListScreen {
  /// The text shown, without the blank lines below the last row.
  @MainActor
  var rowsText: String {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// The outline rows shown, in order, as view models.
  @MainActor
  var outlineRows: [OutlineVM] {
    (0..<dataSource.itemCount).compactMap { index in
      guard let identity = dataSource.inspection.itemIdentity(at: index), let row = dataSource.inspection.outlineRow(at: index) else {
        return nil
      }
      return OutlineVM(identifier: identity.identifier, row: row)
    }
  }
}

/// The identity of row `name` of outline `id`.
func row(_ name: String, in id: String = "tree") -> ListItemID {
  ListItemID(identifier: name, sectionPath: [id])
}
