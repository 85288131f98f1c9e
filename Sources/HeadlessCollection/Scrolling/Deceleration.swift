import Foundation

/// How content coasts after a drag, modelled on UIKit's
/// `UIScrollView.DecelerationRate.normal`: the velocity is multiplied by
/// ``rate`` every millisecond.
///
/// With a velocity of *v* points per second the content travels, after *t*
/// milliseconds, *D* (1 − *r*^*t*) where *D* = *v* / 1000 × *r* / (1 − *r*)
/// is the distance it would travel in all (the sum of *v* / 1000 × *r*^*k*
/// over every millisecond *k* ≥ 1): about 0.499 × *v*. It is sampled once per
/// frame at 60 frames per second, and stops at the first frame where less than
/// half a point is left to travel on each axis; that frame lands exactly on
/// the projected end. Nothing depends on a clock, so the same drag always
/// produces the same offsets.
struct Deceleration {
  /// UIKit's normal deceleration rate, per millisecond.
  static let rate = 0.998
  /// The time between two samples, in milliseconds.
  static let frameDuration = 1000.0 / 60
  /// Coasting stops when less than this is left to travel, in points.
  static let restingDistance = 0.5

  /// The distance the content travels in all, per axis.
  let distance: CGPoint
  /// The number of frames the coasting lasts.
  let frameCount: Int

  /// The coasting of a drag released at `velocity` (points per second, in the
  /// direction the content offset moves). Non-finite components count as 0.
  init(velocity: CGPoint) {
    func projected(_ value: CGFloat) -> Double {
      guard value.isFinite else { return 0 }
      return Double(value) / 1000 * Self.rate / (1 - Self.rate)
    }
    distance = CGPoint(x: projected(velocity.x), y: projected(velocity.y))
    let longest = max(abs(distance.x), abs(distance.y))
    if longest <= Self.restingDistance {
      frameCount = longest > 0 ? 1 : 0
    } else {
      // r^t < resting / longest, t in milliseconds, rounded up to frames.
      let milliseconds = log(Self.restingDistance / longest) / log(Self.rate)
      frameCount = max(1, Int((milliseconds / Self.frameDuration).rounded(.up)))
    }
  }

  /// How far the content has travelled from where it was released after
  /// `frame` frames (1 ... ``frameCount``); the last frame gives ``distance``.
  ///
  /// - Complexity: O(1).
  func travelled(afterFrame frame: Int) -> CGPoint {
    guard frame < frameCount else { return distance }
    let remaining = pow(Self.rate, Double(frame) * Self.frameDuration)
    return CGPoint(x: distance.x * (1 - remaining), y: distance.y * (1 - remaining))
  }
}
