import Foundation
import HeadlessCollection

/// The base class of every cell a ``ListCellController`` configures.
///
/// A cell is a view and nothing more: its controller decides what it shows
/// (in `configureCell(cell:)`) and owns any state, which is why
/// `prepareForReuse()` is final here, as in ListDiffUI — a cell that resets
/// itself behind its controller's back would disagree with the controller.
/// Override `layoutSubviews()` (calling `super`) and
/// `textRepresentation` as for any ``/HeadlessCollection/CollectionViewCell``.
@MainActor
open class ListCell: CollectionViewCell {
  /// The controller the cell is mounted on, if any: one end of the mount
  /// link (`MountLink` is the other), written only by the data source's
  /// `mount` and `unmount`. Strong, as the other end is (see `MountLink`
  /// for why, and why the cycle they make does not outlast the link).
  var controller: AnyListCellController?

  /// The reuse identifier the data source registers a cell class under: its
  /// fully qualified name, so equally named classes of two modules differ.
  static func reuseIdentifier(for cellClass: ListCell.Type) -> String {
    String(reflecting: cellClass)
  }

  /// Resets selection for reuse. Final: configure cells from their
  /// controller instead.
  ///
  /// - Complexity: O(1).
  public final override func prepareForReuse() {
    super.prepareForReuse()
  }

  /// Lays out the cell and then tells its controller,
  /// `cellDidLayoutSubviews(cell:)`. Overrides must call `super`.
  ///
  /// - Complexity: O(1) plus the controller's `cellDidLayoutSubviews(cell:)`.
  open override func layoutSubviews() {
    super.layoutSubviews()
    controller?.send(.cellDidLayoutSubviews, self)
  }
}
