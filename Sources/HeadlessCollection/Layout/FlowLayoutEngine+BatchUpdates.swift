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
  ///
  /// When the batch changed sections, `newMetrics` holds every section's
  /// metrics after it, and ``relayout(dirty:firstChangedSection:)`` must
  /// follow.
  mutating func apply(
    _ batch: ValidatedBatch, newCounts: [Int], invalidatedOld: [Int], placeholder: CGSize? = nil,
    newMetrics: [SectionMetrics]? = nil
  ) -> [Int] {
    replayRecords(batch, fresh: placeholder.map { .estimated($0) } ?? .unsized)
    if let remap = batch.sections, let newMetrics {
      replaceSections(remap, counts: newCounts, metrics: newMetrics)
    } else {
      var start = 0
      for section in sections.indices {
        sections[section].start = start
        sections[section].count = newCounts[section]
        start += newCounts[section]
      }
    }
    return changedItems(batch, invalidatedOld: invalidatedOld)
  }

  /// Rebuilds the section list after a batch that changed sections: the
  /// sections before `remap.firstChanged` keep their places (until
  /// ``relayout(dirty:firstChangedSection:)`` places what follows), the
  /// others are placed again.
  ///
  /// - Complexity: O(*s*).
  private mutating func replaceSections(_ remap: SectionRemap, counts: [Int], metrics: [SectionMetrics]) {
    var start = 0
    sections = counts.indices.map { index in
      defer { start += counts[index] }
      let kept = index < remap.firstChanged ? sections[index] : nil
      return SectionGeometry(
        start: start, count: counts[index], origin: kept?.origin ?? 0, end: kept?.end ?? 0,
        metrics: metrics[index])
    }
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
      // Rebuild in one ordered walk over the old records, block by block:
      // survivors come in ascending old order, so the reader only steps on.
      let old = store
      var reader: GeometryStore.Position? = old.count > 0 ? old.position(of: 0) : nil
      var readerIndex = 0
      var origins = batch.origins
      store = GeometryStore(count: batch.newCount) { _ in
        switch origins.next()! {
        case .inserted: return fresh
        case .moved(let source): return old[source].carried
        case .survivor(let source):
          while readerIndex < source {
            reader = old.position(after: reader!)
            readerIndex += 1
          }
          return old[reader!]
        }
      }
    }
  }

  /// The items (new indexes, ascending, each once) a batch changed: inserted
  /// and moved-in ones, reloaded and `invalidatedOld` ones (marked for
  /// sizing here), and the follower of each run of removed items.
  private mutating func changedItems(_ batch: ValidatedBatch, invalidatedOld: [Int]) -> [Int] {
    var dirty = batch.insertedNew
    for old in batch.reloadedOld {
      // A reloaded item of a moved section moves with it.
      guard let new = batch.newIndex(of: old) else { continue }
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
