import Foundation
import HeadlessCollection
import ListDiff

/// A root waiting to be applied: the newest one set, with the completions of
/// every root it superseded.
struct PendingRoot {
  var section: Section?
  var animate: Bool
  var completions: [@MainActor () -> Void]
}

/// The identities of the items shown, kept to find duplicates among inserted
/// items without hashing the whole list on every update.
///
/// A class so that the set can move to the task preparing an update and be
/// changed there in place (a value captured by two tasks would be copied,
/// all 100,000 entries of it). Only one update is prepared at a time, either
/// synchronously on the main actor or on the one background task the data
/// source runs, and the main actor does not touch the set meanwhile: that
/// exclusive hand-over is what makes the unchecked `Sendable` sound.
final class KeyStore: @unchecked Sendable {
  var keys: Set<ListItemKey> = []
}

/// A root flattened and diffed against the list shown, ready to apply.
struct PreparedUpdate: Sendable {
  var list: FlatList
  var result: ListDiffResult<ListItemKey>
  var diagnostics: [ListDiffDiagnostic]
}

extension ListDiffDataSource {
  // MARK: Scheduling

  func enqueue(_ section: Section?, animate: Bool, completion: (@MainActor () -> Void)?) {
    var pending = pendingRoot ?? PendingRoot(section: nil, animate: animate, completions: [])
    pending.section = section
    pending.animate = animate
    if let completion { pending.completions.append(completion) }
    pendingRoot = pending
  }

  /// Synchronous mode: prepares and applies pending roots until none is left
  /// (a completion or callback may set another).
  func applyPendingRootsNow() {
    while let pending = pendingRoot {
      pendingRoot = nil
      let update = Self.prepare(root: pending.section, old: list, keyStore: keyStore)
      apply(update, animate: pending.animate)
      for completion in pending.completions { completion() }
    }
  }

  /// Asynchronous mode: starts preparing the pending root on a background
  /// task unless one is already being prepared (it picks the pending root up
  /// when it is done).
  func startPreparingIfIdle() {
    guard !isPreparing, !isApplying, let pending = pendingRoot else { return }
    pendingRoot = nil
    isPreparing = true
    let old = list
    let keyStore = keyStore
    let section = pending.section
    Task {
      let update = await Self.prepareInBackground(root: section, old: old, keyStore: keyStore)
      self.isPreparing = false
      self.apply(update, animate: pending.animate)
      for completion in pending.completions { completion() }
      self.startPreparingIfIdle()
    }
  }

  @concurrent
  nonisolated static func prepareInBackground(
    root: Section?, old: FlatList, keyStore: KeyStore
  ) async -> PreparedUpdate {
    prepare(root: root, old: old, keyStore: keyStore)
  }

  // MARK: Preparing: flatten, diff, drop duplicates

  /// Flattens `root` and diffs it against `old`, dropping repeated identities
  /// (the first occurrence stays) and bringing `keyStore` up to date.
  ///
  /// Why duplicates are looked for only among inserted items: `old` never has
  /// any, and the diff pairs the first new occurrence of an identity with its
  /// one old occurrence, so every later occurrence is an insert, whose key is
  /// then either already shown or already inserted. Unchanged lists thus cost
  /// no hashing at all here.
  ///
  /// - Complexity: O(*n* + *m*), plus a second diff when duplicates were found.
  nonisolated static func prepare(root: Section?, old: FlatList, keyStore: KeyStore)
    -> PreparedUpdate
  {
    var (new, diagnostics) = Flattener.flatten(root)
    var result = listDiff(oldArray: old.items, newArray: new.items)
    if !result.inserts.isEmpty {
      keyStore.keys.reserveCapacity(keyStore.keys.count + result.inserts.count)
      var duplicates: [Int] = []
      for index in result.inserts where !keyStore.keys.insert(new.items[index].key).inserted {
        duplicates.append(index)
      }
      if !duplicates.isEmpty {
        for index in duplicates {
          let item = new.items[index]
          let path = new.leaves[item.leaf].scope.humanPath
          diagnostics.append(
            ListDiffDiagnostic(
              kind: .duplicateIdentifier,
              message:
                "the identifier \"\(item.key.identifier)\" appears more than once in section \(path); "
                + "only its first occurrence is shown",
              identifier: item.key.identifier, sectionPath: path))
        }
        new.items = Self.removing(duplicates, from: new.items)
        // Dropping later occurrences changes no pairing, so the inserts
        // recorded above are exactly those of the new diff.
        result = listDiff(oldArray: old.items, newArray: new.items)
      }
    }
    for index in result.deletes {
      keyStore.keys.remove(old.items[index].key)
    }
    return PreparedUpdate(list: new, result: result, diagnostics: diagnostics)
  }

  /// `items` without the elements at `indexes` (ascending).
  nonisolated static func removing(_ indexes: [Int], from items: [ListItem]) -> [ListItem] {
    var kept: [ListItem] = []
    kept.reserveCapacity(items.count - indexes.count)
    var next = 0
    for (index, item) in items.enumerated() {
      if next < indexes.count && indexes[next] == index {
        next += 1
      } else {
        kept.append(item)
      }
    }
    return kept
  }

  /// For every update of `result` (an old index), the new index of the same
  /// item, from the raw result alone: a moved item's is its move's
  /// destination; any other matched item keeps its rank among matched items,
  /// which is how the diff decides it did not move.
  ///
  /// - Complexity: O(*c*) in the number of changes.
  nonisolated static func updateTargets(of result: ListDiffResult<ListItemKey>) -> [(old: Int, new: Int)] {
    guard !result.updates.isEmpty else { return [] }
    var moveTarget: [Int: Int] = [:]
    if !result.moves.isEmpty {
      moveTarget.reserveCapacity(result.moves.count)
      for move in result.moves { moveTarget[move.from] = move.to }
    }
    let deletes = result.deletes
    let inserts = result.inserts
    var pairs: [(old: Int, new: Int)] = []
    pairs.reserveCapacity(result.updates.count)
    var deletesBefore = 0
    var insertsBefore = 0
    for old in result.updates {
      if let target = moveTarget[old] {
        pairs.append((old, target))
        continue
      }
      while deletesBefore < deletes.count && deletes[deletesBefore] < old { deletesBefore += 1 }
      let rank = old - deletesBefore
      // The new index with `rank` matched items before it: skip the inserts
      // that come before it.
      var new = rank + insertsBefore
      while insertsBefore < inserts.count && inserts[insertsBefore] <= new {
        insertsBefore += 1
        new = rank + insertsBefore
      }
      pairs.append((old, new))
    }
    return pairs
  }

  // MARK: Applying

  /// Applies a prepared root: one batch update of deletes, inserts and moves,
  /// inside which updated items' controllers take their new view models,
  /// reconfigure their cells and have their sizes invalidated; then reports
  /// it to the `updateHandler`.
  func apply(_ update: PreparedUpdate, animate: Bool) {
    for diagnostic in update.diagnostics { report(diagnostic) }
    let old = list
    let new = update.list
    let result = update.result
    indexCache = nil
    guard result.hasChanges else {
      // Nothing to show differently; the new list still carries the newest
      // delegates for controllers created later.
      list = new
      return
    }

    isApplying = true
    // Deleted items' controllers leave now and are unmounted once the
    // collection view has let go of their cells.
    var retired: [AnyListCellController] = []
    for index in result.deletes {
      if let controller = controllers.removeValue(forKey: old.items[index].key) {
        retired.append(controller)
      }
    }
    let updatePairs = Self.updateTargets(of: result)
    // What the collection view shows; the batch lays it out first anyway.
    let shownCount = collectionView.numberOfItems(inSection: 0)
    var applied = ListDiffUpdate(
      deletes: result.deletes, inserts: result.inserts, moves: result.moves, updates: result.updates,
      oldItemCount: shownCount, newItemCount: new.items.count, animated: animate)

    do {
      try collectionView.performBatchUpdates(
        {
          self.list = new
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
          if !updatePairs.isEmpty {
            self.reconfigure(updatePairs, in: new)
          }
        }, animated: animate, completion: nil)
    } catch {
      report(
        ListDiffDiagnostic(
          kind: .rejectedBatch,
          message:
            "the collection view rejected the batch update (\(error)); reloaded all data instead"))
      list = new
      collectionView.reloadData()
      applied = .reload(oldItemCount: shownCount, newItemCount: new.items.count)
    }
    isApplying = false

    for controller in retired { retire(controller) }
    flushDeferredInvalidations()
    collectionView.layoutIfNeeded()
    updateHandler?(applied)
  }

  /// Hands updated items their new view models, reconfigures their mounted
  /// cells in place and invalidates their sizes: inside the batch, so the
  /// whole root is one update of the collection view.
  func reconfigure(_ pairs: [(old: Int, new: Int)], in new: FlatList) {
    var invalidated: [IndexPath] = []
    invalidated.reserveCapacity(pairs.count)
    for pair in pairs {
      let item = new.items[pair.new]
      if let controller = controllers[item.key] {
        controller.receive(viewModel: item.viewModel)
        if let cell = controller.mountedListCell { controller.send(.configureCell, cell) }
      }
      // Inside a batch the collection view takes index paths before the update.
      invalidated.append(IndexPath(item: pair.old, section: 0))
    }
    collectionView.invalidateLayout(forItemsAt: invalidated)
  }

  /// Lets go of a deleted item's controller: unmounts it if the collection
  /// view has not already ended displaying its cell.
  func retire(_ controller: AnyListCellController) {
    if let cell = controller.mountedListCell { unmount(controller, from: cell) }
    controller.host = nil
    // Release it now rather than at the next layout pass.
    appearedControllers.removeAll { $0 === controller }
    fullyAppearedControllers.removeAll { $0 === controller }
    deferredInvalidations.removeAll { $0 === controller }
  }
}
