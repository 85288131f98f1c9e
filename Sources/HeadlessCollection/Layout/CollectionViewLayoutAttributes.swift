import Foundation

/// Where the layout puts one item: UIKit's `UICollectionViewLayoutAttributes`
/// for a cell, as a value. Every member is O(1).
public struct CollectionViewLayoutAttributes: Hashable, Sendable {
  /// The item the attributes describe. O(1).
  public var indexPath: IndexPath
  /// The item's rectangle in content coordinates. O(1).
  public var frame: CGRect
  /// The kind of supplementary element the attributes describe
  /// (``CollectionView/elementKindSectionHeader`` or
  /// ``CollectionView/elementKindSectionFooter``), or nil for a cell, as
  /// UIKit's `representedElementKind`. O(1).
  public var representedElementKind: String?

  /// Attributes of `indexPath` at `frame`.
  ///
  /// - Complexity: O(1).
  public init(indexPath: IndexPath, frame: CGRect) {
    self.indexPath = indexPath
    self.frame = frame
  }

  /// The size of ``frame``.
  ///
  /// - Complexity: O(1).
  public var size: CGSize { frame.size }

  /// The center of ``frame``.
  ///
  /// - Complexity: O(1).
  public var center: CGPoint { CGPoint(x: frame.midX, y: frame.midY) }

  /// The item's rectangle in its own coordinates: its size at the origin.
  ///
  /// - Complexity: O(1).
  public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
}
