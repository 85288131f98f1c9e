import HeadlessCollection

/// A root waiting to be applied: the newest one set, with the completions of
/// every root it superseded, oldest first.
struct PendingRoot {
  var section: Section?
  var animate: Bool
  var completions: [@MainActor () -> Void]
}

/// Decides when roots are applied: the data source's one rule for
/// re-entrancy.
///
/// A root set while another is being prepared or applied, or from inside any
/// callback the data source makes (controller hooks, `itemSize`, the update
/// handler, a completion, a collection-view delegate method), waits here and
/// is applied once the current work is over. Waiting roots coalesce: only the
/// newest is applied, and it carries the completions of the ones it replaced.
///
/// Invariants:
/// - at most one root is being prepared or applied (`phase`);
/// - a root is taken only in phase `.idle`; one taken for applying also
///   needs `callbackDepth == 0`;
/// - completions are handed out in the order their roots were set: every
///   completion of a taken root was set before any completion still waiting;
/// - `callbackDepth` counts the calls into user code and collection-view
///   callbacks now on the stack; it returns to zero when they return.
struct RootScheduler {
  /// What the data source is doing with roots.
  enum Phase: Equatable {
    /// Nothing: a root set now can be applied at once (outside callbacks).
    case idle
    /// A background task is flattening and diffing a root.
    case preparing
    /// A root is being applied on the main actor, its update handler and
    /// completions included.
    case applying
  }

  private(set) var phase = Phase.idle
  private var waiting: PendingRoot?
  private(set) var callbackDepth = 0
  /// Whether the data source is going away (its `deinit` has begun): its
  /// own lifecycle sends then go straight to the controller, uncounted, as
  /// those of a controller it has let go (whose `host` reads nil).
  private(set) var isClosed = false

  /// Whether a root set by the user waits to be taken.
  var hasWaitingRoot: Bool { waiting != nil }

  /// Whether the data source is inside a callback or busy with a root, so
  /// that collection-view changes it would make must wait.
  var isBusy: Bool { phase != .idle || callbackDepth > 0 }

  /// Records a root set by the user; it replaces any root still waiting.
  mutating func enqueue(
    _ section: Section?, animate: Bool, completion: (@MainActor () -> Void)?
  ) {
    var root = waiting ?? PendingRoot(section: nil, animate: animate, completions: [])
    root.section = section
    root.animate = animate
    if let completion { root.completions.append(completion) }
    waiting = root
  }

  /// The waiting root, now being applied on the main actor; nil unless the
  /// scheduler is idle and outside every callback.
  mutating func takeForApplying() -> PendingRoot? {
    guard phase == .idle, callbackDepth == 0, let root = waiting else { return nil }
    waiting = nil
    phase = .applying
    return root
  }

  /// The waiting root, now being prepared on a background task; nil unless
  /// the scheduler is idle. Preparing touches no main-actor state, so it may
  /// start inside a callback; applying the result waits for its own turn.
  mutating func takeForPreparing() -> PendingRoot? {
    guard phase == .idle, let root = waiting else { return nil }
    waiting = nil
    phase = .preparing
    return root
  }

  /// The prepared root is about to be applied.
  mutating func beginApplyingPrepared() {
    precondition(phase == .preparing, "a prepared root is applied only after it was prepared")
    phase = .applying
  }

  /// The root taken last is applied and its completions have run.
  mutating func finishApplying() {
    precondition(phase == .applying, "only an applied root finishes")
    phase = .idle
  }

  /// The data source is going away.
  mutating func close() {
    isClosed = true
  }

  mutating func enterCallback() {
    callbackDepth += 1
  }

  mutating func exitCallback() {
    precondition(callbackDepth > 0, "every callback exit matches an entry")
    callbackDepth -= 1
  }
}

extension RootScheduler: DataSourcePart {
  /// What holds once a root is applied and no callback runs: what is
  /// broken, empty when all hold.
  ///
  /// - Complexity: O(1).
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("RootScheduler")
    check.expect(callbackDepth >= 0, "callback exits match entries")
    check.expect(phase != .applying, "the applied root finished")
    return check.violations
  }
}
