import ListDiff
import ListDiffUI

/// Why a reported update could not be replayed.
struct ReplayError: Error, CustomStringConvertible {
  var description: String
}

/// Replays `update` on `old` the way UIKit applies a batch, written from
/// UIKit's rules rather than from the data source's code: deleted items and
/// move sources leave; inserted items (made by `inserted` from their new
/// index) and move destinations take their places; every other item keeps
/// its order and fills the remaining places, first to last.
///
/// Throws when the update is not a batch UIKit would accept for `old`:
/// wrong counts, an index out of range or used twice, a deleted item moved.
func replay<Element>(
  _ update: ListDiffUpdate, on old: [Element], inserted: (Int) -> Element
) throws(ReplayError) -> [Element] {
  guard !update.isReload else { throw ReplayError(description: "a reload has no batch to replay") }
  guard update.oldItemCount == old.count else {
    throw ReplayError(description: "oldItemCount \(update.oldItemCount) but \(old.count) items shown")
  }
  let newCount = old.count - update.deletes.count + update.inserts.count
  guard newCount == update.newItemCount else {
    throw ReplayError(description: "\(old.count) - deletes + inserts = \(newCount), not \(update.newItemCount)")
  }
  guard update.deletes == update.deletes.sorted(), update.inserts == update.inserts.sorted(),
    update.updates == update.updates.sorted()
  else { throw ReplayError(description: "indexes not ascending") }

  var leaving = Set<Int>()
  for index in update.deletes + update.moves.map(\.from) {
    guard old.indices.contains(index), leaving.insert(index).inserted else {
      throw ReplayError(description: "old index \(index) out of range, or deleted or moved twice")
    }
  }
  for index in update.updates where !old.indices.contains(index) || update.deletes.contains(index) {
    throw ReplayError(description: "update of old index \(index), which is out of range or deleted")
  }
  var result = [Element?](repeating: nil, count: newCount)
  for index in update.inserts {
    guard result.indices.contains(index), result[index] == nil else {
      throw ReplayError(description: "insert at \(index) out of range or repeated")
    }
    result[index] = inserted(index)
  }
  for move in update.moves {
    guard result.indices.contains(move.to), result[move.to] == nil else {
      throw ReplayError(description: "move to \(move.to) out of range or onto a taken place")
    }
    result[move.to] = old[move.from]
  }
  var staying = old.indices.lazy.filter { !leaving.contains($0) }.makeIterator()
  for index in result.indices where result[index] == nil {
    guard let next = staying.next() else { throw ReplayError(description: "too few items to fill \(index)") }
    result[index] = old[next]
  }
  guard staying.next() == nil else { throw ReplayError(description: "items left over") }
  return result.map { $0! }
}

/// Where each item after `update` comes from: the old index of a kept item,
/// nil for an inserted one.
func sources(of update: ListDiffUpdate) throws(ReplayError) -> [Int?] {
  try replay(update, on: Array(0..<update.oldItemCount).map { Optional($0) }) { _ in nil }
}
