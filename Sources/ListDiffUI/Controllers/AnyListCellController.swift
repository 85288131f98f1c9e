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

  // What the framework keeps about the controller, in one slot per part
  // that owns it. Each slot's type is declared beside its owner, which
  // alone can write its fields (`fileprivate(set)`): the controller only
  // stores them, so that each is read in O(1) without a lookup. Final, and
  // read through getters declared beside each slot (see `MountLink`), so
  // that reading one field reads it in place rather than copying the slot.
  // Unchecked for exclusivity, as the data source's parts are and for the
  // same reason (see `ListDiffDataSource`): plain values whose writers
  // call no user code while they write.

  /// Which data source shows the item, under which key, in which section:
  /// the `ControllerStore`'s.
  @exclusivity(unchecked) final var placement = ControllerPlacement()
  /// The cell the controller is mounted on: the mounting code's
  /// (`ListDiffDataSource+Cells.swift`), one end of the mount link.
  @exclusivity(unchecked) final var mountLink = MountLink()
  /// Whether the controller is in the working range: the
  /// `WorkingRangeTracker`'s.
  final var workingRangeMembership = WorkingRangeMembership()
  /// The callback running on the controller and what `configureCell` read:
  /// `send(_:_:)`'s.
  @exclusivity(unchecked) final var callbackState = CallbackState()
  /// How much of its cell the last appearance pass showed: the
  /// `AppearanceTracker`'s.
  @exclusivity(unchecked) final var appearanceSlot = AppearanceSlot()

  /// The data source showing this controller's item; nil once the item is
  /// deleted (updates then change nothing on screen).
  ///
  /// - Complexity: O(1).
  final var host: ListDiffDataSource? { placement.currentHost }
  /// The item's identity, for finding its index when its state changes.
  ///
  /// - Complexity: O(1).
  final var itemKey: ListItemKey? { placement.currentItemKey }
  /// Where the item's section sits in the root; set with `itemKey`.
  ///
  /// - Complexity: O(1).
  final var sectionScope: SectionScope? { placement.currentSectionScope }
  /// The cell the controller is mounted on (see `MountLink`).
  ///
  /// - Complexity: O(1).
  final var mountedListCell: ListCell? { mountLink.currentCell }

  /// The identity of the controller's item (its view model's identifier,
  /// as the data source last gave it, and the names of its sections); nil
  /// before the controller is attached to an item.
  ///
  /// - Complexity: O(*d*) in the depth of the item's section.
  var itemID: ListItemID? {
    itemKey.map { ListItemID(identifier: $0.identifier, sectionPath: sectionScope?.names ?? []) }
  }

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

  // MARK: Moving

  /// Whether the user may drag this item to another place
  /// (``ListDiffDataSource/moveHandler`` hears where it went). Asked when a
  /// drag begins. Items of a header or footer block never move, whatever
  /// their controller says. The default is false.
  ///
  /// - Complexity: whatever the override does; O(1) by default.
  open var canMove: Bool { false }

  // MARK: Selection, focus and actions

  /// Whether the item can be selected (by a tap, ``ListDiffDataSource/select(_:)``,
  /// ``ListDiffDataSource/selectAll()`` or a key). Asked each time. The
  /// default is true for the items of a section's children and false for
  /// those of a ``CompositeSection``'s header, footer or placeholder,
  /// pinned or not: titles and "No results" are not picked. An override
  /// decides for every item of its controller: return true to let a header
  /// item be selected, or `super.canSelect && …` to keep the default.
  ///
  /// - Complexity: whatever the override does; O(*d*) by default for a
  ///   section path of depth *d*.
  open var canSelect: Bool { !isInHeaderFooterOrPlaceholder }

  /// Whether the keyboard focus can rest on the item
  /// (``ListDiffDataSource/focusedItem``); focus moves skip items that
  /// say no. Asked each time. The default is as ``canSelect``'s: true,
  /// except for the items of a ``CompositeSection``'s header, footer or
  /// placeholder, pinned or not, which the focus passes over — but not
  /// the expanded rows an ``OutlineSection`` with `pinsParents` pins,
  /// which are rows of the tree like the others (← goes to them). An
  /// override decides for every item of its controller.
  ///
  /// - Complexity: whatever the override does; O(*d*) by default for a
  ///   section path of depth *d*.
  open var canFocus: Bool { !isInHeaderFooterOrPlaceholder }

  /// Whether the item is in a header, footer or placeholder block: what
  /// ``canSelect`` and ``canFocus`` say no to by default.
  ///
  /// - Complexity: O(*d*) for a section path of depth *d*.
  private var isInHeaderFooterOrPlaceholder: Bool { sectionScope?.isInHeaderFooterOrPlaceholder ?? false }

  /// Whether the item is in ``ListDiffDataSource/selection``.
  ///
  /// - Complexity: O(*d*) for a section path of *d* names.
  public var isSelected: Bool {
    callbackState.noteRead(.selection)
    guard let host, let id = self.itemID else { return false }
    return host.selection.contains(id)
  }

  /// Whether the item has the keyboard focus (``ListDiffDataSource/focusedItem``).
  ///
  /// - Complexity: O(*d*) for a section path of *d* names.
  public var isFocused: Bool {
    callbackState.noteRead(.focus)
    guard let host, let id = self.itemID, host.focusedItem == id else { return false }
    // Of two items sharing the identity, the one focused.
    guard let focusKey = host.interaction.focusKey else { return true }
    return focusKey == itemKey
  }

  /// ``isSelected`` changed. The default configures the item's cell again
  /// (and re-sizes the item, as a view-state change does) if the cell shows
  /// it: if the last `configureCell` read ``isSelected``. So a cell that
  /// draws its selection needs nothing more, and one that does not hears
  /// nothing new (a tap still gives just `didSelect`). Override it to do
  /// something else (call `super` to keep that). Not called for an item
  /// being deleted.
  ///
  /// - Complexity: whatever the override does; by default O(1), or one
  ///   `configureCell` and a size invalidation.
  open func didChangeSelection() {
    if callbackState.configureReads.contains(.selection) { host?.controllerDidChangeState(self) }
  }

  /// ``isFocused`` changed. The default configures the item's cell again
  /// if the last `configureCell` read ``isFocused``, as
  /// ``didChangeSelection()`` does for the selection.
  ///
  /// - Complexity: whatever the override does; by default O(1), or one
  ///   `configureCell` and a size invalidation.
  open func didChangeFocus() {
    if callbackState.configureReads.contains(.focus) { host?.controllerDidChangeState(self) }
  }

  /// What type-to-select matches for this item (NSTableView's
  /// `typeSelectString`): typed keys select the next item whose string
  /// starts with them, ignoring case and diacritics. The default, nil,
  /// leaves the item out.
  ///
  /// - Complexity: whatever the override does.
  open var typeSelectString: String? { nil }

  /// The actions offered at the item's leading edge (UIKit's leading
  /// swipe actions). The default is none.
  ///
  /// - Complexity: whatever the override does.
  open func leadingActions() -> [ListItemAction] { [] }

  /// The actions offered at the item's trailing edge (UIKit's trailing
  /// swipe actions, where "Delete" usually goes). The default is none.
  ///
  /// - Complexity: whatever the override does.
  open func trailingActions() -> [ListItemAction] { [] }

  // MARK: Working range

  /// The item came within ``ListDiffDataSource/workingRangeSize`` items of
  /// the viewport (or into it): start work the item will need when it shows,
  /// such as loading an image or the next page. Called once on entering;
  /// ``didExitWorkingRange()`` follows once when the item leaves the range
  /// or is deleted. Never called while the working range is off (size 0,
  /// the default). A root set from here is applied after the current work.
  /// The default does nothing.
  ///
  /// - Complexity: whatever the override does.
  open func willEnterWorkingRange() {}

  /// The item left the working range (scrolled away, deleted, or the range
  /// turned off): cancel what ``willEnterWorkingRange()`` started. The
  /// default does nothing.
  ///
  /// - Complexity: whatever the override does.
  open func didExitWorkingRange() {}

  // MARK: Type-erased hooks, overridden by ListCellController

  /// The class of cell this controller configures.
  class var cellClass: ListCell.Type { ListCell.self }

  /// The current view model, type-erased.
  var anyViewModel: any ListViewModel { ListViewModelNone.none }

  /// A tap on the item, when the item is a button of the library's (a
  /// loading row): presses it and returns true, and the tap selects
  /// nothing. False by default: the tap selects as usual.
  func pressInsteadOfSelecting() -> Bool { false }

  /// Takes a changed view model; the subclass then hears
  /// `didUpdateViewModel` through `send`.
  func receive(viewModel: any ListViewModel) {}

  /// Called once as its data source lets go of the controller (its item
  /// was deleted, or the data source goes), just before `host` is cleared:
  /// the framework's own controllers let go of what they keep (a
  /// carousel's or a grid's list). Nothing here.
  func didLeaveList() {}

  /// Delivers `event` to the subclass's open callback: overridden once, by
  /// ``ListCellController``, which casts the cell to its type and switches.
  func deliver(_ event: ListLifecycleEvent, _ cell: ListCell?) {}

  /// Sends `event` to the subclass's callback, after telling the host's
  /// hooks' `lifecycleObserver` (test support records it). Every lifecycle callback
  /// goes through here, so the recorded order is the order the controller
  /// saw, and the host counts it as a callback: a root set from inside it
  /// waits until it returns. `cell` is nil only for the disappearance
  /// callbacks of a controller whose cell is gone, and for
  /// `didUpdateViewModel`, which concerns no cell.
  ///
  /// `configureCell` is flagged while it runs, so that a state change made
  /// inside it is stored and re-sizes the item without configuring again.
  final func send(_ event: ListLifecycleEvent, _ cell: ListCell?) {
    if let host { send(event, cell, host: host) } else { sendWithoutHost(event, cell) }
  }

  /// `send(_:_:)` from the data source that is the controller's host:
  /// the same, without reading the controller's reference to it (and
  /// retaining and releasing what it finds), several times for each cell a
  /// scroll shows. A data source going away (its `deinit` detaches every
  /// controller, then unmounts what is left) sends as to a controller it has
  /// let go, as no host.
  ///
  /// - Complexity: O(1), plus the callback.
  final func send(_ event: ListLifecycleEvent, _ cell: ListCell?, from host: ListDiffDataSource) {
    assert(host.scheduler.isClosed || placement.currentHost === host, "sent by the controller's own data source")
    if host.scheduler.isClosed { sendWithoutHost(event, cell) } else { send(event, cell, host: host) }
  }

  /// The callback, as a callback of `host`. The host is borrowed from the
  /// caller, not wrapped in an optional, which made a copy of it to retain
  /// and release around every callback.
  private func send(_ event: ListLifecycleEvent, _ cell: ListCell?, host: ListDiffDataSource) {
    let before = callbackState
    callbackState.begin(event)
    defer { callbackState.end(restoring: before) }
    // `host.callingOut`, bracketed here.
    host.enterCallout()
    defer { host.exitCallout() }
    host.hooks.lifecycleObserver?(self, event)
    deliver(event, cell)
  }

  /// The callback, for a controller no data source holds.
  private func sendWithoutHost(_ event: ListLifecycleEvent, _ cell: ListCell?) {
    let before = callbackState
    callbackState.begin(event)
    defer { callbackState.end(restoring: before) }
    deliver(event, cell)
  }
}

/// The callbacks a controller receives, by the name of its open method; what
/// `ListDiffInspection.lifecycleObserver` hears.
package enum ListLifecycleEvent: String, Sendable, CaseIterable {
  case configureCell, cellDidLayoutSubviews, didMount, willUnmount
  case didAppear, didFullyAppear, willPartiallyDisappear, willDisappear
  case didUpdateViewModel, didSelect
  case willEnterWorkingRange, didExitWorkingRange
}

/// What a controller's `configureCell` read that the data source changes
/// outside roots (see ``AnyListCellController/didChangeSelection()``).
struct ConfigureReads: OptionSet {
  let rawValue: UInt8
  static let selection = ConfigureReads(rawValue: 1 << 0)
  static let focus = ConfigureReads(rawValue: 1 << 1)
}

/// The callback running on a controller, as `send(_:_:)` (the one way
/// callbacks reach a controller) records it, and what the last
/// `configureCell` read. Written only here.
///
/// Invariants: `isConfiguring` and `isLayingOutCell` are set exactly while
/// a `configureCell` or a `cellDidLayoutSubviews` runs (nested callbacks
/// included); `configureReads` grows only while one configures.
struct CallbackState {
  /// Set while `configureCell` runs, so that a state change made there does
  /// not configure again (and again).
  fileprivate(set) var isConfiguring = false
  /// Set while `cellDidLayoutSubviews` runs, so that a state change made
  /// there configures the cell without laying it out inside its own
  /// layout (the collection view's next pass does, as UIKit defers a
  /// `setNeedsLayout()` made in `layoutSubviews()`).
  fileprivate(set) var isLayingOutCell = false
  /// What the last `configureCell` read of the selection and focus: whose
  /// changes configure the cell again.
  fileprivate(set) var configureReads: ConfigureReads = []

  /// `event` starts: a `configureCell` forgets what the last one read.
  ///
  /// - Complexity: O(1).
  fileprivate mutating func begin(_ event: ListLifecycleEvent) {
    if event == .configureCell {
      isConfiguring = true
      configureReads = []
    }
    if event == .cellDidLayoutSubviews { isLayingOutCell = true }
  }

  /// The callback returned: the flags are those from before it, what it
  /// read is kept.
  ///
  /// - Complexity: O(1).
  fileprivate mutating func end(restoring before: CallbackState) {
    (isConfiguring, isLayingOutCell) = (before.isConfiguring, before.isLayingOutCell)
  }

  /// The controller read `reads` (its selection or focus): recorded while
  /// it configures its cell.
  ///
  /// - Complexity: O(1).
  fileprivate mutating func noteRead(_ reads: ConfigureReads) {
    if isConfiguring { configureReads.insert(reads) }
  }
}
