import Foundation
import HeadlessCollection
import ListDiff

/// Feeds a ``CollectionView`` from sections: flattens each new root, diffs it
/// against what is shown, applies the difference as one batch update, and
/// drives every item's ``ListCellController``.
///
/// Create one per collection view; it makes itself the collection view's
/// `dataSource` and `delegate` (set ``collectionViewDelegate`` to hear the
/// delegate calls too). Then describe the content and set it, as often as it
/// changes:
///
/// ```swift
/// let dataSource = ListDiffDataSource(collectionView: collectionView, contextObjects: logger)
/// dataSource.setRootSection(
///   CompositeSection(
///     ListSection<Header, HeaderController>(header),
///     ListSection<Todo, TodoController>(todos, id: "todos") { TodoViewModel(todo: $0) }))
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
  /// clamped, models filtered out, batches rejected. The default prints every
  /// one, warnings and notes, to standard error: something was left out of
  /// the list, and the developer should hear of it once per update. A screen
  /// that filters with transforms on purpose can set a handler that skips
  /// `.note`. Called on the main actor, while the update that found the
  /// problem is applied.
  public var diagnosticHandler: @MainActor (ListDiffDiagnostic) -> Void =
    ListDiffDataSource.printToStandardError

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

  // MARK: State shared by the extensions

  /// What the collection view shows: the last applied root, flattened.
  var list = FlatList()
  /// The keys of `list.items`, owned by whichever update is being prepared.
  let keyStore = KeyStore()
  /// Live controllers by item identity. Only items the collection view has
  /// asked about (or that were looked up) have one.
  var controllers: [ListItemKey: AnyListCellController] = [:]
  /// Item index by identity, built on demand and dropped at every update.
  var indexCache: [ListItemKey: Int]?
  var registeredReuseIdentifiers: Set<String> = []

  /// Roots waiting to be prepared, newest only, with every completion owed.
  var pendingRoot: PendingRoot?
  /// Whether a background task is preparing a root (asynchronous mode).
  var isPreparing = false
  /// Whether a root is being applied; a root set meanwhile waits its turn.
  var isApplying = false
  /// Set while the collection view is inside a data-source or delegate call
  /// (a layout pass): layout invalidations are deferred to its end.
  var collectionCallbackDepth = 0
  /// Controllers whose size must be invalidated once that is safe.
  var deferredInvalidations: [AnyListCellController] = []

  /// Controllers whose cells intersect / are inside the visible bounds.
  var appearedControllers: [AnyListCellController] = []
  var fullyAppearedControllers: [AnyListCellController] = []
  var layoutPass = 0
  var isUpdatingAppearance = false
  var needsAppearanceUpdate = false

  /// Creates a data source for `collectionView` and makes it the collection
  /// view's data source and delegate.
  ///
  /// - Parameters:
  ///   - collectionView: the collection view to feed; it should start empty.
  ///   - applyUpdatesAsync: flatten and diff roots on a background task,
  ///     applying them on the main actor.
  ///   - contextObjects: dependencies for the controllers, found by class
  ///     through ``AnyListCellController/context``.
  /// - Complexity: O(*k*) in the number of context objects.
  public init(
    collectionView: CollectionView, applyUpdatesAsync: Bool = false, contextObjects: AnyObject...
  ) {
    self.collectionView = collectionView
    self.applyUpdatesAsync = applyUpdatesAsync
    self.context = ListDiffContext(objects: contextObjects)
    collectionView.dataSource = self
    collectionView.delegate = self
    for name in context.duplicateClassNames {
      report(
        ListDiffDiagnostic(
          kind: .duplicateContextObject,
          message:
            "two context objects have the class \(name); controllers find only the first"))
    }
  }

  /// Prints a diagnostic to standard error as one line, `ListDiffUI: …`,
  /// with `(note)` after notes; the default ``diagnosticHandler``.
  ///
  /// - Complexity: O(*m*) in the message length.
  public static func printToStandardError(_ diagnostic: ListDiffDiagnostic) {
    let suffix = diagnostic.severity == .note ? " (note)" : ""
    FileHandle.standardError.write(Data((diagnostic.description + suffix + "\n").utf8))
  }

  func report(_ diagnostic: ListDiffDiagnostic) {
    diagnosticHandler(diagnostic)
  }

  // MARK: Setting the root

  /// Shows `section` (nil: nothing): diffs it against what is shown and
  /// applies the difference as one batch update.
  ///
  /// Without `applyUpdatesAsync`, the root is applied when this returns
  /// (unless called while another root is being applied, for example from a
  /// controller callback: it is then applied right after that one). With it,
  /// the root is flattened and diffed on a background task and applied later
  /// on the main actor; if newer roots arrive meanwhile only the newest is
  /// applied, never out of order, and every completion is called once, in
  /// order, when its root or a newer one has been applied.
  ///
  /// - Parameters:
  ///   - section: the new root.
  ///   - animate: whether the batch update is animated.
  ///   - completion: called on the main actor once the root (or a newer one)
  ///     is shown.
  /// - Complexity: O(*n* + *m*) for *n* old and *m* new items (flattening and
  ///   the diff), plus O(*c*) for *c* changes and the work of the cells on
  ///   screen.
  public func setRootSection(
    _ section: Section?, animate: Bool = false, completion: (@MainActor () -> Void)? = nil
  ) {
    enqueue(section, animate: animate, completion: completion)
    if applyUpdatesAsync {
      startPreparingIfIdle()
    } else if !isApplying {
      applyPendingRootsNow()
    }
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
  /// none is skipped. `section` runs on a background task. If the sequence
  /// throws, observing stops and a ``ListDiffDiagnostic/Kind/sequenceFailed``
  /// diagnostic is reported. The task holds the data source weakly and ends
  /// when it is deallocated.
  ///
  /// ```swift
  /// let observation = dataSource.observe(store.snapshots) { snapshot in
  ///   ListSection<Todo, TodoController>(snapshot.todos) { TodoViewModel(todo: $0) }
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
  public var itemCount: Int { list.items.count }

  /// The number of live controllers: items the collection view has sized or
  /// displayed (or that were looked up) and that still exist.
  ///
  /// - Complexity: O(1).
  public var cellControllerCount: Int { controllers.count }

  func itemIndex(forIdentifier identifier: String, sectionPath: [String]) -> Int? {
    let items = list.items
    let leaves = list.leaves
    for index in items.indices where items[index].key.identifier == identifier {
      if sectionPath.isEmpty
        || Self.names(leaves[items[index].leaf].scope.names, contain: sectionPath)
      {
        return index
      }
    }
    return nil
  }

  /// Whether `path` appears, in order, within `names`.
  static func names(_ names: [String], contain path: [String]) -> Bool {
    var remaining = path[...]
    for name in names where name == remaining.first {
      remaining.removeFirst()
      if remaining.isEmpty { return true }
    }
    return remaining.isEmpty
  }

  // MARK: Controllers

  /// The controller of the item at `index`, created if it has none yet.
  ///
  /// - Complexity: O(1) expected (one hash of the item's identity).
  func controller(at index: Int) -> AnyListCellController {
    let item = list.items[index]
    if let existing = controllers[item.key] { return existing }
    let leaf = list.leaves[item.leaf]
    let controller = leaf.controllerType.init(
      viewModel: item.viewModel, delegate: leaf.delegate, context: context)
    controller.host = self
    controller.itemKey = item.key
    controller.sectionScope = leaf.scope
    controllers[item.key] = controller
    return controller
  }

  /// The index of `controller`'s item, or nil if the item is gone.
  ///
  /// - Complexity: O(1) for a mounted controller; otherwise O(1) expected
  ///   after an O(*n*) index built once per update.
  func index(of controller: AnyListCellController) -> Int? {
    if let cell = controller.mountedListCell, let indexPath = collectionView.indexPath(for: cell),
      indexPath.item < list.items.count, list.items[indexPath.item].key == controller.itemKey
    {
      return indexPath.item
    }
    guard let key = controller.itemKey else { return nil }
    if indexCache == nil {
      var cache: [ListItemKey: Int] = [:]
      cache.reserveCapacity(list.items.count)
      for (index, item) in list.items.enumerated() { cache[item.key] = index }
      indexCache = cache
    }
    return indexCache?[key]
  }

  /// A controller's view state changed: configure its cell and re-size it.
  func controllerDidChangeState(_ controller: AnyListCellController) {
    guard let key = controller.itemKey, controllers[key] === controller else { return }
    if let cell = controller.mountedListCell, !controller.isConfiguring {
      controller.send(.configureCell, cell)
    }
    if isApplying || collectionCallbackDepth > 0 || isUpdatingAppearance {
      // Inside a batch or a layout pass: re-size once it is over.
      deferredInvalidations.append(controller)
      return
    }
    guard let index = index(of: controller) else { return }
    collectionView.invalidateLayout(forItemsAt: [IndexPath(item: index, section: 0)])
    collectionView.layoutIfNeeded()
  }

  /// Invalidates the sizes deferred during a batch or layout pass.
  /// Returns whether there were any.
  @discardableResult
  func flushDeferredInvalidations() -> Bool {
    guard !deferredInvalidations.isEmpty else { return false }
    let pending = deferredInvalidations
    deferredInvalidations = []
    var indexPaths: [IndexPath] = []
    for controller in pending {
      guard let key = controller.itemKey, controllers[key] === controller,
        let index = index(of: controller)
      else { continue }
      indexPaths.append(IndexPath(item: index, section: 0))
    }
    guard !indexPaths.isEmpty else { return false }
    collectionView.invalidateLayout(forItemsAt: indexPaths)
    return true
  }
}
