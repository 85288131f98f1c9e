import Foundation

/// The spacing a section's items are laid out with, as the layout or its
/// delegate gave them when the whole layout was last computed.
struct SectionMetrics: Equatable {
  var inset: EdgeInsets
  var lineSpacing: CGFloat
  var interitemSpacing: CGFloat
}

/// One section's place in the flow: which items it holds and where it starts
/// and ends along the scroll direction (insets included).
struct SectionGeometry {
  /// The global index of the section's first item (items of all sections are
  /// numbered in one sequence).
  var start: Int
  /// The number of items.
  var count: Int
  /// Where the section begins along the scroll direction, before its inset.
  var origin: CGFloat
  /// Where it ends, after its inset.
  var end: CGFloat
  /// The insets and spacings the section is laid out with.
  var metrics: SectionMetrics
}

/// The flow layout's computed state and the algorithms that maintain it.
///
/// Items of all sections are numbered globally and their records live in a
/// ``GeometryStore``. The layout is computed once in full, then maintained
/// incrementally: after a batch or an invalidation only the lines around the
/// changed items are placed again, and as soon as a line starts at an item that
/// started a line before and nothing changed between there and the next
/// changed item, everything up to that item is moved by a constant distance
/// instead (which the store does per block). An update near the top of a long
/// list therefore costs a few lines plus a pass over the block bases.
struct FlowLayoutEngine {
  /// The direction the content scrolls in.
  var direction: CollectionViewFlowLayout.ScrollDirection = .vertical
  /// The room across the scroll direction: the collection's size that way
  /// minus its content insets.
  var crossExtent: CGFloat = 0
  /// The item records.
  private(set) var store = GeometryStore()
  /// The sections, in order.
  private(set) var sections: [SectionGeometry] = []
  /// No line is thicker than this, so a line that starts before a point by
  /// more than this cannot reach it. Only grows between full layouts.
  private(set) var maxLineThickness: CGFloat = 0

  /// The number of items in all sections.
  var itemCount: Int { sections.last.map { $0.start + $0.count } ?? 0 }

  /// The length of the content along the scroll direction.
  var contentLength: CGFloat { sections.last?.end ?? 0 }

  // MARK: Loading

  /// Replaces everything with `counts.count` sections of the given sizes,
  /// whose items are yet to be sized: call ``setAllSizes(_:)`` next, then
  /// ``layoutAll()``.
  ///
  /// - Complexity: O(*s*) for *s* sections.
  mutating func load(counts: [Int], metrics: [SectionMetrics]) {
    precondition(counts.count == metrics.count)
    var start = 0
    sections = zip(counts, metrics).map { count, metrics in
      defer { start += count }
      return SectionGeometry(start: start, count: count, origin: 0, end: 0, metrics: metrics)
    }
    store = GeometryStore()
  }

  /// Sets new section metrics for a layout from scratch: call
  /// ``setAllSizes(_:)`` next, then ``layoutAll()``.
  ///
  /// - Complexity: O(*s*).
  mutating func invalidateAll(metrics: [SectionMetrics]) {
    precondition(metrics.count == sections.count)
    for index in sections.indices { sections[index].metrics = metrics[index] }
  }

  /// Marks item `index` as needing its size again.
  ///
  /// - Complexity: O(log *n*).
  mutating func invalidateSize(of index: Int) {
    let position = store.position(of: index)
    var record = store[position]
    record.needsSize = true
    store[position] = record
  }

  /// The items of `indexes` (ascending) whose sizes must be asked.
  ///
  /// - Complexity: O(*k* log *n*) for *k* indexes.
  func itemsNeedingSize(among indexes: [Int]) -> [Int] {
    var result: [Int] = []
    for index in indexes where index < store.count && store[index].needsSize { result.append(index) }
    return result
  }

  /// Stores sizes the delegate gave, clearing the items' needs-size marks.
  ///
  /// - Complexity: O(*k* log *n*) for *k* sizes.
  mutating func setSizes(_ sizes: [(index: Int, size: CGSize)]) {
    for (index, size) in sizes {
      store.setSize(ItemGeometry.sanitized(size), at: store.position(of: index))
    }
  }

  /// Rebuilds the records from the size of every item, in order, ready for
  /// ``layoutAll()``.
  ///
  /// - Complexity: O(*n*).
  mutating func setAllSizes(_ sizes: [CGSize]) {
    precondition(sizes.count == itemCount)
    store = GeometryStore(count: sizes.count) { ItemGeometry.sized(ItemGeometry.sanitized(sizes[$0])) }
  }

  /// Rebuilds the records with every item at the estimated `size`, each
  /// still needing its real size, ready for ``layoutAll()``.
  ///
  /// - Complexity: O(*n*).
  mutating func setAllEstimated(_ size: CGSize) {
    store = GeometryStore(count: itemCount) { _ in .estimated(size) }
  }

  /// Whether item `index` is laid out at a size not yet asked for (an
  /// estimate, or its old size after an invalidation).
  ///
  /// - Complexity: O(log *n*).
  func needsSize(_ index: Int) -> Bool { store[index].needsSize }

  /// Where the line of item `index` starts along the scroll direction.
  ///
  /// - Complexity: O(log *n*).
  func lineOrigin(of index: Int) -> CGFloat { store[index].lineOrigin }

  // MARK: Batch updates

  /// Applies a validated batch to the records: removes deleted and moved-out
  /// items, inserts new ones (to be sized) and moved ones (keeping their
  /// sizes), marks reloaded and `invalidatedOld` items for sizing, updates the
  /// section counts, and returns the changed items (new global indexes,
  /// ascending) for ``relayout(dirty:)``, after their sizes are set.
  ///
  /// - Complexity: O(*k* (block size + *n* / block size)) for a batch of *k*
  ///   changes, or O(*n*) when *k* is large enough that rebuilding the store
  ///   is cheaper.
  ///
  /// Inserted items are laid out at `placeholder` until sized when it is
  /// given (an estimated size), else they are unsized.
  ///
  /// When the batch changed sections, `newMetrics` holds every section's
  /// metrics after it, and ``relayout(dirty:firstChangedSection:)`` must
  /// follow.
  mutating func apply(
    _ batch: ValidatedBatch, newCounts: [Int], invalidatedOld: [Int], placeholder: CGSize? = nil,
    newMetrics: [SectionMetrics]? = nil
  ) -> [Int] {
    let fresh: ItemGeometry = placeholder.map { .estimated($0) } ?? .unsized
    let changeCount = batch.removedOld.count + batch.insertedNew.count
    let moveSources = Dictionary(
      batch.moves.map { ($0.new, $0.old) }, uniquingKeysWith: { first, _ in first })
    if changeCount <= max(32, store.count / 256) {
      var movedRecords: [Int: ItemGeometry] = [:]
      for move in batch.moves { movedRecords[move.old] = store[move.old].carried }
      for old in batch.removedOld.reversed() { store.remove(at: old) }
      for new in batch.insertedNew {
        if let old = moveSources[new], let record = movedRecords[old] {
          store.insert(record, at: new)
        } else {
          store.insert(fresh, at: new)
        }
      }
    } else {
      // Rebuild in one ordered walk over the old records, block by block:
      // survivors come in ascending old order, so the reader only steps on.
      let old = store
      var reader: GeometryStore.Position? = old.count > 0 ? old.position(of: 0) : nil
      var readerIndex = 0
      var origins = batch.origins
      store = GeometryStore(count: batch.newCount) { _ in
        switch origins.next()! {
        case .inserted: return fresh
        case .moved(let source): return old[source].carried
        case .survivor(let source):
          while readerIndex < source {
            reader = old.position(after: reader!)
            readerIndex += 1
          }
          return old[reader!]
        }
      }
    }

    if let remap = batch.sections, let newMetrics {
      replaceSections(remap, counts: newCounts, metrics: newMetrics)
    } else {
      var start = 0
      for section in sections.indices {
        sections[section].start = start
        sections[section].count = newCounts[section]
        start += newCounts[section]
      }
    }

    var dirty = batch.insertedNew
    for old in batch.reloadedOld {
      // A reloaded item of a moved section moves with it.
      guard let new = batch.newIndex(of: old) else { continue }
      invalidateSize(of: new)
      dirty.append(new)
    }
    for old in invalidatedOld {
      guard let new = batch.newIndex(of: old) else { continue }
      invalidateSize(of: new)
      dirty.append(new)
    }
    // The item after each run of removed items now follows a different item,
    // so its line may change even though it did not.
    var runEnd = -2
    for old in batch.removedOld {
      if old != runEnd + 1, runEnd >= 0 { dirty.append(follower(ofRemovedRunEndingAt: runEnd, in: batch)) }
      runEnd = old
    }
    if runEnd >= 0 { dirty.append(follower(ofRemovedRunEndingAt: runEnd, in: batch)) }
    dirty.sort()
    // An item can be named more than once (reloaded and invalidated, say).
    var unique: [Int] = []
    unique.reserveCapacity(dirty.count)
    for index in dirty where unique.last != index { unique.append(index) }
    return unique
  }

  /// Rebuilds the section list after a batch that changed sections: the
  /// sections before `remap.firstChanged` keep their places (until
  /// ``relayout(dirty:firstChangedSection:)`` places what follows), the
  /// others are placed again.
  ///
  /// - Complexity: O(*s*).
  private mutating func replaceSections(_ remap: SectionRemap, counts: [Int], metrics: [SectionMetrics]) {
    var start = 0
    sections = counts.indices.map { index in
      defer { start += counts[index] }
      let kept = index < remap.firstChanged ? sections[index] : nil
      return SectionGeometry(
        start: start, count: counts[index], origin: kept?.origin ?? 0, end: kept?.end ?? 0,
        metrics: metrics[index])
    }
  }

  /// The new index of the first old item after a run of removed items that
  /// ends at old index `runEnd`, or the new item count if none is left.
  private func follower(ofRemovedRunEndingAt runEnd: Int, in batch: ValidatedBatch) -> Int {
    let next = runEnd + 1
    return next < batch.oldCount ? batch.newIndex(ofSurvivor: next) : batch.newCount
  }

  // MARK: Placing lines

  /// Places every item. All sizes must be resolved.
  ///
  /// - Complexity: O(*n* + *s*).
  mutating func layoutAll() {
    maxLineThickness = 0
    guard !sections.isEmpty else { return }
    sections[0].origin = 0
    run(section: 0, item: 0, position: mainLeading(sections[0].metrics.inset), dirty: [], resync: false)
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
        section: 0, item: 0, position: mainLeading(sections[0].metrics.inset), dirty: dirty,
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
    if let first = dirty.first, first > 0, first <= sections[changed].start {
      let section = self.section(containing: first - 1)
      let lineStart = self.lineStart(before: first, floor: sections[section].start)
      run(section: section, item: lineStart, position: store[lineStart].lineOrigin, dirty: [], resync: false)
      return
    }
    let from = dirty.first == 0 ? 0 : changed
    sections[from].origin = from == 0 ? 0 : sections[from - 1].end
    run(
      section: from, item: sections[from].start,
      position: sections[from].origin + mainLeading(sections[from].metrics.inset), dirty: [], resync: false)
  }

  /// The index of the section whose items include `index`.
  ///
  /// - Complexity: O(log *s*).
  func section(containing index: Int) -> Int {
    // The last section starting at or before `index` that holds items.
    var section = max(0, lowerBound(in: 0..<sections.count) { sections[$0].start <= index } - 1)
    while sections[section].count == 0 || sections[section].start > index { section -= 1 }
    return section
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
    var section = startSection
    var item = startItem
    var position = startPosition
    var nextDirty = 0  // index into `dirty` of the first change at or after `item`
    let count = store.count
    // The store position of `cursorItem`, kept in step with `item` while
    // lines are placed one after another, so that only jumps search.
    var cursor: GeometryStore.Position? = nil
    var cursorItem = -1
    // Lines never start before the line before them, even with negative
    // spacings or insets, so that line origins stay sorted for searching.
    var previousLineOrigin = -CGFloat.infinity
    func positionOfItem() -> GeometryStore.Position {
      if cursorItem != item || cursor == nil {
        cursor = store.position(of: item)
        cursorItem = item
      }
      return cursor!
    }

    while section < sections.count {
      let metrics = sections[section].metrics
      let end = sections[section].start + sections[section].count
      while item < end {
        position = max(position, previousLineOrigin)
        while nextDirty < dirty.count && dirty[nextDirty] < item { nextDirty += 1 }
        if resync && (nextDirty == dirty.count || dirty[nextDirty] > item)
          && store[positionOfItem()].isLineStart
        {
          // `item` starts a line now and did before, and nothing changed
          // from here to the next change: the old lines up to the line of
          // that change only need moving.
          let delta = position - store[item].lineOrigin
          let target =
            nextDirty == dirty.count
            ? count : lineStart(before: min(dirty[nextDirty], count), floor: item)
          if target == count {
            store.shift(item..<count, by: delta)
            sections[section].end += delta
            for later in (section + 1)..<sections.count {
              sections[later].origin += delta
              sections[later].end += delta
            }
            return
          }
          if target > item {
            store.shift(item..<target, by: delta)
            let targetSection = self.section(containing: target)
            if targetSection > section {
              sections[section].end += delta
              for between in (section + 1)..<targetSection {
                sections[between].origin += delta
                sections[between].end += delta
              }
              sections[targetSection].origin += delta
            }
            position = store[target].lineOrigin + delta
            previousLineOrigin = -CGFloat.infinity
            item = target
            if targetSection != section {
              section = targetSection
              break  // re-enter the section loop with the new section
            }
            continue
          }
        }
        let line = placeLine(
          from: item, storedAt: positionOfItem(), end: end, at: position, metrics: metrics)
        item += line.count
        cursor = line.next
        cursorItem = item
        previousLineOrigin = position
        position += line.thickness
        if item < end { position += metrics.lineSpacing }
      }
      if item < sections[section].start + sections[section].count { continue }
      sections[section].end = position + mainTrailing(metrics.inset)
      section += 1
      if section < sections.count {
        sections[section].origin = sections[section - 1].end
        position = sections[section].origin + mainLeading(sections[section].metrics.inset)
        item = sections[section].start
      }
    }
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
    let isLastLine = first + count == end
    var gap = spacing
    var crossPosition = leading
    if !isLastLine {
      let free = room - used
      if count > 1 {
        gap = spacing + free / CGFloat(count - 1)
      } else if free > 0 {
        crossPosition = leading + free / 2
      }
    }
    position = firstPosition
    for offset in 0..<count {
      if offset > 0 { position = store.position(after: position)! }
      store.place(
        at: position, lineOrigin: origin, lineThickness: thickness, crossOrigin: crossPosition,
        isLineStart: offset == 0)
      crossPosition += cross(store.size(at: position)) + gap
    }
    if thickness > maxLineThickness { maxLineThickness = thickness }
    return (count, thickness, store.position(after: position))
  }

  // MARK: Reading

  /// The frame of item `index` in content coordinates.
  ///
  /// - Complexity: O(log *n*).
  func frame(of index: Int) -> CGRect {
    // Between loading counts and storing sizes (while the delegate is being
    // asked for them) items have no place yet.
    index < store.count ? frame(of: store[index]) : .zero
  }

  /// The frame of a record: centered on its line along the scroll direction.
  func frame(of record: ItemGeometry) -> CGRect {
    let mainOrigin = record.lineOrigin + (record.lineThickness - main(record.size)) / 2
    switch direction {
    case .vertical:
      return CGRect(origin: CGPoint(x: record.crossOrigin, y: mainOrigin), size: record.size)
    case .horizontal:
      return CGRect(origin: CGPoint(x: mainOrigin, y: record.crossOrigin), size: record.size)
    }
  }

  /// The items whose frames intersect `rect`, ascending, with their frames.
  ///
  /// - Complexity: O(log *n* + the items whose lines cross `rect`'s extent
  ///   along the scroll direction, widened by the thickest line).
  func items(intersecting rect: CGRect) -> [(index: Int, frame: CGRect)] {
    guard store.count > 0, store.count == itemCount, !rect.isEmpty else { return [] }
    let low = direction == .vertical ? rect.minY : rect.minX
    let high = direction == .vertical ? rect.maxY : rect.maxX
    var index = store.firstIndex(lineOriginAtLeast: low - maxLineThickness)
    guard index < store.count else { return [] }
    var position: GeometryStore.Position? = store.position(of: index)
    var result: [(index: Int, frame: CGRect)] = []
    while let current = position {
      let record = store[current]
      if record.lineOrigin >= high { break }
      let frame = self.frame(of: record)
      if Self.overlaps(frame, rect) { result.append((index, frame)) }
      index += 1
      position = store.position(after: current)
    }
    return result
  }

  /// Whether two rectangles share some area. Rectangles that only touch do
  /// not, and neither does one without area, as with Core Graphics'
  /// `CGRectIntersectsRect`.
  static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
    a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
      && a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  // MARK: Axes

  private func main(_ size: CGSize) -> CGFloat {
    direction == .vertical ? size.height : size.width
  }

  private func cross(_ size: CGSize) -> CGFloat {
    direction == .vertical ? size.width : size.height
  }

  func mainLeading(_ inset: EdgeInsets) -> CGFloat {
    direction == .vertical ? inset.top : inset.left
  }

  func mainTrailing(_ inset: EdgeInsets) -> CGFloat {
    direction == .vertical ? inset.bottom : inset.right
  }

  private func crossLeading(_ inset: EdgeInsets) -> CGFloat {
    direction == .vertical ? inset.left : inset.top
  }

  private func crossTrailing(_ inset: EdgeInsets) -> CGFloat {
    direction == .vertical ? inset.right : inset.bottom
  }
}
