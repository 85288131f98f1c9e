import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITerminal

/// The to-do list on screen: a headless collection view, the data source
/// that keeps it in step with the store (``start()``: every snapshot
/// becomes the root section of ``ToDoSections``), and what a finger would
/// do: scroll, tap (``select(number:)``), drag (``drag(id:by:)``), focus
/// (``focus(id:)``) and expand an item through its controller's view
/// state. Nothing is drawn by hand: every frame is the collection view's
/// `renderText()`, with the pinned headers it draws. The data source
/// anchors the viewport to what is on screen (`scrollAnchor =
/// .visibleContent`): an item added or removed above it does not move it.
@MainActor
public final class ToDoScreen {
  /// The terminal library's screen for the list: the collection view at
  /// the viewport's size, its frames as text, and (full screen) keys,
  /// clicks, the status line and overlays.
  public let terminal: TerminalScreen
  /// The headless collection view the list is laid out in.
  public var collectionView: CollectionView { terminal.collectionView }
  /// The data source that diffs each snapshot's sections into the
  /// collection view.
  public let dataSource: ListDiffDataSource
  /// The screen's width in characters; see ``resize(width:)``.
  public var width: Int { terminal.size.width }
  /// The viewport's height in lines; see ``resize(width:height:)``.
  public var height: Int { terminal.size.height }
  /// Lines at the bottom of the viewport that something else covers (the
  /// full screen's footer): the collection view's bottom content inset, so
  /// the list scrolls clear of them and scrolling keeps items above them.
  public let coveredLines: Int
  /// Whether the list ends with the commands (script and line mode) or not
  /// (the full screen, which lists its keys itself).
  public let showsCommands: Bool
  /// Whether the cells are drawn plain, for a screen reader (see
  /// ``ToDoLines``): `todo --screen-reader`.
  public let isPlain: Bool

  private let store: ToDoStore
  private let timeZone: TimeZone
  private let rendered = RenderedRevisions()
  private var observation: Task<Void, Never>?
  /// Store changes started by taps and not yet awaited.
  private var pendingTaps: [Task<ToDoError?, Never>] = []
  /// Store moves started by finished drags (the data source's
  /// `moveHandler`) and not yet awaited.
  private var pendingMoves: [Task<ToDoError?, Never>] = []
  /// The items the user expanded. A controller lives only while its item
  /// is on the list, and a search or filter that hides an item ends it;
  /// the screen remembers the expansion so that the item comes back
  /// expanded (see ``waitUntilShown(_:)``).
  private var expandedIDs: Set<String> = []
  /// Hears an item's action chosen from its menu (the full screen's Tab)
  /// with the item's id; nil ignores them. The handler runs as the data
  /// source's callback: it may start work, not wait for it.
  public var actionHandler: (@MainActor (ToDoItemAction, _ id: String) -> Void)?

  /// A screen `width` characters wide showing `height` lines of `store`'s
  /// list, with dates in `timeZone`, ending with the commands when
  /// `showsCommands`; the last `coveredLines` are left to whoever covers
  /// them. With `estimatesSizes`, items are laid out at a one-line
  /// estimate until they come near the viewport (the layout's
  /// `estimatedItemSize`), so a long list opens without sizing every item;
  /// scroll positions then follow the sizes found, so printed frames, which
  /// state their line numbers, keep it off. With `plain`, every cell is
  /// drawn plain for a screen reader. `applyUpdatesAsync` is the data
  /// source's (roots flattened and diffed on a background task). Nothing
  /// is shown until ``start()``. O(1).
  public init(
    store: ToDoStore, width: Int, height: Int, timeZone: TimeZone = .current, showsCommands: Bool = true,
    coveredLines: Int = 0, estimatesSizes: Bool = false, plain: Bool = false, applyUpdatesAsync: Bool = false
  ) {
    self.store = store
    self.coveredLines = coveredLines
    self.showsCommands = showsCommands
    isPlain = plain
    self.timeZone = timeZone
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    // Most cells are one line: a long list is laid out at that estimate and
    // only the items near the viewport are asked their real size.
    if estimatesSizes { layout.estimatedItemSize = Self.estimatedItemSize(width: width) }
    let collectionView = CollectionView(frame: .zero, collectionViewLayout: layout)
    collectionView.contentInset = EdgeInsets(top: 0, left: 0, bottom: CGFloat(coveredLines), right: 0)
    dataSource = ListDiffDataSource(collectionView: collectionView, applyUpdatesAsync: applyUpdatesAsync)
    terminal = TerminalScreen(dataSource: dataSource, size: TerminalSize(width: width, height: height))
    // An insert or delete above the viewport, or sizes resolved from the
    // estimate, leave the first item on screen where it is.
    dataSource.scrollAnchor = .visibleContent
    dataSource.moveHandler = { [weak self] move in self?.userMoved(move) }
  }

  /// Starts rendering every snapshot the store publishes, until the store
  /// finishes its stream. Call once. O(1).
  public func start() {
    precondition(observation == nil, "ToDoScreen.start() called twice")
    let timeZone = timeZone
    let showsCommands = showsCommands
    let plain = isPlain
    let delegate = WeakAnyObject(object: self)
    observation = dataSource.observe(SnapshotsShown(store.snapshots, reportingTo: rendered)) { snapshot in
      ToDoSections.root(
        for: snapshot, timeZone: timeZone, showsCommands: showsCommands, plain: plain, delegate: delegate)
    }
  }

  /// Returns once the store's revision `revision` (or a later one) is on
  /// screen, or the store's stream has ended.
  public func waitUntilShown(_ revision: Int) async {
    await rendered.waitUntilShown(revision)
    restoreExpansion()
  }

  /// Expands again the remembered items whose controllers were made anew
  /// (collapsed) since. O(remembered items).
  private func restoreExpansion() {
    for id in expandedIDs {
      guard let controller = itemController(id: id), !controller.viewState.isExpanded else { continue }
      var state = controller.viewState
      state.isExpanded = true
      controller.updateState(state)
    }
  }

  /// Returns once the store's stream has ended and the last snapshot is on
  /// screen.
  public func waitUntilFinished() async {
    await observation?.value
  }

  /// The viewport as text: `collectionView.renderText()` with trailing
  /// spaces and empty trailing lines removed. O(visible cells × width).
  public func frame() -> String {
    var lines = self.lines()
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// The viewport as exactly ``height`` lines, as ``terminal`` draws them
  /// (`collectionView.renderText()`, trailing spaces trimmed).
  /// O(visible cells × width).
  public func lines() -> [String] {
    terminal.frame().lines
  }

  /// Which lines of the list the viewport shows, 1-based and inclusive, and
  /// how many there are; `nil` when the whole list fits. O(1).
  public var visibleLines: (first: Int, last: Int, total: Int)? {
    let total = Int(collectionView.contentSize.height)
    let height = max(1, height - coveredLines)
    guard total > height else { return nil }
    let first = Int(collectionView.contentOffset.y)
    return (first + 1, min(total, first + height), total)
  }

  /// Changes the screen's width, keeping its height. O(n) in the items.
  public func resize(width: Int) {
    resize(width: width, height: height)
  }

  /// Changes the screen's width and height, as when a full-screen terminal
  /// is resized (``terminal`` takes the size, and the collection view
  /// unless it is under the terminal's minimum), and keeps the focused item
  /// in view. O(n) in the items when the width changes, else O(visible
  /// cells).
  public func resize(width: Int, height: Int) {
    // The estimate first: the terminal's resize then lays out once and
    // shows the focused item where it stays.
    let size = TerminalSize(width: width, height: height)
    let minimum = terminal.minimumSize
    let fits = size.width >= minimum.width && size.height >= minimum.height
    let layout = collectionView.collectionViewLayout
    let estimate = Self.estimatedItemSize(width: fits ? width : Int(collectionView.frame.width))
    let estimateChanged = layout.estimatedItemSize != .zero && layout.estimatedItemSize != estimate
    if estimateChanged { layout.estimatedItemSize = estimate }
    terminal.resize(to: size)
    collectionView.layoutIfNeeded()
    // The event loop resizes the terminal screen first, which shows the
    // focus at the old estimate; sizing the items anew may move it under
    // the pinned lines. Setting the focus again shows it, the least needed.
    if estimateChanged, fits, let focus = dataSource.focusedItem { dataSource.focusedItem = focus }
  }

  /// Moves the viewport: a page up or down, or to either end. Returns
  /// whether it moved. A page is the library's: the viewport less the
  /// headers pinned over it (the data source's `accessibilityScroll`, a
  /// three-finger swipe's page), so the items just below the last page
  /// come first under the pinned counts. O(visible cells).
  @discardableResult
  public func scroll(_ direction: ToDoCommand.ScrollDirection) -> Bool {
    switch direction {
    case .up: return dataSource.accessibilityScroll(.up)
    case .down: return dataSource.accessibilityScroll(.down)
    case .top, .bottom:
      let y = collectionView.contentOffset.y
      // The collection view keeps the offset within the list.
      let target: CGFloat = direction == .top ? 0 : .greatestFiniteMagnitude
      collectionView.setContentOffset(CGPoint(x: 0, y: target), animated: false)
      return collectionView.contentOffset.y != y
    }
  }

  /// Shows or hides item `number`'s notes and created date by changing the
  /// view state of its controller, then scrolls so the item is in view.
  /// Returns whether the state changed. O(n) to find the item, plus the
  /// visible cells.
  @discardableResult
  public func setExpanded(_ isExpanded: Bool, number: Int) async throws(ToDoError) -> Bool {
    try setExpanded(isExpanded, id: try await store.snapshot.item(number: number).id)
  }

  /// Shows or hides the notes of the item with `id` (`nil`: the opposite of
  /// now), as ``setExpanded(_:number:)`` does. Returns whether the state
  /// changed. O(n) to find the item.
  @discardableResult
  public func setExpanded(_ isExpanded: Bool?, id: String) throws(ToDoError) -> Bool {
    guard let controller = itemController(id: id) else { throw .itemGone }
    var state = controller.viewState
    let wanted = isExpanded ?? !state.isExpanded
    if wanted { expandedIDs.insert(id) } else { expandedIDs.remove(id) }
    let changed = state.isExpanded != wanted
    if changed {
      state.isExpanded = wanted
      controller.updateState(state)
    }
    try reveal(id: id)
    return changed
  }

  /// Taps item `number`, as a finger would: scrolls it into view and selects
  /// it in the collection view, whose delegate reaches the item's controller
  /// (`didSelect`), which asks the store to toggle the item; then lifts the
  /// finger (deselects). Returns when the store has made (or refused) the
  /// change. O(n) to find the item.
  public func select(number: Int) async throws(ToDoError) {
    let item = try await store.snapshot.item(number: number)
    let indexPath = try reveal(id: item.id)
    collectionView.selectItem(at: indexPath)
    collectionView.deselectItem(at: indexPath)
    let taps = pendingTaps
    pendingTaps.removeAll()
    guard !taps.isEmpty else { throw .itemGone }
    for tap in taps {
      if let error = await tap.value { throw error }
    }
  }

  /// Drags the item with `id` one place down (`by: 1`) or up (`by: -1`)
  /// within its section, as a finger would: the collection view's
  /// interactive movement begins on the item, follows a point over its
  /// neighbour and ends. The data source keeps the item in its section
  /// (a drop onto a header or into the other section is steered back);
  /// when the item did move, its `moveHandler` reports the move and the
  /// screen saves it (`ToDoStore.move(id:fromIndex:toIndex:)`). Returns
  /// once the store has made (or refused) it: whether the item moved.
  /// O(n) to find the item, plus the layout passes.
  @discardableResult
  public func drag(id: String, by offset: Int) async throws(ToDoError) -> Bool {
    guard let from = indexPath(id: id) else { throw .itemGone }
    // IndexPath(index:).appending: Apple's IndexPath(item:section:) is
    // UIKit's and AppKit's, not Foundation's.
    let neighbour = IndexPath(index: from[0]).appending(from[1] + offset)
    let hasNeighbour = from[1] + offset >= 0 && from[1] + offset < collectionView.numberOfItems(inSection: from[0])
    // Both on screen, below the pinned headers: the finger is over what
    // the user sees, not over a header drawn on top of it.
    if hasNeighbour { reveal(neighbour) }
    reveal(from)
    try beginDrag(at: from)
    if hasNeighbour { moveFinger(over: neighbour) }
    return try await endDrag(id: id)
  }

  /// Drags the item with `id` over the place of the item with `targetID`
  /// and lets go, as a finger would: the interactive movement begins on
  /// the item, the list scrolls under it until the target's place shows
  /// (as it does under a finger held at its edge), the finger moves over
  /// that place and lets go. What `mv N M` does in script mode. The data
  /// source keeps the item in its section, as for `drag(id:by:)`; the
  /// store saves what `moveHandler` reports. Returns once the store has
  /// made (or refused) the move: whether the item moved. O(n) to find the
  /// items, plus the layout passes.
  @discardableResult
  public func drag(id: String, over targetID: String) async throws(ToDoError) -> Bool {
    guard let from = indexPath(id: id), let target = indexPath(id: targetID) else { throw .itemGone }
    reveal(from)
    try beginDrag(at: from)
    if target != from {
      reveal(target)
      moveFinger(over: target)
    }
    return try await endDrag(id: id)
  }

  /// The row (the collection view's item index, headers counted) that
  /// shows the item with `id`, or nil when it is not on the list. O(n).
  public func row(id: String) -> Int? {
    indexPath(id: id)?[1]
  }

  /// Begins a drag on the item at `from`, forgetting the moves reported by
  /// drags before it.
  private func beginDrag(at from: IndexPath) throws(ToDoError) {
    pendingMoves.removeAll()
    guard collectionView.beginInteractiveMovementForItem(at: from) else { throw .itemGone }
  }

  /// Moves the finger of the drag under way over the centre of the place at
  /// `indexPath`.
  private func moveFinger(over indexPath: IndexPath) {
    guard let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame else { return }
    collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: frame.midX, y: frame.midY))
  }

  /// Lets go of the item with `id` being dragged, shows it, and waits for
  /// the store to save (or refuse) the move the data source reported:
  /// whether there was one.
  private func endDrag(id: String) async throws(ToDoError) -> Bool {
    collectionView.endInteractiveMovement()
    _ = try? reveal(id: id)
    let moves = pendingMoves
    pendingMoves.removeAll()
    for move in moves {
      if let error = await move.value {
        await showStoreState()
        throw error
      }
    }
    return !moves.isEmpty
  }

  /// Shows the store's current state again: after a drag the store
  /// refused, the collection view shows an order the store does not have,
  /// and no snapshot will come to put it back. O(n).
  private func showStoreState() async {
    let snapshot = await store.snapshot
    await dataSource.setRootSection(
      ToDoSections.root(
        for: snapshot, timeZone: timeZone, showsCommands: showsCommands, plain: isPlain,
        delegate: WeakAnyObject(object: self)))
    collectionView.layoutIfNeeded()
  }

  /// The data source reports a finished drag: saves the new order. The
  /// store's next snapshot carries it, so its root diffs against the order
  /// already shown (only the numbers beside the items change).
  private func userMoved(_ move: ListItemMove) {
    let store = store
    pendingMoves.append(
      Task {
        do throws(ToDoError) {
          try await store.move(id: move.identifier, fromIndex: move.fromIndex, toIndex: move.toIndex)
          return nil
        } catch {
          return error
        }
      })
  }

  /// Gives the item with `id` the data source's keyboard focus (its
  /// controller draws the `›`), which scrolls the least needed to show it
  /// whole below the pinned lines (its top, if it is taller than the room
  /// there). Focusing does not toggle the item. Returns whether the item
  /// is on the list; the focus stays where it was when it is not. O(n) to
  /// find it.
  @discardableResult
  public func focus(id: String) -> Bool {
    guard let item = itemID(id: id) else { return false }
    dataSource.focusedItem = item
    return true
  }

  /// Scrolls the least needed to show item `number` whole (or its top, if
  /// it is taller than the viewport). O(n) to find the item.
  public func reveal(number: Int) async throws(ToDoError) {
    try reveal(id: try await store.snapshot.item(number: number).id)
  }

  // MARK: - Internals

  /// A one-line, full-width cell: what most items are.
  private static func estimatedItemSize(width: Int) -> CGSize {
    CGSize(width: CGFloat(max(1, width)), height: 1)
  }

  /// The section paths items are shown under: the open items and the
  /// completed ones (see ``ToDoSections``); an id is in one of them at a time.
  private static let itemSectionPaths = [
    [ToDoSections.openID], [ToDoSections.completedID, ToDoSections.completedItemsID],
  ]

  /// The identity of the item with `id` on the list, if it is shown. O(n).
  private func itemID(id: String) -> ListItemID? {
    Self.itemSectionPaths.lazy.map { ListItemID(identifier: id, sectionPath: $0) }
      .first { self.dataSource.indexPath(forIdentifier: id, sectionPath: $0.sectionPath) != nil }
  }

  /// Where the item with `id` is, if it is shown. O(n).
  private func indexPath(id: String) -> IndexPath? {
    itemID(id: id).flatMap { dataSource.indexPath(forIdentifier: id, sectionPath: $0.sectionPath) }
  }

  private func itemController(id: String) -> ToDoItemController? {
    itemID(id: id).flatMap { dataSource.cellController(forIdentifier: id, sectionPath: $0.sectionPath) }
      as? ToDoItemController
  }

  @discardableResult
  private func reveal(id: String) throws(ToDoError) -> IndexPath {
    guard let indexPath = indexPath(id: id) else { throw .itemGone }
    reveal(indexPath)
    return indexPath
  }

  /// Scrolls the least needed to show the item at `indexPath` whole below
  /// the headers pinned over it, or its top if it is taller than the room
  /// there: the collection view's `scrollToItem` with no position, which
  /// sizes estimated items on the way and aims again. O(visible cells).
  private func reveal(_ indexPath: IndexPath) {
    collectionView.scrollToItem(at: indexPath, at: [], animated: false)
  }
}

extension ToDoScreen: ToDoItemControllerDelegate {
  /// Toggles the tapped item in the store; ``select(number:)`` waits for
  /// it. (The full screen turns selection off: its clicks only focus.)
  public func itemControllerWasSelected(_ controller: ToDoItemController) {
    let id = controller.viewModel.identifier
    let store = store
    pendingTaps.append(
      Task {
        do throws(ToDoError) {
          try await store.toggleDone(id: id)
          return nil
        } catch {
          return error
        }
      })
  }

  /// Hands the chosen action to ``actionHandler``. O(1).
  public func itemController(_ controller: ToDoItemController, didChoose action: ToDoItemAction) {
    actionHandler?(action, controller.viewModel.identifier)
  }
}
