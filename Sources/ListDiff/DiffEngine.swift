/// The work behind `listDiff`: match the common prefix and suffix by direct
/// comparison (see CommonEnds.swift), pair the middle through a compact hash
/// table, then derive deletes, inserts, moves and updates in single passes.
///
/// Why this shape: hashing and probing are the cost of a diff, and the common
/// updates (nothing changed, something appended, a few payloads changed, a
/// block inserted or deleted) leave long runs of identical identifiers at
/// both ends, which need no hashing at all. The middle uses an
/// open-addressing table of packed `(hash tag, index)` words instead of a
/// `Dictionary`: probes compare 32-bit tags in one cache-friendly array and
/// touch an identifier only on a likely match.
///
/// Identifiers are read in place from `old` and `new` (see
/// `_DiffIdentifiers`) and each is hashed at most once (twice where the diff
/// leaves the fast hash for `Hasher`, see `_IdentifierHashing`): the
/// middle's table outlives the pairing so that the update pass finds the
/// middle's identifiers in it instead of hashing them again; those of the
/// prefix and suffix are never hashed, only fingerprinted where a check
/// needs it (`_IdentifierSet`). Whether a matched pair changed is asked of
/// `unchanged` by index, once per pair, so callers whose identifiers live
/// apart from their values pay nothing to reach them.
@usableFromInline
internal struct _DiffEngine<Identifiers: _DiffIdentifiers> {
  @usableFromInline typealias Identifier = Identifiers.Identifier

  @usableFromInline let old: Identifiers
  @usableFromInline let new: Identifiers

  @inlinable
  init(old: Identifiers, new: Identifiers) {
    precondition(
      old.count < Int(Int32.max) && new.count < Int(Int32.max),
      "listDiff handles arrays of fewer than 2,147,483,647 elements")
    self.old = old
    self.new = new
  }

  /// The diff. `unchanged(k, j)` says whether the matched pair (old index
  /// `k`, new index `j`) is unchanged; it is asked once per matched pair.
  /// `oldIsUnique` promises that no identifier repeats in `old`: then each
  /// identifier has at most one matched pair, so the updates are exactly the
  /// changed pairs and the pass that spreads a change to every pair of its
  /// identifier is skipped.
  ///
  /// Longer than most (about 95 lines) on purpose: it is the diff's hot
  /// path, read top to bottom as IGListKit's passes (prefix and suffix,
  /// middle pairing, deletes, inserts and moves, updates), and the passes
  /// share the running counts and reserved arrays that splitting would pass
  /// back and forth through `inout` parameters of an `@inlinable` function.
  /// The long secondary pass already stands apart (`collectUpdates`).
  @inlinable
  func run(
    oldIsUnique: Bool = false, unchanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool
  ) -> _DiffChanges {
    let n = old.count
    let m = new.count

    // Old indexes of matched pairs that are not unchanged, ascending: the
    // prefix, middle and suffix are visited in that order.
    var changedPairs: [Int] = []

    // The common ends, compared without hashing (see CommonEnds.swift).
    let prefix = matchPrefix(changedPairs: &changedPairs, unchanged: unchanged)
    var suffixChanges: [Int] = []
    let suffix = keptSuffix(
      common: commonSuffixLength(prefix: prefix), prefix: prefix, oldIsUnique: oldIsUnique,
      changes: &suffixChanges, unchanged: unchanged)

    // Pair the middle.
    var pairing = _MiddlePairing<Identifier>(
      old: old, new: new, oldMiddle: prefix..<(n - suffix), newMiddle: prefix..<(m - suffix),
      unchanged: unchanged)

    // Deletes, for each old middle element the deletes before it, and the
    // middle's changed pairs in ascending order.
    // The index arrays are reserved at their exact size (the pairing counts
    // its pairs), so a large change does not grow them by copying.
    // With no pair in the middle (a list replaced) every old middle element
    // is deleted and every new one inserted, in order and with no moves: the
    // index arrays are ranges, and no move needs the deletes' running count.
    let middleMatched = pairing.pairCount > 0
    var deletes: [Int] = []
    var deletesBefore: [Int32] = []
    if !middleMatched {
      deletes = Array(prefix..<(prefix + pairing.oldToNew.count))
    } else {
      deletes.reserveCapacity(pairing.oldToNew.count - pairing.pairCount)
      deletesBefore = [Int32](repeating: 0, count: pairing.oldToNew.count)
      var running: Int32 = 0
      for k in 0..<pairing.oldToNew.count {
        deletesBefore[k] = running
        if pairing.oldToNew[k] < 0 {
          deletes.append(prefix + k)
          running += 1
        } else if pairing.isChanged(k) {
          changedPairs.append(prefix + k)
        }
      }
    }

    changedPairs.append(contentsOf: suffixChanges.reversed())
    // Only the update pass uses the middle's table: free it now if there is
    // none, before the remaining arrays are made.
    if changedPairs.isEmpty { pairing.dropTable() }

    // Inserts and moves, in new order.
    var inserts: [Int] = []
    var moves: [ListMoveIndex] = []
    if !middleMatched {
      inserts = Array(prefix..<(prefix + pairing.newToOld.count))
    } else {
      inserts.reserveCapacity(pairing.newToOld.count - pairing.pairCount)
      var running = 0
      for j in 0..<pairing.newToOld.count {
        let k = Int(pairing.newToOld[j])
        if k < 0 {
          inserts.append(prefix + j)
          running += 1
        } else if k - Int(deletesBefore[k]) + running != j {
          moves.append(ListMoveIndex(from: prefix + k, to: prefix + j))
        }
      }
    }

    // The old index of every updated pair and its new index.
    var updates: [Int] = []
    var updateTargets: [Int] = []
    if oldIsUnique {
      updates = changedPairs
      updateTargets = changedPairs.map {
        partner(ofOld: $0, prefix: prefix, suffix: suffix, pairing: pairing)!
      }
    } else if !changedPairs.isEmpty {
      if !collectUpdates(
        changedPairs: changedPairs, prefix: prefix, suffix: suffix, pairing: pairing,
        updates: &updates, updateTargets: &updateTargets)
      {
        // An identifier the fast hash declines: again, with `Hasher`.
        pairing.useHasher(old, prefix..<(n - suffix))
        updates.removeAll()
        updateTargets.removeAll()
        _ = collectUpdates(
          changedPairs: changedPairs, prefix: prefix, suffix: suffix, pairing: pairing,
          updates: &updates, updateTargets: &updateTargets)
      }
    }

    let changes = _DiffChanges(
      inserts: inserts, deletes: deletes, updates: updates, moves: moves,
      updateTargets: updateTargets)
    changes.checkCountEquation(oldCount: old.count, newCount: new.count)
    return changes
  }

  /// The new index paired with old index `k`, nil if it is deleted.
  @inlinable @inline(__always)
  func partner(
    ofOld k: Int, prefix: Int, suffix: Int, pairing: borrowing _MiddlePairing<Identifier>
  ) -> Int? {
    if k < prefix { return k }
    if k >= old.count - suffix { return k + new.count - old.count }
    let partner = pairing.oldToNew[k - prefix]
    return partner >= 0 ? prefix + Int(partner) : nil
  }

  /// IGListKit's updates: an identifier with any changed pair marks every
  /// matched pair of that identifier. Appends old indexes ascending, with the
  /// new index of each.
  ///
  /// Every matched old identifier must be checked against the changed ones,
  /// since any may repeat. The middle's were hashed when paired, so they are
  /// checked by their group in the pairing (no hashing); those of the prefix
  /// and suffix are compared with the changed identifiers when there are
  /// few, and otherwise looked up in a set of them by fingerprint
  /// (`_IdentifierSet`), which costs less than hashing them. A changed
  /// identifier of the prefix or suffix is hashed once, to find its group
  /// in the middle. False, with the updates half collected, if the
  /// pairing's hash declines one of them: the caller switches the pairing
  /// to `Hasher` and asks again.
  ///
  /// About 65 lines, kept whole: its two loops share the representatives,
  /// the changed groups and the set of changed identifiers, each built for
  /// the other.
  @inlinable
  func collectUpdates(
    changedPairs: [Int], prefix: Int, suffix: Int, pairing: borrowing _MiddlePairing<Identifier>,
    updates: inout [Int], updateTargets: inout [Int]
  ) -> Bool {
    let n = old.count
    let middle = prefix..<(n - suffix)

    // Up to five old indexes of distinct changed identifiers: comparing an
    // identifier with each of a few costs less than a fingerprint and a
    // probe (with one, where fingerprints are cheap; with four otherwise).
    var representatives: [Int] = []
    for k in changedPairs where representatives.count < 5 {
      let id = old[k]
      if !representatives.contains(where: { _IdentifierEquality.equal(old[$0], id) }) {
        representatives.append(k)
      }
    }
    let few = representatives.count <= (_Fingerprinting<Identifier>().isInPlace ? 1 : 4)

    // The changed identifiers: the middle's by group, and all of them (one
    // old index each, at least) for the set the prefix and suffix ask.
    var changedGroups = [Bool](repeating: false, count: pairing.oldToNew.count)
    var changedIndexes: [Int] = []
    for k in changedPairs {
      if middle.contains(k) {
        let group = pairing.group(of: k - prefix)
        if !changedGroups[group] && !few { changedIndexes.append(k) }
        changedGroups[group] = true
        continue
      }
      if !few { changedIndexes.append(k) }
      guard !middle.isEmpty else { continue }
      let id = old[k]
      guard let hash = pairing.hashing.hash(id) else { return false }
      if let group = pairing.group(of: id, hash: hash, in: old, from: prefix) {
        changedGroups[group] = true
      }
    }
    let hasOuter = prefix > 0 || suffix > 0
    var changed = _IdentifierSet(_ChosenMembers(old, indexes: few || !hasOuter ? [] : changedIndexes))

    var next = 0
    for k in 0..<n {
      guard let j = partner(ofOld: k, prefix: prefix, suffix: suffix, pairing: pairing) else {
        continue
      }
      let isChanged: Bool
      if next < changedPairs.count && changedPairs[next] == k {
        isChanged = true
        next += 1
      } else if middle.contains(k) {
        isChanged = changedGroups[pairing.group(of: k - prefix)]
      } else if few {
        let id = old[k]
        isChanged = representatives.contains { _IdentifierEquality.equal(old[$0], id) }
      } else if let found = changed.contains(old, at: k) {
        isChanged = found
      } else {
        // Fingerprints that all collide (a `Hashable` whose hashes do):
        // compare with every changed identifier.
        let id = old[k]
        isChanged = changedIndexes.contains { _IdentifierEquality.equal(old[$0], id) }
      }
      if isChanged {
        updates.append(k)
        updateTargets.append(j)
      }
    }
    return true
  }
}

/// The index sets of a diff, before they are wrapped in a `ListDiffResult`
/// (ListDiffUI keeps them as they are: package access). The fields mean
/// what `ListDiffResult`'s of the same names do.
@usableFromInline
package struct _DiffChanges: Sendable {
  @usableFromInline package var inserts: [Int]
  @usableFromInline package var deletes: [Int]
  @usableFromInline package var updates: [Int]
  @usableFromInline package var moves: [ListMoveIndex]
  @usableFromInline package var updateTargets: [Int]

  @inlinable
  package init(inserts: [Int], deletes: [Int], updates: [Int], moves: [ListMoveIndex], updateTargets: [Int]) {
    self.inserts = inserts
    self.deletes = deletes
    self.updates = updates
    self.moves = moves
    self.updateTargets = updateTargets
  }

  /// Stops the program unless the changes take a list of `oldCount` items
  /// to one of `newCount` (old − deletes + inserts = new) and every update
  /// has its target. Checked in debug builds, and in any build compiled
  /// with `-DLISTDIFFUI_INTERNAL_CHECKS` (release too); free otherwise.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func checkCountEquation(oldCount: Int, newCount: Int) {
    #if LISTDIFFUI_INTERNAL_CHECKS
      precondition(
        oldCount - deletes.count + inserts.count == newCount,
        "ListDiff internal check failed: the count equation (old − deletes + inserts = new): "
          + "\(oldCount) − \(deletes.count) + \(inserts.count) ≠ \(newCount)")
      precondition(updates.count == updateTargets.count, "ListDiff internal check failed: every update has its target")
    #else
      assert(oldCount - deletes.count + inserts.count == newCount, "the count equation (old − deletes + inserts = new)")
      assert(updates.count == updateTargets.count, "every update has its target")
    #endif
  }
}
