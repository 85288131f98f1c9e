import Foundation
import ListDiffUI
import Testing
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

extension ListScreen {
  /// Taps the item with `identifier` as a person would: if it is not on
  /// screen, or only under a pinned header, scrolls just enough to show it
  /// first, then selects it (the
  /// collection view tells its delegate, and the item's controller hears
  /// `didSelect`), and lays out.
  ///
  /// When no item has `identifier` (within `sectionPath`, as
  /// `ListDiffDataSource/indexPath(forIdentifier:sectionPath:)` matches
  /// it), the test fails with the identifiers that do exist nearby — on
  /// screen, spelled alike, or the same one in other sections — and nothing
  /// is done.
  ///
  /// - Complexity: O(*n*) in the number of items to find the item, plus the
  ///   scroll's and the tap's layout passes.
  public func tap(
    identifier: String, sectionPath: [String] = [], sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    if let target = nestedItem(identifier, sectionPath) { return tap(target) }
    guard let indexPath = find(identifier, sectionPath, for: "tap", at: sourceLocation) else { return }
    tap(at: indexPath)
  }

  /// Taps the item at `indexPath` as ``tap(identifier:sectionPath:sourceLocation:)``
  /// does, once it is found. Not API: `fuzzList` names items exactly.
  package func tap(at indexPath: IndexPath) {
    countingGesture {
      reveal(indexPath)
      collectionView.selectItem(at: indexPath)
      collectionView.layoutIfNeeded()
    }
  }

  /// Scrolls just enough to show the item at `indexPath` where a finger
  /// can touch it, when it cannot be touched where it is (off screen, or
  /// under a pinned header): the collection view's one rule for showing
  /// an item below the headers pinned over it (`scrollToItem` with no
  /// position).
  func reveal(_ indexPath: IndexPath) {
    if collectionView.indexPathsForVisibleItems.contains(indexPath) && uncoveredPoint(ofItemAt: indexPath) != nil {
      return
    }
    collectionView.scrollToItem(at: indexPath, at: [], animated: false)
  }

  /// Scrolls so that the item with `identifier` sits at `position` (its top
  /// at the top of the viewport by default, as far as the content allows),
  /// and lays out. When no item has `identifier`, fails the test as
  /// ``tap(identifier:sectionPath:sourceLocation:)`` does and does nothing.
  ///
  /// - Complexity: O(*n*) to find the item, plus the layout pass.
  public func scroll(
    toIdentifier identifier: String, sectionPath: [String] = [],
    at position: CollectionView.ScrollPosition = .top,
    sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    if let target = nestedItem(identifier, sectionPath) { return scroll(to: target, at: position) }
    guard let indexPath = find(identifier, sectionPath, for: "scroll", at: sourceLocation) else {
      return
    }
    countingGesture {
      collectionView.scrollToItem(at: indexPath, at: position, animated: false)
      collectionView.layoutIfNeeded()
    }
  }

  /// Moves the content by `points` along the layout's scroll direction
  /// (positive: down, or right), as far as the content allows, and lays
  /// out: a programmatic scroll, `setContentOffset(_:animated:)`.
  ///
  /// - Complexity: O(log *n* + *v*) for the layout pass over *v* visible items.
  public func scroll(by points: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    beginStep(at: sourceLocation)
    let offset = collectionView.contentOffset
    let move = vector(points)
    countingGesture {
      collectionView.setContentOffset(CGPoint(x: offset.x + move.x, y: offset.y + move.y), animated: false)
      collectionView.layoutIfNeeded()
    }
  }

  /// Drags the content by `points` along the layout's scroll direction as a
  /// finger does (positive: toward later items, as a finger moving up), and
  /// lets go with `velocity` points per second, through the collection
  /// view's `CollectionView/drag(by:velocity:)`: the delegate hears
  /// UIKit's dragging callbacks, a scroll per step, and, with a velocity,
  /// the deceleration that follows. Every item passed over is displayed and
  /// ended as on a device; the content stops at its ends. Laid out on return.
  ///
  /// - Complexity: that of `CollectionView/drag(by:velocity:)`: a layout
  ///   pass per step of at most half a viewport.
  public func drag(
    by points: Int, velocity: Int = 0, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    beginStep(at: sourceLocation)
    countingGesture {
      collectionView.drag(by: vector(points), velocity: vector(velocity))
      collectionView.layoutIfNeeded()
    }
  }

  /// Drags the item with `identifier` to `toIndex` of a section, as a
  /// long press and a finger do: through the collection view's interactive
  /// movement (`CollectionView/beginInteractiveMovementForItem(at:)`, an
  /// `CollectionView/updateInteractiveMovementTargetPosition(_:)` over each
  /// item on the way, then `CollectionView/endInteractiveMovement()`), so
  /// that the data source's rules steer it and its
  /// `ListDiffDataSource/moveHandler` hears the move. Laid out on return.
  ///
  /// The finger touches each item where it can be seen: a part that no
  /// pinned header is drawn over; an item wholly under the pinned headers
  /// is first scrolled out from under them, as a list scrolls under a
  /// finger held at its edge.
  ///
  /// `toIndex` counts the destination section's items without the dragged
  /// one (the index it has once dropped). `inSection` names the destination
  /// as a `sectionPath` does — the first leaf section in display order that
  /// it matches, not a header or footer block; nil: the item's own section.
  ///
  /// Returns whether the item ended there. False, with nothing done, when
  /// no item has `identifier`, there is no such section or index, or the
  /// item cannot be dragged (its controller's `canMove` is false, or it is
  /// a header or footer item); false, with the item wherever the data
  /// source's rules steered it, when they refused the place.
  ///
  /// - Complexity: O(*n*) to find the item, plus a layout pass per item
  ///   passed over (two for one under the pinned headers).
  @discardableResult
  public func move(
    identifier: String, sectionPath: [String] = [], toIndex: Int, inSection: [String]? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    beginStep(at: sourceLocation)
    guard let from = dataSource.indexPath(forIdentifier: identifier, sectionPath: sectionPath) else { return false }
    return move(from: from, toIndex: toIndex, inSection: inSection)
  }

  /// Drags the item at `from` as ``move(identifier:sectionPath:toIndex:inSection:sourceLocation:)``
  /// does, once it is found. Not API: `fuzzList` names items exactly.
  @discardableResult
  package func move(from: IndexPath, toIndex: Int, inSection: [String]?) -> Bool {
    guard let identifier = dataSource.inspection.itemIdentity(at: from.item)?.identifier,
      let plan = DragPlan(dataSource, forItemAt: from.item, toIndex: toIndex, inSection: inSection)
    else { return false }
    var began = false
    countingGesture {
      guard collectionView.beginInteractiveMovementForItem(at: from) else { return }
      began = true
      // One pass over the steps: a step over a header is steered to the
      // nearest allowed place, and the next step brings the item back on
      // course, as a finger does; a place the rules refuse stays refused.
      for step in plan.steps {
        guard let point = touchPoint(forItemAt: IndexPath(item: step, section: 0)) else { continue }
        collectionView.updateInteractiveMovementTargetPosition(point)
      }
      collectionView.endInteractiveMovement()
      collectionView.layoutIfNeeded()
    }
    return began && plan.landed(in: dataSource, identifier: identifier)
  }

  /// Where a finger touches the item at `indexPath` during a drag: a point
  /// of its frame (where it is drawn) that `CollectionView/indexPathForItem(at:)`
  /// finds it at — the centre, or else the middle of a part no pinned header
  /// is drawn over. An item wholly under the pinned headers is scrolled to
  /// the trailing edge of the viewport first, as the list scrolls under a
  /// finger held at its edge. Nil when the item does not exist.
  ///
  /// - Complexity: O(log *n* + the items drawn over the item), plus a
  ///   scroll's layout passes when it is covered.
  private func touchPoint(forItemAt indexPath: IndexPath) -> CGPoint? {
    if let point = uncoveredPoint(ofItemAt: indexPath) { return point }
    guard let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
    // To the trailing edge, as far from the pinned headers as the viewport
    // allows: the steps after it then pass over items in plain view.
    let vertical = collectionView.collectionViewLayout.scrollDirection == .vertical
    collectionView.scrollToItem(at: indexPath, at: vertical ? .bottom : .right, animated: false)
    collectionView.layoutIfNeeded()
    // Still covered (pinned headers fill the viewport): the frame's centre,
    // which proposes whatever is drawn there, as a finger on it would.
    return uncoveredPoint(ofItemAt: indexPath) ?? CGPoint(x: frame.midX, y: frame.midY)
  }

  /// A point of the item's drawn frame at which `CollectionView/indexPathForItem(at:)`
  /// finds the item, trying its centre, then the middles of the strips
  /// beside each item drawn over it; nil when there is none.
  private func uncoveredPoint(ofItemAt indexPath: IndexPath) -> CGPoint? {
    guard let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame else { return nil }
    var candidates = [CGPoint(x: frame.midX, y: frame.midY)]
    for cover in frames(drawnOver: indexPath, in: frame) {
      // The strips of `frame` before and after `cover` on each axis.
      let strips = [
        CGRect(x: frame.minX, y: frame.minY, width: frame.width, height: cover.minY - frame.minY),
        CGRect(x: frame.minX, y: cover.maxY, width: frame.width, height: frame.maxY - cover.maxY),
        CGRect(x: frame.minX, y: frame.minY, width: cover.minX - frame.minX, height: frame.height),
        CGRect(x: cover.maxX, y: frame.minY, width: frame.maxX - cover.maxX, height: frame.height),
      ]
      candidates += strips.filter { $0.width > 0 && $0.height > 0 }.map { CGPoint(x: $0.midX, y: $0.midY) }
    }
    return candidates.first { collectionView.indexPathForItem(at: $0) == indexPath }
  }

  /// The frames of the other items drawn over part of `frame`, the item's
  /// (pinned headers; not neighbours that only touch it).
  private func frames(drawnOver indexPath: IndexPath, in frame: CGRect) -> [CGRect] {
    collectionView.layoutAttributesForElements(in: frame).filter {
      let overlap = $0.frame.intersection(frame)
      return $0.representedElementKind == nil && $0.indexPath != indexPath && !overlap.isNull
        && overlap.width > 0 && overlap.height > 0
    }.map(\.frame)
  }

  /// Gives the viewport a new size in points (characters) and lays out;
  /// negative sizes fail the test and count as 0.
  ///
  /// - Complexity: the layout pass of the new size.
  public func resize(width: Int, height: Int, sourceLocation: SourceLocation = #_sourceLocation) {
    beginStep(at: sourceLocation)
    if width < 0 || height < 0 {
      record(
        "resize(width: \(width), height: \(height)): a size cannot be negative; 0 is used",
        at: sourceLocation)
    }
    var frame = collectionView.frame
    frame.size = CGSize(width: max(0, width), height: max(0, height))
    countingGesture {
      collectionView.frame = frame
      collectionView.layoutIfNeeded()
    }
  }

  /// Runs a gesture, keeping what it made the data source do in
  /// ``lastGesture``.
  func countingGesture(_ gesture: () -> Void) {
    let itemsBefore = dataSource.itemCount
    let totals = dataSource.inspection.workCounts
    gesture()
    var counts = dataSource.inspection.workCounts.work(since: totals)
    counts.itemsBefore = itemsBefore
    counts.itemsAfter = dataSource.itemCount
    lastGestureCounts = counts
  }

  /// `length` points along the layout's scroll direction.
  private func vector(_ length: Int) -> CGPoint {
    switch collectionView.collectionViewLayout.scrollDirection {
    case .vertical: CGPoint(x: 0, y: length)
    case .horizontal: CGPoint(x: length, y: 0)
    }
  }

  /// The index path of the item, or nil after failing the test with what
  /// does exist.
  func find(
    _ identifier: String, _ sectionPath: [String], for action: String,
    at sourceLocation: SourceLocation
  ) -> IndexPath? {
    if let indexPath = dataSource.indexPath(forIdentifier: identifier, sectionPath: sectionPath) {
      return indexPath
    }
    let report = MissingItemReport(
      identifier: identifier, sectionPath: sectionPath, items: dataSource.inspection.itemIdentities,
      visible: collectionView.indexPathsForVisibleItems.map(\.item).sorted())
    record("\(action): \(report)", at: sourceLocation)
    return nil
  }
}
