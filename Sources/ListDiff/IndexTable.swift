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

  /// Inserts `index` unless an equal element is present; returns the index
  /// now stored for that element (`index` itself if it was new).
  ///
  /// - Complexity: O(1) expected.
  @inlinable @inline(__always)
  package mutating func insert(hash: Int, index: Int, isEqual: (Int) -> Bool) -> Int {
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let word = slots[slot]
      if word == 0 {
        slots[slot] = tag | UInt64(index + 1)
        return index
      }
      if word & 0xFFFF_FFFF_0000_0000 == tag {
        let stored = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
        if isEqual(stored) { return stored }
      }
      slot = (slot &+ 1) & mask
    }
  }

  /// The stored index whose element `isEqual` accepts, if any.
  ///
  /// - Complexity: O(1) expected.
  @inlinable @inline(__always)
  package func find(hash: Int, where isEqual: (Int) -> Bool) -> Int? {
    let tag = Self.tag(hash)
    var slot = hash & mask
    while true {
      let word = slots[slot]
      if word == 0 { return nil }
      if word & 0xFFFF_FFFF_0000_0000 == tag {
        let stored = Int(truncatingIfNeeded: word & 0xFFFF_FFFF) - 1
        if isEqual(stored) { return stored }
      }
      slot = (slot &+ 1) & mask
    }
  }
}
