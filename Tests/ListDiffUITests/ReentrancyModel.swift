import Foundation
import HeadlessCollection
import ListDiffUI
import TestSupport

/// Drives a data source with random steps — roots, scrolls, drags, taps,
/// state changes, resizes — while sets of roots from inside every callback
/// it can hear (controller hooks, `itemSize`, the update handler,
/// completions, the collection-view delegate), and checks the lifecycle as it
/// goes and the screen once all is applied.
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
  /// Every diagnostic the data source reported.
  var diagnostics: [ListDiffDiagnostic] = []

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
  /// What each root not yet superseded shows; root -1 is the empty start.
  private var expected: [Int: [ItemVM]] = [-1: []]
  private var nextCompletion = 0
  private let flattenedRoot = LockedValue<Int?>(nil)
  private var shownRoot = -1
  private(set) var rootsSet = 0
  private(set) var reentrantRoots = 0

  // Controllers and cells
  private var controllerSerial = 0
  private var controllers: [Int: WeakReentrant] = [:]
  private var cellOwners: [ObjectIdentifier: (cell: ListCell, owner: Int)] = [:]

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
      if self.diagnostics.count < 1_000 { self.diagnostics.append($0) }
    }
    dataSource.collectionViewDelegate = self
    dataSource.updateHandler = { [unowned self] _ in self.rootApplied() }
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
    switch Int.random(in: 0..<20, using: &generator) {
    case 0..<6:
      setRandomRoot(from: "step")
    case 6..<9:
      let maxY = max(0, collectionView.contentSize.height - height)
      let y = CGFloat(Int.random(in: -3...Int(maxY) + 3, using: &generator))
      collectionView.setContentOffset(CGPoint(x: 0, y: y), animated: false)
      collectionView.layoutIfNeeded()
    case 9..<11:
      let distance = CGFloat(Int.random(in: -40...40, using: &generator))
      let velocity = CGFloat([0, 0, 150, -150].randomElement(using: &generator)!)
      collectionView.drag(by: CGPoint(x: 0, y: distance), velocity: CGPoint(x: 0, y: velocity))
    case 11..<14:
      let item = Int.random(in: -1...dataSource.itemCount, using: &generator)
      collectionView.selectItem(at: IndexPath(item: item, section: 0))
    case 14..<17:
      isChangingStateFromStep = true
      changeRandomState()
      isChangingStateFromStep = false
    case 17..<19:
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
    let body = RandomShape.random(depth: 0, using: &generator)
    setRoot(body, rootID: rootID, animate: Bool.random(using: &generator), from: source)
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
    expected[serial] = expectation.items
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
  private func rootApplied() {
    guard let serial = flattenedRoot.withValue({ $0 }) else {
      violate("a root was applied that was never flattened")
      return
    }
    note(.applied(serial))
    if serial < shownRoot { violate("root \(serial) applied after root \(shownRoot)") }
    for old in expected.keys where old < serial { expected[old] = nil }
    shownRoot = serial
    let tags = Set((expected[serial] ?? []).map(\.tag))
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
    reenter(from: "collectionViewDidLayout")
  }

  // MARK: Checking the screen

  /// Once every root is applied: the collection shows the last root set,
  /// exactly, each visible cell mounted on its item's controller, configured
  /// and laid out with its current view model and state, and appearance as
  /// the viewport says.
  func checkScreen() {
    guard let items = expected[lastRootSerial] else {
      violate("no expectation for root \(lastRootSerial)")
      return
    }
    if dataSource.itemCount != items.count || collectionView.numberOfItems(inSection: 0) != items.count {
      violate(
        "\(dataSource.itemCount) items (collection: \(collectionView.numberOfItems(inSection: 0))), "
          + "expected \(items.count)")
      return
    }
    let bounds = collectionView.bounds
    var visibleOwners: Set<Int> = []
    for case let cell as ReentrantCell in collectionView.visibleCells {
      guard let index = collectionView.indexPath(for: cell)?.item, items.indices.contains(index) else {
        violate("a visible cell has no index path")
        continue
      }
      let item = items[index]
      if cell.shown != item {
        violate("item \(index) shows \(String(describing: cell.shown)), expected \(item)")
      }
      if cell.laidOut != cell.shown { violate("item \(index) not laid out since its configureCell") }
      guard let owner = cellOwners[ObjectIdentifier(cell)]?.owner,
        let controller = controllers[owner]?.controller
      else {
        violate("the cell of item \(index) (\(item.tag)) is mounted on no live controller")
        continue
      }
      visibleOwners.insert(owner)
      if controller.tag != item.tag { violate("the cell of \(item.tag) is mounted on \(controller.tag)") }
      if cell.shownNote != controller.state.note { violate("the cell of \(item.tag) shows an old state") }
      if cell.frame.height != item.height + controller.state.extraHeight {
        violate("the cell of \(item.tag) is \(cell.frame.height) high")
      }
      let appearance = bounds.contains(cell.frame) ? 2 : bounds.intersects(cell.frame) ? 1 : 0
      if controller.grammar.appearance != appearance {
        violate("\(item.tag) has appearance \(controller.grammar.appearance), its frame says \(appearance)")
      }
    }
    let tags = Set(items.map(\.tag))
    var live = 0
    for entry in controllers.values {
      guard let controller = entry.controller, !controller.isDeleted else { continue }
      live += 1
      if !tags.contains(controller.tag) { violate("controller \(controller.serial) of \(controller.tag) outlived its item") }
      if !visibleOwners.contains(controller.serial) && controller.grammar.appearance != 0 {
        violate("controller \(controller.serial) of \(controller.tag) appeared without a visible cell")
      }
    }
    if live != dataSource.cellControllerCount {
      violate("\(live) live controllers, the data source keeps \(dataSource.cellControllerCount)")
    }
  }

  // MARK: Reporting

  /// One line of the trace, formatted only when a test fails.
  private enum TraceEntry {
    case root(Int, String, [ItemVM])
    case completion(Int)
    case applied(Int)
    case created(Int, String)
    case event(Int, LifecycleGrammar.Event, Int?)

    var description: String {
      switch self {
      case .root(let serial, let source, let items):
        return "root \(serial) set from \(source): \(items.map { "\($0.tag)=\($0.value)" })"
      case .completion(let serial): return "completion \(serial)"
      case .applied(let serial): return "applied root \(serial)"
      case .created(let serial, let tag): return "init \(serial) \(tag)"
      case .event(let serial, let event, let cell):
        return "\(serial) \(event)" + (cell.map { " cell \($0)" } ?? "")
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
