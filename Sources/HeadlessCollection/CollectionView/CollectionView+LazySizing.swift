import Foundation

extension CollectionView {
  /// The estimated item size in effect: the layout's
  /// ``CollectionViewFlowLayout/estimatedItemSize`` when it is set, usable,
  /// and there is a delegate to ask real sizes of; else nil (every size is
  /// asked up front). An unusable estimate is reported once.
  var activeEstimate: CGSize? {
    let estimate = collectionViewLayout.estimatedItemSize
    guard estimate != .zero, delegate != nil else { return nil }
    guard LayoutInvalidation.isUsableEstimate(estimate) else {
      if invalidation.noteUnusableEstimate(estimate) {
        report("CollectionViewFlowLayout.estimatedItemSize", given: estimate, used: "not set (.zero)")
      }
      return nil
    }
    return estimate
  }

  /// Whether items must be loaded or placed again before a pass means
  /// anything.
  var hasPendingPlacement: Bool {
    invalidation.needsReload || invalidation.needsFullLayout || !invalidation.pendingInvalidations.isEmpty
      || invalidation.seenLayoutGeneration != collectionViewLayout.generation
      || engine.crossExtent != currentCrossExtent
      || engine.direction != collectionViewLayout.scrollDirection
  }

  /// The rectangle whose items must have their real sizes: the viewport and
  /// half of it either side along the scroll direction.
  var sizingWindow: CGRect {
    let visible = bounds
    switch engine.direction {
    case .vertical:
      let margin = visible.height / 2
      return CGRect(
        x: visible.minX, y: visible.minY - margin, width: visible.width, height: visible.height + 2 * margin)
    case .horizontal:
      let margin = visible.width / 2
      return CGRect(
        x: visible.minX - margin, y: visible.minY, width: visible.width + 2 * margin, height: visible.height)
    }
  }

  /// Asks the real sizes of the estimated items in ``sizingWindow`` (and of
  /// the item right after them, which could join their last line), places
  /// what they move, and moves the content offset by as much as the first
  /// visible item's line moved (the item a batch anchored the viewport to,
  /// while that batch lays out), so that it stays put on screen; with
  /// ``ContentAnchoring/end``, a viewport at the end stays at the end. Repeats while
  /// the window, as placed anew, holds estimated items: each round sizes at
  /// least one item and none is asked twice, so it ends; sizes far below the
  /// estimate only take a few more rounds.
  ///
  /// - Complexity: O(*w* (log *n* + the lines they move)) for the *w* items
  ///   sized, which are about those in the window.
  func sizeItemsNearViewport() {
    guard let delegate else { return }
    let layout = collectionViewLayout
    let itemCount = engine.itemCount
    while true {
      // Every layout pass comes here, and once the window is sized (a
      // scroll's every step but the first) it only looks: the engine
      // answers without making the window's items.
      var needed = engine.itemsNeedingSize(intersecting: sizingWindow)
      // Pinned header blocks are drawn in the window however far their
      // own place is: they need their real sizes too.
      if !pinning.ranges.isEmpty {
        needed = Array(Set(needed + pinnedHeadersNeedingSize(near: sizingWindow))).sorted()
      }
      guard !needed.isEmpty else { return }

      // The item a batch anchored the viewport to, if any, else the first
      // visible one; or the end, for a viewport anchored there.
      let keepsEnd = position.anchoring == .end && isAtContentEnd
      let anchor = position.anchoredItem.flatMap { $0 < itemCount ? $0 : nil }
        ?? engine.items(intersecting: bounds).first?.index
      let anchorOrigin = anchor.map(engine.lineOrigin(of:))
      let sizes = measuredSizes(of: needed, from: delegate, layout: layout)
      // A delegate that changed the collection meanwhile made these indexes
      // stale: the next pass starts over.
      guard engine.itemCount == itemCount, !hasPendingPlacement else { return }
      engine.setSizes(sizes)
      engine.relayout(dirty: needed)

      if keepsEnd {
        setMainOffsetSilently(mainOffsetLimit)
      } else if let anchor, let anchorOrigin {
        let shift = engine.lineOrigin(of: anchor) - anchorOrigin
        // The content moved under the viewport by as much, so nothing
        // moves on screen.
        if shift != 0 { setMainOffsetSilently(mainOffset + shift) }
      }
    }
  }
}
