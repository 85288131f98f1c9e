import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing

/// A ported ListDiffUI screen forwards UIKit's scroll callbacks from the
/// data source's `collectionViewDelegate`: they must all arrive, in UIKit's
/// order, when the collection view is dragged or scrolled with animation.
@Suite("Scroll callbacks reach the forwarded delegate")
@MainActor
struct ScrollForwardingTests {
  final class ScrollLog: CollectionViewDelegateFlowLayout {
    var events: [String] = []
    func scrollViewDidScroll(_ collectionView: CollectionView) {
      if events.last != "didScroll" { events.append("didScroll") }
    }
    func scrollViewWillBeginDragging(_ collectionView: CollectionView) {
      events.append("willBeginDragging")
    }
    func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {
      events.append("didEndDragging(\(decelerate))")
    }
    func scrollViewWillBeginDecelerating(_ collectionView: CollectionView) {
      events.append("willBeginDecelerating")
    }
    func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {
      events.append("didEndDecelerating")
    }
    func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView) {
      events.append("didEndScrollingAnimation")
    }
  }

  @Test("a drag with velocity: dragging, scrolling, decelerating, in UIKit's order")
  func dragWithVelocity() {
    let screen = ListScreen.logging(height: 30)
    let log = ScrollLog()
    screen.dataSource.collectionViewDelegate = log
    screen.setRoot(section(items((0..<100).map { "i\($0)" })))
    screen.drag(by: 20, velocity: 500)
    #expect(
      log.events == [
        "willBeginDragging", "didScroll", "didEndDragging(true)", "willBeginDecelerating", "didScroll",
        "didEndDecelerating",
      ])
    #expect(screen.collectionView.contentOffset.y > 20)
  }

  @Test("a drag without velocity ends without decelerating; an animated scroll ends its animation")
  func dragAndAnimatedScroll() {
    let screen = ListScreen.logging(height: 30)
    let log = ScrollLog()
    screen.dataSource.collectionViewDelegate = log
    screen.setRoot(section(items((0..<100).map { "i\($0)" })))
    screen.drag(by: 20)
    #expect(log.events == ["willBeginDragging", "didScroll", "didEndDragging(false)"])
    log.events = []
    screen.dataSource.scrollToItem(identifier: "i50", animated: true)
    #expect(log.events == ["didScroll", "didEndScrollingAnimation"])
    #expect(screen.shown.first == "i50=0")
  }
}

func items(_ identifiers: [String], value: Int = 0, height: CGFloat = 10) -> [ItemVM] {
  identifiers.map { ItemVM(identifier: $0, value: value, height: height) }
}
