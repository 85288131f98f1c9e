import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Where an item inside a carousel is: the carousel's row in the list, the
/// carousel's own data source, and the item's index path in it. Not API:
/// what ListDiffUITesting's `ListScreen` reaches carousel items through.
package struct CarouselItemPath {
  /// The carousel's row in the list.
  package let row: IndexPath
  /// The carousel's own data source (its collection view scrolls sideways).
  package let carousel: ListDiffDataSource
  /// The item in the carousel's collection view.
  package let item: IndexPath
}

extension ListDiffDataSource {
  // MARK: Carousels

  /// The rows of carousels: each leaf a `CarouselSection` made, with its
  /// one item's index. O(*s*) in the sections.
  private var carouselRows: [(leaf: Int, index: Int)] {
    list.leaves.indices.compactMap { leaf in
      guard list.leaves[leaf].controllerType == CarouselRowController.self else { return nil }
      let range = list.range(ofLeaf: leaf)
      return range.isEmpty ? nil : (leaf, range.lowerBound)
    }
  }

  /// The row of the carousel with id `id` within the sections `sectionPath`
  /// names (as `indexPath(forIdentifier:sectionPath:)` matches it), as
  /// the collection view shows it; nil if there is none.
  ///
  /// - Complexity: O(*s*) in the sections.
  package func indexPath(ofCarousel id: String, sectionPath: [String]) -> IndexPath? {
    for (leaf, index) in carouselRows where list.identifier(at: index) == id {
      let names = list.leaves[leaf].scope.names.dropLast()
      if sectionPath.isEmpty || Self.names(Array(names), contain: sectionPath) {
        return shownPath(index)
      }
    }
    return nil
  }

  /// The own data source of the carousel whose row is at `indexPath`,
  /// made now (with its controller) if it is not yet; nil when no
  /// carousel's row is there.
  ///
  /// - Complexity: O(1) expected, plus the carousel's first root when made.
  package func carousel(at indexPath: IndexPath) -> ListDiffDataSource? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < list.count else { return nil }
    let index = listIndex(ofShown: indexPath.item)
    guard list.leaf(ofItem: index).controllerType == CarouselRowController.self,
      let row = controller(at: index) as? CarouselRowController
    else { return nil }
    return row.makeContent()?.dataSource
  }

  /// The first item with `identifier` inside a carousel (in display order)
  /// within the sections `sectionPath` names, counting the carousels'
  /// paths; nil if none has it. A carousel is looked into without making
  /// its controller; the one holding the item gets its controller.
  ///
  /// - Complexity: O(*n*) in the items of the list and of its carousels.
  package func carouselItem(forIdentifier identifier: String, sectionPath: [String]) -> CarouselItemPath? {
    for (leaf, index) in carouselRows {
      guard let row = list.viewModel(at: index) as? CarouselRowViewModel else { continue }
      let scope = list.leaves[leaf].scope
      let (items, _) = Flattener.flatten(CarouselRoot(row.content.sections, scope: scope.child(.carousel)))
      let holds = items.leaves.indices.contains { inner in
        (sectionPath.isEmpty || Self.names(items.leaves[inner].scope.names, contain: sectionPath))
          && items.range(ofLeaf: inner).contains { items.identifier(at: $0, inLeaf: inner) == identifier }
      }
      guard holds else { continue }
      let rowPath = shownPath(index)
      guard let carousel = carousel(at: rowPath),
        let item = carousel.indexPath(forIdentifier: identifier, sectionPath: sectionPath)
      else { continue }
      return CarouselItemPath(row: rowPath, carousel: carousel, item: item)
    }
    return nil
  }

  /// The carousel row that has the focus, if one does.
  ///
  /// - Complexity: O(*s*·*d*) to find the focused item.
  var focusedCarouselRow: CarouselRowController? {
    guard let focus = interaction.focus, let index = index(of: focus),
      list.leaf(ofItem: index).controllerType == CarouselRowController.self
    else { return nil }
    return controller(at: index) as? CarouselRowController
  }

  /// The horizontal offsets of the carousels that have their own lists
  /// now, by their rows' identities. Not API: `fuzzList` gives a fresh
  /// screen the same offsets.
  ///
  /// - Complexity: O(*c*) in the live controllers.
  package var carouselOffsets: [ListItemID: CGFloat] {
    var offsets: [ListItemID: CGFloat] = [:]
    for controller in controllers.all {
      guard let row = controller as? CarouselRowController, let content = row.content,
        let id = itemID(of: row)
      else { continue }
      offsets[id] = content.collectionView.contentOffset.x
    }
    return offsets
  }
}

/// What a person did to a carousel that its root does not say: where it is
/// scrolled (its first visible item, and how far the viewport's leading
/// edge is past that item's), what in it is focused and selected, what its
/// controllers keep of their own (view state). Not API:
/// `fuzzList` gives a fresh screen the same.
package struct CarouselState {
  /// The carousel's row.
  package var row: ListItemID
  /// The carousel's first visible item and the viewport's distance past
  /// its leading edge; nil when nothing in it is visible.
  package var anchor: (item: ListItemID, distance: CGFloat)?
  /// The carousel's focused item.
  package var focus: ListItemID?
  /// The carousel's selected items.
  package var selection: Set<ListItemID>
  /// The carousel's items whose controllers' view state was set, with
  /// those controllers.
  package var viewStates: [(item: ListItemID, controller: AnyListCellController)]
}

extension ListDiffDataSource {
  /// Whether the item the collection view shows at `shown` is a carousel's
  /// row. Not API.
  ///
  /// - Complexity: O(log *s*) to find its section.
  package func isCarouselRow(atShown shown: Int) -> Bool {
    guard shown >= 0, shown < list.count else { return false }
    return list.leaf(ofItem: listIndex(ofShown: shown)).controllerType == CarouselRowController.self
  }

  /// How many carousels are on screen, and how many of their items are
  /// visible, all told. Not API.
  ///
  /// - Complexity: O(*c*) in the live controllers.
  package var carouselsOnScreen: (count: Int, visibleItems: Int) {
    var result = (count: 0, visibleItems: 0)
    for controller in controllers.all {
      guard let content = (controller as? CarouselRowController)?.content, content.isOnScreen else { continue }
      result.count += 1
      result.visibleItems += content.collectionView.indexPathsForVisibleItems.count
    }
    return result
  }

  /// The identities of the visible items of the carousel whose row the
  /// collection view shows at `shown`, in order; empty when that is no
  /// carousel's row or it is off screen. Not API: `fuzzList` taps them.
  ///
  /// - Complexity: O(*v*) in the carousel's visible items.
  package func visibleCarouselItems(atShown shown: Int) -> [(identifier: String, sectionNames: [String])] {
    guard isCarouselRow(atShown: shown),
      let content = (controller(at: listIndex(ofShown: shown)) as? CarouselRowController)?.content,
      content.isOnScreen
    else { return [] }
    return content.collectionView.indexPathsForVisibleItems.map(\.item).sorted().compactMap {
      content.dataSource.itemIdentity(at: $0)
    }
  }

  /// The state of every carousel that has its own list now. Not API.
  ///
  /// - Complexity: O(*c*) in the live controllers, plus the visible items.
  package var carouselStates: [CarouselState] {
    controllers.all.compactMap { controller in
      guard let row = controller as? CarouselRowController, let content = row.content,
        let id = itemID(of: row)
      else { return nil }
      let inner = content.dataSource
      let view = content.collectionView
      var anchor: (item: ListItemID, distance: CGFloat)?
      let first = view.layoutAttributesForElements(in: view.bounds)
        .filter { $0.representedElementKind == nil }.min { $0.indexPath.item < $1.indexPath.item }
      if let first {
        let index = inner.listIndex(ofShown: first.indexPath.item)
        if index < inner.itemCount {
          anchor = (inner.itemID(at: index), view.contentOffset.x - first.frame.minX)
        }
      }
      let viewStates = inner.controllersWithUpdatedViewState.compactMap { controller in
        inner.itemID(of: controller).map { (item: $0, controller: controller) }
      }
      return CarouselState(
        row: id, anchor: anchor, focus: inner.focusedItem, selection: inner.selection, viewStates: viewStates)
    }
  }

  /// Gives the carousel `state.row` names the focus, selection and scroll
  /// position `state` holds, as far as its items allow. Not API.
  ///
  /// - Complexity: that of the scrolls, a few at most.
  package func restore(_ state: CarouselState) {
    guard let index = index(of: state.row), let inner = carousel(at: shownPath(index)) else { return }
    for (item, controller) in state.viewStates {
      if let index = inner.index(of: item) { inner.controller(at: index).adoptViewState(of: controller) }
    }
    for id in state.selection { inner.select(id) }
    if let focus = state.focus { inner.focusedItem = focus }
    let view = inner.collectionView
    view.layoutIfNeeded()
    guard let anchor = state.anchor, let item = inner.index(of: anchor.item) else { return }
    // Sizes resolved on the way move the item: aim again (a few times).
    for _ in 0..<4 {
      guard let frame = view.layoutAttributesForItem(at: inner.shownPath(item))?.frame else { break }
      let before = view.contentOffset
      view.setContentOffset(CGPoint(x: frame.minX + anchor.distance, y: before.y), animated: false)
      view.layoutIfNeeded()
      if view.contentOffset == before { break }
    }
  }
}
