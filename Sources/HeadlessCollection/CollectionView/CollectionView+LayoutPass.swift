import Foundation

extension CollectionView {
  /// Brings the collection up to date now: loads data, asks pending sizes,
  /// places items, mounts and unmounts cells for ``bounds``, lays the cells
  /// out, and sends the display callbacks and `collectionViewDidLayout`.
  /// Does nothing when nothing changed. Changes made by the callbacks are laid
  /// out in further passes before this returns: at most
  /// ``maximumLayoutPasses``, so that a client that changes something in
  /// every pass cannot hang it. A layout still not settled then is reported
  /// to ``misuseHandler`` (the work left waits for the next call). Inside a
  /// pass (from a callback) it returns at once; the running pass picks the
  /// change up.
  ///
  /// - Complexity: O(log *n* + *v*) for *v* visible items, plus whatever
  ///   placement is pending (O(*n*) after a reload).
  public func layoutIfNeeded() {
    guard invalidation.beginLayout() else { return }
    var passes = 0
    while passes < Self.maximumLayoutPasses && hasPendingLayoutWork {
      passes += 1
      updatePlacement()
      performPass()
    }
    invalidation.endLayout()
    if passes > 0 { checkInvariantsIfEnabled(after: "a layout of \(passes) pass(es)") }
    if passes == Self.maximumLayoutPasses && hasPendingLayoutWork {
      invalidation.noteUnsettledLayout()
      reportMisuse(
        "the layout did not settle: callbacks changed the collection view during each of \(passes) "
          + "layout passes in a row (a size, a cell or the bounds that change whenever they are laid out)",
        recovery: "layoutIfNeeded() stopped after \(passes) passes; sizes still invalidated are laid out by "
          + "the next call, cells still asking for layout by the next pass something else starts")
      // Every query lays out first: were the cells' own requests kept (a
      // cell laid out again and again), each would run the same passes and
      // report again. A cell that still needs layout gets it in the next
      // pass that anything else starts; other pending work stays pending.
      invalidation.clearCellLayoutRequests()
    }
    if passes > 0 && itemUpdates.openBatch == nil { layoutDidFinish?() }
  }

  /// The most layout passes one ``layoutIfNeeded()`` runs: 16. Callbacks
  /// that change the collection (a size invalidated from `willDisplay`, a
  /// cell reconfigured as it appears) are laid out by the passes after the
  /// first; a client that changes something in every pass is stopped here.
  public static let maximumLayoutPasses = 16

  /// Whether a mounted cell still waits for its layout. A cell asks when
  /// it is configured, and is often laid out at once by whoever configured
  /// it: only one still waiting makes another pass worth running.
  ///
  /// - Complexity: O(*v*) for *v* mounted cells.
  var mountedCellNeedsLayout: Bool {
    cells.mounted.entries.contains { $0.cell.needsLayout }
  }

  /// The room across the scroll direction the frame and insets leave.
  var currentCrossExtent: CGFloat {
    switch collectionViewLayout.scrollDirection {
    case .vertical: return frame.width - contentInset.horizontal
    case .horizontal: return frame.height - contentInset.vertical
    }
  }

  // MARK: The pass

  /// One layout pass over the visible rectangle, in UIKit's order: cells
  /// that left are told and queued, cells are made for the items that
  /// arrived, frames and selection are set, cells lay out, arrivals get
  /// `willDisplay`, and the delegate hears `collectionViewDidLayout`. Stops
  /// early when a callback changes the collection (it sets
  /// ``LayoutInvalidation/needsLayout``),
  /// leaving the flags set for the next pass.
  ///
  /// - Complexity: O(log *n* + *v*).
  private func performPass() {
    invalidation.beginPass()
    guard settleContentOffset() else { return }
    // The clients, loaded once: they are weak references.
    let delegate = self.delegate
    let dataSource = self.dataSource

    let visible = position.isOnScreen ? applyingPinning(to: engine.items(intersecting: bounds)) : []
    let sorted = sortMountedCells(against: visible)
    let departing = cells.takeDeparting()
    endDisplaying(sorted.leaving, departing: departing, delegate: delegate)
    if !invalidation.needsLayout, let dataSource {
      mountArrivals(visible, staying: sorted.staying, dataSource: dataSource)
    }
    // Cells replaced by a batch or reload are enqueued only after the new
    // cells are made, so that a reloaded item really gets a fresh cell.
    for (cell, _) in departing { reuse.enqueue(cell, showedItem: nil) }
    guard !invalidation.needsLayout, settleReloadedCells(delegate: delegate),
      updateFramesAndLayOutCells(visible)
    else { return }
    guard sendWillDisplay(delegate: delegate),
      updateSupplementaryViews(delegate: delegate, dataSource: dataSource),
      updatePrefetching(visible: visible)
    else { return }
    // `cellsNeedLayout` is not cleared here: a cell that asked for layout
    // after the cells were laid out (from its own layout callback, or
    // configured again in `willDisplay`) gets it in the next pass, as UIKit
    // lays out in the next cycle a view that calls `setNeedsLayout()`
    // inside `layoutSubviews()`.
    delegate?.collectionViewDidLayout(self)
  }

  /// Clamps the content offset and, with estimated sizes, asks the sizes of
  /// the items near the viewport. False when a callback changed something
  /// and the pass must start again.
  private func settleContentOffset() -> Bool {
    clampContentOffset()
    if invalidation.needsLayout { return false }  // scrollViewDidScroll changed something
    guard activeEstimate != nil else { return true }
    sizeItemsNearViewport()
    // Real sizes may have shortened the content under the offset.
    clampContentOffset()
    return !(invalidation.needsLayout || hasPendingPlacement)  // something moved or changed
  }

  /// Mounted-cell bookkeeping: walks the mounted cells (ascending) alongside
  /// the `visible` items (ascending) and sorts the cells into those that
  /// stay (in `visible`'s slots; nil where an item needs a cell) and those
  /// that leave. The mounted cells keep only the staying ones.
  ///
  /// - Complexity: O(*v*) for the visible and mounted cells.
  private func sortMountedCells(against visible: [(index: Int, frame: CGRect)]) -> (
    staying: [CollectionViewCell?], leaving: [(cell: CollectionViewCell, index: Int)]
  ) {
    var staying: [CollectionViewCell?] = Array(repeating: nil, count: visible.count)
    var leaving: [(cell: CollectionViewCell, index: Int)] = []
    var cursor = 0
    let mounted = cells.unmountAll()
    for (index, cell) in mounted {
      while cursor < visible.count && visible[cursor].index < index { cursor += 1 }
      if cursor < visible.count && visible[cursor].index == index {
        staying[cursor] = cell
      } else {
        cell.isMounted = false
        // Room for all at the first: a jump replaces every cell, and an
        // array grown one at a time is copied several times.
        if leaving.isEmpty { leaving.reserveCapacity(mounted.count) }
        leaving.append((cell, index))
      }
    }
    // A loop, not `compactMap`: a closure formed on the main actor checks
    // its executor at every call.
    var kept: [(index: Int, cell: CollectionViewCell)] = []
    kept.reserveCapacity(visible.count)
    for (item, cell) in zip(visible, staying) {
      if let cell { kept.append((item.index, cell)) }
    }
    cells.mount(kept)
    return (staying, leaving)
  }

  /// Disappearing: sends `didEndDisplaying` for the cells scrolled out
  /// (`leaving`) and those a batch or reload replaced (`departing`), and
  /// queues the scrolled-out ones at once, remembering their items, which
  /// may come back for them.
  private func endDisplaying(
    _ leaving: [(cell: CollectionViewCell, index: Int)],
    departing: [(cell: CollectionViewCell, indexPath: IndexPath)],
    delegate: (any CollectionViewDelegateFlowLayout)?
  ) {
    for (cell, index) in leaving where cell.isDisplayed {
      cell.isDisplayed = false
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath(forGlobal: index))
    }
    for (cell, indexPath) in departing where cell.isDisplayed {
      cell.isDisplayed = false
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
    }
    for (cell, index) in leaving { reuse.enqueue(cell, showedItem: index) }
  }

  /// Arriving: asks the data source for a cell for every visible item that
  /// has none and mounts it. If the data source changes the collection
  /// meanwhile, the indexes of this pass are stale: the change left the
  /// mounted cells right, and the cells made here go back to the queue for the
  /// next pass.
  private func mountArrivals(
    _ visible: [(index: Int, frame: CGRect)], staying: [CollectionViewCell?],
    dataSource: any CollectionViewDataSource
  ) {
    var entries: [(index: Int, cell: CollectionViewCell)] = []
    entries.reserveCapacity(visible.count)
    var made: [CollectionViewCell] = []
    for (slot, (index, frame)) in visible.enumerated() {
      if let cell = staying[slot] {
        entries.append((index, cell))
        continue
      }
      cells.arriving = (index, frame)
      var cell = dataSource.collectionView(
        self, cellForItemAt: dataSourceIndexPath(forShown: indexPath(forGlobal: index)))
      cells.arriving = nil
      if cell.isMounted {
        // Taking it would leave another item without its cell.
        cell = freshView(replacing: cell, for: "the item at \(indexPath(forGlobal: index))", frame: frame)
      }
      // A cell the data source kept rather than dequeued may wait in the
      // queue: shown, it leaves it, or another item could be handed it.
      if cell.isQueued { reuse.remove(cell) }
      cell.isMounted = true
      if cell.reuseIdentifier == nil { cell.owner = self }
      cell.frame = displayedFrame(of: index, placed: frame)
      // A cell a reload queued is still displayed until
      // `settleReloadedCells` decides.
      if cell.reloadedFrom == nil { cell.isDisplayed = false }
      entries.append((index, cell))
      if made.isEmpty { made.reserveCapacity(visible.count - slot) }
      made.append(cell)
      if invalidation.needsLayout { break }
    }
    guard invalidation.needsLayout else {
      cells.mount(entries)
      return
    }
    for cell in made {
      cell.isMounted = false
      reuse.enqueue(cell, showedItem: nil)
    }
  }

  /// After a reload: a cell the data source took back for the index path
  /// it showed stays displayed without callbacks; every other cell that was
  /// displayed then gets `didEndDisplaying` for that path (and
  /// `willDisplay` later if it now shows another item). False when a
  /// callback changed the collection; the cells not yet settled wait for
  /// the next pass.
  ///
  /// - Complexity: O(*v* + *r*) for *r* cells displayed at the reload.
  private func settleReloadedCells(delegate: (any CollectionViewDelegateFlowLayout)?) -> Bool {
    guard !cells.reloaded.isEmpty else { return true }
    let mountedAt = Dictionary(
      cells.mounted.entries.map { (ObjectIdentifier($0.cell), $0.index) }, uniquingKeysWith: { a, _ in a })
    // Settled entries leave the list even when a callback stops the pass;
    // a reload from a callback only appends (in a later pass).
    var settled = 0
    defer { cells.settleReloaded(count: settled) }
    for (cell, indexPath) in cells.reloaded {
      settled += 1
      cell.reloadedFrom = nil
      if let index = mountedAt[ObjectIdentifier(cell)], self.indexPath(forGlobal: index) == indexPath {
        continue
      }
      guard cell.isDisplayed else { continue }
      cell.isDisplayed = false
      delegate?.collectionView(self, didEndDisplaying: cell, forItemAt: indexPath)
      if invalidation.needsLayout { return false }
    }
    return true
  }

  /// Frames and selection of every visible cell, then their layout. False
  /// when a cell's layout changed the collection.
  private func updateFramesAndLayOutCells(_ visible: [(index: Int, frame: CGRect)]) -> Bool {
    let aligned = cells.mounted.count == visible.count
    for (slot, (index, cell)) in cells.mounted.entries.enumerated() {
      let frame = displayedFrame(
        of: index, placed: aligned ? visible[slot].frame : displayedFrame(of: index))
      if cell.frame != frame {
        cell.frame = frame
        cells.noteDisplayChange()
      }
      let selected = selection.contains(index)
      if cell.isSelected != selected { cell.isSelected = selected }
    }
    // The frames just set asked for the layouts this loop runs; a cell that
    // asks again from inside its own layout gets it in the next pass.
    invalidation.clearCellLayoutRequests()
    for (_, cell) in cells.mounted.entries {
      cell.layoutIfNeeded()
      if invalidation.needsLayout { return false }
    }
    return true
  }

  /// Display callbacks: `willDisplay`, in index order, for the cells not yet
  /// displayed. False when a callback changed the collection.
  private func sendWillDisplay(delegate: (any CollectionViewDelegateFlowLayout)?) -> Bool {
    for (index, cell) in cells.mounted.entries where !cell.isDisplayed {
      cell.isDisplayed = true
      delegate?.collectionView(self, willDisplay: cell, forItemAt: indexPath(forGlobal: index))
      if invalidation.needsLayout { return false }
    }
    return true
  }
}
