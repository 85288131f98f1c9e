import Foundation
import HeadlessCollection
import Testing

/// `displayGeneration`: kept by what changes nothing on screen, changed by
/// everything that does. (The random batch tests check, over thousands of
/// batches, that a kept generation always means the same cells in the same
/// frames.)
@MainActor
@Suite struct DisplayGenerationTests {
  /// Twenty one-point items on a 10 × 5 screen, laid out.
  private func collection() -> (CollectionView, ListModel) {
    let model = ListModel((0..<20).map { "item \($0)" })
    let collection = makeCollection(model, width: 10, height: 5)
    collection.layoutIfNeeded()
    return (collection, model)
  }

  @Test("a whole new layout, a reload off screen and an insert below keep it")
  func keptByWhatChangesNothingShown() throws {
    let (collection, model) = collection()
    let generation = collection.displayGeneration
    collection.invalidateLayout()
    collection.layoutIfNeeded()
    #expect(collection.displayGeneration == generation)
    try collection.performBatchUpdates {
      model.items[12] = "changed"
      collection.reloadItems(at: [ip(12)])
    }
    collection.layoutIfNeeded()
    #expect(collection.displayGeneration == generation)
    try collection.performBatchUpdates {
      model.items.append("new")
      collection.insertItems(at: [ip(20)])
    }
    collection.layoutIfNeeded()
    #expect(collection.displayGeneration == generation)
  }

  @Test("a scroll, a reload on screen, an insert above and a move on screen change it")
  func changedByWhatChangesTheScreen() throws {
    let (collection, model) = collection()
    var generation = collection.displayGeneration
    func expectChanged(_ what: String) {
      collection.layoutIfNeeded()
      #expect(collection.displayGeneration != generation, "\(what)")
      generation = collection.displayGeneration
    }
    collection.setContentOffset(CGPoint(x: 0, y: 1), animated: false)
    expectChanged("a scroll by one line")
    try collection.performBatchUpdates {
      model.items[2] = "changed"
      collection.reloadItems(at: [ip(2)])
    }
    expectChanged("a reload on screen")
    try collection.performBatchUpdates {
      model.items.insert("above", at: 0)
      collection.insertItems(at: [ip(0)])
    }
    expectChanged("an insert above the screen")
    try collection.performBatchUpdates {
      model.items.swapAt(2, 3)
      collection.moveItem(at: ip(2), to: ip(3))
      collection.moveItem(at: ip(3), to: ip(2))
    }
    expectChanged("two items on screen trading places")
    withExtendedLifetime(model) {}
  }
}
