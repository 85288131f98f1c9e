import Foundation

/// A collection view that behaves like UIKit's `UICollectionView` with a
/// ``CollectionViewFlowLayout``, minus pixels: it asks its data source and
/// delegate the same questions at the same moments, keeps cells only for the
/// visible rectangle and recycles them, validates batch updates with UIKit's
/// rules and messages, and draws its viewport as text with ``renderText()``.
///
/// Work follows UIKit's model. Mutations (``reloadData()``,
/// ``performBatchUpdates(_:completion:)``, scrolling, resizing,
/// ``invalidateLayout(forItemsAt:)``) lay the collection out before they
/// return; a change to the layout object is picked up by the next
/// ``layoutIfNeeded()``, which every query calls first. A layout pass places
/// what changed, works out which items intersect ``bounds``, sends
/// `didEndDisplaying` for cells that left (and enqueues them for reuse), asks
/// the data source for cells that arrived, sets frames, lays the cells out,
/// sends `willDisplay`, and finally `collectionViewDidLayout`.
///
/// Costs are those of a list that is mostly off screen: a layout pass is
/// O(log *n* + *v*) for *n* items and *v* visible ones; a batch of *k* changes
/// costs about O(*k* log *k*) plus the lines it moves, not O(*n*).
@MainActor
public final class CollectionView {
  // MARK: Geometry

  /// The collection's rectangle; its size is the size of the viewport.
  /// Changing the width of a vertical collection (the height of a horizontal
  /// one) invalidates the whole layout, as the room for lines changed.
  ///
  /// - Complexity: O(1) to read. Setting a new size lays out at once:
  ///   O(log *n* + *v*), or O(*n*) when the room across the lines changed.
  /// Values that cannot be laid out (NaN, infinite, negative sizes, beyond
  /// ``GeometryIssue/limit``) are replaced as ``GeometryIssue`` says and
  /// reported to ``invalidGeometryHandler``.
  public var frame: CGRect {
    didSet {
      let safe = checkedRect(frame, "CollectionView.frame")
      if safe != frame { frame = safe }
      guard frame.size != oldValue.size else { return }
      invalidation.setNeedsLayout()
      layoutIfNeeded()
    }
  }

  /// The visible rectangle in content coordinates: ``contentOffset`` and the
  /// size of ``frame``. Setting it scrolls and resizes.
  ///
  /// - Complexity: O(1) to read.
  public var bounds: CGRect {
    get { CGRect(origin: position.offset, size: frame.size) }
    set {
      frame.size = newValue.size
      setContentOffset(newValue.origin, animated: false)
    }
  }

  /// The point of the content shown at the top left of the viewport. Setting
  /// it is ``setContentOffset(_:animated:)`` without animation, clamped to
  /// the scrollable range.
  ///
  /// - Complexity: O(1) to read.
  public var contentOffset: CGPoint {
    get { position.offset }
    set { setContentOffset(newValue, animated: false) }
  }

  /// Extra scrollable room around the content, UIKit's `contentInset`. The
  /// insets across the scroll direction narrow the room lines are laid out in.
  ///
  /// Values that cannot be laid out are replaced as ``GeometryIssue`` says
  /// and reported to ``invalidGeometryHandler``.
  ///
  /// - Complexity: O(1) to read. Setting a new value lays out at once:
  ///   O(*n*) when the insets across the lines changed, else O(log *n* + *v*).
  public var contentInset: EdgeInsets = .zero {
    didSet {
      let safe = checkedInsets(contentInset, "CollectionView.contentInset")
      if safe != contentInset { contentInset = safe }
      guard contentInset != oldValue else { return }
      invalidation.setNeedsLayout()
      layoutIfNeeded()
    }
  }

  /// The size of the laid-out content: across the scroll direction the
  /// viewport minus the content insets, along it the end of the last section.
  ///
  /// - Complexity: O(1) once laid out.
  public var contentSize: CGSize {
    layoutIfNeeded()
    let length = engine.contentLength
    switch engine.direction {
    case .vertical: return CGSize(width: max(0, engine.crossExtent), height: length)
    case .horizontal: return CGSize(width: length, height: max(0, engine.crossExtent))
    }
  }

  /// The layout settings. Assigning another layout invalidates the whole
  /// layout.
  ///
  /// - Complexity: O(1) to read; assigning lays everything out again, O(*n*).
  public var collectionViewLayout: CollectionViewFlowLayout {
    didSet {
      invalidation.layoutObjectChanged()
      layoutIfNeeded()
    }
  }

  // MARK: Clients

  /// Supplies sections, items and cells. Held weakly, as in UIKit. Setting it
  /// makes the next layout pass load everything from it again.
  ///
  /// - Complexity: O(1); the next layout pass then costs O(*n*).
  public weak var dataSource: (any CollectionViewDataSource)? {
    didSet { invalidation.setNeedsReload() }
  }

  /// Sizes items and hears about display, scrolling and selection. Held
  /// weakly, as in UIKit. Setting it invalidates the layout, since sizes come
  /// from it.
  ///
  /// - Complexity: O(1); the next layout pass then costs O(*n*).
  public weak var delegate: (any CollectionViewDelegateFlowLayout)? {
    didSet { invalidation.setNeedsFullLayout() }
  }

  /// Hears which items are about to come on screen, UIKit's
  /// `prefetchDataSource`. Held weakly, as in UIKit.
  ///
  /// - Complexity: O(1).
  public weak var prefetchDataSource: (any CollectionViewDataSourcePrefetching)?

  /// Whether the ``prefetchDataSource`` is told about items ahead. Default
  /// `true`, as in UIKit.
  ///
  /// The rule is deterministic: after each layout pass, the items whose
  /// frames intersect the rectangle one viewport long just past the visible
  /// bounds in the direction of the last scroll (past the end before any
  /// scroll) and that are not on screen are prefetched, each once until it
  /// leaves that range; one that leaves it without being shown is
  /// cancelled; one that comes on screen is neither. Both calls are made at
  /// most once per pass, with ascending index paths. Turning it off
  /// cancels what is outstanding at the next pass.
  ///
  /// - Complexity: O(1) to set; each pass then costs O(log *n* + the items
  ///   in the range ahead).
  public var isPrefetchingEnabled = true {
    didSet { invalidation.setNeedsLayout() }
  }

  // MARK: Selection settings

  /// Whether ``selectItem(at:)`` selects anything. Default `true`. O(1).
  public var allowsSelection = true

  /// Whether several items may be selected at once; a tap on a selected item
  /// then deselects it. Default `false`: selecting one item deselects the
  /// others. O(1).
  public var allowsMultipleSelection = false

  // MARK: Scrolling state

  /// Whether ``drag(by:velocity:)`` is moving the content with the finger
  /// down, UIKit's `isDragging`. O(1).
  public internal(set) var isDragging = false

  /// Whether the content coasts after a drag, UIKit's `isDecelerating`. O(1).
  public internal(set) var isDecelerating = false

  // MARK: State
  //
  // Every piece of state the collection keeps lives in one of these parts,
  // each with its invariants written beside it and checked by
  // `invariantViolations()`; a batch remaps those holding indexes through
  // one `ItemRemap` (see `apply(_:newCounts:invalidatedOld:)`).
  //
  // None is checked for exclusive access at run time: each is a value
  // whose mutating methods call no client code (no data source, delegate,
  // handler or view subclass), so no access to one can overlap another;
  // the runtime's check (a thread-local table searched and written at
  // every access) was a measurable share of every scroll step.

  /// The layout: sections, item records, and where everything is placed.
  @exclusivity(unchecked) var engine = FlowLayoutEngine()
  /// The content offset, and how batches keep the viewport in place.
  @exclusivity(unchecked) var position = ContentPosition()
  /// What the next layout pass owes, and the passes' own guards.
  @exclusivity(unchecked) var invalidation = LayoutInvalidation()
  /// Cells on screen and on their way out.
  @exclusivity(unchecked) var cells = CellsOnScreen()
  /// Registered cell classes and the cells waiting to be dequeued.
  @exclusivity(unchecked) var reuse = CellReuse()
  /// Headers and footers: registered, on screen, queued, on their way out.
  @exclusivity(unchecked) var supplementaries = SupplementaryViews()
  /// The selected items.
  @exclusivity(unchecked) var selection = Selection()
  /// What has been prefetched and which way the content last scrolled.
  @exclusivity(unchecked) var prefetcher = Prefetcher()
  /// Items pinned to the leading edge, and where they were drawn.
  @exclusivity(unchecked) var pinning = PinnedItems()
  /// The batch being recorded, the item moved by hand, and the count of
  /// changes to the items.
  @exclusivity(unchecked) var itemUpdates = ItemUpdates()
  /// Told when an outermost `layoutIfNeeded` that did work has finished and
  /// the collection can take changes again: how a client that deferred
  /// changes during the pass (ListDiffUI's data source) applies them. Not
  /// in a part: it is the client's hook, not the collection's state.
  package var layoutDidFinish: (@MainActor () -> Void)?
  /// Told when ``deselectItem(at:)`` deselected an item, which the delegate
  /// does not hear (UIKit's rule): how a client that keeps a selection of
  /// its own (ListDiffUI's data source, by identity) follows a
  /// deselection made in code. The client's hook, like `layoutDidFinish`.
  package var programmaticDeselection: (@MainActor (IndexPath) -> Void)?

  /// Receives the error when an insert, delete, move or reload made outside
  /// ``performBatchUpdates(_:completion:)`` is invalid; the collection is
  /// then left exactly as it was.
  ///
  /// Those methods cannot throw, so by default (nil) an invalid one stops the
  /// program with UIKit's message, as UIKit's `NSInternalInconsistencyException`
  /// does. Tests that want the failure recorded instead, and the run to go on,
  /// set a handler, e.g. `collectionView.invalidUpdateHandler = { Issue.record($0) }`.
  public var invalidUpdateHandler: (@MainActor (BatchUpdateError) -> Void)?

  /// Receives every call the collection could not honour as made, with
  /// what it did instead (see ``CollectionViewMisuse``): a data source that
  /// returned a cell already showing another item, a dequeue of an
  /// identifier never registered. None stops the program or loses an item.
  /// By default (nil) each is printed as one line to standard error; tests
  /// set a handler, e.g. `collectionView.misuseHandler = { Issue.record("\($0)") }`.
  public var misuseHandler: (@MainActor (CollectionViewMisuse) -> Void)?

  /// Receives every value the collection replaced because it could not be
  /// laid out (see ``GeometryIssue`` for the rules): a NaN frame, an
  /// infinite inset, a negative size from the delegate… The collection goes
  /// on with the replacement either way. By default (nil) each issue is
  /// printed as one line to standard error; a client that forwards them
  /// elsewhere (a diagnostics handler, `Issue.record` in tests) sets this.
  public var invalidGeometryHandler: (@MainActor (GeometryIssue) -> Void)?

  /// A collection view of `frame` laid out by `layout`. It has no data
  /// source yet, hence no sections. A `frame` that cannot be laid out is
  /// replaced as ``GeometryIssue`` says and reported to standard error.
  ///
  /// - Complexity: O(1).
  public init(frame: CGRect, collectionViewLayout layout: CollectionViewFlowLayout) {
    self.frame = SafeGeometry.rect(frame)
    self.collectionViewLayout = layout
    backReference = BackReference(self)
    _ = checkedRect(frame, "CollectionView.init(frame:collectionViewLayout:)")
  }

  isolated deinit {
    backReference.clear()
  }

  /// What the collection view's cells and supplementary views hold as their
  /// `owner`: a weak reference to the collection view would give it a side
  /// table, and every retain of it the runtime's slow path.
  @exclusivity(unchecked)
  package private(set) var backReference: BackReference<CollectionView>!

  // MARK: Data

  /// The number of sections, as of the last load or applied batch.
  ///
  /// - Complexity: O(1) once loaded.
  public var numberOfSections: Int {
    layoutIfNeeded()
    return engine.sections.count
  }

  /// The number of items in `section` as the collection knows it — as of the
  /// last load or applied batch, not what the data source says now. Zero for
  /// a section that does not exist.
  ///
  /// - Complexity: O(1) once loaded.
  public func numberOfItems(inSection section: Int) -> Int {
    layoutIfNeeded()
    guard section >= 0 && section < engine.sections.count else { return 0 }
    return engine.sections[section].count
  }

  /// Discards everything the collection knows and loads it from the data
  /// source again: counts, every size, and cells for the visible items.
  /// Selection is cleared. Inside a batch, the batch becomes a reload.
  ///
  /// As UIKit documents, the visible items are discarded and recreated from
  /// the data source: it is asked `collectionView(_:cellForItemAt:)` for
  /// every visible item again. As UIKit does, the old cells go through the
  /// reuse queue, and here each remembers the index path it showed, so that
  /// dequeuing for an index path that had a cell hands that same cell back
  /// (after ``CollectionViewCell/prepareForReuse()``), exactly as an item
  /// scrolled out and back gets its own cell. A cell handed back for the
  /// index path it showed never leaves the screen, so it hears neither
  /// `didEndDisplaying` nor `willDisplay` (display callbacks pair per cell
  /// and per stay on screen, and UIKit documents no callback for a reload);
  /// a cell not handed back, or handed to another index path, gets
  /// `didEndDisplaying` for the path it had before the new cells get
  /// `willDisplay`.
  ///
  /// - Complexity: O(*n*) size requests and placement, plus O(*v*) cells.
  public func reloadData() {
    if let openBatch = itemUpdates.openBatch {
      openBatch.reloadsAllData = true
      return
    }
    // The data source never heard of a movement in progress: it ends, and
    // the reload shows the data source's order, pinned blocks included.
    if let movement = itemUpdates.movement {
      itemUpdates.movement = nil
      pinnedItemRanges = movement.pinnedItemRanges
    }
    itemUpdates.noteItemsChanged()
    invalidation.setNeedsReload()
    layoutIfNeeded()
  }

  // MARK: Cells

  /// Registers the class to create cells from for `identifier`, replacing an
  /// earlier registration.
  ///
  /// - Complexity: O(1).
  public func register(_ cellClass: CollectionViewCell.Type, forCellWithReuseIdentifier identifier: String) {
    reuse.register(cellClass, for: identifier)
  }

  /// A cell for `indexPath`: one from the reuse queue of `identifier` (after
  /// its ``CollectionViewCell/prepareForReuse()``), else a new instance of
  /// the registered class. Its frame is the item's frame. Dequeuing an
  /// identifier that was never registered (UIKit's exception) is reported
  /// to ``misuseHandler`` with UIKit's message, and a plain
  /// ``CollectionViewCell`` with that identifier is handed out.
  ///
  /// Of the queued cells, the one that last showed this item is preferred
  /// while it still waits unused: an item scrolled out and back gets its own
  /// cell again unless another item took it meanwhile. The memory follows
  /// items through batch updates (a moved item keeps it, a deleted or
  /// reloaded one loses it) and is dropped by ``reloadData()``.
  ///
  /// - Complexity: O(1), or O(*q*) for *q* queued cells of `identifier` when
  ///   the item's own cell is found, plus the cell's initializer or
  ///   `prepareForReuse`.
  public func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
    -> CollectionViewCell
  {
    let frame: CGRect
    let item: Int?
    // The pass asks the data source by its own index path, which differs
    // from the shown one while an item is moved by hand.
    if let arrivingItem = cells.arriving,
      dataSourceIndexPath(forShown: self.indexPath(forGlobal: arrivingItem.index)) == indexPath
    {
      (item, frame) = (arrivingItem.index, arrivingItem.frame)
    } else {
      item = global(indexPath)
      frame = item.map { engine.frame(of: $0) } ?? .zero
    }
    let queued = reuse.dequeue(identifier: identifier, forItem: item)
    // The class is looked up only for a new cell (a scroll reuses).
    return vend(
      queued, orNew: queued == nil ? reuse.registeredClass(for: identifier) : nil, kind: "UICollectionElementKindCell",
      identifier: identifier, frame: frame)
  }

  /// `queued` prepared for reuse, else a new instance of `registered` with
  /// the reuse identifier; either at `frame`. Without either (the
  /// identifier was never registered, which UIKit answers with an
  /// exception) it reports UIKit's message as a ``CollectionViewMisuse`` and
  /// makes a plain `View` with the identifier, which is reused like any other.
  func vend<View: CollectionReusableView>(
    _ queued: View?, orNew registered: View.Type?, kind: String, identifier: String, frame: CGRect
  ) -> View {
    if let queued {
      queued.prepareForReuse()
      queued.frame = frame
      return queued
    }
    if registered == nil {
      reportMisuse(
        "could not dequeue a view of kind: \(kind) with identifier \(identifier) - "
          + "must register a nib or a class for the identifier",
        recovery: "a plain \(View.self) with that identifier is used")
    }
    let view = (registered ?? View.self).init(frame: frame)
    view.reuseIdentifier = identifier
    view.owner = self
    return view
  }

  /// The cells on screen, in index path order. An item counts as on
  /// screen where it is drawn: a pinned header item is visible while its
  /// pinned frame is in the bounds, however far its laid-out place has
  /// scrolled away.
  ///
  /// - Complexity: O(*v*).
  public var visibleCells: [CollectionViewCell] {
    layoutIfNeeded()
    return cells.mounted.entries.map(\.cell)
  }

  /// The index paths of the items on screen, ascending: those of
  /// ``visibleCells``, pinned header items included.
  ///
  /// - Complexity: O(*v* log *s*).
  public var indexPathsForVisibleItems: [IndexPath] {
    layoutIfNeeded()
    return cells.mounted.entries.map { indexPath(forGlobal: $0.index) }
  }

  /// The index path of the item `cell` shows, or nil when it is not on screen.
  ///
  /// - Complexity: O(*v* + log *s*).
  public func indexPath(for cell: CollectionViewCell) -> IndexPath? {
    layoutIfNeeded()
    return cells.mounted.index(of: cell).map(indexPath(forGlobal:))
  }

  /// The cell showing `indexPath`, or nil when the item is not on screen (or
  /// does not exist).
  ///
  /// - Complexity: O(log *v*).
  public func cellForItem(at indexPath: IndexPath) -> CollectionViewCell? {
    layoutIfNeeded()
    return global(indexPath).flatMap { cells.mounted[$0] }
  }

  /// Where the layout puts `indexPath`, on screen or not; nil when the item
  /// does not exist. As UIKit's flow layout reports a pinned section
  /// header where it is pinned, the item of a pinned header block (see
  /// ListDiffUI's `CompositeSection(id:header:footer:pinsHeader:)`) is
  /// reported where it is drawn for the current bounds — the frame its cell
  /// has — not where it would scroll to; so is an item being moved by hand
  /// (``beginInteractiveMovementForItem(at:)``).
  ///
  /// - Complexity: O(log *n*).
  public func layoutAttributesForItem(at indexPath: IndexPath) -> CollectionViewLayoutAttributes? {
    layoutIfNeeded()
    guard let frame = laidOutFrameOfItem(at: indexPath) else { return nil }
    return CollectionViewLayoutAttributes(indexPath: indexPath, frame: frame)
  }

  /// The attributes of every item, header and footer whose frame
  /// intersects `rect` (content coordinates): section by section, the
  /// section's header, its items in index order, then its footer. Headers
  /// and footers carry their ``CollectionViewLayoutAttributes/representedElementKind``
  /// and, when pinned, their pinned frames for the current bounds; a section
  /// whose reference size is zero has no such element. Items of pinned
  /// header blocks are likewise reported, and matched against `rect`, at
  /// the frames they are drawn at for the current bounds (as
  /// ``layoutAttributesForItem(at:)`` reports them), and so is an item moved
  /// by hand, centred on the movement's position.
  ///
  /// UIKit documents that a layout returns every cell and supplementary
  /// view in the rectangle but promises no order; this order is the one
  /// its flow layout's reimplementations (PSTCollectionView's, written to
  /// match iOS 6) return, and the one this collection draws and sends
  /// display callbacks in. Code that needs one kind filters on
  /// `representedElementKind`.
  ///
  /// - Complexity: O(log *n* + log *s* + the items and sections near `rect`).
  public func layoutAttributesForElements(in rect: CGRect) -> [CollectionViewLayoutAttributes] {
    layoutIfNeeded()
    let items = drawnItems(among: engine.items(intersecting: rect), in: rect)
    let supplementaries = engine.supplementaryElements(intersecting: rect, pinning: pinningBounds)
    var result: [CollectionViewLayoutAttributes] = []
    result.reserveCapacity(items.count + supplementaries.count)
    var next = 0  // into supplementaries
    // Appends the elements drawn before the item at `indexPath` (earlier
    // sections' elements and its section's header), or with nil all that
    // are left. It takes the index path, not a predicate: the release
    // build's region checker rejects sending a closure to a nested function.
    func appendSupplementaries(before indexPath: IndexPath?) {
      while next < supplementaries.count {
        let (element, frame) = supplementaries[next]
        if let indexPath,
          !(element.section < indexPath[0] || (element.section == indexPath[0] && element.isHeader))
        {
          return
        }
        var attributes = CollectionViewLayoutAttributes(indexPath: element.indexPath, frame: frame)
        attributes.representedElementKind = element.kind
        result.append(attributes)
        next += 1
      }
    }
    for (index, frame) in items {
      let indexPath = indexPath(forGlobal: index)
      appendSupplementaries(before: indexPath)
      result.append(CollectionViewLayoutAttributes(indexPath: indexPath, frame: frame))
    }
    appendSupplementaries(before: nil)
    return result
  }

  /// The item whose frame contains `point` (content coordinates), or nil
  /// when there is none; of overlapping items, the one drawn on top (the
  /// last). UIKit's way to turn a touch into an item. A pinned header item
  /// is found where it is drawn, over the items it covers, and not where
  /// the layout would put it; of overlapping pinned blocks the outermost,
  /// drawn on top. An item moved by hand is found at its place, not where
  /// it is drawn: the movement turns the position into the place it takes
  /// by asking this.
  ///
  /// - Complexity: O(log *n* + the items near `point` + the pinned items).
  public func indexPathForItem(at point: CGPoint) -> IndexPath? {
    layoutIfNeeded()
    if let pinned = topmostPinnedItem(at: point) { return indexPath(forGlobal: pinned) }
    let probe = CGRect(x: point.x, y: point.y, width: 0.001, height: 0.001)
    return engine.items(intersecting: probe).last {
      pinning.frames[$0.index] == nil && $0.frame.containsHalfOpen(point)
    }.map { indexPath(forGlobal: $0.index) }
  }

  // MARK: Layout invalidation

  /// Asks the delegate again for the sizes of `indexPaths` and places what
  /// moves as a result. Inside ``performBatchUpdates(_:completion:)`` the
  /// paths are those before the update and the new sizes take effect in that
  /// batch's layout; that is how a client resizes items it reconfigures in
  /// the batch. Paths that name no item are ignored.
  ///
  /// - Complexity: O(*k* log *n*) plus the lines that move.
  public func invalidateLayout(forItemsAt indexPaths: [IndexPath]) {
    if let openBatch = itemUpdates.openBatch {
      openBatch.invalidations += indexPaths
      return
    }
    invalidation.invalidateSizes(of: indexPaths.compactMap(global))
    if !invalidation.pendingInvalidations.isEmpty {
      invalidation.setNeedsLayout()
      layoutIfNeeded()
    }
  }

  /// Asks the delegate again for every size and section metric, and places
  /// every item again.
  ///
  /// - Complexity: O(*n*).
  public func invalidateLayout() {
    invalidation.setNeedsFullLayout()
    layoutIfNeeded()
  }

  /// Called by a cell that needs `layoutSubviews`.
  ///
  /// - Complexity: O(1).
  func cellNeedsLayout() {
    invalidation.setCellsNeedLayout()
  }

  // MARK: Index conversion

  /// The global index of `indexPath`, or nil when it names no item.
  func global(_ indexPath: IndexPath) -> Int? {
    guard indexPath.isCollectionIndexPath else { return nil }
    let section = indexPath[0]
    let item = indexPath[1]
    guard section >= 0 && section < engine.sections.count, item >= 0,
      item < engine.sections[section].count
    else { return nil }
    return engine.sections[section].start + item
  }

  /// The index path of global item `index`.
  ///
  /// - Complexity: O(log *s*) for *s* sections; O(1) with one.
  func indexPath(forGlobal index: Int) -> IndexPath {
    engine.sections.indexPath(ofItem: index)
  }
}
