import ListDiff

/// A root flattened exactly as the data source flattens it, for
/// `listdiff-bench` to time the diff alone on the items the data source
/// diffs. Not API: reachable only through `@_spi(Benchmarking) import`.
@_spi(Benchmarking)
public struct FlattenedRoot: Sendable {
  let list: FlatList

  /// Flattens `root` (nil: no items).
  ///
  /// - Complexity: O(*n*) in the number of items.
  public init(_ root: Section?) {
    list = Flattener.flatten(root).0
  }

  /// The number of flattened items.
  public var count: Int { list.count }

  /// `listDiff` from `old` to `new` on the flattened items, specialized as in
  /// the data source; returns the change count.
  ///
  /// - Complexity: that of `listDiff`, O(*n* + *m*).
  @inline(never)
  public static func diff(from old: FlattenedRoot, to new: FlattenedRoot) -> Int {
    new.list.diff(from: old.list).changeCount
  }
}
