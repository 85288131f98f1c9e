import Foundation
import HeadlessCollection
import ListDiff
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

extension ListDiffDataSource {
  // MARK: Scheduling

  /// The context of `root`'s update as it begins: what every feature adds.
  ///
  /// - Complexity: O(*f*) in the features, plus what each adds.
  private func context(of root: PendingRoot) -> RootContext {
    var context = RootContext(root: root.section)
    context.timed = performanceHandler != nil
    context.minimumAverageLeafCount = hooks.minimumAverageLeafCountForLeafwiseDiff
    for feature in features.all { feature.prepare(&context) }
    return context
  }

  /// Synchronous mode: applies the waiting roots one after another (a root
  /// set by one's callbacks is applied next). Called by `drain()` when the
  /// collection view can take a change.
  func applyWaitingRoots() {
    while let root = scheduler.takeForApplying() {
      finish(root, with: PreparedUpdate.prepare(context(of: root), old: list))
    }
  }

  /// Asynchronous mode: prepares the waiting root on a background task
  /// unless one is being prepared or applied; its end drains, which picks up
  /// the next.
  func startPreparingIfIdle() {
    guard let root = scheduler.takeForPreparing() else { return }
    let context = context(of: root)
    Task {
      // Read here rather than captured, so that the task does not keep the
      // list alive once it is replaced (see `release(_:)`).
      let drops = self.features.moving.dropCount
      var update = await PreparedUpdate.prepareInBackground(context, old: self.list)
      if self.features.moving.dropCount != drops {
        // The user moved an item while the root was diffed: the diff must
        // start from the list shown, with the move.
        (update.result, update.diffWasLeafwise, update.reading) = update.list.diff(
          from: self.list, minimumAverageLeafCount: context.minimumAverageLeafCount)
      }
      // Whether or not the diff had to start again: the root was set before
      // these moves were dropped.
      self.reportMovedItemsDeleted(by: update)
      self.scheduler.beginApplyingPrepared()
      self.finish(root, with: update)
      self.drain()
    }
  }

  /// Reports each item the user moved while `update`'s root was prepared
  /// (so before that root's drop-time state was known to the app) that the
  /// root deletes: the app heard the move of an item its root removes.
  ///
  /// - Complexity: O(1) when nothing was moved; otherwise O(*m*) once to
  ///   index the new list, and O(1) per moved item.
  private func reportMovedItemsDeleted(by update: PreparedUpdate) {
    let moved = features.moving.takeMovedWhilePreparing()
    guard !moved.isEmpty else { return }
    let shown = Set(update.list.keys)
    for key in moved where !shown.contains(key) {
      report(
        ListDiffDiagnostic(
          kind: .movedItemDeleted,
          message:
            "the root set before the drag of \"\(key.identifier)\" ended deletes it; moveHandler "
            + "heard the move (the item was shown when dropped), and the item is now removed",
          identifier: key.identifier))
    }
  }

  /// Applies `update` for `root`, tells the features, then runs the update
  /// handler and the root's completions, in order; roots they set wait for
  /// the next turn.
  private func finish(_ root: PendingRoot, with update: consuming PreparedUpdate) {
    let replaced = list
    let timer = performanceHandler == nil ? nil : UpdateTimer()
    let totalsBefore = tally.totals
    let anchoring = collectionView.contentAnchoring
    if let wanted = update.context.anchoring, anchoring == .none { collectionView.contentAnchoring = wanted }
    let applied = apply(update, animate: root.animate, timer: timer)
    collectionView.contentAnchoring = anchoring
    history.rootWasApplied(root.section)
    timer?.end()
    let counts = countsOfUpdate(from: replaced.count, update, since: totalsBefore)
    tally.rootApplied(counts, leafwise: update.diffWasLeafwise)
    let change = AppliedRoot(old: replaced, new: list, changes: update.result, context: update.context)
    for feature in features.all { feature.rootDidApply(change) }
    if let performanceHandler, let timer {
      performanceHandler(
        ListUpdatePerformance(
          flattenDuration: update.flattenDuration, diffDuration: update.diffDuration,
          mainActorDuration: timer.total, layoutDuration: timer.layout, counts: counts))
    }
    if let applied, let updateHandler { updateHandler(applied) }
    for completion in root.completions { completion() }
    scheduler.finishApplying()
    checkInvariants(after: "an applied root")
    // Moved, not copied, so that the release below holds the last reference.
    let (replacedKeys, replacedViewModels) = (consume replaced).partsForRelease()
    if history.keep(replacedViewModels) {
      Task { [reference = backReference] in reference.object?.history.releaseReplaced() }
    }
    Self.release(consume replacedKeys)
  }

  /// The work of the root just applied: the diff's counts, what it read,
  /// and what the running totals grew by since `totals`.
  private func countsOfUpdate(
    from itemsBefore: Int, _ update: borrowing PreparedUpdate, since totals: ListWorkCounts
  ) -> ListWorkCounts {
    var counts = tally.totals.work(since: totals)
    counts.itemsBefore = itemsBefore
    counts.itemsAfter = list.count
    counts.inserts = update.result.inserts.count
    counts.deletes = update.result.deletes.count
    counts.moves = update.result.moves.count
    counts.updates = update.result.updates.count
    counts.sectionsCompared = update.reading.sectionsCompared
    counts.sectionsSkipped = update.reading.sectionsSkipped
    counts.itemsCompared = update.reading.itemsCompared
    return counts
  }

  /// Lets go of the replaced list's identities (those it made, see
  /// `FlatList.keys`) on a background task when there are many:
  /// releasing every item's identifier is linear work (see the
  /// benchmark's E3 rows for what it costs) that the main actor need not
  /// wait for. They are
  /// the framework's own values (strings), whose release runs no user code.
  /// The replaced view models are not among them: they are the user's
  /// values and stay on the main actor (`ReplacedViewModels`).
  ///
  /// The caller hands over its last reference (`finish` moves it here),
  /// and the task empties the box it receives, so the array is freed
  /// while the task runs, on its thread, not whenever the task's closure
  /// happens to be destroyed; nothing released here outlives the task.
  private nonisolated static func release(
    _ replacedKeys: consuming [ListItemKey]
  ) {
    guard replacedKeys.count >= 4_096 else { return }
    let garbage = Garbage(replacedKeys)
    Task.detached(priority: .utility) { garbage.empty() }
  }

  // MARK: Applying

  /// Applies a prepared root: one batch update of deletes, inserts and moves,
  /// inside which updated items' controllers take their new view models,
  /// reconfigure their cells and have their sizes invalidated. Returns the
  /// update applied, nil when there was nothing to apply.
  ///
  /// Longer than most (about 90 lines) because it is one transaction read
  /// top to bottom: the retired controllers, the cells reconfigured inside
  /// the batch and the fallback reload share state that splitting would
  /// pass back and forth; each step is commented.
  func apply(_ update: PreparedUpdate, animate: Bool, timer: UpdateTimer? = nil) -> ListDiffUpdate? {
    for diagnostic in update.diagnostics { report(diagnostic) }
    let old = list
    let new = update.list
    let result = update.result
    guard result.hasChanges else {
      // Nothing to show differently; the new list still carries the newest
      // delegates for controllers created later, and may have other
      // (empty) sections, which a drag under way depends on.
      showList(withSameItems: new)
      timer?.layoutBegins()
      return nil
    }

    // Deleted items' controllers leave the store with the old list, inside
    // the batch, and are unmounted once it is applied. Not before: the
    // batch first lays out the old list (a pending layout, a drag it
    // cancels), whose working range and sizing look the old items'
    // controllers up, and would make new ones for the deleted items.
    var retired: [AnyListCellController] = []
    var deletedRetired = false
    func retireDeleted() {
      guard !deletedRetired else { return }
      deletedRetired = true
      // Many deletes read the old list's keys as a whole (made once, in
      // code specialized for the view models), a few read their own.
      let oldKeys = result.deletes.count > old.count / 8 ? old.keys : nil
      for index in result.deletes {
        if let controller = controllers.remove(oldKeys?[index] ?? old.key(at: index)) {
          retired.append(controller)
        }
      }
    }
    let shownCount = collectionView.numberOfItems(inSection: 0)
    var reconfigured: [ListCell] = []
    var applied = ListDiffUpdate(
      deletes: result.deletes, inserts: result.inserts, moves: result.moves, updates: result.updates,
      oldItemCount: shownCount, newItemCount: new.count, animated: animate)

    // Every item inserted into an empty collection without animation is the
    // same as loading it afresh, which skips an index path per item and the
    // batch's checks of them. Animated, it stays a batch of inserts, which
    // UIKit animates.
    let loadsAfresh = old.count == 0 && shownCount == 0 && !animate
    do {
      try collectionView.performBatchUpdates(
        {
          // First, so that anything a controller reads during the batch
          // (the item count, another item) is the new root.
          self.show(new)
          retireDeleted()
          if loadsAfresh {
            self.collectionView.reloadData()
            timer?.layoutBegins()
            return
          }
          if !result.deletes.isEmpty {
            self.collectionView.deleteItems(at: result.deletes.map { IndexPath(item: $0, section: 0) })
          }
          if !result.inserts.isEmpty {
            self.collectionView.insertItems(at: result.inserts.map { IndexPath(item: $0, section: 0) })
          }
          for move in result.moves {
            self.collectionView.moveItem(
              at: IndexPath(item: move.from, section: 0), to: IndexPath(item: move.to, section: 0))
          }
          if !result.updates.isEmpty {
            reconfigured = self.reconfigureUpdatedItems(of: result, in: new)
          }
          timer?.layoutBegins()
        }, animated: animate, completion: nil)
    } catch {
      report(
        ListDiffDiagnostic(
          kind: .rejectedBatch,
          message:
            "the collection view rejected the batch update (\(error)); reloaded all data instead"))
      show(new)
      retireDeleted()
      timer?.layoutBegins()
      collectionView.reloadData()
      applied = .reload(oldItemCount: shownCount, newItemCount: new.count)
    }

    // The batch's layout pass laid out the reconfigured cells on screen at
    // their new sizes; the others (off screen, in the reuse queue) now.
    for cell in reconfigured { cell.layoutIfNeeded() }
    for controller in retired { retire(controller) }
    // State changes made during the batch re-size their items now, at their
    // new index paths.
    invalidateDeferredSizes()
    collectionView.layoutIfNeeded()
    return applied
  }

  /// Hands updated items their new view models, reconfigures their mounted
  /// cells in place and invalidates their sizes: inside the batch, so the
  /// whole root is one update of the collection view. Returns the cells
  /// configured, whose layout waits for their new sizes.
  func reconfigureUpdatedItems(of result: _DiffChanges, in new: FlatList)
    -> [ListCell]
  {
    var invalidated: [IndexPath] = []
    invalidated.reserveCapacity(result.updates.count)
    var configured: [ListCell] = []
    for (old, target) in zip(result.updates, result.updateTargets) {
      if let controller = controllers[new.key(at: target)] {
        controller.receive(viewModel: new.viewModel(at: target))
        if let cell = controller.mountedListCell {
          configure(controller, cell, layoutNow: false)
          configured.append(cell)
        }
      }
      // Inside a batch the collection view takes index paths before the update.
      invalidated.append(IndexPath(item: old, section: 0))
    }
    collectionView.invalidateLayout(forItemsAt: invalidated)
    return configured
  }

  /// Lets go of a deleted item's controller: its disappearance callbacks and
  /// `willUnmount` if it is mounted on a cell, what the features owe it,
  /// then nothing more.
  func retire(_ controller: AnyListCellController) {
    countWork(.controllersReleased)
    if let cell = controller.mountedListCell { unmount(controller, from: cell) }
    for feature in features.all { feature.controllerWillLeave(controller) }
    controller.didLeaveList()
    controllers.detach(controller)
    appearance.forget(controller)
    deferredSizes.forget(controller)
  }
}

/// What `release(_:)` hands to its background task: the replaced list's
/// identities, freed when the task empties the box.
///
/// `@unchecked Sendable`: the keys are Sendable, and once the box is handed
/// over only that task touches it.
private final class Garbage: @unchecked Sendable {
  private var keys: [ListItemKey]

  init(_ keys: consuming [ListItemKey]) {
    self.keys = keys
  }

  /// Frees the keys, unless something else still refers to them.
  ///
  /// - Complexity: O(*n*) in the number of identities released.
  func empty() {
    keys = []
  }
}
