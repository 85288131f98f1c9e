import Foundation

/// What the flow layout keeps about one item: its cached size and where its
/// line is. Kept as a flat value in ``GeometryStore`` rather than an object
/// per item, so that 100,000 items are a few megabytes of plain memory.
///
/// "Main" is the scroll direction, "cross" the direction lines run in.
struct ItemGeometry {
  /// The size the delegate gave, cleaned of negative and non-finite values.
  var size: CGSize
  /// The item's origin across the scroll direction.
  var crossOrigin: CGFloat
  /// Where the item's line starts along the scroll direction. Inside a
  /// ``GeometryStore`` block this is relative to the block's base; the
  /// store's accessors hand out and take absolute values.
  var lineOrigin: CGFloat
  /// The thickness of the item's line along the scroll direction.
  var lineThickness: CGFloat
  /// Whether the item is the first of its line.
  var isLineStart: Bool
  /// Whether the size must be asked for before the next placement.
  var needsSize: Bool

  /// An item whose size is yet to be asked for and which has no place yet.
  static let unsized = ItemGeometry(
    size: .zero, crossOrigin: 0, lineOrigin: 0, lineThickness: 0, isLineStart: false,
    needsSize: true)

  /// An item laid out at an estimated `size` until its real size is asked
  /// for, and which has no place yet.
  static func estimated(_ size: CGSize) -> ItemGeometry {
    ItemGeometry(
      size: size, crossOrigin: 0, lineOrigin: 0, lineThickness: 0, isLineStart: false,
      needsSize: true)
  }

  /// The record a moved item takes along: its size, and whether that size
  /// is still to be asked for; not its place.
  var carried: ItemGeometry { needsSize ? .estimated(size) : .sized(size) }

  /// An item of `size` that has no place yet.
  static func sized(_ size: CGSize) -> ItemGeometry {
    ItemGeometry(
      size: size, crossOrigin: 0, lineOrigin: 0, lineThickness: 0, isLineStart: false,
      needsSize: false)
  }

  /// `size` with negative and non-finite components replaced by zero, which
  /// is what the layout uses for sizes it cannot place.
  static func sanitized(_ size: CGSize) -> CGSize {
    func clean(_ value: CGFloat) -> CGFloat { value.isFinite && value > 0 ? value : 0 }
    return CGSize(width: clean(size.width), height: clean(size.height))
  }
}
