import Foundation
import HeadlessCollection

/// How much of a controller's cell the visible bounds showed at the last
/// appearance pass, as its callbacks told it.
enum Appearance: Equatable {
  /// Not visible: no `didAppear` outstanding.
  case hidden
  /// Intersecting the bounds: `didAppear` sent, `willDisappear` owed.
  case partial
  /// Contained in the bounds: `didFullyAppear` sent too,
  /// `willPartiallyDisappear` owed first.
  case full
}

/// The one owner of every controller's ``Appearance``: which controllers'
/// cells were visible at the last layout pass, and the appearance callbacks
/// each pass, or an unmount, owes.
///
/// A controller *appears* while its cell's frame intersects the visible
/// bounds and *fully appears* while the bounds contain it. The state moves
/// one step per callback, and only here: `hidden → partial` (`didAppear`),
/// `partial → full` (`didFullyAppear`), `full → partial`
/// (`willPartiallyDisappear`), `partial → hidden` (`willDisappear`); the
/// caller sends the callback a step returns.
///
/// Each controller's appearance is kept on the controller, in its
/// `AppearanceSlot`, which only this file writes: a pass reads and steps
/// each visible controller's without hashing it (a scroll runs a pass
/// per step, over every cell on screen).
///
/// Invariants:
/// - every controller whose appearance is not `.hidden` is in
///   `lastVisible`, outside a pass;
/// - every step is one of the four above, so a controller hears `didAppear`
///   before `didFullyAppear`, and `willPartiallyDisappear` before
///   `willDisappear`;
/// - at most one pass runs at a time (asserted: passes start only from the
///   collection view's `collectionViewDidLayout`, which a layout pass sends
///   after its callbacks, never inside one of them), so the appearances a
///   pass marks as owed (`owes`) are read only by that pass, and
///   `visibleNow` holds the controllers seen only while one runs;
/// - `settled`, when set, names inputs under which a whole pass ran and
///   changed none of them: another pass under the same inputs owes nothing.
///   Anything else that changes appearance clears it (`forget`) or changes
///   the inputs (`noteLinkChange`).
@MainActor
struct AppearanceTracker {
  /// What a pass reads: the collection view's cells and frames (its
  /// `displayGeneration`), the links between cells and controllers, and
  /// the visible bounds.
  struct Inputs: Equatable {
    var display: UInt64
    var links: UInt64
    var bounds: CGRect
  }

  /// Counts the links made or broken between cells and controllers.
  private(set) var linkChanges: UInt64 = 0
  /// The inputs of the last pass that ran whole with nothing changing them.
  private var settled: Inputs?

  /// The controllers visible at the last pass, in display order: the order
  /// disappearance callbacks go out in.
  private var lastVisible: [AnyListCellController] = []
  /// The controllers seen by the pass running, in display order (empty
  /// outside one): the buffer of the pass before the last, reused.
  private var visibleNow: [AnyListCellController] = []
  /// The number of the pass running or last run: what a controller's slot
  /// is marked with while visible in it.
  private var pass: UInt64 = 0
  private var isRunning = false

  /// The callbacks one pass owes, in the order they are sent: the
  /// disappearances listed, then, among `visible`, each `didAppear` and
  /// each `didFullyAppear` that `owes(_:_:)` marks. (Marked on the
  /// controllers rather than listed: a scroll by a viewport owes both to
  /// every cell it shows, and two more arrays of them cost a retain and a
  /// release each.)
  struct Changes {
    var willPartiallyDisappear: [AnyListCellController] = []
    var willDisappear: [AnyListCellController] = []
    /// The controllers visible at this pass, in display order.
    var visible: [AnyListCellController] = []
  }

  /// The appearance `controller` was last told.
  ///
  /// - Complexity: O(1) expected.
  func appearance(of controller: AnyListCellController) -> Appearance {
    controller.appearanceSlot.appearance
  }

  /// Whether a pass under `inputs` would owe nothing: the last pass ran
  /// under the same ones. Why it pays: every layout pass ends in an
  /// appearance pass, and most (an update of items off screen, a layout
  /// that moved nothing) change nothing it reads; skipping spares an
  /// update's main-actor work a walk of every visible controller.
  ///
  /// - Complexity: O(1).
  func isSettled(under inputs: Inputs) -> Bool {
    settled == inputs
  }

  /// Records that a pass ran whole under `inputs` and left them unchanged.
  mutating func settle(under inputs: Inputs) {
    settled = inputs
  }

  /// Counts a link made or broken between a cell and a controller.
  mutating func noteLinkChange() {
    linkChanges &+= 1
  }

  /// Starts a pass: the controllers visible in it follow, with `see`,
  /// then `nextPass()` says what they are owed.
  mutating func begin() {
    assert(!isRunning, "an appearance pass never starts inside another")
    isRunning = true
    pass &+= 1
  }

  /// Ends the pass.
  mutating func end() {
    isRunning = false
  }

  /// Notes that `controller`'s cell intersects the bounds at this pass, and
  /// whether the bounds contain it; in display order.
  ///
  /// - Complexity: O(1) amortized.
  mutating func see(_ controller: AnyListCellController, contained: Bool) {
    controller.appearanceSlot.visibleIn = pass
    if contained { controller.appearanceSlot.containedIn = pass }
    visibleNow.append(controller)
  }

  /// Computes the pass from the controllers seen: lists the disappearances
  /// owed, and marks the appearances owed (`owes(_:_:)`). Changes no
  /// appearance: the caller takes each step with `step(_:_:)` as it sends
  /// the callbacks, since any of them may change what is mounted.
  ///
  /// - Complexity: O(*v*) in the number of controllers visible now or at
  ///   the last pass.
  mutating func nextPass() -> Changes {
    var changes = Changes()
    // Every shown controller was visible at the last pass: a controller
    // becomes shown only through a pass's `didAppear`.
    for controller in lastVisible {
      let slot = controller.appearanceSlot
      guard slot.appearance != .hidden else { continue }
      if slot.appearance == .full && slot.containedIn != pass {
        Self.append(controller, to: &changes.willPartiallyDisappear, reserving: lastVisible.count)
      }
      if slot.visibleIn != pass { Self.append(controller, to: &changes.willDisappear, reserving: lastVisible.count) }
    }
    // Loops, not `filter`: a closure formed on the main actor checks its
    // executor at every call.
    for controller in visibleNow {
      let slot = controller.appearanceSlot
      if slot.appearance == .hidden { controller.appearanceSlot.owesDidAppearIn = pass }
      if slot.containedIn == pass && slot.appearance != .full {
        controller.appearanceSlot.owesDidFullyAppearIn = pass
      }
    }
    // Handed over, not copied; the last pass's buffer, emptied (so that it
    // keeps no controller), serves the next pass.
    swap(&lastVisible, &visibleNow)
    visibleNow.removeAll(keepingCapacity: true)
    changes.visible = lastVisible
    return changes
  }

  /// Whether `controller` was owed `event` (`didAppear` or
  /// `didFullyAppear`) when this pass was computed: before any of its
  /// callbacks ran, as the disappearances were listed.
  ///
  /// - Complexity: O(1).
  func owes(_ event: ListLifecycleEvent, _ controller: AnyListCellController) -> Bool {
    switch event {
    case .didAppear: controller.appearanceSlot.owesDidAppearIn == pass
    case .didFullyAppear: controller.appearanceSlot.owesDidFullyAppearIn == pass
    default: false
    }
  }

  /// Appends `controller` to `list`, which is made room for `capacity` at
  /// its first element: most passes owe few callbacks or none (and make no
  /// array), while a scroll by a viewport owes one per cell, and an array
  /// grown an element at a time was copied several times in each.
  private static func append(
    _ controller: AnyListCellController, to list: inout [AnyListCellController], reserving capacity: Int
  ) {
    if list.isEmpty { list.reserveCapacity(capacity) }
    list.append(controller)
  }

  /// Takes the step `event` names for `controller`, if it is due from its
  /// present appearance; returns whether it was (and so whether to send it).
  mutating func step(_ event: ListLifecycleEvent, _ controller: AnyListCellController) -> Bool {
    let now = controller.appearanceSlot.appearance
    let next: Appearance
    switch (event, now) {
    case (.didAppear, .hidden): next = .partial
    case (.didFullyAppear, .partial): next = .full
    case (.willPartiallyDisappear, .full): next = .partial
    case (.willDisappear, .partial): next = .hidden
    default: return false
    }
    controller.appearanceSlot.appearance = next
    return true
  }

  /// The next disappearance callback `controller` is owed before its cell
  /// is unmounted (`willPartiallyDisappear`, then `willDisappear`), with
  /// the step taken; nil once it is hidden.
  mutating func nextDisappearance(of controller: AnyListCellController) -> ListLifecycleEvent? {
    switch appearance(of: controller) {
    case .full:
      _ = step(.willPartiallyDisappear, controller)
      return .willPartiallyDisappear
    case .partial:
      _ = step(.willDisappear, controller)
      return .willDisappear
    case .hidden:
      return nil
    }
  }

  /// Forgets a controller whose item was deleted, so that it is released now
  /// rather than at the next pass.
  mutating func forget(_ controller: AnyListCellController) {
    settled = nil
    controller.appearanceSlot.appearance = .hidden
    lastVisible.removeAll { $0 === controller }
  }

}

extension AppearanceTracker: DataSourcePart {
  /// The invariants that can be checked from here: what is broken, empty
  /// when all hold.
  ///
  /// - Complexity: O(*c* + *v*) in the live controllers and those
  ///   visible at the last pass.
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("AppearanceTracker")
    guard !isRunning else { return check.violations }
    let visible = Set(lastVisible.map(ObjectIdentifier.init))
    for controller in dataSource.controllers.all where controller.appearanceSlot.appearance != .hidden {
      check.expect(visible.contains(ObjectIdentifier(controller)), "a shown controller was visible")
    }
    for controller in lastVisible {
      check.expect(controller.appearanceSlot.visibleIn <= pass, "a controller is marked only by passes run")
    }
    check.expect(visibleNow.isEmpty, "no controller is held as seen outside a pass")
    return check.violations
  }
}

/// A controller's appearance as its callbacks told it, and the last passes
/// that found it visible and contained: kept on the controller, written
/// only by the `AppearanceTracker` (this file).
struct AppearanceSlot {
  /// What the controller's callbacks told it last.
  fileprivate(set) var appearance = Appearance.hidden
  /// The last pass that found its cell intersecting the bounds (0: none).
  fileprivate(set) var visibleIn: UInt64 = 0
  /// The last pass that found its cell inside the bounds (0: none).
  fileprivate(set) var containedIn: UInt64 = 0
  /// The last pass that owed it `didAppear` when it was computed (0: none).
  fileprivate(set) var owesDidAppearIn: UInt64 = 0
  /// The last pass that owed it `didFullyAppear` when it was computed (0:
  /// none).
  fileprivate(set) var owesDidFullyAppearIn: UInt64 = 0
}
