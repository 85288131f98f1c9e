import HeadlessCollection

/// Which controllers are in the working range, and the working-range
/// callbacks each pass owes.
///
/// The range is IGListKit's: from `size` items before the first visible
/// item to `size` items after the last one, the visible items included
/// (IGListKit's `IGListWorkingRangeHandler` takes the visible sections and
/// `workingRangeSize` sections beyond each side). Unlike IGListKit, a size of
/// zero turns the range off: no controller is in it, so a screen that never
/// sets a size hears nothing and creates no controller for it.
///
/// Invariants:
/// - a controller's `isInWorkingRange` is set exactly between its
///   `willEnterWorkingRange` and its `didExitWorkingRange` (the tracker
///   alone writes a controller's `WorkingRangeMembership`: `enter(_:)` and
///   `exit(_:)`);
/// - `members` holds every controller whose flag is set, in viewport order
///   as of the last pass (and maybe some whose flag was cleared since);
/// - at most one pass runs at a time: one asked for while a pass runs (a
///   hook scrolled, or changed the size) is recorded and run after it.
@MainActor
struct WorkingRangeTracker {
  /// Items beyond each edge of the viewport; zero is off.
  private(set) var size = 0
  private(set) var members: [AnyListCellController] = []
  private var pass = 0
  private var isRunning = false
  private var needsAnotherPass = false

  /// The callbacks one pass owes, each list in viewport order.
  struct Changes {
    var entering: [AnyListCellController] = []
    var exiting: [AnyListCellController] = []
  }

  /// Whether a pass has anything to do: the range is on, or controllers are
  /// still in it from before it was turned off.
  var isActive: Bool { size > 0 || !members.isEmpty }

  /// Starts a round of passes; false (and another pass recorded) when one
  /// is already running.
  mutating func begin() -> Bool {
    guard !isRunning else {
      needsAnotherPass = true
      return false
    }
    isRunning = true
    return true
  }

  /// Ends a pass; true when another was asked for meanwhile.
  mutating func endPass() -> Bool {
    if needsAnotherPass {
      needsAnotherPass = false
      return true
    }
    isRunning = false
    return false
  }

  /// Computes one pass from the controllers in range now, in viewport
  /// order. Sets no flag: the caller sends each callback and sets the flag,
  /// since any callback may change the list.
  ///
  /// - Complexity: O(*r*) in the number of controllers in range now or at
  ///   the last pass.
  mutating func nextPass(inRange: [AnyListCellController]) -> Changes {
    pass &+= 1
    for controller in inRange { controller.workingRangeMembership.lastPass = pass }
    var changes = Changes()
    changes.entering = inRange.filter { !$0.isInWorkingRange }
    changes.exiting = members.filter { $0.isInWorkingRange && $0.workingRangeMembership.lastPass != pass }
    members = inRange
    return changes
  }

  /// Sets the number of items beyond each edge of the viewport in range.
  mutating func setSize(_ size: Int) {
    self.size = size
  }

  /// Forgets a controller that has left for good (its item was deleted).
  mutating func forget(_ controller: AnyListCellController) {
    members.removeAll { $0 === controller }
  }

  /// Flags `controller` as in the range: right before its
  /// `willEnterWorkingRange`.
  ///
  /// - Complexity: O(1).
  func enter(_ controller: AnyListCellController) {
    controller.workingRangeMembership.isInRange = true
  }

  /// Clears `controller`'s flag: right before its `didExitWorkingRange`.
  ///
  /// - Complexity: O(1).
  func exit(_ controller: AnyListCellController) {
    controller.workingRangeMembership.isInRange = false
  }
}

/// Whether a controller is in the working range, and the pass that last
/// found it there. Stored on the controller for O(1) reads; written only by
/// the `WorkingRangeTracker`.
struct WorkingRangeMembership {
  /// Whether the controller heard `willEnterWorkingRange` and not yet the
  /// matching `didExitWorkingRange`.
  fileprivate(set) var isInRange = false
  /// The working-range pass that last found the item in range.
  fileprivate(set) var lastPass = 0
}

extension AnyListCellController {
  /// Whether the controller heard `willEnterWorkingRange` and not yet the
  /// matching `didExitWorkingRange`.
  ///
  /// - Complexity: O(1).
  var isInWorkingRange: Bool { workingRangeMembership.isInRange }
}

extension WorkingRangeTracker: DataSourcePart {
  /// The invariants above that can be checked from outside a pass, given
  /// the live controllers: every one whose flag is set is a member.
  ///
  /// - Complexity: O(*c* · *r*) in live controllers and members.
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("WorkingRangeTracker")
    for controller in dataSource.controllers.all where controller.isInWorkingRange {
      check.expect(members.contains { $0 === controller }, "members holds every controller in the working range")
    }
    check.expect(size >= 0, "the size is not negative")
    return check.violations
  }
}
