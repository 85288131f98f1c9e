/// A step as shrinking keeps it: the step, the id of the step it was drawn
/// as (its place in the run that found the failure; the parts of a split
/// burst share theirs), and, for a gesture on an item, where that item
/// came from (see `FuzzItemOrigins`).
package struct FuzzShrinkStep: Equatable {
  package var step: FuzzStep
  package var id: Int
  package var target: FuzzOrigin?

  package init(_ step: FuzzStep, id: Int, target: FuzzOrigin? = nil) {
    self.step = step
    self.id = id
    self.target = target
  }
}

/// Shrinks a failing sequence of steps: first drops as many leading steps
/// as it can (halving the number dropped until a drop keeps the failure),
/// then removes steps in halves, quarters, down to one at a time, and
/// repeats single removals (and removals of one change from a burst of
/// changes, or splitting the burst into single changes) until nothing can
/// go, keeping only the removals after which the *same check* still fails
/// (Zeller's delta debugging, complement-only).
///
/// Why leading steps first: a failure found at step 400 usually needs a
/// few late steps and little of the history before them, which a handful
/// of replays then removes, where removing halves replays the long
/// history again and again.
///
/// It stops at `budget` replayed steps or at `timeLimit`, whichever comes
/// first, keeping what it has (which still fails).
///
/// Invariant: `steps` always fails `check` when replayed, ending with the
/// failing step (`failure` is that replay's).
@MainActor
package struct FuzzShrinker {
  /// Why shrinking stopped before nothing more could be removed.
  package enum Limit: Equatable {
    /// The budget of replayed steps.
    case steps(Int)
    /// The time limit.
    case time(Duration)
  }

  /// What a replay of candidate steps found: the failure, and the steps
  /// as they ran: a gesture names the item it acted on, and its target is
  /// where that item came from in this replay (which a step kept after a
  /// removal must follow: the item its target named may be gone, and
  /// another of the same name tapped instead).
  package typealias Outcome = (failure: FuzzFailure, ran: [FuzzShrinkStep])

  package private(set) var steps: [FuzzShrinkStep]
  package private(set) var failure: FuzzFailure
  /// Steps replayed so far; shrinking stops at `budget`.
  package private(set) var replayed = 0
  package let budget: Int
  package let timeLimit: Duration
  /// The limit that stopped shrinking early, if one did.
  package private(set) var stoppedAt: Limit?
  private var deadline: ContinuousClock.Instant?

  package init(steps: [FuzzShrinkStep], failure: FuzzFailure, budget: Int, timeLimit: Duration = .seconds(60)) {
    self.steps = Array(steps.prefix(failure.stepIndex + 1))
    self.failure = failure
    self.budget = budget
    self.timeLimit = timeLimit
  }

  /// Shrinks with `replay`, which runs steps on a new run and returns the
  /// first failure; nil when they pass.
  ///
  /// - Complexity: O(log *n*) replays of at most *n* steps to drop leading
  ///   steps; then, while halves go, about 2*m* replays of at most *m*
  ///   steps each (O(*m*²) steps for the *m* left), usually far fewer as
  ///   steps go; then O(*m*) replays per round of single removals. Stops
  ///   once `budget` steps were replayed or `timeLimit` passed.
  package mutating func shrink(replay: ([FuzzShrinkStep]) async -> Outcome?) async {
    deadline = ContinuousClock.now + timeLimit
    await dropLeadingSteps(replay)
    var chunk = max(1, steps.count / 2)
    while !steps.isEmpty && stoppedAt == nil {
      var removedAny = false
      var start = 0
      while start < steps.count && stoppedAt == nil {
        let candidate = Array(steps[..<start] + steps[min(start + chunk, steps.count)...])
        if await keep(candidate, replay) {
          removedAny = true
        } else {
          start += chunk
        }
      }
      if chunk > 1 {
        chunk = max(1, chunk / 2)
      } else if await !thinBursts(replay: replay) && !removedAny {
        return
      }
    }
  }

  /// Drops the longest run of leading steps it finds that can go: tries
  /// half of those not known to be needed, then half of that, and so on.
  private mutating func dropLeadingSteps(_ replay: ([FuzzShrinkStep]) async -> Outcome?) async {
    // Dropping `span` leading steps (all of them at first) is not known to work.
    var span = steps.count
    while span > 1 && stoppedAt == nil {
      let half = span / 2
      if await keep(Array(steps[half...]), replay) {
        span = min(span - half, steps.count)
      } else {
        span = half
      }
    }
  }

  /// Replays `candidate` and keeps it (up to its failing step, naming the
  /// items as the replay reached them) when it fails the same check;
  /// whether it did. Counts against the budget and the time limit.
  private mutating func keep(_ candidate: [FuzzShrinkStep], _ replay: ([FuzzShrinkStep]) async -> Outcome?) async
    -> Bool
  {
    guard replayed + candidate.count <= budget else {
      stoppedAt = .steps(budget)
      return false
    }
    if let deadline, ContinuousClock.now >= deadline {
      stoppedAt = .time(timeLimit)
      return false
    }
    replayed += candidate.count
    guard let found = await replay(candidate), found.failure.check == failure.check else { return false }
    // Steps after the one that fails now are not needed either.
    var kept = Array(candidate.prefix(found.failure.stepIndex + 1))
    for index in kept.indices where index < found.ran.count { kept[index] = found.ran[index] }
    steps = kept
    failure = found.failure
    return true
  }

  /// Removes single changes from the bursts of changes left (roots that
  /// arrived together), where the same check still fails without them, and
  /// splits a burst whose changes are all needed into steps of one change,
  /// where it still fails so; whether anything changed.
  private mutating func thinBursts(replay: ([FuzzShrinkStep]) async -> Outcome?) async -> Bool {
    var changedAny = false
    var index = 0
    while index < steps.count && stoppedAt == nil {
      guard case .changes(let changes) = steps[index].step, changes.count > 1 else {
        index += 1
        continue
      }
      var changed = false
      for drop in changes.indices where !changed {
        var thinner = changes
        thinner.remove(at: drop)
        var candidate = steps
        candidate[index].step = .changes(thinner)
        changed = await keep(candidate, replay)
      }
      if !changed {
        // Every change of the burst is needed: as steps of their own, they
        // are simpler to read, if the failure holds. They keep the burst's
        // id, so the items it bore keep their origins.
        var candidate = steps
        let id = steps[index].id
        candidate.replaceSubrange(index...index, with: changes.map { FuzzShrinkStep(.changes([$0]), id: id) })
        changed = await keep(candidate, replay)
      }
      changedAny = changedAny || changed
      // A burst that changed is looked at again; others are done.
      if !changed { index += 1 }
    }
    return changedAny
  }
}
