/// Lets the main actor take turns until `condition` holds; false if it still
/// does not after `budget` of waiting.
///
/// Why the budget counts only the time the wait was free to look: a test
/// waiting for something another task delivers on the main actor shares
/// that actor with every other test in the process, and some hold it for a
/// minute. A wall-clock deadline then runs out while the waiting test never
/// got a turn (a files-sample test failed so on a loaded CI machine). Each
/// turn here counts at most a tenth of a second, however long it took, so
/// the budget is spent only while the main actor was there to be had. A
/// suite's `.timeLimit` still stops a wait that never ends.
///
/// - Complexity: one `condition` call per turn of about a millisecond.
@MainActor
public func waitOnMainActor(upTo budget: Duration, until condition: () -> Bool) async -> Bool {
  let clock = ContinuousClock()
  var waited = Duration.zero
  while !condition() {
    guard waited < budget else { return false }
    let start = clock.now
    try? await Task.sleep(for: .milliseconds(1))
    waited += min(clock.now - start, .milliseconds(100))
  }
  return true
}
