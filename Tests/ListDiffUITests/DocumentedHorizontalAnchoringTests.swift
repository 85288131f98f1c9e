import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// Scroll anchoring in a list that scrolls horizontally (issue 29, item 7).
@Suite("Horizontal .visibleContent anchoring")
@MainActor
struct DocumentedHorizontalAnchoringTests {
  private func columns(_ identifiers: [String]) -> ListSection<ItemVM, ItemController> {
    ListSection<ItemVM, ItemController>(identifiers.map { ItemVM(identifier: $0, height: 10) })
  }

  /// Where `identifier`'s item sits on screen: its leading edge less the offset.
  private func screenX(of identifier: String, on screen: ListScreen) throws -> CGFloat {
    let path = try #require(screen.dataSource.indexPath(forIdentifier: identifier))
    let frame = try #require(screen.collectionView.layoutAttributesForItem(at: path)).frame
    return frame.minX - screen.collectionView.contentOffset.x
  }

  /// Promise: with `.visibleContent` "the first visible item that survives an
  /// update keeps its position on screen" — its distance from "the viewport's
  /// leading edge", which in a horizontal list is the left edge: items
  /// inserted or deleted before it move the offset along x.
  /// `ListScrollAnchor.visibleContent` (Sources/ListDiffUI/DataSource/ListScrollAnchor.swift)
  /// and `ContentAnchoring.visibleContent`
  /// (Sources/HeadlessCollection/Scrolling/CollectionView+ContentAnchoring.swift).
  @Test(".visibleContent holds the leading edge of a horizontal list through prepends and deletes")
  func visibleContentHoldsTheLeadingEdge() throws {
    // Ten tall: each item (the width, 20, by 10 tall) is a column of its own.
    let screen = ListScreen.logging(height: 10, width: 20)
    screen.collectionView.collectionViewLayout.scrollDirection = .horizontal
    screen.dataSource.scrollAnchor = .visibleContent
    var identifiers = (0..<100).map { "r\($0)" }
    screen.setRoot(columns(identifiers))
    #expect(try screenX(of: "r50", on: screen) == 1_000)
    // r49 is partly visible, its leading edge 17 points before the left edge.
    screen.collectionView.setContentOffset(CGPoint(x: 997, y: 0), animated: false)
    #expect(screen.shown == ["r49=0", "r50=0"])
    let reader = try screenX(of: "r49", on: screen)
    #expect(reader == -17)
    identifiers.insert(contentsOf: (0..<10).map { "p\($0)" }, at: 0)
    screen.setRoot(columns(identifiers))
    #expect(try screenX(of: "r49", on: screen) == reader)
    #expect(screen.collectionView.contentOffset == CGPoint(x: 1_197, y: 0))
    #expect(screen.shown == ["r49=0", "r50=0"])
    // Items deleted before it: it keeps its place again.
    identifiers.removeFirst(15)
    screen.setRoot(columns(identifiers))
    #expect(try screenX(of: "r49", on: screen) == reader)
    #expect(screen.collectionView.contentOffset == CGPoint(x: 897, y: 0))
    #expect(screen.shown == ["r49=0", "r50=0"])
    #expect(screen.log.violations.isEmpty)
  }
}
