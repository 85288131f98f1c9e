import Foundation

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
  /// The item records. (Set only by the engine's own files: the
  /// `FlowLayoutEngine+…` extensions place lines and apply batches.)
  var store = GeometryStore()
  /// The sections, in order.
  var sections: [SectionGeometry] = []
  /// No line is thicker than this, so a line that starts before a point by
  /// more than this cannot reach it. Only grows between full layouts.
  var maxLineThickness: CGFloat = 0

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
    var result: [(index: Int, frame: CGRect)] = []
    forEachItem(intersecting: rect) { index, _, frame in result.append((index, frame)) }
    return result
  }

  /// The items intersecting `rect` whose sizes must be asked, ascending,
  /// then the item right after the last one intersecting it, if its size
  /// must be asked too (it could join their line). Makes no array when
  /// every size is known, as it is at most steps of a scroll.
  ///
  /// - Complexity: that of ``items(intersecting:)``.
  func itemsNeedingSize(intersecting rect: CGRect) -> [Int] {
    var result: [Int] = []
    var last: Int?
    forEachItem(intersecting: rect) { index, record, _ in
      if record.needsSize { result.append(index) }
      last = index
    }
    if let last, last + 1 < store.count, store[last + 1].needsSize { result.append(last + 1) }
    return result
  }

  /// Calls `visit` with each item whose frame intersects `rect`, ascending:
  /// its index, record and frame.
  private func forEachItem(intersecting rect: CGRect, _ visit: (Int, ItemGeometry, CGRect) -> Void) {
    guard store.count > 0, store.count == itemCount, !rect.isEmpty else { return }
    let low = direction == .vertical ? rect.minY : rect.minX
    let high = direction == .vertical ? rect.maxY : rect.maxX
    var index = store.firstIndex(lineOriginAtLeast: low - maxLineThickness)
    guard index < store.count else { return }
    var position: GeometryStore.Position? = store.position(of: index)
    while let current = position {
      let record = store[current]
      if record.lineOrigin >= high { break }
      let frame = self.frame(of: record)
      if Self.overlaps(frame, rect) { visit(index, record, frame) }
      index += 1
      position = store.position(after: current)
    }
  }

  /// Whether two rectangles share some area. Rectangles that only touch do
  /// not, and neither does one without area, as with Core Graphics'
  /// `CGRectIntersectsRect`.
  static func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
    a.width > 0 && a.height > 0 && b.width > 0 && b.height > 0
      && a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  // MARK: Axes

  func main(_ size: CGSize) -> CGFloat {
    direction == .vertical ? size.height : size.width
  }

  func cross(_ size: CGSize) -> CGFloat {
    direction == .vertical ? size.width : size.height
  }

  func mainLeading(_ inset: EdgeInsets) -> CGFloat {
    direction == .vertical ? inset.top : inset.left
  }

  func mainTrailing(_ inset: EdgeInsets) -> CGFloat {
    direction == .vertical ? inset.bottom : inset.right
  }

  func crossLeading(_ inset: EdgeInsets) -> CGFloat {
    direction == .vertical ? inset.left : inset.top
  }

  func crossTrailing(_ inset: EdgeInsets) -> CGFloat {
    direction == .vertical ? inset.right : inset.bottom
  }
}
