import ListDiff

/// A root flattened exactly as the data source flattens it, for
/// `listdiff-bench` to time flattening and the diff alone on the items the
/// data source diffs. Package access: not API.
package struct FlattenedRoot: Sendable {
  let list: FlatList

  /// Flattens `root` (nil: no items).
  ///
  /// - Complexity: O(*n*) in the number of items.
  package init(_ root: Section?) {
    list = Flattener.flatten(root).0
  }

  /// The number of flattened items.
  package var count: Int { list.count }

  /// The diff from `old` to `new` on the flattened items, as the data source
  /// computes it; returns the change count. `old` must have no repeated
  /// identity, as the data source's shown list never has.
  ///
  /// - Complexity: that of `listDiff`, O(*n* + *m*).
  @inline(never)
  package static func diff(from old: FlattenedRoot, to new: FlattenedRoot) -> Int {
    new.list.diff(from: old.list).changeCount
  }
}
