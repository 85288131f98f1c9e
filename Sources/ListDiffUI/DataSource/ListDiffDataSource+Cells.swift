import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Mounting: which controller a cell shows, and the callbacks that go with
/// changes of it.
///
/// Invariants (with `AnyListCellController.mountLink` and
/// `ListCell.controller`, the two ends of one link, written only here):
/// - `controller.mountedListCell === cell` exactly when `cell.controller ===
///   controller`;
/// - a link is made by `mount` — `configureCell`, `cellDidLayoutSubviews`,
///   `didMount` — and broken only by `unmount` — the disappearance callbacks
///   still owed, then `willUnmount` — so every `didMount` has exactly one
///   `willUnmount`, sent before the cell shows anything else;
/// - a link survives the cell scrolling out: the cell waits in the reuse
///   queue still linked, and if the collection view hands it back to the
///   same item nothing is sent but appearance; a link breaks when the cell
///   is given to another item, the item is deleted, or the data source goes.
extension ListDiffDataSource {
  /// A cell for the item at `indexPath`, mounted on the item's controller
  /// (created now if needed).
  ///
  /// - Complexity: O(1) expected, plus the controller's callbacks.
  func cell(forItemAt indexPath: IndexPath) -> CollectionViewCell {
    let index = indexPath.item
    // A controller noted at the index since the list last changed says the
    // index is an item's without reading the list (an access checked at
    // run time, for every cell a scroll shows).
    guard indexPath.section == 0, index >= 0, controllers.found(at: index) != nil || index < list.count else {
      // The collection view asks only for items it was told about; answer
      // anything else with a blank cell rather than trapping.
      return dequeue(ListCell.self, for: indexPath)
    }
    let controller = controller(at: index)
    let dequeued = dequeue(type(of: controller).cellClass, for: indexPath)
    guard let cell = dequeued as? ListCell else { return dequeued }
    mount(controller, on: cell)
    return cell
  }

  private func dequeue(_ cellClass: ListCell.Type, for indexPath: IndexPath) -> CollectionViewCell {
    let identifier = cellClasses.identifier(of: cellClass, in: collectionView)
    return collectionView.dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
  }

  /// Makes `cell` show `controller`'s item. A cell handed back to the item it
  /// still shows needs nothing; otherwise whatever either was linked to is
  /// unmounted first, then the controller configures and lays out the cell
  /// and hears `didMount`.
  func mount(_ controller: AnyListCellController, on cell: ListCell) {
    if cell.controller === controller && controller.mountedListCell === cell { return }
    if let previous = cell.controller {
      unmount(previous, from: cell)
    }
    if let current = controller.mountedListCell {
      unmount(controller, from: current)
    }
    // Callbacks above may have mounted something meanwhile (a root set from
    // them waits, but a scroll does not): link only free ends.
    guard cell.controller == nil, controller.mountedListCell == nil else { return }
    cell.controller = controller
    controller.mountLink.cell = cell
    appearance.noteLinkChange()
    countWork(.cellsMounted)
    configure(controller, cell)
    guard controller.mountedListCell === cell else { return }
    controller.send(.didMount, cell, from: self)
  }

  /// Ends `controller`'s use of `cell`: the disappearance callbacks it is
  /// still owed, then `willUnmount(onCell:)`.
  func unmount(_ controller: AnyListCellController, from cell: ListCell) {
    guard controller.mountedListCell === cell else { return }
    settleLayout(of: cell)
    // At most the two steps down to hidden: a callback that shows the cell
    // again (by scrolling) cannot keep this going.
    for _ in 0..<2 {
      guard let event = appearance.nextDisappearance(of: controller) else { break }
      controller.send(event, cell, from: self)
    }
    // A callback above may have unmounted it already: one that asks the
    // data source for this item's cell (outside a layout pass, where a
    // nested layout does nothing) mounts it elsewhere in a nested call.
    // UnmountReentrancyTests reaches this.
    guard controller.mountedListCell === cell else { return }
    // Broken before `willUnmount` runs, so that nothing it does reaches the
    // cell through the controller again.
    controller.mountLink.cell = nil
    if cell.controller === controller { cell.controller = nil }
    appearance.noteLinkChange()
    countWork(.cellsUnmounted)
    controller.send(.willUnmount, cell, from: self)
  }

  /// `configureCell`, then the cell's layout, so that
  /// `cellDidLayoutSubviews` follows every `configureCell` whether or not
  /// the size changed. With `layoutNow` false the cell is only marked: the
  /// caller lays it out once its new size is known (inside a batch, whose
  /// layout pass sets the new frame), so the layout happens once.
  ///
  /// Configuring and laying out count as one callback: a root set from
  /// `configureCell` waits until the cell is laid out (a state change can
  /// configure from outside every other callback).
  func configure(_ controller: AnyListCellController, _ cell: ListCell, layoutNow: Bool = true) {
    countWork(.cellsConfigured)
    callingOut {
      controller.send(.configureCell, cell, from: self)
      guard controller.mountedListCell === cell else { return }
      cell.setNeedsLayout()
      if layoutNow { cell.layoutIfNeeded() }
    }
  }

  /// Lays out `cell` if a `configureCell` (or a resize) still owes it its
  /// layout: before the cell disappears or is unmounted, so that
  /// `cellDidLayoutSubviews` always follows `configureCell` first.
  func settleLayout(of cell: ListCell?) {
    if let cell, cell.needsLayout { cell.layoutIfNeeded() }
  }

  // MARK: Appearance

  /// Compares every mounted cell's frame with the visible bounds and sends
  /// the appearance callbacks that changed since the last layout pass:
  /// first every `willPartiallyDisappear`, then `willDisappear`, then
  /// `didAppear`, then `didFullyAppear` — so a controller entering the
  /// viewport hears `didAppear` before `didFullyAppear`, and one leaving it
  /// `willPartiallyDisappear` before `willDisappear`.
  ///
  /// A callback that changes something (a scroll, a state change re-sizing
  /// its cell) makes the running layout pass lay out again, and that pass
  /// derives appearance again when this one has returned.
  ///
  /// - Complexity: O(*v*) in the number of visible cells, plus the callbacks.
  func updateAppearance() {
    let inputs = appearanceInputs()
    guard !appearance.isSettled(under: inputs) else { return }
    appearance.begin()
    defer {
      appearance.end()
      if appearanceInputs() == inputs { appearance.settle(under: inputs) }
    }
    let bounds = inputs.bounds
    // The cells read in place: this runs at the end of a layout pass, laid
    // out.
    for position in 0..<collectionView.mountedCellCount {
      guard let cell = collectionView.mountedCell(at: position) as? ListCell,
        let controller = cell.controller, controller.mountedListCell === cell,
        bounds.intersects(cell.frame)
      else { continue }
      appearance.see(controller, contained: bounds.contains(cell.frame))
    }
    let changes = appearance.nextPass()
    // Each callback may change what is mounted or shown: each step is taken
    // only if still due, and appearance only for a controller still mounted.
    for controller in changes.willPartiallyDisappear
    where appearance.step(.willPartiallyDisappear, controller) {
      settleLayout(of: controller.mountedListCell)
      controller.send(.willPartiallyDisappear, controller.mountedListCell, from: self)
    }
    for controller in changes.willDisappear where appearance.step(.willDisappear, controller) {
      settleLayout(of: controller.mountedListCell)
      controller.send(.willDisappear, controller.mountedListCell, from: self)
    }
    for controller in changes.visible where appearance.owes(.didAppear, controller) {
      guard let cell = controller.mountedListCell, appearance.step(.didAppear, controller) else { continue }
      controller.send(.didAppear, cell, from: self)
    }
    for controller in changes.visible where appearance.owes(.didFullyAppear, controller) {
      guard let cell = controller.mountedListCell, appearance.step(.didFullyAppear, controller) else {
        continue
      }
      controller.send(.didFullyAppear, cell, from: self)
    }
  }
}

extension ListDiffDataSource {
  /// What an appearance pass reads now (see `AppearanceTracker.Inputs`).
  ///
  /// - Complexity: O(1).
  private func appearanceInputs() -> AppearanceTracker.Inputs {
    AppearanceTracker.Inputs(
      display: collectionView.displayGeneration, links: appearance.linkChanges, bounds: collectionView.bounds)
  }

  // MARK: Sizes

  /// The size the item's controller asks for, in the collection view's
  /// bounds less its content insets. A negative or non-finite dimension is
  /// clamped to zero and reported.
  ///
  /// - Complexity: O(1) expected, plus the controller's `itemSize`.
  func size(forItemAt indexPath: IndexPath) -> CGSize {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < list.count else {
      return .zero
    }
    let index = indexPath.item
    let controller = controller(at: index)
    countWork(.sizeRequests)
    let sizing = features.nestedLists.sizing
    let container = sizing.container(in: containerSize)
    let size = sizing.fitted(controller.itemSize(containerSize: container), in: container)
    let width = Self.clamped(size.width)
    let height = Self.clamped(size.height)
    if width != size.width || height != size.height {
      let identifier = list.identifier(at: index)
      let path = list.leaf(ofItem: index).scope.humanPath
      report(
        ListDiffDiagnostic(
          kind: .invalidItemSize,
          message:
            "\(type(of: controller)).itemSize returned \(size.width) × \(size.height) for "
            + "\"\(identifier)\" in section \(path); clamped to \(width) × \(height)",
          identifier: identifier, sectionPath: path))
    }
    return CGSize(width: width, height: height)
  }

  /// The room items have: the bounds less the content insets, never negative
  /// or non-finite.
  var containerSize: CGSize {
    let bounds = collectionView.bounds.size
    let inset = collectionView.contentInset
    return CGSize(
      width: Self.clamped(bounds.width - inset.left - inset.right),
      height: Self.clamped(bounds.height - inset.top - inset.bottom))
  }

  /// `value` if it is a finite, non-negative size; else zero.
  static func clamped(_ value: CGFloat) -> CGFloat {
    value.isFinite && value > 0 ? value : 0
  }
}

/// The controller's end of its mount link: the cell it is mounted on, from
/// the `didMount` of a cell until its `willUnmount` — while the cell shows
/// the item, and on while it waits in the reuse queue, not yet given to
/// another item. Always the cell whose `controller` is the controller.
/// Written only by `mount` and `unmount`.
///
/// Both ends are strong references, so the link is a cycle while it lasts,
/// and only while it lasts: every link is broken by `unmount` — when its
/// cell goes to another item, when its item is deleted, and in the data
/// source's `deinit` for every controller left. A weak end gave its object
/// the runtime's side table, which sent every retain and release of it
/// (several at each of a cell's callbacks) down the slow path.
struct MountLink {
  /// The cell, or nil while the controller is not mounted.
  fileprivate(set) var cell: ListCell?

  /// `cell`, for readers in other files. Read there directly, a field
  /// whose setter they cannot see is read by copying the whole slot (a weak
  /// reference copied and destroyed at each of a cell's callbacks); a
  /// getter declared here reads it in place.
  ///
  /// - Complexity: O(1).
  var currentCell: ListCell? { cell }
}
