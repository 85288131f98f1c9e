// Issue 44 item 14: three defects random interaction found, each against
// a documented rule.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

@MainActor
@Suite("Defects found by random interaction", .timeLimit(.minutes(20)))
struct RandomInteractionDefectTests {
  /// The reproduction: a viewport 3 lines tall scrolled to 4 has
  /// d, e and f visible, H pinned over d. The first focus move focused a,
  /// far above (the pinned H is the first visible item, and the search ran
  /// on from it); it focuses the first focusable item visible, d, as the
  /// docs say, and scrolls it into view below H.
  @Test("the first focus move lands on the first focusable item visible, not one above a pinned header")
  func firstMoveBelowThePinnedHeader() {
    let screen = ListScreen.rows(width: 30, height: 3)
    screen.setRoot(
      CompositeSection(id: "g", header: rowSection(rows(["H"])), pinsHeader: true) {
        rowSection(rows(["a", "b", "c", "d", "e", "f"]), id: "s")
      })
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 4), animated: false)
    screen.collectionView.layoutIfNeeded()
    #expect(screen.text == "  H\n  e\n  f")
    screen.dataSource.moveFocus(.down)
    #expect(screen.dataSource.focusedItem?.identifier == "d", "the first focusable item visible")
    #expect(screen.text == "  H\n> d\n  e", "scrolled into view below the pinned header")
  }

  @Test("without a pinned header, the first move still focuses the first item visible")
  func firstMoveWithoutHeaders() {
    let screen = ListScreen.rows(width: 30, height: 3)
    screen.setRoot(rowSection(rows(["a", "b", "c", "d", "e", "f"]), id: "s"))
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 2), animated: false)
    screen.collectionView.layoutIfNeeded()
    screen.dataSource.moveFocus(.up)
    #expect(screen.dataSource.focusedItem?.identifier == "c")
  }

  /// The reproduction: viewport 30 × 12, `loadMoreDistance = 2`, a
  /// feed of 4 at `.bottom`; the load throws; a root of 2 and a retry,
  /// which runs; a root of 4 and `.more`: the list grew while the viewport
  /// is near the edge, so the handler runs again (LoadingMore.md).
  @Test("loading more runs again after a retried load grew the list near the edge")
  func loadsAgainAfterARetriedLoadGrewTheList() async {
    let feed = PagedFeed(count: 4)
    let screen = ListScreen.rows(width: 30, height: 12)
    feed.screen = screen
    await screen.setRoot(feed.section)
    screen.dataSource.loadMoreDistance = 2
    screen.dataSource.loadMoreEdges = .bottom
    screen.dataSource.loadMoreHandler = { [feed] edge in try await feed.load(edge) }
    await settle()
    #expect(feed.calls == [.bottom])
    feed.next = { _ in throw LoadFailed() }
    await feed.finishLoad()
    #expect(screen.dataSource.loadMoreState == [.bottom: .failed("offline")])
    feed.titles = Array(feed.titles.prefix(2))
    await screen.setRoot(feed.section)
    screen.dataSource.retryLoadMore(.bottom)
    await settle()
    #expect(feed.calls.count == 2, "the retry runs")
    feed.next = { _ in .more }
    await feed.finishLoad { $0.append(2) }
    #expect(screen.dataSource.itemCount >= 4)
    await settle()
    #expect(feed.calls.count == 3, "the list grew from 2 to 4, all of it visible: again")
    await feed.finishLoad()
  }

  @Test("selectAll leaves the loading row out; a tap on it retries and leaves the selection alone")
  func theLoadingRowIsNoItem() async throws {
    let feed = PagedFeed(count: 3)
    let screen = ListScreen.rows(width: 30, height: 12)
    feed.screen = screen
    await screen.setRoot(feed.section)
    screen.dataSource.allowsMultipleSelection = true
    screen.dataSource.loadMoreEdges = .bottom
    screen.dataSource.loadMoreHandler = { [feed] edge in try await feed.load(edge) }
    await settle()
    #expect(screen.text.contains("loading…"))
    screen.dataSource.selectAll()
    #expect(screen.dataSource.selection.map(\.identifier).sorted() == ["r0", "r1", "r2"])
    screen.dataSource.moveFocus(.last)
    #expect(screen.dataSource.focusedItem?.identifier == "r2", "the row takes no focus")
    feed.next = { _ in throw LoadFailed() }
    await feed.finishLoad()
    screen.dataSource.allowsMultipleSelection = false
    screen.select(identifier: "r1")
    #expect(screen.dataSource.selection.map(\.identifier) == ["r1"])
    screen.tap(identifier: "bottom")
    await settle()
    #expect(feed.calls.count == 2, "a tap on the failed row retries")
    #expect(screen.dataSource.selection.map(\.identifier) == ["r1"], "and selects or deselects nothing")
    screen.dataSource.allowsMultipleSelection = true
    screen.dataSource.selectAll()
    #expect(!screen.dataSource.selection.contains { $0.identifier == "bottom" })
    await feed.finishLoad()
  }
}
