import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Records prefetch calls and checks their pairing.
@MainActor
final class PrefetchRecorder: CollectionViewDataSourcePrefetching {
  var calls: [String] = []
  var outstanding: Set<IndexPath> = []
  var problems: [String] = []
  weak var collection: CollectionView?

  func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
    calls.append("prefetch " + indexPaths.map { "\($0.item)" }.joined(separator: ","))
    let visible = Set(collectionView.indexPathsForVisibleItemsWithoutLayout)
    for path in indexPaths {
      if !outstanding.insert(path).inserted { problems.append("prefetched twice \(path)") }
      if visible.contains(path) { problems.append("prefetched on screen \(path)") }
    }
    if indexPaths != indexPaths.sorted() { problems.append("unsorted") }
  }

  func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
    calls.append("cancel " + indexPaths.map { "\($0.item)" }.joined(separator: ","))
    for path in indexPaths where outstanding.remove(path) == nil { problems.append("cancel unknown \(path)") }
  }
}

extension CollectionView {
  /// The visible items as the pass left them, without another layout (a
  /// callback must not start one).
  var indexPathsForVisibleItemsWithoutLayout: [IndexPath] {
    visibleCells.compactMap { indexPath(for: $0) }
  }
}

@MainActor
@Suite struct PrefetchingTests {
  private func make(items: Int = 30) -> (ListModel, PrefetchRecorder, CollectionView) {
    let model = ListModel((0..<items).map { "\($0)" })
    let recorder = PrefetchRecorder()
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let collection = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 10, height: 5), collectionViewLayout: layout)
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collection.dataSource = model
    collection.delegate = model
    collection.prefetchDataSource = recorder
    collection.layoutIfNeeded()
    return (model, recorder, collection)
  }

  @Test func theViewportAheadIsPrefetchedOnceAndCancelledWhenLeftUnseen() {
    let (model, recorder, collection) = make()
    defer { withExtendedLifetime(model) {} }
    // Rows 0–4 on screen; one viewport past the end: rows 5–9.
    #expect(recorder.calls == ["prefetch 5,6,7,8,9"])
    collection.contentOffset.y = 2
    // Rows 5 and 6 came on screen (no call for them); 10 and 11 are new ahead.
    #expect(recorder.calls.last == "prefetch 10,11")
    #expect(recorder.calls.count == 2)
    collection.contentOffset.y = 0
    // Scrolling back: the range ahead is above the top, empty; what was
    // prefetched below and never shown is cancelled, in one call.
    #expect(recorder.calls.last == "cancel 7,8,9,10,11")
    // Rows 5 and 6 were shown, so they are never cancelled.
    #expect(recorder.outstanding == [ip(5), ip(6)])
    #expect(recorder.problems.isEmpty)
  }

  @Test func duringAMovementItemsAreNamedByTheDataSourcesIndexPaths() {
    let (model, recorder, collection) = make()
    model.movable = { _ in true }
    #expect(recorder.calls == ["prefetch 5,6,7,8,9"])
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    // Item 0 takes place 7, below the viewport: shown 1 … 7, 0, 8 …. The
    // range ahead (places 5–9) now holds it, which the data source still
    // has at 0 (places 5 and 6 show its items 6 and 7, already prefetched).
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 5, y: 7.5))
    #expect(recorder.calls.last == "prefetch 0")
    // Scrolled past them, they are cancelled by the same paths, ascending.
    collection.contentOffset.y = 12
    #expect(recorder.calls.suffix(2) == ["cancel 0,6,7,8,9", "prefetch 17,18,19,20,21"])
    collection.cancelInteractiveMovement()
    #expect(recorder.outstanding == [ip(5), ip(17), ip(18), ip(19), ip(20), ip(21)])
  }

  @Test func turningPrefetchingOffCancelsWhatIsOutstanding() {
    let (model, recorder, collection) = make()
    defer { withExtendedLifetime(model) {} }
    collection.isPrefetchingEnabled = false
    collection.layoutIfNeeded()
    #expect(recorder.calls == ["prefetch 5,6,7,8,9", "cancel 5,6,7,8,9"])
    collection.contentOffset.y = 10
    #expect(recorder.calls.count == 2)
  }

  @Test func batchesMovePrefetchedItemsAndCancelDeletedOnes() throws {
    let (model, recorder, collection) = make()
    defer { withExtendedLifetime(model) {} }
    model.items.remove(at: 6)
    try collection.performBatchUpdates { collection.deleteItems(at: [ip(6)]) }
    // Item 6 is cancelled at its old path; 7–9 moved up to 6–8 and stay
    // prefetched; the new row 9 (old 10) is prefetched.
    #expect(recorder.calls == ["prefetch 5,6,7,8,9", "cancel 6", "prefetch 9"])
    collection.reloadData()
    // A reload cancels everything and starts again. (The recorder's own
    // bookkeeping is by index path, which a batch shifts: only the calls
    // are checked here.)
    #expect(recorder.calls.suffix(2) == ["cancel 5,6,7,8,9", "prefetch 5,6,7,8,9"])
  }

  @Test func randomScrollsKeepPrefetchesPairedAndOffScreen() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let (model, recorder, collection) = make(items: 200)
    defer { withExtendedLifetime(model) {} }
    for _ in 0..<2_000 {
      let calls = recorder.calls.count
      switch Int.random(in: 0..<10, using: &random) {
      case 0: collection.frame.size.height = CGFloat(Int.random(in: 1..<12, using: &random))
      case 1: collection.isPrefetchingEnabled.toggle()
      default:
        collection.contentOffset.y = CGFloat(Int.random(in: 0..<200, using: &random))
      }
      // One call of each kind per pass at most: a step is one pass here.
      #expect(recorder.calls.count - calls <= 2, "seed \(seed)")
      // Items that came on screen are done with, without a cancel; what is
      // still outstanding fits in the one viewport ahead.
      recorder.outstanding.subtract(collection.indexPathsForVisibleItems)
      #expect(recorder.outstanding.count <= Int(collection.bounds.height) + 1, "seed \(seed)")
      if !recorder.problems.isEmpty { break }
    }
    #expect(recorder.problems.isEmpty, "seed \(seed): \(recorder.problems.prefix(3))")
  }
}
