import Foundation
import HeadlessCollection
import Testing

/// Prefetching in a collection that scrolls horizontally (issue 29, item 7).
@MainActor
@Suite struct DocumentedHorizontalPrefetchingTests {
  /// Promise: the items prefetched are those "one viewport long just past
  /// the visible bounds in the direction of the last scroll" — in a
  /// horizontal list that direction is left or right, and it turns when the
  /// scroll does. `CollectionView.isPrefetchingEnabled`
  /// (Sources/HeadlessCollection/CollectionView/CollectionView.swift).
  @Test func theRangeAheadTurnsWithAHorizontalScroll() {
    // Forty columns one point wide in a 5 × 5 view: items 0–4 on screen.
    let model = ListModel((0..<40).map { "\($0)" })
    model.size = { _ in CGSize(width: 1, height: 5) }
    let recorder = PrefetchRecorder()
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = .horizontal
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 5, height: 5), collectionViewLayout: layout)
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collection.dataSource = model
    collection.delegate = model
    collection.prefetchDataSource = recorder
    collection.layoutIfNeeded()
    defer { withExtendedLifetime(model) {} }
    #expect(collection.visibleLabels == ["0", "1", "2", "3", "4"])
    // Before any scroll, the viewport after the visible one.
    #expect(recorder.calls == ["prefetch 5,6,7,8,9"])
    // To the right: items 10–14 on screen, 15–19 ahead.
    collection.contentOffset = CGPoint(x: 10, y: 0)
    #expect(recorder.calls.suffix(2) == ["cancel 5,6,7,8,9", "prefetch 15,16,17,18,19"])
    // Back to the left: items 8–12 on screen, and the range ahead is to
    // their left, 3–7; what was ahead on the right is cancelled.
    collection.contentOffset = CGPoint(x: 8, y: 0)
    #expect(recorder.calls.suffix(2) == ["cancel 15,16,17,18,19", "prefetch 3,4,5,6,7"])
    // To the right again.
    collection.contentOffset = CGPoint(x: 9, y: 0)
    #expect(recorder.calls.suffix(2) == ["cancel 3,4,5,6,7", "prefetch 14,15,16,17,18"])
    #expect(recorder.problems.isEmpty, "\(recorder.problems)")
  }
}
