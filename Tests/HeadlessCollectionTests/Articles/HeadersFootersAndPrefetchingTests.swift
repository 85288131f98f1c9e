import Foundation
import HeadlessCollection
import Testing

// The article HeadersFootersAndPrefetching
// (Sources/HeadlessCollection/HeadlessCollection.docc/HeadersFootersAndPrefetching.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims. `BookCell` comes from SectionUpdatesTests.swift.

final class ShelfHeader: CollectionReusableView {
  var title = ""
  override var textRepresentation: String { title }
}

final class Library: CollectionViewDataSource {
  var shelves = [("Poetry", ["Odes", "Sonnets"]), ("Plays", ["Hamlet"])]

  func numberOfSections(in collectionView: CollectionView) -> Int {
    shelves.count
  }

  func collectionView(
    _ collectionView: CollectionView, numberOfItemsInSection section: Int
  ) -> Int {
    shelves[section].1.count
  }

  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(
      withReuseIdentifier: "book", for: indexPath) as! BookCell
    cell.title = shelves[indexPath.section].1[indexPath.item]
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView,
    viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    let header = collectionView.dequeueReusableSupplementaryView(
      ofKind: kind, withReuseIdentifier: "shelf", for: indexPath)
      as! ShelfHeader
    header.title = shelves[indexPath.section].0
    return header
  }
}

@MainActor
func libraryScreen(_ library: Library) -> CollectionView {
  let layout = CollectionViewFlowLayout()
  layout.itemSize = CGSize(width: 10, height: 1)
  layout.minimumLineSpacing = 0
  layout.headerReferenceSize = CGSize(width: 0, height: 1)
  layout.sectionHeadersPinToVisibleBounds = true
  let collection = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 10, height: 3),
    collectionViewLayout: layout)
  collection.register(BookCell.self, forCellWithReuseIdentifier: "book")
  collection.register(
    ShelfHeader.self,
    forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader,
    withReuseIdentifier: "shelf")
  collection.dataSource = library
  return collection
  // renderText(): "Poetry", "Odes", "Sonnets". Scrolled by 1 point:
  // "Poetry" pinned over "Odes", then "Sonnets", "Plays".
}

final class CoverLoader: CollectionViewDataSourcePrefetching {
  var loading: Set<IndexPath> = []

  func collectionView(
    _ collectionView: CollectionView,
    prefetchItemsAt indexPaths: [IndexPath]
  ) {
    loading.formUnion(indexPaths)
  }

  func collectionView(
    _ collectionView: CollectionView,
    cancelPrefetchingForItemsAt indexPaths: [IndexPath]
  ) {
    loading.subtract(indexPaths)
  }
}

@MainActor
@Suite("Article: Headers, footers and prefetching")
struct HeadersFootersAndPrefetchingArticleTests {
  private let header = CollectionView.elementKindSectionHeader

  @Test func theLibraryPinsItsShelves() {
    let library = Library()
    let collection = libraryScreen(library)
    #expect(collection.renderText() == "Poetry    \nOdes      \nSonnets   ")
    collection.contentOffset.y = 1
    #expect(collection.renderText() == "Poetry    \nSonnets   \nPlays     ")
    // At the end (2), Poetry's header is pushed up by the end of its
    // section: it covers Sonnets, its last row.
    collection.contentOffset.y = 2
    #expect(collection.renderText() == "Poetry    \nPlays     \nHamlet    ")
    // Elements in a rectangle: header, items, footer, section by section.
    let all = collection.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 10, height: 6))
    #expect(all.map(\.representedElementKind) == [header, nil, nil, header, nil])
    #expect(all.map(\.indexPath) == [[0, 0], [0, 0], [0, 1], [1, 0], [1, 0]].map { IndexPath(indexes: $0) })
  }

  @Test func headersFollowTheirShelvesThroughBatches() throws {
    let library = Library()
    let collection = libraryScreen(library)
    collection.frame.size.height = 10
    let plays = collection.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 1))
    library.shelves.swapAt(0, 1)
    try collection.performBatchUpdates { collection.moveSection(1, toSection: 0) }
    #expect(collection.supplementaryView(forElementKind: header, at: IndexPath(item: 0, section: 0)) === plays)
    #expect(collection.renderText().hasPrefix("Plays     \nHamlet    \nPoetry    \nOdes      "))
    library.shelves.remove(at: 0)
    try collection.performBatchUpdates { collection.deleteSections([0]) }
    #expect(collection.renderText().hasPrefix("Poetry    \nOdes      \nSonnets   \n"))
  }

  @Test func coversAreLoadedAheadAndCancelled() {
    let library = Library()
    library.shelves = [("Novels", (0..<12).map { "Book \($0)" })]
    let loader = CoverLoader()
    let collection = libraryScreen(library)
    collection.prefetchDataSource = loader
    collection.layoutIfNeeded()
    collection.contentOffset.y = 1
    // Books 0 and 1 showed at first and 2–4 were ahead; scrolled by 1,
    // book 2 is shown (never cancelled) and book 5 comes ahead.
    #expect(loader.loading == Set((2..<6).map { IndexPath(item: $0, section: 0) }))
    // Scrolling back, books 3–5 leave the range ahead unseen: cancelled.
    collection.contentOffset.y = 0
    #expect(loader.loading == [IndexPath(item: 2, section: 0)])
  }
}
