import Foundation

/// How a carousel's drag ends.
public enum ListCarouselPaging: Sendable, Hashable {
  /// Where the finger lets go (and the deceleration takes it).
  case none
  /// On an item's leading edge: the one nearest to where the drag ended,
  /// as UIKit's `.groupPaging` orthogonal scrolling does.
  case items
}

/// A row of the vertical list whose items scroll horizontally on their own:
/// UIKit's orthogonally scrolling section, IGListKit's embedded adapter.
///
/// ```swift
/// CarouselSection(id: "recent", height: 3) {
///   ListSection<Photo, PhotoController>(recent)
/// }
/// ```
///
/// The carousel's items are items like any other: controllers with the
/// whole lifecycle, view state, selection and focus, their identities
/// scoped under the carousel's path (`sectionPath: ["recent"]`). They are
/// diffed, mounted, shown and prefetched by what is visible in both
/// directions: only while the carousel's row is on screen, and then only
/// those within the row's width (plus the working range along it). A
/// controller sizes its item in a container of the list's width and the
/// carousel's height; items are laid out left to right, `itemSpacing`
/// apart, each as tall as it asks (at most the carousel's height).
///
/// The carousel keeps its horizontal offset while it is scrolled out of the
/// viewport and back and through every root that keeps it (same id in the
/// same place): an insert before its first visible item keeps that item in
/// place. A root that removes it forgets the offset. Its row is an item of
/// the list (identifier: the carousel's `id`), shown by the framework's own
/// controller; the row's text is the carousel's visible items side by side.
///
/// Why a collection inside a row, as IGListKit nests adapters, rather than
/// one collection with orthogonal sections: a carousel is a list of its own
/// — diffed, sized lazily, anchored, with a working range — and its row's
/// controller, which is never reused, keeps that list and its offset for
/// as long as the carousel exists, the state IGListKit loses when cells are
/// reused (IGListKit #133). The vertical layout stays one axis long.
///
/// Values that cannot be laid out are replaced and reported
/// (``ListDiffDiagnostic/Kind/invalidGeometry``): a height of 0, negative
/// or not finite becomes 1; a negative or non-finite spacing becomes 0.
public final class CarouselSection: Section, @unchecked Sendable {
  let children: [Section?]
  let height: CGFloat
  let itemSpacing: CGFloat
  let paging: ListCarouselPaging

  /// A carousel of the sections a builder lists.
  ///
  /// - Parameters:
  ///   - id: the carousel's id: its row's identifier and the name its
  ///     items' `sectionPath` holds.
  ///   - height: the row's height in points (lines).
  ///   - itemSpacing: the room between two items, in points (columns).
  ///   - paging: how a drag ends.
  ///   - content: the carousel's sections, as `CompositeSection`'s builder
  ///     lists them.
  /// - Complexity: O(*k*) in the sections listed; the items are flattened
  ///   only while the carousel's row has a controller (it was near the
  ///   viewport).
  public convenience init(
    id: String, height: CGFloat, itemSpacing: CGFloat = 1, paging: ListCarouselPaging = .none,
    @SectionBuilder _ content: () -> [Section?]
  ) {
    self.init(id: id, height: height, itemSpacing: itemSpacing, paging: paging, content())
  }

  /// A carousel of `sections`, in order.
  ///
  /// - Complexity: O(1).
  public init(
    id: String, height: CGFloat, itemSpacing: CGFloat = 1, paging: ListCarouselPaging = .none,
    _ sections: [Section?]
  ) {
    children = sections
    self.height = height
    self.itemSpacing = itemSpacing
    self.paging = paging
    super.init(id: id)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    let id = self.id ?? ""
    let safeHeight = flattener.checkedGeometry(
      height, "height", of: "carousel", id: id, scope: scope, replacement: 1) { $0.isFinite && $0 > 0 }
    let safeSpacing = flattener.checkedGeometry(
      itemSpacing, "item spacing", of: "carousel", id: id, scope: scope, replacement: 0
    ) { $0.isFinite && $0 >= 0 }
    let row = CarouselRowViewModel(
      identifier: id, height: safeHeight, itemSpacing: safeSpacing, paging: paging,
      content: NestedSections(children))
    ListSection<CarouselRowViewModel, CarouselRowController>(row).flatten(into: &flattener, scope: scope)
  }
}
