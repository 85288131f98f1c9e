import HeadlessCollection

/// Outlines (``OutlineSection``) as a feature of the data source's
/// lifecycle: each root is flattened with the rows expanded, and once it
/// is applied its expansion is taken (rows no longer shown are forgotten,
/// and the ``ListDiffDataSource/expansionHandler`` hears it); ← and →
/// collapse and expand the focused row. The behaviour is the data source's
/// outline extension beside this file; the state is `OutlineExpansion`,
/// changed only here.
@MainActor
final class OutlinesFeature: ListFeature {
  private unowned let dataSource: ListDiffDataSource
  /// Which rows are expanded, by identity.
  private(set) var expansion = OutlineExpansion()
  /// See ``ListDiffDataSource/expansionHandler``.
  var handler: (@MainActor (ListItemID, Bool) -> Void)?

  init(_ dataSource: ListDiffDataSource) {
    self.dataSource = dataSource
  }

  /// The rows to show expanded (or that will be, once an update under way
  /// is applied).
  var expanded: Set<ListItemID> { expansion.expanded }

  // MARK: Transitions

  /// Expands or collapses `id`; whether that changed anything.
  func set(_ id: ListItemID, expanded: Bool) -> Bool {
    expansion.set(id, expanded: expanded)
  }

  /// Replaces what is expanded, as if a person had expanded exactly `ids`.
  func replace(with ids: Set<ListItemID>) {
    expansion.replace(with: ids)
  }

  /// Breaks the first rule of the expansion on purpose (the tests of the
  /// checks): a row of no list is taken as shown expanded.
  func plantShownRow() {
    expansion.plantShownRow(ListItemID(identifier: "\u{0}gone", sectionPath: ["\u{0}gone"]))
  }

  // MARK: Lifecycle

  func prepare(_ root: inout RootContext) {
    root.expanded = expansion.expanded
  }

  /// Takes the expansion of the root just applied and tells the handler
  /// of the rows it no longer shows.
  func rootDidApply(_ root: AppliedRoot) {
    let forgotten = expansion.rootApplied(
      shownExpanded: root.new.expandedOutlineRows, flattenedWith: root.context.expanded)
    guard !forgotten.isEmpty, let handler else { return }
    dataSource.callingOut {
      for id in forgotten { handler(id, false) }
    }
  }

  func handleKey(_ key: ListKey) -> Bool {
    dataSource.handleOutlineKey(key)
  }

  func invariantViolations() -> [InvariantViolation] {
    expansion.invariantViolations(in: dataSource)
  }
}
