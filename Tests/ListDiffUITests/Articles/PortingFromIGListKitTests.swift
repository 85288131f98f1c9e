// The article Porting from IGListKit (Sources/ListDiffUI/ListDiffUI.docc/PortingFromIGListKit.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiff
import ListDiffUI
import Testing

struct FeedPost: ListIdentifiable, Sendable {
  var identifier: String
  var author: String
  var body: String
}

struct FeedLineViewModel: ListViewModel, Equatable {
  var identifier: String
  var text: String
}

final class FeedLineCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class FeedLineController:
  ListCellController<FeedLineViewModel, ListViewStateNone, FeedLineCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: FeedLineCell) {
    cell.text = viewModel.text
  }
}

func feed(_ posts: [FeedPost]) -> Section {
  ListRenderSection(posts) { post in
    CompositeSection(
      ListSection<FeedLineViewModel, FeedLineController>(
        FeedLineViewModel(identifier: "author", text: "@" + post.author)
      ),
      ListSection<FeedLineViewModel, FeedLineController>(
        FeedLineViewModel(identifier: "body", text: post.body)))
  }
}

final class Post: ListDiffable {
  let id: Int
  let likes: Int
  init(id: Int, likes: Int) {
    self.id = id
    self.likes = likes
  }
  var diffIdentifier: Int { id }
  func isEqual(toDiffableObject other: Post) -> Bool {
    likes == other.likes
  }
}

func likesChanged(from old: [Post], to new: [Post]) -> [Int] {
  // The old indexes of the posts whose likes changed:
  listDiff(oldArray: old, newArray: new).updates
}

@MainActor
@Suite("Article: Porting from IGListKit")
struct PortingFromIGListKitArticleTests {
  @Test func aMovedPostKeepsItsControllers() {
    let dataSource = ArticleScreen.dataSource(width: 16, height: 4)
    var diagnostics: [ListDiffDiagnostic] = []
    dataSource.diagnosticHandler = { diagnostics.append($0) }
    let hello = FeedPost(identifier: "p1", author: "ada", body: "hello")
    let world = FeedPost(identifier: "p2", author: "linus", body: "world")
    dataSource.setRootSection(feed([hello, world]))
    let body = dataSource.cellController(forIdentifier: "body", sectionPath: ["p1"])
    var updates: [ListDiffUpdate] = []
    dataSource.updateHandler = { updates.append($0) }
    dataSource.setRootSection(feed([world, hello]))
    #expect(diagnostics.isEmpty)
    #expect(dataSource.cellController(forIdentifier: "body", sectionPath: ["p1"]) === body)
    #expect(updates.count == 1 && updates[0].inserts.isEmpty && updates[0].deletes.isEmpty)
    #expect(ArticleScreen.rows(of: dataSource.collectionView) == ["@linus", "world", "@ada", "hello"])
  }

  @Test func theDiffReportsChangedLikesByOldIndex() {
    let old = [Post(id: 1, likes: 0), Post(id: 2, likes: 5), Post(id: 3, likes: 1)]
    let new = [Post(id: 3, likes: 1), Post(id: 2, likes: 6), Post(id: 1, likes: 0)]
    #expect(likesChanged(from: old, to: new) == [1])
    let result = listDiff(oldArray: old, newArray: new, option: .pointerPersonality)
    #expect(result.updates == [0, 1, 2])  // pointer personality: new instances are updates
  }
}
