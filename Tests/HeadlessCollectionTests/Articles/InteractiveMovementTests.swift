import Foundation
import HeadlessCollection
import Testing

// The article InteractiveMovement
// (Sources/HeadlessCollection/HeadlessCollection.docc/InteractiveMovement.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests of
// what its prose claims. `BookCell` comes from SectionUpdatesTests.swift.

final class Chores: CollectionViewDataSource {
  var chores = ["dishes", "laundry", "bins", "plants"]

  func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    chores.count
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      withReuseIdentifier: "chore", for: indexPath) as! BookCell
    cell.title = chores[indexPath.item]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath
  ) -> Bool {
    true
  }

  func collectionView(
    _ collectionView: CollectionView,
    moveItemAt sourceIndexPath: IndexPath,
    to destinationIndexPath: IndexPath
  ) {
    let chore = chores.remove(at: sourceIndexPath.item)
    chores.insert(chore, at: destinationIndexPath.item)
  }
}

@MainActor
func dragDishesToTheEnd(_ chores: Chores, in collection: CollectionView) {
  let dishes = IndexPath(item: 0, section: 0)
  let plants = IndexPath(item: 3, section: 0)
  guard collection.beginInteractiveMovementForItem(at: dishes) else {
    return
  }
  let target = collection.layoutAttributesForItem(at: plants)!.frame
  collection.updateInteractiveMovementTargetPosition(
    CGPoint(x: target.midX, y: target.midY))
  collection.endInteractiveMovement()
  // chores.chores == ["laundry", "bins", "plants", "dishes"]
}

@MainActor
@Suite("Article: Moving items by hand")
struct InteractiveMovementArticleTests {
  @Test func dishesGoToTheEnd() {
    let chores = Chores()
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 10, height: 1)
    layout.minimumLineSpacing = 0
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 6), collectionViewLayout: layout)
    collection.register(BookCell.self, forCellWithReuseIdentifier: "chore")
    collection.dataSource = chores
    collection.layoutIfNeeded()
    let dishes = collection.cellForItem(at: IndexPath(item: 0, section: 0))
    dragDishesToTheEnd(chores, in: collection)
    #expect(chores.chores == ["laundry", "bins", "plants", "dishes"])
    #expect(collection.cellForItem(at: IndexPath(item: 3, section: 0)) === dishes)
    #expect(collection.layoutAttributesForItem(at: IndexPath(item: 3, section: 0))!.frame.minY == 3)
  }
}
