import Foundation

/// How a batch update moves the content offset: what ListDiffUI's
/// `scrollAnchor` sets. Not API: UIKit's collection view keeps the offset
/// (`.none`) and leaves anchoring to its clients; this package's data source
/// asks the collection to do it inside the batch, so that the batch's one
/// layout pass already shows the anchored viewport (no appearance callbacks
/// for a viewport that was never meant to be seen).
package enum ContentAnchoring: Sendable, Hashable {
  /// The content offset is kept, as UIKit does.
  case none
  /// The first visible item that survives the batch (neither deleted nor
  /// moved; if the first visible one did not, the next one that did) keeps
  /// its distance from the viewport's leading edge.
  case visibleContent
  /// A viewport at the end of the content stays at the end; one elsewhere
  /// behaves as `.visibleContent`.
  case end
}

extension CollectionView {

  /// What a batch must restore: the surviving item the viewport is anchored
  /// to, old index, and its line's distance from the leading edge; or that
  /// the viewport was at the end.
  struct CapturedAnchor {
    var item: Int?
    var distance: CGFloat
    var wasAtEnd: Bool
  }

  /// The offset along the scroll direction.
  var mainOffset: CGFloat {
    engine.direction == .vertical ? position.offset.y : position.offset.x
  }

  /// The largest offset along the scroll direction.
  var mainOffsetLimit: CGFloat {
    engine.direction == .vertical ? contentOffsetRange.y.upperBound : contentOffsetRange.x.upperBound
  }

  /// Whether the viewport rests at the end of the content (half a point of
  /// slack, for offsets that went through fractions).
  var isAtContentEnd: Bool { mainOffset >= mainOffsetLimit - 0.5 }

  /// Before `batch` is placed: the anchor it must restore, or nil when the
  /// offset is simply kept.
  ///
  /// - Complexity: O(log *n* + *v* + *k* log *k*) for *k* changes: the
  ///   search for a survivor passes over removed items only.
  func captureAnchor(for batch: ValidatedBatch) -> CapturedAnchor? {
    guard position.anchoring != .none, batch.oldCount > 0 else { return nil }
    if position.anchoring == .end && isAtContentEnd {
      return CapturedAnchor(item: nil, distance: 0, wasAtEnd: true)
    }
    guard let first = engine.items(intersecting: bounds).first?.index else { return nil }
    let survives = { (old: Int) in !ValidatedBatch.contains(batch.removedOld, old) }
    // The first visible survivor, else the next one after it, else (all
    // the rest removed) the last one before it.
    var item: Int? = (first..<batch.oldCount).first(where: survives)
    if item == nil { item = (0..<first).last(where: survives) }
    guard let item else { return nil }
    return CapturedAnchor(item: item, distance: engine.lineOrigin(of: item) - mainOffset, wasAtEnd: false)
  }

  /// After `batch` is placed: moves the offset, without telling the
  /// delegate (nothing moved on screen), so that the anchor is where it was,
  /// and remembers the anchored item for the sizing of estimates in the
  /// batch's layout pass.
  ///
  /// - Complexity: O(log *k* + log *n*).
  func restore(_ anchor: CapturedAnchor, after batch: ValidatedBatch) {
    let target: CGFloat
    if anchor.wasAtEnd {
      target = mainOffsetLimit
    } else if let old = anchor.item {
      let new = batch.newIndex(ofSurvivor: old)
      position.anchor(to: new)
      target = engine.lineOrigin(of: new) - anchor.distance
    } else {
      return
    }
    setMainOffsetSilently(target)
  }

  /// Sets the offset along the scroll direction, clamped, without telling
  /// the delegate; the caller lays out (a batch does, and the sizing of
  /// estimates happens inside a pass).
  func setMainOffsetSilently(_ value: CGFloat) {
    let range = contentOffsetRange
    var offset = position.offset
    switch engine.direction {
    case .vertical: offset.y = Self.clamp(value, to: range.y, orElse: offset.y)
    case .horizontal: offset.x = Self.clamp(value, to: range.x, orElse: offset.x)
    }
    position.offset = offset
  }
}
