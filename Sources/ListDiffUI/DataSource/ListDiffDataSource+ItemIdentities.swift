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
