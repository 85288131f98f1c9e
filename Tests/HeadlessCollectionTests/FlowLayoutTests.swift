import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Frames against hand-computed values, in both directions.
@MainActor
@Suite struct FlowLayoutTests {
  func frames(_ collection: CollectionView, section: Int = 0) -> [CGRect] {
    (0..<collection.numberOfItems(inSection: section)).map {
      collection.layoutAttributesForItem(at: ip($0, section))!.frame
    }
  }

  func rect(_ x: CGFloat, _ y: CGFloat, _ width: CGFloat, _ height: CGFloat) -> CGRect {
    CGRect(x: x, y: y, width: width, height: height)
  }

  @Test func defaultsAreUIKits() {
    let layout = CollectionViewFlowLayout()
    #expect(layout.itemSize == CGSize(width: 50, height: 50))
    #expect(layout.minimumLineSpacing == 10)
    #expect(layout.minimumInteritemSpacing == 10)
    #expect(layout.sectionInset == .zero)
    #expect(layout.scrollDirection == .vertical)
  }

  @Test func verticalRowsWrapJustifyAndLeftAlignTheLastRow() {
    // Room across: 100 - 10 - 10 = 80. Three 20-point items and two 5-point
    // gaps take 70; the free 10 widens both gaps to 10. The last row keeps
    // the minimum gap and starts at the left inset.
    let model = ListModel((0..<7).map { "\($0)" })
    model.size = { _ in CGSize(width: 20, height: 10) }
    let collection = makeCollection(model, width: 100, height: 40) { layout in
      layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 7, right: 10)
      layout.minimumInteritemSpacing = 5
      layout.minimumLineSpacing = 4
    }
    #expect(
      frames(collection) == [
        rect(10, 5, 20, 10), rect(40, 5, 20, 10), rect(70, 5, 20, 10),
        rect(10, 19, 20, 10), rect(40, 19, 20, 10), rect(70, 19, 20, 10),
        rect(10, 33, 20, 10),
      ])
    #expect(collection.contentSize == CGSize(width: 100, height: 50))
  }

  @Test func lastRowUsesMinimumSpacing() {
    let model = ListModel((0..<5).map { "\($0)" })
    model.size = { _ in CGSize(width: 20, height: 10) }
    let collection = makeCollection(model, width: 100, height: 40) { layout in
      layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
      layout.minimumInteritemSpacing = 5
      layout.minimumLineSpacing = 4
    }
    #expect(frames(collection).suffix(2) == [rect(10, 14, 20, 10), rect(35, 14, 20, 10)])
  }

  @Test func horizontalColumnsWrapTopToBottom() {
    // Room across (down): 100 - 5 - 7 = 88. Three 20-point items and two
    // 5-point gaps take 70; the free 18 widens both gaps to 14.
    let model = ListModel((0..<7).map { "\($0)" })
    model.size = { _ in CGSize(width: 10, height: 20) }
    let collection = makeCollection(model, width: 40, height: 100) { layout in
      layout.scrollDirection = .horizontal
      layout.sectionInset = EdgeInsets(top: 5, left: 10, bottom: 7, right: 10)
      layout.minimumInteritemSpacing = 5
      layout.minimumLineSpacing = 4
    }
    #expect(
      frames(collection) == [
        rect(10, 5, 10, 20), rect(10, 39, 10, 20), rect(10, 73, 10, 20),
        rect(24, 5, 10, 20), rect(24, 39, 10, 20), rect(24, 73, 10, 20),
        rect(38, 5, 10, 20),
      ])
    #expect(collection.contentSize == CGSize(width: 58, height: 100))
  }

  @Test func aLoneItemInAJustifiedRowIsCentered() {
    let model = ListModel(["wide", "wide", "narrow"])
    model.size = { $0.item < 2 ? CGSize(width: 60, height: 10) : CGSize(width: 30, height: 10) }
    let collection = makeCollection(model, width: 100, height: 40) { layout in
      layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
      layout.minimumInteritemSpacing = 5
      layout.minimumLineSpacing = 0
    }
    #expect(frames(collection) == [rect(20, 0, 60, 10), rect(20, 10, 60, 10), rect(10, 20, 30, 10)])
  }

  @Test func itemsOfOneRowAreCenteredOnIt() {
    let model = ListModel(["a", "b", "c", "d"])
    let heights: [CGFloat] = [10, 20, 6, 10]
    model.size = { CGSize(width: 20, height: heights[$0.item]) }
    let collection = makeCollection(model, width: 70, height: 40) { layout in
      layout.minimumInteritemSpacing = 5
      layout.minimumLineSpacing = 3
    }
    // Row 0 holds a, b, c (20 + 5 + 20 + 5 + 20 = 70) and is 20 thick.
    #expect(
      frames(collection) == [
        rect(0, 5, 20, 10), rect(25, 0, 20, 20), rect(50, 7, 20, 6), rect(0, 23, 20, 10),
      ])
  }

  /// The frames of one vertical section as the flow layout's rules place
  /// them, computed line by line from the sizes alone: items fill a row
  /// while they fit, rows are justified but for the last, a lone item in a
  /// justified row is centered, items are centered on their row.
  func referenceFrames(
    _ sizes: [CGSize], width: CGFloat, inset: EdgeInsets, interitem: CGFloat, line: CGFloat
  ) -> [CGRect] {
    let room = width - inset.left - inset.right
    var frames: [CGRect] = []
    var y = inset.top
    var first = 0
    while first < sizes.count {
      var used = sizes[first].width
      var thickness = sizes[first].height
      var count = 1
      while first + count < sizes.count, used + interitem + sizes[first + count].width <= room {
        used += interitem + sizes[first + count].width
        thickness = max(thickness, sizes[first + count].height)
        count += 1
      }
      var gap = interitem
      var x = inset.left
      if first + count < sizes.count {
        if count > 1 {
          gap = interitem + (room - used) / CGFloat(count - 1)
        } else if room - used > 0 {
          x = inset.left + (room - used) / 2
        }
      }
      for item in first..<first + count {
        let size = sizes[item]
        frames.append(CGRect(x: x, y: y + (thickness - size.height) / 2, width: size.width, height: size.height))
        x += size.width + gap
      }
      first += count
      y += thickness + (first < sizes.count ? line : 0)
    }
    return frames
  }

  /// Lists of thousands of items, whose rows of one to many items often
  /// straddle the layout's storage blocks (a thousand or so records each):
  /// every frame is where the rules put it.
  @Test func longListsOfMixedRowsMatchTheRules() {
    for seed in UInt64(0)..<12 {
      var generator = SeededGenerator(seed: seed)
      let count = Int.random(in: 1_000...4_000, using: &generator)
      let widest = [4, 30, 90][Int(seed) % 3]
      let sizes = (0..<count).map { _ in
        CGSize(
          width: CGFloat(Int.random(in: 1...widest, using: &generator)),
          height: CGFloat(Int.random(in: 1...4, using: &generator)))
      }
      let interitem = CGFloat(Int.random(in: 0...3, using: &generator))
      let line = CGFloat(Int.random(in: 0...3, using: &generator))
      let inset = EdgeInsets(top: 2, left: 10, bottom: 3, right: 10)
      let model = ListModel((0..<count).map { "\($0)" })
      model.size = { sizes[$0.item] }
      let collection = makeCollection(model, width: 100, height: 40) { layout in
        layout.sectionInset = inset
        layout.minimumInteritemSpacing = interitem
        layout.minimumLineSpacing = line
      }
      let expected = referenceFrames(sizes, width: 100, inset: inset, interitem: interitem, line: line)
      let observed = frames(collection)
      let firstWrong = observed.indices.first { $0 < expected.count && observed[$0] != expected[$0] }
      #expect(firstWrong == nil, "seed \(seed): item \(firstWrong ?? -1) of \(count)")
      #expect(observed.count == count)
    }
  }

  @Test func anItemTooWideGetsARowOfItsOwnAtTheLeadingInset() {
    let model = ListModel(["a", "huge", "b"])
    model.size = { $0.item == 1 ? CGSize(width: 150, height: 10) : CGSize(width: 20, height: 10) }
    let collection = makeCollection(model, width: 100, height: 40) { layout in
      layout.sectionInset = EdgeInsets(top: 0, left: 10, bottom: 0, right: 10)
      layout.minimumLineSpacing = 0
    }
    #expect(frames(collection) == [rect(40, 0, 20, 10), rect(10, 10, 150, 10), rect(10, 20, 20, 10)])
  }

  @Test func sectionsStackWithTheirInsetsEvenWhenEmpty() {
    let model = ListModel(sections: [["a", "b"], [], ["c"]])
    model.size = { _ in CGSize(width: 100, height: 10) }
    let collection = makeCollection(model, width: 100, height: 40) { layout in
      layout.sectionInset = EdgeInsets(top: 5, left: 0, bottom: 7, right: 0)
      layout.minimumLineSpacing = 2
    }
    #expect(frames(collection, section: 0) == [rect(0, 5, 100, 10), rect(0, 17, 100, 10)])
    #expect(frames(collection, section: 2) == [rect(0, 51, 100, 10)])
    // 5 + 10 + 2 + 10 + 7 = 34; empty: 5 + 7 = 12; 5 + 10 + 7 = 22.
    #expect(collection.contentSize == CGSize(width: 100, height: 68))
  }

  @Test func itemSizeIsUsedWithoutADelegate() {
    let model = ListModel(["a", "b", "c"])
    let layout = CollectionViewFlowLayout()
    layout.itemSize = CGSize(width: 30, height: 4)
    layout.minimumInteritemSpacing = 0
    layout.minimumLineSpacing = 1
    let collection = CollectionView(frame: rect(0, 0, 60, 20), collectionViewLayout: layout)
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collection.dataSource = model
    #expect(frames(collection) == [rect(0, 0, 30, 4), rect(30, 0, 30, 4), rect(0, 5, 30, 4)])
  }

  @Test func contentInsetNarrowsTheRowsAndExtendsScrolling() {
    let model = ListModel((0..<10).map { "\($0)" })
    model.size = { _ in CGSize(width: 20, height: 10) }
    let collection = makeCollection(model, width: 50, height: 30) { layout in
      layout.minimumInteritemSpacing = 0
      layout.minimumLineSpacing = 0
    }
    collection.contentInset = EdgeInsets(top: 3, left: 5, bottom: 4, right: 5)
    // Room 40: two items a row, five rows.
    #expect(collection.contentSize == CGSize(width: 40, height: 50))
    #expect(collection.contentOffset == CGPoint(x: -5, y: 0))
    collection.setContentOffset(CGPoint(x: 0, y: -100), animated: false)
    #expect(collection.contentOffset == CGPoint(x: -5, y: -3))
    collection.setContentOffset(CGPoint(x: 0, y: 100), animated: false)
    #expect(collection.contentOffset == CGPoint(x: -5, y: 24))  // 50 + 4 - 30
  }

  @Test func delegateSectionMetricsOverrideTheLayout() {
    final class PerSection: CollectionViewDelegateFlowLayout {
      func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
        sizeForItemAt indexPath: IndexPath
      ) -> CGSize { CGSize(width: 10, height: 1) }
      func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
        insetForSectionAt section: Int
      ) -> EdgeInsets {
        EdgeInsets(top: CGFloat(section), left: 0, bottom: 0, right: 0)
      }
      func collectionView(
        _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
        minimumLineSpacingForSectionAt section: Int
      ) -> CGFloat { CGFloat(section * 2) }
    }
    let model = ListModel(sections: [["a", "b"], ["c", "d"]])
    let delegate = PerSection()
    let collection = makeCollection(model, width: 10, height: 20)
    collection.delegate = delegate
    #expect(frames(collection, section: 0) == [rect(0, 0, 10, 1), rect(0, 1, 10, 1)])
    #expect(frames(collection, section: 1) == [rect(0, 3, 10, 1), rect(0, 6, 10, 1)])
  }

  @Test func changingTheLayoutAsksEverySizeAgain() {
    let model = ListModel((0..<4).map { "\($0)" })
    let collection = makeCollection(model)
    #expect(model.sizeRequests.count == 4)
    collection.collectionViewLayout.minimumLineSpacing = 2
    #expect(frames(collection)[1] == rect(0, 3, 10, 1))
    #expect(model.sizeRequests.count == 8)
    collection.frame.size.width = 12  // the room across changed
    #expect(model.sizeRequests.count == 12)
    collection.frame.size.height = 3  // only the viewport's length changed
    #expect(model.sizeRequests.count == 12)
  }

  @Test func negativeAndNonFiniteSizesCountAsZero() {
    let model = ListModel(["a", "b", "c"])
    model.size = { path in
      [CGSize(width: -5, height: 2), CGSize(width: 3, height: CGFloat.nan), CGSize(width: 4, height: 1)][path.item]
    }
    final class Issues { var locations: [String] = [] }
    let issues = Issues()
    let collection = makeCollection(model, width: 10, height: 10) { _ in } geometryIssues: {
      issues.locations.append($0.location)
    }
    let frames = frames(collection)
    #expect(issues.locations == [
      "collectionView(_:layout:sizeForItemAt:) for [0, 0]", "collectionView(_:layout:sizeForItemAt:) for [0, 1]",
    ])
    #expect(frames[0].size == CGSize(width: 0, height: 2))
    #expect(frames[1].size == CGSize(width: 3, height: 0))
    #expect(frames.allSatisfy { $0.origin.x.isFinite && $0.origin.y.isFinite })
  }
}
