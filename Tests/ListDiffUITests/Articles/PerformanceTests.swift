// The article Performance (Sources/ListDiffUI/ListDiffUI.docc/Performance.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import ListDiff
import Testing
import TestSupport

func repeatedIdentifiers() -> ListDiffResult<String> {
  listDiff(oldArray: ["a", "b", "a"], newArray: ["a", "a", "b"])
  // moves == [2→1, 1→2]: the second "a" moves up, "b" moves down
}

@Suite("Article: Performance")
struct PerformanceArticleTests {
  @Test func repeatedIdentifiersReadAsASwap() {
    let result = repeatedIdentifiers()
    #expect(result.moves == [ListMoveIndex(from: 2, to: 1), ListMoveIndex(from: 1, to: 2)])
    #expect(result.inserts.isEmpty && result.deletes.isEmpty && result.updates.isEmpty)
  }

  /// The count the article promises, over many lists full of repeats.
  @Test func countsAlwaysBalance() {
    for seed in UInt64(0)..<2_000 {
      var generator = SeededGenerator(seed: seed)
      let letters = ["a", "b", "c", "d"]
      let old = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      let new = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      let result = listDiff(oldArray: old, newArray: new)
      #expect(old.count + result.inserts.count - result.deletes.count == new.count, "seed \(seed)")
      let batch = result.forBatchUpdates()
      #expect(batch.updates.isEmpty, "seed \(seed)")
      #expect(old.count + batch.inserts.count - batch.deletes.count == new.count, "seed \(seed)")
    }
  }

  @Test func forBatchUpdatesTurnsAMovedUpdateIntoDeleteAndInsert() {
    struct Row: ListDiffable, Equatable {
      var id: String
      var text: String
      var diffIdentifier: String { id }
    }
    let old = [Row(id: "a", text: "1"), Row(id: "b", text: "1")]
    let new = [Row(id: "b", text: "2"), Row(id: "a", text: "1")]
    let batch = listDiff(oldArray: old, newArray: new).forBatchUpdates()
    #expect(batch.deletes == [1] && batch.inserts == [0] && batch.updates.isEmpty)
  }
}
