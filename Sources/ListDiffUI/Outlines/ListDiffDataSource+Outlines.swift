import HeadlessCollection

/// Expanding and collapsing the rows of ``OutlineSection``s, kept by
/// identity across roots.
extension ListDiffDataSource {
  /// Hears each outline row whose expansion changed, with whether it is
  /// now expanded: after ``expand(_:)``, ``collapse(_:)`` or a key
  /// expanded or collapsed it (once its update is set), and, with `false`,
  /// for each expanded row a root no longer shows (it left the tree, or a
  /// collapsed ancestor hides it: it is forgotten) as that root is
  /// applied — so collapsing a row is heard after the rows it forgot. On
  /// the main actor, as a callback: a root set from it is applied when it
  /// returns. Default nil.
  ///
  /// - Complexity: free when nil; otherwise the handler's own work.
  public var expansionHandler: (@MainActor (ListItemID, Bool) -> Void)? {
    get { features.outlines.handler }
    set { features.outlines.handler = newValue }
  }

  /// Expands the outline row `item` names (see ``ListItemID``): its
  /// children are shown below it, as one update of the rows shown — the
  /// data source flattens the newest root it was given again, so the app
  /// sets nothing. Then ``expansionHandler`` hears `(row, true)`.
  ///
  /// Without `applyUpdatesAsync` the rows are shown when this returns
  /// (unless it is called from inside a callback of the data source, which
  /// the update then follows); with it, once the background update is
  /// applied. A row stays expanded through every root that shows it, and
  /// is forgotten (collapsed) once a root does not: a node that leaves the
  /// tree comes back collapsed.
  ///
  /// Ignored, with an ``ListDiffDiagnostic/Kind/ignoredInteraction`` note,
  /// when no such item is shown, or it is not an outline row, or its node
  /// has no children (a leaf). Expanding an expanded row does nothing.
  ///
  /// - Complexity: O(*n*) at worst to find the row (see ``ListItemID``),
  ///   plus one update of the outline's rows (the `children` and
  ///   `transform` of the rows shown, and the diff).
  public func expand(_ item: ListItemID) {
    setExpanded(item, true, request: "expand")
  }

  /// Collapses the outline row `item` names: the rows inside it go, as one
  /// update of the rows shown, and ``expansionHandler`` hears
  /// `(row, false)`. Rows expanded inside it are forgotten (they come back
  /// collapsed). Selected rows inside it leave the selection, as deleted
  /// items do; a focus inside it moves to the row.
  ///
  /// Ignored, with an ``ListDiffDiagnostic/Kind/ignoredInteraction`` note,
  /// as ``expand(_:)`` is. Collapsing a collapsed row does nothing.
  ///
  /// - Complexity: as ``expand(_:)``.
  public func collapse(_ item: ListItemID) {
    setExpanded(item, false, request: "collapse")
  }

  /// Whether the outline row `item` names is expanded (or will be, once an
  /// update under way is applied). False for any other identity.
  ///
  /// - Complexity: O(1) expected for a whole identity (as the data source
  ///   reports them); O(*n*) at worst for one naming part of its path.
  public func isExpanded(_ item: ListItemID) -> Bool {
    if features.outlines.expanded.contains(item) { return true }
    guard let index = index(of: item) ?? itemIndex(forIdentifier: item.identifier, sectionPath: item.sectionPath)
    else { return false }
    return features.outlines.expanded.contains(itemID(at: index))
  }

  /// The rows expanded, by whole identity (a fuzzer's fresh
  /// screen takes them over through the inspection).
  var expandedItems: Set<ListItemID> {
    get { features.outlines.expanded }
    set { features.outlines.replace(with: newValue) }
  }

  /// Whether the list shows rows of an outline (the fuzzer draws
  /// outline gestures then).
  ///
  /// - Complexity: O(*o*) in the outlines.
  var showsOutlineRows: Bool {
    list.outlines.contains { !$0.rows.isEmpty }
  }

  /// The outline row shown at `index`; nil for an item of no outline or an
  /// index out of range.
  ///
  /// - Complexity: O(log *s* + *o*) in leaves and outlines.
  func outlineRow(at index: Int) -> ListOutlineRow? {
    list.outlineRow(at: index)?.row
  }

  /// Expands or collapses the row `item` names, as `request` asks.
  private func setExpanded(_ item: ListItemID, _ expand: Bool, request: String) {
    defer { checkInvariants(after: request) }
    guard let index = resolve(item, for: request) else { return }
    let id = itemID(at: index)
    guard let found = list.outlineRow(at: index) else {
      return ignore("\(request)(\(id)): not a row of an outline", id)
    }
    guard found.row.hasChildren else { return ignore("\(request)(\(id)): its node has no children", id) }
    guard features.outlines.expanded.contains(id) != expand else { return }
    var forgotten: [ListItemID] = []
    if !expand {
      let outline = list.outlines[found.outline]
      let rowStart = index - found.position
      let inside = outline.descendants(of: found.position)
      if let focused = focusIndex(), inside.contains(focused - rowStart) {
        setFocus(index, follows: false)
      }
      // The rows inside that are expanded (or asked to be) are forgotten
      // now, not when the update is applied: what a collapse forgets does
      // not depend on when updates prepared off the main actor begin.
      let candidates = Set(
        features.outlines.expanded.lazy.filter { $0.sectionPath == outline.sectionPath && $0 != id }.map(\.identifier))
      if !candidates.isEmpty {
        for position in inside.reversed() {
          let identifier = list.identifier(at: rowStart + position)
          guard candidates.contains(identifier) else { continue }
          let inner = ListItemID(identifier: identifier, sectionPath: outline.sectionPath)
          if features.outlines.set(inner, expanded: false) { forgotten.append(inner) }
        }
      }
    }
    _ = features.outlines.set(id, expanded: expand)
    setRootSection(history.newest)
    callingOut {
      for inner in forgotten { expansionHandler?(inner, false) }
      expansionHandler?(id, expand)
    }
  }

  /// ← and → on a focused outline row, as Finder's and VS Code's trees
  /// take them: → expands a collapsed row, or moves the focus to the first
  /// child of an expanded one; ← collapses an expanded row, or moves the
  /// focus to the row's parent. Whether the key did something.
  ///
  /// - Complexity: O(*n*) at worst to find the focused row, plus the
  ///   update an expansion makes.
  func handleOutlineKey(_ key: ListKey) -> Bool {
    guard let index = focusIndex(),
      let found = list.outlineRow(at: index)
    else { return false }
    let outline = list.outlines[found.outline]
    let rowStart = index - found.position
    switch key {
    case .right:
      guard found.row.hasChildren else { return false }
      guard found.row.isExpanded else {
        expand(itemID(at: index))
        return true
      }
      guard found.position + 1 < outline.rows.count, outline.rows[found.position + 1].depth > found.row.depth,
        controller(at: index + 1).canFocus
      else { return false }
      setFocus(index + 1, reveal: true)
    case .left:
      if found.row.isExpanded {
        collapse(itemID(at: index))
        return true
      }
      guard let parent = outline.parent(of: found.position), controller(at: rowStart + parent).canFocus else {
        return false
      }
      setFocus(rowStart + parent, reveal: true)
    default:
      return false
    }
    return true
  }
}
