import Foundation
import ListDiffUI
@testable import ListDiffUITesting
import Testing

/// `fuzzList`'s `accessibility` gesture and check: a correct screen passes
/// under VoiceOver's gestures, and the accessibility bugs apps plant in
/// their cells are found, named, shrunk and replayed.
@Suite(.timeLimit(.minutes(20)))
@MainActor
struct FuzzAccessibilityTests {
  /// A fuzz of the chore board with `bug` planted.
  private func fuzzBoard(
    _ bug: PlantedAccessibilityBug, seed: UInt64 = 4, steps: Int = 1_000, async: Bool = false,
    gestures: ListFuzzGestures = .all, setUp: (@MainActor (ListScreen) -> Void)? = nil, replay: String? = nil,
    logs: ChoreLogs = ChoreLogs()
  ) async {
    await fuzzList(
      ChoreBoard.sample(bug: bug), seed: seed, steps: steps, width: 32, height: 8, applyUpdatesAsync: async,
      contextObjects: { [logs.make()] }, setUp: setUp, changes: ChoreBoard.changes, gestures: gestures,
      replay: replay, moved: ChoreBoard.applyMove, root: ChoreBoard.root)
  }

  // 400 steps in a plain `swift test`; more in CI's long step with
  // LISTDIFFUI_FUZZ_STEPS, which the step count yields to.
  @Test(arguments: [false, true])
  func aCorrectBoardPassesVoiceOversGestures(async: Bool) async {
    await fuzzBoard(.none, seed: 8, steps: 400, async: async)
  }

  /// Finds `bug` as the `accessibility` check within 1,000 steps, shrinks
  /// it to at most six steps whose report says `expected`, and the printed
  /// replay reproduces it.
  private func expectFound(
    _ bug: PlantedAccessibilityBug, saying expected: String, async: Bool,
    setUp: (@MainActor (ListScreen) -> Void)? = nil, sourceLocation: SourceLocation = #_sourceLocation
  ) async {
    let reports = await fuzzReports { await fuzzBoard(bug, async: async, setUp: setUp) }
    #expect(reports.count == 1, "exactly one issue", sourceLocation: sourceLocation)
    guard let report = reports.first, let replay = replayLine(of: report) else {
      Issue.record("no replay line in \(reports)", sourceLocation: sourceLocation)
      return
    }
    #expect(failedCheck(of: report) == "accessibility", "\(report)", sourceLocation: sourceLocation)
    #expect(report.contains(expected), "\(report)", sourceLocation: sourceLocation)
    let steps = replay.split(separator: " ")
    #expect(steps.count <= 6, "shrunk to \(steps.count) steps: \(replay)", sourceLocation: sourceLocation)
    let replayed = await fuzzReports { await fuzzBoard(bug, async: async, setUp: setUp, replay: replay) }
    #expect(
      replayed.count == 1 && replayed.first.flatMap(failedCheck) == "accessibility", "\(replayed)",
      sourceLocation: sourceLocation)
    #expect(replayed.first.flatMap(replayLine) == replay, sourceLocation: sourceLocation)
  }

  @Test(arguments: [false, true])
  func aBlankLabelIsFound(async: Bool) async {
    await expectFound(.blankLabelWhenDone, saying: "has no label", async: async)
  }

  @Test(arguments: [false, true])
  func itemActionsHiddenFromVoiceOverAreFound(async: Bool) async {
    await expectFound(.doneHiddenFromVoiceOver, saying: "VoiceOver cannot reach them", async: async)
  }

  @Test(arguments: [false, true])
  func aValueLeftOnAReusedCellIsFound(async: Bool) async {
    await expectFound(.valueNotClearedOnReuse, saying: "left over from an earlier configure", async: async)
  }

  /// WordPress-iOS #22065: the app sends VoiceOver's cursor to the top after
  /// every update, with nothing posted.
  @Test(arguments: [false, true])
  func anAppMovingTheCursorAfterAnUpdateIsFound(async: Bool) async {
    await expectFound(
      .none, saying: "with no .layoutChanged", async: async,
      setUp: { screen in
        let recording = screen.dataSource.updateHandler
        screen.dataSource.updateHandler = { [weak screen] update in
          recording?(update)
          guard let dataSource = screen?.dataSource, dataSource.accessibilityFocus != nil else { return }
          dataSource.accessibilityFocus = dataSource.accessibilityElements.first?.item
        }
      })
  }

  /// Without the gesture the check is off: a screen not meant for
  /// VoiceOver is not held to it.
  @Test func withoutTheGestureTheCheckIsOff() async {
    let reports = await fuzzReports {
      await fuzzBoard(.blankLabelWhenDone, steps: 300, gestures: [.scroll, .tap, .drag, .move])
    }
    #expect(reports.isEmpty, "\(reports)")
  }

  /// Every kind of VoiceOver step runs from its replay string and checks
  /// out on a correct board; the actions run.
  @Test func everyVoiceOverStepReplays() async throws {
    let board = ChoreBoard.sample()
    let first = try #require(board.lists[0].dropFirst().first).identifier
    let second = try #require(board.lists[1].first).identifier
    let replay = "add#1 ax:first ax:next ax:next ax:nextHeading ax:previousHeading ax:last ax:previous ax:activate "
      + "ax:scrollDown ax:scrollUp ax:scrollLeft ax:scrollRight ax-action:board/l0/items/\(first)=Move%20to%20top "
      + "ax-action:board/l1/items/\(second)=Delete ax-action:board/l0/items/\(first)=Done done#5 delete#2 "
      + "ax-action:board/l0/items/nowhere=Delete ax-action:board/l0/items/\(first)=Archive"
    let logs = ChoreLogs()
    let reports = await fuzzReports { await fuzzBoard(.none, replay: replay, logs: logs) }
    #expect(reports.isEmpty, "\(reports)")
    #expect(logs.all.contains { $0.actions == ["Delete \(second)", "Done \(first)"] }, "\(logs.all.map(\.actions))")
  }
}

/// The chore logs a fuzz's screens were given, each screen its own.
@MainActor
final class ChoreLogs {
  private(set) var all: [ChoreLog] = []

  func make() -> ChoreLog {
    let log = ChoreLog()
    all.append(log)
    return log
  }
}
