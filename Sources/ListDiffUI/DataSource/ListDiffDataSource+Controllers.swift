import Foundation
import HeadlessCollection
import ListDiff
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

extension ListDiffDataSource {
  // MARK: Controllers

  /// The controller of the item at `index`, created if it has none yet.
  ///
  /// - Complexity: O(1) expected for an index asked since the list last
  ///   changed; else O(log *s*) in the number of leaf sections (to find the
  ///   item's leaf and read its identifier), plus one hash of its identity.
  func controller(at index: Int) -> AnyListCellController {
    if let found = controllers.found(at: index) { return found }
    let key = list.key(at: index)
    if let existing = controllers[key] {
      controllers.note(existing, at: index)
      return existing
    }
    let leaf = list.leaf(ofItem: index)
    let controller = callingOut {
      leaf.controllerType.init(
        viewModel: list.viewModel(at: index), delegate: leaf.delegate, context: context)
    }
    countWork(.controllersCreated)
    controllers.insert(controller, for: key, scope: leaf.scope, host: self)
    controllers.note(controller, at: index)
    return controller
  }

  /// The index of `controller`'s item, or nil if the item is gone.
  /// `path`, when the caller has it, is where the collection shows the
  /// controller's cell: it spares looking for the cell among those on
  /// screen (which, asked for each visible cell, is O(*v*²)).
  ///
  /// - Complexity: O(1) expected for a controller found by index since the
  ///   list changed; O(1), or O(*v*) without `path`, for one whose cell is
  ///   on screen; otherwise O(1) expected after an O(*n*) index built once
  ///   per update.
  func index(of controller: AnyListCellController, shownAt path: IndexPath? = nil) -> Int? {
    let shownAt = (path ?? controller.mountedListCell.flatMap { collectionView.indexPath(for: $0) }).map {
      listIndex(ofShown: $0.item)
    }
    // Found there by index since the list changed: the live controller of
    // the item there, without making and hashing its key.
    if let shownAt, controllers.found(at: shownAt) === controller { return shownAt }
    guard let key = controller.itemKey, controllers.isLive(controller) else { return nil }
    if let shownAt, shownAt < list.count && list.key(at: shownAt) == key { return shownAt }
    return controllers.index(of: key, in: list.keys)
  }

  /// A controller's view state changed: configure its cell and re-size it,
  /// now if the collection view can take it, else once it can.
  func controllerDidChangeState(_ controller: AnyListCellController) {
    guard controllers.isLive(controller) else { return }
    if let cell = controller.mountedListCell, !controller.callbackState.isConfiguring {
      configure(controller, cell, layoutNow: !controller.callbackState.isLayingOutCell)
    }
    deferredSizes.add(controller)
    drain()
  }

  /// Invalidates the sizes deferred during a batch or layout pass, at the
  /// items' current index paths. Called only where the collection view and
  /// `list` agree: never inside a batch, where the collection view takes
  /// index paths from before the update while `list` already describes the
  /// new root (`apply` sets it first thing in the batch). Returns whether
  /// there were any.
  @discardableResult
  func invalidateDeferredSizes() -> Bool {
    guard !deferredSizes.isEmpty else { return false }
    let pending = deferredSizes.takeAll()
    var indexPaths: [IndexPath] = []
    for controller in pending {
      guard let index = index(of: controller) else { continue }
      indexPaths.append(IndexPath(item: index, section: 0))
    }
    guard !indexPaths.isEmpty else { return false }
    collectionView.invalidateLayout(forItemsAt: indexPaths)
    return true
  }
}
