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
/// The class is `open` as in ListDiffUI, but its initializer is internal:
/// compose the section types above rather than subclassing. Sections are
/// `Sendable` so that a data source with `applyUpdatesAsync: true` can
/// flatten them on a background task: every stored property is immutable,
/// and the transforms that ``ListSection`` and ``ListRenderSection`` keep are
/// `@Sendable` and run when the root is flattened — on that background task
/// with `applyUpdatesAsync: true`, as ListDiffUI builds sections on its
/// background queue.
open class Section: @unchecked Sendable {
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
struct Flattener {
  var list = FlatList()
  var diagnostics: [ListDiffDiagnostic] = []
  /// How many sections that pin their headers enclose the one flattened now.
  var pinDepth = 0

  /// Flattens `root` (nil: no items).
  ///
  /// - Complexity: O(*n* + *s*): *n* items, *s* sections.
  static func flatten(_ root: Section?) -> (FlatList, [ListDiffDiagnostic]) {
    var flattener = Flattener()
    if let root {
      flattener.list.reserveCapacity(root.itemCapacity)
      root.flatten(into: &flattener, scope: SectionScope(rootID: root.id))
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
