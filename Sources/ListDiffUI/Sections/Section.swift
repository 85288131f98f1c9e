import ListDiff

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

  init(id: String?) {
    self.id = id
  }

  /// Appends this section's items, scoped by `scope`, to `flattener`.
  /// Overridden by every concrete section; the base has no items.
  func flatten(into flattener: inout Flattener, scope: SectionScope) {}
}

/// Turns a root section into the flat item list the diff runs on, collecting
/// diagnostics on the way. Runs on whichever task prepares an update.
///
/// Leaf sections add their items through `appendLeaf`: their view-model
/// arrays as they are (see `FlatList`), so flattening costs O(*s*) in the
/// sections, plus what transforms and the check for empty identifiers cost.
struct Flattener {
  /// The list, its leaves' items apart (`items`) until `flatten` hands
  /// them over.
  var list = FlatList()
  /// The items of the leaves appended so far.
  private var items = FlatList.ByLeaf()
  var diagnostics: [ListDiffDiagnostic] = []
  /// How many sections that pin their headers enclose the one flattened now.
  var pinDepth = 0
  /// The leaves of the list shown, whose items an untouched section takes.
  private var shown: ShownLeaves?
  /// Whether two leaves may have one scope: set where sibling ids repeat,
  /// or a render section has several models (which may repeat an
  /// identifier); otherwise every scope path differs from every other.
  var scopesMayRepeat = false
  /// The outline rows to show expanded, by section path then identifier:
  /// the data source's expansion, captured when the update began (a
  /// value, so that flattening off the main actor reads no state of it).
  private var expanded: [[String]: Set<String>] = [:]

  /// Flattens `root` (nil: no items), taking from `shown` (the list on
  /// screen) the items of every section whose view-model array is the one
  /// shown there (`shownItems(scope:controllerType:)`), and the scope of
  /// every section in the place it has there (`scope(_:under:)`), and
  /// showing the outline rows `expanded` names expanded.
  ///
  /// - Complexity: O(*s*) in the sections, plus the leaves' transforms and
  ///   one read of every identifier (for empty ones) of the sections not
  ///   untouched, in specialized code; O(*e*) in the expanded rows.
  static func flatten(
    _ root: Section?, shown: FlatList? = nil, expanded: Set<ListItemID> = []
  ) -> (FlatList, [ListDiffDiagnostic]) {
    var flattener = Flattener()
    flattener.shown = shown.map(ShownLeaves.init)
    for id in expanded { flattener.expanded[id.sectionPath, default: []].insert(id.identifier) }
    if let root {
      let scope = flattener.shown?.rootScope(root.id.map(SectionScope.Component.id)) ?? SectionScope(rootID: root.id)
      root.flatten(into: &flattener, scope: scope)
    }
    flattener.list.leafScopesMayRepeat = flattener.scopesMayRepeat
    flattener.list.hold(flattener.items)
    return (flattener.list, flattener.diagnostics)
  }

  /// The identifiers of the rows to show expanded in the outline whose
  /// rows have `sectionPath`.
  ///
  /// - Complexity: O(*d*) in the path's length, expected.
  func expandedIdentifiers(sectionPath: [String]) -> Set<String> {
    expanded.isEmpty ? [] : expanded[sectionPath] ?? []
  }

  /// The scope of `component` under `parent`: the one shown when the
  /// section in that place is shown there (`ShownLeaves.scope(_:under:)`),
  /// else a new one.
  ///
  /// - Complexity: O(*d*) in the depth of the leaves shown at the cursor
  ///   when reused; O(*k*) in the key's length when made.
  func scope(_ component: SectionScope.Component, under parent: SectionScope) -> SectionScope {
    shown?.scope(component, under: parent) ?? parent.child(component)
  }

  /// Appends leaf `leaf` with `items` (`untouched` when they are the items
  /// shown), keeping the walk of the list shown in step.
  ///
  /// Takes the leaf and its items (`consuming`): they are moved into the
  /// list, where a borrowed pair would be copied in and the caller's copy
  /// released, four reference counts per leaf on every root.
  ///
  /// - Complexity: O(1) amortized.
  mutating func appendLeaf(_ leaf: consuming ListLeaf, items: consuming any LeafItems, untouched: Bool = false) {
    if !untouched { shown?.pass(leaf.scope) }
    list.appendLeaf(leaf, itemCount: items.count)
    self.items.append(items, untouched: untouched)
  }

  /// The items shown for the leaf about to be appended (at `scope`, shown by
  /// `controllerType`), if the list shown has that leaf; the caller keeps
  /// them when they hold its very array (`LeafItems.holdsArray(at:count:)`):
  /// an untouched section, whose items need no reading.
  ///
  /// - Complexity: O(1) (see `ShownLeaves.items(scope:controllerType:)`).
  func shownItems(scope: SectionScope, controllerType: AnyListCellController.Type) -> (any LeafItems)? {
    shown?.items(scope: scope, controllerType: controllerType)
  }

  /// Flattens `children` of one parent, scoping each by its id or position,
  /// and reports sibling ids that repeat.
  mutating func flattenChildren(_ children: [Section?], scope: SectionScope) {
    reportRepeatedIDs(children, scope: scope)
    for (position, child) in children.enumerated() {
      guard let child else { continue }
      let component: SectionScope.Component = child.id.map { .id($0) } ?? .position(position)
      child.flatten(into: &self, scope: self.scope(component, under: scope))
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

  /// Reports `emptyCount` view models of type `viewModelType` in
  /// `sectionKind` at `scope` with an empty identifier (nothing for 0): one
  /// ``ListDiffDiagnostic/Kind/emptyIdentifier`` warning per leaf, whatever
  /// kind of section made it.
  mutating func reportEmptyIdentifiers(
    _ emptyCount: Int, of viewModelType: Any.Type, in sectionKind: String, scope: SectionScope
  ) {
    guard emptyCount > 0 else { return }
    diagnostics.append(
      ListDiffDiagnostic(
        kind: .emptyIdentifier,
        message:
          "\(emptyCount) view model(s) of type \(viewModelType) in \(sectionKind) \(scope.humanPath) "
          + "have an empty identifier; they are shown, but an empty identifier is probably a mistake",
        identifier: "", sectionPath: scope.humanPath))
  }

  /// `value` if `isValid` says so; else `replacement`, reported as an
  /// ``ListDiffDiagnostic/Kind/invalidGeometry`` warning naming the
  /// section (`sectionKind` with `id` at `scope`) and the setting (`name`).
  mutating func checkedGeometry<Value>(
    _ value: Value, _ name: String, of sectionKind: String, id: String, scope: SectionScope,
    replacement: Value, isValid: (Value) -> Bool
  ) -> Value {
    guard !isValid(value) else { return value }
    diagnostics.append(
      ListDiffDiagnostic(
        kind: .invalidGeometry,
        message: "the \(sectionKind) \(scope.humanPath) has \(name) \(value); \(replacement) is used",
        identifier: id, sectionPath: scope.humanPath))
    return replacement
  }

  /// Reports each id that more than one of `children` has, once, in the
  /// order of its second occurrence.
  ///
  /// Why not a `Set<String>`: a composite of many sections pays this on
  /// every root; ASCII ids (nearly all) are hashed with `_FastHashing` into
  /// an `_IndexTable` of child positions, several times faster. Others are
  /// hashed with `Hasher`, which alone hashes every spelling of a string
  /// alike.
  ///
  /// - Complexity: O(*k*) expected in the children.
  private mutating func reportRepeatedIDs(_ children: [Section?], scope: SectionScope) {
    // Most composites have few ids; only hash when there are two or more.
    var idCount = 0
    for child in children where child?.id != nil { idCount += 1 }
    guard idCount > 1 else { return }
    var repeated: [String] = []
    var table = _IndexTable(minimumCapacity: children.count)
    for position in children.indices {
      guard let id = children[position]?.id else { continue }
      guard let hash = _FastHashing.hash(id, seed: _FastHashing.seed) else {
        repeated = Self.repeatedIDsHashingEveryString(children)
        break
      }
      let first = table.insert(hash: Int(truncatingIfNeeded: hash), index: position) {
        children[$0]?.id == id
      }
      if first != position { repeated.append(id) }
    }
    guard !repeated.isEmpty else { return }
    scopesMayRepeat = true
    var reported = Set<String>()
    for id in repeated where reported.insert(id).inserted {
      diagnostics.append(
        ListDiffDiagnostic(
          kind: .duplicateSectionID,
          message:
            "sections under \(scope.humanPath) share the id \"\(id)\"; their items share one "
            + "scope, so an identifier in both is shown once (the first)",
          identifier: id, sectionPath: scope.humanPath))
    }
  }

  /// Every later occurrence of an id among `children`, found with `Hasher`.
  ///
  /// - Complexity: O(*k*) expected in the children.
  private static func repeatedIDsHashingEveryString(_ children: [Section?]) -> [String] {
    var seen = Set<String>(minimumCapacity: children.count)
    var repeated: [String] = []
    for case let id? in children.lazy.map({ $0?.id }) where !seen.insert(id).inserted {
      repeated.append(id)
    }
    return repeated
  }
}
