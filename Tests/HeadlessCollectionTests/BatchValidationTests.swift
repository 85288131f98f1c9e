import Foundation
import HeadlessCollection
import Testing

/// Every rule a batch can break, with UIKit's sentence, and the promise that a
/// rejected batch changes nothing.
@MainActor
@Suite struct BatchValidationTests {
  /// A five-item collection, its model, and a snapshot of what it shows.
  @MainActor struct Fixture {
    let model: ListModel
    let collection: CollectionView
    init(sections: [[String]] = [["a", "b", "c", "d", "e"]]) {
      model = ListModel(sections: sections)
      collection = makeCollection(model, width: 10, height: 3)
    }
  }

  /// What a rejected batch must leave untouched.
  struct Snapshot: Equatable {
    var counts: [Int]
    var cells: [ObjectIdentifier]
    var frames: [CGRect]
    var offset: CGPoint
    var text: String

    @MainActor init(_ collection: CollectionView) {
      counts = (0..<collection.numberOfSections).map { collection.numberOfItems(inSection: $0) }
      cells = collection.visibleCells.map(ObjectIdentifier.init)
      frames = (0..<collection.numberOfSections).flatMap { section in
        (0..<collection.numberOfItems(inSection: section)).map {
          collection.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame
        }
      }
      offset = collection.contentOffset
      text = collection.renderText()
    }
  }

  /// Runs `updates` (which may change the model) and expects `expected`, with
  /// the collection exactly as before.
  func expectRejection(
    _ expected: BatchUpdateError, message: String, sections: [[String]] = [["a", "b", "c", "d", "e"]],
    sourceLocation: SourceLocation = #_sourceLocation,
    _ updates: @escaping (ListModel, CollectionView) -> Void
  ) {
    let fixture = Fixture(sections: sections)
    let before = Snapshot(fixture.collection)
    let sizeRequests = fixture.model.sizeRequests.count
    var completed = false
    #expect(throws: expected, sourceLocation: sourceLocation) {
      try fixture.collection.performBatchUpdates({
        updates(fixture.model, fixture.collection)
      }, completion: { _ in completed = true })
    }
    #expect(expected.description == message, sourceLocation: sourceLocation)
    #expect(!completed, "a rejected batch does not complete", sourceLocation: sourceLocation)
    #expect(fixture.model.sizeRequests.count == sizeRequests, sourceLocation: sourceLocation)
    #expect(Snapshot(fixture.collection) == before, sourceLocation: sourceLocation)
  }

  @Test func wrongItemCountAfterInsert() {
    expectRejection(
      .invalidNumberOfItems(section: 0, after: 5, before: 5, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0),
      message: "Invalid update: invalid number of items in section 0. The number of items contained "
        + "in an existing section after the update (5) must be equal to the number of items contained "
        + "in that section before the update (5), plus or minus the number of items inserted or deleted "
        + "from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into "
        + "or out of that section (0 moved in, 0 moved out)."
    ) { _, collection in
      collection.insertItems(at: [ip(0)])
    }
  }

  @Test func wrongItemCountAfterDataChangeWithoutAnnouncement() {
    expectRejection(
      .invalidNumberOfItems(section: 0, after: 3, before: 5, inserted: 0, deleted: 1, movedIn: 0, movedOut: 0),
      message: "Invalid update: invalid number of items in section 0. The number of items contained "
        + "in an existing section after the update (3) must be equal to the number of items contained "
        + "in that section before the update (5), plus or minus the number of items inserted or deleted "
        + "from that section (0 inserted, 1 deleted) and plus or minus the number of items moved into "
        + "or out of that section (0 moved in, 0 moved out)."
    ) { model, collection in
      model.items.removeLast(2)
      collection.deleteItems(at: [ip(4)])
    }
  }

  @Test func indexChecksComeBeforeTheCountCheck() {
    // The count cannot balance either, but UIKit reports the range first.
    expectRejection(
      .deleteOutOfRange(ip(7), itemCountBefore: 5),
      message: "attempt to delete item 7 from section 0 which only contains 5 items before the update"
    ) { _, collection in
      collection.deleteItems(at: [ip(7)])
    }
  }

  @Test func anInsertIntoAnEmptySectionThatCannotBalanceReportsTheRange() {
    // UIKit's crash logs: after = 0 with one insert never balances, and the
    // message is the range's.
    expectRejection(
      .insertOutOfRange(ip(0), itemCountAfter: 0),
      message: "attempt to insert item 0 into section 0, but there are only 0 items in section 0 "
        + "after the update",
      sections: [[]]
    ) { _, collection in
      collection.insertItems(at: [ip(0)])
    }
  }

  @Test func reloadsCountAsInsertAndDeleteInTheMessage() {
    expectRejection(
      .invalidNumberOfItems(section: 0, after: 6, before: 5, inserted: 1, deleted: 1, movedIn: 0, movedOut: 0),
      message: "Invalid update: invalid number of items in section 0. The number of items contained "
        + "in an existing section after the update (6) must be equal to the number of items contained "
        + "in that section before the update (5), plus or minus the number of items inserted or deleted "
        + "from that section (1 inserted, 1 deleted) and plus or minus the number of items moved into "
        + "or out of that section (0 moved in, 0 moved out)."
    ) { model, collection in
      model.items.append("f")
      collection.reloadItems(at: [ip(0)])
    }
  }

  @Test func movesBetweenSectionsCountAsMovedInAndOut() {
    expectRejection(
      .invalidNumberOfItems(section: 0, after: 2, before: 2, inserted: 0, deleted: 0, movedIn: 0, movedOut: 1),
      message: "Invalid update: invalid number of items in section 0. The number of items contained "
        + "in an existing section after the update (2) must be equal to the number of items contained "
        + "in that section before the update (2), plus or minus the number of items inserted or deleted "
        + "from that section (0 inserted, 0 deleted) and plus or minus the number of items moved into "
        + "or out of that section (0 moved in, 1 moved out).",
      sections: [["a", "b"], ["c"]]
    ) { _, collection in
      collection.moveItem(at: ip(0, 0), to: ip(0, 1))
    }
  }

  @Test func sectionCountChange() {
    expectRejection(
      .invalidNumberOfSections(after: 2, before: 1),
      message: "Invalid update: invalid number of sections. The number of sections contained in the "
        + "collection view after the update (2) must be equal to the number of sections contained in "
        + "the collection view before the update (1), plus or minus the number of sections inserted "
        + "or deleted (0 inserted, 0 deleted)."
    ) { model, _ in
      model.sections.append(["x"])
    }
  }

  @Test func deleteOutOfRange() {
    expectRejection(
      .deleteOutOfRange(ip(7), itemCountBefore: 5),
      message: "attempt to delete item 7 from section 0 which only contains 5 items before the update"
    ) { model, collection in
      model.items.removeLast()
      collection.deleteItems(at: [ip(7)])
    }
  }

  @Test func deleteFromMissingSection() {
    expectRejection(
      .deleteSectionOutOfRange(ip(0, 3), sectionCountBefore: 1),
      message: "attempt to delete item 0 from section 3, but there are only 1 sections before the update"
    ) { _, collection in
      collection.deleteItems(at: [ip(0, 3)])
    }
  }

  @Test func deleteUsesOldIndexes() throws {
    // Index 5 exists after the inserts but not before: deletes use old indexes.
    expectRejection(
      .deleteOutOfRange(ip(5), itemCountBefore: 5),
      message: "attempt to delete item 5 from section 0 which only contains 5 items before the update"
    ) { model, collection in
      model.items = ["x", "y", "a", "b", "c", "d"]
      collection.insertItems(at: [ip(0), ip(1)])
      collection.deleteItems(at: [ip(5)])
    }
  }

  @Test func insertOutOfRange() {
    expectRejection(
      .insertOutOfRange(ip(9), itemCountAfter: 6),
      message: "attempt to insert item 9 into section 0, but there are only 6 items in section 0 after the update"
    ) { model, collection in
      model.items.append("f")
      collection.insertItems(at: [ip(9)])
    }
  }

  @Test func insertIntoMissingSection() {
    expectRejection(
      .insertSectionOutOfRange(ip(0, 2), sectionCountAfter: 1),
      message: "attempt to insert item 0 into section 2, but there are only 1 sections after the update"
    ) { _, collection in
      collection.insertItems(at: [ip(0, 2)])
    }
  }

  @Test func insertUsesNewIndexes() {
    // Index 4 exists before the deletes but not after: inserts use new indexes.
    expectRejection(
      .insertOutOfRange(ip(4), itemCountAfter: 4),
      message: "attempt to insert item 4 into section 0, but there are only 4 items in section 0 after the update"
    ) { model, collection in
      model.items = ["a", "b", "x", "c"]
      collection.deleteItems(at: [ip(3), ip(4)])
      collection.insertItems(at: [ip(4)])
    }
  }

  @Test func reloadOutOfRange() {
    expectRejection(
      .reloadOutOfRange(ip(5), itemCountBefore: 5),
      message: "attempt to delete item 5 from section 0 which only contains 5 items before the update"
    ) { _, collection in
      collection.reloadItems(at: [ip(5)])
    }
  }

  @Test func reloadInMissingSection() {
    expectRejection(
      .reloadSectionOutOfRange(ip(0, 1), sectionCountBefore: 1),
      message: "attempt to delete item 0 from section 1, but there are only 1 sections before the update"
    ) { _, collection in
      collection.reloadItems(at: [ip(0, 1)])
    }
  }

  @Test func moveSourceOutOfRange() {
    expectRejection(
      .moveSourceOutOfRange(from: ip(5), itemCountBefore: 5),
      message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 5}) that does not "
        + "exist - there are only 5 items in section 0 before the update"
    ) { _, collection in
      collection.moveItem(at: ip(5), to: ip(0))
    }
  }

  @Test func moveSourceSectionOutOfRange() {
    expectRejection(
      .moveSourceSectionOutOfRange(from: ip(0, 4), sectionCountBefore: 1),
      message: "attempt to move index path (<NSIndexPath> {length = 2, path = 4 - 0}) from a section "
        + "that does not exist - there are only 1 sections before the update"
    ) { _, collection in
      collection.moveItem(at: ip(0, 4), to: ip(0))
    }
  }

  @Test func moveDestinationOutOfRange() {
    expectRejection(
      .moveDestinationOutOfRange(from: ip(1), to: ip(4), itemCountAfter: 4),
      message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 1}) to index path "
        + "(<NSIndexPath> {length = 2, path = 0 - 4}) that does not exist - there are only 4 items in "
        + "section 0 after the update"
    ) { model, collection in
      model.items = ["a", "c", "d", "b"]
      collection.deleteItems(at: [ip(4)])
      collection.moveItem(at: ip(1), to: ip(4))
    }
  }

  @Test func moveDestinationSectionOutOfRange() {
    expectRejection(
      .moveDestinationSectionOutOfRange(from: ip(1), to: ip(0, 1), sectionCountAfter: 1),
      message: "attempt to move index path (<NSIndexPath> {length = 2, path = 0 - 1}) to index path "
        + "(<NSIndexPath> {length = 2, path = 1 - 0}) in section that does not exist - there are only "
        + "1 sections after the update"
    ) { _, collection in
      collection.moveItem(at: ip(1), to: ip(0, 1))
    }
  }

  @Test func sameIndexDeletedTwice() {
    expectRejection(
      .duplicateDelete(ip(2)),
      message: "attempt to delete the same index path twice (<NSIndexPath> {length = 2, path = 0 - 2})"
    ) { model, collection in
      model.items = ["a", "b", "e"]
      collection.deleteItems(at: [ip(2)])
      collection.deleteItems(at: [ip(2)])
    }
  }

  @Test func sameIndexInsertedTwice() {
    expectRejection(
      .duplicateInsert(ip(1)),
      message: "attempt to insert the same index path twice (<NSIndexPath> {length = 2, path = 0 - 1})"
    ) { model, collection in
      model.items = ["a", "x", "y", "b", "c", "d", "e"]
      collection.insertItems(at: [ip(1), ip(1)])
    }
  }

  @Test func deleteAndMoveFromOneIndexPath() {
    expectRejection(
      .deleteAndMove(ip(1)),
      message: "attempt to perform a delete and a move from the same index path "
        + "(<NSIndexPath> {length = 2, path = 0 - 1})"
    ) { model, collection in
      model.items = ["a", "c", "d", "e"]
      collection.deleteItems(at: [ip(1)])
      collection.moveItem(at: ip(1), to: ip(3))
      collection.insertItems(at: [ip(0)])
      model.items = ["x", "a", "c", "d", "e"]
    }
  }

  @Test func insertAndMoveToOneIndexPath() {
    expectRejection(
      .insertAndMove(ip(0)),
      message: "attempt to perform an insert and a move to the same index path "
        + "(<NSIndexPath> {length = 2, path = 0 - 0})"
    ) { model, collection in
      model.items = ["x", "a", "b", "c", "d"]
      collection.deleteItems(at: [ip(4)])
      collection.insertItems(at: [ip(0)])
      collection.moveItem(at: ip(3), to: ip(0))
      collection.insertItems(at: [ip(4)])
      collection.deleteItems(at: [ip(2)])
    }
  }

  @Test func twoMovesFromOneIndexPath() {
    expectRejection(
      .moveFromSameIndexPath(ip(0), to: ip(2), and: ip(3)),
      message: "attempt to move item at index path <NSIndexPath> {length = 2, path = 0 - 0} to both "
        + "<NSIndexPath> {length = 2, path = 0 - 2} and <NSIndexPath> {length = 2, path = 0 - 3}"
    ) { _, collection in
      collection.moveItem(at: ip(0), to: ip(3))
      collection.moveItem(at: ip(0), to: ip(2))
    }
  }

  @Test func twoMovesToOneIndexPath() {
    expectRejection(
      .moveToSameIndexPath(ip(0), and: ip(1), to: ip(4)),
      message: "attempt to move both item at index path <NSIndexPath> {length = 2, path = 0 - 0} and "
        + "<NSIndexPath> {length = 2, path = 0 - 1} to <NSIndexPath> {length = 2, path = 0 - 4}"
    ) { _, collection in
      collection.moveItem(at: ip(1), to: ip(4))
      collection.moveItem(at: ip(0), to: ip(4))
    }
  }

  @Test func reloadOfDeletedItem() {
    expectRejection(
      .reloadOfDeletedItem(ip(3)),
      message: "attempt to delete and reload the same index path (<NSIndexPath> {length = 2, path = 0 - 3})"
    ) { model, collection in
      model.items.remove(at: 3)
      collection.deleteItems(at: [ip(3)])
      collection.reloadItems(at: [ip(3)])
    }
  }

  @Test func reloadOfMovedItem() {
    expectRejection(
      .reloadOfMovedItem(ip(2)),
      message: "attempt to perform a delete and a move from the same index path "
        + "(<NSIndexPath> {length = 2, path = 0 - 2})"
    ) { model, collection in
      model.items = ["c", "a", "b", "d", "e"]
      collection.moveItem(at: ip(2), to: ip(0))
      collection.reloadItems(at: [ip(2)])
    }
  }

  @Test func indexPathOfWrongShape() {
    expectRejection(
      .invalidIndexPath(IndexPath(index: 3)),
      message: "Invalid index path for use with UICollectionView (<NSIndexPath> {length = 1, path = 3}). "
        + "Index paths passed to table or collection views must contain exactly two indices specifying "
        + "the section and row."
    ) { _, collection in
      collection.deleteItems(at: [IndexPath(index: 3)])
    }
  }

  @Test func negativeIndexes() {
    expectRejection(
      .deleteOutOfRange(ip(-1), itemCountBefore: 5),
      message: "attempt to delete item -1 from section 0 which only contains 5 items before the update"
    ) { model, collection in
      model.items.removeLast()
      collection.deleteItems(at: [ip(-1)])
    }
  }

  // MARK: What is accepted

  @Test func exactRepeatsOfMovesAndReloadsAreAccepted() throws {
    let fixture = Fixture()
    try fixture.collection.performBatchUpdates {
      fixture.model.items = ["b", "a", "c", "d", "e"]
      fixture.collection.moveItem(at: ip(0), to: ip(1))
      fixture.collection.moveItem(at: ip(0), to: ip(1))
      fixture.collection.reloadItems(at: [ip(3), ip(3)])
    }
    #expect(fixture.collection.visibleLabels == ["b", "a", "c"])
  }

  @Test func nestedBatchesJoinTheOuterOne() throws {
    let fixture = Fixture()
    var completions: [String] = []
    try fixture.collection.performBatchUpdates({
      fixture.model.items.insert("x", at: 0)
      fixture.collection.insertItems(at: [ip(0)])
      try? fixture.collection.performBatchUpdates({
        fixture.model.items.remove(at: 2)
        fixture.collection.deleteItems(at: [ip(1)])
      }, completion: { _ in completions.append("inner") })
      // Nothing is applied until the outer batch ends.
      #expect(fixture.collection.numberOfItems(inSection: 0) == 5)
    }, completion: { finished in completions.append("outer \(finished)") })
    #expect(fixture.collection.visibleLabels == ["x", "a", "c"])
    #expect(completions == ["outer true", "inner"])
  }

  @Test func theCollectionKeepsItsOwnCountUntilABatchIsApplied() throws {
    let fixture = Fixture()
    fixture.model.items.append("f")
    #expect(fixture.collection.numberOfItems(inSection: 0) == 5)
    try fixture.collection.performBatchUpdates {
      fixture.collection.insertItems(at: [ip(5)])
    }
    #expect(fixture.collection.numberOfItems(inSection: 0) == 6)
  }
}
