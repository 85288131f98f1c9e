import Foundation

extension CollectionView {
  /// Where ``scrollToItem(at:at:animated:)`` puts an item in the viewport,
  /// UIKit's `UICollectionView.ScrollPosition`. Combine at most one vertical
  /// and one horizontal position; the empty set scrolls as little as needed
  /// to show the item whole (its leading edge, when it is longer than the
  /// room), as ``CollectionView/scrollRectToVisible(_:animated:)`` shows a
  /// rect. A bit set: every operation is O(1).
  public struct ScrollPosition: OptionSet, Hashable, Sendable {
    /// The raw bits. O(1).
    public let rawValue: UInt

    /// A position from its raw bits.
    ///
    /// - Complexity: O(1).
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// The item's top edge at the top of the viewport (below the top inset). O(1).
    public static let top = ScrollPosition(rawValue: 1 << 0)
    /// The item's center at the vertical center of the viewport. O(1).
    public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
    /// The item's bottom edge at the bottom of the viewport (above the inset). O(1).
    public static let bottom = ScrollPosition(rawValue: 1 << 2)
    /// The item's left edge at the left of the viewport. O(1).
    public static let left = ScrollPosition(rawValue: 1 << 3)
    /// The item's center at the horizontal center of the viewport. O(1).
    public static let centeredHorizontally = ScrollPosition(rawValue: 1 << 4)
    /// The item's right edge at the right of the viewport. O(1).
    public static let right = ScrollPosition(rawValue: 1 << 5)
  }

  /// Scrolls so that ``contentOffset`` is `offset`, clamped to the
  /// scrollable range (from minus the leading content inset to the content's
  /// end plus the trailing inset, less the viewport), and lays out. UIKit lets
  /// a programmatic offset overshoot until the user touches the view; with no
  /// user here, the offset always rests where a user could scroll. A
  /// non-finite component keeps its current value.
  ///
  /// Without animation the offset jumps: one `scrollViewDidScroll` if it
  /// changed. With animation it moves in equal steps of at most half the
  /// viewport, each with `scrollViewDidScroll` and a layout pass (so every
  /// item passed over is displayed and ended), and then the delegate hears
  /// `scrollViewDidEndScrollingAnimation` — unless the offset did not move,
  /// as in UIKit.
  ///
  /// - Complexity: O(log *n* + *v*) for the layout pass; animated,
  ///   O((*d* / *h* + 1) × (log *n* + *v*)) for a distance *d* and a viewport
  ///   *h* long.
  public func setContentOffset(_ offset: CGPoint, animated: Bool) {
    let offset = checkedOffset(offset, "CollectionView.setContentOffset(_:animated:)")
    layoutIfNeeded()
    if animated {
      if scrollInSteps(to: offset) { delegate?.scrollViewDidEndScrollingAnimation(self) }
      return
    }
    moveContentOffset(to: offset)
    layoutIfNeeded()
  }

  /// Scrolls so that the item at `indexPath` sits at `position`, clamped
  /// like ``setContentOffset(_:animated:)``, and lays out; with animation in
  /// steps ending with `scrollViewDidEndScrollingAnimation`, as that method
  /// says. Returns `false` and does nothing when the index path names no
  /// item. Of conflicting positions, top wins over centered over bottom (left
  /// over centered over right).
  ///
  /// Pinned header blocks (see `PinnedItemRange`) are taken into account
  /// along the scroll direction: at the leading position (`.top`, `.left`),
  /// and when no position is given along it, the item lands just below the
  /// blocks of the sections that contain it, which stay pinned over it
  /// there, instead of under them — as far as they leave it room: a block
  /// that would leave the item none is not counted, and covers the item's
  /// leading edge, as UIKit's pinned headers cover what is under them. The
  /// item always ends in the viewport.
  ///
  /// With estimated sizes (see ``CollectionViewFlowLayout/estimatedItemSize``)
  /// the item, the items before it and the blocks over it may still be at
  /// their estimate: the scroll sizes those near the viewport, and the item
  /// is aimed at again with the sizes found, until it stays put (a
  /// correction after an animated scroll is not animated).
  ///
  /// - Complexity: O(log *n* + *v*) per aim, a few aims at most; animated,
  ///   as ``setContentOffset(_:animated:)``.
  @discardableResult
  public func scrollToItem(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool)
    -> Bool
  {
    layoutIfNeeded()
    guard let index = global(indexPath) else { return false }
    aim(animated: animated) { self.offset(showing: index, at: position) }
    return true
  }

  /// The content offset at which item `index` sits at `position` (see
  /// ``scrollToItem(at:at:animated:)``), before clamping.
  ///
  /// - Complexity: O(log *n* + *p*) for *p* pinned ranges.
  private func offset(showing index: Int, at position: ScrollPosition) -> CGPoint {
    let frame = engine.frame(of: index)
    let size = self.frame.size
    let inset = contentInset
    var offset = self.position.offset

    func aligned(
      current: CGFloat, minEdge: CGFloat, maxEdge: CGFloat, viewport: CGFloat, leadingInset: CGFloat,
      trailingInset: CGFloat, leading: Bool, centered: Bool, trailing: Bool, minimal: Bool
    ) -> CGFloat {
      if leading { return minEdge - leadingInset }
      if centered {
        let room = viewport - leadingInset - trailingInset
        return (minEdge + maxEdge) / 2 - leadingInset - room / 2
      }
      if trailing { return maxEdge - viewport + trailingInset }
      guard minimal else { return current }
      // An item longer than the room shows its leading edge.
      let room = viewport - leadingInset - trailingInset
      if minEdge < current + leadingInset || maxEdge - minEdge > room { return minEdge - leadingInset }
      if maxEdge > current + viewport - trailingInset { return maxEdge - viewport + trailingInset }
      return current
    }

    let vertical = engine.direction == .vertical
    let hasVertical = !position.isDisjoint(with: [.top, .centeredVertically, .bottom])
    let hasHorizontal = !position.isDisjoint(with: [.left, .centeredHorizontally, .right])
    // The pinned blocks over the item take room at the leading edge.
    let pinned = aimedPinnedLength(over: index, target: frame)
    offset.y = aligned(
      current: offset.y, minEdge: frame.minY, maxEdge: frame.maxY, viewport: size.height,
      leadingInset: inset.top + (vertical ? pinned : 0), trailingInset: inset.bottom,
      leading: position.contains(.top), centered: position.contains(.centeredVertically),
      trailing: position.contains(.bottom), minimal: vertical && !hasVertical)
    offset.x = aligned(
      current: offset.x, minEdge: frame.minX, maxEdge: frame.maxX, viewport: size.width,
      leadingInset: inset.left + (vertical ? 0 : pinned), trailingInset: inset.right,
      leading: position.contains(.left), centered: position.contains(.centeredHorizontally),
      trailing: position.contains(.right), minimal: !vertical && !hasHorizontal)
    return offset
  }

  /// The pinned ranges whose blocks stack over item `index` at the leading
  /// edge: those of the pinned sections that contain it, it being no item
  /// of their header block, outermost first (the ranges are sorted so).
  ///
  /// - Complexity: O(*p*) for *p* pinned ranges.
  private func pinnedRanges(over index: Int) -> [PinnedItemRange] {
    let count = engine.itemCount
    return pinning.ranges.filter {
      !$0.header.isEmpty && $0.section.contains(index) && !$0.header.contains(index)
        && $0.section.upperBound <= count && $0.header.lowerBound >= 0
    }
  }

  /// How long, along the scroll direction, the pinned header blocks are
  /// that stack over item `index` when it sits at the leading edge: those
  /// of the pinned sections that contain it (it being no item of their
  /// header block), outermost first, as long as they fit in `viewport`
  /// (a longer block is not pinned; see `pinnedFrames`) — and, when
  /// `leavingRoom`, as long as they leave some of it free: the room the
  /// item is aimed at below them.
  ///
  /// - Complexity: O(*p*) for *p* pinned ranges, plus their header items.
  func pinnedLength(over index: Int, viewport: CGFloat, leavingRoom: Bool = false) -> CGFloat {
    var total: CGFloat = 0
    for range in pinnedRanges(over: index) {
      let start = engine.lineOrigin(of: range.header.lowerBound)
      let last = engine.frame(of: range.header.upperBound - 1)
      let length = (engine.direction == .vertical ? last.maxY : last.maxX) - start
      let fits = leavingRoom ? total + length < viewport : total + length <= viewport
      guard fits else { break }
      total += length
    }
    return total
  }

  /// The range the content offset may take on each axis.
  var contentOffsetRange: (x: ClosedRange<CGFloat>, y: ClosedRange<CGFloat>) {
    let content: CGSize
    let length = engine.contentLength
    switch engine.direction {
    case .vertical: content = CGSize(width: max(0, engine.crossExtent), height: length)
    case .horizontal: content = CGSize(width: length, height: max(0, engine.crossExtent))
    }
    let minX = -contentInset.left
    let minY = -contentInset.top
    let maxX = max(minX, content.width + contentInset.right - frame.width)
    let maxY = max(minY, content.height + contentInset.bottom - frame.height)
    return (minX...maxX, minY...maxY)
  }

  /// Sets the offset, clamped, and tells the delegate if it changed. A
  /// non-finite component keeps its current value.
  func moveContentOffset(to offset: CGPoint) {
    let range = contentOffsetRange
    let clamped = CGPoint(
      x: Self.clamp(offset.x, to: range.x, orElse: position.offset.x),
      y: Self.clamp(offset.y, to: range.y, orElse: position.offset.y))
    guard clamped != position.offset else { return }
    position.offset = clamped
    invalidation.setNeedsLayout()
    delegate?.scrollViewDidScroll(self)
  }

  /// `offset` with each non-finite component replaced by the current one,
  /// reporting a replacement.
  func checkedOffset(_ offset: CGPoint, _ location: @autoclosure () -> String) -> CGPoint {
    guard !offset.x.isFinite || !offset.y.isFinite else { return offset }
    let safe = CGPoint(
      x: offset.x.isFinite ? offset.x : position.offset.x,
      y: offset.y.isFinite ? offset.y : position.offset.y)
    report(location(), given: offset, used: safe)
    return safe
  }

  /// Pulls the offset back into range after the content or viewport changed.
  func clampContentOffset() {
    moveContentOffset(to: position.offset)
  }
}
