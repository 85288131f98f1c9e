import ListDiff

/// The batch update one new root applies to the collection view, as
/// `diff on` prints it: collection item indexes of the rows deleted
/// (before the update), inserted (after it), moved (before → after) and
/// updated in place (before).
///
/// It is derived by diffing the screen's rows before and after with
/// `listDiff`, the engine the data source runs on the same identities and
/// view models, so it names the same changes the data source applied:
/// deletes, inserts and moves in the batch, updates as controllers taking
/// new view models and reconfiguring their cells inside it.
public struct ToDoBatchReport: Equatable, Sendable, CustomStringConvertible {
  /// Indexes before the update of the rows removed.
  public var deleted: [Int]
  /// Indexes after the update of the rows added.
  public var inserted: [Int]
  /// Rows that changed place: index before, index after, by index after.
  public var moved: [ListMoveIndex]
  /// Indexes before the update of the rows whose view model changed.
  public var updated: [Int]

  /// The batch that turns `old` into `new`. O(n) in the rows.
  public init(from old: [ToDoRow], to new: [ToDoRow]) {
    let result = listDiff(oldArray: old, newArray: new)
    deleted = result.deletes
    inserted = result.inserts
    moved = result.moves
    updated = result.updates
  }

  /// Whether the batch changes anything.
  public var isEmpty: Bool {
    deleted.isEmpty && inserted.isEmpty && moved.isEmpty && updated.isEmpty
  }

  /// `deleted [..] inserted [..] moved [a→b] updated [..]`. O(changes).
  public var description: String {
    func list(_ indexes: [Int]) -> String { "[" + indexes.map(String.init).joined(separator: ", ") + "]" }
    let moves = "[" + moved.map { "\($0.from)→\($0.to)" }.joined(separator: ", ") + "]"
    return "deleted \(list(deleted)) inserted \(list(inserted)) moved \(moves) updated \(list(updated))"
  }
}
