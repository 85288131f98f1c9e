import Foundation
import ListDiffUI
@testable import ListDiffUITesting
import Testing

/// What the fuzzes `fuzz` runs report, one string each, read as values
/// (recorded as expected issues, they would print as failures). The fuzz
/// ignores `LISTDIFFUI_FUZZ_SEED` and `LISTDIFFUI_FUZZ_STEPS`, and shrinks
/// with no time limit: these tests check exact seeds, step counts and
/// reports, and every fuzz of the suite shares the main actor, so that a
/// shrink's wall-clock time says more about the others than about it.
@MainActor
func fuzzReports(_ fuzz: () async -> Void) async -> [String] {
  let sink = FuzzReportSink()
  await FuzzEnvironment.$reportSink.withValue(sink) {
    await FuzzEnvironment.$shrinkTime.withValue(.seconds(3_600)) {
      await FuzzEnvironment.$isIgnored.withValue(true) { await fuzz() }
    }
  }
  return sink.reports
}

/// The steps of a report's `replay: "…"` line.
func replayLine(of report: String) -> String? {
  guard let line = report.split(separator: "\n").last(where: { $0.hasPrefix("replay: \"") }) else { return nil }
  return String(line.dropFirst("replay: \"".count).dropLast())
}

/// The check a report names.
func failedCheck(of report: String) -> String? {
  guard let start = report.range(of: "the check \""), let end = report[start.upperBound...].firstIndex(of: "\"")
  else { return nil }
  return String(report[start.upperBound..<end])
}

@Suite(.timeLimit(.minutes(20)))
@MainActor
struct FuzzListTests {
  // 600 steps in a plain `swift test`; CI runs it again with
  // LISTDIFFUI_FUZZ_STEPS=3000 (.ci/run), which the step count yields to.
  @Test(arguments: [false, true])
  func aCorrectFeedWithNestedPinnedSectionsPassesEveryGesture(async: Bool) async {
    await fuzzList(
      FuzzFeed.sample(), seed: 1, steps: 600, width: 30, height: 10, applyUpdatesAsync: async,
      setUp: { $0.dataSource.allowsMovingBetweenSections = true },
      changes: fuzzFeedChanges(), moved: applyFuzzMove, root: { fuzzFeedRoot($0) })
  }

  // A carousel (drags across, ← →, taps on its tiles), an outline whose
  // expanded rows pin, a grid whose items open on a tap, a placeholder and
  // pinned headers, under every gesture. Allowed: the warning that a block
  // of pinned rows is taller than the room a small viewport leaves it (it
  // scrolls with its items then, as documented).
  @Test(arguments: [false, true])
  func aCorrectFeedWithACarouselAnOutlineAndAGridPassesEveryGesture(async: Bool) async {
    await fuzzList(
      FuzzFeed.sample(), seed: 5, steps: 500, width: 30, height: 10, applyUpdatesAsync: async,
      changes: fuzzFeedChanges(), allowing: [.invalidGeometry], root: { fuzzCarouselFeedRoot($0) })
  }

  /// Finds the planted bug within 2,000 steps, shrinks it to at most six
  /// steps, names `check`, and the printed replay reproduces it.
  private func expectFound(
    _ bug: PlantedBug, check: String, async: Bool, setUp: (@MainActor (ListScreen) -> Void)? = nil,
    changes: [ListFuzzChange<FuzzFeed>] = fuzzFeedChanges(),
    sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    func fuzz(replay: String? = nil) async {
      await fuzzList(
        FuzzFeed.sample(), seed: 11, steps: 2_000, width: 30, height: 10, applyUpdatesAsync: async,
        setUp: setUp, changes: changes, replay: replay, root: { fuzzFeedRoot($0, bug: bug) })
    }
    let reports = await fuzzReports { await fuzz() }
    #expect(reports.count == 1, "exactly one issue", sourceLocation: sourceLocation)
    guard let report = reports.first, let replay = replayLine(of: report) else {
      Issue.record("no replay line in \(reports)", sourceLocation: sourceLocation)
      return
    }
    #expect(failedCheck(of: report) == check, "\(report)", sourceLocation: sourceLocation)
    let steps = replay.split(separator: " ")
    #expect(steps.count <= 6, "shrunk to \(steps.count) steps: \(replay)", sourceLocation: sourceLocation)
    #expect(report.contains("seed 11"), sourceLocation: sourceLocation)
    let replayed = await fuzzReports { await fuzz(replay: replay) }
    #expect(replayed.count == 1 && failedCheck(of: replayed[0]) == check, "\(replayed)", sourceLocation: sourceLocation)
    #expect(replayed.first.flatMap(replayLine) == replay, sourceLocation: sourceLocation)
    let again = await fuzzReports { await fuzz() }
    #expect(again == reports, "the same seed gives the same report", sourceLocation: sourceLocation)
  }

  @Test(arguments: [false, true])
  func aViewModelWhoseEqualityIgnoresAShownField(async: Bool) async {
    await expectFound(.equalityIgnoresLikes, check: "fresh screen", async: async)
  }

  @Test(arguments: [false, true])
  func aControllerCachingItsTextAtFirstConfigure(async: Bool) async {
    await expectFound(.cachesText, check: "fresh screen", async: async)
  }

  @Test(arguments: [false, true])
  func aControllerKeepingItselfAlive(async: Bool) async {
    // Not emptied afterwards: the other argument's run may still rely on it.
    await expectFound(.keepsItselfAlive, check: "outlives its item", async: async)
  }

  private static let duplicate = ListFuzzChange<FuzzFeed>("duplicate") { feed, random in
    if let place = feed.randomPlace(&random) {
      feed.groups[place.group].append(feed.groups[place.group][place.index])
    }
  }

  @Test(arguments: [false, true])
  func aChangeAddingADuplicateIdentifier(async: Bool) async {
    await expectFound(.none, check: "diagnostic", async: async, changes: fuzzFeedChanges() + [Self.duplicate])
  }

  @Test(arguments: [false, true])
  func duplicatesAllowedPass(async: Bool) async {
    await fuzzList(
      FuzzFeed.sample(), seed: 11, steps: 500, width: 30, height: 10, applyUpdatesAsync: async,
      changes: fuzzFeedChanges() + [Self.duplicate], allowing: [.duplicateIdentifier], root: { fuzzFeedRoot($0) })
  }
}

/// A model whose invariant breaks only once six particular changes all
/// happened, among noise that does not matter.
struct SixSwitches: Sendable {
  var on: Set<Int> = []
  var noise: [Int] = []
}

@Suite(.timeLimit(.minutes(20)))
@MainActor
struct FuzzShrinkingTests {
  private static func changes() -> [ListFuzzChange<SixSwitches>] {
    (1...6).map { switchNumber in
      ListFuzzChange<SixSwitches>("on\(switchNumber)") { model, _ in model.on.insert(switchNumber) }
    } + [
      ListFuzzChange("noise", weight: 6) { model, random in model.noise.append(random.int(in: 0...99)) },
      ListFuzzChange("quiet", weight: 3) { model, random in
        if let index = random.index(of: model.noise) { model.noise.remove(at: index) }
      },
    ]
  }

  private static func root(_ model: SixSwitches) -> Section? {
    ListSection<FuzzTitle, FuzzTitleController>(
      model.noise.enumerated().map { FuzzTitle(identifier: "n\($0.offset)", title: "\($0.element)") }
        + [FuzzTitle(identifier: "switches", title: model.on.sorted().map(String.init).joined(separator: ","))])
  }

  @Test(arguments: [false, true])
  func anInvariantNeedingSixChangesIsShrunkToExactlyThem(async: Bool) async {
    func fuzz(replay: String? = nil) async {
      await fuzzList(
        SixSwitches(), seed: 5, steps: 2_000, applyUpdatesAsync: async, changes: Self.changes(), replay: replay,
        root: Self.root, invariant: { model, _ in model.on.count == 6 ? "all six switches are on" : nil })
    }
    let reports = await fuzzReports { await fuzz() }
    guard let report = reports.first, let replay = replayLine(of: report) else {
      Issue.record("no report: \(reports)")
      return
    }
    #expect(failedCheck(of: report) == "invariant")
    #expect(report.contains("all six switches are on"))
    let steps = replay.split(separator: " ").map { String($0.prefix(while: { $0 != "#" })) }
    #expect(steps.sorted() == ["on1", "on2", "on3", "on4", "on5", "on6"], "\(replay)")
    let replayed = await fuzzReports { await fuzz(replay: replay) }
    #expect(replayed.count == 1 && replayed.first.flatMap(failedCheck) == "invariant")
  }

  /// Over thousands of random failing predicates, shrinking keeps a
  /// sequence that still fails the same check, no longer than the first,
  /// from which no single step can be removed.
  @Test func shrinkingNeverReturnsASequenceThatPasses() async {
    let seed = UInt64.random(in: 0...UInt64(UInt32.max))
    var random = ListFuzzRandom(seed: seed)
    for _ in 0..<2_000 {
      let length = random.int(in: 1...40)
      let steps = (0..<length).map { _ in FuzzStep.scroll(random.int(in: 0...9)) }
      // Fails (as "work", or "rules" when `rules` is met first) once the
      // sequence holds `needed` in order; `rules` when a 7 comes first.
      let needed = (0..<random.int(in: 1...4)).map { _ in random.int(in: 0...9) }
      let sevenIsRules = random.bool()
      func replay(_ candidate: [FuzzStep]) -> FuzzFailure? {
        var matched = 0
        for (index, step) in candidate.enumerated() {
          guard case .scroll(let value) = step else { continue }
          if sevenIsRules && value == 7 {
            return FuzzFailure(check: .rules, message: "", stepIndex: index, before: "", after: "")
          }
          if matched < needed.count && value == needed[matched] { matched += 1 }
          if matched == needed.count {
            return FuzzFailure(check: .work, message: "", stepIndex: index, before: "", after: "")
          }
        }
        return nil
      }
      guard let first = replay(steps) else { continue }
      var shrinker = FuzzShrinker(
        steps: steps.enumerated().map { FuzzShrinkStep($0.element, id: $0.offset) }, failure: first, budget: 100_000)
      await shrinker.shrink { candidate in replay(candidate.map(\.step)).map { ($0, candidate) } }
      let shrunk = shrinker.steps.map(\.step)
      let final = replay(shrunk)
      #expect(final?.check == first.check, "seed \(seed): \(steps) shrunk to \(shrunk), which passes")
      #expect(shrunk.count <= first.stepIndex + 1, "seed \(seed)")
      #expect(shrinker.stoppedAt == nil, "seed \(seed)")
      for drop in shrunk.indices {
        var smaller = shrunk
        smaller.remove(at: drop)
        #expect(replay(smaller)?.check != first.check, "seed \(seed): step \(drop) of \(shrunk) can go")
      }
    }
  }
}

@Suite(.timeLimit(.minutes(20)))
@MainActor
struct FuzzStepNotationTests {
  /// Every step written parses back to itself, over thousands of random
  /// steps with names of every kind of character.
  @Test func stepsRoundTripThroughTheirNotation() throws {
    let seed = UInt64.random(in: 0...UInt64(UInt32.max))
    var random = ListFuzzRandom(seed: seed)
    let alphabet = Array("aZ09_-./ #%&>@:é→😀\n\"")
    func name() -> String {
      String((0..<random.int(in: 0...6)).map { _ in alphabet[random.int(in: 0..<alphabet.count)] })
    }
    let changeNames: Set<String> = ["post", "delete", "a.b-c_9"]
    for _ in 0..<5_000 {
      let sections = (0..<random.int(in: 0...3)).map { _ in name() }
      let item = ListItemID(identifier: name(), sectionPath: sections)
      let step: FuzzStep
      switch random.int(in: 0...7) {
      case 0:
        step = .changes((0..<random.int(in: 1...3)).map { _ in
          FuzzStep.Change(name: random.element(of: changeNames.sorted())!, seed: UInt64(random.int(in: 0...99_999)))
        })
      case 1: step = .scroll(random.int(in: -999...999))
      case 2: step = .drag(random.int(in: -999...999), velocity: random.bool() ? 0 : random.int(in: -3_000...3_000))
      case 3: step = .tap(item)
      case 4: step = .resize(width: random.int(in: 1...300), height: random.int(in: 1...100))
      case 5: step = .voiceOver(random.element(of: FuzzStep.voiceOverNames)!.gesture)
      case 6: step = .accessibilityAction(item, name: name())
      default:
        step = .move(
          item, toIndex: random.int(in: 0...50),
          toSection: random.bool() ? nil : (0..<random.int(in: 0...3)).map { _ in name() })
      }
      let written = step.description
      #expect(!written.contains(" ") && !written.contains("\n"), "seed \(seed): \(written)")
      let parsed = try? FuzzStep(parsing: written[...], changeNames: changeNames)
      #expect(parsed == step, "seed \(seed): \(written) parsed as \(String(describing: parsed))")
    }
  }
}

@Suite(.timeLimit(.minutes(20)))
@MainActor
struct FuzzShrinkingLimitsTests {
  /// A failure needing one step in a hundred: the leading steps go in a
  /// few replays (halving the number dropped), before any single removal.
  @Test func leadingStepsGoFirstInFewReplays() async {
    let steps = (0..<100).map { FuzzShrinkStep(.scroll($0), id: $0) }
    var replays = 0
    func replay(_ candidate: [FuzzShrinkStep]) -> FuzzShrinker.Outcome? {
      replays += 1
      guard let index = candidate.firstIndex(where: { $0.step == .scroll(99) }) else { return nil }
      return (FuzzFailure(check: .work, message: "", stepIndex: index, before: "", after: ""), candidate)
    }
    let first = FuzzFailure(check: .work, message: "", stepIndex: 99, before: "", after: "")
    var shrinker = FuzzShrinker(steps: steps, failure: first, budget: 100_000)
    await shrinker.shrink { replay($0) }
    #expect(shrinker.steps.map(\.step) == [.scroll(99)])
    #expect(replays <= 10, "\(replays) replays")
  }

  /// Shrinking stops at its time limit, keeping steps that still fail, and
  /// the report says so.
  @Test func shrinkingStopsAtItsTimeLimit() async {
    let steps = (0..<20).map { FuzzShrinkStep(.scroll($0), id: $0) }
    let first = FuzzFailure(check: .work, message: "", stepIndex: 19, before: "", after: "")
    var shrinker = FuzzShrinker(steps: steps, failure: first, budget: 100_000, timeLimit: .zero)
    await shrinker.shrink { candidate in
      (FuzzFailure(check: .work, message: "", stepIndex: candidate.count - 1, before: "", after: ""), candidate)
    }
    #expect(shrinker.stoppedAt == .time(.zero))
    #expect(shrinker.steps == steps, "nothing was replayed")
    let report = FuzzReport(
      failure: shrinker.failure, steps: shrinker.steps.map(\.step),
      origin: .seed(1, stepsRun: 20, stoppedAt: .time(.seconds(60))))
    #expect(report.text.contains("shrunk to 20 steps (shrinking stopped at its time limit of 60"), "\(report.text)")
  }

  /// A gesture whose item came from a step that shrinking kept acts on the
  /// item that step makes in the replay, whatever it is called there.
  @Test func aGestureFollowsItsItemThroughRenaming() {
    var origins = FuzzItemOrigins()
    let first = ListItemID(identifier: "n0", sectionPath: [])
    let second = ListItemID(identifier: "n1", sectionPath: [])
    origins.note([first], afterStep: 3)
    origins.note([first, second], afterStep: 7)
    #expect(origins.origin(of: second) == FuzzOrigin(step: 7, ordinal: 0))
    #expect(origins.item(bornOf: FuzzOrigin(step: 7, ordinal: 0)) == second)
    #expect(origins.item(bornOf: FuzzOrigin(step: 7, ordinal: 1)) == nil)
    origins.note([second], afterStep: 8)
    #expect(origins.origin(of: first) == nil, "gone from the list")
    #expect(FuzzStep.tap(first).naming(second) == .tap(second))
    #expect(FuzzStep.scroll(3).naming(second) == .scroll(3))
  }
}

/// A model that is a class, which the fuzz refuses.
final class ClassFeed {
  var posts: [Int] = []
}

struct FuzzChangeFailure: Error, CustomStringConvertible {
  var description: String { "the server said no" }
}

@Suite(.timeLimit(.minutes(20)))
@MainActor
struct FuzzBadInputTests {
  private func messages(
    replay: String? = nil, steps: Int = 10, width: Int = 30, height: Int = 10,
    changes: [ListFuzzChange<FuzzFeed>] = fuzzFeedChanges(), gestures: ListFuzzGestures = .all
  ) async -> [String] {
    await fuzzReports {
      await fuzzList(
        FuzzFeed.sample(), seed: 1, steps: steps, width: width, height: height, changes: changes,
        gestures: gestures, replay: replay, root: { fuzzFeedRoot($0) })
    }
  }

  @Test func aReplayNamingAnUnknownChangeNamesTheStep() async {
    let reported = await messages(replay: "post#3 scroll+7 repost#2")
    #expect(reported.count == 1)
    #expect(reported.first?.contains("step 3, `repost#2`") == true, "\(reported)")
    #expect(reported.first?.contains("no change is named \"repost\"") == true, "\(reported)")
  }

  @Test(arguments: [
    ("scroll7", "step 1, `scroll7`"), ("post#3 drag+x", "step 2, `drag+x`"), ("resize:0x4", "at least 1"),
    ("tap:p%G1", "is not a name"), ("move:p1", "move wants"), ("post#-1", "name#number"), ("hello", "not a step"),
    ("post#1 move:p1>-2", "at least 0"), ("tap:%FF", "is not a name"),
    ("post#99999999999999999999999", "the number 99999999999999999999999 is too large"),
    ("scroll-99999999999999999999", "the number -99999999999999999999 is too large"),
    ("resize:30x99999999999999999999", "is too large"),
    ("ax:sideways", "ax wants one of next, previous"), ("ax-action:p1", "ax-action wants an item, `=`"),
    ("ax-action:p1=Move up", "step 2, `up`"), ("ax-action:p1=%G1", "ax-action wants"),
  ])
  func aMalformedReplayIsOneClearMessage(replay: String, expected: String) async {
    let reported = await messages(replay: replay)
    #expect(reported.count == 1)
    #expect(reported.first?.contains(expected) == true, "\(reported)")
  }

  /// An empty replay would run nothing and pass: it fails, saying so.
  @Test(arguments: ["", "  \n"])
  func anEmptyReplayIsReported(replay: String) async {
    let reported = await messages(replay: replay)
    #expect(reported.count == 1 && reported[0].contains("has no steps, so it would run nothing"), "\(reported)")
  }

  @Test func zeroStepsIsReported() async {
    let reported = await messages(steps: 0)
    #expect(reported == ["fuzzList: steps: 0: give at least one step"])
  }

  @Test func nothingToDoIsReported() async {
    let reported = await messages(changes: [], gestures: [.expand])
    #expect(reported.count == 1 && reported[0].contains("nothing to do"), "\(reported)")
  }

  @Test(arguments: [(0, 10), (30, 0), (-1, -1)])
  func aScreenUnderOnePointIsReported(width: Int, height: Int) async {
    let reported = await messages(width: width, height: height)
    #expect(reported.count == 1 && reported[0].contains("cannot be fuzzed"), "\(reported)")
  }

  @Test func namesThatCannotBeWrittenOrRepeatAreReported() async {
    let spaced = await messages(changes: [ListFuzzChange("add post") { _, _ in }])
    #expect(spaced.count == 1 && spaced[0].contains("\"add post\" cannot be written"), "\(spaced)")
    let twice = await messages(changes: [ListFuzzChange("post") { _, _ in }, ListFuzzChange("post") { _, _ in }])
    #expect(twice.count == 1 && twice[0].contains("two changes are named \"post\""), "\(twice)")
  }

  @Test func aClassModelIsRefused() async {
    let reported = await fuzzReports {
      await fuzzList(
        ClassFeed(), steps: 10, changes: [ListFuzzChange("post") { feed, _ in feed.posts.append(1) }],
        root: { _ in nil })
    }
    #expect(reported.count == 1 && reported[0].contains("the model is a class"), "\(reported)")
  }

  @Test func aChangeThatThrowsIsNamedWithItsStep() async {
    let failing = ListFuzzChange<FuzzFeed>("publish") { feed, random in
      if random.int(in: 0...3) == 0 { throw FuzzChangeFailure() }
      feed.addPost(to: 0, using: &random)
    }
    let reported = await messages(steps: 200, changes: [failing])
    #expect(reported.count == 1)
    #expect(failedCheck(of: reported.first ?? "") == "change")
    #expect(reported.first?.contains("threw: the server said no") == true, "\(reported)")
    #expect(replayLine(of: reported.first ?? "")?.split(separator: " ").count == 1, "\(reported)")
  }

  @Test func aReplayThatNoLongerFailsRecordsNothing() async {
    await fuzzList(
      FuzzFeed.sample(), changes: fuzzFeedChanges(), replay: "post#3 scroll+7 tap:feed/g0/p1 like#2 drag-4@300",
      root: { fuzzFeedRoot($0) })
  }

  /// An app that throws the layout away after every update: the `work`
  /// check sees every item sized again.
  @Test func anUpdateThatSizesEverythingFailsTheWorkCheck() async {
    let reported = await fuzzReports {
      await fuzzList(
        FuzzFeed.sample(posts: 60), seed: 2, steps: 300, width: 30, height: 6,
        setUp: { screen in
          let recording = screen.dataSource.updateHandler
          screen.dataSource.updateHandler = { [weak screen] update in
            recording?(update)
            screen?.collectionView.collectionViewLayout.invalidateLayout()
          }
        },
        changes: fuzzFeedChanges(), root: { fuzzFeedRoot($0) })
    }
    #expect(reported.count == 1 && failedCheck(of: reported[0]) == "work", "\(reported)")
  }
}

@Suite(.timeLimit(.minutes(20)))
struct FuzzCrashTests {
  /// A trap in a change closure stops the process, as any trap does; the
  /// fuzz's note on standard error says which step ran it and how to
  /// replay the steps up to it.
  @Test func aTrapInAChangeSaysWhichStepRanIt() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await fuzzList(
        FuzzFeed.sample(), seed: 3, steps: 40,
        changes: [
          ListFuzzChange("add") { feed, random in
            if feed.nextID >= 30 { fatalError("a planted trap") }
            feed.addPost(to: 0, using: &random)
          }
        ],
        gestures: [.scroll], root: { fuzzFeedRoot($0) })
    }
    let standardError = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("fuzzList: the process crashed in step"), "\(standardError)")
    #expect(standardError.contains("of seed 3, add#"), "\(standardError)")
    #expect(standardError.contains("\nreplay: \""), "\(standardError)")
    #expect(standardError.contains("a planted trap"), "\(standardError)")
  }

  /// A failure the fuzz is shrinking is not lost to a crash in one of the
  /// shrinking replays (which reach model states the run did not): the
  /// note then starts with the failing steps as drawn. A run that ends
  /// well prints none of it.
  @Test func aTrapWhileShrinkingStillNamesTheFailureAsDrawn() async throws {
    let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
      await fuzzList(
        FuzzFeed.sample(), seed: 3, steps: 40,
        changes: [
          ListFuzzChange("add") { feed, random in
            if ShrinkingTrap.failed { fatalError("a planted trap while shrinking") }
            feed.addPost(to: 0, using: &random)
          }
        ],
        gestures: [.scroll], root: { fuzzFeedRoot($0) },
        invariant: { feed, _ in
          guard feed.nextID >= 30 else { return nil }
          ShrinkingTrap.failed = true
          return "a planted failure"
        })
    }
    let standardError = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
    #expect(standardError.contains("fuzzList: the check \"invariant\" failed at step "), "\(standardError)")
    #expect(standardError.contains(" of seed 3; shrinking these steps: replay: \""), "\(standardError)")
    #expect(standardError.contains("of a shrinking replay of seed 3"), "\(standardError)")
    #expect(standardError.contains("a planted trap while shrinking"), "\(standardError)")
  }
}

/// Set, in the exit test's own process, once the planted failure is seen:
/// from then on the fuzz is shrinking.
private enum ShrinkingTrap {
  nonisolated(unsafe) static var failed = false
}
