import Foundation
import HeadlessCollection

/// Lets ``ListSection`` name the view-model type of a controller class: an
/// implementation detail, public only because ``ListSection``'s generic
/// signature names it (hence the underscore, as in the standard library).
/// ``ListCellController`` conforms; nothing else needs to.
public protocol _ListCellControllerViewModelProviding {
  /// The type of view model the controller shows.
  associatedtype ListViewModelType: ListViewModel
}

/// The controller of one item: sizes its cell, configures it from the view
/// model and view state, and hears the cell's lifecycle.
///
/// Subclass it with your view model, view state and cell types and override
/// what you need; the data source creates controllers through
/// `init(viewModel:delegate:context:)`, so subclasses usually declare no
/// initializer.
///
/// ```swift
/// final class TodoController:
///   ListCellController<TodoViewModel, TodoState, TodoCell>
/// {
///   override func itemSize(containerSize: CGSize) -> CGSize {
///     let lines: CGFloat = viewState.expanded ? 3 : 1
///     return CGSize(width: containerSize.width, height: lines)
///   }
///   override func configureCell(cell: TodoCell) {
///     cell.title = viewModel.title
///   }
///   override func didSelect(cell: TodoCell) {
///     var state = viewState
///     state.expanded.toggle()
///     updateState(state)
///   }
/// }
/// ```
///
/// Lifecycle on a cell: `configureCell` then `didMount(onCell:)` when a cell
/// starts showing the item; `configureCell` again on every view-model or
/// view-state change while it does; `willUnmount(onCell:)` before the cell
/// stops showing it: the cell is handed to another item (or the item to
/// another cell), the item is deleted (a `nil` root deletes them all), or
/// the data source is released. Scrolling out does not unmount: the cell
/// waits for reuse still showing the item, which hears `willDisappear` and,
/// if it comes back to the same cell, only `didAppear`. Appearance follows the viewport, computed after every
/// layout pass: `didAppear`/`willDisappear` when the cell's frame starts or
/// stops intersecting the visible bounds, `didFullyAppear`/
/// `willPartiallyDisappear` when it becomes or stops being contained in them.
@MainActor
open class ListCellController<
  ListViewModelType: ListViewModel & Equatable,
  ListViewStateType: ListViewState,
  ListCellType: ListCell
>: AnyListCellController, _ListCellControllerViewModelProviding {
  /// The item's current view model. Inside `didUpdateViewModel(oldViewModel:)`
  /// it is already the new one.
  public private(set) var viewModel: ListViewModelType

  /// The item's view state: `ListViewStateType()` at first, then whatever
  /// `updateState(_:)` last set. It survives cell reuse and scrolling.
  public private(set) var viewState: ListViewStateType

  /// Set while `didUpdateViewModel` runs: a state change made there is
  /// configured together with the new view model, once.
  private var isUpdatingViewModel = false
  /// The view model `receive` replaced, while `didUpdateViewModel` is sent.
  private var replacedViewModel: ListViewModelType?

  /// Creates the controller of an item whose view model is `viewModel`.
  ///
  /// - Precondition: `viewModel` is a `ListViewModelType` (the data source
  ///   always passes one).
  /// - Complexity: O(1).
  public required init(
    viewModel: any ListViewModel, delegate: WeakAnyObject, context: ListDiffContext
  ) {
    guard let typed = viewModel as? ListViewModelType else {
      preconditionFailure(
        "\(Self.self) shows view models of type \(ListViewModelType.self), "
          + "but was created with one of type \(type(of: viewModel))")
    }
    self.viewModel = typed
    self.viewState = ListViewStateType()
    super.init(viewModel: viewModel, delegate: delegate, context: context)
  }

  /// Replaces the view state; if a cell shows the item, configures it again
  /// and re-sizes the item (laid out before this returns, unless called
  /// during a layout pass or an update, which then lay it out).
  ///
  /// Called from `didUpdateViewModel`, the change is applied together with the
  /// new view model; called from `configureCell`, it is stored and the item
  /// re-sized, without configuring again.
  ///
  /// - Complexity: O(1) plus one `configureCell` and one re-layout, or O(*n*)
  ///   in the number of items the first time an off-screen item changes
  ///   state after an update (to find its index).
  public func updateState(_ viewState: ListViewStateType) {
    self.viewState = viewState
    // Recorded only while a fuzzer compares screens: the closure (made
    // then only) gives another controller of this class this state.
    host?.hooks.noteViewStateSet(self, { [viewState] in ($0 as? Self)?.updateState(viewState) })
    guard !isUpdatingViewModel else { return }
    host?.controllerDidChangeState(self)
  }

  /// The size of the item's cell; see ``AnyListCellController/itemSize(containerSize:)``.
  /// The default is zero: override it.
  ///
  /// - Complexity: whatever the override does.
  open override func itemSize(containerSize: CGSize) -> CGSize {
    .zero
  }

  /// Shows the view model and view state on `cell`. Called before
  /// `didMount(onCell:)` and after every change while the cell shows the item.
  ///
  /// - Complexity: whatever the override does.
  open func configureCell(cell: ListCellType) {}

  /// `cell` started showing the item (after its first `configureCell`).
  open func didMount(onCell cell: ListCellType) {}

  /// `cell` is about to stop showing the item: the cell is handed to
  /// another item or the item to another cell, the item is deleted (a `nil`
  /// root deletes every item), or the data source is released. Not when the
  /// cell scrolls out of view: that is `willDisappear(cell:)`, and the cell
  /// keeps the item until it is reused. The disappearance callbacks still
  /// owed come first. The controller has already let go of `cell`: a view
  /// state changed here does not configure it.
  open func willUnmount(onCell cell: ListCellType) {}

  /// The cell's frame started intersecting the visible bounds.
  open func didAppear(cell: ListCellType) {}

  /// The cell's frame stopped intersecting the visible bounds. `cell` is
  /// optional as in ListDiffUI; here it is always the cell that showed the item.
  open func willDisappear(cell: ListCellType?) {}

  /// The cell's frame became contained in the visible bounds.
  open func didFullyAppear(cell: ListCellType) {}

  /// The cell's frame stopped being contained in the visible bounds.
  open func willPartiallyDisappear(cell: ListCellType?) {}

  /// The view model changed; `viewModel` is already the new one. The cell, if
  /// any, is configured and re-sized right after.
  open func didUpdateViewModel(oldViewModel: ListViewModelType) {}

  /// `cell` laid out its subviews: after every `configureCell(cell:)` —
  /// first display, view-model update, `updateState(_:)`, reuse — whether or
  /// not the size changed, and again when the cell's size changes.
  open func cellDidLayoutSubviews(cell: ListCellType) {}

  /// The item was selected: `CollectionView.selectItem(at:)`, a tap.
  open func didSelect(cell: ListCellType) {}

  // MARK: Type-erased hooks

  override class var cellClass: ListCell.Type { ListCellType.self }

  override var anyViewModel: any ListViewModel { viewModel }

  /// Stores the new view model and sends `didUpdateViewModel` through the
  /// same path as every other callback (`send`): the data source counts it
  /// as a callback, and test support records it.
  override func receive(viewModel newValue: any ListViewModel) {
    guard let typed = newValue as? ListViewModelType else { return }
    replacedViewModel = viewModel
    viewModel = typed
    send(.didUpdateViewModel, nil)
    replacedViewModel = nil
  }

  /// Every lifecycle callback, from `send`: the cell cast to the
  /// controller's cell type once, then the open method for `event`. A cell
  /// of another type (never given by the data source) reaches no callback
  /// that needs one.
  override func deliver(_ event: ListLifecycleEvent, _ anyCell: ListCell?) {
    // A class cast of the cell itself: cast as an optional, it asked the
    // runtime for `Optional<ListCellType>`'s metadata at every callback.
    // A cell of exactly the controller's type (the one the data source
    // dequeues for it) needs no cast through the runtime, and is handed on
    // as borrowed (kept in a variable, the cast cell was retained and
    // released around every callback).
    guard let anyCell else { return deliver(event, to: nil) }
    if ObjectIdentifier(type(of: anyCell)) == ObjectIdentifier(ListCellType.self) {
      deliver(event, to: unsafeDowncast(anyCell, to: ListCellType.self))
    } else {
      deliver(event, to: anyCell as? ListCellType)
    }
  }

  /// The open method for `event`, with the cell cast.
  @inline(__always)
  private func deliver(_ event: ListLifecycleEvent, to cell: ListCellType?) {
    switch event {
    case .willDisappear: willDisappear(cell: cell)
    case .willPartiallyDisappear: willPartiallyDisappear(cell: cell)
    case .didUpdateViewModel: deliverViewModelUpdate()
    case .configureCell: if let cell { configureCell(cell: cell) }
    case .cellDidLayoutSubviews: if let cell { cellDidLayoutSubviews(cell: cell) }
    case .didMount: if let cell { didMount(onCell: cell) }
    case .willUnmount: if let cell { willUnmount(onCell: cell) }
    case .didAppear: if let cell { didAppear(cell: cell) }
    case .didFullyAppear: if let cell { didFullyAppear(cell: cell) }
    case .didSelect: if let cell { didSelect(cell: cell) }
    case .willEnterWorkingRange: willEnterWorkingRange()
    case .didExitWorkingRange: didExitWorkingRange()
    }
  }

  /// `didUpdateViewModel(oldViewModel:)`, with the view model replaced.
  /// Apart from `deliver`, whose every call otherwise asked the runtime for
  /// `Optional<ListViewModelType>`'s metadata (this reads one) first thing.
  @inline(never)
  private func deliverViewModelUpdate() {
    guard let oldViewModel = replacedViewModel else { return }
    isUpdatingViewModel = true
    didUpdateViewModel(oldViewModel: oldViewModel)
    isUpdatingViewModel = false
  }
}

/// A controller that talks back to the object its section was given as
/// `delegate:`. Declare `DelegateType` and read `delegate`:
///
/// ```swift
/// final class RowController:
///   ListCellController<RowViewModel, ListViewStateNone, RowCell>,
///   ListCellControllerWithDelegate
/// {
///   typealias DelegateType = RowDelegate
///   override func didSelect(cell: RowCell) {
///     delegate?.didTapRow(viewModel.identifier)
///   }
/// }
/// ```
///
/// Main-actor isolated, like the controllers that adopt it: the delegate is
/// any object, not necessarily `Sendable`, so it is read only there.
@MainActor
public protocol ListCellControllerWithDelegate {
  /// The type the section's delegate is expected to have (often a protocol).
  associatedtype DelegateType
  /// The section's delegate, if it is still alive and is a `DelegateType`.
  var delegate: DelegateType? { get }
}

extension ListCellControllerWithDelegate where Self: AnyListCellController {
  /// The section's delegate, if it is still alive and is a `DelegateType`.
  ///
  /// - Complexity: one weak load and one dynamic cast.
  public var delegate: DelegateType? {
    anyDelegate.object as? DelegateType
  }
}
