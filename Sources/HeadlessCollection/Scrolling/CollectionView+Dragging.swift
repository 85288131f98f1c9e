import Foundation

extension CollectionView {
  /// Scrolls as a person's finger does: UIKit's sequence of scroll-view
  /// callbacks, with a layout pass after every step so that every item the
  /// content passes over is displayed and ended as on a device.
  ///
  /// The delegate hears, in order: `scrollViewWillBeginDragging`;
  /// `scrollViewDidScroll` per step while the offset moves by `translation`;
  /// `scrollViewDidEndDragging(_:willDecelerate:)` with `true` exactly when
  /// `velocity` is not zero; and then `scrollViewWillBeginDecelerating`, one
  /// `scrollViewDidScroll` per step of the coasting described by
  /// `Deceleration` (about 0.499 × `velocity` further, with UIKit's normal
  /// deceleration rate of 0.998 per millisecond, sampled at 60 frames per
  /// second), and `scrollViewDidEndDecelerating`.
  ///
  /// `translation` and `velocity` (points per second) are given in the
  /// direction the content offset moves: a positive `y` scrolls toward later
  /// items, as a finger moving up does. There is no rubber band: the offset
  /// is clamped to the scrollable range at every step (as UIKit with
  /// `bounces` off), and coasting stops at the first step the clamping holds
  /// the content still. A step moves at most half the viewport along each
  /// axis (at most 10,000 steps per move); a frame of coasting that
  /// goes further is split into such steps. Non-finite components count as
  /// zero and are reported to ``invalidGeometryHandler``.
  ///
  /// - Complexity: O((*d* / *h* + 1) × (log *n* + *v*)) for a distance *d*
  ///   travelled (clamped to the content), a viewport *h* long and *v*
  ///   visible items, plus O(frames) for coasting (a few hundred at most for
  ///   ordinary velocities).
  public func drag(by translation: CGPoint, velocity: CGPoint = .zero) {
    layoutIfNeeded()
    isDragging = true
    delegate?.scrollViewWillBeginDragging(self)
    let translation = checkedVector(translation, "CollectionView.drag(by:velocity:) translation")
    let velocity = checkedVector(velocity, "CollectionView.drag(by:velocity:) velocity")
    let start = position.offset
    scrollInSteps(to: CGPoint(x: start.x + translation.x, y: start.y + translation.y))
    isDragging = false
    let coasting = Deceleration(velocity: velocity)
    let decelerates = coasting.distance != .zero
    delegate?.scrollViewDidEndDragging(self, willDecelerate: decelerates)
    guard decelerates else { return }
    isDecelerating = true
    delegate?.scrollViewWillBeginDecelerating(self)
    let released = position.offset
    if coasting.frameCount > 0 {
      // The whole coasting gets the step budget of one move.
      let stepsPerFrame = max(1, Self.maximumSteps / coasting.frameCount)
      for frame in 1...coasting.frameCount {
        let before = position.offset
        let travelled = coasting.travelled(afterFrame: frame)
        scrollInSteps(
          to: CGPoint(x: released.x + travelled.x, y: released.y + travelled.y), maximumSteps: stepsPerFrame)
        if position.offset == before { break }  // held at an edge
      }
    }
    isDecelerating = false
    delegate?.scrollViewDidEndDecelerating(self)
  }

  /// The most steps one move takes: a move across more than this many half
  /// viewports takes longer steps (and may pass over items without
  /// displaying them, as a fast fling on a device does), so that no distance
  /// can make scrolling hang.
  static let maximumSteps = 10_000

  /// Moves the offset to `target` (clamped to the scrollable range as it is
  /// when the move starts) in equal steps of at most half the viewport along
  /// each axis (but no more than `maximumSteps` of them), with
  /// `scrollViewDidScroll` and a layout pass per step. Returns whether the
  /// offset moved.
  @discardableResult
  func scrollInSteps(to target: CGPoint, maximumSteps: Int = maximumSteps) -> Bool {
    let range = contentOffsetRange
    let start = position.offset
    let end = CGPoint(
      x: Self.clamp(target.x, to: range.x, orElse: start.x),
      y: Self.clamp(target.y, to: range.y, orElse: start.y))
    guard end != start else { return false }
    func steps(_ distance: CGFloat, _ viewport: CGFloat) -> Int {
      guard viewport > 0, distance != 0 else { return 1 }
      let steps = (abs(distance) / max(1, viewport / 2)).rounded(.up)
      return steps < CGFloat(maximumSteps) ? Int(steps) : maximumSteps
    }
    let delta = CGPoint(x: end.x - start.x, y: end.y - start.y)
    let count = max(1, steps(delta.x, frame.width), steps(delta.y, frame.height))
    for step in 1...count {
      let fraction = CGFloat(step) / CGFloat(count)
      let offset =
        step == count ? end : CGPoint(x: start.x + delta.x * fraction, y: start.y + delta.y * fraction)
      moveContentOffset(to: offset)
      layoutIfNeeded()
    }
    return true
  }

  /// `value` inside `range`, or `fallback` (itself clamped) when not finite.
  static func clamp(_ value: CGFloat, to range: ClosedRange<CGFloat>, orElse fallback: CGFloat)
    -> CGFloat
  {
    let usable = value.isFinite ? value : fallback
    return min(max(usable, range.lowerBound), range.upperBound)
  }

  /// `vector` with each non-finite component replaced by zero, reporting a
  /// replacement.
  func checkedVector(_ vector: CGPoint, _ location: @autoclosure () -> String) -> CGPoint {
    guard !vector.x.isFinite || !vector.y.isFinite else { return vector }
    let safe = CGPoint(x: vector.x.isFinite ? vector.x : 0, y: vector.y.isFinite ? vector.y : 0)
    report(location(), given: vector, used: safe)
    return safe
  }
}
