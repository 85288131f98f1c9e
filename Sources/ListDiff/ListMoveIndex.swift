/// An item that moved: its index in the old array and its index in the new.
///
/// Ordered by `from`, then by `to`.
public struct ListMoveIndex: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The item's index in the old array.
  public let from: Int
  /// The item's index in the new array.
  public let to: Int

  /// A move of the item at old index `from` to new index `to`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init(from: Int, to: Int) {
    self.from = from
    self.to = to
  }

  /// Orders by `from`, then `to`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public static func < (lhs: ListMoveIndex, rhs: ListMoveIndex) -> Bool {
    lhs.from != rhs.from ? lhs.from < rhs.from : lhs.to < rhs.to
  }

  /// `"from→to"`, e.g. `"3→0"`.
  public var description: String { "\(from)→\(to)" }
}
