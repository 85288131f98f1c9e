import Foundation

/// A cell of a ``CollectionView``: a plain object with a frame and no drawing,
/// UIKit's `UICollectionViewCell` without pixels.
///
/// Subclass it, register the subclass with
/// ``CollectionView/register(_:forCellWithReuseIdentifier:)`` and hand out
/// instances from ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``.
/// The collection view sets ``frame`` from its layout, calls
/// ``layoutSubviews()`` when the size changes, and recycles the cell through
/// ``prepareForReuse()`` once it scrolls out of view. Override
/// ``textRepresentation`` to show something in ``CollectionView/renderText()``.
///
/// A cell is a handful of stored properties: creating one is O(1) plus what
/// a subclass adds.
@MainActor
open class CollectionViewCell {
  /// The cell's rectangle in the collection view's content coordinates.
  ///
  /// Changing the size marks the cell as needing layout, so
  /// ``layoutSubviews()`` runs at the next ``layoutIfNeeded()`` (the collection
  /// view lays its cells out at the end of every layout pass). Moving the cell
  /// without resizing it does not, as in UIKit.
  ///
  /// - Complexity: O(1).
  public var frame: CGRect {
    didSet {
      if frame.size != oldValue.size { setNeedsLayout() }
    }
  }

  /// The cell's own coordinate space: its size at the origin.
  ///
  /// Setting it resizes ``frame`` around its origin.
  ///
  /// - Complexity: O(1).
  public var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }

  /// The identifier the cell was dequeued with; `nil` for a cell created
  /// directly, which the collection view then never reuses. O(1).
  public internal(set) var reuseIdentifier: String?

  /// Whether the item the cell shows is selected. The collection view sets it
  /// when it displays the cell and when selection changes; subclasses may
  /// override it to restyle. O(1) here.
  open var isSelected: Bool = false

  /// Whether ``layoutSubviews()`` is due. O(1).
  public private(set) var needsLayout = true

  /// The collection view the cell is displayed in, told when the cell asks
  /// for layout so that the next pass gets to it.
  weak var owner: CollectionView?

  /// Whether the delegate has been told the cell will display and not yet
  /// that it ended displaying.
  var isDisplayed = false

  /// Whether a collection view shows an item in the cell right now.
  var isMounted = false

  /// While the cell waits in a reuse queue: the item (global index) it
  /// showed, which gets it back first if it returns.
  var rememberedItem: Int?

  /// A cell with the given frame. The collection view creates cells with the
  /// frame of the item they are first dequeued for.
  ///
  /// - Complexity: O(1).
  public required init(frame: CGRect) {
    self.frame = frame
  }

  /// Resets the cell before ``CollectionView/dequeueReusableCell(withReuseIdentifier:for:)``
  /// hands it out again. Overrides must call `super`.
  ///
  /// - Complexity: O(1) here; whatever the override does.
  open func prepareForReuse() {
    isSelected = false
  }

  /// Lays out the cell's content for its current ``bounds``. The default does
  /// nothing; subclasses override it to react to size changes.
  ///
  /// - Complexity: O(1) here; whatever the override does.
  open func layoutSubviews() {}

  /// Marks the cell as needing layout; ``layoutIfNeeded()`` (or the next
  /// layout pass of the collection view showing it) then calls
  /// ``layoutSubviews()``.
  ///
  /// - Complexity: O(1).
  public func setNeedsLayout() {
    // Already due: the owner has been told, or will lay every visible cell
    // out anyway when it mounts this one.
    guard !needsLayout else { return }
    needsLayout = true
    owner?.cellNeedsLayout()
  }

  /// Calls ``layoutSubviews()`` now if the cell needs layout.
  ///
  /// - Complexity: O(1) plus ``layoutSubviews()``.
  public func layoutIfNeeded() {
    guard needsLayout else { return }
    needsLayout = false
    layoutSubviews()
  }

  /// What ``CollectionView/renderText()`` draws in the cell's frame: one line
  /// of text per point of height, one character per point of width, clipped
  /// to the frame. The default is empty, so the cell shows as blank. It is
  /// read once per visible cell each time the collection is rendered, so it
  /// should cost O(length of the text).
  open var textRepresentation: String { "" }
}
