// The README's diff quick start, verbatim between the markers.

import ListDiff
import Testing

// README diff begins
struct Message: ListDiffable, Equatable {
  var id: String
  var text: String
  var diffIdentifier: String { id }  // identity; `isEqual` defaults to ==
}

let old = [Message(id: "a", text: "hi"), Message(id: "b", text: "yo")]
let new = [Message(id: "c", text: "new"), Message(id: "b", text: "yo!"), Message(id: "a", text: "hi")]

let result = listDiff(oldArray: old, newArray: new)
// result.inserts == [0]           new indexes
// result.deletes == []            old indexes
// result.updates == [1]           old indexes: "b" kept its identity but changed
// result.moves   == [1→1, 0→2]    old index → new index, by new index
let batch = result.forBatchUpdates()
// batch.deletes == [1], batch.inserts == [0, 1], batch.moves == [0→2]:
// UIKit cannot reload a moving item, so "b" is deleted and inserted instead.
// README diff ends

@Suite("README diff")
struct ReadmeDiffTests {
  @Test func theReadmeCommentsAreTheResult() {
    #expect(result.inserts == [0])
    #expect(result.deletes == [])
    #expect(result.updates == [1])
    #expect(result.moves == [ListMoveIndex(from: 1, to: 1), ListMoveIndex(from: 0, to: 2)])
    #expect(batch.deletes == [1] && batch.inserts == [0, 1])
    #expect(batch.moves == [ListMoveIndex(from: 0, to: 2)] && batch.updates.isEmpty)
  }
}
