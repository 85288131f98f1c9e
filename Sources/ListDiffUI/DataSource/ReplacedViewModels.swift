/// The view models of the list the last root replaced, kept until the main
/// actor's next turn instead of being released inside the update that
/// replaced them.
///
/// Why: releasing a list's view models is linear work (the benchmark's E3
/// rows show its share) that need not delay the update the user waits for. IGListKit,
/// too, holds its previous objects until the batch update completes. The
/// release stays on the main actor: view models are the user's values and
/// may hold objects that must go away there (a closure capturing a view
/// controller).
///
/// Invariants: at most one replaced list waits, so memory stays bounded when
/// roots are set in a loop that never yields (each root releases the list
/// waiting before it); and while a list waits, a release is scheduled.
struct ReplacedViewModels {
  private var waiting: ReleasedViewModels?
  private var releaseScheduled = false

  /// Keeps `viewModels` until `release()`, releasing the list kept before
  /// now. Returns whether the caller must schedule that release (none is).
  ///
  /// - Complexity: O(*k*) to release the *k* view models kept before.
  mutating func keep(_ viewModels: ReleasedViewModels) -> Bool {
    waiting = viewModels
    guard !viewModels.isEmpty, !releaseScheduled else { return false }
    releaseScheduled = true
    return true
  }

  /// Releases the list kept, if any.
  ///
  /// - Complexity: O(*k*) in its number of view models.
  mutating func release() {
    waiting = nil
    releaseScheduled = false
  }
}
