import Foundation
import ListDiffUI
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif
import Testing

/// One fuzz run from the first root: the app's model, the screen showing
/// it, and the checks after every step. A failure is replayed on new runs
/// while shrinking, so a run owns everything its steps touch.
@MainActor
final class FuzzRun<Model> {
  let setup: FuzzSetup<Model>
  private(set) var model: Model
  let screen: ListScreen
  private let watch = ControllerWatch()
  private let changeByName: [String: ListFuzzChange<Model>]
  private let sourceLocation: SourceLocation
  /// The index of the step being run; -1 for the first root.
  private var stepIndex = -1
  /// Changes the roots of the step being run made (inserts, deletes,
  /// moves, updates), from the data source's performance reports.
  private var changedItems = 0
  /// Controllers the roots of the step being run let go of: only then can
  /// one outlive its item.
  private var releasedControllers = 0
  /// What the screen showed after the last check.
  private var shownText = ""
  /// What VoiceOver read after the last check (with the `accessibility`
  /// gesture).
  var readText = ""
  /// Where the items shown came from, by the ids of the steps run.
  private(set) var origins = FuzzItemOrigins()
  /// The data source's work totals when the step began.
  private var totalsAtStepStart = ListWorkCounts()
  /// The items changed inside carousels and grids during the step being
  /// run (their roots' changes, and grid items sized again for a new
  /// column width), as the data source's inspection reports them.
  private var nestedChanges = 0
  /// Where VoiceOver's cursor was when the step began (for an
  /// `ax-action` step, once the step put it on its item); checked only
  /// with the `accessibility` gesture.
  var focusAtStepStart: ListItemID?
  /// The moves the app's model heard (`moved`), all told.
  private(set) var movesHeard = 0

  init(_ setup: FuzzSetup<Model>, sourceLocation: SourceLocation) {
    self.setup = setup
    self.sourceLocation = sourceLocation
    model = setup.model
    changeByName = setup.changeByName
    screen = Self.makeScreen(
      setup, width: setup.width, height: setup.height, async: setup.applyUpdatesAsync, at: sourceLocation)
    let recording = screen.dataSource.inspection.lifecycleObserver
    screen.dataSource.inspection.lifecycleObserver = { [watch] controller, event in
      recording?(controller, event)
      watch.heard(event, by: controller)
    }
    // After `setUp`'s: a handler it installed still hears every report.
    let performance = screen.dataSource.performanceHandler
    screen.dataSource.performanceHandler = { [weak self] report in
      performance?(report)
      let counts = report.counts
      self?.changedItems += counts.inserts + counts.deletes + counts.moves + counts.updates
      self?.releasedControllers += counts.controllersReleased
    }
    screen.dataSource.inspection.nestedChangeObserver = { [weak self] count in self?.nestedChanges += count }
    screen.dataSource.inspection.recordsViewStates = true
    if setup.moved != nil {
      screen.dataSource.moveHandler = { [weak self] move in
        guard let self, let moved = self.setup.moved else { return }
        moved(&self.model, move)
        self.movesHeard += 1
      }
    }
  }

  private static func makeScreen(
    _ setup: FuzzSetup<Model>, width: Int, height: Int, async: Bool, at sourceLocation: SourceLocation
  ) -> ListScreen {
    // Failures of the screen's own (a warning) are judged by the checks.
    let screen = ListScreen(
      width: width, height: height, applyUpdatesAsync: async, contextObjectList: setup.contextObjects(),
      issueSink: { _ in }, sourceLocation: sourceLocation)
    setup.setUp?(screen)
    return screen
  }

  // MARK: Steps

  /// Shows the first root and checks it.
  func start() async -> FuzzFailure? {
    await setRoot()
    noteOrigins(afterStep: -1)
    return await check(after: nil, before: "")
  }

  /// Runs `step` and checks the screen after it; the first check that
  /// fails, or nil. `id` names the step for the origins of the items it
  /// adds (its index in the run by default); with `target`, a gesture
  /// acts on the item born of that origin in this run, when there is one,
  /// instead of the item it names (see `FuzzItemOrigins`). `performed` is
  /// then the step as it ran.
  func perform(_ step: FuzzStep, id: Int? = nil, target: FuzzOrigin? = nil) async -> FuzzFailure? {
    var step = step
    if let target, let item = origins.item(bornOf: target) { step = step.naming(item) }
    performed = step
    performedTarget = step.namedItem.flatMap(origins.origin(of:))
    stepIndex += 1
    let before = shownText
    beginStep()
    if let failure = await run(step, before: before) { return failure }
    if !screen.updates.isEmpty { noteOrigins(afterStep: id ?? stepIndex) }
    return await check(after: step, before: before)
  }

  /// Starts the screen's records and the counts a step's checks read afresh.
  private func beginStep() {
    screen.resetRecords()
    screen.beginStep(at: sourceLocation)
    if checksAccessibility { focusAtStepStart = screen.dataSource.accessibilityFocus }
    changedItems = 0
    releasedControllers = 0
    totalsAtStepStart = screen.dataSource.inspection.workCounts
    nestedChanges = 0
  }

  /// Does on the screen what `step` says; a failure only for a change
  /// that threw (`before` is the screen's text before the step, for its
  /// report).
  private func run(_ step: FuzzStep, before: String) async -> FuzzFailure? {
    switch step {
    case .changes(let changes):
      return await apply(changes, before: before)
    case .scroll(let points):
      screen.scroll(by: points)
    case .drag(let points, let velocity):
      screen.drag(by: points, velocity: velocity)
    case .tap(let item):
      if let index = index(of: item, in: screen) {
        screen.tap(at: IndexPath(item: index, section: 0))
      } else if let tile = screen.dataSource.inspection.nestedItem(
        forIdentifier: item.identifier, sectionPath: item.sectionPath)
      {
        screen.tap(tile)
      }
    case .resize(let width, let height):
      screen.resize(width: width, height: height)
    case .select(let item):
      toggleSelection(of: item)
    case .key(let key):
      screen.pressKey(key)
      // ← and → may expand or collapse an outline row: with
      // `applyUpdatesAsync`, wait for that update as a change step does.
      if setup.applyUpdatesAsync && (key == .left || key == .right) { await screen.setRoot(setup.root(model)) }
    case .expand(let item, let expand):
      await setExpansion(of: item, expand)
    case .carousel(let item, let points):
      let around = Array(item.sectionPath.dropLast())
      if screen.dataSource.inspection.indexPath(ofCarousel: item.identifier, sectionPath: around) != nil {
        screen.scroll(carousel: item.identifier, sectionPath: around, by: points)
      }
    case .move(let item, let toIndex, let toSection):
      if let index = index(of: item, in: screen) {
        screen.move(from: IndexPath(item: index, section: 0), toIndex: toIndex, inSection: toSection)
        // The app shows its model again after a move, as its moveHandler
        // changed it: what derives from the order (counts) follows.
        await setRoot()
      }
    case .voiceOver(let gesture):
      performVoiceOver(gesture)
    case .accessibilityAction(let item, let name):
      await performAccessibilityAction(name, on: item)
    }
    return nil
  }

  /// Runs `changes` on the model, each set as a root; a failure when one
  /// throws.
  private func apply(_ changes: [FuzzStep.Change], before: String) async -> FuzzFailure? {
    for (offset, change) in changes.enumerated() {
      guard let fuzzChange = changeByName[change.name] else { continue }
      var random = ListFuzzRandom(seed: change.seed)
      do {
        try fuzzChange.change(&model, &random)
      } catch {
        return failure(.change, "the change \(change.name)#\(change.seed) threw: \(error)", before: before)
      }
      if offset < changes.count - 1 {
        // A burst: the next root arrives before this one is shown.
        screen.dataSource.setRootSection(setup.root(model), completion: nil)
      } else {
        await setRoot()
      }
    }
    return nil
  }

  /// Selects `item`, or deselects it when it is selected; nothing for an
  /// item not shown.
  private func toggleSelection(of item: ListItemID) {
    guard let index = index(of: item, in: screen), let id = screen.dataSource.inspection.itemIdentity(at: index)
    else { return }
    if screen.dataSource.selection.contains(id) {
      screen.dataSource.deselect(id)
    } else {
      screen.dataSource.select(id)
    }
    screen.collectionView.layoutIfNeeded()
  }

  /// Expands or collapses the outline row `item`; nothing for an item not
  /// shown.
  private func setExpansion(of item: ListItemID, _ expand: Bool) async {
    guard let index = index(of: item, in: screen), let id = screen.dataSource.inspection.itemIdentity(at: index)
    else { return }
    if expand { screen.dataSource.expand(id) } else { screen.dataSource.collapse(id) }
    // With `applyUpdatesAsync`, the rows change once the update is
    // applied: wait for it, as a change step does.
    if setup.applyUpdatesAsync { await screen.setRoot(setup.root(model)) }
    screen.collectionView.layoutIfNeeded()
  }

  /// The step `perform` ran last, naming the item it acted on.
  private(set) var performed: FuzzStep?
  /// Where the item that step acted on came from, when it names one that
  /// was shown.
  private(set) var performedTarget: FuzzOrigin?

  private func noteOrigins(afterStep id: Int) {
    origins.note(screen.dataSource.inspection.itemIdentities, afterStep: id)
  }

  func setRoot() async {
    if setup.applyUpdatesAsync {
      await screen.setRoot(setup.root(model))
    } else {
      Self.setRootAndWait(setup.root(model), on: screen)
    }
  }

  /// The synchronous `setRoot`, which an async context would not pick.
  private static func setRootAndWait(_ section: Section?, on screen: ListScreen) {
    screen.setRoot(section)
  }

  // MARK: Checks

  private func failure(
    _ check: FuzzCheck, _ message: String, before: String, fresh: String? = nil
  ) -> FuzzFailure {
    FuzzFailure(
      check: check, message: message, stepIndex: stepIndex, before: before, after: screen.text, fresh: fresh)
  }

  /// The checks of DESIGN's "Fuzzing a screen", cheapest first
  /// (diagnostic, lifecycle, outlives its item, rules, work, fresh screen,
  /// accessibility, invariant); the first that fails.
  private func check(after step: FuzzStep?, before: String) async -> FuzzFailure? {
    if let warning = screen.diagnostics.first(where: {
      $0.severity == .warning && !setup.allowing.contains($0.kind)
    }) {
      return failure(.diagnostic, "a .\(warning.kind.rawValue) warning: \(warning.description)", before: before)
    }
    let dataSource = screen.dataSource
    // Controllers go only when their items do: look at each one only then.
    let released = releasedControllers > 0
    if var verdict = watch.verdict(judgingAll: released, isLive: dataSource.inspection.isLiveController) {
      if verdict.check == .outlivesItsItem {
        // What lets a controller go after an update may still be on its way.
        await Task.yield()
        guard let later = watch.verdict(judgingAll: true, isLive: dataSource.inspection.isLiveController) else {
          return await rest(step, before)
        }
        verdict = later
      }
      return failure(verdict.check, verdict.message, before: before)
    }
    return await rest(step, before)
  }

  private func rest(_ step: FuzzStep?, _ before: String) async -> FuzzFailure? {
    if let broken = brokenRule() {
      return failure(.rules, broken, before: before)
    }
    if step?.isChange ?? true, let excess = excessWork() {
      return failure(.work, excess, before: before)
    }
    let shown = screen.text
    shownText = shown
    let freshScreen = makeFreshScreen()
    let fresh = freshScreen.text
    if shown != fresh {
      return failure(
        .freshScreen,
        "the screen differs from a new screen given the same root at the same place: a view model's == "
          + "that ignores what its cell shows, a controller that keeps stale state, or a size not invalidated",
        before: before, fresh: fresh)
    }
    if checksAccessibility {
      let reading = readAccessibility(after: step, fresh: freshScreen)
      if let problem = reading.problem {
        var failure = failure(.accessibility, problem, before: before)
        // `readText` is still the last step's.
        failure.read = (readText, reading.text)
        failure.freshRead = reading.freshText
        return failure
      }
      readText = reading.text
    }
    if let message = setup.invariant?(model, screen) {
      return failure(.invariant, message, before: before)
    }
    return nil
  }

  /// A broken rule of the library's parts, pinned headers or selection.
  private func brokenRule() -> String? {
    let collectionView = screen.collectionView
    // With internal checks on (debug builds), the library checks its parts
    // after every pass and root already, and stops on the first broken one.
    if !internalChecksEnabled {
      let broken = collectionView.inspection.invariantViolations() + screen.dataSource.inspection.invariantViolations()
      if let first = broken.first { return "\(first)" }
    }
    let visible = collectionView.indexPathsForVisibleItems.map(\.item)
    let top = collectionView.contentOffset.y
    let bottom = top + collectionView.bounds.height
    let unpinnable = collectionView.unpinnableHeaderBlocks
    // A block too long for the room scrolls with its items, as documented.
    for range in collectionView.pinnedItemRanges where !unpinnable.contains(range.header.lowerBound) {
      guard visible.contains(where: { range.section.contains($0) && !range.header.contains($0) }) else { continue }
      for header in range.header {
        let path = IndexPath(item: header, section: 0)
        guard let frame = collectionView.layoutAttributesForItem(at: path)?.frame,
          frame.maxY > top && frame.minY < bottom
        else {
          let name = screen.dataSource.inspection.itemIdentity(at: header)?.identifier ?? "\(header)"
          return "the pinned header `\(name)` is not in view while items of its section are"
        }
      }
    }
    let count = screen.dataSource.itemCount
    if let stray = collectionView.indexPathsForSelectedItems.first(where: { $0.item >= count }) {
      return "item \(stray.item) is selected, but the list has \(count) items"
    }
    return nil
  }

  /// Work of the step, from its start through its last layout pass,
  /// beyond what its roots changed and what is visible.
  private func excessWork() -> String? {
    let dataSource = screen.dataSource
    let counts = dataSource.inspection.workCounts.work(since: totalsAtStepStart)
    // Carousels' and grids' items count as the list's: those visible,
    // those changed, and each one's working range.
    let carousels = dataSource.inspection.nestedListsOnScreen
    let visible = screen.collectionView.indexPathsForVisibleItems.count + carousels.visibleItems
    // A grid whose column width changed re-flows whole, however little changed.
    let changed = changedItems + nestedChanges
    let configuredBound = visible + changed
    if counts.cellsConfigured > configuredBound {
      return "the step configured \(counts.cellsConfigured) cells; \(visible) are visible and "
        + "\(changed) items changed"
    }
    let workingRange = dataSource.workingRangeSize * (1 + carousels.count)
    let sizeBound = visible + changed + workingRange
    if counts.sizeRequests > sizeBound {
      return "the step asked \(counts.sizeRequests) sizes; \(visible) items are visible, \(changed) "
        + "changed and the working ranges hold \(workingRange)"
    }
    return nil
  }

  /// A new screen given the model's root, the same size and selection,
  /// scrolled so that the first item in view (other than a pinned header)
  /// is where it is here: what this one should draw, and read to VoiceOver.
  private func makeFreshScreen() -> ListScreen {
    let collectionView = screen.collectionView
    let fresh = Self.makeScreen(
      setup, width: Int(collectionView.bounds.width), height: Int(collectionView.bounds.height), async: false,
      at: sourceLocation)
    let freshView = fresh.collectionView
    // Estimated sizes, so that the new screen sizes only the items near
    // its viewport (the check costs what is visible, not the list's length).
    if freshView.collectionViewLayout.estimatedItemSize == .zero {
      freshView.collectionViewLayout.estimatedItemSize = CGSize(width: collectionView.bounds.width, height: 1)
    }
    // Which outline rows are expanded is the data source's, by identity.
    fresh.dataSource.inspection.expandedItems = screen.dataSource.inspection.expandedItems
    Self.setRootAndWait(setup.root(model), on: fresh)
    // What controllers keep of their own (an expanded row) is not in the
    // root: the new screen's controllers take it over, item by item.
    for controller in screen.dataSource.inspection.controllersWithUpdatedViewState {
      guard let item = ListDiffInspection.itemID(of: controller), let index = index(of: item, in: fresh)
      else { continue }
      guard let target = fresh.dataSource.inspection.cellController(at: index) else { continue }
      screen.dataSource.inspection.copyViewState(of: controller, to: target)
    }
    // So are the selection and the focus, by identity (before the scroll
    // below, which a focus change would otherwise move).
    fresh.dataSource.allowsMultipleSelection = screen.dataSource.allowsMultipleSelection
    for id in screen.dataSource.selection { fresh.dataSource.select(id) }
    if let focus = screen.dataSource.focusedItem { fresh.dataSource.focusedItem = focus }
    freshView.layoutIfNeeded()
    // Carousels scrolled, and carousels and grids focused, selected and
    // with view states within, as here: before the list is aimed, since
    // their view states size their rows.
    for state in screen.dataSource.inspection.nestedListStates { fresh.dataSource.inspection.restore(state) }
    if let anchor = anchor(), let index = index(of: anchor.item, in: fresh) {
      // Sizes resolved on the way move the item: the collection aims
      // again until it stays.
      let path = IndexPath(item: index, section: 0)
      freshView.aim {
        let top = freshView.layoutAttributesForItem(at: path)?.frame.minY ?? freshView.contentOffset.y - anchor.offset
        return CGPoint(x: collectionView.contentOffset.x, y: top + anchor.offset)
      }
    } else {
      freshView.setContentOffset(collectionView.contentOffset, animated: false)
      freshView.layoutIfNeeded()
    }
    return fresh
  }

  /// The first item in view that is not a pinned header, and how far the
  /// viewport's top is below its top.
  private func anchor() -> (item: ListItemID, offset: CGFloat)? {
    let collectionView = screen.collectionView
    let headers = collectionView.pinnedItemRanges.map(\.header)
    for path in collectionView.indexPathsForVisibleItems.sorted(by: { $0.item < $1.item })
    where !headers.contains(where: { $0.contains(path.item) }) {
      guard let frame = collectionView.layoutAttributesForItem(at: path)?.frame,
        let identity = screen.dataSource.inspection.itemIdentity(at: path.item)
      else { continue }
      return (identity, collectionView.contentOffset.y - frame.minY)
    }
    return nil
  }

  /// The index of `item` on `screen`: its identifier in exactly its sections.
  ///
  /// - Complexity: O(1) when the first item with the identifier within
  ///   those sections is it, else O(*n*).
  func index(of item: ListItemID, in screen: ListScreen) -> Int? {
    let dataSource = screen.dataSource
    if let path = dataSource.indexPath(forIdentifier: item.identifier, sectionPath: item.sectionPath),
      let found = dataSource.inspection.itemIdentity(at: path.item), found.sectionPath == item.sectionPath
    {
      return path.item
    }
    return dataSource.inspection.itemIdentities.firstIndex {
      $0.identifier == item.identifier && $0.sectionPath == item.sectionPath
    }
  }
}
