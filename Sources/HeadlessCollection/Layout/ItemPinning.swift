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
  /// How many pinned sections enclose this one: nested pinned headers stack
  /// below their ancestors'.
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
    // The displayed trailing edges of the enclosing blocks, by level.
    var stack: [(level: Int, edge: CGFloat)] = []
    let count = itemCount
    for range in ranges {
      guard !range.header.isEmpty, range.section.lowerBound >= 0, range.section.upperBound <= count,
        range.header.lowerBound >= range.section.lowerBound,
        range.header.upperBound <= range.section.upperBound
      else { continue }
      let sectionStart = lineOrigin(of: range.section.lowerBound)
      let sectionEnd = mainMax(frame(of: range.section.upperBound - 1))
      guard sectionEnd > low, sectionStart < high else { continue }
      while let last = stack.last, last.level >= range.level { stack.removeLast() }
      let top = stack.last.map { max(low, $0.edge) } ?? low
      let blockStart = lineOrigin(of: range.header.lowerBound)
      let blockEnd = mainMax(frame(of: range.header.upperBound - 1))
      let length = blockEnd - blockStart
      // A viewport with no length shows nothing: no block is too long for it.
      if length > high - top && high > low { tooLong.append((range, length, high - top)) }
      let start = length > high - top ? blockStart : max(blockStart, min(top, sectionEnd - length))
      stack.append((range.level, start + length))
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
  /// The visible items with pinned header blocks where they are drawn now:
  /// `natural` (ascending, from the layout) without the pinned items, plus
  /// the pinned items whose drawn frames are in view, ascending by index.
  /// Records the pinned frames for the pass.
  ///
  /// - Complexity: O(*v* + *p*) for *p* pinned ranges; nothing when there
  ///   are none.
  func applyingPinning(to natural: [(index: Int, frame: CGRect)]) -> [(index: Int, frame: CGRect)] {
    guard !pinnedItemRanges.isEmpty else {
      pinnedFrames = [:]
      return natural
    }
    let pinning = pinningBounds
    var tooLong: [(range: PinnedItemRange, length: CGFloat, room: CGFloat)] = []
    let pinned = engine.pinnedFrames(
      of: pinnedItemRanges, pinning: pinning.low, high: pinning.high, tooLong: &tooLong)
    // Each block once while the ranges stay the same: a pass runs per scroll step.
    for (range, length, room) in tooLong
    where reportedUnpinnableHeaders.insert(range.header.lowerBound).inserted {
      report(
        "pinned header block of items \(range.header.lowerBound)..<\(range.header.upperBound)",
        given: "\(length) points long", used: "not pinned (the viewport leaves it \(max(0, room)) points)")
    }
    var frames: [Int: CGRect] = [:]
    for (index, frame) in pinned { frames[index] = frame }
    pinnedFrames = frames
    guard !frames.isEmpty else { return natural }
    let bounds = self.bounds
    var merged = natural.filter { frames[$0.index] == nil }
    merged += pinned.filter { FlowLayoutEngine.overlaps($0.frame, bounds) }
    merged.sort { $0.index < $1.index }
    return merged
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
    for range in pinnedItemRanges where range.section.upperBound <= count && !range.section.isEmpty {
      let end = engine.frame(of: range.section.upperBound - 1)
      guard engine.lineOrigin(of: range.section.lowerBound) < high,
        (vertical ? end.maxY : end.maxX) > low
      else { continue }
      result += range.header.filter { $0 >= 0 && $0 < count && engine.needsSize($0) }
    }
    return result
  }

  /// Where the item at global `index` is drawn: pinned, or where the layout
  /// put it.
  func displayedFrame(of index: Int) -> CGRect {
    pinnedFrames[index] ?? engine.frame(of: index)
  }
}
