import Foundation
import HeadlessCollection
import ListDiff
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

extension ListDiffDataSource {
  // MARK: Finding items

  /// The index path of the item whose view model has `identifier`, or nil.
  ///
  /// Identifiers need only be unique within a section, so where one repeats
  /// across sections, name the section: `sectionPath` lists ids of enclosing
  /// sections (explicit `id:`s, and render-model identifiers), outermost
  /// first, and need not be complete — an item matches when they appear in
  /// order among its enclosing sections' ids. The first match in display
  /// order is returned.
  ///
  /// - Complexity: O(*n*) in the number of items.
  public func indexPath(forIdentifier identifier: String, sectionPath: [String] = []) -> IndexPath? {
    itemIndex(forIdentifier: identifier, sectionPath: sectionPath).map {
      IndexPath(item: $0, section: 0)
    }
  }

  /// Scrolls so that the item with `identifier` (see
  /// ``indexPath(forIdentifier:sectionPath:)``) is at `position`; returns
  /// whether the item was found.
  ///
  /// - Complexity: O(*n*) to find the item, plus the scroll's layout pass.
  @discardableResult
  public func scrollToItem(
    identifier: String, sectionPath: [String] = [],
    at position: CollectionView.ScrollPosition = .top, animated: Bool = false
  ) -> Bool {
    guard let indexPath = indexPath(forIdentifier: identifier, sectionPath: sectionPath) else {
      return false
    }
    collectionView.scrollToItem(at: indexPath, at: position, animated: animated)
    collectionView.layoutIfNeeded()
    return true
  }

  /// The controller of the item with `identifier` (see
  /// ``indexPath(forIdentifier:sectionPath:)``), created now if the
  /// collection view has not needed it yet; nil if there is no such item.
  ///
  /// - Complexity: O(*n*) to find the item.
  public func cellController(forIdentifier identifier: String, sectionPath: [String] = [])
    -> AnyListCellController?
  {
    itemIndex(forIdentifier: identifier, sectionPath: sectionPath).map { controller(at: $0) }
  }

  /// The number of items shown.
  ///
  /// - Complexity: O(1).
  public var itemCount: Int { list.count }

  /// The number of live controllers: items the collection view has sized or
  /// displayed (or that were looked up) and that still exist. For tests and
  /// the benchmark.
  ///
  /// - Complexity: O(1).
  package var cellControllerCount: Int { controllers.count }

  /// The live controllers whose view state was set, in no particular
  /// order. For tests.
  ///
  /// - Complexity: O(*c*) in the live controllers.
  package var controllersWithUpdatedViewState: [AnyListCellController] {
    controllers.all.filter(\.viewStateWasUpdated)
  }

  /// The controller of the item at `index`, created if it has none yet;
  /// nil for an index out of range. For tests.
  ///
  /// - Complexity: that of `controller(at:)`.
  package func cellController(at index: Int) -> AnyListCellController? {
    guard index >= 0 && index < list.count else { return nil }
    return controller(at: index)
  }

  /// Whether `controller` is the controller of an item shown now, in this
  /// list or a carousel's in it (false once its item is deleted or the
  /// data source let it go). For tests.
  ///
  /// - Complexity: O(1) expected.
  package func isLiveController(_ controller: AnyListCellController) -> Bool {
    if controllers.isLive(controller) { return true }
    // A carousel's item: live while the carousel's own list, nested in
    // this one, has it.
    guard let host = controller.host, host !== self else { return false }
    var outer = host.nesting.parent
    while let list = outer {
      if list === self { return host.controllers.isLive(controller) }
      outer = list.nesting.parent
    }
    return false
  }

  /// Where the collection view shows the item `controller` is the
  /// controller of (during a drag, the place the drag gives it); nil for a
  /// controller whose item is gone. For tests.
  ///
  /// - Complexity: that of `index(of:)`.
  package func shownIndex(of controller: AnyListCellController) -> Int? {
    index(of: controller).map { shownIndex(ofListIndex: $0) }
  }

  /// The index of the first item with `identifier` in a section whose
  /// names contain `sectionPath` (any section when it is empty).
  ///
  /// - Complexity: O(*n*) reads of identifiers, in place.
  func itemIndex(forIdentifier identifier: String, sectionPath: [String]) -> Int? {
    for leaf in list.leaves.indices
    where sectionPath.isEmpty || Self.names(list.leaves[leaf].scope.names, contain: sectionPath) {
      for index in list.range(ofLeaf: leaf) where list.identifier(at: index, inLeaf: leaf) == identifier {
        return index
      }
    }
    return nil
  }

  /// Whether `path` appears, in order, within `names`: how a `sectionPath`
  /// matches an item's section names (ListDiffUITesting matches the same way).
  ///
  /// - Complexity: O(*d*) in the number of names.
  package static func names(_ names: [String], contain path: [String]) -> Bool {
    var remaining = path[...]
    for name in names where name == remaining.first {
      remaining.removeFirst()
      if remaining.isEmpty { return true }
    }
    return remaining.isEmpty
  }
}
