/// The work behind `listDiff`: match the common prefix and suffix by direct
/// comparison, pair the middle through a compact hash table, then derive
/// deletes, inserts, moves and updates in single passes.
///
/// Why this shape: hashing and probing are the cost of a diff, and the common
/// updates (nothing changed, something appended, a few payloads changed)
/// leave long runs of identical identifiers at both ends, which need no
/// hashing at all. The middle uses an open-addressing table of packed
/// `(hash tag, index)` words instead of a `Dictionary`: probes compare 32-bit
/// tags in one cache-friendly array and touch an identifier only on a likely
/// match.
@usableFromInline
internal struct _DiffEngine<T: ListDiffable> {
  @usableFromInline typealias Identifier = T.DiffIdentifier

  @usableFromInline let old: UnsafeBufferPointer<T>
  @usableFromInline let new: UnsafeBufferPointer<T>
  @usableFromInline let option: ListDiffOption
  /// Whether elements are class instances (checked once; the check is a call).
  @usableFromInline let elementsAreObjects: Bool

  @inlinable @inline(__always)
  func oldId(_ k: Int) -> Identifier { old[k].diffIdentifier }
  @inlinable @inline(__always)
  func newId(_ j: Int) -> Identifier { new[j].diffIdentifier }

  @inlinable
  init(old: UnsafeBufferPointer<T>, new: UnsafeBufferPointer<T>, option: ListDiffOption) {
    precondition(
      old.count < Int(Int32.max) && new.count < Int(Int32.max),
      "listDiff handles arrays of fewer than 2,147,483,647 elements")
    self.old = old
    self.new = new
    self.option = option
    self.elementsAreObjects = T.self is AnyObject.Type
  }

  /// Whether the pair (old index `k`, new index `j`) is unchanged, per
  /// `option`. The new element is asked about the old, as IGListKit does.
  /// Takes indexes rather than elements, so callers make no copies of their own.
  @inlinable @inline(__always)
  func unchanged(_ k: Int, _ j: Int) -> Bool {
    if elementsAreObjects {
      let same = (old[k] as AnyObject) === (new[j] as AnyObject)
      if option == .pointerPersonality || same { return same }
    }
    return new[j].isEqual(toDiffableObject: old[k])
  }

  @inlinable
  func run(lookup: _IdentifierLookup<Identifier>) -> ListDiffResult<Identifier> {
    let n = old.count
    let m = new.count

    // Old indexes of matched pairs that are not unchanged, in any region.
    var changedPairs: [Int] = []

    // A common prefix pairs the k-th occurrences of its identifiers on both
    // sides, which is IGListKit's pairing, whatever repeats later.
    let shorter = Swift.min(n, m)
    var prefix = 0
    while prefix < shorter && oldId(prefix) == newId(prefix) {
      if !unchanged(prefix, prefix) { changedPairs.append(prefix) }
      prefix += 1
    }
    var suffix = 0
    while suffix < shorter - prefix && oldId(n - 1 - suffix) == newId(m - 1 - suffix) {
      suffix += 1
    }
    // A common suffix pairs occurrences from the end, which is IGListKit's
    // pairing only if none of its identifiers also occurs in the middle.
    // Checking costs a scan per middle element, so it is done for small
    // middles only; otherwise the suffix joins the middle.
    if suffix > 0 && !suffixIsSafe(prefix: prefix, suffix: suffix) { suffix = 0 }

    let oldMiddle = prefix..<(n - suffix)
    let newMiddle = prefix..<(m - suffix)

    // Pair the middle. -1 marks an unmatched element.
    var oldToNew = [Int32](repeating: -1, count: oldMiddle.count)
    var newToOld = [Int32](repeating: -1, count: newMiddle.count)
    if !oldMiddle.isEmpty && !newMiddle.isEmpty {
      pairMiddle(oldMiddle: oldMiddle, newMiddle: newMiddle, oldToNew: &oldToNew, newToOld: &newToOld)
    }

    // Deletes, and for each old middle element the deletes before it.
    var deletes: [Int] = []
    var deletesBefore = [Int32](repeating: 0, count: oldMiddle.count)
    do {
      var running: Int32 = 0
      for k in 0..<oldMiddle.count {
        deletesBefore[k] = running
        let j = oldToNew[k]
        if j < 0 {
          deletes.append(prefix + k)
          running += 1
        } else if !unchanged(prefix + k, prefix + Int(j)) {
          changedPairs.append(prefix + k)
        }
      }
    }

    // Inserts and moves, in new order.
    var inserts: [Int] = []
    var moves: [ListMoveIndex] = []
    do {
      var running = 0
      for j in 0..<newMiddle.count {
        let k = Int(newToOld[j])
        if k < 0 {
          inserts.append(prefix + j)
          running += 1
        } else if k - Int(deletesBefore[k]) + running != j {
          moves.append(ListMoveIndex(from: prefix + k, to: prefix + j))
        }
      }
    }

    for k in (n - suffix)..<n where !unchanged(k, k + m - n) {
      changedPairs.append(k)
    }

    // The old index of every updated pair and its new index.
    var updates: [Int] = []
    var updateTargets: [Int] = []
    if !changedPairs.isEmpty {
      collectUpdates(
        changedPairs: changedPairs, prefix: prefix, suffix: suffix, oldToNew: oldToNew,
        updates: &updates, updateTargets: &updateTargets)
    }

    return ListDiffResult(
      inserts: inserts, deletes: deletes, updates: updates, moves: moves,
      updateTargets: updateTargets, lookup: lookup)
  }

  /// Whether no identifier of the middle (either side) occurs in the common
  /// suffix. Gives up (false) when the middle is too large to check by scanning.
  @inlinable
  func suffixIsSafe(prefix: Int, suffix: Int) -> Bool {
    let n = old.count
    let m = new.count
    let middleCount = (n - suffix - prefix) + (m - suffix - prefix)
    guard middleCount <= 8 else { return false }
    func inSuffix(_ id: Identifier) -> Bool {
      for k in (n - suffix)..<n where oldId(k) == id { return true }
      return false
    }
    for k in prefix..<(n - suffix) where inSuffix(oldId(k)) { return false }
    for j in prefix..<(m - suffix) where inSuffix(newId(j)) { return false }
    return true
  }

  /// IGListKit's pairing of the middle ranges: the k-th new occurrence of an
  /// identifier takes the k-th old occurrence.
  @inlinable
  func pairMiddle(
    oldMiddle: Range<Int>, newMiddle: Range<Int>,
    oldToNew: inout [Int32], newToOld: inout [Int32]
  ) {
    var table = _IndexTable(minimumCapacity: oldMiddle.count)
    defer { table.deallocate() }
    let base = oldMiddle.lowerBound

    // Later occurrences of a repeated old identifier hang off the first in a
    // chain, allocated only once a repeat is seen.
    var nextOccurrence: [Int32] = []
    var lastOccurrence: [Int32] = []
    for k in 0..<oldMiddle.count {
      // The identifier is read again on a tag match instead of held, which
      // saves a retain and release per element on the common no-match path.
      let hash = oldId(base + k).hashValue
      let first = table.insert(hash: hash, index: k) { oldId(base + $0) == oldId(base + k) }
      if first != k {
        if nextOccurrence.isEmpty {
          nextOccurrence = [Int32](repeating: -1, count: oldMiddle.count)
          lastOccurrence = (0..<Int32(oldMiddle.count)).map { $0 }
        }
        nextOccurrence[Int(lastOccurrence[first])] = Int32(k)
        lastOccurrence[first] = Int32(k)
      }
    }

    let hasRepeats = !nextOccurrence.isEmpty
    // Per first occurrence, the next old occurrence not yet taken.
    var cursor: [Int32] = hasRepeats ? (0..<Int32(oldMiddle.count)).map { $0 } : []
    // Runs of items that kept their order are the norm, so before hashing a
    // new identifier try the old item after the last one matched. Where old
    // identifiers are unique, any untaken old item with an equal identifier
    // is the one IGListKit pairs, so this shortcut changes no result.
    var expected = -1
    let newBase = newMiddle.lowerBound
    for j in 0..<newMiddle.count {
      if !hasRepeats && expected >= 0 && expected < oldMiddle.count && oldToNew[expected] < 0
        && oldId(base + expected) == newId(newBase + j)
      {
        oldToNew[expected] = Int32(j)
        newToOld[j] = Int32(expected)
        expected += 1
        continue
      }
      let id = newId(newBase + j)
      guard let first = table.find(hash: id.hashValue, where: { oldId(base + $0) == id })
      else { continue }
      if hasRepeats {
        let k = Int(cursor[first])
        guard k >= 0 else { continue }
        cursor[first] = nextOccurrence[k]
        oldToNew[k] = Int32(j)
        newToOld[j] = Int32(k)
      } else if oldToNew[first] < 0 {
        oldToNew[first] = Int32(j)
        newToOld[j] = Int32(first)
        expected = first + 1
      }
    }
  }

  /// IGListKit's updates: an identifier with any changed pair marks every
  /// matched pair of that identifier. Appends old indexes ascending, with the
  /// new index of each.
  @inlinable
  func collectUpdates(
    changedPairs: [Int], prefix: Int, suffix: Int, oldToNew: [Int32],
    updates: inout [Int], updateTargets: inout [Int]
  ) {
    let n = old.count
    let m = new.count
    // The new index of old index k if it is matched.
    func partner(_ k: Int) -> Int? {
      if k < prefix { return k }
      if k >= n - suffix { return k + m - n }
      let j = oldToNew[k - prefix]
      return j < 0 ? nil : prefix + Int(j)
    }

    // The changed identifiers, each once.
    var changed = _IndexTable(minimumCapacity: changedPairs.count)
    defer { changed.deallocate() }
    var changedIds: [Identifier] = []
    for k in changedPairs {
      let id = oldId(k)
      let slot = changed.insert(hash: id.hashValue, index: changedIds.count) { changedIds[$0] == id }
      if slot == changedIds.count { changedIds.append(id) }
    }

    // A changed identifier that occurs once is only its own pair; finding
    // out whether any repeats costs one look at every matched identifier,
    // done by comparison when the changed set is tiny and by hashing
    // otherwise.
    let isChanged: (Identifier) -> Bool
    if changedIds.count <= 4 {
      isChanged = { id in changedIds.contains(id) }
    } else {
      isChanged = { id in
        changed.find(hash: id.hashValue, where: { changedIds[$0] == id }) != nil
      }
    }
    for k in 0..<n {
      guard let j = partner(k), isChanged(oldId(k)) else { continue }
      updates.append(k)
      updateTargets.append(j)
    }
  }
}
