import HeadlessCollection
import ListDiff

/// One root as the collection view received it: the batch update
/// ``ListDiffDataSource`` applied, reported to its
/// ``ListDiffDataSource/updateHandler`` once the batch is applied and laid out.
///
/// All indexes are item indexes in collection section 0, with UIKit's batch
/// conventions: ``deletes`` and ``updates`` count from the items shown before
/// the update, ``inserts`` from the items shown after it, and each of
/// ``moves`` goes from an index before to an index after. Items in none of
/// these keep their cells and their order, filling the places after the
/// update that no insert or move takes, so replaying an update on a copy of
/// the old items gives the new ones:
///
/// ```swift
/// dataSource.updateHandler = { update in
///   print(update)
///   // deleted [3] inserted [0, 5] moved [4→1] updated [2]
/// }
/// ```
///
/// ``moves`` holds `ListMoveIndex` values from the `ListDiff` module, the
/// type `listDiff` reports moves with; their `from` and `to` are readable
/// without importing `ListDiff`, which is needed only to name the type.
///
/// When the collection view rejected the batch (a ``ListDiffDiagnostic/Kind/rejectedBatch``
/// diagnostic says why) and the data source fell back to `reloadData()`,
/// the update is a reload: ``isReload`` is true and the four lists are
/// empty, because every item was loaded afresh rather than changed one by
/// one. The first root is not a reload: it is a batch of inserts into the
/// empty collection.
public struct ListDiffUpdate: Sendable, Hashable, CustomStringConvertible {
  /// Indexes before the update of the items removed, ascending.
  public var deletes: [Int]

  /// Indexes after the update of the items added, ascending.
  public var inserts: [Int]

  /// Items that changed place, each from its index before the update to its
  /// index after it, ordered by the index after (as `listDiff` orders them).
  ///
  /// An item is moved when its place among the items present both before
  /// and after the update changed; an index shifted only by inserts and
  /// deletes is not a move. A moved item whose view model also changed is
  /// in ``updates`` too.
  public var moves: [ListMoveIndex]

  /// Indexes **before** the update of the items that kept their identity
  /// but whose view model changed, ascending — UIKit's convention for
  /// `reloadItems(at:)`, and `listDiff`'s for its updates. Their controllers
  /// took the new view models and reconfigured their mounted cells in place,
  /// inside the batch; the cells were not reloaded.
  public var updates: [Int]

  /// The number of items the collection view showed before the update.
  public var oldItemCount: Int

  /// The number of items the collection view shows after the update.
  public var newItemCount: Int

  /// Whether the batch was animated: the `animate` the root was set with.
  /// Always false for a reload, which UIKit never animates.
  public var animated: Bool

  /// Whether the collection view reloaded all its data instead of applying
  /// a batch, after rejecting the batch the diff gave. The change lists of a
  /// reload are empty.
  public var isReload: Bool

  /// An update with the given changes.
  ///
  /// The data source's updates always satisfy
  /// `oldItemCount - deletes.count + inserts.count == newItemCount` unless
  /// they are reloads; this initializer, meant for comparing against them in
  /// tests, checks nothing.
  ///
  /// - Complexity: O(1).
  public init(
    deletes: [Int] = [], inserts: [Int] = [], moves: [ListMoveIndex] = [], updates: [Int] = [],
    oldItemCount: Int, newItemCount: Int, animated: Bool = false, isReload: Bool = false
  ) {
    self.deletes = deletes
    self.inserts = inserts
    self.moves = moves
    self.updates = updates
    self.oldItemCount = oldItemCount
    self.newItemCount = newItemCount
    self.animated = animated
    self.isReload = isReload
  }

  /// The reload the data source falls back to when the collection view
  /// rejects a batch: no per-item changes, not animated.
  ///
  /// - Complexity: O(1).
  public static func reload(oldItemCount: Int, newItemCount: Int) -> ListDiffUpdate {
    ListDiffUpdate(oldItemCount: oldItemCount, newItemCount: newItemCount, isReload: true)
  }

  /// The number of deletes, inserts, moves and updates.
  ///
  /// - Complexity: O(1).
  public var changeCount: Int {
    deletes.count + inserts.count + moves.count + updates.count
  }

  /// Whether the update changed anything: a reload always does; a batch
  /// when it has any change.
  ///
  /// - Complexity: O(1).
  public var hasChanges: Bool {
    isReload || changeCount > 0
  }

  /// `deleted [..] inserted [..] moved [a→b] updated [..]`, with indexes as
  /// the properties hold them; a reload reads `reloaded all items (3 → 5)`.
  ///
  /// - Complexity: O(*c*) in the number of changes.
  public var description: String {
    if isReload {
      return "reloaded all items (\(oldItemCount) → \(newItemCount))"
    }
    func list(_ indexes: [Int]) -> String {
      "[" + indexes.map(String.init).joined(separator: ", ") + "]"
    }
    let moved = "[" + moves.map { "\($0.from)→\($0.to)" }.joined(separator: ", ") + "]"
    return "deleted \(list(deletes)) inserted \(list(inserts)) moved \(moved) updated \(list(updates))"
  }
}

extension ListDiffUpdate {
  /// Replays this update onto `array` as UIKit applies the batch to a
  /// collection view's items, so that a copy of what was shown before the
  /// update becomes what is shown after it.
  ///
  /// The items at ``deletes`` and at the sources of ``moves`` leave; each
  /// index of ``inserts`` gets the value `inserting` makes for it, each
  /// move's destination gets the item from its source, and every other item
  /// keeps its order in the places that remain. ``updates`` move nothing, so
  /// the replay leaves their items where the batch puts them: apply the new
  /// values yourself if the array holds values rather than identities. A
  /// reload (``isReload``) replaces every item: `array` becomes
  /// ``newItemCount`` values made by `inserting`.
  ///
  /// ```swift
  /// var shown = ["a", "b", "c"]
  /// dataSource.updateHandler = { update in
  ///   try? update.apply(to: &shown) { newIdentifiers[$0] }
  /// }
  /// ```
  ///
  /// The batch is checked first with the rules the collection view checks
  /// (UIKit's), against `array.count` items before the update and
  /// ``newItemCount`` after it; where it does not fit, this throws the
  /// ``/HeadlessCollection/BatchUpdateError`` the collection view throws for the same batch,
  /// with UIKit's message, and leaves `array` unchanged. An update the data
  /// source reported always fits a copy of the items it was applied to.
  ///
  /// - Parameters:
  ///   - array: the items before the update; the items after it on return.
  ///   - inserting: makes the value of the item inserted at a new index.
  ///     Called once per insert, in ascending order of index, after the
  ///     batch has been checked.
  /// - Complexity: O(*n* + *c* log *c*) for *n* items and *c* changes.
  public func apply<T>(to array: inout [T], inserting: (Int) -> T) throws(BatchUpdateError) {
    if isReload {
      array = (0..<max(0, newItemCount)).map(inserting)
      return
    }
    try BatchUpdateError.replayItemBatch(
      deletes: deletes, inserts: inserts, moves: moves.map { ($0.from, $0.to) },
      newCount: newItemCount, on: &array, inserting: inserting)
  }
}
