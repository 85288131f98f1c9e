import Foundation

/// A number the collection could not lay out, and what it used instead.
///
/// Every float a client gives the collection — its frame, bounds, content
/// offset and inset, the flow layout's sizes, insets and spacings, and the
/// sizes, insets and spacings its delegate returns — is checked where it
/// enters, so that no value can crash the layout, scrolling or
/// ``CollectionView/renderText()``. The rules:
///
/// - a **length** (a width or height: frame and item sizes, estimates) that
///   is NaN or negative becomes 0, and one above ``limit`` (infinity
///   included) becomes ``limit``;
/// - a **position** (an origin, an inset, a spacing; these may be negative)
///   that is NaN becomes 0, and one beyond ±``limit`` becomes ±``limit``;
/// - a **content offset** component that is not finite keeps its current
///   value (finite offsets are clamped to the scrollable range, which is
///   ordinary scrolling and not reported);
/// - an ``CollectionViewFlowLayout/estimatedItemSize`` that is not a usable
///   size (zero or negative in either dimension, NaN, infinite) counts as not
///   set (`.zero`).
///
/// Each replacement is reported once, where it happens, to
/// ``CollectionView/invalidGeometryHandler``.
///
/// A value holds three short strings: copying and comparing it is O(their
/// length).
public struct GeometryIssue: Hashable, Sendable, CustomStringConvertible {
  /// The largest length or position the collection lays out, in points:
  /// 10⁹, far beyond any screen, small enough that sums of a million items'
  /// sizes stay exact integers in a `CGFloat` and fit in an `Int`.
  public static let limit: CGFloat = 1e9

  /// Where the value entered: a property such as `CollectionView.frame`, or
  /// a delegate method with the index path or section it was asked about.
  public let location: String
  /// The value given, as Swift prints it.
  public let given: String
  /// The value used instead.
  public let used: String

  /// An issue at `location` where `given` was replaced by `used`.
  ///
  /// - Complexity: O(1).
  public init(location: String, given: String, used: String) {
    self.location = location
    self.given = given
    self.used = used
  }

  /// One line: "invalid geometry in `location`: given `given`, using `used`".
  ///
  /// - Complexity: O(length of the line).
  public var description: String {
    "invalid geometry in \(location): given \(given), using \(used)"
  }
}

/// The rules of ``GeometryIssue``, as plain functions.
enum SafeGeometry {
  static let limit = GeometryIssue.limit

  /// A width or height: NaN and negative → 0, above the limit → the limit.
  @inline(__always)
  static func length(_ value: CGFloat) -> CGFloat {
    if value >= 0 && value <= limit { return value }  // false for NaN
    return value > limit ? limit : 0
  }

  /// A signed position: NaN → 0, beyond ±limit → ±limit.
  @inline(__always)
  static func position(_ value: CGFloat) -> CGFloat {
    if value >= -limit && value <= limit { return value }
    if value > limit { return limit }
    return value < -limit ? -limit : 0
  }

  /// Whether `value` passes the length rule unchanged.
  @inline(__always)
  static func isLength(_ value: CGFloat) -> Bool { value >= 0 && value <= limit }

  static func size(_ size: CGSize) -> CGSize {
    CGSize(width: length(size.width), height: length(size.height))
  }

  static func isSize(_ size: CGSize) -> Bool { isLength(size.width) && isLength(size.height) }

  static func rect(_ rect: CGRect) -> CGRect {
    CGRect(
      origin: CGPoint(x: position(rect.origin.x), y: position(rect.origin.y)), size: size(rect.size))
  }

  static func insets(_ insets: EdgeInsets) -> EdgeInsets {
    EdgeInsets(
      top: position(insets.top), left: position(insets.left), bottom: position(insets.bottom),
      right: position(insets.right))
  }

  /// Whether two values are the same number, NaN included.
  static func same(_ a: CGFloat, _ b: CGFloat) -> Bool { a == b || (a.isNaN && b.isNaN) }
}

extension CollectionView {
  /// Tells ``invalidGeometryHandler`` (or standard error) about a
  /// replaced value.
  func report(_ location: @autoclosure () -> String, given: Any, used: Any) {
    let issue = GeometryIssue(location: location(), given: "\(given)", used: "\(used)")
    if let invalidGeometryHandler {
      invalidGeometryHandler(issue)
    } else {
      FileHandle.standardError.write(Data((issue.description + "\n").utf8))
    }
  }

  /// `value` under the length rule, reporting a replacement.
  func checkedLength(_ value: CGFloat, _ location: @autoclosure () -> String) -> CGFloat {
    let safe = SafeGeometry.length(value)
    if !SafeGeometry.same(safe, value) { report(location(), given: value, used: safe) }
    return safe
  }

  /// `value` under the position rule, reporting a replacement.
  func checkedPosition(_ value: CGFloat, _ location: @autoclosure () -> String) -> CGFloat {
    let safe = SafeGeometry.position(value)
    if !SafeGeometry.same(safe, value) { report(location(), given: value, used: safe) }
    return safe
  }

  /// `size` under the length rule, reporting a replacement.
  func checkedSize(_ size: CGSize, _ location: @autoclosure () -> String) -> CGSize {
    if SafeGeometry.isSize(size) { return size }
    let safe = SafeGeometry.size(size)
    report(location(), given: size, used: safe)
    return safe
  }

  /// `insets` under the position rule, reporting a replacement.
  func checkedInsets(_ insets: EdgeInsets, _ location: @autoclosure () -> String) -> EdgeInsets {
    let safe = SafeGeometry.insets(insets)
    if safe != insets || [insets.top, insets.left, insets.bottom, insets.right].contains(where: \.isNaN) {
      report(location(), given: insets, used: safe)
    }
    return safe
  }

  /// `rect` under the rules, reporting a replacement.
  func checkedRect(_ rect: CGRect, _ location: @autoclosure () -> String) -> CGRect {
    let safe = SafeGeometry.rect(rect)
    let values = [rect.origin.x, rect.origin.y, rect.size.width, rect.size.height]
    if safe != rect || values.contains(where: \.isNaN) { report(location(), given: rect, used: safe) }
    return safe
  }
}
