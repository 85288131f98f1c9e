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
        for index in start..<end {
          let hash = ItemKeyHashing.hash(identifier: keys[index].identifier, leafSeed: seed)
          let first = table.insert(hash: Int(truncatingIfNeeded: hash), index: index) {
            keys[$0] == keys[index]
          }
          if first != index { repeated.append(index) }
        }
      }
    }
    return repeated
  }
}
