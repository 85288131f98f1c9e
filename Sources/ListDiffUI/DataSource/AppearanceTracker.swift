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
/// Invariants:
/// - `shown` holds exactly the controllers whose appearance is not
///   `.hidden`, with that appearance (a controller not in it is hidden);
///   each of them is in `lastVisible`, outside a pass;
/// - every step is one of the four above, so a controller hears `didAppear`
///   before `didFullyAppear`, and `willPartiallyDisappear` before
///   `willDisappear`;
/// - at most one pass runs at a time (asserted: passes start only from the
///   collection view's `collectionViewDidLayout`, which a layout pass sends
///   after its callbacks, never inside one of them);
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

  private var shown: [ObjectIdentifier: (controller: AnyListCellController, appearance: Appearance)] = [:]
  /// The controllers visible at the last pass, in display order: the order
  /// disappearance callbacks go out in (a dictionary's order would vary
  /// from run to run).
  private var lastVisible: [AnyListCellController] = []
  private var isRunning = false

  /// The callbacks one pass owes, in the order they are sent.
  struct Changes {
    var willPartiallyDisappear: [AnyListCellController] = []
    var willDisappear: [AnyListCellController] = []
    var didAppear: [AnyListCellController] = []
    var didFullyAppear: [AnyListCellController] = []
  }

  /// The appearance `controller` was last told.
  ///
  /// - Complexity: O(1) expected.
  func appearance(of controller: AnyListCellController) -> Appearance {
    shown[ObjectIdentifier(controller)]?.appearance ?? .hidden
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

  /// Starts a pass.
  mutating func begin() {
    assert(!isRunning, "an appearance pass never starts inside another")
    isRunning = true
  }

  /// Ends the pass.
  mutating func end() {
    isRunning = false
  }

  /// Computes one pass from the controllers visible now: `visible` are those
  /// whose cell intersects the bounds, `contained` those whose cell the
  /// bounds contain (a subset). Changes no appearance: the caller takes each
  /// step with `step(_:_:)` as it sends the callbacks, since any of them may
  /// change what is mounted.
  ///
  /// - Complexity: O(*v*) expected in the number of controllers visible now
  ///   or at the last pass.
  mutating func nextPass(visible: [AnyListCellController], contained: [AnyListCellController])
    -> Changes
  {
    let visibleIDs = Set(visible.map(ObjectIdentifier.init))
    let containedIDs = Set(contained.map(ObjectIdentifier.init))
    var changes = Changes()
    // Every shown controller was visible at the last pass: a controller
    // becomes shown only through a pass's `didAppear`.
    for controller in lastVisible {
      let id = ObjectIdentifier(controller)
      guard let entry = shown[id] else { continue }
      if entry.appearance == .full && !containedIDs.contains(id) {
        changes.willPartiallyDisappear.append(controller)
      }
      if !visibleIDs.contains(id) { changes.willDisappear.append(controller) }
    }
    lastVisible = visible
    changes.didAppear = visible.filter { appearance(of: $0) == .hidden }
    changes.didFullyAppear = contained.filter { appearance(of: $0) != .full }
    return changes
  }

  /// Takes the step `event` names for `controller`, if it is due from its
  /// present appearance; returns whether it was (and so whether to send it).
  mutating func step(_ event: ListLifecycleEvent, _ controller: AnyListCellController) -> Bool {
    let id = ObjectIdentifier(controller)
    let now = shown[id]?.appearance ?? .hidden
    let next: Appearance
    switch (event, now) {
    case (.didAppear, .hidden): next = .partial
    case (.didFullyAppear, .partial): next = .full
    case (.willPartiallyDisappear, .full): next = .partial
    case (.willDisappear, .partial): next = .hidden
    default: return false
    }
    if next == .hidden {
      shown[id] = nil
    } else {
      shown[id] = (controller, next)
    }
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
    shown[ObjectIdentifier(controller)] = nil
    lastVisible.removeAll { $0 === controller }
  }

}

extension AppearanceTracker: DataSourcePart {
  /// The invariants that can be checked from here: what is broken, empty
  /// when all hold.
  ///
  /// - Complexity: O(*v*²) in the controllers shown (a viewport's worth).
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("AppearanceTracker")
    for (id, entry) in shown {
      check.expect(ObjectIdentifier(entry.controller) == id, "an entry is keyed by its controller")
      check.expect(entry.appearance != .hidden, "hidden controllers are not kept")
      check.expect(isRunning || lastVisible.contains { $0 === entry.controller }, "a shown controller was visible")
    }
    return check.violations
  }
}
