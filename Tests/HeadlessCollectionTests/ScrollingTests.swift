import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Offsets, `scrollToItem`, clamping, and the visible set against a brute
/// force over every item's frame.
@MainActor
@Suite struct ScrollingTests {
  /// 20 rows of 2 points, one point apart, in a 10-point viewport.
  func makeRows(insets: EdgeInsets = .zero) -> (ListModel, CollectionView) {
    let model = ListModel((0..<20).map { "\($0)" })
    model.size = { _ in CGSize(width: 10, height: 2) }
    let collection = makeCollection(model, width: 10, height: 10) { $0.minimumLineSpacing = 1 }
    collection.contentInset = insets
    return (model, collection)
  }

  @Test func scrollToItemVertically() {
    let (model, collection) = makeRows()
    defer { withExtendedLifetime(model) {} }
    // Row 10 spans y 30..<32; content is 59 high, so offsets run 0...49.
    collection.scrollToItem(at: ip(10), at: .top, animated: false)
    #expect(collection.contentOffset.y == 30)
    collection.scrollToItem(at: ip(10), at: .centeredVertically, animated: false)
    #expect(collection.contentOffset.y == 26)
    collection.scrollToItem(at: ip(10), at: .bottom, animated: false)
    #expect(collection.contentOffset.y == 22)
    collection.scrollToItem(at: ip(19), at: .top, animated: true)
    #expect(collection.contentOffset.y == 49)  // clamped to the end
    collection.scrollToItem(at: ip(0), at: .bottom, animated: false)
    #expect(collection.contentOffset.y == 0)  // clamped to the start
    #expect(collection.indexPathsForVisibleItems.first == ip(0))
  }

  @Test func emptyPositionScrollsJustEnough() {
    let (model, collection) = makeRows()
    defer { withExtendedLifetime(model) {} }
    collection.scrollToItem(at: ip(2), at: [], animated: false)
    #expect(collection.contentOffset.y == 0)  // already visible
    collection.scrollToItem(at: ip(5), at: [], animated: false)
    #expect(collection.contentOffset.y == 7)  // row 5 is 15..<17: bottom edge at 17
    collection.scrollToItem(at: ip(1), at: [], animated: false)
    #expect(collection.contentOffset.y == 3)  // row 1 is 3..<5: top edge at 3
  }

  @Test func scrollToItemRespectsContentInsets() {
    let (model, collection) = makeRows(insets: EdgeInsets(top: 2, left: 0, bottom: 3, right: 0))
    defer { withExtendedLifetime(model) {} }
    collection.scrollToItem(at: ip(10), at: .top, animated: false)
    #expect(collection.contentOffset.y == 28)
    collection.scrollToItem(at: ip(10), at: .bottom, animated: false)
    #expect(collection.contentOffset.y == 25)
    collection.scrollToItem(at: ip(0), at: .top, animated: false)
    #expect(collection.contentOffset.y == -2)
    collection.scrollToItem(at: ip(19), at: .bottom, animated: false)
    #expect(collection.contentOffset.y == 52)  // 59 + 3 - 10
  }

  @Test func scrollToItemHorizontally() {
    let model = ListModel((0..<20).map { "\($0)" })
    model.size = { _ in CGSize(width: 4, height: 10) }
    let collection = makeCollection(model, width: 10, height: 10) { layout in
      layout.scrollDirection = .horizontal
      layout.minimumLineSpacing = 1
    }
    // Column 10 spans x 50..<54; content is 99 wide.
    collection.scrollToItem(at: ip(10), at: .left, animated: false)
    #expect(collection.contentOffset == CGPoint(x: 50, y: 0))
    collection.scrollToItem(at: ip(10), at: .centeredHorizontally, animated: false)
    #expect(collection.contentOffset == CGPoint(x: 47, y: 0))
    collection.scrollToItem(at: ip(10), at: .right, animated: false)
    #expect(collection.contentOffset == CGPoint(x: 44, y: 0))
    collection.scrollToItem(at: ip(19), at: .left, animated: false)
    #expect(collection.contentOffset == CGPoint(x: 89, y: 0))
  }

  @Test func scrollToAMissingItemDoesNothing() {
    let (model, collection) = makeRows()
    defer { withExtendedLifetime(model) {} }
    collection.setContentOffset(CGPoint(x: 0, y: 5), animated: false)
    #expect(!collection.scrollToItem(at: ip(20), at: .top, animated: false))
    #expect(!collection.scrollToItem(at: IndexPath(index: 1), at: .top, animated: false))
    #expect(collection.contentOffset.y == 5)
  }

  @Test func theOffsetFollowsShrinkingContent() throws {
    let (model, collection) = makeRows()
    collection.setContentOffset(CGPoint(x: 0, y: 49), animated: false)
    try collection.performBatchUpdates {
      model.items.removeLast(10)
      collection.deleteItems(at: (10..<20).map { ip($0) })
    }
    // 10 rows: 29 high, offsets 0...19.
    #expect(collection.contentOffset.y == 19)
    #expect(collection.visibleLabels == ["6", "7", "8", "9"])
  }

  @Test func boundsIsTheOffsetAndTheFrameSize() {
    let (model, collection) = makeRows()
    defer { withExtendedLifetime(model) {} }
    collection.bounds = CGRect(x: 0, y: 6, width: 10, height: 4)
    #expect(collection.frame.size == CGSize(width: 10, height: 4))
    #expect(collection.bounds == CGRect(x: 0, y: 6, width: 10, height: 4))
    #expect(collection.indexPathsForVisibleItems == [ip(2), ip(3)])
  }

  @Test func visibleItemsMatchABruteForceOverAllFrames() {
    for seed in UInt64(0)..<300 {
      var generator = SeededGenerator(seed: seed)
      let count = Int.random(in: 0...200, using: &generator)
      let sizes = (0..<count).map { _ in
        CGSize(
          width: CGFloat(Int.random(in: 1...12, using: &generator)) / 2,
          height: CGFloat(Int.random(in: 0...8, using: &generator)) / 2)
      }
      let model = ListModel((0..<count).map { "\($0)" })
      model.size = { sizes[$0.item] }
      let horizontal = Bool.random(using: &generator)
      let collection = makeCollection(model, width: 13, height: 9) { layout in
        layout.scrollDirection = horizontal ? .horizontal : .vertical
        // Negative spacings overlap lines; the visible set must still be exact.
        layout.minimumLineSpacing = CGFloat(Int.random(in: -4...2, using: &generator))
        layout.minimumInteritemSpacing = CGFloat(Int.random(in: -2...2, using: &generator))
      }
      for _ in 0..<10 {
        let length = horizontal ? collection.contentSize.width : collection.contentSize.height
        let offset = CGFloat.random(in: -5...(length + 5), using: &generator)
        collection.setContentOffset(
          horizontal ? CGPoint(x: offset, y: 0) : CGPoint(x: 0, y: offset), animated: false)
        let bounds = collection.bounds
        let expected = (0..<count).map { ip($0) }.filter { path in
          let frame = collection.layoutAttributesForItem(at: path)!.frame
          return frame.width > 0 && frame.height > 0 && frame.minX < bounds.maxX
            && bounds.minX < frame.maxX && frame.minY < bounds.maxY && bounds.minY < frame.maxY
        }
        #expect(collection.indexPathsForVisibleItems == expected, "seed \(seed) offset \(offset)")
        #expect(collection.layoutAttributesForElements(in: bounds).map(\.indexPath) == expected, "seed \(seed)")
        #expect(collection.visibleLabels == expected.map { "\($0.item)" }, "seed \(seed)")
      }
    }
  }
}

@MainActor
@Suite struct HitTestingTests {
  @Test func pointsFindTheItemsThatContainThem() {
    let model = ListModel((0..<6).map { "\($0)" })
    model.size = { _ in CGSize(width: 4, height: 2) }
    let collection = makeCollection(model, width: 10, height: 10) { layout in
      layout.minimumInteritemSpacing = 1
      layout.minimumLineSpacing = 1
    }
    // Rows of two, y 0..<2, 3..<5, 6..<8: justified (x 0..<4 and 6..<10)
    // except the last, left-aligned (x 0..<4 and 5..<9).
    #expect(collection.indexPathForItem(at: CGPoint(x: 0, y: 0)) == ip(0))
    #expect(collection.indexPathForItem(at: CGPoint(x: 7.5, y: 4)) == ip(3))
    #expect(collection.indexPathForItem(at: CGPoint(x: 5, y: 4)) == nil)  // the gap
    #expect(collection.indexPathForItem(at: CGPoint(x: 1, y: 2.5)) == nil)  // between rows
    #expect(collection.indexPathForItem(at: CGPoint(x: 8.9, y: 7.9)) == ip(5))
    #expect(collection.indexPathForItem(at: CGPoint(x: 9.5, y: 7)) == nil)
    #expect(collection.indexPathForItem(at: CGPoint(x: 9.5, y: 4)) == ip(3))
  }
}
