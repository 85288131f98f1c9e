/// Which controllers' cells were visible at the last layout pass, and the
/// appearance callbacks each pass owes.
///
/// A controller *appeared* while its cell's frame intersects the visible
/// bounds and *fully appeared* while the bounds contain it; the flags live on
/// the controllers (`isAppeared`, `isFullyAppeared`), the lists here.
///
/// Invariants:
/// - a controller's `isFullyAppeared` implies its `isAppeared`;
/// - `appeared` holds every controller whose `isAppeared` is set (and maybe
///   some whose flag was cleared since, by unmounting); likewise
///   `fullyAppeared`;
/// - at most one pass runs at a time: a pass that a callback asks for while
///   one runs is recorded in `needsAnotherPass` and run after it.
@MainActor
struct AppearanceTracker {
  private(set) var appeared: [AnyListCellController] = []
  private(set) var fullyAppeared: [AnyListCellController] = []
  private(set) var pass = 0
  private(set) var isRunning = false
  private(set) var needsAnotherPass = false

  /// The callbacks one pass owes, in the order they are sent.
  struct Changes {
    var willPartiallyDisappear: [AnyListCellController] = []
    var willDisappear: [AnyListCellController] = []
    var didAppear: [AnyListCellController] = []
    var didFullyAppear: [AnyListCellController] = []
  }

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

  /// Ends a pass; true when a callback asked for another meanwhile.
  mutating func endPass() -> Bool {
    if needsAnotherPass {
      needsAnotherPass = false
      return true
    }
    isRunning = false
    return false
  }

  /// Computes one pass from the controllers visible now: `visible` are those
  /// whose cell intersects the bounds, `contained` those whose cell the
  /// bounds contain (a subset). Sets no flag: the callbacks are sent, and
  /// the flags set, one at a time by the caller, since any of them may
  /// change what is mounted.
  ///
  /// - Complexity: O(*v*) in the number of controllers visible now or at the
  ///   last pass.
  mutating func nextPass(
    visible: [AnyListCellController], contained: [AnyListCellController]
  ) -> Changes {
    pass &+= 1
    for controller in visible { controller.appearedPass = pass }
    for controller in contained { controller.fullyAppearedPass = pass }
    var changes = Changes()
    changes.willPartiallyDisappear = fullyAppeared.filter {
      $0.isFullyAppeared && $0.fullyAppearedPass != pass
    }
    changes.willDisappear = appeared.filter { $0.isAppeared && $0.appearedPass != pass }
    changes.didAppear = visible.filter { !$0.isAppeared }
    changes.didFullyAppear = contained.filter { !$0.isFullyAppeared }
    appeared = visible
    fullyAppeared = contained
    return changes
  }

  /// Forgets a controller whose item was deleted, so that it is released now
  /// rather than at the next pass.
  mutating func forget(_ controller: AnyListCellController) {
    appeared.removeAll { $0 === controller }
    fullyAppeared.removeAll { $0 === controller }
  }
}
