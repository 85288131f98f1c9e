// Changes made outside a batch cannot throw: an invalid one goes to the
// collection view's invalidUpdateHandler and changes nothing. (The README's
// invalid batch example moved to the article Diagnostics and invalid
// updates, and is tested with it in ListDiffUITests.)

import Foundation
import HeadlessCollection
import Testing

private final class ThreeRows: CollectionViewDataSource {
  var rows = ["a", "b", "c"]
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    rows.count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    collectionView.dequeueReusableCell(withReuseIdentifier: "row", for: indexPath)
  }
}

@MainActor
@Suite("Invalid updates outside a batch")
struct InvalidUnbatchedUpdateTests {
  @Test func aHandlerReceivesTheErrorAndNothingChanges() throws {
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 200),
      collectionViewLayout: CollectionViewFlowLayout())
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "row")
    let rows = ThreeRows()
    collectionView.dataSource = rows
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    let cellsBefore = (0..<3).map { collectionView.cellForItem(at: IndexPath(item: $0, section: 0)) }
    let framesBefore = (0..<3).map { collectionView.layoutAttributesForItem(at: IndexPath(item: $0, section: 0))?.frame }

    var received: [BatchUpdateError] = []
    collectionView.invalidUpdateHandler = { received.append($0) }
    rows.rows.removeLast()
    collectionView.deleteItems(at: [IndexPath(item: 7, section: 0)])  // the count fits, the index not
    rows.rows.append("c")
    collectionView.insertItems(at: [IndexPath(item: 0, section: 0)])  // model still has 3 rows

    #expect(received.count == 2)
    #expect(received.first?.description.hasPrefix("attempt to delete item 7 from section 0") == true)
    #expect(received.last?.description.hasPrefix("Invalid update: invalid number of items in section 0.") == true)
    #expect(collectionView.numberOfItems(inSection: 0) == 3)
    for index in 0..<3 {
      let path = IndexPath(item: index, section: 0)
      #expect(collectionView.cellForItem(at: path) === cellsBefore[index])
      #expect(collectionView.layoutAttributesForItem(at: path)?.frame == framesBefore[index])
    }

    // A valid unbatched change still applies, and reaches no handler.
    rows.rows.append("d")
    collectionView.insertItems(at: [IndexPath(item: 3, section: 0)])
    #expect(collectionView.numberOfItems(inSection: 0) == 4)
    #expect(received.count == 2)
  }
}
