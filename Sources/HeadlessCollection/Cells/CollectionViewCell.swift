import Foundation

/// A cell of a ``CollectionView``: a ``CollectionReusableView`` that shows
/// an item, UIKit's `UICollectionViewCell` without pixels.
///
/// Subclass it, register the subclass with
/// ``CollectionView/register(_:forCellWithReuseIdentifier:)`` and hand out
/// instances from ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``.
/// The collection view sets ``CollectionReusableView/frame`` from its layout,
/// calls ``CollectionReusableView/layoutSubviews()`` when the size changes,
/// and recycles the cell through ``prepareForReuse()`` once it scrolls out of
/// view. Override ``CollectionReusableView/textRepresentation`` to show
/// something in ``CollectionView/renderText()``.
///
/// A cell is a handful of stored properties: creating one is O(1) plus what
/// a subclass adds.
@MainActor
open class CollectionViewCell: CollectionReusableView {
  // Like the view's, these are plain values nothing holds across a call
  // out, unchecked for exclusive access at run time (see `frame`).

  /// Whether the item the cell shows is selected. The collection view sets it
  /// when it displays the cell and when selection changes; subclasses may
  /// override it to restyle. O(1) here.
  @exclusivity(unchecked) open var isSelected: Bool = false

  /// Whether a collection view shows an item in the cell right now.
  @exclusivity(unchecked) var isMounted = false

  /// Whether the cell waits in a reuse queue (see `ReuseQueue`).
  @exclusivity(unchecked) var isQueued = false

  /// While the cell waits in a reuse queue: the item (global index) it
  /// showed, which gets it back first if it returns.
  @exclusivity(unchecked) var rememberedItem: Int?

  /// Set by ``CollectionView/reloadData()`` on a cell that was displayed:
  /// the index path it showed, until the next layout pass sees whether the
  /// data source took it back for that index path (it stays displayed) or
  /// not (it gets `didEndDisplaying` for this path).
  @exclusivity(unchecked) var reloadedFrom: IndexPath?

  /// A cell with the given frame. The collection view creates cells with the
  /// frame of the item they are first dequeued for.
  ///
  /// - Complexity: O(1).
  public required init(frame: CGRect) {
    super.init(frame: frame)
    // A cell is one element, read with its label, unless it says otherwise.
    isAccessibilityElement = true
  }

  /// Resets the cell before ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``
  /// hands it out again: deselects it. Overrides must call `super`.
  ///
  /// - Complexity: O(1) here; whatever the override does.
  open override func prepareForReuse() {
    super.prepareForReuse()
    isSelected = false
  }
}
