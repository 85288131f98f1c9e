/// A tree of your nodes shown as rows that expand and collapse
/// (`NSOutlineView`, SwiftUI's `OutlineGroup`): each node is a row made by
/// `transform`, and an expanded node's children follow it, one level
/// deeper.
///
/// ```swift
/// OutlineSection<Folder, FolderController>(
///   id: "tree", roots: folders, children: { $0.children }
/// ) { folder, row in
///   FolderViewModel(folder: folder, depth: row.depth, open: row.isExpanded)
/// }
/// ```
///
/// `children` returns nil for a leaf and an array — empty for an empty
/// folder — for a node that can expand (``ListOutlineRow/hasChildren``).
/// It is asked only for the nodes shown, once each per root, and never
/// for a node inside a collapsed one: a collapsed subtree costs nothing.
///
/// Which nodes are expanded is the data source's to keep, by the identity
/// of their rows (``ListDiffDataSource/expand(_:)``,
/// ``ListDiffDataSource/collapse(_:)``, ← and → in
/// ``ListDiffDataSource/handleKey(_:)``), across roots: a row's identity is
/// its view model's identifier with the outline's section path (its `id`
/// last), so node identities must be unique in the outline, whatever their
/// depth. Every node starts collapsed; a node that leaves the tree, or is
/// hidden inside a collapsed one, is collapsed when it comes back.
///
/// With `pinsParents`, each expanded row pins to the top of the viewport
/// while rows inside it are visible, below its expanded ancestors, as the
/// headers of nested ``CompositeSection``s with `pinsHeader` do: the path
/// down to a deep row stays on screen.
///
/// Bad trees are shown as far as they can be: a node with the identifier
/// of one of its ancestors (a cycle: a link to a parent folder) is left
/// out there, with a ``ListDiffDiagnostic/Kind/outlineCycle`` warning,
/// instead of being expanded forever; an identifier repeated elsewhere is
/// reported and shown once (the first), as in ``ListSection``.
public final class OutlineSection<
  Node: Sendable,
  Controller: AnyListCellController & _ListCellControllerViewModelProviding
>: Section, @unchecked Sendable {
  /// The view-model type of the outline's controllers.
  public typealias ViewModel = Controller.ListViewModelType

  let roots: [Node]
  let children: @Sendable (Node) -> [Node]?
  let pinsParents: Bool
  let delegate: WeakAnyObject
  let transform: @Sendable (Node, ListOutlineRow) -> ViewModel
  /// The per-item work on the view models, specialized where `ViewModel`
  /// is known (see `LeafOperations`).
  let operations: LeafOperations<ViewModel>

  @usableFromInline
  init(
    id: String, roots: [Node], children: @escaping @Sendable (Node) -> [Node]?, pinsParents: Bool,
    delegate: WeakAnyObject, transform: @escaping @Sendable (Node, ListOutlineRow) -> ViewModel,
    operations: LeafOperations<ViewModel>
  ) {
    self.roots = roots
    self.children = children
    self.pinsParents = pinsParents
    self.delegate = delegate
    self.transform = transform
    self.operations = operations
    super.init(id: id)
  }

  /// An outline of `roots` and, below each expanded node, its `children`,
  /// each node shown as `transform` makes it given its ``ListOutlineRow``.
  ///
  /// The view model's identifier is the row's identity: it must not depend
  /// on the row (the transform is asked for an expanded node's view model
  /// twice, collapsed then expanded, and a node whose identifier changes
  /// between the two is shown collapsed). Both closures run when the root
  /// is flattened: on the data source's background task with
  /// `applyUpdatesAsync: true`, on the main actor otherwise.
  ///
  /// - Parameters:
  ///   - id: the outline's id: the last name of its rows' section path.
  ///   - roots: the top-level nodes, in order.
  ///   - children: a node's children in order; nil for a leaf, `[]` for
  ///     an empty folder.
  ///   - pinsParents: pin expanded rows while their rows are visible,
  ///     stacked outermost first.
  ///   - delegate: handed, weakly, to every controller the outline creates.
  ///   - transform: the view model of a node in its row.
  /// - Complexity: O(1) here. Flattened: O(*r*) calls of `children` and
  ///   `transform` for the *r* rows shown (two of `transform` for an
  ///   expanded row), one hash of each identifier of a row with children
  ///   while any row of the outline is expanded, and O(*d*) comparisons
  ///   per row with its *d* ancestors (for cycles).
  @inlinable
  public convenience init(
    id: String, roots: [Node], children: @escaping @Sendable (Node) -> [Node]?, pinsParents: Bool = false,
    delegate: WeakAnyObject = .none, transform: @escaping @Sendable (Node, ListOutlineRow) -> ViewModel
  ) {
    self.init(
      id: id, roots: roots, children: children, pinsParents: pinsParents, delegate: delegate,
      transform: transform, operations: .make(for: ViewModel.self))
  }

  /// One level of the walk: the nodes of a parent, the next to show, and
  /// the parent's row (nil for the roots).
  private struct Level {
    var nodes: [Node]
    var next = 0
    var parentRow: Int?
  }

  /// What one walk of the outline gives: its rows in display order, the
  /// rows shown expanded, the identifiers found among their own ancestors,
  /// and, with `pinsParents`, each expanded parent's block.
  private struct Walk {
    var viewModels: [ViewModel] = []
    var identifiers: [String] = []
    var rows: [ListOutlineRow] = []
    var expandedShown = Set<String>()
    var cycles: [String] = []
    var emptyCount = 0
    /// A parent's row, the end of its descendants' rows, and its depth.
    var pinned: [(row: Int, end: Int, depth: Int)] = []
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    let sectionPath = scope.names
    let start = flattener.list.count
    let pinLevel = flattener.pinDepth
    let outline = walk(expanding: flattener.expandedIdentifiers(sectionPath: sectionPath))
    let leaf = ListLeaf(scope: scope, controllerType: Controller.self, delegate: delegate)
    flattener.appendLeaf(
      leaf,
      items: TypedLeafItems(
        viewModels: outline.viewModels, identifiers: outline.identifiers, operations: operations,
        emptyIdentifierCount: outline.emptyCount))
    flattener.list.appendOutline(sectionPath: sectionPath, rows: outline.rows, expanded: outline.expandedShown)
    for block in outline.pinned {
      flattener.list.appendPinnedHeader(
        header: start + block.row..<start + block.row + 1, section: start + block.row..<start + block.end,
        level: pinLevel + block.depth)
    }
    reportCycles(outline.cycles, into: &flattener, scope: scope)
    flattener.reportEmptyIdentifiers(outline.emptyCount, of: ViewModel.self, in: "outline", scope: scope)
  }

  /// Walks the outline depth first, showing the children of each node in
  /// `expandedHere` that has some (once: a node repeated further on is
  /// shown collapsed there) and leaving out a node among its own ancestors.
  ///
  /// - Complexity: O(*r*) transforms (two for an expanded row) for *r*
  ///   rows shown, plus O(*d*) per row for the ancestor check at depth *d*.
  private func walk(expanding expandedHere: Set<String>) -> Walk {
    var walk = Walk()
    walk.viewModels.reserveCapacity(roots.count)
    walk.identifiers.reserveCapacity(roots.count)
    walk.rows.reserveCapacity(roots.count)
    var ancestors: [String] = []
    // A loop with its own stack rather than recursion: an outline expanded
    // thousands of levels deep needs no call stack to match.
    var levels = [Level(nodes: roots)]
    while let top = levels.indices.last {
      guard levels[top].next < levels[top].nodes.count else {
        let level = levels.removeLast()
        if let parentRow = level.parentRow {
          ancestors.removeLast()
          if pinsParents { walk.pinned.append((parentRow, walk.viewModels.count, levels.count - 1)) }
        }
        continue
      }
      let node = levels[top].nodes[levels[top].next]
      levels[top].next += 1
      let kids = children(node)
      var row = ListOutlineRow(depth: top, isExpanded: false, hasChildren: kids != nil)
      var viewModel = transform(node, row)
      let identifier = viewModel.identifier
      if !ancestors.isEmpty && ancestors.contains(identifier) {
        walk.cycles.append(identifier)
        continue
      }
      if let kids, !expandedHere.isEmpty, !walk.expandedShown.contains(identifier), expandedHere.contains(identifier) {
        row.isExpanded = true
        let expanded = transform(node, row)
        if expanded.identifier == identifier {
          viewModel = expanded
          walk.expandedShown.insert(identifier)
          ancestors.append(identifier)
          levels.append(Level(nodes: kids, parentRow: walk.viewModels.count))
        } else {
          row.isExpanded = false
        }
      }
      if identifier.isEmpty { walk.emptyCount += 1 }
      walk.viewModels.append(viewModel)
      walk.identifiers.append(identifier)
      walk.rows.append(row)
    }
    return walk
  }

  /// Reports each identifier found among its own ancestors, once.
  private func reportCycles(_ cycles: [String], into flattener: inout Flattener, scope: SectionScope) {
    var reported = Set<String>()
    for identifier in cycles where reported.insert(identifier).inserted {
      flattener.diagnostics.append(
        ListDiffDiagnostic(
          kind: .outlineCycle,
          message:
            "a node of outline \(scope.humanPath) has the identifier \"\(identifier)\" of one of its "
            + "ancestors (a cycle); it is left out there, and the ancestor is shown",
          identifier: identifier, sectionPath: scope.humanPath))
    }
  }
}
