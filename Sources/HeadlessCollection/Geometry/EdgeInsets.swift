import Foundation

/// Distances inset from the four edges of a rectangle, UIKit's `UIEdgeInsets`.
///
/// The flow layout uses them for `sectionInset` and the collection view for
/// `contentInset`. Along the scroll direction they add space before and after
/// content; across it they narrow the room that lines are laid out in. Four
/// numbers: every operation is O(1).
public struct EdgeInsets: Hashable, Sendable, CustomStringConvertible {
  /// The inset from the top edge. O(1).
  public var top: CGFloat
  /// The inset from the left edge. O(1).
  public var left: CGFloat
  /// The inset from the bottom edge. O(1).
  public var bottom: CGFloat
  /// The inset from the right edge. O(1).
  public var right: CGFloat

  /// Insets of the given sizes.
  ///
  /// - Complexity: O(1).
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// The same inset on all four edges.
  ///
  /// - Complexity: O(1).
  public init(all inset: CGFloat) {
    self.init(top: inset, left: inset, bottom: inset, right: inset)
  }

  /// No inset on any edge. O(1).
  public static let zero = EdgeInsets(top: 0, left: 0, bottom: 0, right: 0)

  /// The sum of the left and right insets.
  ///
  /// - Complexity: O(1).
  public var horizontal: CGFloat { left + right }

  /// The sum of the top and bottom insets.
  ///
  /// - Complexity: O(1).
  public var vertical: CGFloat { top + bottom }

  /// `{top, left, bottom, right}`, as UIKit prints insets. O(1).
  public var description: String {
    "{\(top), \(left), \(bottom), \(right)}"
  }
}
