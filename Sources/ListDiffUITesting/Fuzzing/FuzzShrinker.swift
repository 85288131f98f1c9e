/// Shrinks a failing sequence of steps: removes steps in halves, then
/// quarters, down to one at a time, and repeats single removals (and
/// removals of one change from a burst of changes, or splitting the burst
/// into single changes) until nothing can go, keeping only the removals
/// after which the *same check* still fails (Zeller's delta debugging,
/// complement-only).
///
/// Invariant: `steps` always fails `check` when replayed, ending with the
/// failing step (`failure` is that replay's).
@MainActor
package struct FuzzShrinker {
  package private(set) var steps: [FuzzStep]
  package private(set) var failure: FuzzFailure
  /// Steps replayed so far; shrinking stops at `budget`.
  package private(set) var replayed = 0
  package let budget: Int
  /// Whether the budget ran out before nothing more could be removed.
  package private(set) var ranOutOfBudget = false

  package init(steps: [FuzzStep], failure: FuzzFailure, budget: Int) {
    self.steps = Array(steps.prefix(failure.stepIndex + 1))
    self.failure = failure
    self.budget = budget
  }

  /// Shrinks with `replay`, which runs steps on a new run and returns the
  /// first failure.
  ///
  /// - Complexity: while halves go, about 2*n* replays of at most *n* steps
  ///   each (O(*n*²) steps for *n* steps), usually far fewer as steps go;
  ///   then O(*m*) replays per round of single removals on the *m* steps
  ///   left. Stops once `budget` steps were replayed.
  package mutating func shrink(replay: ([FuzzStep]) async -> FuzzFailure?) async {
    var chunk = max(1, steps.count / 2)
    while !steps.isEmpty && !ranOutOfBudget {
      var removedAny = false
      var start = 0
      while start < steps.count && !ranOutOfBudget {
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

  /// Replays `candidate` and keeps it (up to its failing step) when it
  /// fails the same check; whether it did. Counts against the budget.
  private mutating func keep(_ candidate: [FuzzStep], _ replay: ([FuzzStep]) async -> FuzzFailure?) async -> Bool {
    guard replayed + candidate.count <= budget else {
      ranOutOfBudget = true
      return false
    }
    replayed += candidate.count
    guard let found = await replay(candidate), found.check == failure.check else { return false }
    // Steps after the one that fails now are not needed either.
    steps = Array(candidate.prefix(found.stepIndex + 1))
    failure = found
    return true
  }

  /// Removes single changes from the bursts of changes left (roots that
  /// arrived together), where the same check still fails without them, and
  /// splits a burst whose changes are all needed into steps of one change,
  /// where it still fails so; whether anything changed.
  private mutating func thinBursts(replay: ([FuzzStep]) async -> FuzzFailure?) async -> Bool {
    var changedAny = false
    var index = 0
    while index < steps.count && !ranOutOfBudget {
      guard case .changes(let changes) = steps[index], changes.count > 1 else {
        index += 1
        continue
      }
      var changed = false
      for drop in changes.indices where !changed {
        var thinner = changes
        thinner.remove(at: drop)
        var candidate = steps
        candidate[index] = .changes(thinner)
        changed = await keep(candidate, replay)
      }
      if !changed {
        // Every change of the burst is needed: as steps of their own, they
        // are simpler to read, if the failure holds.
        var candidate = steps
        candidate.replaceSubrange(index...index, with: changes.map { FuzzStep.changes([$0]) })
        changed = await keep(candidate, replay)
      }
      changedAny = changedAny || changed
      // A burst that changed is looked at again; others are done.
      if !changed { index += 1 }
    }
    return changedAny
  }
}
