import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Pinned header items (`PinnedItemRange`, how ListDiffUI pins a section's
/// header block) as UIKit reports a pinned section header
/// (`sectionHeadersPinToVisibleBounds`): the layout attributes give the
/// frame it is drawn at, it counts as visible where it is drawn, and a
/// touch there finds it.
@Suite("Pinned header items report where they are drawn")
@MainActor
struct PinnedItemTests {
  /// Twenty items one point tall in a viewport five tall; item 0 heads a
  /// pinned section of items 0..<10.
  private func pinnedList(
    ranges: [PinnedItemRange] = [PinnedItemRange(header: 0..<1, section: 0..<10, level: 0)]
  ) -> (ListModel, CollectionView) {
    let model = ListModel((0..<20).map { "i\($0)" })
    let collection = makeCollection(model, width: 10, height: 5)
    collection.pinnedItemRanges = ranges
    return (model, collection)
  }

  @Test("a pinned header's attributes, visibility and hit-testing follow where it is drawn")
  func pinnedHeaderIsReportedWhereDrawn() {
    let (model, collection) = pinnedList()
    collection.contentOffset = CGPoint(x: 0, y: 6)
    let drawn = CGRect(x: 0, y: 6, width: 10, height: 1)
    #expect(collection.layoutAttributesForItem(at: ip(0))?.frame == drawn)
    #expect(collection.indexPathsForVisibleItems == [0, 6, 7, 8, 9, 10].map { ip($0) })
    #expect(collection.visibleLabels == ["i0", "i6", "i7", "i8", "i9", "i10"])
    #expect(collection.cellForItem(at: ip(0))?.frame == drawn)
    let inBounds = collection.layoutAttributesForElements(in: collection.bounds)
    #expect(inBounds.map(\.indexPath) == [0, 6, 7, 8, 9, 10].map { ip($0) })
    #expect(inBounds.first?.frame == drawn)
    // Its laid-out place is empty: nothing is drawn there for item 0.
    let natural = collection.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 10, height: 1))
    #expect(natural.isEmpty)
    // It covers item 6 beneath it.
    #expect(collection.indexPathForItem(at: CGPoint(x: 2, y: 6.5)) == ip(0))
    #expect(collection.indexPathForItem(at: CGPoint(x: 2, y: 7.5)) == ip(7))
    #expect(collection.indexPathForItem(at: CGPoint(x: 2, y: 0.5)) == nil)
    #expect(collection.renderText().hasPrefix("i0        \ni7"))
    #expect(model.sections[0].count == 20)
  }

  @Test("the end of its section pushes the header up; past the section it is reported in its place")
  func pushedUpAndReleased() {
    let (model, collection) = pinnedList()
    collection.contentOffset = CGPoint(x: 0, y: 9.5)
    #expect(collection.layoutAttributesForItem(at: ip(0))?.frame == CGRect(x: 0, y: 9, width: 10, height: 1))
    #expect(collection.indexPathsForVisibleItems.first == ip(0))
    collection.contentOffset = CGPoint(x: 0, y: 10)
    #expect(collection.indexPathsForVisibleItems.first == ip(10))
    withExtendedLifetime(model) {}  // the collection holds its data source weakly
  }

  @Test("nested headers stack; an inner block pushed under the outer one is covered by it")
  func nestedStackAndCover() {
    let (model, collection) = pinnedList(ranges: [
      PinnedItemRange(header: 0..<1, section: 0..<20, level: 0),
      PinnedItemRange(header: 1..<2, section: 1..<8, level: 1),
    ])
    collection.contentOffset = CGPoint(x: 0, y: 3)
    #expect(collection.layoutAttributesForItem(at: ip(0))?.frame.minY == 3)
    #expect(collection.layoutAttributesForItem(at: ip(1))?.frame.minY == 4)
    #expect(collection.indexPathForItem(at: CGPoint(x: 1, y: 4.5)) == ip(1))
    // The inner section ends at 8: its header slides up under the outer one.
    collection.contentOffset = CGPoint(x: 0, y: 7)
    #expect(collection.layoutAttributesForItem(at: ip(0))?.frame.minY == 7)
    #expect(collection.layoutAttributesForItem(at: ip(1))?.frame.minY == 7)
    #expect(collection.indexPathForItem(at: CGPoint(x: 1, y: 7.5)) == ip(0))
    #expect(collection.renderText().hasPrefix("i0 "))
    #expect(collection.indexPathsForVisibleItems.prefix(2) == [ip(0), ip(1)])
    withExtendedLifetime(model) {}  // the collection holds its data source weakly
  }

  // MARK: Randomized

  /// One randomized configuration: items of random lengths in one section,
  /// a random tree of nested pinned ranges, scrolled to many positions; at
  /// each, every query must agree with `PinningReference` and the text
  /// drawn must be exactly the reported frames drawn in z-order.
  /// Returns at how many positions a pinned item was drawn away from its
  /// laid-out place.
  private func runCase(seed: UInt64, positions: Int) throws -> Int {
    var generator = SeededGenerator(seed: seed)
    let vertical = Bool.random(using: &generator)
    let count = Int.random(in: 10...160, using: &generator)
    let lengths = (0..<count).map { _ in CGFloat(Int.random(in: 1...3, using: &generator)) }
    let ranges = PinningReference.randomRanges(in: 0..<count, level: 0, using: &generator)
    let viewport = CGFloat(Int.random(in: 3...12, using: &generator))
    let across: CGFloat = 6
    let labels = (0..<count).map { PinningReference.label($0) }
    let model = ListModel(labels)
    model.size = {
      vertical
        ? CGSize(width: across, height: lengths[$0.item]) : CGSize(width: lengths[$0.item], height: across)
    }
    let collection = makeCollection(
      model, width: vertical ? across : viewport, height: vertical ? viewport : across
    ) { $0.scrollDirection = vertical ? .vertical : .horizontal }
    var tooLong = 0
    collection.invalidGeometryHandler = { _ in tooLong += 1 }
    collection.pinnedItemRanges = ranges
    let reference = PinningReference(lengths: lengths, across: across, vertical: vertical, ranges: ranges)
    let maxOffset = max(0, reference.contentLength - viewport)
    var offset: CGFloat = 0
    var pinnedShown = 0
    for step in 0..<positions {
      // Small steps through the list, and now and then a jump.
      if Int.random(in: 0..<8, using: &generator) == 0 {
        offset = CGFloat(Int.random(in: 0...Int(maxOffset * 2), using: &generator)) / 2
      } else {
        offset = min(maxOffset, max(0, offset + CGFloat(Int.random(in: -2...4, using: &generator)) / 2))
      }
      collection.contentOffset = vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0)
      let context = "seed \(seed) step \(step) offset \(offset) \(vertical ? "vertical" : "horizontal")"
      let shown = try check(
        collection, against: reference, offset: offset, viewport: viewport, labels: labels,
        context: context, using: &generator)
      if shown { pinnedShown += 1 }
    }
    #expect(tooLong <= ranges.count, "each too-long block is reported once (seed \(seed))")
    withExtendedLifetime(model) {}  // the collection holds its data source weakly
    return pinnedShown
  }

  private func check(
    _ collection: CollectionView, against reference: PinningReference, offset: CGFloat, viewport: CGFloat,
    labels: [String], context: String, using generator: inout SeededGenerator
  ) throws -> Bool {
    let drawn = reference.drawnFrames(low: offset, high: offset + viewport)
    let bounds = collection.bounds
    let visible = drawn.frames.indices.filter { PinningReference.overlaps(drawn.frames[$0], bounds) }
    // Visibility and cells, pinned headers included where they are drawn.
    try #require(collection.indexPathsForVisibleItems == visible.map { ip($0) }, "\(context)")
    for (cell, index) in zip(collection.visibleCells, visible) {
      try #require(cell.frame == drawn.frames[index], "cell \(index): \(context)")
    }
    // Attributes of the pinned headers, the visible items and a random one.
    var probed = Set(visible)
    for range in reference.ranges { probed.formUnion(range.header) }
    probed.insert(Int.random(in: 0..<drawn.frames.count, using: &generator))
    for index in probed.sorted() {
      try #require(
        collection.layoutAttributesForItem(at: ip(index))?.frame == drawn.frames[index],
        "item \(index): \(context)")
    }
    // Elements in the bounds and in a random rectangle.
    for rect in [bounds, reference.randomRect(near: offset, viewport: viewport, using: &generator)] {
      let expected = drawn.frames.indices.filter { PinningReference.overlaps(drawn.frames[$0], rect) }
      let attributes = collection.layoutAttributesForElements(in: rect)
      try #require(attributes.map(\.indexPath) == expected.map { ip($0) }, "rect \(rect): \(context)")
      try #require(attributes.map(\.frame) == expected.map { drawn.frames[$0] }, "rect \(rect): \(context)")
    }
    // Hit-testing at random points of the viewport.
    for _ in 0..<4 {
      let point = reference.randomPoint(near: offset, viewport: viewport, using: &generator)
      #expect(
        collection.indexPathForItem(at: point) == drawn.topmost(at: point).map { ip($0) },
        "point \(point): \(context)")
    }
    // What is drawn is the reported frames, pinned items over the others
    // and the outermost pinned block on top.
    let origin = collection.contentOffset
    let canvasWidth = Int(collection.frame.width)
    let canvasHeight = Int(collection.frame.height)
    var rows = Array(repeating: Array(repeating: Character(" "), count: canvasWidth), count: canvasHeight)
    let order =
      visible.filter { !drawn.shifted.contains($0) } + visible.filter(drawn.shifted.contains).reversed()
    for index in order {
      let frame = try #require(collection.layoutAttributesForItem(at: ip(index))?.frame)
      PinningReference.draw(labels[index], in: frame.offsetBy(dx: -origin.x, dy: -origin.y), on: &rows)
    }
    let expectedText = rows.map { String($0) }.joined(separator: "\n")
    try #require(collection.renderText() == expectedText, "\(context)")
    return visible.contains(where: drawn.shifted.contains)
  }

  @Test("over 10,000 scroll positions and random nested pinned ranges, reported frames are exactly what is drawn")
  func randomizedPinning() throws {
    var pinnedShown = 0
    for seed in UInt64(0)..<200 {
      pinnedShown += try runCase(seed: seed, positions: 50)
    }
    // The cases exercise pinning: most positions show a pinned block.
    #expect(pinnedShown > 3_000, "\(pinnedShown) of 10,000 positions showed a pinned block")
  }
}

/// A reference model of pinned header blocks, written from the rule
/// (DESIGN.md: a pinned block stays at the leading edge while its section
/// is visible, below its enclosing pinned blocks, pushed away by its
/// section's end; a block longer than the room left is not pinned), for
/// items one to a line.
struct PinningReference {
  var lengths: [CGFloat]
  var across: CGFloat
  var vertical: Bool
  var ranges: [PinnedItemRange]

  /// Where each item starts along the scroll direction.
  var starts: [CGFloat] {
    var result: [CGFloat] = []
    var position: CGFloat = 0
    for length in lengths {
      result.append(position)
      position += length
    }
    return result
  }

  var contentLength: CGFloat { lengths.reduce(0, +) }

  func frame(start: CGFloat, length: CGFloat) -> CGRect {
    vertical
      ? CGRect(x: 0, y: start, width: across, height: length)
      : CGRect(x: start, y: 0, width: length, height: across)
  }

  /// Where items are drawn for one viewport.
  struct Drawn {
    /// Each item's frame as drawn.
    var frames: [CGRect]
    /// The items moved from their laid-out place: drawn over the others,
    /// the outermost block on top.
    var shifted: Set<Int>

    /// The item a touch at `point` finds: the topmost drawn there.
    func topmost(at point: CGPoint) -> Int? {
      func contains(_ frame: CGRect) -> Bool {
        frame.minX <= point.x && point.x < frame.maxX && frame.minY <= point.y && point.y < frame.maxY
      }
      if let pinned = shifted.filter({ contains(frames[$0]) }).min() { return pinned }
      return frames.indices.last { !shifted.contains($0) && contains(frames[$0]) }
    }
  }

  /// Whether two rectangles share some area, as `CGRectIntersectsRect`.
  static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
    a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
      && a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  /// The frames items are drawn at for a viewport from `low` to `high`.
  func drawnFrames(low: CGFloat, high: CGFloat) -> Drawn {
    let starts = self.starts
    var frames = zip(starts, lengths).map { frame(start: $0, length: $1) }
    var shifted: Set<Int> = []
    // The drawn end of each range's block, when its section is in view.
    var edges: [CGFloat?] = Array(repeating: nil, count: ranges.count)
    for (k, range) in ranges.enumerated() {
      let sectionStart = starts[range.section.lowerBound]
      let sectionEnd = starts[range.section.upperBound - 1] + lengths[range.section.upperBound - 1]
      guard sectionEnd > low, sectionStart < high else { continue }
      // The nearest enclosing range: the last earlier one of a lower level
      // whose section contains this one's.
      let parent = ranges[..<k].lastIndex {
        $0.level < range.level && $0.section.contains(range.section.lowerBound)
      }
      let top = parent.flatMap { edges[$0] }.map { max(low, $0) } ?? low
      let blockStart = starts[range.header.lowerBound]
      let length = range.header.map { lengths[$0] }.reduce(0, +)
      let tooLong = length > high - top
      let start = tooLong ? blockStart : max(blockStart, min(top, sectionEnd - length))
      edges[k] = start + length
      guard start > blockStart else { continue }
      for index in range.header {
        frames[index] = frame(start: starts[index] + start - blockStart, length: lengths[index])
        shifted.insert(index)
      }
    }
    return Drawn(frames: frames, shifted: shifted)
  }

  /// A random tree of pinned ranges over `items`: sections of at least two
  /// items, with a header block of one or two, holding nested ones.
  static func randomRanges(
    in items: Range<Int>, level: Int, using generator: inout SeededGenerator
  ) -> [PinnedItemRange] {
    var result: [PinnedItemRange] = []
    var index = items.lowerBound
    while index < items.upperBound {
      let room = items.upperBound - index
      guard room >= 2, level < 4, Int.random(in: 0..<4, using: &generator) == 0 else {
        index += 1
        continue
      }
      let length = Int.random(in: 2...min(room, 60), using: &generator)
      let header = Int.random(in: 1...min(2, length - 1), using: &generator)
      result.append(
        PinnedItemRange(header: index..<index + header, section: index..<index + length, level: level))
      result += randomRanges(in: index + header..<index + length, level: level + 1, using: &generator)
      index += length
    }
    return result
  }

  /// A one-character label per item, so that z-order shows in the text.
  static func label(_ index: Int) -> String {
    let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    return String(alphabet[index % alphabet.count])
  }

  func randomPoint(near offset: CGFloat, viewport: CGFloat, using generator: inout SeededGenerator) -> CGPoint {
    let along = offset + CGFloat(Int.random(in: 0..<Int(viewport * 4), using: &generator)) / 4
    let cross = CGFloat(Int.random(in: 0..<Int(across * 4), using: &generator)) / 4
    return vertical ? CGPoint(x: cross, y: along) : CGPoint(x: along, y: cross)
  }

  func randomRect(near offset: CGFloat, viewport: CGFloat, using generator: inout SeededGenerator) -> CGRect {
    let start = max(0, offset - viewport + CGFloat(Int.random(in: 0...Int(viewport * 2), using: &generator)))
    let length = CGFloat(Int.random(in: 1...Int(viewport), using: &generator))
    return frame(start: start, length: length)
  }

  /// Clears `frame` (viewport coordinates) on `rows` and writes `label` at
  /// its top left, clipped, rounding as a text drawing does.
  static func draw(_ label: String, in frame: CGRect, on rows: inout [[Character]]) {
    let height = rows.count
    let width = rows.first?.count ?? 0
    let left = Int(frame.minX.rounded())
    let top = Int(frame.minY.rounded())
    let right = Int(frame.maxX.rounded())
    let bottom = Int(frame.maxY.rounded())
    guard max(0, left) < min(width, right), max(0, top) < min(height, bottom) else { return }
    for row in max(0, top)..<min(height, bottom) {
      for column in max(0, left)..<min(width, right) { rows[row][column] = " " }
    }
    if top >= 0, left >= 0, let character = label.first { rows[top][left] = character }
  }
}

