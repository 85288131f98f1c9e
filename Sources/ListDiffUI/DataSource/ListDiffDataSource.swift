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
  ///
  /// - Complexity: O(1) to read or set. (Unchecked for exclusive access at
  ///   run time: it is read for each cell a scroll shows and hides, and no
  ///   access to it is ever long enough to overlap another.)
  @exclusivity(unchecked) public weak var collectionViewDelegate: (any CollectionViewDelegateFlowLayout)?

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

  // MARK: State, in parts with their own invariants

  // The parts a scroll reaches at every cell's callbacks are
  // `@exclusivity(unchecked)`: the runtime's check of each access (a
  // thread-local table searched and written per access) was a fifth of a
  // scroll's cost. What makes that sound is that each is a plain value
  // whose methods call no user code and take no closure that could reach
  // the data source again, so no access to one can overlap another. The
  // list shown is lent to readers that call out while they read it, so it
  // keeps its checks.

  /// What the collection view shows: the last applied root, flattened.
  /// Changed only through `show(_:)` and the drag's drop.
  var shown = ShownList()
  /// The live controllers, by item identity.
  @exclusivity(unchecked) var controllers = ControllerStore()
  /// Which controllers' cells are visible.
  @exclusivity(unchecked) var appearance = AppearanceTracker()
  /// When roots are applied, and the callbacks now on the stack.
  @exclusivity(unchecked) var scheduler = RootScheduler()
  /// The roots set and applied, and the view models of the list the last
  /// one replaced (released on the main actor's next turn).
  var history = RootHistory()
  /// Controllers whose sizes wait for the collection view to take them.
  @exclusivity(unchecked) var deferredSizes = DeferredSizes()
  /// The work done so far, counted.
  @exclusivity(unchecked) var tally = WorkTally()
  /// The tasks `observe` started, cancelled when the data source goes.
  var observations = ObservationTasks()
  /// The features that join the data source's lifecycle, each with its
  /// own parts (see `ListFeature`): made with the data source.
  private(set) lazy var features = ListFeatures(self)
  /// The observers and settings the tests and the benchmark hook in
  /// (through `inspection`).
  let hooks = InspectionHooks()
  /// The cell classes dequeued and registered with the collection view.
  @exclusivity(unchecked) var cellClasses = CellClasses()
  /// The collection view's data source and delegate: kept here, since the
  /// collection view holds it weakly.
  private(set) lazy var adapter = CollectionAdapter(owner: self)
  /// What the data source's closures and tasks hold instead of a weak
  /// reference to it, which would give it a side table: it is retained and
  /// released several times for every cell a scroll shows (see
  /// `BackReference`). Cleared first thing in `deinit`.
  package private(set) lazy var backReference = BackReference(self)

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
    _ = features
    collectionView.dataSource = adapter
    collectionView.delegate = adapter
    let reference = backReference
    collectionView.layoutDidFinish = { reference.object?.collectionViewDidFinishLayout() }
    collectionView.programmaticDeselection = { indexPath in
      reference.object?.features.interaction.collectionViewDidChangeSelection(false, atShown: indexPath.item)
    }
    if collectionView.invalidGeometryHandler == nil {
      // Geometry the collection view had to replace reaches the diagnostic
      // handler with everything else (a handler set on the collection view
      // before is left in place).
      collectionView.invalidGeometryHandler = { issue in
        reference.object?.report(ListDiffDiagnostic(kind: .invalidGeometry, message: issue.description))
      }
    }
    if collectionView.misuseHandler == nil {
      // So is a misuse the collection view recovered from.
      collectionView.misuseHandler = { misuse in
        reference.object?.report(ListDiffDiagnostic(kind: .collectionViewMisuse, message: misuse.description))
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
    backReference.clear()
    scheduler.close()
    observations.cancelAll()
    features.loadingMore.cancelAll()
    // Unhooked before any user code runs: a `willUnmount` below that
    // touches the collection view (lays it out, selects, reloads) must not
    // reach this data source through the adapter, whose reference to it is
    // unowned and would trap now. The collection view is left without a data
    // source, empty at its next layout, as when nobody keeps the data source.
    if collectionView.dataSource === adapter { collectionView.dataSource = nil }
    if collectionView.delegate === adapter { collectionView.delegate = nil }
    collectionView.layoutDidFinish = nil
    collectionView.programmaticDeselection = nil
    // Every controller is cut off before any callback runs: its `host` is
    // not weak (see `ControllerPlacement`), and must read nil from now on,
    // as a weak reference to a data source going away would.
    let left = controllers.removeAll()
    for controller in left { controllers.detach(controller) }
    // Every mounted controller hears `willUnmount` once the data source lets
    // go of the collection view.
    for controller in left {
      if let cell = controller.mountedListCell {
        unmount(controller, from: cell)
      }
      controller.didLeaveList()
    }
  }
}
