import Foundation

/// The cells on screen, the item a cell is being made for, and the cells
/// on their way out: everything the layout pass reconciles with the visible
/// items, kept apart from the reuse queue because display callbacks are
/// owed for these and not for queued ones.
///
/// Invariants:
/// - the mounted cells keep ``MountedCells``' rules (ascending, one per
///   item, each naming an item, each knowing it is mounted);
/// - a cell on its way out is not mounted, is not queued and is listed
///   once: a batch took it off screen, and only the next pass, which takes
///   the list first, ends its display and queues it;
/// - `displayChanges` changes whenever the cells mounted (by identity, in
///   order) differ from those at the last mount, and whenever the layout
///   pass sets a mounted cell's frame to a new one: equal counts mean the
///   same cells in the same frames.
@MainActor
struct CellsOnScreen {
  /// The cells on screen and the items they show.
  private(set) var mounted = MountedCells()
  /// The cells mounted by the last `mount(_:)` or `remap(through:)`, in
  /// order: what the next one is compared with.
  private var lastMountedCells: [ObjectIdentifier] = []
  /// Counts the changes to what a viewer of the cells sees (see the
  /// invariants): ``CollectionView/displayGeneration``.
  private(set) var displayChanges: UInt64 = 0
  /// The item a layout pass is asking the data source a cell for, and its
  /// frame, so that dequeuing need not look them up. Set only around that
  /// call.
  var arriving: (index: Int, frame: CGRect)?
  /// Cells that stopped showing their item in a batch, waiting for the
  /// next layout pass to send `didEndDisplaying` and enqueue them, with the
  /// index path they had.
  private(set) var departing: [(cell: CollectionViewCell, indexPath: IndexPath)] = []
  /// Cells that were displayed when ``CollectionView/reloadData()`` ran,
  /// with the index paths they showed: queued for their items to take back,
  /// waiting for the next layout pass to keep those taken back at the same
  /// index path on screen and to end displaying the others, first listed
  /// first settled.
  private(set) var reloaded: [(cell: CollectionViewCell, indexPath: IndexPath)] = []

  /// Replaces the mounted cells with `entries`, ascending by index (the
  /// pass's reconciliation of the mounted cells with the visible items).
  ///
  /// - Complexity: O(*v*) for *v* entries.
  mutating func mount(_ entries: [(index: Int, cell: CollectionViewCell)]) {
    mounted = MountedCells(entries)
    noteMountedCells()
  }

  /// Counts a display change if the cells mounted now differ from the last
  /// mounted ones.
  ///
  /// - Complexity: O(*v*) for *v* mounted cells.
  private mutating func noteMountedCells() {
    let entries = mounted.entries
    // Loops, not `allSatisfy` and `map`: a closure formed on the main actor
    // checks its executor at every call, and this runs at every pass.
    if entries.count == lastMountedCells.count {
      var unchanged = true
      for index in entries.indices where ObjectIdentifier(entries[index].cell) != lastMountedCells[index] {
        unchanged = false
        break
      }
      if unchanged { return }
    }
    lastMountedCells.removeAll(keepingCapacity: true)
    for entry in entries { lastMountedCells.append(ObjectIdentifier(entry.cell)) }
    noteDisplayChange()
  }

  /// Counts a change to what a viewer of the cells sees: the layout pass
  /// calls it when it sets a mounted cell's frame to a new one.
  ///
  /// - Complexity: O(1).
  mutating func noteDisplayChange() {
    displayChanges &+= 1
  }

  /// Empties the mounted cells and returns them, for the caller to keep,
  /// queue or end.
  ///
  /// - Complexity: O(1).
  mutating func unmountAll() -> [(index: Int, cell: CollectionViewCell)] {
    mounted.removeAll()
  }

  /// Lists `cell`, which showed `indexPath` until it left the screen
  /// outside a pass, for the next pass to end and queue.
  ///
  /// - Complexity: O(1) amortized.
  mutating func depart(_ cell: CollectionViewCell, from indexPath: IndexPath) {
    departing.append((cell, indexPath))
    noteDisplayChange()
  }

  /// Takes the cells on their way out, leaving none.
  ///
  /// - Complexity: O(1).
  mutating func takeDeparting() -> [(cell: CollectionViewCell, indexPath: IndexPath)] {
    defer { departing = [] }
    return departing
  }

  /// Lists `cell`, displayed at `indexPath` when a reload queued it, for
  /// the next pass to settle, and marks it so that the pass keeps it
  /// displayed while it waits.
  ///
  /// - Complexity: O(1) amortized.
  mutating func awaitReload(of cell: CollectionViewCell, at indexPath: IndexPath) {
    cell.reloadedFrom = indexPath
    reloaded.append((cell, indexPath))
  }

  /// Drops the first `count` cells a reload left, now settled. The pass
  /// settles them one by one, calling the delegate between, so it reads
  /// ``reloaded`` and drops what it did rather than taking the list.
  ///
  /// - Complexity: O(*r*) for *r* cells left.
  mutating func settleReloaded(count: Int) {
    reloaded.removeFirst(count)
  }

  /// Follows the mounted cells through a batch: a moved or surviving item
  /// keeps its cell under its new index; the cells of deleted and reloaded
  /// items leave the screen (a reloaded item gets a fresh cell, as in
  /// UIKit) and go on their way out under the index paths they had. Cells
  /// already on their way out, or waiting from a reload, keep the paths
  /// they were displayed at, which their callbacks name.
  ///
  /// - Complexity: O(*v* log *c*) for *v* mounted cells and *c* changes,
  ///   plus O(*v* log *v*) to order them again after moves.
  mutating func remap(through remap: ItemRemap) {
    var remapped: [(index: Int, cell: CollectionViewCell)] = []
    remapped.reserveCapacity(mounted.count)
    for (old, cell) in mounted.removeAll() {
      if let new = remap.newIndexKeepingContent(of: old) {
        remapped.append((new, cell))
      } else {
        cell.isMounted = false
        departing.append((cell, remap.oldIndexPath(of: old)))
      }
    }
    // Moves can reorder the survivors. Most batches move none on screen,
    // and a check of the order is cheaper than a sort that moves cells.
    if remapped.indices.dropFirst().contains(where: { remapped[$0 - 1].index > remapped[$0].index }) {
      remapped.sort { $0.index < $1.index }
    }
    mounted = MountedCells(remapped)
    noteMountedCells()
  }
}

extension CellsOnScreen {
  /// The rules written on the type, against a collection of `itemCount`
  /// items: the mounted cells' (named "MountedCells") and those of the
  /// cells on their way out.
  ///
  /// - Complexity: O(*v* + *d*) for *v* mounted and *d* departing cells.
  func invariantViolations(itemCount: Int) -> [InvariantViolation] {
    var check = InvariantChecker("CellsOnScreen")
    let mountedCells = Set(mounted.entries.map { ObjectIdentifier($0.cell) })
    var departingCells = Set<ObjectIdentifier>()
    for (cell, _) in departing {
      check.expect(!mountedCells.contains(ObjectIdentifier(cell)), "a cell on its way out is not mounted")
      check.expect(!cell.isQueued, "a cell on its way out is not queued")
      check.expect(departingCells.insert(ObjectIdentifier(cell)).inserted, "a cell is on its way out once")
    }
    return mounted.invariantViolations(itemCount: itemCount) + check.violations
  }
}
