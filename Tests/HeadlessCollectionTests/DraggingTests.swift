import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// `drag(by:velocity:)` and animated scrolls: UIKit's callback sequences, the
/// deceleration model, clamping, and exact appearance along the way.
@MainActor
@Suite struct DraggingTests {
  /// Records scroll callbacks and displays, one string each.
  final class ScrollRecorder: CollectionViewDelegateFlowLayout {
    var events: [String] = []
    var displayed: Set<Int> = []
    var states: [String] = []

    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize { CGSize(width: 10, height: 1) }
    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
    ) { displayed.insert(indexPath.item) }
    func scrollViewDidScroll(_ collectionView: CollectionView) {
      events.append("scroll")
      states.append("\(collectionView.isDragging) \(collectionView.isDecelerating)")
    }
    func scrollViewWillBeginDragging(_ collectionView: CollectionView) { events.append("willBeginDragging") }
    func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {
      events.append("didEndDragging \(decelerate)")
    }
    func scrollViewWillBeginDecelerating(_ collectionView: CollectionView) {
      events.append("willBeginDecelerating")
    }
    func scrollViewDidEndDecelerating(_ collectionView: CollectionView) { events.append("didEndDecelerating") }
    func scrollViewDidEndScrollingAnimation(_ collectionView: CollectionView) {
      events.append("didEndScrollingAnimation")
    }

    /// The events with runs of "scroll" folded into "scroll×n".
    var folded: [String] {
      var result: [String] = []
      var run = 0
      for event in events + ["end"] {
        if event == "scroll" {
          run += 1
          continue
        }
        if run > 0 { result.append("scroll×\(run)") }
        run = 0
        if event != "end" { result.append(event) }
      }
      return result
    }
  }

  /// `count` one-point rows in a 10 × 10 viewport.
  func makeList(count: Int = 1_000) -> (ListModel, ScrollRecorder, CollectionView) {
    let model = ListModel((0..<count).map { "\($0)" })
    let recorder = ScrollRecorder()
    let collection = makeCollection(model, width: 10, height: 10)
    collection.delegate = recorder
    collection.layoutIfNeeded()
    recorder.displayed = []
    return (model, recorder, collection)
  }

  @Test func aDragWithoutVelocity() {
    let (model, recorder, collection) = makeList()
    defer { withExtendedLifetime(model) {} }
    collection.drag(by: CGPoint(x: 0, y: 23))
    // Steps of at most half the viewport: 23 points in 5 steps.
    #expect(recorder.folded == ["willBeginDragging", "scroll×5", "didEndDragging false"])
    #expect(collection.contentOffset == CGPoint(x: 0, y: 23))
    #expect(recorder.displayed == Set(10..<33))
    #expect(recorder.states.allSatisfy { $0 == "true false" })
    #expect(!collection.isDragging && !collection.isDecelerating)
  }

  @Test func aDragWithVelocityDecelerates() {
    let (model, recorder, collection) = makeList()
    defer { withExtendedLifetime(model) {} }
    collection.drag(by: CGPoint(x: 0, y: 10), velocity: CGPoint(x: 0, y: 200))
    let coasting = 200.0 / 1000 * 0.998 / 0.002  // 99.8 points
    #expect(abs(collection.contentOffset.y - (10 + coasting)) < 1e-9)
    let events = recorder.folded
    #expect(events.prefix(3) == ["willBeginDragging", "scroll×2", "didEndDragging true"])
    #expect(events.dropFirst(3).first == "willBeginDecelerating")
    #expect(events.last == "didEndDecelerating")
    #expect(events.count == 6)  // one run of scrolls while coasting
    // Every row passed over was displayed.
    #expect(recorder.displayed == Set(10..<Int(10 + coasting + 10) + 1))
    // The flags follow the phases.
    #expect(recorder.states.prefix(2).allSatisfy { $0 == "true false" })
    #expect(recorder.states.dropFirst(2).allSatisfy { $0 == "false true" })
    #expect(!collection.isDragging && !collection.isDecelerating)
  }

  @Test func coastingSlowsDownFrameByFrame() {
    let (model, recorder, collection) = makeList(count: 1_000)
    defer { withExtendedLifetime(model) {} }
    var offsets: [CGFloat] = []
    final class Offsets: CollectionViewDelegateFlowLayout {
      var values: [CGFloat] = []
      func scrollViewDidScroll(_ collectionView: CollectionView) { values.append(collectionView.contentOffset.y) }
    }
    let watcher = Offsets()
    collection.delegate = watcher
    collection.drag(by: .zero, velocity: CGPoint(x: 0, y: 1_000))
    offsets = watcher.values
    // Forward all the way, never more than half the viewport per step,
    // slower at the end than at the start, ending at the projected distance.
    let steps = zip(offsets.dropFirst(), offsets).map { $0 - $1 }
    #expect(steps.allSatisfy { $0 > 0 && $0 <= 5 })
    #expect(steps.last! < steps.first! / 4)
    #expect(abs(offsets.last! - 499) < 1e-9)
    _ = recorder
  }

  @Test func dragsStopAtTheEdgesWithoutBouncing() {
    let (model, recorder, collection) = makeList(count: 30)
    defer { withExtendedLifetime(model) {} }
    collection.drag(by: CGPoint(x: 0, y: -5), velocity: CGPoint(x: 0, y: -500))
    // At the top already: nothing moves, but the sequence is UIKit's.
    #expect(recorder.folded == [
      "willBeginDragging", "didEndDragging true", "willBeginDecelerating", "didEndDecelerating",
    ])
    #expect(collection.contentOffset == .zero)
    recorder.events = []
    collection.drag(by: CGPoint(x: 0, y: 15), velocity: CGPoint(x: 0, y: 10_000))
    #expect(collection.contentOffset.y == 20)  // 30 rows, 10 visible
    #expect(recorder.folded == [
      "willBeginDragging", "scroll×3", "didEndDragging true", "willBeginDecelerating", "scroll×1",
      "didEndDecelerating",
    ])
  }

  @Test func nonFiniteDragsMoveNothing() {
    let (model, recorder, collection) = makeList()
    defer { withExtendedLifetime(model) {} }
    final class Issues { var locations: [String] = [] }
    let issues = Issues()
    collection.invalidGeometryHandler = { issues.locations.append($0.location) }
    collection.drag(by: CGPoint(x: CGFloat.nan, y: .infinity), velocity: CGPoint(x: .nan, y: -.infinity))
    #expect(issues.locations == [
      "CollectionView.drag(by:velocity:) translation", "CollectionView.drag(by:velocity:) velocity",
    ])
    #expect(recorder.folded == ["willBeginDragging", "didEndDragging false"])
    #expect(collection.contentOffset == .zero)
  }

  @Test func animatedScrollsEndWithTheAnimationCallback() {
    let (model, recorder, collection) = makeList()
    defer { withExtendedLifetime(model) {} }
    collection.setContentOffset(CGPoint(x: 0, y: 12), animated: true)
    #expect(recorder.folded == ["scroll×3", "didEndScrollingAnimation"])
    #expect(recorder.displayed == Set(10..<22))
    recorder.events = []
    collection.setContentOffset(CGPoint(x: 0, y: 12), animated: true)
    #expect(recorder.events.isEmpty)  // nothing moved: no animation
    collection.setContentOffset(CGPoint(x: 0, y: 40), animated: false)
    #expect(recorder.folded == ["scroll×1"])
    recorder.events = []
    #expect(collection.scrollToItem(at: ip(100), at: .top, animated: true))
    #expect(collection.contentOffset.y == 100)
    #expect(recorder.folded == ["scroll×12", "didEndScrollingAnimation"])
    recorder.events = []
    #expect(collection.scrollToItem(at: ip(50), at: .top, animated: false))
    #expect(recorder.folded == ["scroll×1"])
  }

  @Test func randomDragsDisplayEveryItemTheyPassOver() {
    for seed in UInt64(0)..<60 {
      var generator = SeededGenerator(seed: seed)
      let count = Int.random(in: 1...300, using: &generator)
      let model = ListModel((0..<count).map { "\($0)" })
      let heights = (0..<count).map { _ in CGFloat(Int.random(in: 1...4, using: &generator)) }
      model.size = { CGSize(width: 4, height: heights[$0.item]) }  // two per line
      let viewport = CGFloat(Int.random(in: 1...12, using: &generator))
      let collection = makeCollection(model, width: 10, height: viewport)
      final class Displays: CollectionViewDelegateFlowLayout {
        let model: ListModel
        var displayed: Set<Int> = []
        init(_ model: ListModel) { self.model = model }
        func collectionView(
          _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
          sizeForItemAt indexPath: IndexPath
        ) -> CGSize { model.size(indexPath) }
        func collectionView(
          _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
        ) { displayed.insert(indexPath.item) }
      }
      let displays = Displays(model)
      collection.delegate = displays
      collection.layoutIfNeeded()
      for _ in 0..<5 {
        let start = collection.contentOffset.y
        displays.displayed = []
        let translation = CGFloat(Int.random(in: -200...200, using: &generator))
        let velocity = CGFloat(Int.random(in: -300...300, using: &generator))
        collection.drag(by: CGPoint(x: 0, y: translation), velocity: CGPoint(x: 0, y: velocity))
        let end = collection.contentOffset.y
        let swept = CGRect(x: 0, y: min(start, end), width: 10, height: abs(end - start) + viewport)
        let passed = Set(collection.layoutAttributesForElements(in: swept).map(\.indexPath.item))
        let visibleBefore = Set(
          collection.layoutAttributesForElements(in: CGRect(x: 0, y: start, width: 10, height: viewport))
            .map(\.indexPath.item))
        // Items visible at the start were displayed before; all others passed
        // over must have been displayed during the drag.
        #expect(passed.subtracting(visibleBefore).isSubset(of: displays.displayed), "seed \(seed)")
      }
      withExtendedLifetime(model) {}
    }
  }
}
