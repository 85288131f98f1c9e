import HeadlessCollection

/// What ListDiffUITesting and the benchmark read of a data source: counts,
/// controllers and identities by index. Not API.
extension ListDiffDataSource {
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
    inspection.controllersWithUpdatedViewState
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
    var outer = host.features.nestedLists.parent
    while let list = outer {
      if list === self { return host.controllers.isLive(controller) }
      outer = list.features.nestedLists.parent
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

  /// The identity of `controller`'s item, in this list or any other; nil
  /// for a controller not attached to an item. For tests.
  ///
  /// - Complexity: O(*d*) in the depth of the item's section.
  package static func itemID(of controller: AnyListCellController) -> ListItemID? {
    controller.itemID
  }

}

/// What ListDiffUITesting reads to explain a lookup that found nothing. Not API.
extension ListDiffDataSource {
  /// The identity of every item shown, in display order.
  ///
  /// - Complexity: O(*n* log *s*) for *n* items and *s* leaf sections.
  package var itemIdentities: [ListItemID] {
    (0..<list.count).map { itemID(at: $0) }
  }
}

extension ListDiffDataSource {
  /// The identity of the item at `index` in display order; nil for an
  /// index out of range.
  ///
  /// - Complexity: O(log *s*) for *s* leaf sections.
  package func itemIdentity(at index: Int) -> ListItemID? {
    guard index >= 0 && index < list.count else { return nil }
    return itemID(at: index)
  }
}

extension ListDiffDataSource {
  /// The running totals of the work the data source did (controllers,
  /// size requests, cells; the item and change counts stay zero), from
  /// which ListDiffUITesting counts the work of a scroll or a drag.
  package var workCounts: ListWorkCounts { tally.totals }
  /// The counts of the last root applied, nil before the first:
  /// what `ListScreen.lastUpdate` shows.
  package var lastUpdateCounts: ListWorkCounts? { tally.lastUpdate }
  /// How many applied roots were diffed leaf by leaf, and how many
  /// otherwise: the tests check that both ways are exercised.
  package var diffCounts: (leafwise: Int, wholeList: Int) { tally.diffs }
  /// See `ListDiffInspection.lifecycleObserver`.
  package var lifecycleObserver: (@MainActor (AnyListCellController, ListLifecycleEvent) -> Void)? {
    get { inspection.lifecycleObserver }
    set { inspection.lifecycleObserver = newValue }
  }
  /// See `ListDiffInspection.minimumAverageLeafCountForLeafwiseDiff`.
  package var minimumAverageLeafCountForLeafwiseDiff: Int {
    get { inspection.minimumAverageLeafCountForLeafwiseDiff }
    set { inspection.minimumAverageLeafCountForLeafwiseDiff = newValue }
  }
  /// The clock type-to-select reads, in seconds: tests replace it to type
  /// slowly without waiting.
  package var typeSelectClock: @MainActor () -> Double {
    get { features.typeSelect.clock }
    set { features.typeSelect.clock = newValue }
  }
  /// The number of `observe` tasks that have not ended.
  package var observationCount: Int { observations.count }
}

extension ListDiffDataSource {
  /// Breaks one rule on purpose, on a data source showing items with a
  /// controller: the tests of the checks plant each and read that the
  /// check names the part and the rule. Nothing may apply a root
  /// afterwards with checks on.
  ///
  /// - Parameter controller: for `.deferredSizeOfGoneController`, a
  ///   controller that this data source does not hold.
  package func plant(_ defect: PlantedDataSourceDefect, controller: AnyListCellController? = nil) {
    switch defect {
    case .moveKeptBetweenRoots: features.moving.plantMoveKeptBetweenRoots()
    case .deferredSizeOfGoneController: if let controller { deferredSizes.plant(controller) }
    case .workingRangeFlagWithoutMembership: features.workingRange.plantFlagWithoutMembership()
    case .selectionOfGoneItem, .mirrorAheadOfClears: features.interaction.plant(defect)
    case .expansionOfRowNotShown: features.outlines.plantShownRow()
    case .pinnedBlockBeyondItems:
      let end = list.count
      shown.plantPinnedBlock(PinnedItemRange(header: end..<end + 1, section: end..<end + 2, level: 0))
    case .loadingWithoutTask: features.loadingMore.plantLoadingWithoutTask()
    case .gridListsMiscounted: features.nestedLists.gridListsChanged(by: 1)
    case .sizedAsARowWithoutOne: features.nestedLists.plantWrongSizing()
    case .typeSelectPrefixWithoutTime: features.typeSelect.plantPrefixWithoutTime()
    case .nestedListOnScreenWithoutItsRow: features.nestedLists.plantNestedListOnScreenWithoutItsRow()
    case .accessibilityFocusOfGoneItem: features.accessibility.plantFocusOfGoneItem()
    }
  }
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

extension ListDiffDataSource {
  /// The leaf sections of the list shown, in order (empty ones included).
  ///
  /// - Complexity: O(*s* · *d*) in sections and their depth.
  package var shownSections: [ShownSection] {
    list.leaves.indices.map { leaf in
      let scope = list.leaves[leaf].scope
      return ShownSection(
        names: scope.names, items: list.range(ofLeaf: leaf), isHeaderOrFooter: scope.isHeaderOrFooter,
        isHeader: scope.isInHeader)
    }
  }
}
