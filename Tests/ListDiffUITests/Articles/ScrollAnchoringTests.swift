// The article Scroll anchoring (Sources/ListDiffUI/ListDiffUI.docc/ScrollAnchoring.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims. (FeedLineViewModel and FeedLineController are
// PortingFromIGListKit's.)

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

@MainActor
func showFeed(_ posts: [String], in dataSource: ListDiffDataSource) {
  dataSource.scrollAnchor = .visibleContent
  dataSource.setRootSection(
    ListSection<FeedLineViewModel, FeedLineController>(
      posts.map { FeedLineViewModel(identifier: $0, text: $0) }))
}

@Suite("Article: Scroll anchoring")
@MainActor
struct ScrollAnchoringArticleTests {
  @Test func newPostsAboveTheReaderDoNotMoveIt() {
    let screen = ListScreen(width: 10, height: 3)
    var posts = (0..<20).map { "post\($0)" }
    showFeed(posts, in: screen.dataSource)
    screen.scroll(toIdentifier: "post10")
    #expect(screen.text == "post10\npost11\npost12")
    posts.insert(contentsOf: ["new1", "new2"], at: 0)
    showFeed(posts, in: screen.dataSource)
    #expect(screen.text == "post10\npost11\npost12")
    screen.scroll(by: -2)
    #expect(screen.text == "post8\npost9\npost10")
  }

  @Test func withoutAnchoringTheOffsetIsKept() {
    let screen = ListScreen(width: 10, height: 3)
    var posts = (0..<20).map { "post\($0)" }
    showFeed(posts, in: screen.dataSource)
    screen.dataSource.scrollAnchor = .none
    screen.scroll(toIdentifier: "post10")
    posts.insert(contentsOf: ["new1", "new2"], at: 0)
    screen.dataSource.setRootSection(
      ListSection<FeedLineViewModel, FeedLineController>(
        posts.map { FeedLineViewModel(identifier: $0, text: $0) }))
    #expect(screen.text == "post8\npost9\npost10")
  }
}
