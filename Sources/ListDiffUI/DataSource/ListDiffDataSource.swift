import Foundation
import HeadlessCollection
import ListDiff
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Feeds a ``/HeadlessCollection/CollectionView`` from sections: flattens each new root, diffs it
/// against what is shown, applies the difference as one batch update, and
/// drives every item's ``ListCellController``.
///
/// Create one per collection view and keep it: the collection view holds its
/// data source and delegate weakly, as UIKit's does, so a data source nobody
/// keeps is released at once and leaves the collection empty. It installs an
/// internal object as the collection view's `dataSource` and `delegate` (set
/// ``collectionViewDelegate`` to hear the delegate calls too). Then describe
/// the content and set it, as often as it changes:
///
/// ```swift
/// let dataSource = ListDiffDataSource(
///   collectionView: collectionView, contextObjects: logger)
/// dataSource.setRootSection(
///   CompositeSection(
///     ListSection<Header, HeaderController>(header),
///     ListSection<Todo, TodoController>(todos, id: "todos") {
///       TodoViewModel(todo: $0)
///     }))
/// ```
///
/// Every batch it applies is reported to ``updateHandler`` as a
/// ``ListDiffUpdate`` (deletes, inserts, moves and updates, as the
/// collection view received them), for logging or for keeping something else
/// in step with the collection.
///
/// Each root costs one flattening and one diff, O(*n*) in the number of items,
/// plus work for the cells on screen: controllers are created when the
/// collection view first asks for an item's size or cell, and only displayed
/// cells are configured. With `applyUpdatesAsync: true`, flattening and
/// diffing run on a background task and only the batch is applied on the main
/// actor; roots that arrive while one is being diffed are coalesced, the
/// newest winning.
@MainActor
public final class ListDiffDataSource {
  /// The collection view this data source feeds.
  public let collectionView: CollectionView

  /// Whether roots are flattened and diffed on a background task.
  public let applyUpdatesAsync: Bool

  /// The dependencies handed to every controller.
  public let context: ListDiffContext

  /// Receives the collection view's delegate calls after the data source has
  /// handled them (selection, display, scrolling, layout), and answers the
  /// layout's questions about insets and spacing.
  public weak var collectionViewDelegate: (any CollectionViewDelegateFlowLayout)?

  /// Receives every ``ListDiffDiagnostic``: duplicates dropped, sizes
  /// clamped, geometry sanitised, batches rejected (warnings), and models a
  /// transform left out (notes). The default, ``printWarningsToStandardError(_:)``,
  /// prints warnings only: leaving a model out by returning nil from a
  /// transform is ListDiffUI's documented way to hide a cell, so notes reach
  /// only a handler you set. Called on the main actor, while the update that
  /// found the problem is applied.
  public var diagnosticHandler: @MainActor (ListDiffDiagnostic) -> Void =
    ListDiffDataSource.printWarningsToStandardError

  /// Hears every batch update the data source applies, as a
  /// ``ListDiffUpdate``: once per applied root that changed anything, on the
  /// main actor, after the batch is applied and the collection view laid out
  /// (cells show the new root when it runs), before that root's completions,
  /// and in the order the roots were applied — in `applyUpdatesAsync` mode
  /// too.
  ///
  /// It is not called for a root equal to the one shown (same identities,
  /// equal view models: nothing to apply), nor for a root skipped because a
  /// newer one arrived while it waited in `applyUpdatesAsync` mode; the
  /// newer root's update then goes from what was shown to it. A batch the
  /// collection view rejected is reported as the reload that replaced it
  /// (``ListDiffUpdate/isReload``). View-state changes
  /// (``ListCellController/updateState(_:)``) re-size cells without a batch
  /// and are not reported. Default nil.
  ///
  /// A root set from inside the handler is applied after this one, and
  /// reported after it.
  ///
  /// - Complexity: free when nil. Otherwise O(1) per applied root plus the
  ///   handler's own work: the update shares the diff's index arrays
  ///   rather than copying them.
  public var updateHandler: (@MainActor (ListDiffUpdate) -> Void)?

  /// Hears every drag the user finished that moved an item (see
  /// ``AnyListCellController/canMove``), once, as a ``ListItemMove``: the
  /// list already shows the new order. Move the item in the model here and
  /// set a root as usual: a root that carries the move changes nothing on
  /// screen (no second move, no reconfigured cell), and one that does not
  /// puts the item back, as any root shows what it describes. A root set
  /// from inside the handler is applied after it returns. A drag that ends
  /// where it began is not reported; a root applied during a drag cancels
  /// the drag (the collection view's rule), which is then not reported
  /// either, so a reported move always names an item that exists — a root
  /// that changes only the sections around the items too (an empty section
  /// added, removed or reordered); one with the same items and sections
  /// leaves the drag going. Default nil.
  ///
  /// - Complexity: free when nil; otherwise the handler's own work.
  public var moveHandler: (@MainActor (ListItemMove) -> Void)?

  /// Whether a drag may take an item into another leaf section (a
  /// `ListSection`) shown by the same controller type. Default false: an
  /// item moves only within its own section. Either way an item never moves
  /// into a header or footer block, nor into a section that already has an
  /// item with its identifier; the drag is steered to the nearest place that
  /// is allowed. An item moved into another section keeps its controller,
  /// cell and view state (and the delegate it was created with), and is
  /// then identified within its new section.
  ///
  /// - Complexity: O(1).
  public var allowsMovingBetweenSections = false

  /// Hears every callback a controller is about to receive, in order: what
  /// ListDiffUITesting's lifecycle recorder is built on. Not API.
  package var lifecycleObserver: (@MainActor (AnyListCellController, ListLifecycleEvent) -> Void)?

  /// Hears the new ``selection`` after every change to it, once per
  /// change: a tap, ``select(_:)``, ``deselect(_:)``, ``selectAll()``, a
  /// key, a focus move with ``selectionFollowsFocus``, or a root that
  /// deleted selected items (before the ``updateHandler`` hears that
  /// root). On the main actor, as a callback: a root set from it is
  /// applied when it returns. Default nil.
  ///
  /// - Complexity: free when nil; otherwise the handler's own work.
  public var selectionHandler: (@MainActor (Set<ListItemID>) -> Void)?

  /// Hears each outline row whose expansion changed, with whether it is
  /// now expanded: after ``expand(_:)``, ``collapse(_:)`` or a key
  /// expanded or collapsed it (once its update is set), and, with `false`,
  /// for each expanded row a root no longer shows (it left the tree, or a
  /// collapsed ancestor hides it: it is forgotten) as that root is
  /// applied — so collapsing a row is heard after the rows it forgot. On
  /// the main actor, as a callback: a root set from it is applied when it
  /// returns. Default nil.
  ///
  /// - Complexity: free when nil; otherwise the handler's own work.
  public var expansionHandler: (@MainActor (ListItemID, Bool) -> Void)?

  /// Loads more when the viewport comes near an edge in ``loadMoreEdges``
  /// (Texture's batch fetching): called with the edge, on the main actor,
  /// once per approach, never while it runs for that edge, never after it
  /// returned ``ListLoadMoreResult/exhausted`` there, and after it threw
  /// only on ``retryLoadMore(_:)``. Set a root with what it loaded before
  /// returning ``ListLoadMoreResult/more``; while it runs (and after it
  /// threw) a row at the edge says "loading…" (or "failed — retry"). A
  /// list that grew while the viewport stays near the edge loads again, so
  /// a short first page fills the screen. Default nil.
  ///
  /// - Complexity: the handler's own work, plus one root applied when its
  ///   row comes and one when it goes.
  public var loadMoreHandler: (@MainActor (ListLoadMoreEdge) async throws -> ListLoadMoreResult)? {
    didSet { checkLoadMore() }
  }

  /// The clock type-to-select reads, in seconds: tests replace it to type
  /// slowly without waiting. Not API.
  package var typeSelectClock: @MainActor () -> Double = { ProcessInfo.processInfo.systemUptime }

  /// Hears what every applied root cost, as a ``ListUpdatePerformance``:
  /// how long flattening, diffing, the work on the main actor and the layout
  /// that followed took, and the work done in counts that do not depend on
  /// the machine (items, changes, controllers, size requests, cells). Once
  /// per applied root — a root equal to the one shown included, a root
  /// skipped for a newer one not — on the main actor, after the root is
  /// applied and laid out and before the ``updateHandler``; in both modes.
  /// Default nil.
  ///
  /// A root set from inside the handler is applied after this one.
  ///
  /// - Complexity: free when nil: no clock is read for it (the counts are
  ///   integer additions the data source makes anyway). Otherwise a few
  ///   clock reads per root, plus the handler's own work.
  public var performanceHandler: (@MainActor (ListUpdatePerformance) -> Void)?

  /// The running totals of the work the data source did (controllers,
  /// size requests, cells; the item and change counts stay zero), from
  /// which ListDiffUITesting counts the work of a scroll or a drag. Not API.
  package internal(set) var workCounts = ListWorkCounts()

  /// How many applied roots were diffed leaf by leaf, and how many
  /// otherwise: as whole lists, or not at all where a side was empty (see
  /// `FlatList.diff(from:minimumAverageLeafCount:)`). Not API: the tests
  /// check that both ways are exercised.
  package internal(set) var diffCounts = (leafwise: 0, wholeList: 0)

  /// The average number of items per section from which corresponding
  /// sections are diffed one by one rather than as whole lists (see
  /// `FlatList.prefersLeafwiseDiff(over:minimumAverageLeafCount:)`; 0:
  /// always). Not API: the tests and the benchmark lower it so that small
  /// sections take that way too; both ways give the same result.
  package var minimumAverageLeafCountForLeafwiseDiff = FlatList.defaultMinimumAverageLeafCount

  /// A mutant of the library, for the tests of `fuzzList`: an updated
  /// item's mounted cell is not reconfigured (its controller still gets
  /// the new view model). Never set outside those tests.
  package var mutantSkipsReconfiguringUpdatedCells = false

  /// The counts of the last root applied, nil before the first. Not API:
  /// what `ListScreen.lastUpdate` shows.
  package internal(set) var lastUpdateCounts: ListWorkCounts?

  // MARK: State, in parts with their own invariants

  /// What the collection view shows: the last applied root, flattened.
  var list = FlatList() {
    didSet {
      listGeneration &+= 1
      controllers.listDidChange()
      // Pinned header blocks are drawn by the collection view. During a
      // drag they are the drag's (the item moved into its shown place),
      // and a list can replace this one mid-drag only with the same
      // sections (`apply` cancels the drag otherwise): they stay.
      if !collectionView.isMovingItemInteractively
        && (!list.pinnedHeaders.isEmpty || !collectionView.pinnedItemRanges.isEmpty)
      {
        collectionView.pinnedItemRanges = list.pinnedHeaders
      }
    }
  }
  /// Counts the changes to `list`, so that what was read from one list (a
  /// drag's placement) is never used on another without being checked.
  var listGeneration = 0
  /// How many user moves have changed `list`: a root prepared in the
  /// background against an older count is diffed again against the list
  /// shown before it is applied.
  var movesShown = 0
  /// The items moved by the user while a root was being prepared in the
  /// background, as their keys after the move: that root was set before
  /// the drop, and deleting one of them is reported. Empty whenever no root
  /// is being prepared (appended only then, emptied when the root is
  /// applied).
  var movedWhilePreparing: [ListItemKey] = []
  /// Where the drag under way last took its item (set by the target hook):
  /// which section it joins at that place, which the index alone does not
  /// tell. Read when the drag ends; replaced when the next drag begins.
  /// Invariant: read only while its `listGeneration` is `listGeneration`,
  /// the list whose indexes it holds (see `currentDragPlacement`).
  var dragPlacement: DragPlacement?
  /// The view models of the list the last root replaced, released on the
  /// main actor's next turn.
  var replacedViewModels = ReplacedViewModels()
  /// When roots are applied, and the callbacks now on the stack.
  var scheduler = RootScheduler()
  /// The live controllers, by item identity.
  var controllers = ControllerStore()
  /// Which controllers' cells are visible.
  var appearance = AppearanceTracker()
  /// Which controllers are in the working range.
  var workingRange = WorkingRangeTracker()
  /// The selection, focus and type-to-select prefix, by identity.
  var interaction = ItemInteraction()
  /// The edges more is loaded at (`loadMoreEdges`).
  var loadMoreEdgesStorage: ListLoadMoreEdges = []
  /// Each edge's loading state.
  var loadMore = LoadMoreTracker()
  /// The last root applied, as the app set it (without loading rows): set
  /// again when a loading row comes or goes.
  var shownRootSection: Section?
  /// The last root set, applied or not: flattened again when an outline
  /// row is expanded or collapsed.
  var newestRootSection: Section?
  /// Which outline rows are expanded, by identity.
  var outlineExpansion = OutlineExpansion()
  /// Controllers whose view state changed while the collection view could
  /// not be changed (inside a batch or a layout pass): re-sized once it can.
  var deferredInvalidations: [AnyListCellController] = []
  /// Whether `drain()` is laying out the sizes it invalidated, and whether
  /// a drain nested in that layout owes another (see
  /// `layOutInvalidatedSizes()`). `.idle` whenever no such layout is on
  /// the stack.
  var drainLayout = DrainLayout.idle
  /// The tasks `observe` started, cancelled when the data source goes.
  var observations = ObservationTasks()
  /// The list this one is nested in (a carousel's), if any.
  var nesting = ListNesting()
  /// The reuse identifiers registered with the collection view.
  var registeredReuseIdentifiers: Set<String> = []
  /// The collection view's data source and delegate: kept here, since the
  /// collection view holds it weakly.
  private var adapter: CollectionAdapter?

  /// Creates a data source for `collectionView` and installs its internal
  /// object as the collection view's data source and delegate (held weakly
  /// by the collection view: keep the data source), and, unless they are
  /// set, the collection view's `invalidGeometryHandler` and
  /// `misuseHandler`, which report through ``diagnosticHandler``.
  ///
  /// - Parameters:
  ///   - collectionView: the collection view to feed; it should start empty.
  ///   - applyUpdatesAsync: flatten and diff roots on a background task,
  ///     applying them on the main actor.
  ///   - contextObjects: dependencies for the controllers, found by class
  ///     through ``AnyListCellController/context``.
  ///   - diagnosticHandler: the first ``diagnosticHandler``: it hears the
  ///     diagnostics reported while the data source is created (two context
  ///     objects of one class), which a handler set afterwards misses.
  /// - Complexity: O(*k*) in the number of context objects.
  public convenience init(
    collectionView: CollectionView, applyUpdatesAsync: Bool = false, contextObjects: AnyObject...,
    diagnosticHandler: @escaping @MainActor (ListDiffDiagnostic) -> Void =
      ListDiffDataSource.printWarningsToStandardError
  ) {
    self.init(
      collectionView: collectionView, applyUpdatesAsync: applyUpdatesAsync,
      contextObjectList: contextObjects, diagnosticHandler: diagnosticHandler)
  }

  /// The initializer above with the objects in an array, which a variadic
  /// parameter cannot forward (ListDiffUITesting's `ListScreen` does). Not API.
  package init(
    collectionView: CollectionView, applyUpdatesAsync: Bool, contextObjectList: [AnyObject],
    diagnosticHandler: @escaping @MainActor (ListDiffDiagnostic) -> Void
  ) {
    self.collectionView = collectionView
    self.applyUpdatesAsync = applyUpdatesAsync
    self.diagnosticHandler = diagnosticHandler
    self.context = ListDiffContext(objects: contextObjectList)
    let adapter = CollectionAdapter(owner: self)
    self.adapter = adapter
    collectionView.dataSource = adapter
    collectionView.delegate = adapter
    collectionView.layoutDidFinish = { [weak self] in self?.collectionViewDidFinishLayout() }
    collectionView.programmaticDeselection = { [weak self] indexPath in
      guard let self else { return }
      collectionViewDidChangeSelection(false, at: listIndex(ofShown: indexPath.item))
    }
    if collectionView.invalidGeometryHandler == nil {
      // Geometry the collection view had to replace reaches the diagnostic
      // handler with everything else (a handler set on the collection view
      // before is left in place).
      collectionView.invalidGeometryHandler = { [weak self] issue in
        self?.report(ListDiffDiagnostic(kind: .invalidGeometry, message: issue.description))
      }
    }
    if collectionView.misuseHandler == nil {
      // So is a misuse the collection view recovered from.
      collectionView.misuseHandler = { [weak self] misuse in
        self?.report(ListDiffDiagnostic(kind: .collectionViewMisuse, message: misuse.description))
      }
    }
    for name in context.duplicateClassNames {
      report(
        ListDiffDiagnostic(
          kind: .duplicateContextObject,
          message:
            "two context objects have the class \(name); controllers find only the first"))
    }
  }

  /// Prints a diagnostic to standard error as one line, `ListDiffUI: …`,
  /// with `(note)` after notes.
  ///
  /// - Complexity: O(*m*) in the message length.
  public static func printToStandardError(_ diagnostic: ListDiffDiagnostic) {
    let suffix = diagnostic.severity == .note ? " (note)" : ""
    FileHandle.standardError.write(Data((diagnostic.description + suffix + "\n").utf8))
  }

  /// Prints warnings with ``printToStandardError(_:)`` and ignores notes;
  /// the default ``diagnosticHandler``.
  ///
  /// - Complexity: O(*m*) in the message length.
  public static func printWarningsToStandardError(_ diagnostic: ListDiffDiagnostic) {
    guard diagnostic.severity == .warning else { return }
    printToStandardError(diagnostic)
  }

  func report(_ diagnostic: ListDiffDiagnostic) {
    callingOut { diagnosticHandler(diagnostic) }
  }

  isolated deinit {
    observations.cancelAll()
    loadMore.cancelAll()
    // Unhooked before any user code runs: a `willUnmount` below that
    // touches the collection view (lays it out, selects, reloads) must not
    // reach this data source through the adapter, whose reference to it is
    // unowned and would trap now. The collection view is left without a data
    // source, empty at its next layout, as when nobody keeps the data source.
    if collectionView.dataSource === adapter { collectionView.dataSource = nil }
    if collectionView.delegate === adapter { collectionView.delegate = nil }
    collectionView.layoutDidFinish = nil
    collectionView.programmaticDeselection = nil
    // Every mounted controller hears `willUnmount` once the data source lets
    // go of the collection view.
    for controller in controllers.removeAll() {
      if let cell = controller.mountedListCell {
        unmount(controller, from: cell)
      }
      controller.didLeaveList()
      controllers.detach(controller)
    }
  }
}
