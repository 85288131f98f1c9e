import Foundation
import ListDiffUI
@testable import ListDiffUITesting
import Testing

/// The fuzzer on three bugs of the kind an app has and nobody tuned it for
/// (`FuzzAppBugFixtures`): each found in both update modes and shrunk to a
/// few steps that replay it; each screen without its bug passes.
@Suite(.timeLimit(.minutes(20)))
@MainActor
struct FuzzAppBugTests {
  /// The report of a fuzz that must find a bug, its replay line's steps,
  /// and whether that line, replayed, fails the same check.
  private func found(
    _ fuzz: (String?) async -> Void, check: String, atMost limit: Int, sourceLocation: SourceLocation = #_sourceLocation
  ) async -> String? {
    let reports = await fuzzReports { await fuzz(nil) }
    #expect(reports.count == 1, "exactly one report: \(reports)", sourceLocation: sourceLocation)
    guard let report = reports.first, let replay = replayLine(of: report) else {
      Issue.record("no replay line in \(reports)", sourceLocation: sourceLocation)
      return nil
    }
    #expect(failedCheck(of: report) == check, "\(report)", sourceLocation: sourceLocation)
    let steps = replay.split(separator: " ")
    #expect(steps.count <= limit, "shrunk to \(steps.count) steps: \(report)", sourceLocation: sourceLocation)
    #expect(!report.contains("shrinking stopped"), "\(report)", sourceLocation: sourceLocation)
    let replayed = await fuzzReports { await fuzz(replay) }
    #expect(
      replayed.count == 1 && replayed.first.flatMap(failedCheck) == check, "\(replayed)", sourceLocation: sourceLocation)
    return report
  }

  // MARK: A section id that holds its item count

  @Test(arguments: [false, true])
  func aSectionIDHoldingItsCountIsFound(async: Bool) async {
    func fuzz(replay: String?) async {
      await fuzzList(
        Cart.sample(), seed: 21, steps: 1_000, width: 30, height: 10, applyUpdatesAsync: async,
        changes: cartChanges(), replay: replay, root: { cartRoot($0, countInSectionID: true) })
    }
    let report = await found(fuzz, check: "diagnostic", atMost: 6)
    #expect(report?.contains(".unstableSectionIdentity warning") == true, "\(report ?? "")")
    #expect(report?.contains("lost their controllers and view state") == true, "\(report ?? "")")
  }

  @Test(arguments: [false, true])
  func aCartWithStableSectionIDsPasses(async: Bool) async {
    await fuzzList(
      Cart.sample(), seed: 21, steps: 400, width: 30, height: 10, applyUpdatesAsync: async,
      changes: cartChanges(), root: { cartRoot($0, countInSectionID: false) })
  }

  // MARK: Open rows kept in a context object by index

  @Test(arguments: [false, true])
  func openRowsKeptByIndexInAContextObjectAreFound(async: Bool) async {
    func fuzz(replay: String?) async {
      await fuzzList(
        Topics.sample(), seed: 8, steps: 1_000, width: 30, height: 8, applyUpdatesAsync: async,
        contextObjects: { [OpenTopics()] }, changes: topicChanges(), replay: replay,
        root: { topicsRoot($0, keyedByPosition: true) })
    }
    await _ = found(fuzz, check: "fresh screen", atMost: 6)
  }

  /// Every screen gets its own context objects: a factory that hands out
  /// one instance twice is refused, naming its class.
  @Test func aContextObjectSharedByEveryScreenIsRefused() async {
    let shared = OpenTopics()
    let reports = await fuzzReports {
      await fuzzList(
        Topics.sample(), steps: 10, contextObjects: { [shared] }, changes: topicChanges(),
        root: { topicsRoot($0, keyedByPosition: true) })
    }
    #expect(reports.count == 1, "\(reports)")
    #expect(reports.first?.contains("returned the same OpenTopics instance twice") == true, "\(reports)")
    #expect(reports.first?.contains("contextObjects: { [OpenTopics()] }") == true, "\(reports)")
  }

  // MARK: A tap on an item named by a counter

  /// Notes are numbered by a counter, so removing an earlier `write` while
  /// shrinking renames every later note; the tap follows the note it
  /// tapped all the same (by the step that wrote it), and when that step
  /// goes and the tap hits another note of the same name, it follows that
  /// one. Seed 5 finds it at step 38 (the tap on n4), or 14 (async); both
  /// shrink to a write, the tap on n0 and a change of the count.
  @Test(arguments: [false, true])
  func aStaleFigureAfterATapOnANumberedItemIsShrunk(async: Bool) async {
    func fuzz(replay: String?) async {
      await fuzzList(
        Notebook(), seed: 5, steps: 2_000, width: 24, height: 6, applyUpdatesAsync: async,
        changes: notebookChanges(), replay: replay, root: { notebookRoot($0, keepsCountFromTap: true) })
    }
    let report = await found(fuzz, check: "fresh screen", atMost: 3)
    #expect(replayLine(of: report ?? "")?.contains("tap:notes/n") == true, "\(report ?? "")")
  }

  @Test(arguments: [false, true])
  func notesThatCountAfreshPass(async: Bool) async {
    await fuzzList(
      Notebook(), seed: 5, steps: 400, width: 24, height: 6, applyUpdatesAsync: async,
      changes: notebookChanges(), root: { notebookRoot($0, keepsCountFromTap: false) })
  }
}
