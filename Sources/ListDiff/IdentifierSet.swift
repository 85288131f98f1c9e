/// A set of identifiers, asked whether it holds an identifier at the cost of
/// a cheap fingerprint and a probe: whether an identifier of a common suffix
/// occurs in the middle (`keptSuffix`), whether an identifier of the prefix
/// or suffix is one that changed (`collectUpdates`).
///
/// A table of the members' identifiers by their fingerprint
/// (`_Fingerprinting`), each match confirmed with `==`, so that neither
/// building nor asking computes a hash where a fingerprint does.
///
/// Fingerprints that keep matching unequal identifiers (more than a few,
/// plus one in eight of the identifiers met so far) would make it slow, so
/// the table is then filled again with the next stronger fingerprint; after
/// `hashValue` it gives up (`gaveUp`), and the caller does without it.
@usableFromInline
internal struct _IdentifierSet<Members: _SetMembers>: ~Copyable {
  @usableFromInline typealias Identifier = Members.Identifier

  @usableFromInline let members: Members
  @usableFromInline var fingerprinting = _Fingerprinting<Identifier>()
  @usableFromInline var table: _IndexTable
  /// Fingerprint matches of unequal identifiers since the table was filled.
  @usableFromInline var collisions = 0
  /// Identifiers inserted and asked about since the table was filled.
  @usableFromInline var operations = 0
  /// Whether the fingerprints collided too often to be of use: then the set
  /// answers nothing.
  @usableFromInline var gaveUp = false

  /// The set of the identifiers of `members` (`gaveUp` if their
  /// fingerprints collide too often to be of use).
  ///
  /// - Complexity: O(*n*) expected in the number of members.
  @inlinable
  init(_ members: Members) {
    self.members = members
    table = _IndexTable(minimumCapacity: members.count)
    gaveUp = !fill(tableIsEmpty: true)
  }

  /// Whether collisions have passed what a sound fingerprint gives.
  @inlinable @inline(__always)
  var collidesTooOften: Bool {
    collisions > 8 &+ operations / 8
  }

  /// Fills the table with every member's identifier, with fingerprints of
  /// `fingerprinting`'s kind or, as they collide or decline, stronger ones.
  /// False if even `hashValue` collides too often. `tableIsEmpty` says that
  /// the table is new, of the set's size.
  ///
  /// - Complexity: O(*n*) expected.
  @inlinable
  mutating func fill(tableIsEmpty: Bool = false) -> Bool {
    let members = self.members
    let count = members.count
    var fresh = tableIsEmpty
    refill: while true {
      if !fresh { table = _IndexTable(minimumCapacity: count) }
      fresh = false
      collisions = 0
      operations = 0
      for offset in 0..<count {
        guard let fingerprint = fingerprinting.fingerprint(members[offset]) else {
          fingerprinting.kind = .hasher
          continue refill
        }
        var collided = 0
        // An identifier already in the set keeps its first entry: repeats
        // do not lengthen the probes.
        _ = table.insert(hash: fingerprint, index: offset) {
          if _IdentifierEquality.equal(members[$0], members[offset]) { return true }
          collided &+= 1
          return false
        }
        collisions &+= collided
        operations &+= 1
        if collidesTooOften {
          guard let stronger = fingerprinting.stronger else { return false }
          fingerprinting.kind = stronger
          continue refill
        }
      }
      return true
    }
  }

  /// Whether `identifiers[index]` is in the set; nil if its fingerprints
  /// have turned out to collide too often (`gaveUp`: the set is then of no
  /// further use).
  ///
  /// The common case inline (a fingerprint read in place, a probe without
  /// collisions), reading the identifier again on a fingerprint match
  /// rather than holding it across the probe, which would retain it; the
  /// rest in `containsSlowly`.
  ///
  /// - Complexity: O(1) expected; O(*n*) when the fingerprint changes.
  @inlinable @inline(__always)
  mutating func contains<Identifiers: _DiffIdentifiers>(
    _ identifiers: Identifiers, at index: Int
  ) -> Bool? where Identifiers.Identifier == Identifier {
    if fingerprinting.isInPlace, let fingerprint = fingerprinting.fingerprintInPlace(identifiers[index]) {
      let members = self.members
      var collided = false
      let found = table.find(hash: fingerprint) {
        if _IdentifierEquality.equal(members[$0], identifiers[index]) { return true }
        collided = true
        return false
      }
      if !collided {
        operations &+= 1
        return found != nil
      }
    }
    return containsSlowly(identifiers[index])
  }

  /// `contains` where the fingerprint is `hashValue`, declines the
  /// identifier or collides: counts the collisions, and takes stronger
  /// fingerprints when they are too many.
  ///
  /// - Complexity: O(1) expected; O(*n*) when the fingerprint changes.
  @inlinable @inline(never)
  mutating func containsSlowly(_ identifier: Identifier) -> Bool? {
    guard !gaveUp else { return nil }
    let members = self.members
    while true {
      guard let fingerprint = fingerprinting.fingerprint(identifier) else {
        fingerprinting.kind = .hasher
        guard fill() else { return giveUp() }
        continue
      }
      var collided = 0
      let found = table.find(hash: fingerprint) {
        if _IdentifierEquality.equal(members[$0], identifier) { return true }
        collided &+= 1
        return false
      }
      operations &+= 1
      collisions &+= collided
      guard collidesTooOften else { return found != nil }
      guard let stronger = fingerprinting.stronger else { return giveUp() }
      fingerprinting.kind = stronger
      guard fill() else { return giveUp() }
    }
  }

  /// Marks the set as of no further use; nil.
  @inlinable
  mutating func giveUp() -> Bool? {
    gaveUp = true
    return nil
  }
}

/// The identifiers an `_IdentifierSet` holds, by offset.
@usableFromInline
internal protocol _SetMembers {
  associatedtype Identifier: Hashable
  /// The number of members.
  var count: Int { get }
  /// The identifier of the member at `offset`, in `0..<count`.
  subscript(offset: Int) -> Identifier { get }
}

/// The elements between two lists' common prefix and suffix: a range of
/// the old list's, then a range of the new list's.
@usableFromInline
internal struct _MiddleMembers<Identifiers: _DiffIdentifiers>: _SetMembers {
  @usableFromInline let old: Identifiers
  @usableFromInline let oldMiddle: Range<Int>
  @usableFromInline let new: Identifiers
  @usableFromInline let newMiddle: Range<Int>

  @inlinable
  init(old: Identifiers, oldMiddle: Range<Int>, new: Identifiers, newMiddle: Range<Int>) {
    self.old = old
    self.oldMiddle = oldMiddle
    self.new = new
    self.newMiddle = newMiddle
  }

  @inlinable
  var count: Int { oldMiddle.count &+ newMiddle.count }

  @inlinable @inline(__always)
  subscript(offset: Int) -> Identifiers.Identifier {
    offset < oldMiddle.count
      ? old[oldMiddle.lowerBound &+ offset] : new[newMiddle.lowerBound &+ offset &- oldMiddle.count]
  }
}

/// Chosen elements of one list, by index.
@usableFromInline
internal struct _ChosenMembers<Identifiers: _DiffIdentifiers>: _SetMembers {
  @usableFromInline let identifiers: Identifiers
  @usableFromInline let indexes: [Int]

  @inlinable
  init(_ identifiers: Identifiers, indexes: [Int]) {
    self.identifiers = identifiers
    self.indexes = indexes
  }

  @inlinable
  var count: Int { indexes.count }

  @inlinable @inline(__always)
  subscript(offset: Int) -> Identifiers.Identifier {
    identifiers[indexes[offset]]
  }
}
