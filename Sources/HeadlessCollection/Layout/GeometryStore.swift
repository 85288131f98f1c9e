import Foundation

/// The per-item layout records of a collection, in blocks of about a thousand.
///
/// A flat array would make every insert or delete near the top of a long list
/// move every record after it, and every height change shift every origin
/// after it. Blocks bound both: an insert or delete moves at most one block's
/// records and renumbers the block starts, and shifting a run of items along
/// the scroll direction adjusts whole blocks through their `base` instead of
/// touching their records. Records store their line origin relative to their
/// block's base; every accessor here speaks absolute values.
struct GeometryStore {
  /// A run of consecutive items.
  struct Block {
    /// Added to every record's `lineOrigin` to make it absolute.
    var base: CGFloat
    /// The records, in item order.
    var items: [ItemGeometry]
  }

  /// The number of records a freshly built block holds.
  static let blockSize = 1024

  /// The blocks, in item order; none is empty.
  private(set) var blocks: [Block] = []
  /// `starts[b]` is the index of the first item of `blocks[b]`.
  private(set) var starts: [Int] = []
  /// The number of items.
  private(set) var count = 0

  /// An empty store.
  init() {}

  /// A store of `count` records made by `record` (called in index order,
  /// with absolute line origins), built block by block so that no flat copy
  /// of them all exists on the way.
  ///
  /// - Complexity: O(*n*) plus the calls.
  init(count: Int, record: (Int) -> ItemGeometry) {
    self.count = count
    var start = 0
    blocks.reserveCapacity(count / Self.blockSize + 1)
    while start < count {
      let end = min(start + Self.blockSize, count)
      blocks.append(Block(base: 0, items: (start..<end).map(record)))
      starts.append(start)
      start = end
    }
  }

  // MARK: Positions

  /// A position in the store: a block and an index inside it.
  struct Position: Equatable {
    var block: Int
    var offset: Int
  }

  /// The position of item `index`, which must be in `0..<count`.
  ///
  /// - Complexity: O(log(*n* / block size)).
  func position(of index: Int) -> Position {
    precondition(index >= 0 && index < count, "item \(index) out of 0..<\(count)")
    // The last block whose start is <= index.
    let block = lowerBound(in: 0..<starts.count) { starts[$0] <= index } - 1
    return Position(block: block, offset: index - starts[block])
  }

  /// The position after `position`, or nil at the end.
  ///
  /// - Complexity: O(1).
  func position(after position: Position) -> Position? {
    if position.offset + 1 < blocks[position.block].items.count {
      return Position(block: position.block, offset: position.offset + 1)
    }
    return position.block + 1 < blocks.count ? Position(block: position.block + 1, offset: 0) : nil
  }

  /// The position before `position`, or nil at the start.
  ///
  /// - Complexity: O(1).
  func position(before position: Position) -> Position? {
    if position.offset > 0 { return Position(block: position.block, offset: position.offset - 1) }
    guard position.block > 0 else { return nil }
    return Position(block: position.block - 1, offset: blocks[position.block - 1].items.count - 1)
  }

  /// The record at `position`, with an absolute line origin.
  ///
  /// - Complexity: O(1).
  subscript(position: Position) -> ItemGeometry {
    get {
      var record = blocks[position.block].items[position.offset]
      record.lineOrigin += blocks[position.block].base
      return record
    }
    set {
      var record = newValue
      record.lineOrigin -= blocks[position.block].base
      blocks[position.block].items[position.offset] = record
    }
  }

  /// The record of item `index`, with an absolute line origin.
  ///
  /// - Complexity: O(log(*n* / block size)).
  subscript(index: Int) -> ItemGeometry {
    get { self[position(of: index)] }
    set { self[position(of: index)] = newValue }
  }

  /// The cached size of the item at `position`.
  ///
  /// - Complexity: O(1).
  func size(at position: Position) -> CGSize { blocks[position.block].items[position.offset].size }

  /// Sets the cached size of the item at `position` and clears its
  /// needs-size mark.
  ///
  /// - Complexity: O(1).
  mutating func setSize(_ size: CGSize, at position: Position) {
    blocks[position.block].items[position.offset].size = size
    blocks[position.block].items[position.offset].needsSize = false
  }

  /// Records where the item at `position` sits: its line, given absolutely,
  /// and its cross origin.
  ///
  /// - Complexity: O(1).
  mutating func place(
    at position: Position, lineOrigin: CGFloat, lineThickness: CGFloat, crossOrigin: CGFloat,
    isLineStart: Bool
  ) {
    let base = blocks[position.block].base
    blocks[position.block].items[position.offset].lineOrigin = lineOrigin - base
    blocks[position.block].items[position.offset].lineThickness = lineThickness
    blocks[position.block].items[position.offset].crossOrigin = crossOrigin
    blocks[position.block].items[position.offset].isLineStart = isLineStart
  }

  /// Calls `body` with the records of block `block`, to read and write in
  /// place, and the block's base: the records' line origins are relative
  /// to it. For placing a run of lines without an access per field.
  ///
  /// - Complexity: O(1) plus the call.
  mutating func withRecords<R>(
    ofBlock block: Int, _ body: (UnsafeMutableBufferPointer<ItemGeometry>, CGFloat) -> R
  ) -> R {
    let base = blocks[block].base
    return blocks[block].items.withUnsafeMutableBufferPointer { body($0, base) }
  }

  // MARK: Editing

  /// Inserts `record` (absolute line origin) so that it becomes item `index`.
  ///
  /// - Complexity: O(block size + *n* / block size).
  mutating func insert(_ record: ItemGeometry, at index: Int) {
    precondition(index >= 0 && index <= count, "insert at \(index) out of 0...\(count)")
    if blocks.isEmpty {
      blocks = [Block(base: 0, items: [record])]
      starts = [0]
      count = 1
      return
    }
    // Appending goes to the last block; anything else goes before the item
    // now at `index`.
    let target =
      index == count
      ? Position(block: blocks.count - 1, offset: blocks[blocks.count - 1].items.count)
      : position(of: index)
    var relative = record
    relative.lineOrigin -= blocks[target.block].base
    blocks[target.block].items.insert(relative, at: target.offset)
    count += 1
    for block in (target.block + 1)..<blocks.count { starts[block] += 1 }
    if blocks[target.block].items.count >= 2 * Self.blockSize { split(target.block) }
  }

  /// Removes item `index` and returns its record (absolute line origin).
  ///
  /// - Complexity: O(block size + *n* / block size).
  @discardableResult
  mutating func remove(at index: Int) -> ItemGeometry {
    let target = position(of: index)
    var record = blocks[target.block].items.remove(at: target.offset)
    record.lineOrigin += blocks[target.block].base
    count -= 1
    for block in (target.block + 1)..<blocks.count { starts[block] -= 1 }
    if blocks[target.block].items.isEmpty {
      blocks.remove(at: target.block)
      starts.remove(at: target.block)
    } else if blocks[target.block].items.count < Self.blockSize / 4 {
      mergeIfSmall(target.block)
    }
    return record
  }

  /// Splits an oversized block in two.
  private mutating func split(_ block: Int) {
    let items = blocks[block].items
    let half = items.count / 2
    let base = blocks[block].base
    blocks[block].items = Array(items[..<half])
    blocks.insert(Block(base: base, items: Array(items[half...])), at: block + 1)
    starts.insert(starts[block] + half, at: block + 1)
  }

  /// Folds an undersized block into a neighbour, so that deletes cannot
  /// leave a long list of tiny blocks behind.
  private mutating func mergeIfSmall(_ block: Int) {
    let neighbour: Int
    if block + 1 < blocks.count {
      neighbour = block + 1
    } else if block > 0 {
      neighbour = block - 1
    } else {
      return
    }
    let (first, second) = (min(block, neighbour), max(block, neighbour))
    guard blocks[first].items.count + blocks[second].items.count < 2 * Self.blockSize else { return }
    // Rebase the second block's records onto the first's base.
    let delta = blocks[second].base - blocks[first].base
    var moved = blocks[second].items
    if delta != 0 {
      for index in moved.indices { moved[index].lineOrigin += delta }
    }
    blocks[first].items.append(contentsOf: moved)
    blocks.remove(at: second)
    starts.remove(at: second)
  }

  /// Moves the lines of items `range` by `delta` along the scroll direction.
  ///
  /// - Complexity: O(block size + *n* / block size): whole blocks move by
  ///   their base.
  mutating func shift(_ range: Range<Int>, by delta: CGFloat) {
    guard !range.isEmpty, delta != 0 else { return }
    let first = position(of: range.lowerBound)
    let last = position(of: range.upperBound - 1)
    if first.block == last.block {
      for offset in first.offset...last.offset {
        blocks[first.block].items[offset].lineOrigin += delta
      }
      return
    }
    for offset in first.offset..<blocks[first.block].items.count {
      blocks[first.block].items[offset].lineOrigin += delta
    }
    for block in (first.block + 1)..<last.block { blocks[block].base += delta }
    for offset in 0...last.offset {
      blocks[last.block].items[offset].lineOrigin += delta
    }
  }

  // MARK: Searching

  /// The first item whose line starts at or after `value` along the scroll
  /// direction (line origins never decrease), or `count` if none.
  ///
  /// - Complexity: O(log *n*).
  func firstIndex(lineOriginAtLeast value: CGFloat) -> Int {
    // The first block whose last line origin reaches `value`...
    let found = lowerBound(in: 0..<blocks.count) {
      blocks[$0].items[blocks[$0].items.count - 1].lineOrigin + blocks[$0].base < value
    }
    guard found < blocks.count else { return count }
    // ...and the first record in it that does.
    let block = blocks[found]
    let first = lowerBound(in: 0..<block.items.count) { block.items[$0].lineOrigin + block.base < value }
    return starts[found] + first
  }
}

extension GeometryStore {
  /// The rules written on the type: no block is empty, `starts[b]` is the
  /// number of records before block `b`, and `count` is the number of
  /// records.
  ///
  /// - Complexity: O(*b*) in blocks.
  func invariantViolations() -> [InvariantViolation] {
    var check = InvariantChecker("GeometryStore")
    check.expect(starts.count == blocks.count, "one start per block")
    var total = 0
    for (block, start) in zip(blocks, starts) {
      check.expect(!block.items.isEmpty, "no block is empty")
      check.expect(start == total, "a block starts after the records of the blocks before it")
      total += block.items.count
    }
    check.expect(total == count, "count is the number of records")
    return check.violations
  }
}

extension GeometryStore {
  /// Appends an empty block, which breaks "no block is empty": for the
  /// tests of the checks (`CollectionView.plant(_:)`) only.
  mutating func appendEmptyBlockForTesting() {
    blocks.append(Block(base: 0, items: []))
    starts.append(count)
  }
}
