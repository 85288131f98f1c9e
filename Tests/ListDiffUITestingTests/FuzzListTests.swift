import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing

@Suite(.timeLimit(.minutes(10)))
@MainActor
struct FuzzListTests {
  @Test(arguments: [false, true])
  func aCorrectFeedPassesEveryGesture(async: Bool) async {
    await fuzzList(
      FuzzFeed.sample(), seed: 1, steps: 3_000, width: 30, height: 10, applyUpdatesAsync: async,
      setUp: { $0.dataSource.allowsMovingBetweenSections = true },
      changes: fuzzFeedChanges(), moved: applyFuzzMove, root: { fuzzFeedRoot($0) })
  }
}
