import Foundation
import HeadlessCollection

extension ListDiffDataSource: CollectionViewDataSource {
  /// The number of items shown; everything is in section 0.
  ///
  /// - Complexity: O(1).
  public func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int)
    -> Int
  {
    section == 0 ? list.items.count : 0
  }

  /// A cell for the item at `indexPath`, mounted on the item's controller
  /// (created now if needed) and configured by it: `configureCell`, then
  /// `didMount(onCell:)` if the cell was not already showing the item.
  ///
  /// - Complexity: O(1) expected, plus the controller's `configureCell`.
  public func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionCallbackDepth += 1
    defer { collectionCallbackDepth -= 1 }
    guard indexPath.section == 0, list.items.indices.contains(indexPath.item) else {
      // The collection view asks only for items it was told about; answer
      // anything else with a blank cell rather than trapping.
      return dequeue(ListCell.self, for: indexPath)
    }
    let controller = controller(at: indexPath.item)
    let dequeued = dequeue(type(of: controller).cellClass, for: indexPath)
    guard let cell = dequeued as? ListCell else { return dequeued }
    mount(controller, on: cell)
    return cell
  }

  func dequeue(_ cellClass: ListCell.Type, for indexPath: IndexPath) -> CollectionViewCell {
    let reuseIdentifier = ListCell.reuseIdentifier(for: cellClass)
    if registeredReuseIdentifiers.insert(reuseIdentifier).inserted {
      collectionView.register(cellClass, forCellWithReuseIdentifier: reuseIdentifier)
    }
    return collectionView.dequeueReusableCell(withReuseIdentifier: reuseIdentifier, for: indexPath)
  }

  /// Makes `cell` show `controller`'s item, unmounting whatever either was
  /// mounted on before.
  func mount(_ controller: AnyListCellController, on cell: ListCell) {
    if let previous = cell.controller, previous !== controller {
      unmount(previous, from: cell)
    }
    if let current = controller.mountedListCell, current !== cell {
      unmount(controller, from: current)
    }
    let isNewMount = controller.mountedListCell == nil
    cell.controller = controller
    controller.mountedListCell = cell
    controller.send(.configureCell, cell)
    if isNewMount { controller.send(.didMount, cell) }
  }

  /// Ends `controller`'s use of `cell`: the disappearance callbacks it is
  /// owed, then `willUnmount(onCell:)`.
  func unmount(_ controller: AnyListCellController, from cell: ListCell) {
    if controller.isFullyAppeared {
      controller.isFullyAppeared = false
      controller.send(.willPartiallyDisappear, cell)
    }
    if controller.isAppeared {
      controller.isAppeared = false
      controller.send(.willDisappear, cell)
    }
    controller.send(.willUnmount, cell)
    if cell.controller === controller { cell.controller = nil }
    if controller.mountedListCell === cell { controller.mountedListCell = nil }
  }
}

extension ListDiffDataSource: CollectionViewDelegateFlowLayout {
  /// The size the item's controller asks for, in the collection view's bounds
  /// less its content insets. A negative or non-finite dimension is clamped
  /// to zero and reported.
  ///
  /// - Complexity: O(1) expected, plus the controller's `itemSize`.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    guard indexPath.section == 0, list.items.indices.contains(indexPath.item) else { return .zero }
    collectionCallbackDepth += 1
    defer { collectionCallbackDepth -= 1 }
    let controller = controller(at: indexPath.item)
    let size = controller.itemSize(containerSize: containerSize)
    let width = Self.clamped(size.width)
    let height = Self.clamped(size.height)
    if width != size.width || height != size.height {
      let item = list.items[indexPath.item]
      let path = list.leaves[item.leaf].scope.humanPath
      report(
        ListDiffDiagnostic(
          kind: .invalidItemSize,
          message:
            "\(type(of: controller)).itemSize returned \(size.width) × \(size.height) for "
            + "\"\(item.key.identifier)\" in section \(path); clamped to \(width) × \(height)",
          identifier: item.key.identifier, sectionPath: path))
    }
    return CGSize(width: width, height: height)
  }

  /// The room items have: the bounds less the content insets, never negative.
  var containerSize: CGSize {
    let bounds = collectionView.bounds.size
    let inset = collectionView.contentInset
    return CGSize(
      width: max(0, bounds.width - inset.left - inset.right),
      height: max(0, bounds.height - inset.top - inset.bottom))
  }

  static func clamped(_ value: CGFloat) -> CGFloat {
    value.isFinite && value > 0 ? value : 0
  }

  /// The ``collectionViewDelegate``'s section inset, else the layout's.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    insetForSectionAt section: Int
  ) -> EdgeInsets {
    collectionViewDelegate?.collectionView(
      collectionView, layout: collectionViewLayout, insetForSectionAt: section)
      ?? collectionViewLayout.sectionInset
  }

  /// The ``collectionViewDelegate``'s line spacing, else the layout's.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumLineSpacingForSectionAt section: Int
  ) -> CGFloat {
    collectionViewDelegate?.collectionView(
      collectionView, layout: collectionViewLayout, minimumLineSpacingForSectionAt: section)
      ?? collectionViewLayout.minimumLineSpacing
  }

  /// The ``collectionViewDelegate``'s item spacing, else the layout's.
  public func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    minimumInteritemSpacingForSectionAt section: Int
  ) -> CGFloat {
    collectionViewDelegate?.collectionView(
      collectionView, layout: collectionViewLayout, minimumInteritemSpacingForSectionAt: section)
      ?? collectionViewLayout.minimumInteritemSpacing
  }

  /// The ``collectionViewDelegate``'s answer, else `true`.
  public func collectionView(_ collectionView: CollectionView, shouldSelectItemAt indexPath: IndexPath)
    -> Bool
  {
    collectionViewDelegate?.collectionView(collectionView, shouldSelectItemAt: indexPath) ?? true
  }

  /// Tells the item's controller, `didSelect(cell:)`, then the
  /// ``collectionViewDelegate``. An item without a cell on screen cannot be
  /// tapped; its controller is not told.
  public func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    if indexPath.section == 0, list.items.indices.contains(indexPath.item) {
      let controller = controller(at: indexPath.item)
      if let cell = controller.mountedListCell {
        controller.send(.didSelect, cell)
      }
    }
    collectionViewDelegate?.collectionView(collectionView, didSelectItemAt: indexPath)
  }

  /// Forwards to the ``collectionViewDelegate``.
  public func collectionView(_ collectionView: CollectionView, didDeselectItemAt indexPath: IndexPath) {
    collectionViewDelegate?.collectionView(collectionView, didDeselectItemAt: indexPath)
  }

  /// Forwards to the ``collectionViewDelegate``; the cell was mounted when it
  /// was dequeued.
  public func collectionView(
    _ collectionView: CollectionView, willDisplay cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    collectionViewDelegate?.collectionView(collectionView, willDisplay: cell, forItemAt: indexPath)
  }

  /// Unmounts the cell from its controller (after the disappearance
  /// callbacks it is owed), then forwards to the ``collectionViewDelegate``.
  public func collectionView(
    _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
    forItemAt indexPath: IndexPath
  ) {
    collectionCallbackDepth += 1
    if let cell = cell as? ListCell, let controller = cell.controller {
      unmount(controller, from: cell)
    }
    collectionCallbackDepth -= 1
    collectionViewDelegate?.collectionView(collectionView, didEndDisplaying: cell, forItemAt: indexPath)
  }

  /// Forwards to the ``collectionViewDelegate``; appearance is derived after
  /// the layout pass the scroll causes.
  public func scrollViewDidScroll(_ collectionView: CollectionView) {
    collectionViewDelegate?.scrollViewDidScroll(collectionView)
  }

  /// Derives appearance from the finished layout pass, re-sizes items whose
  /// state changed during it, then forwards to the ``collectionViewDelegate``.
  ///
  /// - Complexity: O(*v*) in the number of visible cells, plus the callbacks.
  public func collectionViewDidLayout(_ collectionView: CollectionView) {
    updateAppearance()
    if !isApplying { flushDeferredInvalidations() }
    collectionViewDelegate?.collectionViewDidLayout(collectionView)
  }
}
