import Foundation

/// A block of items that pins to the leading edge of the viewport while
/// any item of its section is visible: how ListDiffUI draws the pinned
/// header of a section whose items (header included) all live in one
/// collection section. Not API: UIKit pins supplementary views only; this
/// package's data source sets these.
package struct PinnedItemRange: Sendable, Hashable {
  /// The header block's items, global indexes.
  package var header: Range<Int>
  /// Every item of the section, header first (and footer last, if any).
  package var section: Range<Int>
  /// How many pinned sections enclose this one, with or without a header
  /// block. Nested pinned headers stack below their ancestors' blocks: the
  /// layout finds those by their sections containing this one, which a
  /// level alone cannot tell (a pinned section without a header has none).
  package var level: Int

  /// A range as the data source found it.
  ///
  /// - Complexity: O(1).
  package init(header: Range<Int>, section: Range<Int>, level: Int) {
    self.header = header
    self.section = section
    self.level = level
  }
}

extension FlowLayoutEngine {
  /// Where pinned header blocks are drawn now: for each block whose section
  /// reaches below `pinning.low` while some of it is in view, its items
  /// moved along the scroll direction so that the block starts at the
  /// stacked edge (`pinning.low`, below the blocks of enclosing pinned
  /// sections), never leaving its section (the section's end pushes it, so
  /// the next section's block takes its place). A block longer than the room
  /// left for it in the viewport is not pinned: it scrolls with its items.
  /// Items not moved are not listed.
  ///
  /// Ranges must be sorted by `header.lowerBound` (enclosing sections come
  /// first). Indexes out of the item range are ignored.
  ///
  /// - Complexity: O(*p* + the pinned items' frames) for *p* ranges.
  func pinnedFrames(
    of ranges: [PinnedItemRange], pinning low: CGFloat, high: CGFloat,
    tooLong: inout [(range: PinnedItemRange, length: CGFloat, room: CGFloat)]
  ) -> [(index: Int, frame: CGRect)] {
    var result: [(index: Int, frame: CGRect)] = []
    // The enclosing blocks' sections and displayed trailing edges. A
    // block's ancestors are the blocks whose sections contain its section,
    // not those of a lower level: a pinned section without a header has no
    // block, so a level counts an ancestor that is not on the stack, and
    // the sibling before it would pass for that ancestor.
    var stack: [(section: Range<Int>, edge: CGFloat)] = []
    let count = itemCount
    for range in ranges {
      guard !range.header.isEmpty, range.section.lowerBound >= 0, range.section.upperBound <= count,
        range.header.lowerBound >= range.section.lowerBound,
        range.header.upperBound <= range.section.upperBound
      else { continue }
      let sectionStart = lineOrigin(of: range.section.lowerBound)
      let sectionEnd = mainMax(frame(of: range.section.upperBound - 1))
      guard sectionEnd > low, sectionStart < high else { continue }
      while let last = stack.last,
        !(last.section.lowerBound <= range.section.lowerBound && range.section.upperBound <= last.section.upperBound)
      {
        stack.removeLast()
      }
      let top = stack.last.map { max(low, $0.edge) } ?? low
      let blockStart = lineOrigin(of: range.header.lowerBound)
      let blockEnd = mainMax(frame(of: range.header.upperBound - 1))
      let length = blockEnd - blockStart
      // A viewport with no length shows nothing: no block is too long for it.
      if length > high - top && high > low { tooLong.append((range, length, high - top)) }
      let start = length > high - top ? blockStart : max(blockStart, min(top, sectionEnd - length))
      stack.append((range.section, start + length))
      let shift = start - blockStart
      guard shift > 0 else { continue }
      for index in range.header {
        let natural = frame(of: index)
        let moved =
          direction == .vertical ? natural.offsetBy(dx: 0, dy: shift) : natural.offsetBy(dx: shift, dy: 0)
        result.append((index, moved))
      }
    }
    return result
  }

  private func mainMax(_ rect: CGRect) -> CGFloat {
    direction == .vertical ? rect.maxY : rect.maxX
  }
}

extension CollectionView {
  /// The visible items with pinned header blocks where they are drawn now,
  /// after recording the pinned frames for the current bounds in
  /// ``PinnedItems/frames``: what ``drawnItems(among:in:)`` says of `natural`
  /// (the layout's items in the bounds) and the bounds. A layout pass calls
  /// it once, before anything reads ``PinnedItems/frames``.
  ///
  /// - Complexity: O(*v* + *p*) for *p* pinned ranges; nothing when there
  ///   are none.
  func applyingPinning(to natural: [(index: Int, frame: CGRect)]) -> [(index: Int, frame: CGRect)] {
    recordPinnedFrames()
    return drawnItems(among: natural, in: bounds)
  }

  /// The items drawn in `rect`, ascending by index, each with the frame it
  /// is drawn at: of `natural` (the layout's items intersecting `rect`,
  /// ascending) those neither pinned nor moved by hand, plus the pinned
  /// items whose pinned frame intersects `rect` and the item moved by hand
  /// when the frame it is drawn at, centred on the movement's position,
  /// does. What the last layout pass drew, as ``PinnedItems/frames``
  /// records it: the one rule that the pass (which mounts cells for the
  /// bounds) and the layout-attribute queries share, so that what is
  /// reported is what is drawn, and a moved item held over the viewport has
  /// its cell there even when the rules keep its place far away.
  ///
  /// - Complexity: O(*k* + *p* log *p*) for *k* natural items and *p*
  ///   pinned items; O(*k*) when none is pinned and nothing is moved.
  func drawnItems(among natural: [(index: Int, frame: CGRect)], in rect: CGRect) -> [(
    index: Int, frame: CGRect
  )] {
    let moving = movingItemAsDrawn
    guard !pinning.frames.isEmpty || moving != nil else { return natural }
    let frames = pinning.frames
    let movingIndex = moving?.index
    var merged = natural.filter { frames[$0.index] == nil && $0.index != movingIndex }
    for (index, frame) in frames where index != movingIndex && FlowLayoutEngine.overlaps(frame, rect) {
      merged.append((index, frame))
    }
    if let moving, FlowLayoutEngine.overlaps(moving.frame, rect) { merged.append(moving) }
    merged.sort { $0.index < $1.index }
    return merged
  }

  /// Works out where pinned header blocks are drawn for the current bounds
  /// and records it in ``PinnedItems/frames``, reporting (once per block while
  /// the ranges stay the same) a block too long to pin.
  ///
  /// - Complexity: O(*p*) for *p* pinned ranges, plus their header items.
  private func recordPinnedFrames() {
    guard !pinning.ranges.isEmpty else {
      pinning.clearFrames()
      return
    }
    let edges = pinningBounds
    var tooLong: [(range: PinnedItemRange, length: CGFloat, room: CGFloat)] = []
    let pinned = engine.pinnedFrames(
      of: pinning.ranges, pinning: edges.low, high: edges.high, tooLong: &tooLong)
    // Each block once while the ranges stay the same: a pass runs per scroll step.
    for (range, length, room) in tooLong
    where pinning.noteTooLong(header: range.header.lowerBound) {
      report(
        "pinned header block of items \(range.header.lowerBound)..<\(range.header.upperBound)",
        given: "\(length) points long", used: "not pinned (the viewport leaves it \(max(0, room)) points)")
    }
    pinning.record(pinned)
  }

  /// The header items, still at their estimated size, of the pinned
  /// sections that reach into `window`: they may be drawn there.
  ///
  /// - Complexity: O(*p*) for *p* pinned ranges, plus their header items.
  func pinnedHeadersNeedingSize(near window: CGRect) -> [Int] {
    let vertical = engine.direction == .vertical
    let low = vertical ? window.minY : window.minX
    let high = vertical ? window.maxY : window.maxX
    let count = engine.itemCount
    var result: [Int] = []
    for range in pinning.ranges where range.section.upperBound <= count && !range.section.isEmpty {
      let end = engine.frame(of: range.section.upperBound - 1)
      guard engine.lineOrigin(of: range.section.lowerBound) < high,
        (vertical ? end.maxY : end.maxX) > low
      else { continue }
      result += range.header.filter { $0 >= 0 && $0 < count && engine.needsSize($0) }
    }
    return result
  }

  /// Where the item at global `index` is drawn: pinned, or where the layout
  /// put it. (An item being moved by hand is drawn elsewhere still:
  /// ``displayedFrame(of:placed:)`` applies that.)
  ///
  /// - Complexity: O(1) expected, plus O(log *n*) for an item not pinned.
  func displayedFrame(of index: Int) -> CGRect {
    pinning.frames[index] ?? engine.frame(of: index)
  }

  /// The pinned item drawn on top at `point` (content coordinates), or nil.
  /// Pinned blocks are drawn over the other items, and where blocks overlap
  /// (an inner block pushed up under its enclosing one) the outermost is on
  /// top: the lowest index wins, as ``renderText()`` draws them.
  ///
  /// - Complexity: O(*p*) for *p* pinned items.
  func topmostPinnedItem(at point: CGPoint) -> Int? {
    var found: Int?
    for (index, frame) in pinning.frames where frame.containsHalfOpen(point) {
      if found.map({ index < $0 }) ?? true { found = index }
    }
    return found
  }
}

extension CGRect {
  /// Whether `point` lies in the rectangle, its leading edges included and
  /// its trailing ones not: how a touch is matched to a frame, so that a
  /// point on the line between two items belongs to one of them only.
  func containsHalfOpen(_ point: CGPoint) -> Bool {
    minX <= point.x && point.x < maxX && minY <= point.y && point.y < maxY
  }
}
