/// Times one applied root on the main actor for the performance handler:
/// created only when a handler is set, so that without one no clock is read.
///
/// Invariant: `layoutStart`, once set, lies between the start and `end`.
/// A class, so that the batch-update closure can mark the layout's start.
@MainActor
final class UpdateTimer {
  private let clock = ContinuousClock()
  private let start: ContinuousClock.Instant
  private var layoutStart: ContinuousClock.Instant?
  private var finish: ContinuousClock.Instant?

  init() {
    start = clock.now
  }

  /// The changes are made; what follows is the collection view's layout.
  /// Only the first mark counts.
  func layoutBegins() {
    if layoutStart == nil { layoutStart = clock.now }
  }

  /// The root is applied and laid out.
  func end() {
    finish = clock.now
  }

  /// From the start to `end()`.
  var total: Duration { (finish ?? clock.now) - start }

  /// From `layoutBegins()` to `end()`; zero if the layout was never marked.
  var layout: Duration {
    guard let layoutStart else { return .zero }
    return (finish ?? clock.now) - layoutStart
  }
}
