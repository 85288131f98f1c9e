/// Shrinks a failing sequence of steps: removes steps in halves, then
/// quarters, down to one at a time, and repeats single removals (and
/// removals of one change from a burst of changes, or splitting the burst
/// into single changes) until nothing can go,
/// keeping only the removals after which the *same check* still fails
/// (Zeller's delta debugging, complement-only).
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

  package init(steps: [FuzzStep], failure: FuzzFailure, budget: Int) {
    self.steps = Array(steps.prefix(failure.stepIndex + 1))
    self.failure = failure
    self.budget = budget
  }

  /// Shrinks with `replay`, which runs steps on a new run and returns the
  /// first failure.
  ///
  /// - Complexity: O(*n* log *n*) replays while halves go, then O(*m*)
  ///   replays per round of single removals on the *m* steps left; each
  ///   replay costs its steps. Stops once `budget` steps were replayed.
  package mutating func shrink(replay: ([FuzzStep]) async -> FuzzFailure?) async {
    var chunk = max(1, steps.count / 2)
    while !steps.isEmpty {
      var removedAny = false
      var start = 0
      while start < steps.count {
        guard replayed < budget else { return }
        let candidate = Array(steps[..<start] + steps[min(start + chunk, steps.count)...])
        replayed += candidate.count
        if let found = await replay(candidate), found.check == failure.check {
          // Steps after the one that fails now are not needed either.
          steps = Array(candidate.prefix(found.stepIndex + 1))
          failure = found
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

  /// Removes single changes from the bursts of changes left (roots that
  /// arrived together), where the same check still fails without them, and
  /// splits a burst whose changes are all needed into steps of one change,
  /// where it still fails so; whether anything changed.
  private mutating func thinBursts(replay: ([FuzzStep]) async -> FuzzFailure?) async -> Bool {
    var removedAny = false
    var index = 0
    while index < steps.count {
      guard case .changes(let changes) = steps[index], changes.count > 1 else {
        index += 1
        continue
      }
      var removed = false
      for drop in changes.indices {
        guard replayed < budget else { return removedAny }
        var thinner = changes
        thinner.remove(at: drop)
        var candidate = steps
        candidate[index] = .changes(thinner)
        replayed += candidate.count
        if let found = await replay(candidate), found.check == failure.check {
          steps = Array(candidate.prefix(found.stepIndex + 1))
          failure = found
          removed = true
          break
        }
      }
      if !removed {
        // Every change of the burst is needed: as steps of their own, they
        // are simpler to read, if the failure holds.
        var candidate = steps
        candidate.replaceSubrange(index...index, with: changes.map { FuzzStep.changes([$0]) })
        replayed += candidate.count
        if replayed <= budget, let found = await replay(candidate), found.check == failure.check {
          steps = Array(candidate.prefix(found.stepIndex + 1))
          failure = found
          removed = true
        }
      }
      removedAny = removedAny || removed
      // A burst that lost a change is tried again; others are done.
      if !removed { index += 1 }
    }
    return removedAny
  }
}
