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
