import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

@Suite("Scroll anchoring")
@MainActor
struct ScrollAnchorTests {
  private func rows(_ identifiers: [String], heights: (String) -> CGFloat = { _ in 10 }) -> ListSection<ItemVM, ItemController> {
    ListSection<ItemVM, ItemController>(identifiers.map { ItemVM(identifier: $0, height: heights($0)) })
  }

  /// Where `identifier`'s item sits on screen: its top edge less the offset.
  private func screenY(of identifier: String, on screen: ListScreen) -> CGFloat? {
    guard let indexPath = screen.dataSource.indexPath(forIdentifier: identifier),
      let attributes = screen.collectionView.layoutAttributesForItem(at: indexPath)
    else { return nil }
    return attributes.frame.minY - screen.collectionView.contentOffset.y
  }

  private func setRoot(_ section: Section, on screen: ListScreen) async {
    if screen.dataSource.applyUpdatesAsync {
      await screen.setRoot(section)
    } else {
      setRootNow(section, on: screen)
    }
  }

  /// The synchronous `setRoot`, which an async context would not pick.
  private func setRootNow(_ section: Section, on screen: ListScreen) {
    screen.setRoot(section)
  }

  /// Item heights that differ from the estimate of 10, so that resolving
  /// them moves the content.
  private static func height(_ identifier: String) -> CGFloat {
    // 6, 10 or 14, from the identifier's bytes (the same in every run).
    CGFloat(6 + identifier.utf8.reduce(0) { $0 + Int($1) } % 3 * 4)
  }

  @Test("the default is UIKit's: the offset is kept and a prepend pushes the reader down")
  func noneKeepsTheOffset() {
    let screen = ListScreen.logging(height: 50)
    #expect(screen.dataSource.scrollAnchor == .none)
    screen.setRoot(rows((0..<100).map { "r\($0)" }))
    screen.scroll(to: 500)
    #expect(screen.shown.first == "r50=0")
    screen.setRoot(rows((0..<10).map { "p\($0)" } + (0..<100).map { "r\($0)" }))
    #expect(screen.collectionView.contentOffset.y == 500)
    #expect(screen.shown.first == "r40=0")
  }

  @Test(
    ".visibleContent: 1,000 items prepended above a reader, then more paged in below",
    .timeLimit(.minutes(20)),
    arguments: [false, true], [false, true])
  func prependAndPageIn(estimated: Bool, applyUpdatesAsync: Bool) async throws {
    let screen = ListScreen.logging(height: 50, applyUpdatesAsync: applyUpdatesAsync)
    if estimated {
      screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 20, height: 10)
    }
    screen.dataSource.scrollAnchor = .visibleContent
    let heights = estimated ? Self.height : { _ in 10 }
    var identifiers = (0..<100).map { "r\($0)" }
    await setRoot(rows(identifiers, heights: heights), on: screen)
    let reader = "r50"
    try #require(screen.dataSource.scrollToItem(identifier: reader))
    screen.scroll(by: -3)  // the reader 3 points below the top edge
    let before = try #require(screenY(of: reader, on: screen))
    #expect(before == 3)
    let shownBefore = screen.shown
    let readerController = try #require(screen.controller(reader))
    screen.log.reset()

    identifiers.insert(contentsOf: (0..<1_000).map { "p\($0)" }, at: 0)
    await setRoot(rows(identifiers, heights: heights), on: screen)
    #expect(screenY(of: reader, on: screen) == before)
    #expect(screen.shown == shownBefore)
    // The reader never left the screen.
    #expect(screen.log.events(of: readerController).isEmpty, "\(screen.log.events(of: readerController))")

    identifiers += (100..<300).map { "r\($0)" }
    await setRoot(rows(identifiers, heights: heights), on: screen)
    #expect(screenY(of: reader, on: screen) == before)
    #expect(screen.shown == shownBefore)
    #expect(screen.log.violations.isEmpty)
  }

  @Test(".visibleContent: a deleted first visible item passes the anchor to the next survivor")
  func deletedAnchor() throws {
    let screen = ListScreen.logging(height: 50)
    screen.dataSource.scrollAnchor = .visibleContent
    let identifiers = (0..<100).map { "r\($0)" }
    screen.setRoot(rows(identifiers))
    screen.scroll(to: 502)  // r50 2 points above the top, r51 at 8
    #expect(screenY(of: "r51", on: screen) == 8)
    // r50 and r51 go, and 20 items are prepended: the next survivor, r52,
    // keeps its own place (18), what was above it closing up over the gap.
    var next = identifiers.filter { $0 != "r50" && $0 != "r51" }
    next.insert(contentsOf: (0..<20).map { "p\($0)" }, at: 0)
    screen.setRoot(rows(next))
    #expect(screenY(of: "r52", on: screen) == 18)
    #expect(screen.shown == ["r48=0", "r49=0", "r52=0", "r53=0", "r54=0", "r55=0"])
  }

  @Test(".bottom: a viewport at the end stays there as lines arrive; one elsewhere keeps its content")
  func bottom() async throws {
    for applyUpdatesAsync in [false, true] {
      let screen = ListScreen.logging(height: 50, applyUpdatesAsync: applyUpdatesAsync)
      screen.dataSource.scrollAnchor = .bottom
      var lines = (0..<20).map { "l\($0)" }
      await setRoot(rows(lines), on: screen)
      screen.scroll(to: 1_000)  // the end: l15-l19
      #expect(screen.shown.last == "l19=0")
      for batch in 0..<5 {
        lines += (0..<3).map { "n\(batch)-\($0)" }
        await setRoot(rows(lines), on: screen)
        #expect(screen.shown.last == "n\(batch)-2=0")
        #expect(
          screen.collectionView.contentOffset.y
            == screen.collectionView.contentSize.height - 50)
      }
      // Scrolled up: new lines at the end leave the reader alone, and
      // lines prepended above it do not move it either.
      screen.scroll(to: 40)
      let reading = screen.shown
      lines += ["late"]
      lines.insert("early", at: 0)
      await setRoot(rows(lines), on: screen)
      #expect(screen.shown == reading)
    }
  }

  @Test(".bottom with estimated sizes: the end stays in view while sizes resolve")
  func bottomWithEstimates() throws {
    let screen = ListScreen.logging(height: 50)
    screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 20, height: 10)
    screen.dataSource.scrollAnchor = .bottom
    var lines = (0..<200).map { "l\($0)" }
    screen.setRoot(rows(lines, heights: Self.height))
    screen.scroll(to: 100_000)
    #expect(screen.shown.last == "l199=0")
    lines += (0..<30).map { "n\($0)" }
    screen.setRoot(rows(lines, heights: Self.height))
    #expect(screen.shown.last == "n29=0")
    #expect(screen.collectionView.contentOffset.y == screen.collectionView.contentSize.height - 50)
  }

  /// 1,000 updates, each prepending a few items (and now and then deleting
  /// some above the viewport or appending below): the reader never moves.
  @Test(
    ".visibleContent under 1,000 random prepends", .timeLimit(.minutes(20)),
    arguments: [false, true])
  func randomPrepends(estimated: Bool) throws {
    let seed: UInt64 = estimated ? 0xA9C4_0001 : 0xA9C4_0000
    var generator = SeededGenerator(seed: seed)
    let screen = ListScreen.logging(height: 50)
    if estimated {
      screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 20, height: 10)
    }
    screen.dataSource.scrollAnchor = .visibleContent
    let heights = estimated ? Self.height : { _ in 10 }
    var identifiers = (0..<60).map { "r\($0)" }
    screen.setRoot(rows(identifiers, heights: heights))
    let reader = "r30"
    try #require(screen.dataSource.scrollToItem(identifier: reader))
    screen.scroll(by: 4)  // the reader is the first visible item, 4 points cut off
    let position = try #require(screenY(of: reader, on: screen))
    var next = 0
    for step in 0..<1_000 {
      let readerIndex = try #require(identifiers.firstIndex(of: reader))
      for _ in 0..<Int.random(in: 1...5, using: &generator) {
        identifiers.insert("p\(next)", at: Int.random(in: 0...readerIndex, using: &generator))
        next += 1
      }
      if Int.random(in: 0..<4, using: &generator) == 0, readerIndex > 10 {
        identifiers.remove(at: Int.random(in: 0..<(readerIndex - 6), using: &generator))
      }
      if Int.random(in: 0..<8, using: &generator) == 0 {
        identifiers.append("a\(next)")
        next += 1
      }
      screen.setRoot(rows(identifiers, heights: heights))
      guard screenY(of: reader, on: screen) == position else {
        Issue.record("seed \(seed), step \(step): the reader moved to \(String(describing: screenY(of: reader, on: screen))) from \(position)")
        return
      }
    }
    #expect(screen.dataSource.itemCount == identifiers.count)
  }
}
