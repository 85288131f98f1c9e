import Foundation
import HeadlessCollection
import Testing

/// Section changes in batch updates: every section rule with its sentence
/// (a rejected batch changes nothing), and what a valid batch does to cells,
/// selection, sizes and the reuse queue.
@MainActor
@Suite struct SectionBatchTests {
  let rules = BatchValidationTests()
  static let three = [["a0", "a1"], ["b0", "b1", "b2"], ["c0"]]

  // MARK: Rules and sentences

  @Test func sectionCountEquationCountsSectionChanges() {
    rules.expectRejection(
      .invalidNumberOfSections(after: 3, before: 3, inserted: 1, deleted: 0),
      message: "Invalid update: invalid number of sections. The number of sections contained in the "
        + "collection view after the update (3) must be equal to the number of sections contained in "
        + "the collection view before the update (3), plus or minus the number of sections inserted "
        + "or deleted (1 inserted, 0 deleted).",
      sections: Self.three
    ) { _, collection in
      collection.insertSections([1])
    }
    // A reload counts as one inserted and one deleted.
    rules.expectRejection(
      .invalidNumberOfSections(after: 2, before: 3, inserted: 1, deleted: 1),
      message: "Invalid update: invalid number of sections. The number of sections contained in the "
        + "collection view after the update (2) must be equal to the number of sections contained in "
        + "the collection view before the update (3), plus or minus the number of sections inserted "
        + "or deleted (1 inserted, 1 deleted).",
      sections: Self.three
    ) { model, collection in
      model.sections.removeLast()
      collection.reloadSections([0])
    }
  }

  @Test func sectionIndexesOutOfRange() {
    rules.expectRejection(
      .sectionDeleteOutOfRange(3, sectionCountBefore: 3),
      message: "attempt to delete section 3, but there are only 3 sections before the update",
      sections: Self.three
    ) { model, collection in
      model.sections.removeLast()
      collection.deleteSections([3])
    }
    rules.expectRejection(
      .sectionReloadOutOfRange(5, sectionCountBefore: 3),
      message: "attempt to delete section 5, but there are only 3 sections before the update",
      sections: Self.three
    ) { _, collection in
      collection.reloadSections([5])
    }
    rules.expectRejection(
      .sectionInsertOutOfRange(4, sectionCountAfter: 4),
      message: "attempt to insert section 4 but there are only 4 sections after the update",
      sections: Self.three
    ) { model, collection in
      model.sections.append([])
      collection.insertSections([4])
    }
    rules.expectRejection(
      .sectionMoveSourceOutOfRange(3, sectionCountBefore: 3),
      message: "attempt to move section 3, but there are only 3 sections before the update",
      sections: Self.three
    ) { _, collection in
      collection.moveSection(3, toSection: 0)
    }
    rules.expectRejection(
      .sectionMoveDestinationOutOfRange(from: 0, to: 3, sectionCountAfter: 3),
      message: "attempt to to move section 0 to section 3, but there are only 3 sections after the update",
      sections: Self.three
    ) { _, collection in
      collection.moveSection(0, toSection: 3)
    }
    rules.expectRejection(
      .sectionMoveSourceOutOfRange(-1, sectionCountBefore: 3),
      message: "attempt to move section -1, but there are only 3 sections before the update",
      sections: Self.three
    ) { _, collection in
      collection.moveSection(-1, toSection: 0)
    }
  }

  @Test func sectionConflicts() {
    rules.expectRejection(
      .sectionReloadOfDeleted(1),
      message: "attempt to delete and reload the same index path "
        + "(<NSIndexPath> {length = 2, path = 1 - 9223372036854775807})",
      sections: Self.three
    ) { model, collection in
      model.sections.remove(at: 1)
      collection.deleteSections([1])
      collection.reloadSections([1])
    }
    rules.expectRejection(
      .sectionDeleteAndMove(0),
      message: "attempt to perform a delete and a move from the same section (0)",
      sections: Self.three
    ) { model, collection in
      model.sections.remove(at: 0)
      collection.deleteSections([0])
      collection.moveSection(0, toSection: 1)
    }
    // A reload is performed as a delete, and reported as one.
    rules.expectRejection(
      .sectionDeleteAndMove(2),
      message: "attempt to perform a delete and a move from the same section (2)",
      sections: Self.three
    ) { _, collection in
      collection.reloadSections([2])
      collection.moveSection(2, toSection: 0)
    }
    rules.expectRejection(
      .sectionInsertAndMove(0),
      message: "attempt to perform an insert and a move to the same section (0)",
      sections: Self.three
    ) { model, collection in
      model.sections.insert([], at: 0)
      collection.insertSections([0])
      collection.moveSection(2, toSection: 0)
    }
    rules.expectRejection(
      .sectionMoveToTwoPlaces(0, to: 1, and: 2),
      message: "attempt to move section 0 to both section 1 and section 2",
      sections: Self.three
    ) { _, collection in
      collection.moveSection(0, toSection: 1)
      collection.moveSection(0, toSection: 2)
    }
    rules.expectRejection(
      .sectionsMoveToSamePlace(0, and: 1, to: 2),
      message: "attempt to move both section 0 and section 1 to section 2",
      sections: Self.three
    ) { _, collection in
      collection.moveSection(1, toSection: 2)
      collection.moveSection(0, toSection: 2)
    }
    rules.expectRejection(
      .moveFromDeletedSection(1),
      message: "cannot move an item from a deleted section (1)",
      sections: Self.three
    ) { model, collection in
      model.sections = [["a0", "a1", "b0"], ["c0"]]
      collection.deleteSections([1])
      collection.moveItem(at: ip(0, 1), to: ip(2, 0))
    }
    rules.expectRejection(
      .moveIntoInsertedSection(1),
      message: "cannot move an item into a newly inserted section (1)",
      sections: Self.three
    ) { model, collection in
      model.sections = [["a1"], ["a0"], ["b0", "b1", "b2"], ["c0"]]
      collection.insertSections([1])
      collection.moveItem(at: ip(0, 0), to: ip(0, 1))
    }
  }

  @Test func itemChangesInsideWholeSectionChanges() {
    rules.expectRejection(
      .insertIntoInsertedSection(ip(0, 1)),
      message: "attempt to insert item 0 into section 1, which is itself inserted or reloaded in this "
        + "update: an inserted section's items come with it",
      sections: Self.three
    ) { model, collection in
      model.sections.insert(["new"], at: 1)
      collection.insertSections([1])
      collection.insertItems(at: [ip(0, 1)])
    }
    rules.expectRejection(
      .changeInDeletedSection(ip(1, 1)),
      message: "attempt to delete or reload item 1 of section 1, which is itself deleted or reloaded "
        + "in this update: a deleted section's items leave with it",
      sections: Self.three
    ) { model, collection in
      model.sections.remove(at: 1)
      collection.deleteSections([1])
      collection.deleteItems(at: [ip(1, 1)])
    }
    // A reloaded section is a new section where it lands.
    rules.expectRejection(
      .insertIntoInsertedSection(ip(0, 2)),
      message: "attempt to insert item 0 into section 2, which is itself inserted or reloaded in this "
        + "update: an inserted section's items come with it",
      sections: Self.three
    ) { model, collection in
      model.sections = [["x"], ["a0", "a1"], ["b0", "b1", "b2", "b3"], ["c0"]]
      collection.insertSections([0])
      collection.reloadSections([1])
      collection.insertItems(at: [ip(0, 2)])
    }
  }

  @Test func itemCountsUseEachSectionsIndexBeforeAndAfter() throws {
    // Section 0 moves to 2; an item moves from it to the section that was 1
    // (now 0), and one is inserted into it at its new index.
    rules.expectRejection(
      .invalidNumberOfItems(section: 2, after: 3, before: 2, inserted: 1, deleted: 0, movedIn: 0, movedOut: 1),
      message: "Invalid update: invalid number of items in section 2. The number of items contained "
        + "in an existing section after the update (3) must be equal to the number of items contained "
        + "in that section before the update (2), plus or minus the number of items inserted or deleted "
        + "from that section (1 inserted, 0 deleted) and plus or minus the number of items moved into "
        + "or out of that section (0 moved in, 1 moved out).",
      sections: Self.three
    ) { model, collection in
      model.sections = [["a0", "b0", "b1", "b2"], ["c0"], ["a1", "new", "extra"]]
      collection.moveSection(0, toSection: 2)
      collection.moveItem(at: ip(0, 0), to: ip(0, 0))
      collection.insertItems(at: [ip(1, 2)])
    }
    // The same batch, balanced, is applied.
    let model = ListModel(sections: Self.three)
    let collection = makeCollection(model, width: 10, height: 10)
    try collection.performBatchUpdates {
      model.sections = [["a0", "b0", "b1", "b2"], ["c0"], ["a1", "new"]]
      collection.moveSection(0, toSection: 2)
      collection.moveItem(at: ip(0, 0), to: ip(0, 0))
      collection.insertItems(at: [ip(1, 2)])
    }
    #expect(collection.visibleLabels == ["a0", "b0", "b1", "b2", "c0", "a1", "new"])
  }

  @Test func rangesComeBeforeConflictsAndConflictsBeforeCounts() {
    // Out of range and in conflict, with counts that cannot balance: the
    // range is reported.
    rules.expectRejection(
      .sectionDeleteOutOfRange(7, sectionCountBefore: 3),
      message: "attempt to delete section 7, but there are only 3 sections before the update",
      sections: Self.three
    ) { model, collection in
      model.sections.append(["z"])
      collection.deleteSections([0, 7])
      collection.moveSection(0, toSection: 1)
    }
    // In conflict with counts that cannot balance: the conflict.
    rules.expectRejection(
      .sectionDeleteAndMove(0),
      message: "attempt to perform a delete and a move from the same section (0)",
      sections: Self.three
    ) { model, collection in
      model.sections.append(["z"])
      collection.deleteSections([0])
      collection.moveSection(0, toSection: 1)
    }
  }

  // MARK: What a valid batch does

  @Test func deletedSectionsCellsAreQueuedAndTheirSelectionGoes() throws {
    let model = ListModel(sections: Self.three)
    let collection = makeCollection(model, width: 10, height: 10)
    collection.allowsMultipleSelection = true
    collection.selectItem(at: ip(1, 1))
    collection.selectItem(at: ip(0, 2))
    let deletedCells = Set((0..<3).map { ObjectIdentifier(collection.cellForItem(at: ip($0, 1))!) })
    try collection.performBatchUpdates {
      model.sections = [["a0", "a1"], ["c0"], ["n0", "n1", "n2"]]
      collection.deleteSections([1])
      collection.insertSections([2])
    }
    #expect(collection.visibleLabels == ["a0", "a1", "c0", "n0", "n1", "n2"])
    #expect(collection.indexPathsForSelectedItems == [ip(0, 1)])
    #expect((collection.cellForItem(at: ip(0, 1)) as! LabelCell).isSelected)
    // The deleted section's cells went to the reuse queue (after the
    // inserted section's cells were made, as with every replaced cell): the
    // next section inserted gets them.
    try collection.performBatchUpdates {
      model.sections.append(["m0", "m1", "m2"])
      collection.insertSections([3])
    }
    #expect(Set((0..<3).map { ObjectIdentifier(collection.cellForItem(at: ip($0, 3))!) }) == deletedCells)
  }

  @Test func movedSectionsKeepTheirCellsSizesAndSelection() throws {
    let model = ListModel(sections: Self.three)
    let collection = makeCollection(model, width: 10, height: 10)
    collection.selectItem(at: ip(2, 1))
    let cells = (0..<3).map { ObjectIdentifier(collection.cellForItem(at: ip($0, 1))!) }
    model.sizeRequests = []
    try collection.performBatchUpdates {
      model.sections = [["b0", "b1", "b2"], ["a0", "a1"], ["c0"]]
      collection.moveSection(1, toSection: 0)
    }
    #expect(model.sizeRequests.isEmpty)
    #expect(collection.visibleLabels == ["b0", "b1", "b2", "a0", "a1", "c0"])
    #expect((0..<3).map { ObjectIdentifier(collection.cellForItem(at: ip($0, 0))!) } == cells)
    #expect(collection.indexPathsForSelectedItems == [ip(2, 0)])
    #expect(collection.cellForItem(at: ip(2, 0))!.isSelected)
  }

  @Test func reloadedSectionsAreAskedAgain() throws {
    let model = ListModel(sections: Self.three)
    let collection = makeCollection(model, width: 10, height: 10)
    collection.selectItem(at: ip(0, 1))
    let old = collection.cellForItem(at: ip(0, 1))!
    model.sizeRequests = []
    try collection.performBatchUpdates {
      model.sections[1] = ["B0", "B1"]
      collection.reloadSections([1])
    }
    #expect(model.sizeRequests == [ip(0, 1), ip(1, 1)])
    #expect(collection.visibleLabels == ["a0", "a1", "B0", "B1", "c0"])
    #expect(collection.cellForItem(at: ip(0, 1)) !== old)
    #expect(collection.indexPathsForSelectedItems.isEmpty)
    // c0 moved up one line: the layout follows.
    #expect(collection.layoutAttributesForItem(at: ip(0, 2))?.frame.minY == 4)
  }

  @Test func sectionChangesJoinNestedBatchesAndOutsideCallsAreBatchesOfTheirOwn() throws {
    let model = ListModel(sections: Self.three)
    let collection = makeCollection(model, width: 10, height: 10)
    var completions = 0
    try collection.performBatchUpdates({
      model.sections.remove(at: 0)
      collection.deleteSections([0])
      try? collection.performBatchUpdates({
        model.sections.append(["d0"])
        collection.insertSections([2])
      }, completion: { _ in completions += 1 })
    }, completion: { _ in completions += 1 })
    #expect(completions == 2)
    #expect(collection.visibleLabels == ["b0", "b1", "b2", "c0", "d0"])

    var reported: [BatchUpdateError] = []
    collection.invalidUpdateHandler = { reported.append($0) }
    collection.deleteSections([9])
    #expect(reported == [.sectionDeleteOutOfRange(9, sectionCountBefore: 3)])
    model.sections.removeLast()
    collection.deleteSections([2])
    #expect(reported.count == 1)
    #expect(collection.numberOfSections == 2)
  }

  @Test func emptyingAndRefillingTheCollection() throws {
    let model = ListModel(sections: Self.three)
    let collection = makeCollection(model, width: 10, height: 10)
    try collection.performBatchUpdates {
      model.sections = []
      collection.deleteSections([0, 1, 2])
    }
    #expect(collection.numberOfSections == 0)
    #expect(collection.contentSize.height == 0)
    #expect(collection.visibleCells.isEmpty)
    try collection.performBatchUpdates {
      model.sections = [[], ["x"]]
      collection.insertSections([0, 1])
    }
    #expect(collection.visibleLabels == ["x"])
  }
}
