import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// A feed that loads pages when asked, each load held open until the test
/// lets it finish.
@MainActor
final class PagedFeed {
  var titles: [String]
  var calls: [ListLoadMoreEdge] = []
  /// How many loads have returned or thrown.
  var completed = 0
  /// The loads waiting for the test, in order.
  var pending: [CheckedContinuation<Void, Never>] = []
  /// What the next load does once let go.
  var next: (ListLoadMoreEdge) throws -> ListLoadMoreResult = { _ in .more }
  weak var screen: ListScreen?

  init(count: Int) {
    titles = (0..<count).map { "r\($0)" }
  }

  var section: Section { rowSection(rows(titles), id: "feed") }

  func load(_ edge: ListLoadMoreEdge) async throws -> ListLoadMoreResult {
    calls.append(edge)
    await withCheckedContinuation { pending.append($0) }
    completed += 1
    return try next(edge)
  }

  /// Lets the oldest waiting load finish, after `change` (what it loaded).
  func finishLoad(_ change: (PagedFeed) -> Void = { _ in }) async {
    guard !pending.isEmpty else { return }
    change(self)
    screen?.dataSource.setRootSection(section, completion: {})
    let before = completed
    pending.removeFirst().resume()
    // The handler's task ends the load in the same turn it returns.
    _ = await waitOnMainActor(upTo: .seconds(5)) { completed > before }
  }

  func append(_ count: Int) {
    titles += (titles.count..<titles.count + count).map { "r\($0)" }
  }
}

/// Lets the main actor run what was started (the handler's task begins
/// on a later turn than the state that says it is loading).
@MainActor
func settle() async {
  for _ in 0..<20 { await Task.yield() }
}

struct LoadFailed: Error, CustomStringConvertible {
  var description: String { "offline" }
}

@MainActor
@Suite("Loading more at the edges", .timeLimit(.minutes(20)))
struct LoadMoreTests {
  func screen(_ feed: PagedFeed, edges: ListLoadMoreEdges = .bottom, distance: Int? = nil) -> ListScreen {
    let screen = ListScreen.rows(height: 10)
    feed.screen = screen
    screen.setRoot(feed.section)
    screen.dataSource.loadMoreEdges = edges
    if let distance { screen.dataSource.loadMoreDistance = distance }
    screen.dataSource.loadMoreHandler = { [feed] edge in try await feed.load(edge) }
    return screen
  }

  @Test("runs once per approach, shows a loading row while it runs, and again while the list grows near the edge")
  func onceWhileRunning() async {
    let feed = PagedFeed(count: 30)
    let screen = screen(feed)
    await settle()
    #expect(feed.calls.isEmpty, "20 items below the viewport: not near the end")
    screen.scroll(by: 15)
    await settle()
    #expect(feed.calls == [.bottom], "within a viewport (10 items) of the end")
    #expect(screen.dataSource.loadMoreState == [.bottom: .loading])
    screen.scroll(by: 10)
    #expect(screen.text.hasSuffix("\nloading…"), "the row says so at the end")
    screen.scroll(by: -3)
    screen.scroll(by: 3)
    await settle()
    #expect(feed.calls == [.bottom], "never while it runs")
    await feed.finishLoad { $0.append(5) }
    #expect(screen.dataSource.loadMoreState == [.bottom: .loading], "still near the end and the list grew: again")
    await settle()
    #expect(feed.calls == [.bottom, .bottom])
    await feed.finishLoad()
    #expect(screen.dataSource.loadMoreState == [.bottom: .idle])
    #expect(!screen.text.contains("loading"))
    await settle()
    #expect(feed.calls.count == 2, "nothing new and still near: not again until the viewport leaves")
    screen.scroll(by: -30)
    screen.scroll(by: 30)
    await settle()
    #expect(feed.calls.count == 3, "a new approach")
    feed.next = { _ in .exhausted }
    await feed.finishLoad()
    #expect(screen.dataSource.loadMoreState == [.bottom: .exhausted])
    screen.scroll(by: -30)
    screen.scroll(by: 30)
    await settle()
    #expect(feed.calls.count == 3, "never after exhausted")
  }

  @Test("a failure shows a retry row; only a retry runs the handler again, and a tap on the row retries")
  func failureAndRetry() async {
    let feed = PagedFeed(count: 5)
    let screen = screen(feed)
    await settle()
    #expect(feed.calls == [.bottom], "a short list is near its end at once")
    feed.next = { _ in throw LoadFailed() }
    await feed.finishLoad()
    #expect(screen.dataSource.loadMoreState == [.bottom: .failed("offline")])
    #expect(screen.text.contains("\nfailed — retry\n"))
    #expect(screen.dataSource.itemCount == 6)
    screen.collectionView.reloadData()
    screen.scroll(by: 1)
    await settle()
    #expect(feed.calls.count == 1, "not on its own after a failure")
    screen.dataSource.retryLoadMore(.bottom)
    await settle()
    #expect(feed.calls.count == 2)
    #expect(screen.text.contains("loading…"))
    await feed.finishLoad()
    #expect(screen.dataSource.loadMoreState == [.bottom: .failed("offline")])
    screen.tap(identifier: "bottom")
    await settle()
    #expect(feed.calls.count == 3, "a tap on the failed row retries")
    #expect(screen.dataSource.selection.isEmpty, "the row is a button, not a selection")
    feed.next = { _ in .exhausted }
    await feed.finishLoad { $0.append(2) }
    #expect(screen.dataSource.itemCount == 7)
    #expect(screen.dataSource.loadMoreState == [.bottom: .exhausted])
  }

  @Test("loading at the top keeps the reader's place")
  func top() async {
    let feed = PagedFeed(count: 20)
    let screen = screen(feed, edges: [.top, .bottom], distance: 2)
    await settle()
    #expect(feed.calls == [.top], "at the top from the start; the end is far")
    #expect(screen.text.hasPrefix("  r0\n"), "the loading row came above the reader's place")
    #expect(screen.dataSource.itemCount == 21)
    screen.scroll(by: 1)
    let firstLine = screen.text.split(separator: "\n").first
    #expect(firstLine == "  r1")
    await feed.finishLoad { feed in feed.titles = (0..<8).map { "old\($0)" } + feed.titles }
    #expect(screen.dataSource.itemCount == 28)
    #expect(screen.text.split(separator: "\n").first == firstLine, "eight items came above: what was read stays")
    await settle()
    #expect(feed.calls == [.top], "the viewport is no longer near the top")
  }

  /// Issue 42 item 7: with the handler set before the first root, it ran
  /// at once (the empty list counted as near its end), 25 items from the
  /// edge of the root that followed.
  @Test("a handler set before the first root runs only when that root leaves the viewport near the edge")
  func handlerBeforeTheFirstRoot() async {
    let screen = ListScreen(width: 20, height: 5)
    var calls = 0
    screen.dataSource.loadMoreEdges = .bottom
    screen.dataSource.loadMoreHandler = { _ in
      calls += 1
      return .more
    }
    #expect(screen.dataSource.loadMoreState == [.bottom: .idle], "no root yet: no list to be near the end of")
    await screen.setRoot(rowSection(rows((0..<30).map { "r\($0)" }), id: "feed"))
    #expect(screen.dataSource.loadMoreState == [.bottom: .idle], "rows 0-4 shown, 25 items from the edge")
    await settle()
    #expect(calls == 0)
    screen.scroll(by: 20)
    #expect(screen.dataSource.loadMoreState == [.bottom: .loading], "within one viewport (5 items) of the edge")
    await settle()
    #expect(calls == 1)
  }

  @Test("an empty first root loads its first page")
  func emptyFirstRoot() async {
    let feed = PagedFeed(count: 0)
    let screen = ListScreen.rows(height: 10)
    feed.screen = screen
    screen.dataSource.loadMoreEdges = .bottom
    screen.dataSource.loadMoreHandler = { [feed] edge in try await feed.load(edge) }
    #expect(screen.dataSource.loadMoreState == [.bottom: .idle])
    await screen.setRoot(feed.section)
    #expect(screen.dataSource.loadMoreState == [.bottom: .loading])
    await settle()
    #expect(feed.calls == [.bottom])
    await feed.finishLoad { $0.append(30) }
    #expect(screen.dataSource.itemCount == 30, "the page came, and the viewport is far from its end")
    #expect(screen.dataSource.loadMoreState == [.bottom: .idle])
  }

  @Test("bad input: a negative distance is a warning and 0 is used; disabled edges have no state")
  func badInput() {
    let feed = PagedFeed(count: 30)
    let screen = ListScreen.rows(height: 10)
    screen.setRoot(feed.section)
    screen.expectWarnings(.invalidLoadMoreDistance) {
      screen.dataSource.loadMoreDistance = -3
    }
    #expect(screen.dataSource.loadMoreDistance == 0)
    #expect(screen.dataSource.loadMoreState.isEmpty)
    screen.dataSource.loadMoreEdges = .bottom
    #expect(screen.dataSource.loadMoreState == [.bottom: .idle])
  }
}
