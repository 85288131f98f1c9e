import Foundation

/// What ListDiffUI's data source, and no app, asks of the collection view:
/// the one place its package hooks are declared (what a client that keeps
/// its own state beside the collection's needs — when it may change it,
/// which cells a layout showed, the places a drag shows items at, pinned
/// blocks, anchoring, aiming, a nested collection off screen). Not API.
///
/// Two more hooks are stored properties of the class itself:
/// `layoutDidFinish` and `programmaticDeselection`.
extension CollectionView {
  /// Whether the collection is inside a layout pass or a batch update, when
  /// a client must not start changes of its own.
  package var isPerformingLayout: Bool { invalidation.isInLayoutPass || itemUpdates.openBatch != nil }

  /// How many layouts stopped at ``maximumLayoutPasses`` without settling
  /// (each reported as a misuse). Package access: ListDiffUI's data source
  /// stops re-laying out the sizes its controllers change once one did.
  ///
  /// - Complexity: O(1).
  package var unsettledLayoutCount: Int { invalidation.unsettledLayoutCount }

  /// Whether anything is waiting for a layout pass. Package access: the
  /// data source's checks tell a state a layout has yet to follow from
  /// one it failed to follow.
  ///
  /// - Complexity: O(1), or O(*v*) when a cell asked for layout.
  package var hasPendingLayoutWork: Bool {
    invalidation.needsReload || invalidation.needsFullLayout || invalidation.needsLayout
      || (invalidation.cellsNeedLayout && mountedCellNeedsLayout)
      || !invalidation.pendingInvalidations.isEmpty
      || invalidation.seenLayoutGeneration != collectionViewLayout.generation
      || engine.crossExtent != currentCrossExtent
      || engine.direction != collectionViewLayout.scrollDirection
  }

  /// The frame ``layoutAttributesForItem(at:)`` reports for the item at
  /// `indexPath` (where it is drawn: pinned, or moved by hand), read from
  /// the layout as it is, without laying out first; nil for an index path
  /// of no item. Package access: ListDiffUI's accessibility elements,
  /// made right after a layout, read one for each visible cell.
  ///
  /// - Complexity: O(1) expected.
  package func laidOutFrameOfItem(at indexPath: IndexPath) -> CGRect? {
    guard let index = global(indexPath) else { return nil }
    return displayedFrame(of: index, placed: displayedFrame(of: index))
  }

  /// Selects or deselects the item at `indexPath` without asking or
  /// telling the delegate (UIKit's programmatic selection); index paths that
  /// name no item are ignored. Not API: a test copying another screen's
  /// selection uses it.
  ///
  /// - Complexity: O(1).
  package func setItemSelected(_ selected: Bool, at indexPath: IndexPath) {
    layoutIfNeeded()
    guard let index = global(indexPath) else { return }
    setSelected(selected, index)
  }

  /// A count that changes whenever the cells on screen change (by identity
  /// or order) or a layout pass moves or resizes one: equal values mean
  /// ``visibleCells`` are the same cells in the same frames. For a viewer
  /// of the cells that derives state from them after every layout pass
  /// (ListDiffUI's appearance callbacks), to skip a pass that changed
  /// nothing it sees. Does not lay out.
  ///
  /// - Complexity: O(1).
  package var displayGeneration: UInt64 { cells.displayChanges }

  /// How many cells are mounted now: ``visibleCells``' count, without
  /// laying out or making the array. With ``mountedCell(at:)``, for a
  /// viewer that reads the cells after every layout pass (ListDiffUI's
  /// appearance callbacks).
  ///
  /// - Complexity: O(1).
  package var mountedCellCount: Int { cells.mounted.count }

  /// The mounted cell at `position` (`0..<mountedCellCount`), in index
  /// order: ``visibleCells``' element there, without laying out.
  ///
  /// - Complexity: O(1).
  package func mountedCell(at position: Int) -> CollectionViewCell {
    cells.mounted.entries[position].cell
  }

  /// How a batch update moves the content offset; set by ListDiffUI's data
  /// source. Not API.
  ///
  /// - Complexity: O(1).
  package var contentAnchoring: ContentAnchoring {
    get { position.anchoring }
    set { position.anchoring = newValue }
  }

  /// Whether the collection view is on a screen at all (default `true`).
  /// A collection view shown inside a cell of another — a carousel, a row
  /// of a vertical list — is not while that cell is unmounted: it keeps its
  /// layout, sizes and content offset, but shows no cell and no header or
  /// footer (those shown get their `didEndDisplaying`) and prefetches
  /// nothing, as a UIKit collection view out of its window. Setting it lays
  /// out at once. Not API: ListDiffUI's carousels set it.
  ///
  /// - Complexity: O(1) to read; setting it costs a layout pass:
  ///   O(log *n* + *v*) for the *v* cells it mounts or unmounts.
  package var isOnScreen: Bool {
    get { position.isOnScreen }
    set {
      guard newValue != position.isOnScreen else { return }
      position.isOnScreen = newValue
      invalidation.setNeedsLayout()
      layoutIfNeeded()
    }
  }

  /// Whether an item is being moved by hand (between
  /// ``beginInteractiveMovementForItem(at:)`` and the end or cancel of the
  /// movement). Package access: ListDiffUI's data source cancels a movement
  /// placed on sections a root has since changed.
  ///
  /// - Complexity: O(1).
  package var isMovingItemInteractively: Bool { itemUpdates.movement != nil }

  /// The index path the data source knows the item shown at `shown` by.
  /// During a movement the collection shows the moving item at `current`
  /// while the data source, told only when the movement ends, still has it
  /// at `original`: a cell or size asked for then must be asked for the
  /// item shown, as UIKit asks. Otherwise `shown` itself. Package access:
  /// ListDiffUI's data source reads the places the collection reports
  /// (visible items, a cell's index path) through it.
  ///
  /// - Complexity: O(1).
  package func dataSourceIndexPath(forShown shown: IndexPath) -> IndexPath {
    guard let movement = itemUpdates.movement, movement.current != movement.original,
      shown.isCollectionIndexPath
    else { return shown }
    if shown == movement.current { return movement.original }
    let (current, original) = (movement.current, movement.original)
    // Take the moving item out of the shown order, then put it back at its
    // place in the data source's.
    var item = shown[1]
    if shown[0] == current[0] && item > current[1] { item -= 1 }
    if shown[0] == original[0] && item >= original[1] { item += 1 }
    return IndexPath(index: shown[0]).appending(item)
  }

  /// The index path the collection shows the data source's item `path` at:
  /// the inverse of ``dataSourceIndexPath(forShown:)``.
  ///
  /// - Complexity: O(1).
  package func shownIndexPath(forDataSource path: IndexPath) -> IndexPath {
    guard let movement = itemUpdates.movement, movement.current != movement.original,
      path.isCollectionIndexPath
    else { return path }
    if path == movement.original { return movement.current }
    let (current, original) = (movement.current, movement.original)
    // Take the moving item out of the data source's order, then put it in
    // at its shown place.
    var item = path[1]
    if path[0] == original[0] && item > original[1] { item -= 1 }
    if path[0] == current[0] && item >= current[1] { item += 1 }
    return IndexPath(index: path[0]).appending(item)
  }

  /// ``dataSourceIndexPath(forShown:)``'s item, for the item shown at
  /// `item` of section `section`: the same when nothing is moving, with no
  /// index path made (the data source asks at every visible cell).
  ///
  /// - Complexity: O(1).
  package func dataSourceItem(forShown item: Int, inSection section: Int) -> Int {
    guard itemUpdates.movement != nil else { return item }
    return dataSourceIndexPath(forShown: IndexPath(index: section).appending(item))[1]
  }

  /// ``shownIndexPath(forDataSource:)``'s item, for the data source's item
  /// `item` of section `section`: the same when nothing is moving, with no
  /// index path made.
  ///
  /// - Complexity: O(1).
  package func shownItem(forDataSource item: Int, inSection section: Int) -> Int {
    guard itemUpdates.movement != nil else { return item }
    return shownIndexPath(forDataSource: IndexPath(index: section).appending(item))[1]
  }

  /// The first header items of the pinned blocks found too long to pin
  /// (and reported) since the ranges were last set. Not API: `fuzzList`'s
  /// pinning rule leaves them out.
  package var unpinnableHeaderBlocks: Set<Int> { pinning.reportedTooLong }

  /// Blocks of items pinned to the leading edge while their section is in
  /// view (see `PinnedItemRange`), sorted by header; set by ListDiffUI's
  /// data source. Not API. Ranges that differ from those set (in any order)
  /// are sorted, forget the blocks reported too long to pin, and are laid
  /// out by the next pass.
  ///
  /// - Complexity: O(1) to read; O(*p* log *p*) to set *p* ranges.
  package var pinnedItemRanges: [PinnedItemRange] {
    get { pinning.ranges }
    set { if pinning.setRanges(newValue) { invalidation.setNeedsLayout() } }
  }

  /// The index paths of the items whose laid-out place — where they scroll
  /// to, pinning aside — intersects `rect`, ascending. What the viewport
  /// holds by the layout: ListDiffUI's working range takes its edges from
  /// it, so that a header pinned far from its place does not stretch the
  /// range over every item between. Not API: the public queries report
  /// items where they are drawn, as UIKit does.
  ///
  /// - Complexity: O(log *n* + the items near `rect`).
  package func indexPathsForItemsLaidOut(in rect: CGRect) -> [IndexPath] {
    layoutIfNeeded()
    return engine.items(intersecting: rect).map { indexPath(forGlobal: $0.index) }
  }

  /// Sets the content offset to the one `target` computes from the layout
  /// as it is (clamped), lays out, and does so again until the offset is
  /// the one `target` computes: a scroll sizes the estimated items it
  /// reaches, which moves what the offset was computed from, and content
  /// anchoring may move the offset back. Stops after a few aims (a layout
  /// that never settles is reported by the layout pass). The first move is
  /// animated when `animated`; the corrections are not. Package access:
  /// ListDiffUITesting aims a fresh screen at the item a fuzzed one shows
  /// first, as a carousel is aimed at its first item.
  ///
  /// - Complexity: at most four offsets set and laid out.
  package func aim(animated: Bool = false, _ target: () -> CGPoint) {
    layoutIfNeeded()
    for attempt in 0..<Self.maximumAims {
      let wanted = target()
      let range = contentOffsetRange
      let clamped = CGPoint(
        x: Self.clamp(wanted.x, to: range.x, orElse: position.offset.x),
        y: Self.clamp(wanted.y, to: range.y, orElse: position.offset.y))
      if clamped == position.offset { return }
      setContentOffset(clamped, animated: animated && attempt == 0)
      layoutIfNeeded()
    }
  }

  /// The length along the scroll direction that shows items below the
  /// pinned header blocks over the item at `indexPath`: the viewport less
  /// the content insets and those blocks. Zero for an index path that
  /// names no item.
  ///
  /// - Complexity: O(*p*) for *p* pinned ranges.
  package func pageLength(overItemAt indexPath: IndexPath) -> CGFloat {
    guard let index = global(indexPath) else { return 0 }
    let room = viewportLength
    return max(0, room - pinnedLength(over: index, viewport: room))
  }

  /// How many times the selection was cleared (by a reload): a data source
  /// that keeps its own selection mirrors it again when this changes.
  ///
  /// - Complexity: O(1).
  package var selectionClearCount: Int { selection.clearCount }

  /// Whether the item at `indexPath` is drawn pinned now (an item of a
  /// pinned header block, drawn at the leading edge over what it covers).
  /// False for an index path that names no item. ListDiffUI's
  /// accessibility reads pinned blocks first.
  ///
  /// - Complexity: O(1) expected.
  package func isDrawnPinned(itemAt indexPath: IndexPath) -> Bool {
    guard let index = global(indexPath) else { return false }
    return pinning.frames[index] != nil
  }

  /// Whether some part of the item at `indexPath` lies in the viewport
  /// where no pinned item is drawn over it: whether a person sees any of
  /// it (a pinned item is seen while it overlaps the viewport). Edges that
  /// only touch do not count. False for an index path that names no item.
  /// ListDiffUI's accessibility leaves out what is not seen.
  ///
  /// - Complexity: O(log *n*) for the item's frame, plus O(*p*³) in the
  ///   pinned items drawn over it (a handful: one per pinned level).
  package func isSeen(itemAt indexPath: IndexPath) -> Bool {
    guard let index = global(indexPath), let frame = layoutAttributesForItem(at: indexPath)?.frame else {
      return false
    }
    let seen = frame.intersection(bounds)
    guard !seen.isNull, seen.width > 0, seen.height > 0 else { return false }
    guard pinning.frames[index] == nil else { return true }
    let covers = pinning.frames.values.map { $0.intersection(seen) }.filter {
      !$0.isNull && $0.width > 0 && $0.height > 0
    }
    guard !covers.isEmpty else { return true }
    // The covers cut `seen` into a grid by their edges: each cell of it is
    // wholly inside a cover or wholly outside all, so its centre tells.
    let xs = Set([seen.minX, seen.maxX] + covers.flatMap { [$0.minX, $0.maxX] }).sorted()
    let ys = Set([seen.minY, seen.maxY] + covers.flatMap { [$0.minY, $0.maxY] }).sorted()
    for (x0, x1) in zip(xs, xs.dropFirst()) {
      for (y0, y1) in zip(ys, ys.dropFirst()) {
        let centre = CGPoint(x: (x0 + x1) / 2, y: (y0 + y1) / 2)
        if !covers.contains(where: { $0.contains(centre) }) { return true }
      }
    }
    return false
  }
}
