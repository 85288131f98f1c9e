import Foundation

extension FlowLayoutEngine {
  // MARK: Placing lines

  /// Places every item. All sizes must be resolved.
  ///
  /// - Complexity: O(*n* + *s*).
  mutating func layoutAll() {
    maxLineThickness = 0
    guard !sections.isEmpty else { return }
    sections[0].origin = 0
    run(section: 0, item: 0, position: firstLineOrigin(ofSection: 0), dirty: [], resync: false)
  }

  /// Places the items of `dirty` (new global indexes, ascending; the item
  /// count stands for "the end of the content changed") and whatever lines
  /// they push around. All sizes must be resolved.
  ///
  /// - Complexity: O(changed lines + block size + *n* / block size + *s*)
  ///   when the changes are few and far apart; O(*n*) at worst.
  mutating func relayout(dirty: [Int]) {
    guard let first = dirty.first, !sections.isEmpty else { return }
    guard first > 0 else {
      sections[0].origin = 0
      run(
        section: 0, item: 0, position: firstLineOrigin(ofSection: 0), dirty: dirty,
        resync: true)
      return
    }
    // Start from the line of the clean item before the first change: that
    // line may gain or lose items, or stop being its section's last line.
    let section = self.section(containing: first - 1)
    let lineStart = self.lineStart(before: first, floor: sections[section].start)
    run(
      section: section, item: lineStart, position: store[lineStart].lineOrigin, dirty: dirty,
      resync: true)
  }

  /// ``relayout(dirty:)`` after a batch that changed sections: every line
  /// from the first dirty item or the first section that changed as a whole
  /// (`firstChangedSection`, nil when none did), whichever comes first, to
  /// the end of the content is placed again.
  ///
  /// - Complexity: O(items and sections after that point), on top of
  ///   ``relayout(dirty:)``'s when no section changed.
  mutating func relayout(dirty: [Int], firstChangedSection changed: Int?) {
    guard let changed, changed < sections.count else { return relayout(dirty: dirty) }
    // Start at a line already placed (the one before the first change), as
    // relayout(dirty:) does, so that lines keep never starting before the
    // line before them; with no item before, start from the top.
    let first = min(dirty.first ?? .max, sections[changed].start)
    guard first > 0 else {
      sections[0].origin = 0
      // After the first section's header, as every first line is.
      run(section: 0, item: 0, position: firstLineOrigin(ofSection: 0), dirty: [], resync: false)
      return
    }
    let section = self.section(containing: first - 1)
    let lineStart = self.lineStart(before: first, floor: sections[section].start)
    run(section: section, item: lineStart, position: store[lineStart].lineOrigin, dirty: [], resync: false)
  }

  /// The index of the section whose items include `index`.
  ///
  /// - Complexity: O(log *s*).
  func section(containing index: Int) -> Int {
    sections.section(containing: index)
  }

  /// The first item of the line (as last placed) holding item `index - 1`,
  /// looking no further back than `floor`.
  private func lineStart(before index: Int, floor: Int) -> Int {
    var position = store.position(of: index - 1)
    var current = index - 1
    while current > floor && !store[position].isLineStart {
      position = store.position(before: position)!
      current -= 1
    }
    return current
  }

  /// Places lines from item `startItem` of section `startSection`, whose
  /// line starts at `startPosition`, to the end of the content — or, with
  /// `resync`, only until the old placement can be reused by moving it.
  private mutating func run(
    section startSection: Int, item startItem: Int, position startPosition: CGFloat,
    dirty: [Int], resync: Bool
  ) {
    var walk = LineWalk(section: startSection, item: startItem, position: startPosition)
    while walk.section < sections.count {
      switch placeLines(ofSectionIn: &walk, dirty: dirty, resync: resync) {
      case .reachedEndOfContent: return
      case .enteredLaterSection: continue
      case .finishedSection: closeSection(&walk)
      }
    }
  }

  /// Where a ``run(section:item:position:dirty:resync:)`` stands: the item
  /// that starts the next line, where that line goes, and what the walk
  /// remembers to stay cheap.
  private struct LineWalk {
    /// The section of ``item``.
    var section: Int
    /// The first item of the next line.
    var item: Int
    /// Where the next line starts along the scroll direction.
    var position: CGFloat
    /// The index into `dirty` of the first change at or after ``item``.
    var nextDirty = 0
    /// Lines never start before the line before them, even with negative
    /// spacings or insets, so that line origins stay sorted for searching.
    var previousLineOrigin = -CGFloat.infinity
    /// The store position of ``cursorItem``, kept in step with ``item``
    /// while lines are placed one after another, so that only jumps search.
    var cursor: GeometryStore.Position? = nil
    var cursorItem = -1

    /// The store position of ``item``.
    mutating func itemPosition(in store: GeometryStore) -> GeometryStore.Position {
      if cursorItem != item || cursor == nil {
        cursor = store.position(of: item)
        cursorItem = item
      }
      return cursor!
    }
  }

  /// How placing a section's lines ended.
  private enum SectionOutcome {
    /// Every line of the section is placed: close it and open the next.
    case finishedSection
    /// A shift jumped into a later section, which the walk now stands in.
    case enteredLaterSection
    /// A shift moved everything to the end of the content: nothing is left.
    case reachedEndOfContent
  }

  /// Places the lines of the walk's section from its item on, shifting
  /// clean runs instead when `resync` allows.
  private mutating func placeLines(
    ofSectionIn walk: inout LineWalk, dirty: [Int], resync: Bool
  ) -> SectionOutcome {
    let metrics = sections[walk.section].metrics
    let end = sections[walk.section].start + sections[walk.section].count
    while walk.item < end {
      walk.position = max(walk.position, walk.previousLineOrigin)
      while walk.nextDirty < dirty.count && dirty[walk.nextDirty] < walk.item { walk.nextDirty += 1 }
      if resync && (walk.nextDirty == dirty.count || dirty[walk.nextDirty] > walk.item)
        && store[walk.itemPosition(in: store)].isLineStart
      {
        switch shiftCleanRun(&walk, dirty: dirty) {
        case .toEndOfContent: return .reachedEndOfContent
        case .intoLaterSection: return .enteredLaterSection
        case .withinSection: continue
        case .nothingToShift: break
        }
      }
      // Most lines lie within one store block: placed there in a run (one
      // line at a time when resyncing, which looks at each line first).
      if placeLinesInBlock(&walk, end: end, metrics: metrics, limit: resync ? 1 : .max) > 0 {
        continue
      }
      let line = placeLine(
        from: walk.item, storedAt: walk.itemPosition(in: store), end: end, at: walk.position,
        metrics: metrics)
      walk.item += line.count
      walk.cursor = line.next
      walk.cursorItem = walk.item
      walk.previousLineOrigin = walk.position
      walk.position += line.thickness
      if walk.item < end { walk.position += metrics.lineSpacing }
    }
    return .finishedSection
  }

  /// Where the first line of `section` starts: after the section's header
  /// and leading inset, as UIKit's flow layout places them.
  func firstLineOrigin(ofSection section: Int) -> CGFloat {
    let metrics = sections[section].metrics
    return sections[section].origin + metrics.headerLength + mainLeading(metrics.inset)
  }

  /// Ends the walk's section after its last line and starts the next one.
  private mutating func closeSection(_ walk: inout LineWalk) {
    let metrics = sections[walk.section].metrics
    sections[walk.section].end = walk.position + mainTrailing(metrics.inset) + metrics.footerLength
    walk.section += 1
    guard walk.section < sections.count else { return }
    sections[walk.section].origin = sections[walk.section - 1].end
    walk.position = firstLineOrigin(ofSection: walk.section)
    walk.item = sections[walk.section].start
  }

  /// What ``shiftCleanRun(_:dirty:)`` did.
  private enum Shift {
    /// The item's old line cannot be reused: place it.
    case nothingToShift
    /// Lines up to a later line of the same section moved; go on from there.
    case withinSection
    /// Lines up to a line of a later section moved; go on from there.
    case intoLaterSection
    /// Everything to the end of the content moved; the layout is done.
    case toEndOfContent
  }

  /// The walk's item starts a line now and did before, and nothing changed
  /// from there to the next change: the old lines up to the line of that
  /// change only need moving by the distance between the old and the new
  /// origin. Moves them (and the sections they span) and the walk past them.
  private mutating func shiftCleanRun(_ walk: inout LineWalk, dirty: [Int]) -> Shift {
    let count = store.count
    let delta = walk.position - store[walk.item].lineOrigin
    let target =
      walk.nextDirty == dirty.count
      ? count : lineStart(before: min(dirty[walk.nextDirty], count), floor: walk.item)
    if target == count {
      store.shift(walk.item..<count, by: delta)
      sections[walk.section].end += delta
      shiftSections(walk.section + 1..<sections.count, by: delta)
      return .toEndOfContent
    }
    guard target > walk.item else { return .nothingToShift }
    store.shift(walk.item..<target, by: delta)
    let targetSection = self.section(containing: target)
    if targetSection > walk.section {
      sections[walk.section].end += delta
      shiftSections(walk.section + 1..<targetSection, by: delta)
      sections[targetSection].origin += delta
    }
    walk.position = store[target].lineOrigin + delta
    walk.previousLineOrigin = -CGFloat.infinity
    walk.item = target
    guard targetSection != walk.section else { return .withinSection }
    walk.section = targetSection
    return .intoLaterSection
  }

  /// Moves the origins and ends of `range`'s sections by `delta`.
  private mutating func shiftSections(_ range: Range<Int>, by delta: CGFloat) {
    for section in range {
      sections[section].origin += delta
      sections[section].end += delta
    }
  }

  /// Where a line of `count` items taking `used` of the `room` across
  /// starts, and the gap between its items: justified unless it is the
  /// section's last line; a lone item in a justified line is centered.
  @inline(__always)
  private static func justify(
    count: Int, used: CGFloat, isLastLine: Bool, leading: CGFloat, room: CGFloat, spacing: CGFloat
  ) -> (start: CGFloat, gap: CGFloat) {
    guard !isLastLine else { return (leading, spacing) }
    let free = room - used
    if count > 1 { return (leading, spacing + free / CGFloat(count - 1)) }
    return (free > 0 ? leading + free / 2 : leading, spacing)
  }

  /// Places lines from the walk's item on, as ``placeLine(from:storedAt:end:at:metrics:)``
  /// does one, for as long as each line ends within the store block of the
  /// walk's item (and before the section's `end`), at most `limit` of them;
  /// moves the walk past them. Returns the number of lines placed: zero when
  /// the first line runs on into the next block (the caller then places it
  /// with `placeLine`).
  ///
  /// The same arithmetic as `placeLine`, on the block's records in place:
  /// the per-field accesses of the store cost several times the placing
  /// itself on long lists.
  ///
  /// - Complexity: O(items placed).
  private mutating func placeLinesInBlock(
    _ walk: inout LineWalk, end: Int, metrics: SectionMetrics, limit: Int
  ) -> Int {
    let start = walk.itemPosition(in: store)
    let vertical = direction == .vertical
    func main(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
    func cross(_ size: CGSize) -> CGFloat { vertical ? size.width : size.height }
    let leading = crossLeading(metrics.inset)
    let room = crossExtent - leading - crossTrailing(metrics.inset)
    let fits = room + 1e-9 * max(1, abs(room))
    let spacing = metrics.interitemSpacing
    var item = walk.item
    var position = walk.position
    var previousLineOrigin = walk.previousLineOrigin
    var maxThickness = maxLineThickness
    var lines = 0
    let nextOffset = store.withRecords(ofBlock: start.block) { records, base -> Int in
      var offset = start.offset
      while lines < limit && item < end {
        let origin = max(position, previousLineOrigin)
        // Measure, as far as the block goes.
        var used = cross(records[offset].size)
        var thickness = main(records[offset].size)
        var count = 1
        while item + count < end {
          guard offset + count < records.count else { return offset }  // runs on
          let nextSize = records[offset + count].size
          let needed = used + spacing + cross(nextSize)
          guard needed <= fits else { break }
          used = needed
          thickness = max(thickness, main(nextSize))
          count += 1
        }
        // Place, as placeLine does.
        let justified = Self.justify(
          count: count, used: used, isLastLine: item + count == end, leading: leading, room: room,
          spacing: spacing)
        var crossPosition = justified.start
        for line in offset..<offset + count {
          records[line].lineOrigin = origin - base
          records[line].lineThickness = thickness
          records[line].crossOrigin = crossPosition
          records[line].isLineStart = line == offset
          crossPosition += cross(records[line].size) + justified.gap
        }
        maxThickness = max(maxThickness, thickness)
        item += count
        offset += count
        previousLineOrigin = origin
        position = origin + thickness
        if item < end { position += metrics.lineSpacing }
        lines += 1
      }
      return offset
    }
    guard lines > 0 else { return 0 }
    maxLineThickness = maxThickness
    walk.item = item
    walk.position = position
    walk.previousLineOrigin = previousLineOrigin
    walk.cursorItem = item
    walk.cursor =
      nextOffset < store.blocks[start.block].items.count
      ? GeometryStore.Position(block: start.block, offset: nextOffset)
      : store.position(after: GeometryStore.Position(block: start.block, offset: nextOffset - 1))
    return lines
  }

  /// Places one line starting with item `first`, stored at `firstPosition`
  /// (it always goes on the line), items of the section ending before `end`,
  /// the line starting at `origin` along the scroll direction. Returns the
  /// number of items placed, the line's thickness, and the store position
  /// after the line.
  private mutating func placeLine(
    from first: Int, storedAt firstPosition: GeometryStore.Position, end: Int, at origin: CGFloat,
    metrics: SectionMetrics
  ) -> (count: Int, thickness: CGFloat, next: GeometryStore.Position?) {
    let leading = crossLeading(metrics.inset)
    let room = crossExtent - leading - crossTrailing(metrics.inset)
    let spacing = metrics.interitemSpacing
    // Measure: how many items fit, their total cross length and the thickness.
    var position = firstPosition
    let size = store.size(at: position)
    var used = cross(size)
    var thickness = main(size)
    var count = 1
    while first + count < end {
      let next = store.position(after: position)!
      let nextSize = store.size(at: next)
      let needed = used + spacing + cross(nextSize)
      // A hair of tolerance so that sizes meant to fill the room exactly
      // (thirds of a width, say) are not pushed out by rounding.
      guard needed <= room + 1e-9 * max(1, abs(room)) else { break }
      used = needed
      thickness = max(thickness, main(nextSize))
      position = next
      count += 1
    }
    // Place: justified unless it is the section's last line; a lone item in a
    // justified line is centered.
    let justified = Self.justify(
      count: count, used: used, isLastLine: first + count == end, leading: leading, room: room,
      spacing: spacing)
    var crossPosition = justified.start
    position = firstPosition
    for offset in 0..<count {
      if offset > 0 { position = store.position(after: position)! }
      store.place(
        at: position, lineOrigin: origin, lineThickness: thickness, crossOrigin: crossPosition,
        isLineStart: offset == 0)
      crossPosition += cross(store.size(at: position)) + justified.gap
    }
    if thickness > maxLineThickness { maxLineThickness = thickness }
    return (count, thickness, store.position(after: position))
  }
}
