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

  /// Hears every callback a controller is about to receive, in order: what
  /// ListDiffUITesting's lifecycle recorder is built on. Not API.
  package var lifecycleObserver: (@MainActor (AnyListCellController, ListLifecycleEvent) -> Void)?

  // MARK: State, in parts with their own invariants

  /// What the collection view shows: the last applied root, flattened.
  var list = FlatList() {
    didSet { controllers.listDidChange() }
  }
  /// How long flattening the last root applied took, so that
  /// `listdiff-bench` can tell the cost of the user's description from the
  /// framework's in the very same update. Not API.
  package internal(set) var lastFlattenDuration: Duration = .zero
  /// The view models of the list the last root replaced, released on the
  /// main actor's next turn.
  var replacedViewModels = ReplacedViewModels()
  /// When roots are applied, and the callbacks now on the stack.
  var scheduler = RootScheduler()
  /// The live controllers, by item identity.
  var controllers = ControllerStore()
  /// Which controllers' cells are visible.
  var appearance = AppearanceTracker()
  /// Controllers whose view state changed while the collection view could
  /// not be changed (inside a batch or a layout pass): re-sized once it can.
  var deferredInvalidations: [AnyListCellController] = []
  /// The reuse identifiers registered with the collection view.
  var registeredReuseIdentifiers: Set<String> = []
  /// The collection view's data source and delegate: kept here, since the
  /// collection view holds it weakly.
  private var adapter: CollectionAdapter?

  /// Creates a data source for `collectionView` and installs its internal
  /// object as the collection view's data source and delegate (held weakly
  /// by the collection view: keep the data source), and, unless one is set,
  /// the collection view's `invalidGeometryHandler`.
  ///
  /// - Parameters:
  ///   - collectionView: the collection view to feed; it should start empty.
  ///   - applyUpdatesAsync: flatten and diff roots on a background task,
  ///     applying them on the main actor.
  ///   - contextObjects: dependencies for the controllers, found by class
  ///     through ``AnyListCellController/context``.
  /// - Complexity: O(*k*) in the number of context objects.
  public convenience init(
    collectionView: CollectionView, applyUpdatesAsync: Bool = false, contextObjects: AnyObject...
  ) {
    self.init(collectionView: collectionView, applyUpdatesAsync: applyUpdatesAsync, contextObjectList: contextObjects)
  }

  /// The initializer above with the objects in an array, which a variadic
  /// parameter cannot forward (ListDiffUITesting's `ListScreen` does). Not API.
  package init(collectionView: CollectionView, applyUpdatesAsync: Bool, contextObjectList: [AnyObject]) {
    self.collectionView = collectionView
    self.applyUpdatesAsync = applyUpdatesAsync
    self.context = ListDiffContext(objects: contextObjectList)
    let adapter = CollectionAdapter(owner: self)
    self.adapter = adapter
    collectionView.dataSource = adapter
    collectionView.delegate = adapter
    collectionView.layoutDidFinish = { [weak self] in self?.collectionViewDidFinishLayout() }
    if collectionView.invalidGeometryHandler == nil {
      // Geometry the collection view had to replace reaches the diagnostic
      // handler with everything else (a handler set on the collection view
      // before is left in place).
      collectionView.invalidGeometryHandler = { [weak self] issue in
        self?.report(ListDiffDiagnostic(kind: .invalidGeometry, message: issue.description))
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

  // MARK: Setting the root

  /// Shows `section` (nil: nothing): diffs it against what is shown and
  /// applies the difference as one batch update.
  ///
  /// Without `applyUpdatesAsync`, the root is applied when this returns —
  /// unless it is set from inside a callback of this data source (a
  /// controller hook, `itemSize`, the ``updateHandler``, a completion, a
  /// delegate method) or while another root is applied: it then waits and is
  /// applied right after the current work. With `applyUpdatesAsync`, the
  /// root is flattened and diffed on a background task and applied later on
  /// the main actor. Either way roots are applied in the order they were
  /// set; a root that is still waiting when a newer one is set is skipped
  /// (the newer one replaces it), and every completion is called once, in
  /// the order the roots were set, when its root or a newer one is shown.
  /// The view models of the root a new one replaces are released on the main
  /// actor's next turn, or when the next root is applied if that is sooner.
  ///
  /// - Parameters:
  ///   - section: the new root.
  ///   - animate: whether the batch update is animated.
  ///   - completion: called on the main actor once the root (or a newer one)
  ///     is shown.
  /// - Complexity: O(*n* + *m*) for *n* old and *m* new items (flattening and
  ///   the diff; when items are inserted, one hash of every new item's
  ///   identity to find repeats), plus O(*c*) for *c* changes and the work
  ///   of the cells on screen.
  public func setRootSection(
    _ section: Section?, animate: Bool = false, completion: (@MainActor () -> Void)? = nil
  ) {
    scheduler.enqueue(section, animate: animate, completion: completion)
    applyWaitingRoots()
  }

  /// Shows `section` and returns once it, or a newer root, is shown.
  ///
  /// - Complexity: as ``setRootSection(_:animate:completion:)``.
  public func setRootSection(_ section: Section?, animate: Bool = false) async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
      setRootSection(section, animate: animate) { continuation.resume() }
    }
  }

  /// Shows every element of `sequence`, in order, as the root `section`
  /// makes of it, until the sequence ends or the returned task is cancelled.
  ///
  /// Each element's root is applied before the next element is requested, so
  /// none is skipped. `section` runs on a background task, not on the main
  /// actor (it is `@Sendable`; a `@MainActor` closure does not compile): build
  /// the sections there from the element alone. If the sequence throws,
  /// observing stops and a ``ListDiffDiagnostic/Kind/sequenceFailed``
  /// diagnostic is reported. The task holds the data source weakly: releasing
  /// the data source ends the observation (the task stops waiting for the
  /// sequence and finishes), so an observation never keeps a screen alive.
  ///
  /// ```swift
  /// let observation = dataSource.observe(store.snapshots) { snapshot in
  ///   ListSection<Todo, TodoController>(snapshot.todos) {
  ///     TodoViewModel(todo: $0)
  ///   }
  /// }
  /// ```
  ///
  /// - Complexity: that of ``setRootSection(_:animate:completion:)`` per element.
  @discardableResult
  public func observe<S: AsyncSequence & Sendable>(
    _ sequence: S, animate: Bool = false,
    section: @escaping @Sendable (S.Element) -> Section?
  ) -> Task<Void, Never> where S.Element: Sendable {
    Task.detached { [weak self] in
      var iterator = sequence.makeAsyncIterator()
      do {
        while !Task.isCancelled, let element = try await iterator.next() {
          let root = section(element)
          guard !Task.isCancelled, let dataSource = self else { return }
          await dataSource.setRootSection(root, animate: animate)
        }
      } catch {
        guard let dataSource = self else { return }
        await dataSource.report(
          ListDiffDiagnostic(
            kind: .sequenceFailed,
            message: "the observed sequence threw \(error); no further roots are shown from it"))
      }
    }
  }

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

  func itemIndex(forIdentifier identifier: String, sectionPath: [String]) -> Int? {
    let keys = list.keys
    for index in keys.indices where keys[index].identifier == identifier {
      if sectionPath.isEmpty
        || Self.names(list.leaf(ofItem: index).scope.names, contain: sectionPath)
      {
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

  // MARK: Calling out

  /// Runs user code (a controller hook, a handler, a completion) or a
  /// collection-view callback: roots it sets wait until it returns, and the
  /// waiting ones are applied when the outermost such call returns at a
  /// point where the collection view can take a batch.
  ///
  /// With `appliesWhenDone` false the waiting roots stay for the layout pass
  /// that follows (the collection view is in the middle of an operation that
  /// is not a layout pass: `scrollViewDidScroll` comes between the new
  /// offset and the layout for it).
  func callingOut<Result>(appliesWhenDone: Bool = true, _ body: () throws -> Result) rethrows
    -> Result
  {
    scheduler.enterCallback()
    defer {
      scheduler.exitCallback()
      if appliesWhenDone && scheduler.callbackDepth == 0 && !collectionView.isPerformingLayout {
        applyWaitingRoots()
        flushDeferredInvalidationsIfPossible()
      }
    }
    return try body()
  }

  /// The collection view finished a layout pass and can take changes:
  /// apply what waited for it, unless a callback of ours is still running
  /// (its end does it).
  func collectionViewDidFinishLayout() {
    guard scheduler.callbackDepth == 0 else { return }
    applyWaitingRoots()
    flushDeferredInvalidationsIfPossible()
  }

  // MARK: Controllers

  /// The controller of the item at `index`, created if it has none yet.
  ///
  /// - Complexity: O(1) expected (one hash of the item's identity), plus
  ///   O(log *s*) in the number of leaf sections when it is created.
  func controller(at index: Int) -> AnyListCellController {
    let key = list.keys[index]
    if let existing = controllers[key] { return existing }
    let leaf = list.leaf(ofItem: index)
    let controller = callingOut {
      leaf.controllerType.init(
        viewModel: list.viewModels[index], delegate: leaf.delegate, context: context)
    }
    controller.host = self
    controller.itemKey = key
    controller.sectionScope = leaf.scope
    controllers.insert(controller, for: key)
    return controller
  }

  /// The index of `controller`'s item, or nil if the item is gone.
  ///
  /// - Complexity: O(1) for a controller whose cell is on screen; otherwise
  ///   O(1) expected after an O(*n*) index built once per update.
  func index(of controller: AnyListCellController) -> Int? {
    guard let key = controller.itemKey, controllers.isLive(controller) else { return nil }
    if let cell = controller.mountedListCell, let indexPath = collectionView.indexPath(for: cell),
      indexPath.item < list.count, list.keys[indexPath.item] == key
    {
      return indexPath.item
    }
    return controllers.index(of: key, in: list.keys)
  }

  /// A controller's view state changed: configure its cell and re-size it,
  /// now if the collection view can take it, else once it can.
  func controllerDidChangeState(_ controller: AnyListCellController) {
    guard controllers.isLive(controller) else { return }
    if let cell = controller.mountedListCell, !controller.isConfiguring {
      configure(controller, cell)
    }
    deferredInvalidations.append(controller)
    flushDeferredInvalidationsIfPossible()
  }

  /// Re-sizes the items whose state changed, if the collection view can be
  /// changed now (no batch, layout pass, or callback of ours under way).
  func flushDeferredInvalidationsIfPossible() {
    guard !deferredInvalidations.isEmpty, !scheduler.isBusy, !appearance.isRunning,
      !collectionView.isPerformingLayout
    else { return }
    if invalidateDeferredSizes() {
      collectionView.layoutIfNeeded()
    }
  }

  /// Invalidates the sizes deferred during a batch or layout pass (inside a
  /// batch, the collection view takes index paths from before the update,
  /// which `list` then still describes). Returns whether there were any.
  @discardableResult
  func invalidateDeferredSizes() -> Bool {
    guard !deferredInvalidations.isEmpty else { return false }
    let pending = deferredInvalidations
    deferredInvalidations = []
    var indexPaths: [IndexPath] = []
    for controller in pending {
      guard let index = index(of: controller) else { continue }
      indexPaths.append(IndexPath(item: index, section: 0))
    }
    guard !indexPaths.isEmpty else { return false }
    collectionView.invalidateLayout(forItemsAt: indexPaths)
    return true
  }

  isolated deinit {
    // Every mounted controller hears `willUnmount` once the data source lets
    // go of the collection view.
    for controller in controllers.removeAll() {
      if let cell = controller.mountedListCell {
        unmount(controller, from: cell)
      }
      controller.host = nil
    }
  }
}
