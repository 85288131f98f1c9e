import Foundation
import ListDiffUI
@testable import ListDiffUITesting
import Testing

/// What a fuzz recorded: the comments of its issues, one string each.
@MainActor
func fuzzReports(_ fuzz: () async -> Void) async -> [String] {
  let collected = Collected<String>()
  await withKnownIssue {
    await fuzz()
  } matching: { issue in
    collected.append(issue.comments.map(\.rawValue).joined(separator: "\n"))
    return true
  }
  return collected.values
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

@Suite(.timeLimit(.minutes(10)))
@MainActor
struct FuzzListTests {
  @Test(arguments: [false, true])
  func aCorrectFeedWithNestedPinnedSectionsPassesEveryGesture(async: Bool) async {
    await fuzzList(
      FuzzFeed.sample(), seed: 1, steps: 3_000, width: 30, height: 10, applyUpdatesAsync: async,
      setUp: { $0.dataSource.allowsMovingBetweenSections = true },
      changes: fuzzFeedChanges(), moved: applyFuzzMove, root: { fuzzFeedRoot($0) })
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

  @Test(arguments: [false, true])
  func aLibraryMutantThatSkipsReconfiguringUpdatedCells(async: Bool) async {
    await expectFound(
      .none, check: "fresh screen", async: async, setUp: { $0.dataSource.mutantSkipsReconfiguringUpdatedCells = true })
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
