import Foundation
import HeadlessCollection

/// What ListDiffUITesting, the terminal library and the benchmark read of a
/// data source and hook into: the one seam between the library and what
/// tests it. Each member reads (or, for the hooks and the planted defects,
/// sets) one thing and says what it costs; the behaviour stays with the
/// data source and its features. Reached as `dataSource.inspection`, made
/// on each access (it holds only the data source). Not API.
@MainActor
package struct ListDiffInspection {
  /// The data source read.
  private let dataSource: ListDiffDataSource

  init(_ dataSource: ListDiffDataSource) { self.dataSource = dataSource }

  // MARK: Hooks

  /// Hears every callback a controller is about to receive, in order:
  /// what ListDiffUITesting's lifecycle recorder is built on.
  package var lifecycleObserver: (@MainActor (AnyListCellController, ListLifecycleEvent) -> Void)? {
    get { dataSource.hooks.lifecycleObserver }
    nonmutating set { dataSource.hooks.lifecycleObserver = newValue }
  }
  /// Hears how many items changed inside a list nested in this one (a
  /// carousel's or a grid's root: its inserts, deletes, moves and updates;
  /// a grid re-flowed: its items sized again), so that `fuzzList` can bound
  /// a step's work by what it changed.
  package var nestedChangeObserver: (@MainActor (Int) -> Void)? {
    get { dataSource.hooks.nestedChangeObserver }
    nonmutating set { dataSource.hooks.nestedChangeObserver = newValue }
  }
  /// Hears every accessibility notification the list posts (besides the
  /// app's handler): `ListScreen.accessibilityNotifications`.
  package var accessibilityNotificationObserver: (@MainActor (ListAccessibilityNotification) -> Void)? {
    get { dataSource.hooks.accessibilityNotificationObserver }
    nonmutating set { dataSource.hooks.accessibilityNotificationObserver = newValue }
  }
  /// The average number of items per section from which corresponding
  /// sections are diffed one by one rather than as whole lists (see
  /// `FlatList.prefersLeafwiseDiff(over:minimumAverageLeafCount:)`; 0:
  /// always): the tests and the benchmark lower it so that small sections
  /// take that way too; both ways give the same result.
  package var minimumAverageLeafCountForLeafwiseDiff: Int {
    get { dataSource.hooks.minimumAverageLeafCountForLeafwiseDiff }
    nonmutating set { dataSource.hooks.minimumAverageLeafCountForLeafwiseDiff = newValue }
  }
  /// Whether the controllers whose view state the app set are recorded
  /// (`controllersWithUpdatedViewState`): `fuzzList` turns it on to carry
  /// view states over to the screen it compares with.
  package var recordsViewStates: Bool {
    get { dataSource.hooks.recordsViewStates }
    nonmutating set { dataSource.hooks.recordsViewStates = newValue }
  }
  /// The clock type-to-select reads, in seconds: tests replace it to type
  /// slowly without waiting.
  package var typeSelectClock: @MainActor () -> Double {
    get { dataSource.features.typeSelect.clock }
    nonmutating set { dataSource.features.typeSelect.clock = newValue }
  }

  // MARK: Controllers

  /// The number of live controllers: items the collection view has sized
  /// or displayed (or that were looked up) and that still exist.
  ///
  /// - Complexity: O(1).
  package var cellControllerCount: Int { dataSource.controllers.count }

  /// The live controllers whose view state was set while recording, in no
  /// particular order.
  ///
  /// - Complexity: O(*c*) in the live controllers.
  package var controllersWithUpdatedViewState: [AnyListCellController] {
    dataSource.hooks.controllersWithUpdatedViewState
  }

  /// Gives `target` the view state last recorded for `source`, when both
  /// are of one controller class; does nothing otherwise.
  ///
  /// - Complexity: O(1) expected.
  package func copyViewState(of source: AnyListCellController, to target: AnyListCellController) {
    dataSource.hooks.copyViewState(of: source, to: target)
  }

  /// The controller of the item at list index `index`, created if it has
  /// none yet; nil for an index out of range.
  ///
  /// - Complexity: that of the data source's controller lookup.
  package func cellController(at index: Int) -> AnyListCellController? {
    guard index >= 0 && index < dataSource.list.count else { return nil }
    return dataSource.controller(at: index)
  }

  /// Whether `controller` is the controller of an item shown now, in this
  /// list or a carousel's or grid's in it (false once its item is deleted
  /// or the data source let it go).
  ///
  /// - Complexity: O(1) expected, plus the depth of nesting.
  package func isLiveController(_ controller: AnyListCellController) -> Bool {
    if dataSource.controllers.isLive(controller) { return true }
    // A nested list's item: live while that list, nested in this one, has it.
    guard let host = controller.host, host !== dataSource else { return false }
    var outer = host.features.nestedLists.parent
    while let list = outer {
      if list === dataSource { return host.controllers.isLive(controller) }
      outer = list.features.nestedLists.parent
    }
    return false
  }

  /// Where the collection view shows the item `controller` is the
  /// controller of (during a drag, the place the drag gives it); nil for a
  /// controller whose item is gone.
  ///
  /// - Complexity: that of the data source's lookup of a controller.
  package func shownIndex(of controller: AnyListCellController) -> Int? {
    dataSource.index(of: controller).map { dataSource.shownIndex(ofListIndex: $0) }
  }

  /// The identity of `controller`'s item, in this list or any other; nil
  /// for a controller not attached to an item.
  ///
  /// - Complexity: O(*d*) in the depth of the item's section.
  package static func itemID(of controller: AnyListCellController) -> ListItemID? {
    controller.itemID
  }

  // MARK: Items and sections

  /// The identity of every item shown, in list order.
  ///
  /// - Complexity: O(*n* log *s*) for *n* items and *s* leaf sections.
  package var itemIdentities: [ListItemID] {
    (0..<dataSource.list.count).map { dataSource.itemID(at: $0) }
  }

  /// The identity of the item at list index `index`; nil for an index out
  /// of range.
  ///
  /// - Complexity: O(log *s*) for *s* leaf sections.
  package func itemIdentity(at index: Int) -> ListItemID? {
    guard index >= 0 && index < dataSource.list.count else { return nil }
    return dataSource.itemID(at: index)
  }

  /// The list index of the item shown that `id` names by its whole section
  /// path; nil when none is shown.
  ///
  /// - Complexity: that of the data source's lookup by identity.
  package func index(of id: ListItemID) -> Int? { dataSource.index(of: id) }

  /// Whether `path` appears, in order, within `names`: how a `sectionPath`
  /// matches an item's section names, here and in ListDiffUITesting.
  ///
  /// - Complexity: O(*d*) in the number of names.
  package static func names(_ names: [String], contain path: [String]) -> Bool {
    ListDiffDataSource.names(names, contain: path)
  }

  /// The leaf sections of the list shown, in order (empty ones included).
  ///
  /// - Complexity: O(*s* · *d*) in sections and their depth.
  package var shownSections: [ShownSection] {
    let list = dataSource.list
    return list.leaves.indices.map { leaf in
      let scope = list.leaves[leaf].scope
      return ShownSection(
        names: scope.names, items: list.range(ofLeaf: leaf), isHeaderOrFooter: scope.isHeaderOrFooter,
        isHeader: scope.isInHeader)
    }
  }

  // MARK: Outlines

  /// The outline rows expanded, by whole identity; setting it replaces
  /// them, as a fuzzer's fresh screen takes them over.
  package var expandedItems: Set<ListItemID> {
    get { dataSource.expandedItems }
    nonmutating set { dataSource.expandedItems = newValue }
  }

  /// Whether the list shows rows of an outline.
  ///
  /// - Complexity: O(*o*) in the outlines.
  package var showsOutlineRows: Bool { dataSource.showsOutlineRows }

  /// The outline row shown at list index `index`; nil for an item of no
  /// outline or an index out of range.
  ///
  /// - Complexity: O(log *s* + *o*) in leaves and outlines.
  package func outlineRow(at index: Int) -> ListOutlineRow? { dataSource.outlineRow(at: index) }

  // MARK: Carousels and grids

  /// The row of the carousel with id `id` within the sections
  /// `sectionPath` names, as the collection view shows it; nil if there is
  /// none.
  ///
  /// - Complexity: O(*s*) in the sections.
  package func indexPath(ofCarousel id: String, sectionPath: [String]) -> IndexPath? {
    dataSource.indexPath(ofCarousel: id, sectionPath: sectionPath)
  }

  /// The own data source of the carousel or grid whose row is at
  /// `indexPath`, made now if it is not yet; nil when no such row is there.
  ///
  /// - Complexity: O(1) expected, plus the nested list's first root when made.
  package func nestedList(at indexPath: IndexPath) -> ListDiffDataSource? {
    dataSource.nestedList(at: indexPath)
  }

  /// The first item with `identifier` inside a carousel or a grid within
  /// the sections `sectionPath` names: the row, its list and the item's
  /// index path there; nil if none has it.
  ///
  /// - Complexity: O(*n*) in the items of the list and of its carousels and grids.
  package func nestedItem(forIdentifier identifier: String, sectionPath: [String]) -> NestedItemPath? {
    dataSource.nestedItem(forIdentifier: identifier, sectionPath: sectionPath)
  }

  /// Whether the item the collection view shows at `shown` is a carousel's row.
  ///
  /// - Complexity: O(log *s*) to find its section.
  package func isCarouselRow(atShown shown: Int) -> Bool { dataSource.isCarouselRow(atShown: shown) }

  /// Whether the item the collection view shows at `shown` is a carousel's
  /// or a grid's row, whose items are read in its place.
  ///
  /// - Complexity: O(log *s*) to find its section.
  package func isNestedListRow(atShown shown: Int) -> Bool { dataSource.isNestedListRow(atShown: shown) }

  /// How many carousels and grids are on screen, and how many of their
  /// items are visible, all told.
  ///
  /// - Complexity: O(*c*) in the live controllers.
  package var nestedListsOnScreen: (count: Int, visibleItems: Int) { dataSource.nestedListsOnScreen }

  /// The identities of the visible items of the carousel or grid whose row
  /// the collection view shows at `shown`, in order; empty when that is no
  /// such row or it is off screen: `fuzzList` taps them.
  ///
  /// - Complexity: O(*v*) in the row's visible items.
  package func visibleNestedItems(atShown shown: Int) -> [ListItemID] {
    dataSource.visibleNestedItems(atShown: shown)
  }

  /// The state of every carousel and grid that has its own list now.
  ///
  /// - Complexity: O(*c*) in the live controllers, plus the visible items.
  package var nestedListStates: [NestedListState] { dataSource.nestedListStates }

  /// Gives the carousel or grid `state.row` names the view states, focus,
  /// selection and scroll position `state` holds, as far as its items allow.
  ///
  /// - Complexity: that of the scrolls, a few at most.
  package func restore(_ state: NestedListState) { dataSource.restore(state) }

  /// The grids on screen, in the list's order, each as a data table.
  ///
  /// - Complexity: O(*c* log *c*) in the live controllers.
  package var gridsOnScreen: [GridOnScreen] { dataSource.gridsOnScreen }

  /// Where the item at `item` of `nested` (the own list of the grid or
  /// carousel whose row is at `row`) is in this list's content
  /// coordinates; nil when either is not placed.
  ///
  /// - Complexity: O(log *n*) for the two frames.
  package func frameInList(ofItem item: IndexPath, of nested: ListDiffDataSource, inRowAt row: IndexPath)
    -> CGRect?
  {
    dataSource.frameInList(ofItem: item, of: nested, inRowAt: row)
  }

  // MARK: Work and checks

  /// The running totals of the work the data source did (controllers,
  /// size requests, cells; the item and change counts stay zero), from
  /// which ListDiffUITesting counts the work of a scroll or a drag.
  package var workCounts: ListWorkCounts { dataSource.tally.totals }
  /// The counts of the last root applied, nil before the first: what
  /// `ListScreen.lastUpdate` shows.
  package var lastUpdateCounts: ListWorkCounts? { dataSource.tally.lastUpdate }
  /// How many applied roots were diffed leaf by leaf, and how many
  /// otherwise: the tests check that both ways are exercised.
  package var diffCounts: (leafwise: Int, wholeList: Int) { dataSource.tally.diffs }
  /// The number of `observe` tasks that have not ended.
  package var observationCount: Int { dataSource.observations.count }

  /// The rules of the data source's parts that are broken now, empty when
  /// all hold: each names its part, then its rule.
  ///
  /// - Complexity: O(*s* + *c*) in leaves and live controllers, at least;
  ///   see the data source's `invariantViolations()`.
  package func invariantViolations() -> [InvariantViolation] { dataSource.invariantViolations() }

  /// Breaks one rule on purpose, on a data source showing items with a
  /// controller: the tests of the checks plant each and read that the
  /// check names the part and the rule. Nothing may apply a root
  /// afterwards with checks on.
  ///
  /// - Parameter controller: for `.deferredSizeOfGoneController`, a
  ///   controller that this data source does not hold.
  package func plant(_ defect: PlantedDataSourceDefect, controller: AnyListCellController? = nil) {
    let features = dataSource.features
    switch defect {
    case .moveKeptBetweenRoots: features.moving.plantMoveKeptBetweenRoots()
    case .deferredSizeOfGoneController: if let controller { dataSource.deferredSizes.plant(controller) }
    case .workingRangeFlagWithoutMembership: features.workingRange.plantFlagWithoutMembership()
    case .selectionOfGoneItem, .mirrorAheadOfClears: features.interaction.plant(defect)
    case .expansionOfRowNotShown: features.outlines.plantShownRow()
    case .staleLeafNamesHashes: dataSource.shown.plantStaleNamesHashes()
    case .lookUpRememberedAtAnotherIndex:
      // The first item's identity, remembered at the second item's index.
      if dataSource.list.count > 1 { dataSource.shown.remember(1, of: dataSource.itemID(at: 0)) }
    case .controllerFoundAtAnotherIndex:
      // The first item's controller, noted at the second item's index.
      if dataSource.list.count > 1 { dataSource.controllers.note(dataSource.controller(at: 0), at: 1) }
    case .pinnedBlockBeyondItems:
      let end = dataSource.list.count
      dataSource.shown.plantPinnedBlock(PinnedItemRange(header: end..<end + 1, section: end..<end + 2, level: 0))
    case .loadingWithoutTask: features.loadingMore.plantLoadingWithoutTask()
    case .gridListsMiscounted: features.nestedLists.gridListsChanged(by: 1)
    case .sizedAsARowWithoutOne: features.nestedLists.plantWrongSizing()
    case .typeSelectPrefixWithoutTime: features.typeSelect.plantPrefixWithoutTime()
    case .nestedListOnScreenWithoutItsRow: features.nestedLists.plantNestedListOnScreenWithoutItsRow()
    case .accessibilityFocusOfGoneItem: features.accessibility.plantFocusOfGoneItem()
    }
  }
}

extension ListDiffDataSource {
  /// What ListDiffUITesting, the terminal library and the benchmark read of
  /// this data source and hook into. Not API.
  ///
  /// - Complexity: O(1).
  package var inspection: ListDiffInspection { ListDiffInspection(self) }
}

/// A broken state the tests plant in a data source, one rule each, to see
/// that its check names the part and the rule. Not API.
package enum PlantedDataSourceDefect: CaseIterable, Sendable {
  /// A drag's move kept after the root it was kept for.
  case moveKeptBetweenRoots
  /// A deferred size change of a controller the data source does not hold.
  case deferredSizeOfGoneController
  /// A controller flagged in the working range that the tracker does not list.
  case workingRangeFlagWithoutMembership
  /// A pinned header block beyond the list's items.
  case pinnedBlockBeyondItems
  /// Leaf name hashes kept for look-ups that are not the list's leaves'.
  case staleLeafNamesHashes
  /// A look-up by identity remembered at the index of another item (plant
  /// it on a list of at least two items).
  case lookUpRememberedAtAnotherIndex
  /// A controller remembered at the index of another item (plant it on a
  /// list of at least two items).
  case controllerFoundAtAnotherIndex
  /// A selected identity that names no item shown.
  case selectionOfGoneItem
  /// The collection's selection taken as mirrored after a clear that never
  /// happened.
  case mirrorAheadOfClears
  /// An outline row taken as shown expanded that the list does not show.
  case expansionOfRowNotShown
  /// An edge taken as loading with no handler running.
  case loadingWithoutTask
  /// A grid list counted that no grid row made.
  case gridListsMiscounted
  /// A list of an app's sizing its items as a carousel's.
  case sizedAsARowWithoutOne
  /// A type-to-select prefix with text but no time it was typed at.
  case typeSelectPrefixWithoutTime
  /// A carousel's or grid's list on screen while its row is not visible
  /// (plant it on a list with a grid below the viewport).
  case nestedListOnScreenWithoutItsRow
  /// VoiceOver's cursor on an item that is not shown.
  case accessibilityFocusOfGoneItem

  /// The rule the check names for it: the part, then the rule.
  package var brokenRule: InvariantViolation {
    switch self {
    case .moveKeptBetweenRoots:
      InvariantViolation("DragSession", "moves are kept only while a root is prepared")
    case .deferredSizeOfGoneController:
      InvariantViolation("DeferredSizes", "a deferred size belongs to a live controller")
    case .workingRangeFlagWithoutMembership:
      InvariantViolation("WorkingRangeTracker", "members holds every controller in the working range")
    case .staleLeafNamesHashes:
      InvariantViolation("ShownList", "the leaves' name hashes are those of the list's leaves")
    case .lookUpRememberedAtAnotherIndex:
      InvariantViolation("ShownList", "the look-up remembered names an item of the list")
    case .controllerFoundAtAnotherIndex:
      InvariantViolation("ControllerStore", "a controller found by index is the stored one of the item there")
    case .pinnedBlockBeyondItems:
      InvariantViolation("FlatList", "a pinned header block lies within its section, within the items")
    case .selectionOfGoneItem:
      InvariantViolation("ItemInteraction", "every selected identity names an item shown")
    case .mirrorAheadOfClears:
      InvariantViolation("ItemInteraction", "the mirror follows a clear of the collection's selection")
    case .expansionOfRowNotShown:
      InvariantViolation("OutlineExpansion", "shown holds exactly the rows shown expanded")
    case .loadingWithoutTask:
      InvariantViolation("LoadMoreTracker", "a task runs exactly while loading")
    case .gridListsMiscounted:
      InvariantViolation("ListNesting", "gridsWithLists counts the grid rows with lists")
    case .sizedAsARowWithoutOne:
      InvariantViolation("ListNesting", "only a nested list sizes its items as its row says")
    case .typeSelectPrefixWithoutTime:
      InvariantViolation("TypeSelectPrefix", "a prefix is timed exactly while it has text")
    case .nestedListOnScreenWithoutItsRow:
      InvariantViolation("NestedList", "a nested list is on screen only while its row is")
    case .accessibilityFocusOfGoneItem:
      InvariantViolation("AccessibilityState", "the accessibility focus names an item shown")
    }
  }
}

/// A leaf section of the list shown, as ListDiffUITesting plans a drag
/// over it. Not API.
package struct ShownSection: Sendable {
  /// The names that scope its items (what a `sectionPath` matches).
  package let names: [String]
  /// Its items' indexes in the list.
  package let items: Range<Int>
  /// Whether it is within a header or footer block (never moved onto).
  package let isHeaderOrFooter: Bool
  /// Whether it is within a header block, at any depth: its items head
  /// their section (VoiceOver's headings).
  package let isHeader: Bool
}

/// Where an item inside a carousel or a grid is: the row in the list, the
/// row's own data source, and the item's index path in it. Not API: what
/// ListDiffUITesting's `ListScreen` reaches those items through.
package struct NestedItemPath {
  /// The carousel's or grid's row in the list.
  package let row: IndexPath
  /// The row's own data source.
  package let list: ListDiffDataSource
  /// The item in the row's own collection view.
  package let item: IndexPath
}

/// What a person did to a carousel or a grid that its root does not say:
/// where a carousel is scrolled (its first visible item, and how far the
/// viewport's leading edge is past that item's), what in it is focused and
/// selected, what its controllers keep of their own (view state). Not API:
/// `fuzzList` gives a fresh screen the same.
package struct NestedListState {
  /// The carousel's or grid's row.
  package var row: ListItemID
  /// A carousel's first visible item and the viewport's distance past its
  /// leading edge; nil when nothing in it is visible, and for a grid.
  package var anchor: (item: ListItemID, distance: CGFloat)?
  /// The focused item.
  package var focus: ListItemID?
  /// The selected items.
  package var selection: Set<ListItemID>
  /// The items whose controllers' view state was set, with those controllers.
  package var viewStates: [(item: ListItemID, controller: AnyListCellController)]
}

/// A grid on screen, as an accessibility hierarchy shows it: a data table.
/// Not API (see `ListDiffInspection.gridsOnScreen`).
package struct GridOnScreen {
  /// The grid's row in the list.
  package var row: ListItemID
  /// The row's index in the list.
  package var index: Int
  /// The row's frame, in the list's content coordinates.
  package var frame: CGRect
  /// The grid's lines: its items over its columns, rounded up.
  package var rowCount: Int
  /// Its columns; fewer when it has fewer items than that.
  package var columnCount: Int
  /// The grid's own list, whose items are the grid's.
  package var list: ListDiffDataSource
}
