import Foundation
import HeadlessCollection
import Testing

// The article SectionUpdates
// (Sources/HeadlessCollection/HeadlessCollection.docc/SectionUpdates.md): its
// code blocks verbatim (ArticleCodeTests checks they stay so), and tests of
// what its prose claims.

final class BookCell: CollectionViewCell {
  var title = ""
  override var textRepresentation: String { title }
}

final class Shelves: CollectionViewDataSource {
  var shelves: [[String]]
  init(_ shelves: [[String]]) { self.shelves = shelves }

  func numberOfSections(in collectionView: CollectionView) -> Int {
    shelves.count
  }

  func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    shelves[section].count
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      withReuseIdentifier: "book", for: indexPath) as! BookCell
    cell.title = shelves[indexPath.section][indexPath.item]
    return cell
  }
}

@MainActor
func reshelve(_ shelves: Shelves) throws -> CollectionView {
  let layout = CollectionViewFlowLayout()
  layout.itemSize = CGSize(width: 10, height: 1)
  layout.minimumLineSpacing = 0
  let collection = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 10, height: 8),
    collectionViewLayout: layout)
  collection.register(BookCell.self, forCellWithReuseIdentifier: "book")
  collection.dataSource = shelves
  collection.layoutIfNeeded()

  // Before: [["Dune", "Emma"], ["Ivanhoe"], ["Kim", "Lolita"]]
  try collection.performBatchUpdates {
    shelves.shelves = [
      ["Kim", "Lolita", "Nana"], ["Dune", "Emma"], ["Ulysses"],
    ]
    collection.deleteSections([1])  // before the update
    collection.moveSection(2, toSection: 0)  // before -> after
    collection.insertSections([2])  // after the update
    collection.insertItems(at: [IndexPath(item: 2, section: 0)])  // after
  }
  // collection.renderText() now reads, one line per book:
  // Kim, Lolita, Nana, Dune, Emma, Ulysses
  return collection
}

@MainActor
func addAShelfWithoutSayingSo(
  _ shelves: Shelves, in collection: CollectionView
) -> String? {
  do {
    try collection.performBatchUpdates {
      shelves.shelves.append(["Walden"])
    }
    return nil
  } catch {
    // Invalid update: invalid number of sections. The number of sections
    // contained in the collection view after the update (4) must be equal
    // to the number of sections contained in the collection view before
    // the update (3), plus or minus the number of sections inserted or
    // deleted (0 inserted, 0 deleted).
    return "\(error)"
  }
}

@MainActor
@Suite("Article: Batch updates with sections")
struct SectionUpdatesTests {
  @Test func oneBatchChangesSectionsAndItems() throws {
    let shelves = Shelves([["Dune", "Emma"], ["Ivanhoe"], ["Kim", "Lolita"]])
    let collection = try reshelve(shelves)
    let lines = collection.renderText().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(Array(lines.prefix(6)) == ["Kim", "Lolita", "Nana", "Dune", "Emma", "Ulysses"])
    #expect(collection.numberOfSections == 3)
    #expect((0..<3).map { collection.numberOfItems(inSection: $0) } == [3, 2, 1])
  }

  @Test func aMovedSectionKeepsItsCells() throws {
    // The same batch on a collection whose cells are known beforehand.
    let shelves = Shelves([["Dune", "Emma"], ["Ivanhoe"], ["Kim", "Lolita"]])
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 10, height: 1)
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 8), collectionViewLayout: layout)
    collection.register(BookCell.self, forCellWithReuseIdentifier: "book")
    layout.minimumLineSpacing = 0
    collection.dataSource = shelves
    collection.layoutIfNeeded()
    let kim = collection.cellForItem(at: IndexPath(item: 0, section: 2))
    #expect(kim != nil)
    try collection.performBatchUpdates {
      shelves.shelves = [["Kim", "Lolita"], ["Dune", "Emma"], ["Ivanhoe"]]
      collection.moveSection(2, toSection: 0)
    }
    #expect(collection.cellForItem(at: IndexPath(item: 0, section: 0)) === kim)
  }

  @Test func anUnannouncedSectionIsRefusedAndChangesNothing() throws {
    let shelves = Shelves([["Dune", "Emma"], ["Ivanhoe"], ["Kim", "Lolita"]])
    let collection = try reshelve(shelves)
    let before = collection.renderText()
    let message = addAShelfWithoutSayingSo(shelves, in: collection)
    #expect(
      message == "Invalid update: invalid number of sections. The number of sections contained in the "
        + "collection view after the update (4) must be equal to the number of sections contained in "
        + "the collection view before the update (3), plus or minus the number of sections inserted "
        + "or deleted (0 inserted, 0 deleted).")
    #expect(collection.numberOfSections == 3)
    #expect(collection.renderText() == before)
  }
}
