import Foundation

extension CollectionView {
  /// Applies the inserts, deletes, moves and reloads announced in `updates`
  /// as one update, after checking the whole batch with UIKit's rules.
  ///
  /// The collection lays out first, so "before the update" is what it shows.
  /// Then `updates` runs: change the data source there and announce the
  /// changes with ``insertItems(at:)``, ``deleteItems(at:)``,
  /// ``reloadItems(at:)`` and ``moveItem(at:to:)``. While it runs the
  /// collection still shows the old state: ``cellForItem(at:)`` finds cells by
  /// their old index paths, so cells can be reconfigured in place, and
  /// ``invalidateLayout(forItemsAt:)`` (old index paths) resizes them in this
  /// batch's layout. Afterwards the data source's counts are read and the
  /// batch is validated as a whole — deletes, reloads and move sources against
  /// the old counts, inserts and move destinations against the new ones.
  ///
  /// If the batch breaks a rule, this throws the ``BatchUpdateError`` with
  /// UIKit's message and changes nothing: same counts, cells, frames, sizes
  /// and offset (`completion` is not called). Otherwise deletes, inserts,
  /// moves and reloads take effect with UIKit's meaning — moved items keep
  /// their cells, reloaded items get a fresh cell from the data source,
  /// inserted and reloaded items are sized — the layout is updated from the
  /// first changed item, the visible cells are updated, and `completion` is
  /// called with `true` before this returns. There are no animations, so
  /// `animated`-style callers see the final state at once.
  ///
  /// Calls nested inside `updates` join this batch (their completions run
  /// with it). ``reloadData()`` inside `updates` turns the batch into a
  /// reload, without validation. A batch started while the collection asks
  /// its delegate for sizes or section metrics throws
  /// ``BatchUpdateError/batchDuringSizing`` without running `updates`.
  ///
  /// - Complexity: O(*k* log *k*) for *k* changes, plus the lines the layout
  ///   moves and O(*v*) for the visible cells; O(*n*) only when *k* is a
  ///   sizeable fraction of the *n* items.
  public func performBatchUpdates(
    _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) throws(BatchUpdateError) {
    try performBatchUpdates(updates, animated: true, completion: completion)
  }

  /// ``performBatchUpdates(_:completion:)`` with an explicit choice of
  /// animation, as UIKit expresses with `UIView.performWithoutAnimation`.
  /// Nothing is drawn here, so both apply the batch at once; the choice is
  /// kept for this package's tests.
  ///
  /// - Complexity: as ``performBatchUpdates(_:completion:)``.
  public func performBatchUpdates(
    _ updates: (() -> Void)?, animated: Bool, completion: ((Bool) -> Void)? = nil
  ) throws(BatchUpdateError) {
    if let openBatch = itemUpdates.openBatch {
      updates?()
      if let completion { openBatch.completions.append(completion) }
      return
    }
    // Sizes are being asked: the items are between two placements and a
    // batch now would apply to half-placed records. Refuse it whole.
    if invalidation.isMeasuring { throw .batchDuringSizing }
    // The data source describes the order without the move in progress, so
    // the batch is read against that order: the movement is cancelled first.
    if itemUpdates.movement != nil { cancelInteractiveMovement() }
    layoutIfNeeded()
    let batch = BatchRecorder()
    if let completion { batch.completions.append(completion) }
    itemUpdates.openBatch = batch
    updates?()
    itemUpdates.openBatch = nil

    if batch.reloadsAllData {
      reloadData()
      for completion in batch.completions { completion(true) }
      return
    }
    let oldCounts = engine.sections.map(\.count)
    let newCounts = currentDataSourceCounts()
    let validated = try BatchValidator.validate(batch, oldCounts: oldCounts, newCounts: newCounts)
    let invalidatedOld = batch.invalidations.compactMap(global)
    itemUpdates.noteBatchApplied(animated: animated)
    apply(validated, newCounts: newCounts, invalidatedOld: invalidatedOld)
    checkInvariantsIfEnabled(after: "a batch update")
    layoutIfNeeded()
    position.releaseAnchor()
    for completion in batch.completions { completion(true) }
  }

  /// Announces items inserted at `indexPaths` (index paths after the
  /// update). Inside ``performBatchUpdates(_:completion:)`` it joins the
  /// batch; outside, it is a batch of its own, and since this method cannot
  /// throw, an invalid change goes to ``invalidUpdateHandler`` or, without
  /// one, stops the program with the batch's message, as UIKit's exception
  /// does — wrap it in a batch to get the error thrown instead.
  ///
  /// - Complexity: O(*k*) inside a batch.
  public func insertItems(at indexPaths: [IndexPath]) {
    record { $0.inserts += indexPaths }
  }

  /// Announces the deletion of the items at `indexPaths` (index paths before
  /// the update). Outside a batch it behaves as ``insertItems(at:)`` says.
  ///
  /// - Complexity: O(*k*) inside a batch.
  public func deleteItems(at indexPaths: [IndexPath]) {
    record { $0.deletes += indexPaths }
  }

  /// Announces that the items at `indexPaths` (index paths before the
  /// update) changed: they get fresh cells from the data source and are sized
  /// again. Outside a batch it behaves as ``insertItems(at:)`` says.
  ///
  /// - Complexity: O(*k*) inside a batch.
  public func reloadItems(at indexPaths: [IndexPath]) {
    record { $0.reloads += indexPaths }
  }

  /// Announces that the item at `indexPath` (before the update) moves to
  /// `newIndexPath` (after the update), keeping its cell and size. Outside a
  /// batch it behaves as ``insertItems(at:)`` says.
  ///
  /// - Complexity: O(1) inside a batch.
  public func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
    record { $0.moves.append((indexPath, newIndexPath)) }
  }

  /// Announces sections inserted at `sections` (indexes after the update).
  /// Their items come from the data source with them: they are not item
  /// inserts, and an item insert or move into an inserted section is an
  /// error. A section named twice is inserted once. Outside a batch it
  /// behaves as ``insertItems(at:)`` says.
  ///
  /// - Complexity: O(*c*) for *c* sections inside a batch.
  public func insertSections(_ sections: IndexSet) {
    record { $0.sectionInserts.formUnion(sections) }
  }

  /// Announces the deletion of `sections` (indexes before the update) with
  /// their items: their cells go to the reuse queue and their selection
  /// goes. Their items are not item deletes, and an item deleted, reloaded or
  /// moved out of a deleted section is an error. Outside a batch it behaves
  /// as ``insertItems(at:)`` says.
  ///
  /// - Complexity: O(*c*) for *c* sections inside a batch.
  public func deleteSections(_ sections: IndexSet) {
    record { $0.sectionDeletes.formUnion(sections) }
  }

  /// Announces that `sections` (indexes before the update) changed as a
  /// whole. UIKit performs a reload as a delete of the section and an insert
  /// of a new one where it lands, and so does this: the section may hold a
  /// different number of items afterwards, every item of it gets a fresh
  /// cell and is sized again, its selection goes, and it counts as one
  /// section inserted and one deleted. Outside a batch it behaves as
  /// ``insertItems(at:)`` says.
  ///
  /// - Complexity: O(*c*) for *c* sections inside a batch.
  public func reloadSections(_ sections: IndexSet) {
    record { $0.sectionReloads.formUnion(sections) }
  }

  /// Announces that section `section` (before the update) moves to
  /// `newSection` (after the update) with its items, which keep their cells,
  /// sizes and selection. Item changes inside it name it by its index before
  /// the update (deletes, reloads, move sources) or after (inserts, move
  /// destinations), as for any section. Outside a batch it behaves as
  /// ``insertItems(at:)`` says.
  ///
  /// - Complexity: O(1) inside a batch.
  public func moveSection(_ section: Int, toSection newSection: Int) {
    record { $0.sectionMoves.append((section, newSection)) }
  }

  /// Adds a change to the open batch, or performs it as a batch of its own.
  private func record(_ change: @escaping (BatchRecorder) -> Void) {
    if let openBatch = itemUpdates.openBatch {
      change(openBatch)
      return
    }
    do {
      try performBatchUpdates { change(self.itemUpdates.openBatch!) }
    } catch {
      if let invalidUpdateHandler {
        invalidUpdateHandler(error)
        return
      }
      // fatalError, not preconditionFailure: the message must survive -O.
      fatalError(error.description)
    }
  }

  /// Applies a validated batch: the parts that hold indexes follow the
  /// items through one replay, then the layout places what changed.
  ///
  /// - Complexity: O(*k* log *k*) for *k* changes, plus O(*v* + *q* + *m* +
  ///   *p*) for the cells on screen and queued, the selected and the
  ///   prefetched items, plus the lines the layout moves.
  func apply(_ batch: ValidatedBatch, newCounts: [Int], invalidatedOld: [Int]) {
    itemUpdates.noteItemsChanged()
    remapParts(through: ItemRemap(batch, oldSections: engine.sections))

    // Moved and surviving sections keep their metrics; new ones are asked.
    let newMetrics = batch.sections.map { remap in
      let asked = sectionMetrics(for: remap.sourceOfNew.indices.filter { remap.sourceOfNew[$0] == nil })
      var next = asked.makeIterator()
      return remap.sourceOfNew.map { source in source.map { engine.sections[$0].metrics } ?? next.next()! }
    }
    let anchor = captureAnchor(for: batch)
    let dirty = engine.apply(
      batch, newCounts: newCounts, invalidatedOld: invalidatedOld, placeholder: activeEstimate,
      newMetrics: newMetrics)
    resolveSizes(dirty)
    engine.relayout(dirty: dirty, firstChangedSection: batch.sections?.firstChanged)
    if let anchor { restore(anchor, after: batch) }
    invalidation.setNeedsLayout()
  }

  /// The one replay of a batch over the parts that hold item or section
  /// indexes, each following its own rule (a reloaded item keeps its
  /// selection but not its cell…) through the same mapping. A method of its
  /// own so that `remap`, which shares the old sections with the layout, is
  /// gone before the layout changes them. Nothing here calls a client: the
  /// parts are consistent again before anyone can look.
  ///
  /// The parts a batch does not remap, and why: the pinned ranges are the
  /// data source's (it sets them anew) and their frames are worked out by
  /// every pass; a movement by hand is cancelled before a batch, and its
  /// own steps (one-move batches) set its index path themselves; the
  /// anchored item is set by the batch itself, after this, in new indexes.
  ///
  /// - Complexity: O((*v* + *q* + *m* + *p* + *i*) log *k*) for the cells
  ///   on screen and queued, the selected and prefetched items and the
  ///   pending invalidations, and *k* changes; plus O(*s*) for *s*
  ///   sections when the batch changed sections.
  private func remapParts(through remap: ItemRemap) {
    cells.remap(through: remap)
    selection.remap(through: remap)
    reuse.remap(through: remap)
    supplementaries.remap(through: remap)
    invalidation.remap(through: remap)
    prefetcher.remap(through: remap)
  }
}
