// The article Loading more (Sources/ListDiffUI/ListDiffUI.docc/LoadingMore.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

struct StoryViewModel: ListViewModel, Equatable {
  var identifier: String
  var headline: String
}

final class StoryCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class StoryController: ListCellController<
  StoryViewModel, ListViewStateNone, StoryCell
> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: StoryCell) {
    cell.text = viewModel.headline
  }
}

/// Where the stories come from: a page at a time, empty at the end.
protocol StorySource: Sendable {
  func stories(after count: Int) async throws -> [String]
}

@MainActor
final class StoryFeed {
  private(set) var headlines: [String] = []
  private let dataSource: ListDiffDataSource

  init(dataSource: ListDiffDataSource, source: some StorySource) {
    self.dataSource = dataSource
    dataSource.loadMoreEdges = .bottom
    dataSource.loadMoreHandler = { [weak self] _ in
      guard let self else { return .exhausted }
      let page = try await source.stories(after: headlines.count)
      headlines += page
      show()
      return page.isEmpty ? .exhausted : .more
    }
    show()
  }

  private func show() {
    dataSource.setRootSection(
      ListSection<String, StoryController>(headlines, id: "stories") {
        StoryViewModel(identifier: $0, headline: $0)
      })
  }
}

struct NumberedStories: StorySource {
  var pages: Int
  func stories(after count: Int) async throws -> [String] {
    guard count < pages * 5 else { return [] }
    return (count + 1...count + 5).map { "story \($0)" }
  }
}

@MainActor
func waitForLoads(on screen: ListScreen) async {
  while screen.dataSource.loadMoreState.values.contains(.loading) {
    await Task.yield()
  }
}

@MainActor
@Test(.timeLimit(.minutes(20)))
func theFeedLoadsPagesAsTheReaderScrolls() async {
  let screen = ListScreen(width: 20, height: 4)
  let feed = StoryFeed(
    dataSource: screen.dataSource, source: NumberedStories(pages: 3))
  await waitForLoads(on: screen)
  // The first page was shorter than a viewport away from the end.
  #expect(feed.headlines.count == 10)
  screen.scroll(by: 2)
  await waitForLoads(on: screen)
  #expect(feed.headlines.count == 15)
  screen.scroll(by: 10)
  await waitForLoads(on: screen)
  #expect(screen.dataSource.loadMoreState == [.bottom: .exhausted])
  #expect(screen.text == "story 12\nstory 13\nstory 14\nstory 15")
}

@MainActor
@Suite("The article Loading more: what its prose claims", .timeLimit(.minutes(20)))
struct LoadingMoreArticleClaims {
  struct Offline: StorySource {
    func stories(after count: Int) async throws -> [String] { throw URLError(.notConnectedToInternet) }
  }

  @Test func aFailureKeepsWhatWasLoadedAndWaitsForARetry() async {
    let screen = ListScreen(width: 20, height: 4)
    let feed = StoryFeed(dataSource: screen.dataSource, source: Offline())
    await waitForLoads(on: screen)
    guard case .failed = screen.dataSource.loadMoreState[.bottom] else {
      Issue.record("not failed: \(screen.dataSource.loadMoreState)")
      return
    }
    #expect(feed.headlines.isEmpty)
    #expect(screen.text == "failed — retry\n\n\n")
    screen.scroll(by: 1)
    #expect(screen.dataSource.loadMoreState[.bottom] != .loading, "not again without a retry")
    screen.dataSource.retryLoadMore(.bottom)
    #expect(screen.dataSource.loadMoreState[.bottom] == .loading)
    await waitForLoads(on: screen)
  }
}
