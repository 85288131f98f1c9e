import Foundation

/// An item being moved by hand: where it began, where the collection shows
/// it now, and the point it follows.
///
/// Invariants:
/// - its current index path names an item of the collection's own counts
///   (which differ from the data source's until the movement ends; its
///   original index path is in the data source's, which is why that one is
///   not checked against the collection);
/// - its position, once given, is finite: a position that is not is
///   ignored, as the item is drawn centred on it.
struct InteractiveMovement {
  /// Where the item was when the movement began: its index path in the
  /// data source, which hears of the move only when it ends.
  var original: IndexPath
  /// Where the collection shows the item now.
  var current: IndexPath
  /// The last target position, content coordinates; nil until the first
  /// update.
  var position: CGPoint?
  /// The pinned blocks when it began (the data source's order): a data
  /// source may move them with the item shown, and a cancel puts them back.
  var pinnedItemRanges: [PinnedItemRange] = []

  /// The rules written on the type, the current index path checked by
  /// `namesItem` against the collection's own counts.
  ///
  /// - Complexity: O(1) plus `namesItem`.
  func invariantViolations(namesItem: (IndexPath) -> Bool) -> [InvariantViolation] {
    var check = InvariantChecker("InteractiveMovement")
    check.expect(namesItem(current), "the current index path names an item")
    check.expect(position.map { $0.x.isFinite && $0.y.isFinite } ?? true, "the position is finite")
    return check.violations
  }
}

extension CollectionView {
  /// Starts moving the item at `indexPath` by hand, as a long-press
  /// gesture does in UIKit. Returns false, with nothing started, when the
  /// path names no item, the data source's `canMoveItemAt` says no (its
  /// default) or changes the items while it answers (a batch or a reload:
  /// the path may name another item now), a movement is already under way,
  /// or the collection is inside a batch or a layout pass.
  ///
  /// While the movement lasts the collection's own counts follow the item
  /// (``numberOfItems(inSection:)`` may differ from the data source's), the
  /// item is shown centred on the last position given to
  /// ``updateInteractiveMovementTargetPosition(_:)``, and the other items
  /// make room at its target place. A batch update started meanwhile cancels
  /// the movement first (the data source's counts describe the order
  /// without it), and ``reloadData()`` ends it: both show the data source's
  /// order, and the data source hears no move.
  ///
  /// - Complexity: O(1) after the layout is up to date.
  @discardableResult
  public func beginInteractiveMovementForItem(at indexPath: IndexPath) -> Bool {
    guard itemUpdates.movement == nil, isFreeForMovement else { return false }
    layoutIfNeeded()
    let generation = itemUpdates.generation
    guard let dataSource, global(indexPath) != nil,
      dataSource.collectionView(self, canMoveItemAt: indexPath)
    else { return false }
    // The data source may have started a batch or a movement of its own, or
    // changed the items while it answered: the path may name another item.
    guard itemUpdates.movement == nil, itemUpdates.openBatch == nil, itemUpdates.generation == generation,
      global(indexPath) != nil
    else { return false }
    itemUpdates.movement = InteractiveMovement(
      original: indexPath, current: indexPath, pinnedItemRanges: pinning.ranges)
    return true
  }

  /// Moves the item being moved to `targetPosition` (content coordinates):
  /// the item is shown there, and when the position is over another item's
  /// place the item takes that place — after the delegate's
  /// `targetIndexPathForMoveOfItemFromOriginalIndexPath` hook, which may
  /// steer it — and the others make room, in its section or another. Does
  /// nothing without a movement, inside a batch or a layout pass, or for a
  /// position that is not finite.
  ///
  /// - Complexity: O(log *n* + *v*), plus the lines the move places again.
  public func updateInteractiveMovementTargetPosition(_ targetPosition: CGPoint) {
    guard var movement = itemUpdates.movement, isFreeForMovement,
      targetPosition.x.isFinite, targetPosition.y.isFinite
    else { return }
    movement.position = targetPosition
    itemUpdates.movement = movement
    if let proposed = indexPathForItem(at: targetPosition), proposed != movement.current {
      let target =
        delegate?.collectionView(
          self, targetIndexPathForMoveOfItemFromOriginalIndexPath: movement.original,
          atCurrentIndexPath: movement.current, toProposedIndexPath: proposed) ?? proposed
      // The delegate may have ended the movement or started a batch.
      guard itemUpdates.movement != nil, itemUpdates.openBatch == nil else { return }
      if target != movement.current, moveShownItem(from: movement.current, to: target) {
        movement.current = target
      }
    }
    itemUpdates.movement = movement
    invalidation.setNeedsLayout()
    layoutIfNeeded()
  }

  /// Ends the movement where the item is shown: the data source hears
  /// `moveItemAt(original:to:)` once, and the item settles into its place.
  /// Does nothing without a movement, inside a batch or a layout pass.
  ///
  /// - Complexity: O(*v*) for *v* visible items.
  public func endInteractiveMovement() {
    guard let movement = itemUpdates.movement, isFreeForMovement else { return }
    itemUpdates.movement = nil
    dataSource?.collectionView(self, moveItemAt: movement.original, to: movement.current)
    invalidation.setNeedsLayout()
    layoutIfNeeded()
  }

  /// Ends the movement by putting the item back where it began; the data
  /// source hears nothing. Does nothing without a movement, inside a batch or
  /// a layout pass.
  ///
  /// - Complexity: O(*v*), plus the lines the move places again.
  public func cancelInteractiveMovement() {
    guard let movement = itemUpdates.movement, isFreeForMovement else { return }
    itemUpdates.movement = nil
    if movement.current != movement.original { moveShownItem(from: movement.current, to: movement.original) }
    pinnedItemRanges = movement.pinnedItemRanges
    invalidation.setNeedsLayout()
    layoutIfNeeded()
  }

  /// Moves one item in the collection's own state (cells, sizes, selection,
  /// layout), as a validated one-move batch whose counts the collection
  /// works out itself. False, with nothing changed, when `to` names no place
  /// for the item.
  @discardableResult
  private func moveShownItem(from: IndexPath, to: IndexPath) -> Bool {
    let oldCounts = engine.sections.map(\.count)
    // Subscripts, not `.section`: with AppKit alone IndexPath has no
    // `section` (this package adds it only where neither UI kit does).
    guard to.isCollectionIndexPath, to[0] >= 0, to[0] < oldCounts.count else { return false }
    var newCounts = oldCounts
    newCounts[from[0]] -= 1
    newCounts[to[0]] += 1
    let changes = BatchChanges(deletes: [], inserts: [], reloads: [], moves: [(from, to)])
    guard let batch = try? BatchValidator.validate(changes, oldCounts: oldCounts, newCounts: newCounts) else {
      return false
    }
    apply(batch, newCounts: newCounts, invalidatedOld: [])
    return true
  }

  /// Whether a movement may begin, follow its target or end now: not while
  /// a batch is recorded, a layout pass runs or the delegate is asked for
  /// sizes, when the items are between two states.
  ///
  /// - Complexity: O(1).
  private var isFreeForMovement: Bool {
    itemUpdates.openBatch == nil && !invalidation.isInLayoutPass && !invalidation.isMeasuring
  }

  /// The item being moved by hand, once it follows a position, with the
  /// frame it is drawn at: its size centred on the position. Nil without a
  /// movement or before its first position, when it is drawn at its place.
  ///
  /// - Complexity: O(1) expected, plus O(log *n*) for an item not pinned.
  var movingItemAsDrawn: (index: Int, frame: CGRect)? {
    guard let movement = itemUpdates.movement, movement.position != nil,
      let index = global(movement.current)
    else { return nil }
    return (index, displayedFrame(of: index, placed: displayedFrame(of: index)))
  }

  /// `frame`, the place of item `index`, or for the item being moved the
  /// same size centred on the movement's position.
  func displayedFrame(of index: Int, placed frame: CGRect) -> CGRect {
    guard let movement = itemUpdates.movement, let position = movement.position,
      global(movement.current) == index
    else { return frame }
    return CGRect(
      x: position.x - frame.width / 2, y: position.y - frame.height / 2, width: frame.width,
      height: frame.height)
  }
}
