/// What changed between two arrays: IGListKit's `IGListIndexSetResult`.
///
/// Indexes follow UIKit's batch-update convention: `deletes` and `updates`
/// (and `moves`' `from`) are indexes into the old array; `inserts` (and
/// `moves`' `to`) are indexes into the new array.
///
/// The raw result is IGListKit's: an item that moved *and* changed is in both
/// `moves` and `updates`. Hand `forBatchUpdates()` to a collection view.
public struct ListDiffResult<Identifier: Hashable> {
  /// New indexes of inserted items, ascending.
  public let inserts: [Int]
  /// Old indexes of deleted items, ascending.
  public let deletes: [Int]
  /// Old indexes of items that kept their identity but are not equal, ascending.
  public let updates: [Int]
  /// Items that moved, old index to new index, in the order of their new index.
  public let moves: [ListMoveIndex]

  /// For each entry of `updates`, at the same position, the new index of the
  /// same item: `updateTargets[i]` is where the item at old index
  /// `updates[i]` is in the new array.
  ///
  /// This is the index a cell being reconfigured has after the batch, and
  /// what `forBatchUpdates()` inserts when it turns an update into a delete
  /// and an insert. It comes from the diff's own pairing, so it is right
  /// where identifiers repeat too. Empty when `updates` is.
  public let updateTargets: [Int]

  /// The diffed arrays, for `oldIndex`/`newIndex(forIdentifier:)`.
  @usableFromInline
  internal let _lookup: _IdentifierLookup<Identifier>

  @inlinable
  internal init(_ changes: _DiffChanges, lookup: _IdentifierLookup<Identifier>) {
    self.inserts = changes.inserts
    self.deletes = changes.deletes
    self.updates = changes.updates
    self.moves = changes.moves
    self.updateTargets = changes.updateTargets
    self._lookup = lookup
  }

  /// Whether anything was inserted, deleted, updated or moved.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var hasChanges: Bool {
    !(inserts.isEmpty && deletes.isEmpty && updates.isEmpty && moves.isEmpty)
  }

  /// `inserts.count + deletes.count + updates.count + moves.count`.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var changeCount: Int {
    inserts.count + deletes.count + updates.count + moves.count
  }

  /// The index in the old array of the item with `identifier` (its last
  /// occurrence where it repeats, as IGListKit's), or nil if it was not there.
  ///
  /// - Complexity: O(1) expected, amortized: the first look-up into the old
  ///   array indexes it, in O(*n*) time and 16 to 32 bytes per element,
  ///   which the result and its copies keep and share (safely across tasks).
  ///   A result never asked costs nothing for it.
  @inlinable
  public func oldIndex(forIdentifier identifier: Identifier) -> Int? {
    _lookup.oldIndex(of: identifier)
  }

  /// The index in the new array of the item with `identifier` (its last
  /// occurrence where it repeats, as IGListKit's), or nil if it is not there.
  ///
  /// - Complexity: O(1) expected, amortized: the first look-up into the new
  ///   array indexes it, in O(*m*) time and 16 to 32 bytes per element,
  ///   which the result and its copies keep and share (safely across tasks).
  ///   A result never asked costs nothing for it.
  @inlinable
  public func newIndex(forIdentifier identifier: Identifier) -> Int? {
    _lookup.newIndex(of: identifier)
  }

  /// The result rewritten as a batch UIKit accepts, as IGListKit's
  /// `resultForBatchUpdates`: UIKit cannot reload an item that also moves, and
  /// reloads by old index, so every update becomes a delete of its old index
  /// and an insert of its new one, and a move whose item also changed becomes
  /// that delete and insert instead of a move. `updates` is then empty.
  ///
  /// Equal to IGListKit's where identifiers are unique. Where they repeat,
  /// each updated occurrence is converted on its own, so the batch still
  /// satisfies `old.count + inserts - deletes == new.count` (IGListKit's
  /// does not: it converts only one index per identifier).
  ///
  /// - Complexity: O(*c* log *c*), *c* the number of changes.
  @inlinable
  public func forBatchUpdates() -> ListDiffResult {
    guard !updates.isEmpty else { return self }
    var deletes = self.deletes
    var inserts = self.inserts
    var converted = [Bool](repeating: false, count: updates.count)
    var moves: [ListMoveIndex] = []
    moves.reserveCapacity(self.moves.count)
    for move in self.moves {
      // `updates` is ascending, so a binary search finds a move's update.
      let slot = updates.lowerBound(of: move.from)
      if slot < updates.count && updates[slot] == move.from {
        converted[slot] = true
        deletes.append(move.from)
        inserts.append(move.to)
      } else {
        moves.append(move)
      }
    }
    for slot in updates.indices where !converted[slot] {
      deletes.append(updates[slot])
      inserts.append(updateTargets[slot])
    }
    deletes.sort()
    inserts.sort()
    return ListDiffResult(
      _DiffChanges(inserts: inserts, deletes: deletes, updates: [], moves: moves, updateTargets: []),
      lookup: _lookup)
  }
}

extension ListDiffResult: Sendable where Identifier: Sendable {}

extension ListDiffResult: Equatable {
  /// Results are equal when their inserts, deletes, updates, moves and
  /// update targets are (the identifiers they were computed from are not
  /// compared).
  ///
  /// - Complexity: O(*c*), *c* the number of changes.
  @inlinable
  public static func == (lhs: ListDiffResult, rhs: ListDiffResult) -> Bool {
    lhs.inserts == rhs.inserts && lhs.deletes == rhs.deletes
      && lhs.updates == rhs.updates && lhs.moves == rhs.moves
      && lhs.updateTargets == rhs.updateTargets
  }
}

extension ListDiffResult: CustomStringConvertible {
  /// `"inserts [..] deletes [..] updates [..] moves [a→b, ..]"`.
  public var description: String {
    "inserts \(inserts) deletes \(deletes) updates \(updates) moves \(moves)"
  }
}

extension _DiffChanges {
  /// The index sets of `result`, without its look-ups.
  ///
  /// - Complexity: O(1): the arrays are shared.
  @inlinable
  package init<Identifier>(_ result: ListDiffResult<Identifier>) {
    self.init(
      inserts: result.inserts, deletes: result.deletes, updates: result.updates,
      moves: result.moves, updateTargets: result.updateTargets)
  }

  /// Whether anything was inserted, deleted, updated or moved.
  @inlinable
  package var hasChanges: Bool {
    !(inserts.isEmpty && deletes.isEmpty && updates.isEmpty && moves.isEmpty)
  }
}
