import Foundation

/// Items `columns` to a line, each a column wide, as a photo grid shows
/// them: UIKit's flow layout of equal cells, in a block of the list.
///
/// ```swift
/// GridSection(id: "photos", columns: 3) {
///   ListSection<Photo, PhotoController>(photos)
/// }
/// ```
///
/// The grid's items are items like any other: controllers with the whole
/// lifecycle, view state, selection and focus, their identities scoped
/// under the grid's path (`sectionPath: ["photos"]`). A controller sizes its
/// item in a container one column wide (and as tall as the list): the
/// columns share the list's width less the spacing between them equally,
/// whole points each (what is left over stays empty at the right). Items
/// are as wide as a column and as tall as they ask; a line is as tall as
/// its tallest item, and `spacing` (1 by default: a blank column and a
/// blank line on a terminal) separates columns and lines alike. The
/// grid starts and ends on lines of its own; resizing the list re-flows
/// it. Items appear, disappear, mount and unmount by the part of the grid
/// the list shows.
///
/// The grid is one row of the list (identifier: the grid's `id`), shown by
/// the framework's own controller, which keeps the grid's own list (a
/// vertical collection inside the row) for as long as the grid exists. The
/// row is as tall as the grid, so a grid's items are all sized when it
/// first comes near the viewport: O(items) then, and on every resize.
///
/// A `columns` below 1 is reported (``ListDiffDiagnostic/Kind/invalidGeometry``)
/// and 1 used; a negative or non-finite spacing, 0.
public final class GridSection: Section, @unchecked Sendable {
  let children: [Section?]
  let columns: Int
  let spacing: CGFloat

  /// A grid of the sections a builder lists.
  ///
  /// - Parameters:
  ///   - id: the grid's id: its row's identifier and the name its items'
  ///     `sectionPath` holds.
  ///   - columns: how many items to a line.
  ///   - spacing: the room between columns and between lines, in points:
  ///     1 by default, which in a terminal (a point per character cell) is
  ///     a blank column between items and a blank line between lines; 0
  ///     puts them edge to edge.
  ///   - content: the grid's sections, as `CompositeSection`'s builder
  ///     lists them.
  /// - Complexity: O(*k*) in the sections listed.
  public convenience init(
    id: String, columns: Int, spacing: CGFloat = 1, @SectionBuilder _ content: () -> [Section?]
  ) {
    self.init(id: id, columns: columns, spacing: spacing, content())
  }

  /// A grid of `sections`, in order, `spacing` points apart (1 by default,
  /// as in the builder's form).
  ///
  /// - Complexity: O(1).
  public init(id: String, columns: Int, spacing: CGFloat = 1, _ sections: [Section?]) {
    children = sections
    self.columns = columns
    self.spacing = spacing
    super.init(id: id)
  }

  override func flatten(into flattener: inout Flattener, scope: SectionScope) {
    let id = self.id ?? ""
    let safeColumns = flattener.checkedGeometry(
      columns, "columns", of: "grid", id: id, scope: scope, replacement: 1) { $0 >= 1 }
    let safeSpacing = flattener.checkedGeometry(
      spacing, "spacing", of: "grid", id: id, scope: scope, replacement: 0) { $0.isFinite && $0 >= 0 }
    let row = GridRowViewModel(
      identifier: id, columns: safeColumns, spacing: safeSpacing, content: NestedSections(children))
    ListSection<GridRowViewModel, GridRowController>(row).flatten(into: &flattener, scope: scope)
  }
}
