/// What ListDiffUITesting reads to explain a lookup that found nothing. Not API.
extension ListDiffDataSource {
  /// Every item shown, in display order: its view model's identifier and the
  /// names that scope it (what a `sectionPath` matches).
  ///
  /// - Complexity: O(*n* log *s*) for *n* items and *s* leaf sections.
  package var itemIdentities: [(identifier: String, sectionNames: [String])] {
    (0..<list.count).map { (list.identifier(at: $0), list.leaf(ofItem: $0).scope.names) }
  }
}

extension ListDiffDataSource {
  /// The identifier of the item at `index` in display order and the names
  /// that scope it; nil for an index out of range.
  ///
  /// - Complexity: O(log *s*) for *s* leaf sections.
  package func itemIdentity(at index: Int) -> (identifier: String, sectionNames: [String])? {
    guard index >= 0 && index < list.count else { return nil }
    return (list.identifier(at: index), list.leaf(ofItem: index).scope.names)
  }
}
