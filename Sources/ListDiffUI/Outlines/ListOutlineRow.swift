/// Where a node of an ``OutlineSection`` stands, as its transform sees it
/// when it makes the node's view model: how deep it is, whether it is
/// expanded and whether it can be.
///
/// ```swift
/// OutlineSection<Folder, FolderController>(
///   id: "tree", roots: folders, children: { $0.children }
/// ) { folder, row in
///   FolderViewModel(folder: folder, depth: row.depth, open: row.isExpanded)
/// }
/// ```
public struct ListOutlineRow: Sendable, Hashable {
  /// How many ancestors the node has: the roots are at 0, their children
  /// at 1.
  public var depth: Int
  /// Whether the node is expanded: its children are shown below it.
  /// Never true for a node without children.
  public var isExpanded: Bool
  /// Whether `children` gave the node an array (empty for an empty
  /// folder): whether it can be expanded. False for a leaf (nil).
  public var hasChildren: Bool

  /// A row at `depth`, expanded or not, with children or not.
  ///
  /// - Complexity: O(1).
  public init(depth: Int, isExpanded: Bool, hasChildren: Bool) {
    self.depth = depth
    self.isExpanded = isExpanded
    self.hasChildren = hasChildren
  }
}
