import TestSupport
import Testing

/// Waits, yielding the main actor, until `condition` holds, and records an
/// issue (returning false) if it still does not after `limit` of waiting
/// (counted as `waitOnMainActor` counts it): a test that waits for something
/// another task does fails in seconds, not at the suite's time limit.
@MainActor
@discardableResult
func poll(
  within limit: Duration = .seconds(10), _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  until condition: () -> Bool
) async -> Bool {
  guard await waitOnMainActor(upTo: limit, until: condition) else {
    Issue.record("still waiting after \(limit): \(what)", sourceLocation: sourceLocation)
    return false
  }
  return true
}
