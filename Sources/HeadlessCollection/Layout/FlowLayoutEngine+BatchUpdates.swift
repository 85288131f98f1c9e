import Foundation

extension FlowLayoutEngine {
  // MARK: Batch updates

  /// Applies a validated batch to the records: removes deleted and moved-out
  /// items, inserts new ones (to be sized) and moved ones (keeping their
  /// sizes), marks reloaded and `invalidatedOld` items for sizing, updates the
  /// section counts, and returns the changed items (new global indexes,
  /// ascending) for ``relayout(dirty:)``, after their sizes are set.
  ///
  /// - Complexity: O(*k* (block size + *n* / block size)) for a batch of *k*
  ///   changes, or O(*n*) when *k* is large enough that rebuilding the store
  ///   is cheaper.
  ///
  /// Inserted items are laid out at `placeholder` until sized when it is
  /// given (an estimated size), else they are unsized.
  mutating func apply(
    _ batch: ValidatedBatch, newCounts: [Int], invalidatedOld: [Int], placeholder: CGSize? = nil
  ) -> [Int] {
    replayRecords(batch, fresh: placeholder.map { .estimated($0) } ?? .unsized)
    var start = 0
    for section in sections.indices {
      sections[section].start = start
      sections[section].count = newCounts[section]
      start += newCounts[section]
    }
    return changedItems(batch, invalidatedOld: invalidatedOld)
  }

  /// Removes the batch's deleted and moved-out records and inserts records
  /// for its inserted items (`fresh`) and moved ones (carried over): record
  /// by record for a small batch, else in one ordered walk that rebuilds the
  /// store.
  private mutating func replayRecords(_ batch: ValidatedBatch, fresh: ItemGeometry) {
    let changeCount = batch.removedOld.count + batch.insertedNew.count
    let moveSources = Dictionary(
      batch.moves.map { ($0.new, $0.old) }, uniquingKeysWith: { first, _ in first })
    if changeCount <= max(32, store.count / 256) {
      var movedRecords: [Int: ItemGeometry] = [:]
      for move in batch.moves { movedRecords[move.old] = store[move.old].carried }
      for old in batch.removedOld.reversed() { store.remove(at: old) }
      for new in batch.insertedNew {
        if let old = moveSources[new], let record = movedRecords[old] {
          store.insert(record, at: new)
        } else {
          store.insert(fresh, at: new)
        }
      }
    } else {
      // Rebuild in one ordered walk over the old records, block by block.
      let old = store
      var reader: GeometryStore.Position? = old.count > 0 ? old.position(of: 0) : nil
      var oldIndex = 0
      var removed = batch.removedOld.makeIterator()
      var nextRemoved = removed.next()
      var inserted = batch.insertedNew.makeIterator()
      var nextInserted = inserted.next()
      store = GeometryStore(count: batch.newCount) { newIndex in
        if newIndex == nextInserted {
          nextInserted = inserted.next()
          if let source = moveSources[newIndex] { return old[source].carried }
          return fresh
        }
        while oldIndex == nextRemoved {
          oldIndex += 1
          nextRemoved = removed.next()
          reader = old.position(after: reader!)
        }
        let record = old[reader!]
        oldIndex += 1
        reader = old.position(after: reader!)
        return record
      }
    }
  }

  /// The items (new indexes, ascending, each once) a batch changed: inserted
  /// and moved-in ones, reloaded and `invalidatedOld` ones (marked for
  /// sizing here), and the follower of each run of removed items.
  private mutating func changedItems(_ batch: ValidatedBatch, invalidatedOld: [Int]) -> [Int] {
    var dirty = batch.insertedNew
    for old in batch.reloadedOld {
      let new = batch.newIndex(ofSurvivor: old)
      invalidateSize(of: new)
      dirty.append(new)
    }
    for old in invalidatedOld {
      guard let new = batch.newIndex(of: old) else { continue }
      invalidateSize(of: new)
      dirty.append(new)
    }
    // The item after each run of removed items now follows a different item,
    // so its line may change even though it did not.
    var runEnd = -2
    for old in batch.removedOld {
      if old != runEnd + 1, runEnd >= 0 { dirty.append(follower(ofRemovedRunEndingAt: runEnd, in: batch)) }
      runEnd = old
    }
    if runEnd >= 0 { dirty.append(follower(ofRemovedRunEndingAt: runEnd, in: batch)) }
    dirty.sort()
    // An item can be named more than once (reloaded and invalidated, say).
    var unique: [Int] = []
    unique.reserveCapacity(dirty.count)
    for index in dirty where unique.last != index { unique.append(index) }
    return unique
  }

  /// The new index of the first old item after a run of removed items that
  /// ends at old index `runEnd`, or the new item count if none is left.
  private func follower(ofRemovedRunEndingAt runEnd: Int, in batch: ValidatedBatch) -> Int {
    let next = runEnd + 1
    return next < batch.oldCount ? batch.newIndex(ofSurvivor: next) : batch.newCount
  }
}
