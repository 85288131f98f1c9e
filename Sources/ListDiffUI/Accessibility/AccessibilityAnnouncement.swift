/// What VoiceOver is told of applied roots, from their diffs alone: at most
/// one sentence per root, none for a root that changed nothing of the app's.
///
/// Loading more takes two roots or more: the one that shows the loading
/// row ("Loading"), the app's roots with what it loaded while the row is
/// there (counted, not announced), and the one that takes the row away
/// ("Loaded 30 more", all of them told). Invariant: `loaded` is set exactly
/// while a loading row is shown (as far as the announcer was told).
struct AccessibilityAnnouncer {
  /// The app's items inserted since the loading row came; nil while no
  /// loading row is shown.
  private(set) var loaded: Int?

  /// The announcement of `root`, if any: "Loading" when a loading row
  /// came, "Loading failed" when a failed one did, "Loaded 30 more" when
  /// the loading row went; otherwise its changes, "2 items added, 1 item
  /// removed, 3 items changed, 1 item moved", the loading rows and the
  /// items of headers, footers and placeholders left out.
  ///
  /// - Complexity: O(*c* (log *s* + *d*)) for *c* changes in *s* leaf
  ///   sections of depth *d*.
  mutating func announcement(of root: AppliedRoot) -> String? {
    let before = root.old.loadMoreRows
    let after = root.new.loadMoreRows
    let rowsBefore = [before.top, before.bottom].compactMap { $0 }
    let rowsAfter = [after.top, after.bottom].compactMap { $0 }
    // The rows' own inserts, deletes and updates are not the app's.
    let rowInserts = rowsAfter.count { row in !rowsBefore.contains { $0.edge == row.edge } }
    let rowDeletes = rowsBefore.count { row in !rowsAfter.contains { $0.edge == row.edge } }
    let rowUpdates = rowsAfter.count { row in rowsBefore.contains { $0.edge == row.edge && $0 != row } }
    let inserts = max(0, Self.contentCount(root.changes.inserts, in: root.new) - rowInserts)
    let deletes = max(0, Self.contentCount(root.changes.deletes, in: root.old) - rowDeletes)
    let updates = max(0, Self.contentCount(root.changes.updates, in: root.old) - rowUpdates)
    let moves = Self.contentCount(root.changes.moves.lazy.map(\.to), in: root.new)
    let wasLoading = rowsBefore.contains { $0.state == .loading }
    let isLoading = rowsAfter.contains { $0.state == .loading }
    let failed = rowsAfter.contains { $0.state != .loading } && !rowsBefore.contains { $0.state != .loading }
    switch (wasLoading, isLoading) {
    case (false, true):
      loaded = 0
      return "Loading"
    case (true, true):
      loaded = (loaded ?? 0) + inserts
      return nil
    case (true, false):
      let total = (loaded ?? 0) + inserts
      loaded = nil
      return failed ? "Loading failed" : "Loaded \(total) more"
    case (false, false):
      loaded = nil
      if failed { return "Loading failed" }
      let parts = [
        Self.phrase(inserts, "added"), Self.phrase(deletes, "removed"), Self.phrase(updates, "changed"),
        Self.phrase(moves, "moved"),
      ].compactMap { $0 }
      return parts.isEmpty ? nil : parts.joined(separator: ", ")
    }
  }

  /// How many of the items at `indexes` in `list` are the app's content:
  /// not in a section's header, footer or placeholder, which change with
  /// it (a count in a header, "nothing yet" going) and are not what a
  /// listener counts as items.
  ///
  /// - Complexity: O(*k* (log *s* + *d*)) for *k* indexes, *s* leaf sections
  ///   of depth *d*.
  private static func contentCount(_ indexes: some Sequence<Int>, in list: FlatList) -> Int {
    var count = 0
    for index in indexes where !list.leaf(ofItem: index).scope.isInHeaderFooterOrPlaceholder { count += 1 }
    return count
  }

  /// "1 item added", "3 items added"; nil for none.
  private static func phrase(_ count: Int, _ verb: String) -> String? {
    guard count > 0 else { return nil }
    return "\(count) \(count == 1 ? "item" : "items") \(verb)"
  }
}
