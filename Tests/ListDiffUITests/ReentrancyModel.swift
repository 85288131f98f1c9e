import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// Drives a data source with random steps — roots (with headers and
/// footers, pinned and nested), scrolls, drags, drags to reorder, taps,
/// state changes, resizes, working-range sizes — while it sets roots from
/// inside every callback it can hear (controller hooks, `itemSize`,
/// `canMove`, the working-range hooks, the update and move handlers,
/// completions, the collection-view delegate), and checks the lifecycle,
/// the moves reported and the working-range hooks as it goes, and the screen
/// (pinned headers included) and the working range once all is applied.
///
/// Which root the data source is applying is learnt from the root itself:
/// every root starts with a marker section whose transform (run when the
/// root is flattened, just before it is applied) records the root's serial
/// and leaves its model out.
@MainActor
final class ReentrancyModel: CollectionViewDelegateFlowLayout {
  let seed: UInt64
  let collectionView: CollectionView
  private(set) var dataSource: ListDiffDataSource!
  private var generator: SeededGenerator

  /// Broken rules, each with the step it was found in.
  private(set) var violations: [String] = []
  /// The last events, for the failure message.
  private var trace: [(step: Int, entry: TraceEntry)] = []
  private(set) var step = 0
  /// Roots a callback may still set in this step (so that roots setting
  /// roots from their callbacks end).
  private var reentryBudget = 0
  /// One in this many callbacks sets a root (none when zero).
  private let reentryOdds: Int
  /// Defects of the data source the model steers around or tolerates, so
  /// that it can look for others (Issue9FailingTests shows each).
  struct KnownDefects: OptionSet {
    let rawValue: Int
    /// A state change made outside every callback configures the cell
    /// outside every callback, so a root set from that `configureCell` is
    /// applied before the cell's `cellDidLayoutSubviews`. Avoided: no root
    /// is set from such a `configureCell`.
    static let rootFromConfigureOfStateChange = KnownDefects(rawValue: 1)
    /// Without `applyUpdatesAsync`, a root set from `scrollViewDidScroll` is
    /// applied before the scroll's layout, whose cells are then made for the
    /// deleted items, with new controllers that are never retired. Avoided:
    /// no root is set from `scrollViewDidScroll` then.
    static let rootFromScrollViewDidScroll = KnownDefects(rawValue: 2)
    /// An item updated by a root that also moves it out of view is
    /// configured, then disappears (and may be unmounted) before its cell is
    /// laid out. Tolerated: the layout owed may give way to disappearance.
    static let updatedItemLeavingViewport = KnownDefects(rawValue: 4)

    static let all: KnownDefects = [
      .rootFromConfigureOfStateChange, .rootFromScrollViewDidScroll, .updatedItemLeavingViewport,
    ]
  }
  private let knownDefects: KnownDefects
  private var isChangingStateFromStep = false
  /// Hears every callback by its name (and controller), before the random
  /// re-entry: what scripted tests use to set roots from a given callback.
  var script: ((String, (any ReentrantControlling)?) -> Void)?
  /// With a script: every callback as "identifier:name" ("-" outside
  /// controllers), in order.
  private(set) var log: [String] = []
  /// Every diagnostic the data source reported (the first thousand).
  var diagnostics: [ListDiffDiagnostic] = []
  /// How many `invalidWorkingRangeSize` diagnostics the data source reported.
  private var invalidSizeReports = 0

  /// The callbacks the controller of `identifier` heard, by name, in order
  /// (`itemSize` left out).
  func events(of identifier: String) -> [String] {
    log.compactMap {
      $0.hasPrefix(identifier + ":") && !$0.hasSuffix(":itemSize")
        ? String($0.dropFirst(identifier.count + 1)) : nil
    }
  }

  // Roots
  private var lastRootSerial = -1
  /// What each root not yet superseded shows, moves the user made since
  /// included; root -1 is the empty start.
  private var expected: [Int: ExpectedRoot] = [-1: ExpectedRoot()]
  /// The shape of each root in `expected` (root id and body).
  private var shapes: [Int: (rootID: String?, body: RandomShape)] = [:]
  /// The root the data source's list was made from (moves aside).
  private var listSerial = -1
  private var nextCompletion = 0
  private let flattenedRoot = LockedValue<Int?>(nil)
  private var shownRoot = -1
  private(set) var rootsSet = 0
  private(set) var reentrantRoots = 0

  // Controllers and cells
  private var controllerSerial = 0
  private var controllers: [Int: WeakReentrant] = [:]
  private var cellOwners: [ObjectIdentifier: (cell: ListCell, owner: Int)] = [:]

  // Drags to reorder
  /// The drag under way: the item dragged and whether a root changed the
  /// list since it began (which cancels it: no move may be reported).
  private struct Drag {
    weak var controller: (any ReentrantControlling)?
    var identity: String
    var rootApplied = false
  }
  private var drag: Drag?
  private var isEndingDrag = false
  private var movesReported = 0
  private(set) var movesChecked = 0
  /// What the step does once the drag has ended and reported a move.
  private enum AfterMove { case nothing, carry, revert }
  private var afterMove = AfterMove.nothing
  /// A root carrying every move shown: applying it must change nothing.
  private var carryingSerial: Int?
  /// A root putting moved items back within their sections: applying it may
  /// only move items.
  private var revertingSerial: Int?
  /// Whether an item moved into another section since `listSerial` was shown.
  private var movedAcrossSections = false
  private(set) var carryingRoots = 0

  // Working range
  /// The working-range size set last (a negative one is off).
  private var rangeSize = 0
  /// The items entering the range in the current pass, by index; whether the
  /// pass sent an exit yet.
  private var rangeRun: [Int] = []
  private var rangeRunExited = false
  private(set) var rangeHooks = 0
  /// Screen checks that saw a pinned header drawn away from its place.
  private(set) var pinnedChecks = 0

  private struct WeakReentrant {
    weak var controller: (any ReentrantControlling)?
  }

  init(
    seed: UInt64 = 0, applyUpdatesAsync: Bool = false, reentryOdds: Int = 6,
    knownDefects: KnownDefects = []
  ) {
    self.seed = seed
    self.reentryOdds = reentryOdds
    self.knownDefects = knownDefects
    generator = SeededGenerator(seed: seed)
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 30), collectionViewLayout: layout)
    dataSource = ListDiffDataSource(
      collectionView: collectionView, applyUpdatesAsync: applyUpdatesAsync, contextObjects: self)
    dataSource.diagnosticHandler = { [unowned self] in
      if $0.kind == .invalidWorkingRangeSize { self.invalidSizeReports += 1 }
      if self.diagnostics.count < 1_000 { self.diagnostics.append($0) }
    }
    dataSource.collectionViewDelegate = self
    dataSource.updateHandler = { [unowned self] in self.rootApplied($0) }
    dataSource.moveHandler = { [unowned self] in self.moveReported($0) }
  }

  /// Whether every root set so far is shown and its completion has run.
  var isSettled: Bool { nextCompletion == lastRootSerial + 1 }

  /// Resumed once every root set so far has run its completion.
  private var settledWaiter: CheckedContinuation<Void, Never>?

  /// Returns once every root set so far has run its completion (a lost
  /// completion is caught by the test's time limit).
  func settle() async {
    // A completion may set another root after the waiter is resumed.
    while !isSettled {
      await withCheckedContinuation { settledWaiter = $0 }
    }
  }

  /// Records a violation unless every root set so far has been applied.
  func checkSettled(_ context: String) {
    if !isSettled {
      violate("\(context): root \(nextCompletion)'s completion has not run, \(lastRootSerial) roots set")
    }
  }

  // MARK: Steps

  /// Runs `count` steps of a model without `applyUpdatesAsync`, checking
  /// after each, until one breaks a rule. Yields the main actor every 8
  /// steps, so that other main-actor tests of the process run meanwhile.
  func runSynchronousSteps(_ count: Int) async {
    for index in 0..<count {
      if index % 8 == 0 { await Task.yield() }
      runStep()
      collectionView.layoutIfNeeded()
      checkSettled("after the step")
      checkScreen()
      if !violations.isEmpty { return }
    }
  }

  /// One random step from outside every callback.
  func runStep() {
    step += 1
    reentryBudget = 2
    let width = collectionView.bounds.width
    let height = collectionView.bounds.height
    switch Int.random(in: 0..<22, using: &generator) {
    case 0..<6:
      setRandomRoot(from: "step")
    case 6..<9:
      let maxY = max(0, collectionView.contentSize.height - height)
      let y = pinnedSectionOffset() ?? CGFloat(Int.random(in: -3...Int(maxY) + 3, using: &generator))
      collectionView.setContentOffset(CGPoint(x: 0, y: y), animated: false)
      collectionView.layoutIfNeeded()
    case 9..<11:
      let distance = CGFloat(Int.random(in: -40...40, using: &generator))
      let velocity = CGFloat([0, 0, 150, -150].randomElement(using: &generator)!)
      collectionView.drag(by: CGPoint(x: 0, y: distance), velocity: CGPoint(x: 0, y: velocity))
    case 11..<13:
      let item = Int.random(in: -1...dataSource.itemCount, using: &generator)
      collectionView.selectItem(at: IndexPath(item: item, section: 0))
    case 13..<16:
      isChangingStateFromStep = true
      changeRandomState()
      isChangingStateFromStep = false
    case 16..<18:
      runDragToReorder()
    case 18:
      setRandomWorkingRangeSize()
    case 19..<21:
      let newWidth = CGFloat(Int.random(in: 10...30, using: &generator))
      let newHeight = CGFloat(Int.random(in: 12...50, using: &generator))
      if width != newWidth || height != newHeight || Bool.random(using: &generator) {
        collectionView.frame = CGRect(x: 0, y: 0, width: newWidth, height: newHeight)
      }
      collectionView.layoutIfNeeded()
    default:
      collectionView.layoutIfNeeded()
    }
  }

  /// Half the time, when the list shown has a pinned section: an offset
  /// inside one, past its start, where its header is drawn away from its
  /// place (pinned, or pushed up by the section's end).
  private func pinnedSectionOffset() -> CGFloat? {
    guard Bool.random(using: &generator), let root = expected[lastRootSerial],
      let pin = root.pins.randomElement(using: &generator)
    else { return nil }
    let heights = root.shownItems.map(\.viewModel.height)
    let start = heights[..<pin.section.lowerBound].reduce(0, +)
    let end = start + heights[pin.section].reduce(0, +)
    return CGFloat(Int.random(in: Int(start)...Int(end), using: &generator))
  }

  /// How many steps the asynchronous test runs before it waits for the
  /// roots in flight: 1 to 3.
  func randomBurst() -> Int { Int.random(in: 1...3, using: &generator) }

  private func changeRandomState() {
    let live = controllers.values.compactMap(\.controller).filter { !$0.isDeleted }
      .sorted { $0.serial < $1.serial }
    guard let controller = live.randomElement(using: &generator) else { return }
    var state = controller.state
    if Bool.random(using: &generator) {
      state.note = ["", "n1", "n2"].randomElement(using: &generator)!
    } else {
      state.extraHeight = [0, 3].randomElement(using: &generator)!
    }
    controller.setState(state)
  }

  /// Sets a new random root, noting what it must show.
  func setRandomRoot(from source: String) {
    let rootID: String? = Int.random(in: 0..<10, using: &generator) == 0 ? "r" : nil
    let body = RandomShape.random(depth: 0, headers: true, using: &generator)
    setRoot(body, rootID: rootID, animate: Bool.random(using: &generator), from: source)
  }

  /// Sets the working-range size at random, sometimes to zero (off) or
  /// below (reported, and off).
  private func setRandomWorkingRangeSize() {
    if Int.random(in: 0..<4, using: &generator) == 0 {
      dataSource.allowsMovingBetweenSections.toggle()
      return
    }
    let size = [0, 0, 0, 0, 1, 2, -1].randomElement(using: &generator)!
    let reported = invalidSizeReports
    endRangeRun()
    rangeSize = max(0, size)
    dataSource.workingRangeSize = size
    endRangeRun()
    if dataSource.workingRangeSize != rangeSize {
      violate("workingRangeSize is \(dataSource.workingRangeSize) after setting \(size)")
    }
    let invalid = invalidSizeReports - reported
    if (size < 0) != (invalid == 1) {
      violate("setting workingRangeSize to \(size) reported \(invalid) invalid-size diagnostics")
    }
  }

  /// Sets the root `body` (behind the marker section), noting what it must
  /// show; `completion` runs after the model's own check of the completion.
  func setRoot(
    _ body: RandomShape, rootID: String? = nil, animate: Bool = false, from source: String,
    completion: (@MainActor () -> Void)? = nil
  ) {
    lastRootSerial += 1
    rootsSet += 1
    let serial = lastRootSerial
    var expectation = ExpectedRoot()
    let rootPath = rootID.map { ["=\($0)"] } ?? []
    let bodySection = expectation.build(body, path: rootPath + [body.id.map { "=\($0)" } ?? "#1"])
    expected[serial] = expectation
    shapes[serial] = (rootID, body)
    let recorder = flattenedRoot
    let marker = ListSection<Int, ReentrantController>([serial]) { serial in
      recorder.withValue { $0 = serial }
      return nil
    }
    note(.root(serial, source, expectation.items))
    dataSource.setRootSection(CompositeSection([marker, bodySection], id: rootID), animate: animate) {
      [unowned self] in
      self.completionRan(serial)
      completion?()
    }
  }

  /// The expected tag of an item with `identifier` in a root made by
  /// ``setRoot(_:rootID:animate:from:completion:)`` of one list section
  /// without an id.
  static func tag(ofListItem identifier: String) -> String { "#1|item|" + identifier }

  /// A callback named `source` runs (in `controller`, for controller hooks):
  /// the script hears it, then maybe a random root is set.
  func reenter(from source: String, controller: (any ReentrantControlling)? = nil) {
    if let script {
      log.append("\(controller?.identifier ?? "-"):\(source)")
      script(source, controller)
    }
    guard reentryOdds > 0, reentryBudget > 0, Int.random(in: 0..<reentryOdds, using: &generator) == 0
    else { return }
    if knownDefects.contains(.rootFromConfigureOfStateChange) && isChangingStateFromStep
      && source == "configureCell"
    {
      return
    }
    if knownDefects.contains(.rootFromScrollViewDidScroll) && !dataSource.applyUpdatesAsync
      && source == "scrollViewDidScroll"
    {
      return
    }
    reentryBudget -= 1
    reentrantRoots += 1
    setRandomRoot(from: source)
  }

  // MARK: What the data source reports

  private func completionRan(_ serial: Int) {
    note(.completion(serial))
    let shown = flattenedRoot.withValue { $0 } ?? -1
    if shown > listSerial {
      listSerial = shown
      movedAcrossSections = false
    }
    if serial != nextCompletion {
      violate("completion of root \(serial) ran when root \(nextCompletion)'s was due")
    }
    nextCompletion = max(nextCompletion, serial + 1)
    if isSettled, let waiter = settledWaiter {
      settledWaiter = nil
      waiter.resume()
    }
    // Completions run right after their root, or a newer one, is applied:
    // the root flattened last.
    let applied = flattenedRoot.withValue { $0 } ?? -1
    if applied < serial {
      violate("completion of root \(serial) ran when root \(applied) was applied last")
    }
    reenter(from: "completion")
  }

  /// A root was applied (it changed something): controllers of items it
  /// deleted are gone for good.
  private func rootApplied(_ update: ListDiffUpdate) {
    guard let serial = flattenedRoot.withValue({ $0 }) else {
      violate("a root was applied that was never flattened")
      return
    }
    note(.applied(serial))
    drag?.rootApplied = true
    if serial == carryingSerial {
      violate("root \(serial), carrying the moves shown, changed something: \(update)")
    }
    if serial == revertingSerial,
      !(update.inserts.isEmpty && update.deletes.isEmpty && update.updates.isEmpty && !update.moves.isEmpty)
    {
      violate("root \(serial), putting moved items back, did more than move them: \(update)")
    }
    if serial < shownRoot { violate("root \(serial) applied after root \(shownRoot)") }
    for old in expected.keys where old < serial {
      expected[old] = nil
      shapes[old] = nil
    }
    shownRoot = serial
    let tags = Set((expected[serial]?.shownItems ?? []).map(\.identity))
    for (key, entry) in controllers {
      guard let controller = entry.controller else {
        controllers[key] = nil
        continue
      }
      guard !controller.isDeleted, !tags.contains(controller.tag) else { continue }
      controller.isDeleted = true
      if !controller.grammar.isUnmounted {
        violate("controller \(controller.serial) of deleted \(controller.tag) is still mounted")
      }
    }
    reenter(from: "updateHandler")
  }

  func nextControllerSerial() -> Int {
    controllerSerial += 1
    return controllerSerial
  }

  func controllerCreated(_ controller: any ReentrantControlling) {
    if controller.tag.isEmpty { return }  // a root's marker: never shown
    for entry in controllers.values {
      if let other = entry.controller, !other.isDeleted, other.tag == controller.tag {
        violate("controllers \(other.serial) and \(controller.serial) both for \(controller.tag)")
      }
    }
    controllers[controller.serial] = WeakReentrant(controller: controller)
    note(.created(controller.serial, controller.tag))
  }

  /// A controller heard `event`.
  func heard(_ event: LifecycleGrammar.Event, by controller: any ReentrantControlling, cell: ListCell?) {
    note(.event(controller.serial, event, cell.map { ObjectIdentifier($0).hashValue & 0xFFFF }))
    endRangeRun()
    if controller.isDeleted {
      violate("\(event) to controller \(controller.serial) after its item \(controller.tag) was deleted")
    }
    let startsMount = event == .configureCell && controller.grammar.isUnmounted
    let tolerance = knownDefects.contains(.updatedItemLeavingViewport)
    if let problem = controller.grammar.accept(event, cell: cell, layoutMayGiveWay: tolerance) {
      violate("controller \(controller.serial) (\(controller.tag)): \(problem)")
    }
    if let cell {
      let key = ObjectIdentifier(cell)
      if startsMount, let owner = cellOwners[key]?.owner, owner != controller.serial {
        violate("cell mounted on \(controller.serial) while still mounted on \(owner)")
      }
      if event == .didMount { cellOwners[key] = (cell, controller.serial) }
      if event == .willUnmount, cellOwners[key]?.owner == controller.serial { cellOwners[key] = nil }
    }
    reenter(from: event.rawValue, controller: controller)
  }

  // MARK: Collection-view delegate

  func scrollViewDidScroll(_ collectionView: CollectionView) { reenter(from: "scrollViewDidScroll") }

  func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
    reenter(from: "didSelectItemAt")
  }

  func collectionViewDidLayout(_ collectionView: CollectionView) {
    endRangeRun()
    reenter(from: "collectionViewDidLayout")
  }

  // MARK: Checking the screen

  /// Once every root is applied: the collection shows the last root set
  /// (with the moves the user made since), exactly, each visible cell
  /// mounted on its item's controller, configured and laid out with its
  /// current view model and state, drawn where the layout and pinning say
  /// (the pinned headers of the sections in view at the top, stacked and
  /// pushed), with appearance as its frame says; and the working range is
  /// what the viewport and `workingRangeSize` make it.
  func checkScreen() {
    guard let root = expected[lastRootSerial] else {
      violate("no expectation for root \(lastRootSerial)")
      return
    }
    let items = root.shownItems
    if dataSource.itemCount != items.count || collectionView.numberOfItems(inSection: 0) != items.count {
      violate(
        "\(dataSource.itemCount) items (collection: \(collectionView.numberOfItems(inSection: 0))), "
          + "expected \(items.count)")
      return
    }
    var live: [String: any ReentrantControlling] = [:]
    for entry in controllers.values {
      guard let controller = entry.controller, !controller.isDeleted else { continue }
      live[controller.tag] = controller
    }
    let bounds = collectionView.bounds
    let frames = ScreenModel(
      heights: items.map { $0.viewModel.height + (live[$0.identity]?.state.extraHeight ?? 0) },
      pins: root.sortedPins, width: bounds.width, low: bounds.minY, high: bounds.maxY)
    var visibleOwners: Set<Int> = []
    var visibleItems: Set<Int> = []
    for case let cell as ReentrantCell in collectionView.visibleCells {
      guard let index = collectionView.indexPath(for: cell)?.item, items.indices.contains(index) else {
        violate("a visible cell has no index path")
        continue
      }
      visibleItems.insert(index)
      let item = items[index]
      if cell.shown != item.viewModel {
        violate("item \(index) shows \(String(describing: cell.shown)), expected \(item.viewModel)")
      }
      if cell.laidOut != cell.shown { violate("item \(index) not laid out since its configureCell") }
      guard let owner = cellOwners[ObjectIdentifier(cell)]?.owner,
        let controller = controllers[owner]?.controller
      else {
        violate("the cell of item \(index) (\(item.identity)) is mounted on no live controller")
        continue
      }
      visibleOwners.insert(owner)
      if controller.tag != item.identity { violate("the cell of \(item.identity) is mounted on \(controller.tag)") }
      if cell.shownNote != controller.state.note { violate("the cell of \(item.identity) shows an old state") }
      if cell.frame != frames.drawn[index] {
        violate("the cell of \(item.identity) (item \(index)) is at \(cell.frame), expected \(frames.drawn[index])")
      }
      if frames.drawn[index] != frames.natural[index] { pinnedChecks += 1 }
      let appearance = bounds.contains(cell.frame) ? 2 : bounds.intersects(cell.frame) ? 1 : 0
      if controller.grammar.appearance != appearance {
        violate("\(item.identity) has appearance \(controller.grammar.appearance), its frame says \(appearance)")
      }
    }
    if visibleItems != frames.visible {
      violate("items \(visibleItems.sorted()) have visible cells, the frames say \(frames.visible.sorted())")
    }
    let identities = Set(items.map(\.identity))
    var liveCount = 0
    for entry in controllers.values {
      guard let controller = entry.controller, !controller.isDeleted else { continue }
      liveCount += 1
      if !identities.contains(controller.tag) {
        violate("controller \(controller.serial) of \(controller.tag) outlived its item")
      }
      if !visibleOwners.contains(controller.serial) && controller.grammar.appearance != 0 {
        violate("controller \(controller.serial) of \(controller.tag) appeared without a visible cell")
      }
    }
    if liveCount != dataSource.inspection.cellControllerCount {
      violate("\(liveCount) live controllers, the data source keeps \(dataSource.inspection.cellControllerCount)")
    }
    checkWorkingRange(frames.workingRange(size: rangeSize).map { items[$0].identity }, live: live)
  }

  /// Exactly the controllers of `inRange` (identities) are in the working
  /// range, each having heard `willEnterWorkingRange` last.
  private func checkWorkingRange(_ inRange: [String], live: [String: any ReentrantControlling]) {
    let members = Set(inRange)
    for identity in inRange where live[identity]?.inWorkingRange != true {
      violate("\(identity) is in the working range (size \(rangeSize)) but its controller is not")
    }
    for (identity, controller) in live where controller.inWorkingRange && !members.contains(identity) {
      violate("\(identity)'s controller is in the working range (size \(rangeSize)); the item is not")
    }
  }

  // MARK: Drags to reorder

  /// Drags a random item by hand: begins, moves over random places (a root
  /// arriving now and then, one deleting the dragged item, the rule on
  /// moving between sections flipped), then ends or cancels; once a move is
  /// reported, sometimes sets a root carrying it, or one putting it back.
  private func runDragToReorder() {
    guard dataSource.itemCount > 0 else { return }
    let index = Int.random(in: 0..<dataSource.itemCount, using: &generator)
    let listed = expected[listSerial]?.shownItems ?? []
    let identity = index < listed.count ? listed[index].identity : ""
    let controller = controllers.values.lazy.compactMap(\.controller).first {
      !$0.isDeleted && $0.tag == identity
    }
    // Most drags hear no root from their own callbacks until they end (a
    // root applied cancels a drag, and the layout passes of a drag make many
    // callbacks): so that most drags end in a move.
    let budget = reentryBudget
    if Int.random(in: 0..<4, using: &generator) != 0 { reentryBudget = 0 }
    defer { reentryBudget = budget }
    // Set first: canMove may set a root, which applied cancels the drag.
    drag = Drag(controller: controller, identity: identity)
    guard collectionView.beginInteractiveMovementForItem(at: IndexPath(item: index, section: 0)) else {
      drag = nil
      return
    }
    if controller == nil { violate("a drag of item \(index) began with no live controller for \(identity)") }
    for _ in 0..<Int.random(in: 1...3, using: &generator) {
      let x = CGFloat(Int.random(in: 0...Int(collectionView.bounds.width), using: &generator))
      let y = CGFloat(
        Int.random(in: -5...Int(collectionView.contentSize.height) + 5, using: &generator))
      collectionView.updateInteractiveMovementTargetPosition(CGPoint(x: x, y: y))
      switch Int.random(in: 0..<24, using: &generator) {
      case 0, 1: setRandomRoot(from: "during a drag")
      case 2: setRootDeleting(identity)
      case 3: dataSource.allowsMovingBetweenSections.toggle()
      default: break
      }
    }
    movesReported = 0
    afterMove = .nothing
    reentryBudget = budget
    if Int.random(in: 0..<4, using: &generator) == 0 {
      collectionView.cancelInteractiveMovement()
    } else {
      isEndingDrag = true
      collectionView.endInteractiveMovement()
      isEndingDrag = false
    }
    drag = nil
    switch afterMove {
    case .carry: setCarryingRoot(from: "after a move")
    case .revert: setRevertingRoot(from: "after a move")
    case .nothing: break
    }
    afterMove = .nothing
  }

  /// Sets the shape of the list shown without the item `identity`.
  private func setRootDeleting(_ identity: String) {
    guard let shape = shapes[listSerial], let root = expected[listSerial],
      let item = root.shownItems.first(where: { $0.identity == identity })
    else { return setRandomRoot(from: "during a drag") }
    let body = shape.body.changingLeaf(item.leaf) { $0.removeAll { $0.identifier == item.viewModel.identifier } }
    setRoot(body, rootID: shape.rootID, from: "deleting the dragged item")
  }

  /// The data source reported a finished drag: checks it against the drag
  /// and the list shown, and takes the move into the model.
  private func moveReported(_ move: ListItemMove) {
    note(.move(move))
    movesReported += 1
    // A root still on its way was set before this move: it neither carries
    // it nor puts back only what it moved.
    carryingSerial = nil
    revertingSerial = nil
    guard isEndingDrag, let drag else { return violate("\(move) reported outside the end of a drag") }
    if movesReported > 1 { violate("\(movesReported) moves reported for one drag") }
    if drag.rootApplied { violate("\(move) reported after a root changed the list during the drag") }
    guard var root = expected[listSerial],
      let from = root.shownItems.firstIndex(where: { $0.identity == drag.identity })
    else { return violate("\(move) reported for \(drag.identity), which the list does not show") }
    guard let controller = drag.controller, let to = dataSource.inspection.shownIndex(of: controller) else {
      return violate("\(move) reported for an item without a live controller")
    }
    let item = root.shownItems[from]
    var others = root.shownItems
    others.remove(at: from)
    func position(in leaf: Int, before end: Int, of list: [ExpectedRoot.Item]) -> Int {
      list[..<end].reduce(0) { $0 + ($1.leaf == leaf ? 1 : 0) }
    }
    let fromIndex = position(in: item.leaf, before: from, of: root.shownItems)
    if move.identifier != item.viewModel.identifier || move.fromIndex != fromIndex
      || move.sectionPath != root.leaves[item.leaf].names
    {
      violate("\(move) reported for \(item.identity), item \(fromIndex) of its section")
    }
    // The leaf it joined: its neighbour's, before or after it.
    var candidates: [(leaf: Int, after: Bool)] = []
    if to > 0 { candidates.append((others[to - 1].leaf, true)) }
    if to < others.count { candidates.append((others[to].leaf, false)) }
    if candidates.isEmpty { candidates.append((item.leaf, false)) }
    guard
      let destination = candidates.first(where: {
        position(in: $0.leaf, before: to, of: others) == move.toIndex
          && root.leaves[$0.leaf].names == move.toSectionPath
      })
    else { return violate("\(move): item \(to) now, in no section beside it at index \(move.toIndex)") }
    let leaf = root.leaves[destination.leaf]
    let source = root.leaves[item.leaf]
    if destination.leaf == item.leaf && to == from { violate("\(move) changes nothing") }
    if destination.leaf != item.leaf {
      let allowed =
        dataSource.allowsMovingBetweenSections && !leaf.isHeaderOrFooter && leaf.alternate == source.alternate
        && !others.contains { $0.leaf == destination.leaf && $0.viewModel.identifier == move.identifier }
      if !allowed { violate("\(move) into a section it may not enter") }
    }
    if source.isHeaderOrFooter { violate("\(move) of an item of a header or footer") }
    movesChecked += 1
    root.moveItem(from: from, to: to, into: destination.leaf, afterNeighbour: destination.after)
    expected[listSerial] = root
    if destination.leaf != item.leaf { movedAcrossSections = true }
    controller.tag = root.shownItems[to].identity
    reenter(from: "moveHandler")
    guard isSettled else { return }
    switch Int.random(in: 0..<6, using: &generator) {
    case 0: setCarryingRoot(from: "moveHandler")
    case 1: setRevertingRoot(from: "moveHandler")
    case 2: afterMove = .carry
    case 3: afterMove = .revert
    default: break
    }
  }

  /// Sets the root shown with every move since made in it, as an app's
  /// model does: applying it must change nothing when its items are those
  /// shown (not so when a root is still on its way).
  private func setCarryingRoot(from source: String) {
    guard let shape = shapes[listSerial], let root = expected[listSerial] else { return }
    let isShown = isSettled
    // The section each item of the list shown is in: rebuilt from the items.
    var body = shape.body
    for leaf in root.leaves.indices {
      let wanted = root.shownItems.filter { $0.leaf == leaf }
      let hidesValue2 = root.leaves[leaf].transformed
      body = body.changingLeaf(leaf) { items in
        // The models its transform leaves out stay; repeats, never shown, go.
        items =
          wanted.map {
            RandomShape.Item(
              identifier: $0.viewModel.identifier, value: $0.viewModel.value, height: $0.viewModel.height,
              tag: $0.viewModel.tag == $0.identity ? nil : $0.viewModel.tag)
          } + (hidesValue2 ? items.filter { $0.value == 2 } : [])
      }
    }
    setRoot(body, rootID: shape.rootID, from: source)
    carryingRoots += 1
    // Only a root whose items are exactly those shown must change nothing.
    if isShown, let carried = expected[lastRootSerial], carried.shownItems == root.shownItems {
      carryingSerial = lastRootSerial
    }
  }

  /// Sets the shape of the root shown again, without the moves made since.
  private func setRevertingRoot(from source: String) {
    guard let shape = shapes[listSerial] else { return }
    let onlyMoves = isSettled && !movedAcrossSections
    setRoot(shape.body, rootID: shape.rootID, from: source)
    if onlyMoves { revertingSerial = lastRootSerial }
  }

  // MARK: Working range

  /// A controller heard a working-range hook: entering only when out of the
  /// range, with the range on, in viewport order and before any exit of the
  /// same pass; exiting only when in it.
  func heardWorkingRange(entering: Bool, by controller: any ReentrantControlling) {
    note(.range(controller.serial, entering))
    rangeHooks += 1
    if controller.isDeleted { violate("a working-range hook to controller \(controller.serial) of a deleted item") }
    if entering {
      if controller.inWorkingRange { violate("controller \(controller.serial) entered the working range twice") }
      if rangeSize == 0 { violate("controller \(controller.serial) entered the working range while it is off") }
      if rangeRunExited { violate("controller \(controller.serial) entered after an exit of the same pass") }
      if let index = dataSource.inspection.shownIndex(of: controller) {
        if let last = rangeRun.last, index <= last {
          violate("item \(index) entered the working range after item \(last)")
        }
        rangeRun.append(index)
      } else {
        violate("controller \(controller.serial) of no item entered the working range")
      }
    } else {
      if !controller.inWorkingRange { violate("controller \(controller.serial) exited the working range it was not in") }
      rangeRunExited = true
    }
    controller.inWorkingRange = entering
    reenter(from: entering ? "willEnterWorkingRange" : "didExitWorkingRange", controller: controller)
  }

  /// A working-range pass can have ended: order is checked within one.
  private func endRangeRun() {
    rangeRun.removeAll(keepingCapacity: true)
    rangeRunExited = false
  }

  // MARK: Reporting

  /// Expects `steps` random steps to have reached every feature: moves
  /// checked and carried in roots, working-range hooks, and (with
  /// `pinnedHeaders`; the asynchronous test checks the screen only once
  /// settled, too seldom to count on) pinned headers drawn away from their
  /// places, and (with `carryingRoots`) roots carrying a reported move: the
  /// asynchronous test reaches `moveHandler` settled too seldom to count on
  /// one per seed; `DragReentryTests` carries moves in that mode by hand.
  func expectFeaturesExercised(steps: Int, pinnedHeaders: Bool = true, carryingRoots expectCarrying: Bool = true) {
    let counts =
      "seed \(seed): \(movesChecked) moves, \(carryingRoots) carrying roots, \(rangeHooks) working-range hooks, "
      + "\(pinnedChecks) pinned cells, \(rootsSet) roots, \(reentrantRoots) re-entrant"
    #expect(movesChecked > steps / 500, Comment(rawValue: counts))
    if expectCarrying { #expect(carryingRoots > 0, Comment(rawValue: counts)) }
    #expect(rangeHooks > steps / 10, Comment(rawValue: counts))
    if pinnedHeaders { #expect(pinnedChecks > steps / 2_000, Comment(rawValue: counts)) }
    if ProcessInfo.processInfo.environment["REENTRY_COUNTS"] != nil { print(counts) }
  }

  /// One line of the trace, formatted only when a test fails.
  private enum TraceEntry {
    case root(Int, String, [ItemVM])
    case completion(Int)
    case applied(Int)
    case created(Int, String)
    case event(Int, LifecycleGrammar.Event, Int?)
    case move(ListItemMove)
    case range(Int, Bool)

    var description: String {
      switch self {
      case .root(let serial, let source, let items):
        return "root \(serial) set from \(source): \(items.map { "\($0.tag)=\($0.value)" })"
      case .completion(let serial): return "completion \(serial)"
      case .applied(let serial): return "applied root \(serial)"
      case .created(let serial, let tag): return "init \(serial) \(tag)"
      case .event(let serial, let event, let cell):
        return "\(serial) \(event)" + (cell.map { " cell \($0)" } ?? "")
      case .move(let move): return "moved \(move)"
      case .range(let serial, let entering):
        return "\(serial) " + (entering ? "willEnterWorkingRange" : "didExitWorkingRange")
      }
    }
  }

  private func note(_ entry: TraceEntry) {
    trace.append((step, entry))
    if trace.count > 1_000 { trace.removeFirst(500) }
  }

  private func violate(_ text: String) {
    if violations.count < 20 { violations.append("step \(step): \(text)") }
  }

  /// Every violation with the seed and the last events, for a failing
  /// expectation.
  var failureReport: String {
    "seed \(seed): " + violations.joined(separator: "\n") + "\nlast events:\n"
      + trace.suffix(400).map { "[\($0.step)] \($0.entry.description)" }.joined(separator: "\n")
  }
}
