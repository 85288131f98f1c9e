/// Two items of a list that share one ``ListItemID`` though they are
/// different items (different keys): `first` before `later` in display order.
struct SharedItemID: Sendable, Equatable {
  var first: Int
  var later: Int
}

extension FlatList {
  /// Each item of `inserted` (ascending indexes of this list, as a diff
  /// gives them) that shares its ``ListItemID`` with another item, paired
  /// with the first other item of that identity (each pair once, when both
  /// are inserted); and how many items were read.
  ///
  /// Why only pairs with an insert: a ``ListItemID`` is an item's
  /// identifier and the explicit names of its section path, both read off
  /// its key, so two items of the list shown before that were not inserted
  /// were both shown before with the same identities: their pair, if any,
  /// was found by the root that inserted one of them. (A header or a
  /// placeholder that comes is an insert like any other.) Each item that
  /// shares an identity is thus reported once, by the root that brings it
  /// in.
  ///
  /// Why only across leaves: two items of one leaf with one identifier
  /// have one key, and the list repeats no key.
  ///
  /// Only the leaves whose section path names the same ids as a leaf with
  /// an insert are read; the others cost one comparison of their scope's
  /// `namesHash`. A leaf whose path is its own (under an `id:` that no
  /// other leaf's path ends in) is thus never read.
  ///
  /// - Complexity: O(*s*) for *s* leaves, plus O(*i* log *s*) for the *i*
  ///   inserts, plus one hash per item of the leaves that share their
  ///   section path's names with a leaf that has an insert (none when each
  ///   leaf's path is its own), untouched leaves included: an inserted
  ///   item may share its identity with any of them.
  func sharedItemIDs(inserted: [Int]) -> (pairs: [SharedItemID], itemsRead: Int) {
    guard !inserted.isEmpty, leaves.count > 1 else { return ([], 0) }
    var insertedByLeaf: [Int: [Int]] = [:]
    for index in inserted { insertedByLeaf[leafIndex(ofItem: index), default: []].append(index) }
    // The leaves whose names' hash is that of a leaf with an insert, by
    // that hash: names are made and compared only for those.
    let wanted = Set(insertedByLeaf.keys.map { leaves[$0].scope.namesHash })
    var leavesByNamesHash: [Int: [Int]] = [:]
    for leaf in leaves.indices where wanted.contains(leaves[leaf].scope.namesHash) {
      leavesByNamesHash[leaves[leaf].scope.namesHash, default: []].append(leaf)
    }
    var pairs: [SharedItemID] = []
    var itemsRead = 0
    for sameHash in leavesByNamesHash.values where sameHash.count > 1 {
      guard sameHash.contains(where: { insertedByLeaf[$0] != nil }) else { continue }
      var groups: [[String]: [Int]] = [:]
      for leaf in sameHash { groups[leaves[leaf].scope.names, default: []].append(leaf) }
      for group in groups.values where group.count > 1 {
        let inserts = group.compactMap { insertedByLeaf[$0] }.joined()
        guard !inserts.isEmpty else { continue }
        itemsRead += searchGroup(group, inserts: Set(inserts), into: &pairs)
      }
    }
    pairs.sort { ($0.later, $0.first) < ($1.later, $1.first) }
    return (pairs, itemsRead)
  }

  /// Finds, within one group of leaves whose paths name the same ids, each
  /// inserted item that shares its identifier with another item of the
  /// group, paired with the first such other item in display order.
  /// Returns how many items it read.
  ///
  /// - Complexity: O(*k*) expected for the *k* items of the group.
  private func searchGroup(_ group: [Int], inserts: Set<Int>, into pairs: inout [SharedItemID]) -> Int {
    var insertedIdentifiers: Set<String> = []
    for leaf in group {
      for index in range(ofLeaf: leaf) where inserts.contains(index) {
        insertedIdentifiers.insert(identifier(at: index, inLeaf: leaf))
      }
    }
    // The first two items of each of those identifiers: an insert's
    // partner is the first, or the second when the insert is the first.
    var firstTwo: [String: (first: Int, second: Int?)] = [:]
    var read = 0
    for leaf in group {
      for index in range(ofLeaf: leaf) {
        read += 1
        let identifier = identifier(at: index, inLeaf: leaf)
        guard insertedIdentifiers.contains(identifier) else { continue }
        if let seen = firstTwo[identifier] {
          if seen.second == nil { firstTwo[identifier] = (seen.first, index) }
        } else {
          firstTwo[identifier] = (index, nil)
        }
        guard inserts.contains(index), let seen = firstTwo[identifier] else { continue }
        // Later sharers of the first item pair with it at once; the first,
        // when inserted, once the second is seen (below).
        if seen.first != index { pairs.append(SharedItemID(first: seen.first, later: index)) }
      }
    }
    // (An inserted second item has its pair with the first already.)
    for (_, seen) in firstTwo where inserts.contains(seen.first) {
      if let second = seen.second, !inserts.contains(second) {
        pairs.append(SharedItemID(first: seen.first, later: second))
      }
    }
    return read
  }
}
