import Foundation
import ListDiffUI
import Testing

/// Fuzzes a list screen: applies `steps` random changes of the app's own
/// model and gestures to a headless screen showing `root(model)`, checks
/// the screen after every step, and, when a check fails, shrinks the steps
/// to a few and records one test issue that says how to replay them.
///
/// ```swift
/// @Test func feedSurvivesAnything() async {
///   await fuzzList(Feed.sample, steps: 2_000,
///     changes: [
///       ListFuzzChange("post") { feed, random in
///         feed.posts.insert(Post(random.int(in: 0...999)),
///                           at: random.int(in: 0...feed.posts.count))
///       },
///       ListFuzzChange("delete") { feed, random in
///         if let index = random.index(of: feed.posts, identifiedBy: \.id) {
///           feed.posts.remove(at: index)
///         }
///       },
///     ],
///     root: { FeedSection(feed: $0) })
/// }
/// ```
///
/// Every step is one ``ListFuzzChange`` (applied to the model, whose root
/// is then shown; on an asynchronous data source, sometimes several arrive
/// together, as from a stream) or one of `gestures`, drawn from the seed.
/// After it, these checks run, by the names the report gives them:
///
/// 1. `diagnostic`: no warning diagnostic, except of the kinds `allowing`
///    lists;
/// 2. `lifecycle`: every controller's callbacks follow "Lifecycle,
///    precisely" (see the ListDiffUI article *Cell lifecycle*), and a
///    controller let go had finished (unmounted, disappeared, out of the
///    working range);
/// 3. `outlives its item`: no controller whose item left the list is still
///    alive (something of the app's holds it);
/// 4. `rules`: the data source's and the collection view's own invariants,
///    a pinned header in view while its section is, a selection within the
///    list;
/// 5. `work`: a change step configured at most the visible cells plus the
///    items its roots changed, and asked at most that many sizes plus the
///    working range;
/// 6. `fresh screen`: a new screen given the same root, size and selection,
///    scrolled so that the first item in view (not a pinned header) is where
///    it is here, draws the same text. This is what catches a view model
///    whose `==` ignores something its cell shows, a controller that keeps
///    stale state, a size not invalidated;
/// 7. `accessibility`, with the ``ListFuzzGestures/accessibility`` gesture
///    (which `.all` includes): every element VoiceOver reaches has a label;
///    every item action is one of its element's custom actions, and no
///    item on screen with actions hides from VoiceOver; the elements are
///    the items on screen, in the list's order (pinned ones first); header
///    items carry `.header`; VoiceOver's cursor is only ever on an item of
///    the list, stays on its item while it survives, and moves with one
///    `.layoutChanged` naming where to when it does not; and the elements
///    read as a new screen's (a label or value left on a reused cell);
/// 8. `invariant`: `invariant(model, screen)` returns nil;
///
/// and a change that throws fails as `change`. A trap (in a change, a
/// controller, the root closure) stops the process as any trap does;
/// before the crash report, standard error says which step ran it and
/// gives the steps up to it as a `replay:` line.
///
/// A failure is shrunk — leading steps dropped first, then steps removed in
/// halves, then one by one, until no single step can go — keeping only
/// removals after which the same check still fails (a gesture on an item
/// follows the item the same step made, however earlier removals renamed
/// it); then exactly one issue is recorded (nothing on success): the
/// check and its message, the seed, the screen before and after the failing
/// step as a line diff, and the steps on a line of their own,
/// `replay: "post#3 scroll+7 tap:p12"`. Pass that string as `replay:` to
/// run exactly those steps (the seed and `steps` are then ignored); one
/// with no steps is refused.
///
/// A run that passes prints nothing. Without a seed (and without
/// `LISTDIFFUI_FUZZ_SEED`), a new one is drawn each run and printed before
/// it, as nothing else would keep it should the run hang. The environment
/// variables `LISTDIFFUI_FUZZ_SEED` and `LISTDIFFUI_FUZZ_STEPS` override
/// the seed and the step count, so that CI can run longer. The same seed
/// gives the same steps and a byte-identical report, unless shrinking
/// stopped at its time limit.
///
/// - Parameters:
///   - model: the app's model, a value (struct or enum): every replay
///     starts from it. A class model is refused, since changing it in
///     place would leak from one replay into the next.
///   - seed: the seed of the steps; nil: a new one each run.
///   - steps: how many steps to draw; at least 1.
///   - width: the screen's width in points (characters); at least 1.
///   - height: the screen's height; at least 1.
///   - applyUpdatesAsync: the data source's mode.
///   - contextObjects: makes the context objects of one screen; called for
///     every screen the fuzz makes (the fuzzed one, each new one it
///     compares with, each replay), so that none shares another's state
///     (`{ [ImageCache()] }`). One that returns an instance it returned
///     before is refused.
///   - setUp: runs on every screen the fuzz makes (the fuzzed one, each
///     new one it compares with, each replay's) before its first root: set
///     `allowsMovingBetweenSections`, `workingRangeSize`, delegates.
///   - changes: the model's changes, each with a distinct name.
///   - gestures: the gestures to draw among; `.move` (and the move actions
///     of `.accessibility`) only with `moved`; without `.accessibility`,
///     the `accessibility` check is off too.
///   - allowing: warning kinds that do not fail the fuzz (`.duplicateIdentifier`
///     for a model that repeats identifiers on purpose).
///   - replay: steps to run instead of drawing them, as a report prints them.
///   - moved: applies an item the user dragged to the model, as the data
///     source's `moveHandler` does in the app; without it no item is moved.
///   - root: the root section showing a model.
///   - invariant: the app's own rule, checked after every step: a message
///     saying what is wrong, or nil.
///   - sourceLocation: where the report (or a bad argument) fails the test.
/// - Complexity: per step, the step's own work, plus a new screen for the
///   `fresh screen` check: O(*n*) to flatten *n* items, and sizes and
///   layout for the visible ones only (the article *Fuzzing a list
///   screen* gives measured times). Shrinking replays steps, at most about
///   100,000 in all and for at most 60 seconds; the report says when
///   either stopped it.
@MainActor
public func fuzzList<Model>(
  _ model: Model, seed: UInt64? = nil, steps: Int = 1_000,
  width: Int = 40, height: Int = 12, applyUpdatesAsync: Bool = false,
  contextObjects: @escaping @MainActor () -> [AnyObject] = { [] },
  setUp: (@MainActor (ListScreen) -> Void)? = nil,
  changes: [ListFuzzChange<Model>], gestures: ListFuzzGestures = .all,
  allowing: Set<ListDiffDiagnostic.Kind> = [], replay: String? = nil,
  moved: (@MainActor (inout Model, ListItemMove) -> Void)? = nil,
  root: @escaping @MainActor (Model) -> Section?,
  invariant: (@MainActor (Model, ListScreen) -> String?)? = nil,
  sourceLocation: SourceLocation = #_sourceLocation
) async {
  let setup = FuzzSetup(
    model: model, width: width, height: height, applyUpdatesAsync: applyUpdatesAsync,
    contextObjects: contextObjects, setUp: setUp, changes: changes, gestures: gestures, allowing: allowing,
    moved: moved, root: root, invariant: invariant)
  guard let report = await fuzzReport(setup, seed: seed, steps: steps, replay: replay, sourceLocation: sourceLocation)
  else { return }
  if let sink = FuzzEnvironment.reportSink {
    sink.reports.append(report)
  } else {
    Issue.record(Comment(rawValue: report), sourceLocation: sourceLocation)
  }
}

/// What `fuzzList` reports: the one issue's text, or nil when the fuzz
/// passed.
@MainActor
private func fuzzReport<Model>(
  _ setup: FuzzSetup<Model>, seed: UInt64?, steps: Int, replay: String?, sourceLocation: SourceLocation
) async -> String? {
  if Model.self is AnyObject.Type {
    return "fuzzList: the model is a class (\(Model.self)); give a value (a struct or an enum): every replay starts "
      + "from the same model, and a class changed in place would carry one run's changes into the next"
  }
  let settings: (steps: Int, seed: UInt64?)
  switch fuzzSettings(steps: steps, seed: seed) {
  case .success(let chosen): settings = chosen
  case .failure(let problem): return "fuzzList: " + problem.reason
  }
  if let problem = setup.problem(steps: settings.steps, replaying: replay != nil) { return "fuzzList: " + problem }
  if let replay { return await replayReport(replay, setup, sourceLocation) }
  let seed = settings.seed ?? UInt64.random(in: 0...UInt64(UInt32.max))
  if settings.seed == nil {
    print("fuzzList: seed \(seed), \(settings.steps) steps (LISTDIFFUI_FUZZ_SEED=\(seed) runs them again)")
  }
  return await seedReport(setup, seed: seed, steps: settings.steps, sourceLocation)
}

/// A setting of the environment that is not one.
private struct FuzzSettingProblem: Error {
  var reason: String
}

/// The number of steps and the seed of a run: the test's, unless
/// `LISTDIFFUI_FUZZ_STEPS` or `LISTDIFFUI_FUZZ_SEED` says otherwise (while
/// the environment is not ignored).
@MainActor
private func fuzzSettings(steps: Int, seed: UInt64?) -> Result<(steps: Int, seed: UInt64?), FuzzSettingProblem> {
  let environment = FuzzEnvironment.isIgnored ? [:] : ProcessInfo.processInfo.environment
  var chosen = (steps: steps, seed: seed)
  if let text = environment["LISTDIFFUI_FUZZ_STEPS"] {
    guard let count = Int(text), count >= 1 else {
      return .failure(FuzzSettingProblem(reason: "LISTDIFFUI_FUZZ_STEPS=\(text) is not a number of steps (at least 1)"))
    }
    chosen.steps = count
  }
  if let text = environment["LISTDIFFUI_FUZZ_SEED"] {
    guard let value = UInt64(text) else {
      return .failure(FuzzSettingProblem(reason: "LISTDIFFUI_FUZZ_SEED=\(text) is not a seed (0 or more)"))
    }
    chosen.seed = value
  }
  return .success(chosen)
}

/// The report of `steps` steps drawn from `seed`, shrunk when one fails;
/// nil when they pass.
@MainActor
private func seedReport<Model>(
  _ setup: FuzzSetup<Model>, seed: UInt64, steps stepCount: Int, _ sourceLocation: SourceLocation
) async -> String? {
  let run = FuzzRun(setup, sourceLocation: sourceLocation)
  var random = ListFuzzRandom(seed: seed)
  var drawn: [FuzzShrinkStep] = []
  FuzzCrashNote.begin()
  defer { FuzzCrashNote.end() }
  FuzzCrashNote.willStart(" of seed \(seed)")
  var failure = await run.start()
  while failure == nil && drawn.count < stepCount {
    let step = run.draw(using: &random)
    // Where the item a gesture names came from, for shrinking replays in
    // which earlier steps are gone and the item is called otherwise.
    drawn.append(FuzzShrinkStep(step, id: drawn.count, target: step.namedItem.flatMap(run.origins.origin(of:))))
    FuzzCrashNote.willRun(step, number: drawn.count, " of seed \(seed)")
    failure = await run.perform(step)
    // A fuzz runs on the main actor for seconds: let the other work there
    // (the tests running beside it, the app's tasks) have turns.
    await Task.yield()
  }
  guard let failure else { return nil }
  // Kept for the crash note before shrinking, which replays model states
  // the run did not reach: should one of them crash, this failure is not
  // lost (and a shrink that ends well prints nothing).
  let unshrunk = drawn.prefix(failure.stepIndex + 1).map(\.step.description).joined(separator: " ")
  FuzzCrashNote.setPreamble(
    "fuzzList: the check \"\(failure.check.rawValue)\" failed at step \(failure.stepIndex + 1) of seed \(seed); "
      + "shrinking these steps: replay: \"\(unshrunk)\"\n")
  var shrinker = FuzzShrinker(steps: drawn, failure: failure, budget: 100_000, timeLimit: FuzzEnvironment.shrinkTime)
  await shrinker.shrink {
    await replaySteps($0, setup, sourceLocation, notingCrashesAs: " of a shrinking replay of seed \(seed)")
  }
  FuzzCrashNote.setPreamble("")
  return FuzzReport(
    failure: shrinker.failure, steps: shrinker.steps.map(\.step),
    origin: .seed(seed, stepsRun: failure.stepIndex + 1, stoppedAt: shrinker.stoppedAt)
  ).text
}

/// The report of a replay string's steps, run exactly as written; nil
/// when they pass.
@MainActor
private func replayReport<Model>(_ replay: String, _ setup: FuzzSetup<Model>, _ sourceLocation: SourceLocation) async
  -> String?
{
  let parsed: [FuzzStep]
  switch parseReplay(replay, changeNames: Set(setup.changes.map(\.name))) {
  case .success(let steps): parsed = steps
  case .failure(let error): return "fuzzList: " + error.reason
  }
  FuzzCrashNote.begin()
  defer { FuzzCrashNote.end() }
  let steps = parsed.enumerated().map { FuzzShrinkStep($0.element, id: $0.offset) }
  guard let (failure, _) = await replaySteps(steps, setup, sourceLocation, notingCrashesAs: " of the replay")
  else { return nil }
  return FuzzReport(failure: failure, steps: Array(parsed.prefix(failure.stepIndex + 1)), origin: .replay).text
}

/// Runs `steps` on a new run from the first root, each gesture on the item
/// its target names in this run when it has one; the first failure and
/// the steps as they ran.
@MainActor
private func replaySteps<Model>(
  _ steps: [FuzzShrinkStep], _ setup: FuzzSetup<Model>, _ sourceLocation: SourceLocation,
  notingCrashesAs origin: String
) async -> FuzzShrinker.Outcome? {
  let run = FuzzRun(setup, sourceLocation: sourceLocation)
  FuzzCrashNote.willStart(origin)
  var ran: [FuzzShrinkStep] = []
  if let failure = await run.start() { return (failure, ran) }
  for (offset, step) in steps.enumerated() {
    FuzzCrashNote.willRun(step.step, number: offset + 1, origin)
    let failure = await run.perform(step.step, id: step.id, target: step.target)
    ran.append(
      FuzzShrinkStep(run.performed ?? step.step, id: step.id, target: run.performedTarget ?? step.target))
    if let failure { return (failure, ran) }
    await Task.yield()
  }
  return nil
}

/// The steps of a replay string, separated by spaces; an error naming the
/// first step that is not one, or saying that there are none.
package func parseReplay(_ text: String, changeNames: Set<String>) -> Result<[FuzzStep], FuzzStep.ParseError> {
  var steps: [FuzzStep] = []
  let words = text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" })
  guard !words.isEmpty else {
    return .failure(
      .init(
        reason: "replay: \"\(text)\" has no steps, so it would run nothing and pass: give the steps of a "
          + "report's replay line (replay: \"post#3 scroll+7\"), or no replay: to fuzz"))
  }
  for (offset, word) in words.enumerated() {
    do {
      steps.append(try FuzzStep(parsing: word, changeNames: changeNames))
    } catch {
      return .failure(.init(reason: "replay: step \(offset + 1), `\(word)`: \(error.reason)"))
    }
  }
  return .success(steps)
}

/// Whether `fuzzList` ignores `LISTDIFFUI_FUZZ_SEED` and
/// `LISTDIFFUI_FUZZ_STEPS`: set by the fuzzer's own tests of exact seeds and
/// step counts, which a longer CI run must not change. Not API.
package enum FuzzEnvironment {
  @TaskLocal package static var isIgnored = false
  /// Where `fuzzList` puts its report instead of recording an issue: set
  /// by the tests of the reports themselves, which read them as values (a
  /// test that records an expected issue prints it as a failure).
  @TaskLocal package static var reportSink: FuzzReportSink?
  /// How long shrinking may take.
  @TaskLocal package static var shrinkTime: Duration = .seconds(60)
}

/// The reports of the fuzzes run while it is `FuzzEnvironment.reportSink`.
@MainActor
package final class FuzzReportSink: Sendable {
  package var reports: [String] = []

  package init() {}
}
