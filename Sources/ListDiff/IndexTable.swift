/// An open-addressing hash set of small integer indexes, keyed by the hash of
/// whatever the index refers to.
///
/// Each slot is one `UInt64`: the high 32 bits of the element's hash as a tag
/// and the index plus one (zero marks an empty slot). A probe compares tags
/// within this one array and calls back for a full comparison only when a tag
/// matches, so a miss rarely touches the elements. The load factor is at most
/// one half, so probe sequences stay short.
///
/// Noncopyable: the table owns its slots and frees them when it goes away,
/// so no copy can outlive or double-free them.
///
/// Package access: ListDiffUI finds repeated item identities with it. Not API.
@usableFromInline
package struct _IndexTable: ~Copyable {
  @usableFromInline let slots: UnsafeMutablePointer<UInt64>
  @usableFromInline let mask: Int

  /// A table for up to `minimumCapacity` indexes.
  ///
  /// - Complexity: O(`minimumCapacity`).
  @inlinable
  package init(minimumCapacity: Int) {
    var capacity = 16
    while capacity < minimumCapacity * 2 { capacity &<<= 1 }
    slots = .allocate(capacity: capacity)
    slots.initialize(repeating: 0, count: capacity)
    mask = capacity - 1
  }

  @inlinable
  deinit {
    slots.deallocate()
  }

  @inlinable @inline(__always)
  static func tag(_ hash: Int) -> UInt64 {
    UInt64(truncatingIfNeeded: hash) & 0xFFFF_FFFF_0000_0000
  }

  /// The slot word where a probe for `hash` starts. Read for a block of
  /// hashes before their `insert`s or `find`s (which take it as
  /// `firstWord`), the reads wait on memory together instead of in turn:
  /// a table larger than the caches misses on almost every probe.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  package func firstWord(hash: Int) -> UInt64 {
    slots[hash & mask]
  }

  /// Inserts `index` unless an equal element is present; returns the index
  /// now stored for that element (`index` itself if it was new).
  /// `firstWord`, if not zero, is `firstWord(hash:)` read earlier: a slot,
  /// once filled, does not change, so only an empty one is read again.
  ///
  /// - Complexity: O(1) expected.
  @inlinable @inline(__always)
  package mutating func insert(
    hash: Int, index: Int, firstWord: UInt64 = 0, isEqual: (Int) -> Bool
  ) -> Int {
    let tag = Self.tag(hash)
    var slot = hash & mask
    var word = firstWord != 0 ? firstWord : slots[slot]
    while true {
      if word == 0 {
        slots[slot] = tag | UInt64(index + 1)
        return index
      }
      if word & 0xFFFF_FFFF_0000_0000 == tag {
        let stored = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
        if isEqual(stored) { return stored }
      }
      slot = (slot &+ 1) & mask
      word = slots[slot]
    }
  }

  /// The stored index whose element `isEqual` accepts, if any.
  /// `firstWord`, if not zero, is `firstWord(hash:)` read earlier (with no
  /// insert since).
  ///
  /// - Complexity: O(1) expected.
  @inlinable @inline(__always)
  package func find(hash: Int, firstWord: UInt64 = 0, where isEqual: (Int) -> Bool) -> Int? {
    let tag = Self.tag(hash)
    var slot = hash & mask
    var word = firstWord != 0 ? firstWord : slots[slot]
    while true {
      if word == 0 { return nil }
      if word & 0xFFFF_FFFF_0000_0000 == tag {
        let stored = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
        if isEqual(stored) { return stored }
      }
      slot = (slot &+ 1) & mask
      word = slots[slot]
    }
  }
}
