import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Moving an item by hand: begin, follow the position, end or cancel; bad
/// input returns false or does nothing.
@MainActor
@Suite struct InteractiveMovementTests {
  /// Five one-point rows "a"..."e" in a 10 × 5 view (and a second section
  /// when asked), every item movable.
  func fixture(sections: [[String]] = [["a", "b", "c", "d", "e"]]) -> (ListModel, CollectionView) {
    let model = ListModel(sections: sections)
    model.movable = { _ in true }
    let collection = makeCollection(model, width: 10, height: 10)
    return (model, collection)
  }

  /// The centre of the place of the item at `path`.
  func centre(_ collection: CollectionView, _ path: IndexPath) -> CGPoint {
    let frame = collection.layoutAttributesForItem(at: path)!.frame
    return CGPoint(x: frame.midX, y: frame.midY)
  }

  @Test func badInputReturnsFalseOrDoesNothing() {
    let model = ListModel(sections: [["a", "b"]])
    let collection = makeCollection(model)
    // Nothing begun: these do nothing.
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: 1))
    collection.endInteractiveMovement()
    collection.cancelInteractiveMovement()
    #expect(model.movesTold.isEmpty)
    // The data source's default says no.
    #expect(!collection.beginInteractiveMovementForItem(at: ip(0)))
    model.movable = { _ in true }
    #expect(!collection.beginInteractiveMovementForItem(at: ip(5)))
    #expect(!collection.beginInteractiveMovementForItem(at: ip(0, 3)))
    #expect(!collection.beginInteractiveMovementForItem(at: IndexPath(index: 0)))
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    #expect(!collection.beginInteractiveMovementForItem(at: ip(1)), "one movement at a time")
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: CGFloat.nan, y: 1))
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 1, y: CGFloat.infinity))
    #expect(collection.visibleLabels == ["a", "b"])
    collection.cancelInteractiveMovement()
    #expect(model.movesTold.isEmpty)
  }

  @Test func theItemFollowsThePositionAndTheOthersMakeRoom() {
    let (model, collection) = fixture()
    let a = collection.cellForItem(at: ip(0))!
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    let over = CGPoint(x: 6, y: 3.25)  // over d's place
    collection.updateInteractiveMovementTargetPosition(over)
    #expect(collection.visibleLabels == ["b", "c", "d", "a", "e"])
    #expect(collection.cellForItem(at: ip(3)) === a)
    #expect(a.frame == CGRect(x: 1, y: 2.75, width: 10, height: 1))
    #expect(collection.layoutAttributesForItem(at: ip(3))!.frame == a.frame)
    #expect(collection.cellForItem(at: ip(2))!.frame.minY == 2, "d made room")
    #expect(model.movesTold.isEmpty, "the data source hears of it at the end")
    #expect(model.sizeRequests.count == 5, "nothing is sized again")

    collection.endInteractiveMovement()
    #expect(model.movesTold == [[ip(0), ip(3)]])
    #expect(model.items == ["b", "c", "d", "a", "e"])
    #expect(a.frame == CGRect(x: 0, y: 3, width: 10, height: 1))
    #expect(collection.renderText().split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.prefix(5)
      == ["b", "c", "d", "a", "e"])
  }

  @Test func cancellingRestoresTheOrder() {
    let (model, collection) = fixture()
    collection.selectItem(at: ip(1))
    let before = BatchValidationTests.Snapshot(collection)
    #expect(collection.beginInteractiveMovementForItem(at: ip(1)))
    collection.updateInteractiveMovementTargetPosition(centre(collection, ip(4)))
    #expect(collection.visibleLabels == ["a", "c", "d", "e", "b"])
    #expect(collection.indexPathsForSelectedItems == [ip(4)], "selection follows the item")
    collection.cancelInteractiveMovement()
    #expect(model.movesTold.isEmpty)
    #expect(BatchValidationTests.Snapshot(collection) == before)
    #expect(collection.indexPathsForSelectedItems == [ip(1)])
  }

  @Test func anItemMovesIntoAnotherSection() throws {
    let (model, collection) = fixture(sections: [["a", "b", "c"], ["x", "y"]])
    #expect(collection.beginInteractiveMovementForItem(at: ip(0, 0)))
    collection.updateInteractiveMovementTargetPosition(centre(collection, ip(1, 1)))
    #expect(collection.numberOfItems(inSection: 0) == 2)
    #expect(collection.numberOfItems(inSection: 1) == 3)
    #expect(collection.visibleLabels == ["b", "c", "x", "a", "y"])
    collection.endInteractiveMovement()
    #expect(model.movesTold == [[ip(0, 0), ip(1, 1)]])
    #expect(model.sections == [["b", "c"], ["x", "a", "y"]])
    // The collection and the data source agree: a batch validates.
    try collection.performBatchUpdates {
      model.sections[0].append("d")
      collection.insertItems(at: [ip(2, 0)])
    }
    #expect(collection.visibleLabels == ["b", "c", "d", "x", "a", "y"])
  }

  @Test func theDelegateSteersTheTarget() {
    let (model, collection) = fixture()
    // Never past "c"; a path naming no place is ignored.
    model.steer = { $0.item > 2 ? ip(2) : $0 }
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    collection.updateInteractiveMovementTargetPosition(centre(collection, ip(4)))
    #expect(collection.visibleLabels == ["b", "c", "a", "d", "e"])
    model.steer = { _ in ip(9, 9) }
    collection.updateInteractiveMovementTargetPosition(centre(collection, ip(0)))
    #expect(collection.visibleLabels == ["b", "c", "a", "d", "e"])
    collection.endInteractiveMovement()
    #expect(model.movesTold == [[ip(0), ip(2)]])
    #expect(model.items == ["b", "c", "a", "d", "e"])
  }

  @Test func endingWhereItBeganStillTellsTheDataSourceOnce() {
    let (model, collection) = fixture()
    #expect(collection.beginInteractiveMovementForItem(at: ip(2)))
    collection.updateInteractiveMovementTargetPosition(centre(collection, ip(2)))
    collection.endInteractiveMovement()
    collection.endInteractiveMovement()
    #expect(model.movesTold == [[ip(2), ip(2)]])
    #expect(model.items == ["a", "b", "c", "d", "e"])
  }

  @Test func aBatchDuringAMovementCancelsItFirst() throws {
    let (model, collection) = fixture()
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    collection.updateInteractiveMovementTargetPosition(centre(collection, ip(3)))
    try collection.performBatchUpdates {
      model.items.insert("z", at: 1)
      collection.insertItems(at: [ip(1)])
    }
    #expect(collection.visibleLabels == ["a", "z", "b", "c", "d", "e"])
    collection.endInteractiveMovement()
    #expect(model.movesTold.isEmpty, "the movement had ended")
    // And a reload ends one too.
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    collection.updateInteractiveMovementTargetPosition(centre(collection, ip(3)))
    collection.reloadData()
    #expect(collection.visibleLabels == ["a", "z", "b", "c", "d", "e"])
    collection.endInteractiveMovement()
    #expect(model.movesTold.isEmpty)
  }

  @Test func aBatchOrAReloadDuringAMovementPutsThePinnedBlocksBack() throws {
    let (model, collection) = fixture()
    let ranges = [PinnedItemRange(header: 0..<1, section: 0..<5, level: 0)]
    // A data source that pins a block follows the order shown during a
    // movement (ListDiffUI's does): the block it pinned moved with it.
    let shownRanges = [PinnedItemRange(header: 1..<2, section: 0..<5, level: 0)]
    for end in ["batch", "reload"] {
      collection.pinnedItemRanges = ranges
      #expect(collection.beginInteractiveMovementForItem(at: ip(1)))
      collection.updateInteractiveMovementTargetPosition(centre(collection, ip(3)))
      collection.pinnedItemRanges = shownRanges
      if end == "batch" {
        try collection.performBatchUpdates {}
      } else {
        collection.reloadData()
      }
      #expect(!collection.isMovingItemInteractively, "\(end)")
      #expect(collection.pinnedItemRanges == ranges, "the data source's order is shown again: \(end)")
    }
    #expect(model.movesTold.isEmpty)
  }
}

/// The item moved by hand is drawn centred on the finger: it has its cell
/// there, the layout's attributes report it there, and it is drawn over
/// the other items, even when the delegate keeps its place far away.
@MainActor
@Suite struct MovedItemAsDrawnTests {
  /// Lines of the viewport, trailing spaces trimmed.
  func lines(_ collection: CollectionView) -> [String] {
    collection.renderText().split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0).trimmingCharacters(in: .whitespaces)
    }
  }

  @Test func anItemHeldOverTheViewportFarFromItsPlaceIsDrawnAndReportedThere() throws {
    let model = ListModel(sections: [(0..<20).map { "i\($0)" }])
    model.movable = { _ in true }
    // The rules keep the item at place 1, whatever the finger is over.
    model.steer = { _ in ip(1) }
    let collection = makeCollection(model, width: 10, height: 3)
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    collection.contentOffset = CGPoint(x: 0, y: 10)
    // Over i11's place: steered to place 1 (shown: i1 i0 i2 …), held at 11.5.
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 5, y: 11.5))
    let held = CGRect(x: 0, y: 11, width: 10, height: 1)
    #expect(collection.layoutAttributesForItem(at: ip(1))?.frame == held)
    let moved = try #require(collection.cellForItem(at: ip(1)) as? LabelCell, "on screen, it has a cell")
    #expect(moved.label == "i0")
    #expect(moved.frame == held)
    #expect(collection.indexPathsForVisibleItems == [ip(1), ip(10), ip(11), ip(12)])
    let attributes = collection.layoutAttributesForElements(in: collection.bounds)
    #expect(attributes.map(\.indexPath) == [ip(1), ip(10), ip(11), ip(12)])
    #expect(attributes.first?.frame == held)
    #expect(
      collection.layoutAttributesForElements(in: CGRect(x: 0, y: 1, width: 10, height: 1)).map(\.indexPath)
        == [], "nothing is drawn at the place it keeps")
    #expect(lines(collection) == ["i10", "i0", "i12"], "drawn over i11")
    // The finger's position still turns into places: i11's is under it.
    #expect(collection.indexPathForItem(at: CGPoint(x: 5, y: 11.5)) == ip(11))

    collection.cancelInteractiveMovement()
    #expect(collection.layoutAttributesForElements(in: collection.bounds).map(\.indexPath) == [ip(10), ip(11), ip(12)])
    #expect(collection.cellForItem(at: ip(0)) == nil)
    #expect(lines(collection) == ["i10", "i11", "i12"])
    #expect(model.movesTold.isEmpty)
  }

  @Test func theMovedItemIsDrawnOverTheItemsItCovers() {
    let model = ListModel(sections: [["a", "b", "c", "d", "e"]])
    model.movable = { _ in true }
    // The rules keep a at place 3, whatever the finger is over.
    model.steer = { _ in ip(3) }
    let collection = makeCollection(model, width: 10, height: 5)
    #expect(collection.beginInteractiveMovementForItem(at: ip(0)))
    // Over e's place: a takes place 3 (shown b c d a e) and is drawn where
    // e is, over it; place 3 shows nothing.
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 5, y: 4.5))
    #expect(collection.cellForItem(at: ip(3))?.frame == CGRect(x: 0, y: 4, width: 10, height: 1))
    #expect(collection.cellForItem(at: ip(4))?.frame == CGRect(x: 0, y: 4, width: 10, height: 1))
    #expect(lines(collection) == ["b", "c", "d", "", "a"])
    collection.endInteractiveMovement()
    #expect(model.movesTold == [[ip(0), ip(3)]])
    #expect(lines(collection) == ["b", "c", "d", "a", "e"])
  }
}

/// Random movements against an array-of-arrays model: after every step the
/// collection shows the model's interim order, an ended movement leaves the
/// data source (told once) in that order, a cancelled one leaves everything
/// as it was, and both agree with a fresh load.
@MainActor
@Suite struct RandomMovementTests {
  @Test func randomMovementsFollowTheModel() throws {
    for seed in UInt64(0)..<2_000 {
      var generator = SeededGenerator(seed: seed)
      var next = 0
      let sections = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        (0..<Int.random(in: 0...6, using: &generator)).map { _ in
          defer { next += 1 }
          return "i\(next)"
        }
      }
      let widths = Dictionary(uniqueKeysWithValues: sections.joined().map { ($0, CGFloat(Int.random(in: 1...5, using: &generator))) })
      let model = ListModel(sections: sections)
      model.movable = { _ in true }
      let collection = makeCollection(model, width: 10, height: 30)
      model.size = { [unowned model] path in CGSize(width: widths[model.sections[path.section][path.item]]!, height: 1) }
      collection.invalidateLayout()
      let paths = sections.indices.flatMap { s in sections[s].indices.map { ip($0, s) } }
      guard let start = paths.randomElement(using: &generator) else { continue }
      let before = BatchValidationTests.Snapshot(collection)
      #expect(collection.beginInteractiveMovementForItem(at: start), "seed \(seed)")
      var interim = sections
      var current = start
      for _ in 0..<Int.random(in: 1...5, using: &generator) {
        let targets = interim.indices.flatMap { s in interim[s].indices.map { ip($0, s) } }
        let target = targets.randomElement(using: &generator)!
        // The moving item itself is shown at the last position, not at its
        // place: aim at other items.
        guard target != current else { continue }
        let frame = collection.layoutAttributesForItem(at: target)!.frame
        collection.updateInteractiveMovementTargetPosition(CGPoint(x: frame.midX, y: frame.midY))
        do {
          let item = interim[current.section].remove(at: current.item)
          interim[target.section].insert(item, at: target.item)
          current = target
        }
        let shown = interim.indices.map { s in
          (0..<collection.numberOfItems(inSection: s)).map {
            (collection.cellForItem(at: ip($0, s)) as! LabelCell).label
          }
        }
        #expect(shown == interim, "seed \(seed)")
      }
      let ends = Bool.random(using: &generator)
      if ends {
        collection.endInteractiveMovement()
        #expect(model.movesTold == [[start, current]], "seed \(seed)")
        #expect(model.sections == interim, "seed \(seed)")
      } else {
        collection.cancelInteractiveMovement()
        #expect(model.movesTold.isEmpty, "seed \(seed)")
        #expect(BatchValidationTests.Snapshot(collection) == before, "seed \(seed)")
      }
      let freshModel = ListModel(sections: model.sections)
      freshModel.size = model.size
      let fresh = makeCollection(freshModel, width: 10, height: 30)
      var mine = BatchValidationTests.Snapshot(collection)
      var theirs = BatchValidationTests.Snapshot(fresh)
      (mine.cells, theirs.cells) = ([], [])
      #expect(mine == theirs, "seed \(seed)")
    }
  }
}

/// While an item is moved by hand, the collection shows the moved order but
/// the data source still has the old one: cells and sizes asked for then
/// must be asked by the data source's index path of the item shown.
@MainActor
@Suite struct MovementDataSourcePathTests {
  /// The labels in the order shown with the item at `original` shown at
  /// `current`.
  func shownOrder(_ sections: [[String]], original: IndexPath, current: IndexPath) -> [[String]] {
    var shown = sections
    let item = shown[original.section].remove(at: original.item)
    shown[current.section].insert(item, at: current.item)
    return shown
  }

  @Test func cellsArrivingDuringAMovementShowTheItemShownThere() {
    let model = ListModel(sections: [(0..<10).map { "i\($0)" }])
    model.movable = { _ in true }
    let collection = makeCollection(model, width: 10, height: 3)
    collection.contentOffset = CGPoint(x: 0, y: 6)
    #expect(collection.visibleLabels == ["i6", "i7", "i8"])
    #expect(collection.beginInteractiveMovementForItem(at: ip(8)))
    // Over item 1's place, off screen: shown i0 i8 i1 i2 … i7 i9.
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 5, y: 1.5))
    collection.contentOffset = CGPoint(x: 0, y: 2)
    #expect(collection.visibleLabels == ["i1", "i2", "i3"])
    collection.contentOffset = CGPoint(x: 0, y: 0)
    #expect(collection.visibleLabels == ["i0", "i8", "i1"])
    collection.endInteractiveMovement()
    #expect(model.movesTold == [[ip(8), ip(1)]])
    #expect(collection.visibleLabels == ["i0", "i8", "i1"])
  }

  @Test func randomMovementsAcrossSectionsAskForTheItemsShown() throws {
    for seed in UInt64(0)..<300 {
      var generator = SeededGenerator(seed: seed)
      var next = 0
      let sections = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        (0..<Int.random(in: 1...12, using: &generator)).map { _ in
          defer { next += 1 }
          return "i\(next)"
        }
      }
      // Heights by label, so that a size asked for the wrong item shows.
      let heights = Dictionary(
        uniqueKeysWithValues: sections.joined().map { ($0, CGFloat(Int.random(in: 1...3, using: &generator))) })
      let model = ListModel(sections: sections)
      model.movable = { _ in true }
      model.size = { [unowned model] path in
        CGSize(width: 10, height: heights[model.sections[path.section][path.item]]!)
      }
      let collection = makeCollection(model, width: 10, height: 4)
      let paths = sections.indices.flatMap { s in sections[s].indices.map { ip($0, s) } }
      let original = paths.randomElement(using: &generator)!
      var current = original
      model.steer = { proposed in
        current = proposed
        return proposed
      }
      #expect(collection.beginInteractiveMovementForItem(at: original))
      let target = paths.randomElement(using: &generator)!
      let frame = try #require(collection.layoutAttributesForItem(at: target)).frame
      collection.updateInteractiveMovementTargetPosition(CGPoint(x: frame.midX, y: frame.midY))
      let shown = shownOrder(sections, original: original, current: current)
      collection.invalidateLayout()  // every size asked again, mid-movement
      let maxOffset = max(0, Int(collection.contentSize.height) - 4)
      for _ in 0..<6 {
        collection.contentOffset = CGPoint(x: 0, y: Int.random(in: 0...maxOffset, using: &generator))
        for (cell, path) in zip(collection.visibleCells, collection.indexPathsForVisibleItems) {
          let label = (cell as! LabelCell).label
          let context = "seed \(seed): \(original) to \(current), \(path)"
          #expect(label == shown[path.section][path.item], "\(context)")
          #expect(cell.frame.height == heights[label], "\(context)")
        }
      }
      collection.cancelInteractiveMovement()
    }
  }
}
