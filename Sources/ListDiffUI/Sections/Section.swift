/// A piece of a list's content: a description of cells that the data source
/// flattens, with every other section of the root, into one ordered list.
///
/// Sections are immutable descriptions, built once per update: compose them
/// with ``CompositeSection``, fill them with ``ListSection`` (one kind of
/// cell) and ``ListRenderSection`` (a section per model), and hand the root to
/// ``ListDiffDataSource/setRootSection(_:animate:completion:)``.
///
/// Every section takes an optional `id:`. A child given an explicit id keeps
/// its items' identities (and so their controllers and view state) when
/// sibling sections are inserted, removed or reordered around it; without
/// one, its position in its parent scopes them.
///
/// Not subclassable: compose the section types above instead. ListDiffUI
/// declares its `Section` `open`, but there too the initializer and the
/// method that lists a section's items are internal, so code outside the
/// framework never could make a working subclass; ported code has none.
/// Subclassing would need the flattening machinery (scopes, the flat list,
/// diagnostics) made public for no case the three types leave out:
/// ``ListRenderSection`` already makes any section per model. Sections are
/// `Sendable` so that a data source with `applyUpdatesAsync: true` can
/// flatten them on a background task: every stored property is immutable,
/// and the transforms that ``ListSection`` and ``ListRenderSection`` keep are
/// `@Sendable` and run when the root is flattened — on that background task
/// with `applyUpdatesAsync: true`, as ListDiffUI builds sections on its
/// background queue.
public class Section: @unchecked Sendable {
  /// The explicit id this section was given, if any.
  public let id: String?

  /// How many items flattening this section yields at most (models whose
  /// transform has not run yet count as one item each), known at creation
  /// so that flattening a root usually allocates its item arrays once.
  let itemCapacity: Int

  init(id: String?, itemCapacity: Int) {
    self.id = id
    self.itemCapacity = itemCapacity
  }

  /// Appends this section's items, scoped by `scope`, to `flattener`.
  /// Overridden by every concrete section; the base has no items.
  func flatten(into flattener: inout Flattener, scope: SectionScope) {}
}

/// Turns a root section into the flat item list the diff runs on, collecting
/// diagnostics on the way. Runs on whichever task prepares an update.
///
/// Leaf sections add their items through `beginLeaf`/`appendItems`, or take
/// those of a leaf of the previous list through `reuseLeaf` (see
/// Flattener+Reuse). Invariant: `pending` is empty whenever `list` has items
/// of its own after it; taken items wait there so that a root made only of
/// the previous list's leaves, in order, shares that list's arrays.
struct Flattener {
  var list = FlatList()
  var diagnostics: [ListDiffDiagnostic] = []
  /// The list shown before this root, whose leaves may be taken again.
  let previous: FlatList
  /// `previous`' leaves with a source, by the source's address; built on
  /// the first leaf that asks.
  var previousLeaves: [UInt: Int]?
  /// Items of `previous` taken again and not yet copied into `list`; they
  /// follow `list`'s own items.
  var pending: Range<Int> = 0..<0
  /// The capacity to reserve before the first item is copied or made.
  var capacity = 0
  /// How many sections that pin their headers enclose the one flattened now.
  var pinDepth = 0

  init(previous: FlatList) {
    self.previous = previous
  }

  /// Flattens `root` (nil: no items). The leaves of `root` whose view-model
  /// arrays `previous` was flattened from are not flattened again: their
  /// items are taken from `previous`.
  ///
  /// - Complexity: O(*n* + *s*): *n* items, *s* sections; O(*s*) when every
  ///   leaf is taken from `previous`, in its order; a leaf taken from
  ///   elsewhere in `previous` costs a copy of its items.
  static func flatten(_ root: Section?, previous: FlatList = FlatList())
    -> (FlatList, [ListDiffDiagnostic])
  {
    var flattener = Flattener(previous: previous)
    if let root {
      flattener.capacity = root.itemCapacity
      root.flatten(into: &flattener, scope: SectionScope(rootID: root.id))
      flattener.finish()
    }
    return (flattener.list, flattener.diagnostics)
  }

  /// Flattens `children` of one parent, scoping each by its id or position,
  /// and reports sibling ids that repeat.
  mutating func flattenChildren(_ children: [Section?], scope: SectionScope) {
    reportRepeatedIDs(children, scope: scope)
    for (position, child) in children.enumerated() {
      guard let child else { continue }
      child.flatten(into: &self, scope: scope.child(id: child.id, position: position))
    }
  }

  /// Reports, as a ``ListDiffDiagnostic/Kind/droppedModels`` note, that the
  /// transform of the section at `scope` (a `sectionKind` such as
  /// "render section") left out `dropped` of its `total` models; nothing
  /// when it left out none.
  mutating func reportDroppedModels(
    _ dropped: Int, of total: Int, by sectionKind: String, scope: SectionScope
  ) {
    guard dropped > 0 else { return }
    diagnostics.append(
      ListDiffDiagnostic(
        kind: .droppedModels,
        message:
          "the transform of \(sectionKind) \(scope.humanPath) returned nil for \(dropped) of "
          + "\(total) models; they are not shown",
        sectionPath: scope.humanPath))
  }

  private mutating func reportRepeatedIDs(_ children: [Section?], scope: SectionScope) {
    // Most composites have few ids; only hash when there are two or more.
    var idCount = 0
    for child in children where child?.id != nil { idCount += 1 }
    guard idCount > 1 else { return }
    var seen = Set<String>(minimumCapacity: idCount)
    var reported = Set<String>()
    for case let child? in children {
      guard let id = child.id else { continue }
      if !seen.insert(id).inserted && reported.insert(id).inserted {
        diagnostics.append(
          ListDiffDiagnostic(
            kind: .duplicateSectionID,
            message:
              "sections under \(scope.humanPath) share the id \"\(id)\"; their items share one "
              + "scope, so an identifier in both is shown once (the first)",
            identifier: id, sectionPath: scope.humanPath))
      }
    }
  }
}
