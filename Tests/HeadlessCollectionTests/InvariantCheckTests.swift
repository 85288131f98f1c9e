import Foundation
import HeadlessCollection
import Testing

/// The collection view's internal checks: each rule, broken on purpose,
/// is named with its part; a collection used normally breaks none.
@MainActor
@Suite struct InvariantCheckTests {
  /// A laid-out collection of ten items, five visible, and its model
  /// (which the collection holds weakly).
  private func collection() -> (CollectionView, ListModel) {
    let model = ListModel((0..<10).map { "item \($0)" })
    let collection = makeCollection(model, width: 10, height: 5)
    collection.layoutIfNeeded()
    return (collection, model)
  }

  @Test("a collection used normally breaks no rule")
  func nothingBroken() {
    let (collection, model) = collection()
    #expect(collection.inspection.invariantViolations().isEmpty)
    withExtendedLifetime(model) {}
  }

  @Test("each planted defect is named by its part and rule", arguments: PlantedCollectionDefect.allCases)
  func plantedDefectIsNamed(defect: PlantedCollectionDefect) {
    let (collection, model) = collection()
    #expect(collection.inspection.invariantViolations().isEmpty)
    collection.inspection.plant(defect)
    let violations = collection.inspection.invariantViolations()
    #expect(violations.contains(defect.brokenRule), "\(violations)")
    #expect(defect.brokenRule.description == "\(defect.brokenRule.part): \(defect.brokenRule.rule)")
    withExtendedLifetime(model) {}
  }

  @Test("checks are on in the builds the tests run in (debug, or -DLISTDIFFUI_INTERNAL_CHECKS)")
  func checksRunInTests() {
    #if LISTDIFFUI_INTERNAL_CHECKS
      #expect(internalChecksEnabled)
    #else
      #expect(internalChecksEnabled == _isDebugAssertConfiguration())
    #endif
  }
}
