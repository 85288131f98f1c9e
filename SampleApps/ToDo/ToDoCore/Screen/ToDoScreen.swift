import Foundation
import HeadlessCollection
import ListDiffUI

/// The to-do list on screen: a headless collection view, the data source
/// that keeps it in step with the store, and the viewport commands.
///
/// The screen never draws by hand. ``start()`` has the data source observe
/// the store's snapshots, turning each into the root section of
/// ``ToDoSections``; every frame is the collection view's `renderText()`.
/// What the screen does itself is what a user's finger would: scroll, tap
/// (``select(number:)``) and expand or collapse an item through its
/// controller's view state.
@MainActor
public final class ToDoScreen {
  /// The headless collection view the list is laid out in.
  public let collectionView: CollectionView
  /// The data source that diffs each snapshot's sections into the
  /// collection view.
  public let dataSource: ListDiffDataSource
  /// The screen's width in characters; see ``resize(width:)``.
  public private(set) var width: Int
  /// The viewport's height in lines.
  public let height: Int

  private let store: ToDoStore
  private let timeZone: TimeZone
  private let rendered = RenderedRevisions()
  private var observation: Task<Void, Never>?
  /// Store changes started by taps and not yet awaited.
  private var pendingTaps: [Task<ToDoError?, Never>] = []

  /// A screen `width` characters wide showing `height` lines of `store`'s
  /// list, with dates in `timeZone`. Nothing is shown until ``start()``.
  /// O(1).
  public init(store: ToDoStore, width: Int, height: Int, timeZone: TimeZone = .current) {
    self.store = store
    self.width = width
    self.height = height
    self.timeZone = timeZone
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = .vertical
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
    dataSource = ListDiffDataSource(collectionView: collectionView)
  }

  /// Starts rendering every snapshot the store publishes, until the store
  /// finishes its stream. Call once. O(1).
  public func start() {
    precondition(observation == nil, "ToDoScreen.start() called twice")
    let timeZone = timeZone
    let delegate = WeakAnyObject(object: self)
    observation = dataSource.observe(SnapshotsShown(store.snapshots, reportingTo: rendered)) { snapshot in
      ToDoSections.root(for: snapshot, timeZone: timeZone, delegate: delegate)
    }
  }

  /// Returns once the store's revision `revision` (or a later one) is on
  /// screen, or the store's stream has ended.
  public func waitUntilShown(_ revision: Int) async {
    await rendered.waitUntilShown(revision)
  }

  /// Returns once the store's stream has ended and the last snapshot is on
  /// screen.
  public func waitUntilFinished() async {
    await observation?.value
  }

  /// The viewport as text: `collectionView.renderText()` with trailing
  /// spaces and empty trailing lines removed. Clamps the scroll position
  /// first, in case the list got shorter. O(visible cells × width).
  public func frame() -> String {
    collectionView.layoutIfNeeded()
    scroll(toY: collectionView.contentOffset.y)
    var lines = collectionView.renderText().split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
    while lines.last?.isEmpty == true { lines.removeLast() }
    return lines.joined(separator: "\n")
  }

  /// Which lines of the list the viewport shows, 1-based and inclusive, and
  /// how many there are; `nil` when the whole list fits. O(1).
  public var visibleLines: (first: Int, last: Int, total: Int)? {
    let total = Int(collectionView.contentSize.height)
    guard total > height else { return nil }
    let first = Int(collectionView.contentOffset.y)
    return (first + 1, min(total, first + height), total)
  }

  /// Changes the screen's width, as when the terminal is resized. The
  /// collection view lays everything out again at the new width, asking
  /// every item its size; cells on screen re-fit their text when their
  /// frames change (`cellDidLayoutSubviews`). O(n) in the items.
  public func resize(width: Int) {
    guard width != self.width else { return }
    self.width = width
    collectionView.frame = CGRect(x: 0, y: 0, width: width, height: height)
    collectionView.layoutIfNeeded()
  }

  /// Moves the viewport: a screen less one line up or down, or to either
  /// end. O(visible cells).
  public func scroll(_ direction: ToDoCommand.ScrollDirection) {
    collectionView.layoutIfNeeded()
    let page = CGFloat(max(1, height - 1))
    let y = collectionView.contentOffset.y
    switch direction {
    case .up: scroll(toY: y - page)
    case .down: scroll(toY: y + page)
    case .top: scroll(toY: 0)
    case .bottom: scroll(toY: .greatestFiniteMagnitude)
    }
  }

  /// Shows or hides item `number`'s notes and created date by changing the
  /// view state of its controller, then scrolls so the item is in view.
  /// O(n) to find the item, plus the visible cells.
  public func setExpanded(_ isExpanded: Bool, number: Int) async throws(ToDoError) {
    let item = try await store.snapshot.item(number: number)
    guard
      let controller = dataSource.cellController(forIdentifier: item.id, sectionPath: Self.sectionPath(of: item))
        as? ToDoItemController
    else { throw .itemGone }
    var state = controller.viewState
    if state.isExpanded != isExpanded {
      state.isExpanded = isExpanded
      controller.updateState(state)
    }
    try reveal(item)
  }

  /// Taps item `number`, as a finger would: scrolls it into view and selects
  /// it in the collection view, whose delegate reaches the item's controller
  /// (`didSelect`), which asks the store to toggle the item. Returns when
  /// the store has made (or refused) the change. O(n) to find the item.
  public func select(number: Int) async throws(ToDoError) {
    let item = try await store.snapshot.item(number: number)
    let indexPath = try reveal(item)
    collectionView.selectItem(at: indexPath)
    let taps = pendingTaps
    pendingTaps.removeAll()
    guard !taps.isEmpty else { throw .itemGone }
    for tap in taps {
      if let error = await tap.value { throw error }
    }
  }

  /// Scrolls the least needed to show item `number` whole (or its top, if
  /// it is taller than the viewport). O(n) to find the item.
  public func reveal(number: Int) async throws(ToDoError) {
    try reveal(try await store.snapshot.item(number: number))
  }

  // MARK: - Internals

  /// The ids of the sections holding `item`, as the data source's lookups
  /// take them (see ``ToDoSections``).
  private static func sectionPath(of item: ToDoItem) -> [String] {
    item.isDone ? [ToDoSections.completedID, ToDoSections.completedItemsID] : [ToDoSections.openID]
  }

  @discardableResult
  private func reveal(_ item: ToDoItem) throws(ToDoError) -> IndexPath {
    guard let indexPath = dataSource.indexPath(forIdentifier: item.id, sectionPath: Self.sectionPath(of: item))
    else { throw .itemGone }
    collectionView.layoutIfNeeded()
    if let frame = collectionView.layoutAttributesForItem(at: indexPath)?.frame {
      let top = collectionView.contentOffset.y
      if frame.minY < top {
        scroll(toY: frame.minY)
      } else if frame.maxY > top + CGFloat(height) {
        scroll(toY: min(frame.minY, frame.maxY - CGFloat(height)))
      }
    }
    return indexPath
  }

  private func scroll(toY y: CGFloat) {
    let limit = max(0, collectionView.contentSize.height - CGFloat(height))
    let clamped = min(max(0, y), limit)
    if clamped != collectionView.contentOffset.y {
      collectionView.setContentOffset(CGPoint(x: 0, y: clamped), animated: false)
    }
    collectionView.layoutIfNeeded()
  }
}

extension ToDoScreen: ToDoItemControllerDelegate {
  /// Toggles the tapped item in the store; ``select(number:)`` waits for it.
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
}
