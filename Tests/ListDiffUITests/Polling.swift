import Testing

/// Waits, yielding the main actor, until `condition` holds, and records an
/// issue (returning false) if it still does not after `limit`: a test that
/// waits for something another task does fails in seconds, not at the
/// suite's time limit.
@MainActor
@discardableResult
func poll(
  within limit: Duration = .seconds(10), _ what: String,
  sourceLocation: SourceLocation = #_sourceLocation,
  until condition: () -> Bool
) async -> Bool {
  let clock = ContinuousClock()
  let deadline = clock.now + limit
  while !condition() {
    guard clock.now < deadline else {
      Issue.record("still waiting after \(limit): \(what)", sourceLocation: sourceLocation)
      return false
    }
    try? await Task.sleep(for: .milliseconds(1))
  }
  return true
}
