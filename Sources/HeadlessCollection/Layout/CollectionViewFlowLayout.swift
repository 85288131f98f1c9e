import Foundation

/// The settings of a line-based flow layout, UIKit's
/// `UICollectionViewFlowLayout`.
///
/// Items are placed one after another along a line across the scroll
/// direction (a row when scrolling vertically, a column when scrolling
/// horizontally) and wrap to a new line when the next item does not fit. As in
/// UIKit:
///
/// - every line but a section's last is justified: its first item starts at
///   the leading inset, its last ends at the trailing one, and the free room is
///   shared equally between the gaps (never less than
///   ``minimumInteritemSpacing``); a line holding a single item centers it;
/// - a section's last line is left-aligned (top-aligned when scrolling
///   horizontally), its items ``minimumInteritemSpacing`` apart;
/// - items of different sizes in one line are centered on the line, whose
///   thickness is that of its largest item;
/// - consecutive lines are ``minimumLineSpacing`` apart, and every section is
///   padded by ``sectionInset``;
/// - an item too large for the room across the line gets a line of its own,
///   at the leading inset.
///
/// Sizes come from the delegate's
/// ``CollectionViewDelegateFlowLayout/collectionView(_:layout:sizeForItemAt:)``,
/// else ``itemSize``. A collection view asks them once per item and caches
/// them; changing any property here invalidates the whole layout, so the next
/// layout pass asks every size again.
///
/// The object holds what it is given; values that cannot be laid out (NaN,
/// infinite, negative sizes, beyond ``GeometryIssue/limit``) are replaced
/// where a collection view reads them, as ``GeometryIssue`` says, and
/// reported to that collection's ``CollectionView/invalidGeometryHandler``.
///
/// The object only holds settings: reading or setting any of them is O(1);
/// the O(*n*) relayout happens at each collection view's next layout pass.
@MainActor
public final class CollectionViewFlowLayout {
  /// The direction the content scrolls in. O(1) to copy and compare.
  public enum ScrollDirection: Hashable, Sendable {
    /// Lines are rows, stacked top to bottom.
    case vertical
    /// Lines are columns, stacked left to right.
    case horizontal
  }

  /// The size of every item when the delegate does not say otherwise.
  /// Default 50 × 50, as in UIKit. O(1); see the type for the relayout.
  public var itemSize = CGSize(width: 50, height: 50) { didSet { invalidateLayout() } }

  /// The size items are laid out at until their real size is needed,
  /// UIKit's self-sizing estimate. Default `.zero`: not set, so every
  /// item's size is asked on the first layout, as UIKit does.
  ///
  /// When set (and the collection has a delegate to ask), only the items
  /// within the viewport and half a viewport either side of it along the
  /// scroll direction — and the item right after them, which could still
  /// join their last line — are asked their size; the others are placed at
  /// the estimate. As scrolling brings items near, their real sizes replace
  /// the estimates and the content size follows; when items before the
  /// viewport change size, the content offset moves by as much, so the first
  /// visible item stays where it was on screen (the correction does not call
  /// `scrollViewDidScroll`: nothing moved on screen). Scrolling down through
  /// items never makes a visible item move; scrolling up from a place reached
  /// by a jump can reflow lines of several items, as in UIKit. Once every
  /// item has been sized, every frame is what a layout without an estimate
  /// gives.
  ///
  /// The recommended setting for long lists: the first layout of *n* items
  /// then costs O(*n*) placement but asks only the sizes near the viewport.
  /// An estimate with a zero, negative, NaN, infinite or larger than
  /// ``GeometryIssue/limit`` dimension counts as not set, and the
  /// collection reports it to its ``CollectionView/invalidGeometryHandler``.
  /// O(1); see the type for the relayout.
  public var estimatedItemSize: CGSize = .zero { didSet { invalidateLayout() } }

  /// The direction the content scrolls in. Default ``ScrollDirection/vertical``.
  /// O(1); see the type for the relayout.
  public var scrollDirection: ScrollDirection = .vertical { didSet { invalidateLayout() } }

  /// Space around the items of every section. Default zero. O(1); see the
  /// type for the relayout.
  public var sectionInset: EdgeInsets = .zero { didSet { invalidateLayout() } }

  /// The least space between consecutive lines. Default 10, as in UIKit.
  /// Negative values overlap lines, but a line never starts before the one
  /// before it. O(1); see the type for the relayout.
  public var minimumLineSpacing: CGFloat = 10 { didSet { invalidateLayout() } }

  /// The least space between consecutive items of one line. Default 10, as in
  /// UIKit; justified lines may space their items further apart. O(1); see
  /// the type for the relayout.
  public var minimumInteritemSpacing: CGFloat = 10 { didSet { invalidateLayout() } }

  /// The size of every section's header when the delegate's
  /// ``CollectionViewDelegateFlowLayout/collectionView(_:layout:referenceSizeForHeaderInSection:)``
  /// does not say otherwise. Default `.zero`: no headers. As in UIKit, only
  /// the length along the scroll direction counts (the height when scrolling
  /// vertically, the width when horizontally): a header spans the whole
  /// room across, the collection's size minus its content insets, and sits
  /// at the start of its section, before the ``sectionInset``. A zero (or
  /// negative, or unusable) length means the section has no header. O(1);
  /// see the type for the relayout.
  public var headerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }

  /// The size of every section's footer when the delegate's
  /// ``CollectionViewDelegateFlowLayout/collectionView(_:layout:referenceSizeForFooterInSection:)``
  /// does not say otherwise. Default `.zero`: no footers. Laid out as
  /// ``headerReferenceSize`` is, at the end of its section, after the
  /// ``sectionInset``. O(1); see the type for the relayout.
  public var footerReferenceSize: CGSize = .zero { didSet { invalidateLayout() } }

  /// Whether section headers stay at the top of the visible bounds while
  /// their section is on screen, UIKit's `sectionHeadersPinToVisibleBounds`
  /// (default `false`). As UIKit documents it, a header scrolls with the
  /// content until it reaches the top of the visible bounds (below the
  /// content inset), is pinned there, and is pushed away by the next
  /// section's header: it never leaves its own section, so it moves up once
  /// the end of its section (after its footer) reaches its bottom edge. A
  /// pinned header is drawn over the items it covers. O(1); see the type
  /// for the relayout.
  public var sectionHeadersPinToVisibleBounds = false { didSet { invalidateLayout() } }

  /// Whether section footers stay at the bottom of the visible bounds while
  /// their section is on screen, UIKit's `sectionFootersPinToVisibleBounds`
  /// (default `false`): the mirror image of
  /// ``sectionHeadersPinToVisibleBounds``, pushed down by the start of its
  /// section (before its header). O(1); see the type for the relayout.
  public var sectionFootersPinToVisibleBounds = false { didSet { invalidateLayout() } }

  /// Bumped whenever the layout is invalidated; a collection view that saw an
  /// older value lays everything out again (and asks every size again) at its
  /// next layout pass. Counting instead of keeping a back reference lets one
  /// layout object serve several collection views.
  private(set) var generation = 0

  /// A flow layout with UIKit's defaults.
  ///
  /// - Complexity: O(1).
  public init() {}

  /// Discards every computed position and cached size: the next layout pass
  /// of each collection view using this layout asks the delegate for every
  /// size and places every item again.
  ///
  /// - Complexity: O(1) now; O(*n*) at the next layout pass, for *n* items.
  public func invalidateLayout() {
    generation &+= 1
  }
}
