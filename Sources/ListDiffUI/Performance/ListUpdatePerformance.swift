/// What one applied root cost: how long each stage took, and the work it
/// did in counts that do not depend on the machine. What
/// ``ListDiffDataSource/performanceHandler`` hears, once per applied root.
///
/// The durations are wall-clock time on this run, for logging and for
/// spotting a slow screen in a profile; the ``counts`` are exact, for
/// budgets in tests (see ListDiffUITesting's "Performance budgets in tests").
public struct ListUpdatePerformance: Sendable, Hashable {
  /// Flattening the root into items (running the sections' transforms): the
  /// cost of the app's description of the list. On a background task with
  /// `applyUpdatesAsync: true`.
  public var flattenDuration: Duration
  /// Diffing the new items against those shown (and looking for repeated
  /// identities). On a background task with `applyUpdatesAsync: true`.
  public var diffDuration: Duration
  /// The work on the main actor to apply the root: the batch update,
  /// controllers and cells, and the layout that followed (which
  /// ``layoutDuration`` gives apart). Flattening and diffing are not part of
  /// it, in either mode.
  public var mainActorDuration: Duration
  /// The layout passes after the batch update: sizes, frames, cells mounted
  /// and unmounted, appearance callbacks. Part of ``mainActorDuration``.
  public var layoutDuration: Duration
  /// The work the root did, from its diff to its layout.
  public var counts: ListWorkCounts

  /// A report with the given durations and counts.
  ///
  /// - Complexity: O(1).
  public init(
    flattenDuration: Duration = .zero, diffDuration: Duration = .zero,
    mainActorDuration: Duration = .zero, layoutDuration: Duration = .zero,
    counts: ListWorkCounts = ListWorkCounts()
  ) {
    self.flattenDuration = flattenDuration
    self.diffDuration = diffDuration
    self.mainActorDuration = mainActorDuration
    self.layoutDuration = layoutDuration
    self.counts = counts
  }
}
