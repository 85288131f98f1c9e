import Foundation
import HeadlessCollection
import Testing

/// A delegate whose `targetIndexPathForMoveOfItemFromOriginalIndexPath` hook
/// ends or cancels the movement it is asked about (issue 29, item 7).
@MainActor
@Suite struct DocumentedMovementReentryTests {
  /// Five one-point rows "a"..."e" in a 10 × 10 view, every item movable.
  private func fixture() -> (ListModel, CollectionView) {
    let model = ListModel(sections: [["a", "b", "c", "d", "e"]])
    model.movable = { _ in true }
    return (model, makeCollection(model, width: 10, height: 10))
  }

  /// The centre of the place of the item at `path`.
  private func centre(_ collection: CollectionView, _ path: IndexPath) throws -> CGPoint {
    let frame = try #require(collection.layoutAttributesForItem(at: path)).frame
    return CGPoint(x: frame.midX, y: frame.midY)
  }

  /// Promise: the delegate's hook "may steer" the move, and if it ends the
  /// movement meanwhile the movement stays ended: the data source hears the
  /// one move the end reported, and the update does not move the item on or
  /// bring the movement back. `updateInteractiveMovementTargetPosition(_:)`
  /// ("The delegate may have ended the movement or started a batch",
  /// Sources/HeadlessCollection/Updates/CollectionView+InteractiveMovement.swift)
  /// and the article "Moving items by hand" (InteractiveMovement.md: the data
  /// source is told "once").
  @Test func aHookThatEndsTheMovementIsHonoured() throws {
    let (model, collection) = fixture()
    var asked = 0
    model.steer = { [unowned collection] proposed in
      asked += 1
      collection.endInteractiveMovement()
      return proposed
    }
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    collection.updateInteractiveMovementTargetPosition(try centre(collection, ip(2)))
    #expect(asked == 1)
    #expect(!collection.isMovingItemInteractively)
    // Ended where it was shown: at its own place, told once.
    #expect(model.movesTold == [[ip(0), ip(0)]])
    #expect(model.sections == [["a", "b", "c", "d", "e"]])
    #expect(collection.visibleLabels == ["a", "b", "c", "d", "e"])
    #expect(collection.layoutAttributesForItem(at: ip(0))?.frame == CGRect(x: 0, y: 0, width: 10, height: 1))
    // Nothing is left to end, and a new movement can begin.
    collection.endInteractiveMovement()
    #expect(model.movesTold.count == 1)
    model.steer = nil
    #expect(collection.beginInteractiveMovementForItem(at: ip(1)))
    collection.cancelInteractiveMovement()
  }

  /// Promise: a hook that cancels the movement puts the item back and the
  /// data source hears nothing ("or ``CollectionView/cancelInteractiveMovement()``
  /// puts the item back; the data source hears nothing", InteractiveMovement.md),
  /// even from inside the hook: the update that asked does not go on to move
  /// the item to the place the hook returned.
  @Test func aHookThatCancelsTheMovementIsHonoured() throws {
    let (model, collection) = fixture()
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    // A first step the hook lets through: "a" is shown at b's place.
    collection.updateInteractiveMovementTargetPosition(try centre(collection, ip(1)))
    #expect(collection.visibleLabels == ["b", "a", "c", "d", "e"])
    model.steer = { [unowned collection] proposed in
      collection.cancelInteractiveMovement()
      return proposed
    }
    collection.updateInteractiveMovementTargetPosition(try centre(collection, ip(3)))
    #expect(!collection.isMovingItemInteractively)
    #expect(model.movesTold.isEmpty)
    #expect(collection.visibleLabels == ["a", "b", "c", "d", "e"])
    #expect(collection.layoutAttributesForItem(at: ip(0))?.frame == CGRect(x: 0, y: 0, width: 10, height: 1))
    collection.endInteractiveMovement()
    #expect(model.movesTold.isEmpty)
  }
}
