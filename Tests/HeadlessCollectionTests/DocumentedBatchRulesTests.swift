import Foundation
import HeadlessCollection
import Testing

/// Batch rules the documentation states for sections as it does for items,
/// held by a test each (issue 29, item 7).
@MainActor
@Suite struct DocumentedBatchRulesTests {
  let rules = BatchValidationTests()
  static let three = [["a0", "a1"], ["b0", "b1", "b2"], ["c0"]]

  /// Promise: an exact repeat of a move in one batch "says nothing new and is
  /// dropped, as UIKit does" — for a section move as for an item move.
  /// Documented on `BatchValidator.checkConflicts` (Sources/HeadlessCollection/
  /// Updates/BatchValidator.swift) and on `BatchPlan`'s move counts; items are
  /// held by `BatchValidationTests.exactRepeatsOfMovesAndReloadsAreAccepted`.
  @Test func anExactRepeatOfASectionMoveIsDropped() throws {
    let model = ListModel(sections: Self.three)
    let collection = makeCollection(model, width: 10, height: 10)
    var completed: [Bool] = []
    try collection.performBatchUpdates({
      model.sections = [["b0", "b1", "b2"], ["a0", "a1"], ["c0"]]
      collection.moveSection(0, toSection: 1)
      collection.moveSection(0, toSection: 1)
    }, completion: { completed.append($0) })
    #expect(completed == [true])
    #expect((0..<collection.numberOfSections).map { collection.numberOfItems(inSection: $0) } == [3, 2, 1])
    #expect(collection.visibleLabels == ["b0", "b1", "b2", "a0", "a1", "c0"])
    // Each item is laid out once, one a line, in the new order.
    let tops = (0..<collection.numberOfSections).flatMap { section in
      (0..<collection.numberOfItems(inSection: section)).map {
        collection.layoutAttributesForItem(at: ip($0, section))?.frame.minY
      }
    }
    #expect(tops == [0, 1, 2, 3, 4, 5])
  }

  /// Promise: an item may not move into a section that the same batch
  /// reloads — `BatchUpdateError.moveIntoInsertedSection` is "an item moves
  /// into a section that is inserted or reloaded" (Sources/HeadlessCollection/
  /// Updates/BatchUpdateError.swift; `BatchPlan.make`: "A reloaded section is
  /// new after the update: nothing may be inserted into it or moved into
  /// it"). Only the inserted case was tested (`SectionBatchTests`).
  @Test func anItemMovedIntoAReloadedSectionIsRefused() {
    rules.expectRejection(
      .moveIntoInsertedSection(1),
      message: "cannot move an item into a newly inserted section (1)",
      sections: Self.three
    ) { model, collection in
      model.sections = [["a1"], ["a0", "n0", "n1"], ["c0"]]
      collection.reloadSections([1])
      collection.moveItem(at: ip(0, 0), to: ip(0, 1))
    }
    // A reloaded section that lands at another index (a section before it is
    // deleted): the move into its new index is refused.
    rules.expectRejection(
      .moveIntoInsertedSection(1),
      message: "cannot move an item into a newly inserted section (1)",
      sections: Self.three
    ) { model, collection in
      model.sections = [["b1", "b2"], ["b0", "n0"]]
      collection.deleteSections([0])
      collection.reloadSections([2])
      collection.moveItem(at: ip(0, 1), to: ip(0, 1))
    }
  }
}
