import Foundation

/// A view a ``CollectionView`` positions and recycles: UIKit's
/// `UICollectionReusableView` without pixels, and the base class of
/// ``CollectionViewCell``. Used as is, or subclassed, for supplementary
/// views (section headers and footers): register the class with
/// ``CollectionView/register(_:forSupplementaryViewOfKind:withReuseIdentifier:)``
/// and hand out instances from
/// ``CollectionView/dequeueReusableSupplementaryView(ofKind:withReuseIdentifier:for:)``.
///
/// The collection view sets ``frame`` from its layout, calls
/// ``layoutSubviews()`` when the size changes, and recycles the view through
/// ``prepareForReuse()`` once it scrolls out of view. Override
/// ``textRepresentation`` to show something in ``CollectionView/renderText()``.
///
/// A view is a handful of stored properties: creating one is O(1) plus what
/// a subclass adds.
@MainActor
open class CollectionReusableView {
  // The view's stored properties are plain values that nothing holds
  // across a call out, so none is checked for exclusive access at run time
  // (a check costs a thread-local table's search at every access, and a
  // scroll reads and writes these for every cell).

  /// The view's rectangle in the collection view's content coordinates.
  ///
  /// Changing the size marks the view as needing layout, so
  /// ``layoutSubviews()`` runs at the next ``layoutIfNeeded()`` (the collection
  /// view lays its views out at the end of every layout pass). Moving the view
  /// without resizing it does not, as in UIKit.
  ///
  /// - Complexity: O(1).
  @exclusivity(unchecked) public var frame: CGRect {
    didSet {
      if frame.size != oldValue.size { setNeedsLayout() }
    }
  }

  /// The view's own coordinate space: its size at the origin.
  ///
  /// Setting it resizes ``frame`` around its origin.
  ///
  /// - Complexity: O(1).
  public var bounds: CGRect {
    get { CGRect(origin: .zero, size: frame.size) }
    set { frame.size = newValue.size }
  }

  /// The identifier the view was dequeued with; `nil` for a view created
  /// directly, which the collection view then never reuses. O(1).
  @exclusivity(unchecked) public internal(set) var reuseIdentifier: String?

  /// Whether ``layoutSubviews()`` is due. O(1).
  @exclusivity(unchecked) public private(set) var needsLayout = true

  /// The collection view the view is displayed in, told when the view asks
  /// for layout so that the next pass gets to it.
  var owner: CollectionView? {
    get { ownerReference?.object }
    set { ownerReference = newValue?.backReference }
  }

  /// The collection view's reference to itself, which it clears as it goes
  /// (see ``BackReference``: a weak reference here gave it a side table).
  @exclusivity(unchecked) private var ownerReference: BackReference<CollectionView>?

  /// Whether the delegate has been told the view will display and not yet
  /// that it ended displaying.
  @exclusivity(unchecked) var isDisplayed = false

  /// The header or footer a collection view shows in the view right now.
  @exclusivity(unchecked) var mountedElement: SupplementaryElement?

  /// While the view waits in a supplementary reuse queue after a reload:
  /// the element it showed, which gets it back first.
  @exclusivity(unchecked) var rememberedElement: SupplementaryElement?

  /// A view with the given frame. The collection view creates views with the
  /// frame of the element they are first dequeued for.
  ///
  /// - Complexity: O(1).
  public required init(frame: CGRect) {
    self.frame = frame
  }

  /// Resets the view before the collection view hands it out again from its
  /// reuse queue. Overrides must call `super`.
  ///
  /// - Complexity: O(1) here; whatever the override does.
  open func prepareForReuse() {}

  /// Lays out the view's content for its current ``bounds``. The default does
  /// nothing; subclasses override it to react to size changes.
  ///
  /// - Complexity: O(1) here; whatever the override does.
  open func layoutSubviews() {}

  /// Marks the view as needing layout; ``layoutIfNeeded()`` (or the next
  /// layout pass of the collection view showing it) then calls
  /// ``layoutSubviews()``.
  ///
  /// - Complexity: O(1).
  public func setNeedsLayout() {
    // Already due: the owner has been told, or will lay every visible view
    // out anyway when it mounts this one.
    guard !needsLayout else { return }
    needsLayout = true
    owner?.cellNeedsLayout()
  }

  /// Calls ``layoutSubviews()`` now if the view needs layout.
  ///
  /// - Complexity: O(1) plus ``layoutSubviews()``.
  public func layoutIfNeeded() {
    guard needsLayout else { return }
    needsLayout = false
    layoutSubviews()
  }

  /// What ``CollectionView/renderText()`` draws in the view's frame: one line
  /// of text per point of height, one character per point of width, clipped
  /// to the frame. The default is empty, so the view shows as blank. It is
  /// read once per visible view each time the collection is rendered, so it
  /// should cost O(length of the text).
  open var textRepresentation: String { "" }
  // MARK: Accessibility (UIKit's properties, read by the list's accessibility)

  /// Whether assistive technology reads this view as one element. The
  /// default is false for a reusable view and true for a
  /// ``CollectionViewCell``: a cell is one element, read with its label.
  /// False leaves it out of the list's accessibility elements.
  open var isAccessibilityElement = false

  /// What the element is called, as it is read. nil (the default): the
  /// text the view draws (``textRepresentation``), as a label reads its text.
  open var accessibilityLabel: String?

  /// The element's value, read after its label (a slider's percentage, a
  /// count). Default nil.
  open var accessibilityValue: String?

  /// What activating the element does, read after a pause. Default nil.
  open var accessibilityHint: String?

  /// An identifier for tests and automation, never read. Default nil.
  open var accessibilityIdentifier: String?

  /// What the element is and how it behaves (``AccessibilityTraits``).
  /// Default none.
  open var accessibilityTraits: AccessibilityTraits = .none

  /// The actions offered besides activating it. Default nil.
  open var accessibilityCustomActions: [AccessibilityCustomAction]?

  /// Activates the element (a double tap with VoiceOver); returns whether
  /// it did. The default returns false: the collection view then treats
  /// the activation as a tap on the item.
  ///
  /// - Complexity: whatever the override does; O(1) by default.
  open func accessibilityActivate() -> Bool { false }

  /// Raises an ``AccessibilityTraits/adjustable`` element's value (a swipe
  /// up). The default does nothing.
  open func accessibilityIncrement() {}

  /// Lowers an ``AccessibilityTraits/adjustable`` element's value (a swipe
  /// down). The default does nothing.
  open func accessibilityDecrement() {}
}
