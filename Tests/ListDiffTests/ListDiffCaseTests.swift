import ListDiff
import Testing

/// IGListKit's classic cases, each with the answer worked out by hand.
@Suite("listDiff: classic cases")
struct ListDiffCaseTests {
  @Test func emptyArraysHaveNoChanges() {
    let result = listDiff(oldArray: [Int](), newArray: [])
    #expect(!result.hasChanges)
    #expect(result.changeCount == 0)
  }

  @Test func fromEmptyEverythingIsInserted() {
    let result = listDiff(oldArray: [], newArray: [1, 2, 3])
    #expect(result.inserts == [0, 1, 2])
    #expect(result.deletes.isEmpty && result.moves.isEmpty && result.updates.isEmpty)
    #expect(result.changeCount == 3)
  }

  @Test func toEmptyEverythingIsDeleted() {
    let result = listDiff(oldArray: [1, 2, 3], newArray: [])
    #expect(result.deletes == [0, 1, 2])
    #expect(result.inserts.isEmpty && result.moves.isEmpty)
  }

  @Test func singleElementsEqualAndDifferent() {
    #expect(!listDiff(oldArray: [7], newArray: [7]).hasChanges)
    let result = listDiff(oldArray: [7], newArray: [8])
    #expect(result.deletes == [0] && result.inserts == [0])
  }

  @Test func swappingTwoItemsIsTwoMovesInNewOrder() {
    let result = listDiff(oldArray: [1, 2], newArray: [2, 1])
    #expect(result.moves == [ListMoveIndex(from: 1, to: 0), ListMoveIndex(from: 0, to: 1)])
    #expect(result.inserts.isEmpty && result.deletes.isEmpty && result.updates.isEmpty)
  }

  @Test func movingOneItemToTheFront() {
    // 4 jumps to the front; everything else is shifted, not moved.
    let result = listDiff(oldArray: [1, 2, 3, 4], newArray: [4, 1, 2, 3])
    #expect(result.moves.contains(ListMoveIndex(from: 3, to: 0)))
    #expect(result.moves.count == 4)
    #expect(result == listDiff(oldArray: [1, 2, 3, 4], newArray: [4, 1, 2, 3]))
  }

  @Test func deletesAndInsertsDoNotCountAsMoves() {
    let result = listDiff(oldArray: [0, 1, 2, 3, 4], newArray: [0, 2, 9, 3, 4])
    #expect(result.deletes == [1])
    #expect(result.inserts == [2])
    #expect(result.moves.isEmpty)
  }

  @Test func heckelsPaperSentences() {
    let old = "much writing is like snow , a mass of long words and phrases falls upon the relevant facts covering up the details ."
      .split(separator: " ").map(String.init)
    let new = "a mass of latin words falls upon the relevant facts like soft snow , covering up the details ."
      .split(separator: " ").map(String.init)
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.deletes == [0, 1, 2, 9, 11, 12])
    #expect(result.inserts == [3, 11])
    #expect(result.reference == referenceDiff(old, new))
    // "the" occurs twice on each side: first pairs with first, second with second.
    #expect(result.oldIndex(forIdentifier: "the") == 20)
    #expect(result.newIndex(forIdentifier: "the") == 16)
    #expect(result.newIndex(forIdentifier: "much") == nil)
  }

  @Test func updatesAreReportedByOldIndex() {
    let old = [Item(id: 1, payload: 0), Item(id: 2, payload: 0), Item(id: 3, payload: 0)]
    let new = [Item(id: 0, payload: 0), Item(id: 1, payload: 0), Item(id: 2, payload: 5), Item(id: 3, payload: 0)]
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.inserts == [0])
    #expect(result.updates == [1])
    #expect(result.moves.isEmpty)
  }

  @Test func movedAndUpdatedIsBothRawAndDeleteInsertForBatches() {
    let old = [Item(id: 1, payload: 0), Item(id: 2, payload: 0), Item(id: 3, payload: 0)]
    let new = [Item(id: 3, payload: 9), Item(id: 1, payload: 0), Item(id: 2, payload: 0)]
    let raw = listDiff(oldArray: old, newArray: new)
    #expect(raw.updates == [2])
    #expect(raw.moves.contains(ListMoveIndex(from: 2, to: 0)))
    let batch = raw.forBatchUpdates()
    #expect(batch.updates.isEmpty)
    #expect(batch.deletes == [2] && batch.inserts == [0])
    #expect(!batch.moves.contains { $0.from == 2 })
    #expect(batch.reference == referenceBatch(old, new))
  }

  @Test func anUpdateInPlaceBecomesDeleteAndInsertForBatches() {
    let old = [Item(id: 1, payload: 0), Item(id: 2, payload: 0)]
    let new = [Item(id: 1, payload: 0), Item(id: 2, payload: 1)]
    let batch = listDiff(oldArray: old, newArray: new).forBatchUpdates()
    #expect(batch.deletes == [1] && batch.inserts == [1] && batch.updates.isEmpty)
  }

  @Test func movesAmongDuplicatesPairInOrder() {
    // IGListKit pairs the k-th new "a" with the k-th old "a".
    let old = ["a", "b", "a", "c", "a"]
    let new = ["c", "a", "a", "b"]
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.reference == referenceDiff(old, new))
    #expect(result.deletes == [4])
    #expect(old.count + result.inserts.count - result.deletes.count == new.count)
  }

  @Test func everyElementTheSameIdentifier() {
    let old = [String](repeating: "x", count: 1_000)
    let new = [String](repeating: "x", count: 1_500)
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.inserts == Array(1_000..<1_500))
    #expect(result.deletes.isEmpty && result.moves.isEmpty)
    let shrink = listDiff(oldArray: new, newArray: old)
    #expect(shrink.deletes == Array(1_000..<1_500))
  }

  @Test func aMillionEqualIdentifiersStayLinear() {
    // Every occurrence pairs with the next of its kind: linear, not quadratic.
    var old = [Item](repeating: Item(id: 7, payload: 0), count: 1_000_000)
    var new = old
    new[999_999].payload = 1
    new.append(Item(id: 7, payload: 0))
    old.insert(Item(id: 8, payload: 0), at: 500_000)
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.deletes == [500_000])
    #expect(result.inserts == [1_000_000])
    // One changed "7" marks every matched "7", as IGListKit's entry flag does.
    #expect(result.updates.count == 1_000_000)
    #expect(old.count + result.inserts.count - result.deletes.count == new.count)
  }

  @Test func repeatedIdentifierWithOneChangedOccurrenceUpdatesAllMatched() {
    // IGListKit keeps "updated" per identifier: one changed "a" marks both.
    let old = [Item(id: 1, payload: 0), Item(id: 1, payload: 0)]
    let new = [Item(id: 1, payload: 5), Item(id: 1, payload: 0), Item(id: 1, payload: 2)]
    let raw = listDiff(oldArray: old, newArray: new)
    #expect(raw.updates == [0, 1])
    #expect(raw.inserts == [2])
    #expect(raw.reference == referenceDiff(old, new))
    // IGListKit's own batch loses a delete here (2 + 2 - 1 != 3); ours holds.
    let ours = raw.forBatchUpdates()
    #expect(old.count + ours.inserts.count - ours.deletes.count == new.count)
    let theirs = referenceBatch(old, new)
    #expect(old.count + theirs.inserts.count - theirs.deletes.count != new.count)
  }

  @Test func pointerPersonalityComparesInstances() {
    let a = Box("a"), b = Box("b")
    let sameContentNewInstance = Box("b")
    let equality = listDiff(oldArray: [a, b], newArray: [a, sameContentNewInstance])
    #expect(!equality.hasChanges)
    let pointer = listDiff(oldArray: [a, b], newArray: [a, sameContentNewInstance], option: .pointerPersonality)
    #expect(pointer.updates == [1])
    let unchanged = listDiff(oldArray: [a, b], newArray: [a, b], option: .pointerPersonality)
    #expect(!unchanged.hasChanges)
    // Even a changed payload is no update under pointer personality if the
    // instance is the same; and a changed payload is an update under equality.
    let changed = Box("b", 1)
    #expect(listDiff(oldArray: [b], newArray: [changed]).updates == [0])
    #expect(listDiff(oldArray: [b], newArray: [changed], option: .pointerPersonality).updates == [0])
  }

  @Test func pointerPersonalityOnValuesBehavesLikeEquality() {
    let old = [Item(id: 1, payload: 0), Item(id: 2, payload: 0)]
    let new = [Item(id: 1, payload: 0), Item(id: 2, payload: 3)]
    #expect(listDiff(oldArray: old, newArray: new, option: .pointerPersonality).updates == [1])
  }

  @Test func indexLookups() {
    let result = listDiff(oldArray: ["a", "b", "c"], newArray: ["c", "d", "a"])
    #expect(result.oldIndex(forIdentifier: "b") == 1)
    #expect(result.newIndex(forIdentifier: "b") == nil)
    #expect(result.newIndex(forIdentifier: "d") == 1)
    #expect(result.oldIndex(forIdentifier: "d") == nil)
    #expect(result.oldIndex(forIdentifier: "a") == 0 && result.newIndex(forIdentifier: "a") == 2)
  }

  @Test func commonPrefixAndSuffixStillReportMiddleChanges() {
    let old = Array(0..<100)
    var new = old
    new.remove(at: 50)
    new.insert(500, at: 10)
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.deletes == [50])
    #expect(result.inserts == [10])
    #expect(result.moves.isEmpty)
  }

  @Test func suffixThatRepeatsAMiddleIdentifierKeepsIGListKitPairing() {
    // Matching the common suffix from the end would pair the last "x"s; IGListKit
    // pairs the first new "x" with the only old one.
    let old = ["a", "x"]
    let new = ["x", "a", "x"]
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.reference == referenceDiff(old, new))
    #expect(result.inserts == [2])
  }

  @Test func changeCountAndDescription() {
    let result = listDiff(oldArray: [1, 2, 3], newArray: [3, 4, 1])
    #expect(result.changeCount == result.inserts.count + result.deletes.count + result.updates.count + result.moves.count)
    #expect(result.description.contains("inserts [1]"))
    #expect(ListMoveIndex(from: 2, to: 0).description == "2→0")
    #expect(ListMoveIndex(from: 1, to: 5) < ListMoveIndex(from: 2, to: 0))
    #expect(ListMoveIndex(from: 1, to: 0) < ListMoveIndex(from: 1, to: 5))
  }

  @Test func standardLibraryTypesConform() {
    #expect(listDiff(oldArray: [1.5, 2.5], newArray: [2.5]).deletes == [0])
    #expect(listDiff(oldArray: [true], newArray: [false, true]).inserts == [0])
    #expect(listDiff(oldArray: Array("abc"), newArray: Array("cab")).moves.count == 3)
    #expect(listDiff(oldArray: ["x"[...]], newArray: ["y"[...]]).inserts == [0])
    #expect(listDiff(oldArray: [UInt8(1)], newArray: [UInt8(1)]).changeCount == 0)
  }

  @Test func aMillionElementsWithChanges() {
    let old = Array(0..<1_000_000)
    var new = old
    new.removeSubrange(400_000..<400_010)
    new.insert(-1, at: 0)
    new.swapAt(10, 999_000)
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.deletes == Array(400_000..<400_010))
    #expect(result.inserts == [0])
    #expect(old.count + result.inserts.count - result.deletes.count == new.count)
    #expect(result.moves.contains(ListMoveIndex(from: 9, to: 999_000 - 9)) || !result.moves.isEmpty)
  }
}
