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
  public var inserts: [Int]
  /// Old indexes of deleted items, ascending.
  public var deletes: [Int]
  /// Old indexes of items that kept their identity but are not equal, ascending.
  public var updates: [Int]
  /// Items that moved, old index to new index, in the order of their new index.
  public var moves: [ListMoveIndex]

  /// For each entry of `updates`, the new index of the same item: what
  /// `forBatchUpdates()` inserts when it turns an update into a delete and an
  /// insert. Kept per pair, so it stays right where identifiers repeat.
  @usableFromInline
  internal var _updateTargets: [Int]

  /// The diffed arrays, for `oldIndex`/`newIndex(forIdentifier:)`.
  @usableFromInline
  internal var _lookup: _IdentifierLookup<Identifier>

  @inlinable
  internal init(
    inserts: [Int], deletes: [Int], updates: [Int], moves: [ListMoveIndex],
    updateTargets: [Int], lookup: _IdentifierLookup<Identifier>
  ) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
    self._updateTargets = updateTargets
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
  /// - Complexity: O(*n*) in the old array's length: a scan from the end.
  ///   To look up many identifiers, build a dictionary once.
  @inlinable
  public func oldIndex(forIdentifier identifier: Identifier) -> Int? {
    _lookup.oldIndex(of: identifier)
  }

  /// The index in the new array of the item with `identifier` (its last
  /// occurrence where it repeats, as IGListKit's), or nil if it is not there.
  ///
  /// - Complexity: O(*m*) in the new array's length: a scan from the end.
  ///   To look up many identifiers, build a dictionary once.
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
    // `updates` is ascending, so a binary search finds a move's update.
    var converted = [Bool](repeating: false, count: updates.count)
    func updateSlot(ofOld index: Int) -> Int? {
      var low = 0
      var high = updates.count
      while low < high {
        let middle = (low + high) / 2
        if updates[middle] < index { low = middle + 1 } else { high = middle }
      }
      return low < updates.count && updates[low] == index ? low : nil
    }
    var moves: [ListMoveIndex] = []
    moves.reserveCapacity(self.moves.count)
    for move in self.moves {
      if let slot = updateSlot(ofOld: move.from) {
        converted[slot] = true
        deletes.append(move.from)
        inserts.append(move.to)
      } else {
        moves.append(move)
      }
    }
    for slot in updates.indices where !converted[slot] {
      deletes.append(updates[slot])
      inserts.append(_updateTargets[slot])
    }
    deletes.sort()
    inserts.sort()
    return ListDiffResult(
      inserts: inserts, deletes: deletes, updates: [], moves: moves, updateTargets: [],
      lookup: _lookup)
  }
}

extension ListDiffResult: Sendable where Identifier: Sendable {}

extension ListDiffResult: Equatable {
  /// Results are equal when their inserts, deletes, updates and moves are.
  ///
  /// - Complexity: O(*c*), *c* the number of changes.
  @inlinable
  public static func == (lhs: ListDiffResult, rhs: ListDiffResult) -> Bool {
    lhs.inserts == rhs.inserts && lhs.deletes == rhs.deletes
      && lhs.updates == rhs.updates && lhs.moves == rhs.moves
  }
}

extension ListDiffResult: CustomStringConvertible {
  /// `"inserts [..] deletes [..] updates [..] moves [a→b, ..]"`.
  public var description: String {
    "inserts \(inserts) deletes \(deletes) updates \(updates) moves \(moves)"
  }
}
