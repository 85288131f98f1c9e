/// The common prefix and suffix of a diff: runs of equal identifiers at both
/// ends, paired by comparing identifiers, with no hash computed for them.
///
/// The prefix pairs the *k*-th occurrences of its identifiers on both sides,
/// which is IGListKit's pairing whatever follows. The suffix pairs
/// occurrences counted from the end, which is IGListKit's pairing exactly
/// when each of its identifiers occurs as often in the old middle (between
/// prefix and suffix) as in the new one; in particular when none occurs in
/// the middle at all, which is what `keptSuffix` checks, one fingerprint per
/// suffix element against a set of the middle's. Where one does occur (a
/// repeated identifier, an item moved into the middle from the tail), the
/// suffix is kept only after its last such identifier: what lies before
/// joins the middle, where it is paired by hash. That is still IGListKit's
/// pairing, since the part that joins is a common run, so every identifier
/// of the kept suffix gains as many occurrences in the old middle as in the
/// new.
extension _DiffEngine {
  /// How many pairs are compared before their `unchanged` verdicts are
  /// asked: enough for the comparisons of a block to wait on memory
  /// together, few enough that the elements are still in the cache when
  /// asked about. (On W3, timed in one process beside the engine that
  /// compared the ends without asking in blocks: blocks of 8 took 0.82 of
  /// its time, of 1 0.87, of 32 0.90.)
  @usableFromInline static var endsBlock: Int { 8 }

  /// The length of the common prefix; appends the old index of each of its
  /// pairs that `unchanged` calls changed to `changedPairs`, ascending.
  ///
  /// - Complexity: O(*p*) identifier comparisons and `unchanged` calls for
  ///   a prefix of length *p*.
  @inlinable
  func matchPrefix(
    changedPairs: inout [Int], unchanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool
  ) -> Int {
    let shorter = Swift.min(old.count, new.count)
    var prefix = 0
    while prefix < shorter {
      let blockEnd = Swift.min(prefix &+ Self.endsBlock, shorter)
      var end = prefix
      while end < blockEnd && _IdentifierEquality.equal(old[end], new[end]) { end &+= 1 }
      for k in prefix..<end where !unchanged(k, k) { changedPairs.append(k) }
      prefix = end
      if end < blockEnd { break }
    }
    return prefix
  }

  /// The length of the longest run of equal identifiers at the end of both
  /// sides that leaves `prefix` alone.
  ///
  /// - Complexity: O(*s*) identifier comparisons for a run of length *s*.
  @inlinable
  func commonSuffixLength(prefix: Int) -> Int {
    let n = old.count
    let m = new.count
    let limit = Swift.min(n, m) &- prefix
    var suffix = 0
    while suffix < limit && _IdentifierEquality.equal(old[n &- 1 &- suffix], new[m &- 1 &- suffix]) {
      suffix &+= 1
    }
    return suffix
  }

  /// How much of the common suffix of length `common` is kept as paired
  /// from the end: all of it when no identifier of the middle occurs in it,
  /// otherwise what follows the last that does. Asks `unchanged` about each
  /// kept pair, once, and appends the old index of each it calls changed
  /// to `changes`, descending. `oldIsUnique` promises that no identifier
  /// repeats in `old`: then only the new middle can share one with the
  /// suffix.
  ///
  /// Where the middle is more than four times longer than the suffix,
  /// fingerprinting it costs more than pairing the suffix by hash, and the
  /// suffix joins the middle (0).
  ///
  /// - Complexity: O(*m* + *s*) expected for a middle of *m* elements and a
  ///   suffix of *s*: a fingerprint of each, a probe per suffix element and
  ///   an `unchanged` call per kept pair.
  @inlinable
  func keptSuffix(
    common: Int, prefix: Int, oldIsUnique: Bool, changes: inout [Int],
    unchanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool
  ) -> Int {
    guard common > 0 else { return 0 }
    let n = old.count
    let offset = new.count &- n
    let oldMiddle = oldIsUnique ? prefix..<prefix : prefix..<(n &- common)
    let newMiddle = prefix..<(new.count &- common)
    let middleCount = oldMiddle.count &+ newMiddle.count
    guard middleCount <= 4 &* common else { return 0 }
    var membership = _IdentifierSet(
      _MiddleMembers(old: old, oldMiddle: oldMiddle, new: new, newMiddle: newMiddle))
    if membership.gaveUp { return 0 }
    // From the end, a block at a time: the block's old identifiers are
    // looked up (stopping at the first found in the middle), then its
    // pairs up to there are asked about while their elements are at hand.
    let lowest = n &- common
    var high = n &- 1
    while high >= lowest {
      let low = Swift.max(lowest, high &- (Self.endsBlock &- 1))
      var keepFrom = low
      var stopped = false
      if middleCount > 0 {
        var k = high
        while k >= low {
          // Nil: the fingerprints collide too often to go on; keep what is
          // checked.
          let occurs = membership.contains(old, at: k) ?? true
          if occurs {
            keepFrom = k &+ 1
            stopped = true
            break
          }
          k &-= 1
        }
      }
      var k = high
      while k >= keepFrom {
        if !unchanged(k, k &+ offset) { changes.append(k) }
        k &-= 1
      }
      if stopped { return n &- keepFrom }
      high = low &- 1
    }
    return common
  }
}
