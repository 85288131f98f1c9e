import ListDiff

extension FlatList {
  /// The indexes (ascending) of items whose identity an earlier item of the
  /// list already has: every occurrence of a key but the first; and how
  /// many items were read.
  ///
  /// Each key is hashed once into a table of item indexes, and keys are
  /// compared only when their hashes' tags match. The hash is
  /// `ItemKeyHashing`'s while every identifier and scope is ASCII (the scope
  /// and controller type hashed once per leaf); at the first string that is
  /// not, the search starts again with `Hasher`, which alone hashes every
  /// spelling of a string alike.
  ///
  /// An untouched leaf (`leafIsUntouched`) whose scope and controller type
  /// no other leaf shares is not read: its items are those of a leaf shown,
  /// and the list shown repeats no identity, so they repeat none among
  /// themselves, and no other leaf's key can equal theirs. A root that
  /// appends to one section of many thus reads that section only.
  ///
  /// - Complexity: O(*s*) in the leaves plus O(*n*) expected time in the
  ///   items of the leaves read, reading each identifier once (twice when
  ///   one is not ASCII); 16 to 32 bytes per item read of scratch memory,
  ///   freed on return.
  func laterOccurrencesOfRepeatedKeys() -> (repeated: [Int], itemsRead: Int) {
    // Only a list just flattened is searched; it is by leaf.
    precondition(isByLeaf, "the search reads the leaves' arrays")
    let searched = leavesToSearch()
    let itemsRead = searched.reduce(0) { $0 + range(ofLeaf: $1).count }
    if let repeated = laterOccurrences(in: searched, itemsRead: itemsRead, byteHashes: true) {
      return (repeated, itemsRead)
    }
    return (laterOccurrences(in: searched, itemsRead: itemsRead, byteHashes: false) ?? [], itemsRead * 2)
  }

  /// The leaves the search must read, ascending: all of them, less the
  /// untouched ones with a scope and controller type of their own.
  ///
  /// - Complexity: O(*s*).
  private func leavesToSearch() -> [Int] {
    guard untouchedLeafCount > 0 else { return Array(leaves.indices) }
    let leafIsUntouched = self.leafIsUntouched
    guard leafScopesMayRepeat else { return leaves.indices.filter { !leafIsUntouched[$0] } }
    var leavesPerIdentity: [LeafIdentity: Int] = [:]
    leavesPerIdentity.reserveCapacity(leaves.count)
    for leaf in leaves.indices { leavesPerIdentity[LeafIdentity(leaves[leaf]), default: 0] += 1 }
    return leaves.indices.filter {
      !leafIsUntouched[$0] || leavesPerIdentity[LeafIdentity(leaves[$0])]! > 1
    }
  }

  /// The search of the items of `leaves` (`itemsRead` in all), hashing
  /// with `ItemKeyHashing` (`byteHashes`, nil as soon as a string is not
  /// ASCII) or with `Hasher`.
  private func laterOccurrences(in leaves: [Int], itemsRead: Int, byteHashes: Bool) -> [Int]? {
    var repeated: [Int] = []
    var table = _IndexTable(minimumCapacity: itemsRead)
    let leafItems = self.leafItems
    let searched = withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { hashes -> Bool in
      for leaf in leaves {
        let (start, end) = (leafStarts[leaf], range(ofLeaf: leaf).upperBound)
        guard start < end else { continue }
        let scope = self.leaves[leaf].scope.key
        let controllerType = ObjectIdentifier(self.leaves[leaf].controllerType)
        var seed: UInt64 = 0
        if byteHashes {
          guard let leafSeed = ItemKeyHashing.leafSeed(scope: scope, controllerType: controllerType)
          else { return false }
          seed = leafSeed
        }
        // In blocks: a block's hashes first, then its inserts, so that the
        // inserts' scattered reads of the table do not wait on one another
        // behind the hashing (on a million items the table outgrows the
        // caches, and this cuts the time by a third).
        var blockStart = start
        while blockStart < end {
          let blockEnd = Swift.min(blockStart + 64, end)
          if byteHashes {
            guard
              leafItems[leaf].fastHashes(
                of: (blockStart - start)..<(blockEnd - start), seed: seed, into: hashes.baseAddress!)
            else { return false }
          } else {
            // A key's own hash (`ListItemKey.hash(into:)`), without making the key.
            for index in blockStart..<blockEnd {
              var hasher = Hasher()
              hasher.combine(identifier(at: index, inLeaf: leaf))
              hasher.combine(scope)
              hasher.combine(controllerType)
              hashes[index - blockStart] = hasher.finalize()
            }
          }
          for index in blockStart..<blockEnd {
            // Keys are compared only when hash tags match: for a repeat, or
            // rarely for two keys whose hashes share a tag.
            let first = table.insert(hash: hashes[index - blockStart], index: index) {
              key(at: $0) == key(at: index)
            }
            if first != index { repeated.append(index) }
          }
          blockStart = blockEnd
        }
      }
      return true
    }
    return searched ? repeated : nil
  }
}
