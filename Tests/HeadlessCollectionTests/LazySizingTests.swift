import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// `estimatedItemSize`: sizes asked only near the viewport, visible items
/// that never jump while scrolling down, and the full layout's frames once
/// every item has been sized.
@MainActor
@Suite struct LazySizingTests {
  /// A list whose item `i` has `sizes[i]`, laid out in a `width` × `height`
  /// viewport, with or without an estimate.
  func makeList(
    sizes: [CGSize], width: CGFloat = 10, height: CGFloat = 10, estimate: CGSize = .zero
  ) -> (ListModel, CollectionView) {
    let model = ListModel((0..<sizes.count).map { "\($0)" })
    model.size = { sizes[$0.item] }
    let collection = makeCollection(model, width: width, height: height) {
      $0.estimatedItemSize = estimate
      $0.minimumLineSpacing = 1
      $0.minimumInteritemSpacing = 1
    }
    collection.layoutIfNeeded()
    return (model, collection)
  }

  func frames(_ collection: CollectionView) -> [CGRect] {
    (0..<collection.numberOfItems(inSection: 0)).map {
      collection.layoutAttributesForItem(at: ip($0))!.frame
    }
  }

  func close(_ a: CGRect, _ b: CGRect) -> Bool {
    abs(a.minX - b.minX) < 1e-6 && abs(a.minY - b.minY) < 1e-6 && abs(a.width - b.width) < 1e-6
      && abs(a.height - b.height) < 1e-6
  }

  @Test(arguments: [CGSize(width: 10, height: 1), CGSize(width: 10, height: 3), CGSize(width: 10, height: 100)])
  func theFirstLayoutOf100000ItemsAsksOnlyNearTheViewport(estimate: CGSize) {
    let sizes = Array(repeating: CGSize(width: 10, height: 1), count: 100_000)
    let (model, collection) = makeList(sizes: sizes, height: 40, estimate: estimate)
    // 40 visible rows (one point apart, so 20 items), half a viewport below
    // (10 more), and the item after.
    let visible = collection.indexPathsForVisibleItems.count
    #expect(visible == 20)
    #expect(Set(model.sizeRequests).count == model.sizeRequests.count, "no size asked twice")
    #expect(model.sizeRequests.count <= visible + 10 + 1)
    #expect(collection.visibleCells.allSatisfy { $0.frame.height == 1 })
    #expect(collection.contentSize.height > 100_000)
  }

  @Test func badEstimatesCountAsNotSetAndAreReported() {
    for estimate in [
      CGSize(width: 0, height: 5), CGSize(width: 5, height: 0), CGSize(width: CGFloat.nan, height: 5),
      CGSize(width: -1, height: 5), CGSize(width: 5, height: CGFloat.infinity), CGSize(width: 5, height: 1e300),
    ] {
      let model = ListModel((0..<50).map { "\($0)" })
      var issues: [GeometryIssue] = []
      let layout = CollectionViewFlowLayout()
      layout.estimatedItemSize = estimate
      let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 5), collectionViewLayout: layout)
      collection.invalidGeometryHandler = { issues.append($0) }
      collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
      collection.dataSource = model
      collection.delegate = model
      collection.layoutIfNeeded()
      collection.setContentOffset(CGPoint(x: 0, y: 20), animated: false)
      #expect(model.sizeRequests.count == 50, "\(estimate): every size asked, as without an estimate")
      #expect(issues.count == 1, "\(estimate): reported once")
      #expect(issues.first?.location == "CollectionViewFlowLayout.estimatedItemSize")
      #expect(issues.first?.used == "not set (.zero)")
    }
  }

  /// Random sizes (several items per line), random estimates from a
  /// hundredth to a hundred times the real sizes, scrolled down to the end
  /// in steps of up to half a viewport.
  @Test func scrollingDownNeverMovesAVisibleItemAndEndsWithTheFullLayout() {
    for seed in UInt64(0)..<80 {
      var generator = SeededGenerator(seed: seed)
      let count = Int.random(in: 1...120, using: &generator)
      let sizes = (0..<count).map { _ in
        CGSize(
          width: CGFloat(Int.random(in: 1...10, using: &generator)),
          height: CGFloat(Int.random(in: 1...4, using: &generator)))
      }
      let estimates = [
        CGSize(width: 3, height: 2), CGSize(width: 10, height: 100), CGSize(width: 0.03, height: 0.02),
        CGSize(width: 1, height: 1),
      ]
      let estimate = estimates.randomElement(using: &generator)!
      let height = CGFloat(Int.random(in: 2...12, using: &generator))
      let (model, lazy) = makeList(sizes: sizes, height: height, estimate: estimate)
      let (fullModel, full) = makeList(sizes: sizes, height: height)
      defer { withExtendedLifetime((model, fullModel)) {} }

      var steps = 0
      while steps < 10_000 {
        steps += 1
        // Every visible item shows its real size.
        for path in lazy.indexPathsForVisibleItems {
          if lazy.layoutAttributesForItem(at: path)!.frame.size != sizes[path.item] {
            Issue.record("seed \(seed): item \(path.item) visible at an estimated size")
          }
        }
        let before = Dictionary(
          uniqueKeysWithValues: lazy.indexPathsForVisibleItems.map {
            ($0.item, lazy.layoutAttributesForItem(at: $0)!.frame)
          })
        let offset = lazy.contentOffset.y
        let maximum = lazy.contentSize.height - height
        if offset >= maximum { break }
        let step = CGFloat(Int.random(in: 1...max(1, Int(height / 2)), using: &generator))
        lazy.setContentOffset(CGPoint(x: 0, y: offset + step), animated: false)
        let clamped = lazy.contentOffset.y != offset + step
        for path in lazy.indexPathsForVisibleItems {
          guard let old = before[path.item], !clamped else { continue }
          let new = lazy.layoutAttributesForItem(at: path)!.frame
          if !close(old, new) {
            Issue.record("seed \(seed): item \(path.item) jumped from \(old) to \(new) (estimate \(estimate))")
          }
        }
      }
      #expect(Set(model.sizeRequests).count == count, "seed \(seed): every item sized on the way")
      #expect(model.sizeRequests.count == count, "seed \(seed): none asked twice")
      #expect(zip(frames(lazy), frames(full)).allSatisfy(close), "seed \(seed)")
      #expect(abs(lazy.contentSize.height - full.contentSize.height) < 1e-6, "seed \(seed)")
    }
  }

  /// One item per line: scrolling up from the middle, where everything
  /// above is estimated, keeps the visible items where they are on screen.
  @Test func scrollingUpKeepsTheVisibleItemsOnScreen() {
    for seed in UInt64(0)..<40 {
      var generator = SeededGenerator(seed: seed)
      let count = Int.random(in: 50...300, using: &generator)
      let sizes = (0..<count).map { _ in CGSize(width: 10, height: CGFloat(Int.random(in: 1...6, using: &generator))) }
      let estimate = CGSize(width: 10, height: CGFloat(Int.random(in: 1...8, using: &generator)))
      let (model, collection) = makeList(sizes: sizes, height: 10, estimate: estimate)
      defer { withExtendedLifetime(model) {} }
      collection.setContentOffset(CGPoint(x: 0, y: collection.contentSize.height / 2), animated: false)
      for _ in 0..<200 {
        let offset = collection.contentOffset.y
        let screen = Dictionary(
          uniqueKeysWithValues: collection.indexPathsForVisibleItems.map {
            ($0.item, collection.layoutAttributesForItem(at: $0)!.frame.minY - offset)
          })
        let step = CGFloat(Int.random(in: 1...5, using: &generator))
        collection.setContentOffset(CGPoint(x: 0, y: offset - step), animated: false)
        let newOffset = collection.contentOffset.y
        if newOffset <= 0 { break }  // clamped at the top
        for path in collection.indexPathsForVisibleItems {
          guard let old = screen[path.item] else { continue }
          let new = collection.layoutAttributesForItem(at: path)!.frame.minY - newOffset
          if abs(new - (old + step)) > 1e-6 {
            Issue.record("seed \(seed): item \(path.item) moved on screen from \(old + step) to \(new)")
          }
        }
      }
    }
  }

  @Test func batchesSizeOnlyWhatComesNearTheViewport() throws {
    let sizes = Array(repeating: CGSize(width: 10, height: 1), count: 1_000)
    let (model, collection) = makeList(sizes: sizes, height: 10, estimate: CGSize(width: 10, height: 1))
    model.sizeRequests = []
    try collection.performBatchUpdates {
      model.items.insert("far", at: 800)
      model.items.insert("near", at: 1)
      collection.insertItems(at: [ip(1), ip(801)])
    }
    #expect(model.sizeRequests == [ip(1)])
    #expect(collection.visibleLabels.prefix(2) == ["0", "near"])
    // A moved estimated item is still asked when it comes near.
    model.sizeRequests = []
    try collection.performBatchUpdates {
      model.items.insert(model.items.remove(at: 900), at: 2)
      collection.moveItem(at: ip(900), to: ip(2))
    }
    #expect(model.sizeRequests == [ip(2)])
  }
}
