import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

extension ListDiffDataSource {
  /// A data source for a list shown inside an item of `parent`'s list:
  /// same context objects, its diagnostics and lifecycle events passed to
  /// `parent`'s handlers as they are then, its work counted in `parent`'s.
  ///
  /// - Complexity: O(*k*) in the context objects.
  convenience init(nestedIn parent: ListDiffDataSource, collectionView: CollectionView, sizing: NestedItemSizing) {
    self.init(
      collectionView: collectionView, applyUpdatesAsync: false,
      contextObjectList: parent.context.objects,
      diagnosticHandler: { [reference = parent.backReference] diagnostic in reference.object?.report(diagnostic) })
    features.nestedLists.nest(in: parent, sizing: sizing)
    hooks.lifecycleObserver = { [reference = parent.backReference] controller, event in
      reference.object?.hooks.lifecycleObserver?(controller, event)
    }
    hooks.recordsViewStates = parent.hooks.recordsViewStates
    allowsSelection = parent.allowsSelection
    allowsMultipleSelection = parent.allowsMultipleSelection
  }

  // MARK: Carousels and grids

  /// The rows of carousels and grids: each leaf such a section made, with
  /// its one item's index. O(*s*) in the sections.
  private var nestedRows: [(leaf: Int, index: Int)] {
    list.leaves.indices.compactMap { leaf in
      guard list.leaves[leaf].controllerType is any NestedListRow.Type else { return nil }
      let range = list.range(ofLeaf: leaf)
      return range.isEmpty ? nil : (leaf, range.lowerBound)
    }
  }

  /// The row controller of the item at list index `index`, if it is a
  /// carousel's or a grid's row (made now if it has none).
  private func nestedRow(at index: Int) -> (any NestedListRow)? {
    guard index >= 0, index < list.count, list.leaf(ofItem: index).controllerType is any NestedListRow.Type
    else { return nil }
    return controller(at: index) as? any NestedListRow
  }

  /// The row of the carousel with id `id` within the sections `sectionPath`
  /// names (as `indexPath(forIdentifier:sectionPath:)` matches it), as
  /// the collection view shows it; nil if there is none.
  ///
  /// - Complexity: O(*s*) in the sections.
  func indexPath(ofCarousel id: String, sectionPath: [String]) -> IndexPath? {
    for (leaf, index) in nestedRows
    where list.leaves[leaf].controllerType == CarouselRowController.self && list.identifier(at: index) == id {
      let names = Array(list.leaves[leaf].scope.names.dropLast())
      if sectionPath.isEmpty || Self.names(names, contain: sectionPath) { return shownPath(index) }
    }
    return nil
  }

  /// The own data source of the carousel or grid whose row is at
  /// `indexPath`, made now (with its controller) if it is not yet; nil
  /// when no such row is there.
  ///
  /// - Complexity: O(1) expected, plus the nested list's first root when made.
  func nestedList(at indexPath: IndexPath) -> ListDiffDataSource? {
    guard indexPath.section == 0, indexPath.item >= 0, indexPath.item < list.count else { return nil }
    return nestedRow(at: listIndex(ofShown: indexPath.item))?.makeNestedList()?.dataSource
  }

  /// The first item with `identifier` inside a carousel or a grid (in
  /// display order) within the sections `sectionPath` names, counting the
  /// rows' paths; nil if none has it. A row is looked into without making
  /// its controller; the one holding the item gets its controller.
  ///
  /// - Complexity: O(*n*) in the items of the list and of its carousels and grids.
  func nestedItem(forIdentifier identifier: String, sectionPath: [String]) -> NestedItemPath? {
    for (leaf, index) in nestedRows {
      guard let sections = (list.viewModel(at: index) as? any NestedListRowViewModel)?.content.sections else {
        continue
      }
      let scope = list.leaves[leaf].scope
      let (items, _) = Flattener.flatten(NestedRoot(sections, scope: scope.child(.nested)))
      let holds = items.leaves.indices.contains { inner in
        (sectionPath.isEmpty || Self.names(items.leaves[inner].scope.names, contain: sectionPath))
          && items.range(ofLeaf: inner).contains { items.identifier(at: $0, inLeaf: inner) == identifier }
      }
      guard holds else { continue }
      let rowPath = shownPath(index)
      guard let nested = nestedList(at: rowPath),
        let item = nested.indexPath(forIdentifier: identifier, sectionPath: sectionPath)
      else { continue }
      return NestedItemPath(row: rowPath, list: nested, item: item)
    }
    return nil
  }

  /// The carousel or grid row that has the focus, if one does.
  ///
  /// - Complexity: O(*s*·*d*) to find the focused item.
  var focusedNestedRow: (any NestedListRow)? {
    guard let index = focusIndex() else { return nil }
    return nestedRow(at: index)
  }

  /// Before ↑ or ↓ (`move`) takes the focus to item `target`: when that
  /// is a grid's row, tells the grid to take it on its last line (moving
  /// up) or its first (down), in the column of the grid the focus leaves,
  /// if it leaves one. Returns the grid's row, whose `finishEntry()` the
  /// caller calls once the focus moved.
  ///
  /// - Complexity: O(*s*·*d*) to find the focus, plus making the row's
  ///   controller and grid if they are not yet.
  func prepareGridEntry(at target: Int, moving move: ListFocusMove) -> GridRowController? {
    guard let grid = nestedRow(at: target) as? GridRowController else { return nil }
    let column = (focusedNestedRow as? GridRowController)?.focusedColumn
    grid.prepareEntry(fromBelow: move == .up, column: column)
    return grid
  }

  /// Whether the item the collection view shows at `shown` is a carousel's
  /// row.
  ///
  /// - Complexity: O(log *s*) to find its section.
  func isCarouselRow(atShown shown: Int) -> Bool {
    guard shown >= 0, shown < list.count else { return false }
    return list.leaf(ofItem: listIndex(ofShown: shown)).controllerType == CarouselRowController.self
  }

  /// Whether the item the collection view shows at `shown` is a
  /// carousel's or a grid's row, whose items are read in its place. Not
  /// API.
  ///
  /// - Complexity: O(log *s*) to find its section.
  func isNestedListRow(atShown shown: Int) -> Bool {
    guard shown >= 0, shown < list.count else { return false }
    return list.leaf(ofItem: listIndex(ofShown: shown)).controllerType is any NestedListRow.Type
  }

  /// The live rows' nested lists.
  private var nestedLists: [(row: any NestedListRow, list: NestedList)] {
    controllers.all.compactMap { controller in
      guard let row = controller as? any NestedListRow, let nested = row.nestedList else { return nil }
      return (row, nested)
    }
  }

  /// How many carousels and grids are on screen, and how many of their
  /// items are visible, all told.
  ///
  /// - Complexity: O(*c*) in the live controllers.
  var nestedListsOnScreen: (count: Int, visibleItems: Int) {
    var result = (count: 0, visibleItems: 0)
    for (_, nested) in nestedLists where nested.isOnScreen {
      result.count += 1
      result.visibleItems += nested.collectionView.indexPathsForVisibleItems.count
    }
    return result
  }

  /// The identities of the visible items of the carousel or grid whose row
  /// the collection view shows at `shown`, in order; empty when that is no
  /// such row or it is off screen.
  ///
  /// - Complexity: O(*v*) in the row's visible items.
  func visibleNestedItems(atShown shown: Int) -> [ListItemID] {
    guard shown >= 0, shown < list.count, let nested = nestedRow(at: listIndex(ofShown: shown))?.nestedList,
      nested.isOnScreen
    else { return [] }
    let inner = nested.dataSource
    return nested.collectionView.indexPathsForVisibleItems.map(\.item).sorted().compactMap {
      $0 < inner.itemCount ? inner.itemID(at: $0) : nil
    }
  }

  /// The state of every carousel and grid that has its own list now.
  ///
  /// - Complexity: O(*c*) in the live controllers, plus the visible items.
  var nestedListStates: [NestedListState] {
    nestedLists.compactMap { row, nested in
      guard let id = row.itemID else { return nil }
      let inner = nested.dataSource
      var anchor: (item: ListItemID, distance: CGFloat)?
      // A grid's place follows the list's: only a carousel's is its own.
      if nested is CarouselContent, let first = nested.itemsInViewport.first,
        let frame = nested.collectionView.layoutAttributesForItem(at: IndexPath(item: first, section: 0))?.frame
      {
        let index = inner.listIndex(ofShown: first)
        if index < inner.itemCount {
          anchor = (inner.itemID(at: index), nested.collectionView.contentOffset.x - frame.minX)
        }
      }
      let viewStates = inner.hooks.controllersWithUpdatedViewState.compactMap { controller in
        controller.itemID.map { (item: $0, controller: controller) }
      }
      return NestedListState(
        row: id, anchor: anchor, focus: inner.focusedItem, selection: inner.selection, viewStates: viewStates)
    }
  }

  /// Gives the carousel or grid `state.row` names the view states, focus,
  /// selection and scroll position `state` holds, as far as its items
  /// allow.
  ///
  /// - Complexity: that of the scrolls, a few at most.
  func restore(_ state: NestedListState) {
    guard let index = index(of: state.row), let inner = nestedList(at: shownPath(index)) else { return }
    for (item, controller) in state.viewStates {
      guard let index = inner.index(of: item) else { continue }
      controller.host?.hooks.copyViewState(of: controller, to: inner.controller(at: index))
    }
    for id in state.selection { inner.select(id) }
    if let focus = state.focus { inner.focusedItem = focus }
    let view = inner.collectionView
    view.layoutIfNeeded()
    collectionView.layoutIfNeeded()
    guard let anchor = state.anchor, let item = inner.index(of: anchor.item) else { return }
    view.aim {
      let frame = view.layoutAttributesForItem(at: inner.shownPath(item))?.frame
      return CGPoint(x: (frame?.minX ?? view.contentOffset.x) + anchor.distance, y: view.contentOffset.y)
    }
  }

  /// The grids on screen, in the list's order: each one's row, the row's
  /// frame in this list's content coordinates, its shape (lines and
  /// columns, as a data table has them) and its own list:
  /// `ListScreen`'s accessibility hierarchy makes each a data table.
  ///
  /// - Complexity: O(*c* log *c*) in the live controllers.
  var gridsOnScreen: [GridOnScreen] {
    nestedLists.compactMap { row, nested -> GridOnScreen? in
      guard let grid = nested as? GridContent, grid.isOnScreen, let id = row.itemID, let index = index(of: id),
        let frame = collectionView.layoutAttributesForItem(at: shownPath(index))?.frame
      else { return nil }
      let count = grid.dataSource.itemCount
      let columns = max(1, grid.columns)
      return GridOnScreen(
        row: id, index: index, frame: frame, rowCount: (count + columns - 1) / columns,
        columnCount: min(columns, count), list: grid.dataSource)
    }.sorted { $0.index < $1.index }
  }

  /// Where the item at `item` of `nested` (the own list of the grid or
  /// carousel whose row is at `row`) is in this list's content
  /// coordinates; nil when either is not placed. Showing
  /// a grid's item (a key's focus move, `ListScreen`'s taps) starts here.
  ///
  /// - Complexity: O(log *n*) for the two frames.
  func frameInList(ofItem item: IndexPath, of nested: ListDiffDataSource, inRowAt row: IndexPath)
    -> CGRect?
  {
    guard let rowFrame = collectionView.layoutAttributesForItem(at: row)?.frame,
      let frame = nested.collectionView.layoutAttributesForItem(at: item)?.frame
    else { return nil }
    return frame.offsetBy(dx: rowFrame.minX, dy: rowFrame.minY)
  }

  /// After every layout of this list: each grid's own viewport follows the
  /// part of its row the list shows.
  ///
  /// - Complexity: O(*c*) in the live controllers while any grid has its
  ///   own list; O(1) otherwise.
  func syncNestedViewports() {
    guard features.nestedLists.nesting.gridsWithLists > 0 else { return }
    for (row, nested) in nestedLists {
      guard let grid = nested as? GridContent, let index = index(of: row) else { continue }
      let frame = collectionView.layoutAttributesForItem(at: shownPath(index))?.frame
      grid.follow(rowFrame: frame, viewport: collectionView.bounds)
    }
  }
}

extension ListDiffDataSource {
  // MARK: Showing an item, nested or not

  /// Scrolls the least that shows item `index` below the headers pinned
  /// over it — at its own place, even for a header drawn pinned, unless
  /// `pinnedStays` (VoiceOver's cursor reads a pinned header where it is
  /// drawn; the keyboard's focus shows the section under it). A nested list asks
  /// the list it is in: a grid never scrolls itself (its viewport is the
  /// part of its row the list shows), so the list scrolls to show the item
  /// where the row shows it; a carousel scrolls along to the item, and the
  /// list shows its row.
  ///
  /// - Complexity: a scroll's layout passes.
  func reveal(_ index: Int, pinnedStays: Bool = false) {
    if let host = features.nestedLists.parent, let nested = host.nestedListOwning(self) {
      if nested.list is GridContent {
        collectionView.layoutIfNeeded()
        guard let frame = host.frameInList(ofItem: shownPath(index), of: self, inRowAt: host.shownPath(nested.row))
        else { return host.reveal(nested.row, pinnedStays: pinnedStays) }
        host.collectionView.scrollRectToVisible(frame, animated: false)
        return
      }
      collectionView.scrollToItem(at: shownPath(index), at: [], animated: false)
      collectionView.layoutIfNeeded()
      host.reveal(nested.row, pinnedStays: pinnedStays)
      return
    }
    if pinnedStays && collectionView.isDrawnPinned(itemAt: shownPath(index)) { return }
    collectionView.scrollToItem(at: shownPath(index), at: [], animated: false)
    collectionView.layoutIfNeeded()
  }

  /// The row of this list whose carousel or grid shows `dataSource`, with
  /// its nested list; nil when none does.
  ///
  /// - Complexity: O(*c*) in the live controllers.
  func nestedListOwning(_ dataSource: ListDiffDataSource) -> (row: Int, list: NestedList)? {
    for controller in controllers.all {
      guard let row = controller as? any NestedListRow, let nested = row.nestedList, nested.dataSource === dataSource,
        let index = index(of: controller)
      else { continue }
      return (index, nested)
    }
    return nil
  }
}
