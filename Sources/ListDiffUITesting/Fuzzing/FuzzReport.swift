/// The one issue `fuzzList` records for a failure: what failed, where it
/// came from, the screens around the failing step, and the steps that
/// reproduce it. Built from nothing but the steps and the screens, so the
/// same seed gives the same bytes.
struct FuzzReport {
  var failure: FuzzFailure
  var steps: [FuzzStep]
  /// How the failure was found: a seed and the steps drawn from it, or a
  /// replay string.
  enum Origin {
    /// `stoppedAt`: the limit that stopped shrinking early, if one did.
    case seed(UInt64, stepsRun: Int, stoppedAt: FuzzShrinker.Limit?)
    case replay
  }
  var origin: Origin

  var text: String {
    var lines: [String] = []
    lines.append("fuzzList: the check \"\(failure.check.rawValue)\" failed: \(failure.message)")
    switch origin {
    case .seed(let seed, let stepsRun, let stoppedAt):
      lines.append(
        "seed \(seed) (LISTDIFFUI_FUZZ_SEED=\(seed) draws the same steps): it failed at step \(stepsRun); "
          + "shrunk to \(steps.count) step\(steps.count == 1 ? "" : "s")" + Self.note(stoppedAt))
    case .replay:
      lines.append("replayed \(steps.count) step\(steps.count == 1 ? "" : "s")")
    }
    let failing =
      steps.indices.contains(failure.stepIndex)
      ? "step \(failure.stepIndex + 1), \(steps[failure.stepIndex])" : "the first root"
    lines.append("the screen before and after \(failing) (- before, + after):")
    lines.append(Self.diff(failure.before, failure.after))
    if let fresh = failure.fresh {
      lines.append("a new screen given the same root at the same place draws (- new screen, + this screen):")
      lines.append(Self.diff(fresh, failure.after))
    }
    if let read = failure.read {
      lines.append("VoiceOver read before and after \(failing) (- before, + after):")
      lines.append(Self.diff(read.before, read.after))
      if let fresh = failure.freshRead {
        lines.append("on a new screen given the same root at the same place it reads (- new screen, + this screen):")
        lines.append(Self.diff(fresh, read.after))
      }
    }
    lines.append("replay: \"\(steps.map(\.description).joined(separator: " "))\"")
    // No line ends in spaces (a blank screen line, a diff's blank context):
    // the report pastes into an editor, or an article, as it is.
    return lines.joined(separator: "\n").split(separator: "\n", omittingEmptySubsequences: false)
      .map(ListScreen.droppingTrailingSpaces).joined(separator: "\n")
  }

  /// What the report says of a shrink stopped early.
  private static func note(_ stoppedAt: FuzzShrinker.Limit?) -> String {
    switch stoppedAt {
    case nil: ""
    case .steps(let budget): " (shrinking stopped at its budget of \(budget) replayed steps; fewer may do)"
    case .time(let limit): " (shrinking stopped at its time limit of \(limit); fewer may do)"
    }
  }

  /// `old` against `new` line by line, or the screen itself when equal.
  private static func diff(_ old: String, _ new: String) -> String {
    let diff = LineDiff(
      expected: old.split(separator: "\n", omittingEmptySubsequences: false),
      actual: new.split(separator: "\n", omittingEmptySubsequences: false))
    guard diff.hasChanges else {
      return "(unchanged)\n" + new.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }
        .joined(separator: "\n")
    }
    return diff.description
  }
}
