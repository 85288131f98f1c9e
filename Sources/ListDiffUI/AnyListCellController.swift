import Foundation
import HeadlessCollection

/// The type-erased base of every cell controller; subclass
/// ``ListCellController`` rather than this class.
///
/// A controller is created once per item (per flattened identity), on
/// demand — when the collection view first asks for the item's size or cell
/// — and released when the item is deleted. A flow layout asks every item's
/// size when it first lays the list out, so every item has its controller
/// after the first layout (O(*n*) small objects, as in ListDiffUI); cells,
/// and `configureCell` calls, exist only for what is on screen. It is never reused for another item,
/// so it may keep whatever the item needs across cell reuse and scrolling.
@MainActor
open class AnyListCellController {
  /// The dependencies given to the data source as `contextObjects`.
  public let context: ListDiffContext

  /// The delegate of the section that created this controller, read through
  /// ``ListCellControllerWithDelegate``. Immutable and safe to read anywhere.
  nonisolated let anyDelegate: WeakAnyObject

  /// The data source showing this controller's item; nil once the item is
  /// deleted (updates then change nothing on screen).
  weak var host: ListDiffDataSource?
  /// The item's identity, for finding its index when its state changes.
  var itemKey: ListItemKey?
  /// The cell the controller is mounted on: set while a cell displays the
  /// item, from `cellForItemAt` until `didEndDisplaying`.
  weak var mountedListCell: ListCell?
  /// Appearance as last computed: frame intersecting / inside the visible bounds.
  var isAppeared = false
  var isFullyAppeared = false
  /// The layout pass that last saw the controller (fully) appeared.
  var appearedPass = 0
  var fullyAppearedPass = 0
  /// Set while `configureCell` runs, so that a state change made there does
  /// not configure again (and again).
  var isConfiguring = false

  /// Creates a controller for `viewModel`. The data source calls this; a
  /// subclass rarely declares an initializer of its own.
  ///
  /// - Parameters:
  ///   - viewModel: the item's view model, of the controller's view-model type.
  ///   - delegate: the delegate of the section the item belongs to.
  ///   - context: the data source's shared dependencies.
  /// - Complexity: O(1).
  public required init(
    viewModel: any ListViewModel, delegate: WeakAnyObject, context: ListDiffContext
  ) {
    self.anyDelegate = delegate
    self.context = context
  }

  /// The size of the item's cell within a container (the collection view's
  /// bounds less its content insets). Asked when the item first lays out and
  /// again after each change of view model or view state. Negative or
  /// non-finite dimensions are reported and clamped to zero. The default is
  /// zero, as in ListDiffUI: override it.
  ///
  /// - Complexity: whatever the override does; called once per layout of the item.
  open func itemSize(containerSize: CGSize) -> CGSize {
    .zero
  }

  // MARK: Type-erased hooks, overridden by ListCellController

  /// The class of cell this controller configures.
  class var cellClass: ListCell.Type { ListCell.self }

  /// The current view model, type-erased.
  var anyViewModel: any ListViewModel { ListViewModelNone.none }

  /// Takes a changed view model and tells the subclass (`didUpdateViewModel`).
  func receive(viewModel: any ListViewModel) {}

  func configure(_ cell: ListCell) {}
  func didMount(_ cell: ListCell) {}
  func willUnmount(_ cell: ListCell) {}
  func didAppear(_ cell: ListCell) {}
  func willDisappear(_ cell: ListCell?) {}
  func didFullyAppear(_ cell: ListCell) {}
  func willPartiallyDisappear(_ cell: ListCell?) {}
  func cellDidLayout(_ cell: ListCell) {}
  func didSelect(_ cell: ListCell) {}

  /// Configures `cell`, flagging the call so that re-entrant state changes
  /// are only stored.
  final func runConfigure(_ cell: ListCell) {
    let wasConfiguring = isConfiguring
    isConfiguring = true
    configure(cell)
    isConfiguring = wasConfiguring
  }
}
