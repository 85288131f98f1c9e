/// IGListKit's pairing of the part of two arrays between their common prefix
/// and suffix: the k-th new occurrence of an identifier takes the k-th old
/// occurrence. Offsets are relative to the start of each middle range.
///
/// Keeps the hash table of the old middle's identifiers (by the offset of
/// each identifier's first occurrence, its *group*), so that later passes can
/// ask which group an identifier belongs to without hashing the middle again.
///
/// The table is filled and searched with `hashing`'s hash: the fast one
/// until an identifier it declines turns up, on either side; then the table
/// is filled again with `Hasher` (`useHasher`) and the pairing goes on where
/// it was, so no pair is made, or asked about, twice.
@usableFromInline
internal struct _MiddlePairing<Identifier: Hashable>: ~Copyable {
  /// For each old middle element, its partner's offset in the new middle, or -1.
  @usableFromInline var oldToNew: [Int32]
  /// For each new middle element, its partner's offset in the old middle, or -1.
  @usableFromInline var newToOld: [Int32]
  /// The old middle's identifiers by first occurrence; nil once dropped.
  @usableFromInline var table: _IndexTable?
  /// For each old middle element, the next occurrence of its identifier, or
  /// -1; empty when no identifier repeats in the old middle.
  @usableFromInline var nextOccurrence: [Int32] = []
  /// For each old middle element, the first occurrence of its identifier;
  /// empty when no identifier repeats (then every element is its own first).
  @usableFromInline var firstOccurrence: [Int32] = []
  /// For each old middle element, whether it was paired and its pair is not
  /// unchanged; empty while no pair has changed.
  @usableFromInline var changed: [Bool] = []
  /// The number of pairs made.
  @usableFromInline var pairCount = 0
  /// The hash the table is filled and searched with.
  @usableFromInline var hashing = _IdentifierHashing<Identifier>()

  /// Pairs `old[oldMiddle]` with `new[newMiddle]`, asking `unchanged` about
  /// each pair as it is made: its identifiers have just been compared, so the
  /// items' memory is at hand.
  ///
  /// - Complexity: O(*n* + *m*) expected; each old identifier is hashed once,
  ///   and each new one at most once (not at all where it follows the
  ///   previous match in both arrays); where the fast hash declines one,
  ///   the old ones once more and a block of new ones again.
  @inlinable
  init<Identifiers: _DiffIdentifiers>(
    old: Identifiers, new: Identifiers, oldMiddle: Range<Int>, newMiddle: Range<Int>,
    unchanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool
  ) where Identifiers.Identifier == Identifier {
    let oldCount = oldMiddle.count
    oldToNew = [Int32](repeating: -1, count: oldCount)
    newToOld = [Int32](repeating: -1, count: newMiddle.count)
    guard oldCount > 0 && !newMiddle.isEmpty else { return }
    let ahead = _ProbesAhead(capacity: Self.block)
    defer { ahead.deallocate() }
    var table = _IndexTable(minimumCapacity: oldCount)
    if !indexOld(old, oldMiddle, into: &table, ahead: ahead) {
      // An identifier the fast hash declines: start again with `Hasher`
      // (nothing has been paired yet).
      hashing.seed = nil
      nextOccurrence = []
      firstOccurrence = []
      table = _IndexTable(minimumCapacity: oldCount)
      _ = indexOld(old, oldMiddle, into: &table, ahead: ahead)
    }
    self.table = consume table
    pairNew(old, new, oldMiddle, newMiddle, ahead: ahead, unchanged)
  }

  /// Puts every identifier of `old[oldMiddle]` in `table` by the offset of
  /// its first occurrence, and chains later occurrences of a repeated one.
  /// `ahead` has room for a block. False, with the work half done, if
  /// `hashing` declines an identifier.
  ///
  /// - Complexity: O(*n*) expected; each identifier is hashed once.
  @inlinable
  mutating func indexOld<Identifiers: _DiffIdentifiers>(
    _ old: Identifiers, _ oldMiddle: Range<Int>, into table: inout _IndexTable,
    ahead: _ProbesAhead
  ) -> Bool where Identifiers.Identifier == Identifier {
    let oldCount = oldMiddle.count
    let base = oldMiddle.lowerBound
    // Later occurrences of a repeated old identifier hang off the first in a
    // chain, allocated only once a repeat is seen.
    var lastOccurrence: [Int32] = []
    var blockStart = 0
    while blockStart < oldCount {
      // A block's hashes first, then the slots they start at, then its
      // inserts: the table's scattered reads (it is larger than the caches
      // from some 30,000 elements) wait on memory together, not in turn
      // behind the hashing and each other.
      let blockEnd = Swift.min(blockStart + Self.block, oldCount)
      for k in blockStart..<blockEnd {
        guard let hash = hashing.hash(old[base + k]) else { return false }
        ahead.hashes[k - blockStart] = hash
      }
      table.readFirstWords(count: blockEnd - blockStart, into: ahead)
      for k in blockStart..<blockEnd {
        // The identifier is read again on a tag match instead of held, which
        // saves a copy per element on the common no-match path.
        let first = table.insert(
          hash: ahead.hashes[k - blockStart], index: k, firstWord: ahead.words[k - blockStart]
        ) {
          _IdentifierEquality.equal(old[base + $0], old[base + k])
        }
        if first != k {
          if nextOccurrence.isEmpty {
            nextOccurrence = [Int32](repeating: -1, count: oldCount)
            firstOccurrence = Array(0..<Int32(oldCount))
            lastOccurrence = Array(0..<Int32(oldCount))
          }
          nextOccurrence[Int(lastOccurrence[first])] = Int32(k)
          lastOccurrence[first] = Int32(k)
          firstOccurrence[k] = Int32(first)
        }
      }
      blockStart = blockEnd
    }
    return true
  }

  /// Fills the table again, with `Hasher`, for a diff that has met an
  /// identifier the fast hash declines. The groups and chains stay: they do
  /// not depend on the hash.
  ///
  /// - Complexity: O(*n*) expected in the old middle's length.
  @inlinable
  mutating func useHasher<Identifiers: _DiffIdentifiers>(
    _ old: Identifiers, _ oldMiddle: Range<Int>
  ) where Identifiers.Identifier == Identifier {
    guard !hashing.usesHasher else { return }
    hashing.seed = nil
    guard table != nil else { return }
    let base = oldMiddle.lowerBound
    var refilled = _IndexTable(minimumCapacity: oldMiddle.count)
    for k in 0..<oldMiddle.count where group(of: k) == k {
      _ = refilled.insert(hash: old[base + k].hashValue, index: k) { _ in false }
    }
    table = consume refilled
  }

  /// Pairs each element of `new[newMiddle]`, in order, with the next
  /// untaken old occurrence of its identifier, found in `table`.
  ///
  /// - Complexity: O(*m*) expected; each identifier is hashed at most once
  ///   (its block twice, with the old middle again, when the fast hash
  ///   declines one), not at all where it follows the previous match in
  ///   both arrays.
  @inlinable
  mutating func pairNew<Identifiers: _DiffIdentifiers>(
    _ old: Identifiers, _ new: Identifiers, _ oldMiddle: Range<Int>, _ newMiddle: Range<Int>,
    ahead: _ProbesAhead, _ unchanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool
  ) where Identifiers.Identifier == Identifier {
    let oldCount = oldMiddle.count
    let base = oldMiddle.lowerBound
    let newBase = newMiddle.lowerBound
    let hasRepeats = !nextOccurrence.isEmpty
    // Per group, the next old occurrence not yet taken.
    var cursor: [Int32] = hasRepeats ? Array(0..<Int32(oldCount)) : []
    // Runs of items that kept their order are the norm, so before hashing a
    // new identifier try the old item after the last one matched, and the
    // one after that (the item between deleted, most often: each delete
    // would otherwise cost a hash and a probe that misses the caches).
    // Where old identifiers are unique, any untaken old item with an equal
    // identifier is the one IGListKit pairs, so this shortcut changes no
    // result; and one it turns down (`surelyEqual`) is found by hash.
    var expected = -1
    // New identifiers are hashed ahead too, but only while they keep
    // needing it: a run of items that could not be paired by comparison
    // (inserts, a replaced list) hashes as far ahead as the run is long so
    // far, at most a block, so isolated inserts and moves waste no hash, at
    // most half of a run's hashes are wasted, and a long run's look-ups
    // overlap as the old side's inserts do.
    var hashedFrom = 0
    var hashedTo = 0
    var run = 0
    let newCount = newMiddle.count
    for j in 0..<newCount {
      if !hasRepeats && expected >= 0 {
        var next = expected
        while next < Swift.min(oldCount, expected + 2) {
          if oldToNew[next] < 0 && _IdentifierEquality.surelyEqual(old[base + next], new[newBase + j]) {
            break
          }
          next += 1
        }
        if next < Swift.min(oldCount, expected + 2) {
          pair(next, j, base: base, newBase: newBase, unchanged)
          expected = next + 1
          run = 0
          continue
        }
      }
      if j >= hashedTo {
        hashedFrom = j
        hashedTo = Swift.min(newCount, j + Swift.max(1, Swift.min(Self.block, run)))
        if !hashAhead(new, from: newBase + hashedFrom, count: hashedTo - hashedFrom, into: ahead.hashes) {
          useHasher(old, oldMiddle)
          _ = hashAhead(new, from: newBase + hashedFrom, count: hashedTo - hashedFrom, into: ahead.hashes)
        }
        table?.readFirstWords(count: hashedTo - hashedFrom, into: ahead)
      }
      run += 1
      guard
        let first = table?.find(
          hash: ahead.hashes[j - hashedFrom], firstWord: ahead.words[j - hashedFrom],
          where: { _IdentifierEquality.equal(old[base + $0], new[newBase + j]) })
      else { continue }
      if hasRepeats {
        let k = Int(cursor[first])
        guard k >= 0 else { continue }
        cursor[first] = nextOccurrence[k]
        pair(k, j, base: base, newBase: newBase, unchanged)
      } else if oldToNew[first] < 0 {
        pair(first, j, base: base, newBase: newBase, unchanged)
        expected = first + 1
      }
    }
  }

  /// Hashes `count` identifiers of `new` from `start` into `hashes`; false
  /// if `hashing` declines one.
  ///
  /// - Complexity: O(*k*) in the identifiers' total length.
  @inlinable @inline(__always)
  func hashAhead<Identifiers: _DiffIdentifiers>(
    _ new: Identifiers, from start: Int, count: Int, into hashes: UnsafeMutablePointer<Int>
  ) -> Bool where Identifiers.Identifier == Identifier {
    for offset in 0..<count {
      guard let hash = hashing.hash(new[start + offset]) else { return false }
      hashes[offset] = hash
    }
    return true
  }

  /// How many identifiers are hashed ahead of their table operations.
  @usableFromInline static var block: Int { 64 }

  /// Records the pair of middle offsets and whether it changed.
  @inlinable @inline(__always)
  mutating func pair(
    _ oldOffset: Int, _ newOffset: Int, base: Int, newBase: Int,
    _ unchanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool
  ) {
    oldToNew[oldOffset] = Int32(truncatingIfNeeded: newOffset)
    newToOld[newOffset] = Int32(truncatingIfNeeded: oldOffset)
    pairCount += 1
    if !unchanged(base + oldOffset, newBase + newOffset) {
      if changed.isEmpty { changed = [Bool](repeating: false, count: oldToNew.count) }
      changed[oldOffset] = true
    }
  }

  /// Whether the old middle element at `offset` was paired and changed.
  @inlinable @inline(__always)
  func isChanged(_ offset: Int) -> Bool {
    !changed.isEmpty && changed[offset]
  }

  /// Frees the hash table early, for a diff whose update pass will not
  /// need it (nothing changed).
  @inlinable
  mutating func dropTable() {
    table = nil
  }

  /// The group of the old middle element at `offset`: the offset of the
  /// first occurrence of its identifier.
  @inlinable @inline(__always)
  func group(of offset: Int) -> Int {
    firstOccurrence.isEmpty ? offset : Int(firstOccurrence[offset])
  }

  /// The group of `identifier` (whose hash, by `hashing`, is `hash`) if it
  /// occurs in the old middle, which starts at `base` in `old`.
  @inlinable
  func group<Identifiers: _DiffIdentifiers>(
    of identifier: Identifier, hash: Int, in old: Identifiers, from base: Int
  ) -> Int? where Identifiers.Identifier == Identifier {
    table?.find(hash: hash, where: { _IdentifierEquality.equal(old[base + $0], identifier) })
  }
}

/// Room for a block of hashes and of the table words their probes start at
/// (`_IndexTable.firstWord(hash:)`), read ahead of the probes. Freed by its
/// owner.
@usableFromInline
internal struct _ProbesAhead {
  @usableFromInline let hashes: UnsafeMutablePointer<Int>
  @usableFromInline let words: UnsafeMutablePointer<UInt64>

  /// Room for `capacity` of each.
  @inlinable
  init(capacity: Int) {
    hashes = .allocate(capacity: capacity)
    words = .allocate(capacity: capacity)
  }

  /// Frees the room.
  @inlinable
  func deallocate() {
    hashes.deallocate()
    words.deallocate()
  }
}

extension _IndexTable {
  /// Reads the first word of the probe (`firstWord(hash:)`) of each of the
  /// first `count` hashes of `ahead` into its words.
  ///
  /// - Complexity: O(`count`).
  @inlinable @inline(__always)
  func readFirstWords(count: Int, into ahead: _ProbesAhead) {
    for offset in 0..<count { ahead.words[offset] = firstWord(hash: ahead.hashes[offset]) }
  }
}
