import ListDiff

extension FlatList {
  /// The indexes (ascending) of items whose identity an earlier item of the
  /// list already has: every occurrence of a key but the first.
  ///
  /// Each key is hashed once with `ItemKeyHashing` (the scope and controller
  /// type once per leaf) into a table of item indexes; keys are compared only
  /// when their hashes' tags match.
  ///
  /// - Complexity: O(*n*) expected time in the number of items, reading
  ///   every identifier once; 16 to 32 bytes per item of scratch memory,
  ///   freed on return.
  func laterOccurrencesOfRepeatedKeys() -> [Int] {
    var repeated: [Int] = []
    var table = _IndexTable(minimumCapacity: count)
    keys.withUnsafeBufferPointer { keys in
      for (leaf, start) in leafStarts.enumerated() {
        let end = leaf + 1 < leafStarts.count ? leafStarts[leaf + 1] : keys.count
        guard start < end else { continue }
        let seed = ItemKeyHashing.leafSeed(
          scope: keys[start].scope, controllerType: keys[start].controllerType)
        // In blocks: a block's hashes first, then its inserts, so that the
        // inserts' scattered reads of the table do not wait on one another
        // behind the hashing (on a million items the table outgrows the
        // caches, and this halves the time).
        withUnsafeTemporaryAllocation(of: Int.self, capacity: 64) { hashes in
          var blockStart = start
          while blockStart < end {
            let blockEnd = Swift.min(blockStart + 64, end)
            for index in blockStart..<blockEnd {
              hashes[index - blockStart] = Int(
                truncatingIfNeeded: ItemKeyHashing.hash(identifier: keys[index].identifier, leafSeed: seed))
            }
            for index in blockStart..<blockEnd {
              let first = table.insert(hash: hashes[index - blockStart], index: index) {
                keys[$0] == keys[index]
              }
              if first != index { repeated.append(index) }
            }
            blockStart = blockEnd
          }
        }
      }
    }
    return repeated
  }
}
