import ListDiff

/// A fast hash of ASCII item identities, for finding repeated identities in
/// a flattened list: ListDiff's `_FastHashing` (a seeded byte hash, several
/// times faster than `Hasher` on the short strings identifiers usually are),
/// seeded per leaf with the leaf's scope and controller type, so that an
/// identity's identifier alone is hashed per item.
///
/// Like `_FastHashing`, it declines a string that is not ASCII (returns nil),
/// and callers then hash every key with `Hasher`, which alone hashes every
/// spelling of a string alike. While every string is ASCII, each
/// identifier is hashed with `_FastHashing.hash(_:seed:)` from its leaf's
/// seed.
enum ItemKeyHashing {
  /// The hash every item of a leaf starts from: its scope and controller
  /// type; nil if the scope is not ASCII.
  ///
  /// - Complexity: O(*k*) in the length of the scope key.
  static func leafSeed(scope: String, controllerType: ObjectIdentifier) -> UInt64? {
    guard let scopeHash = _FastHashing.hash(scope, seed: _FastHashing.seed) else { return nil }
    return _FastHashing.mix(
      scopeHash ^ UInt64(UInt(bitPattern: controllerType)), 0x9E37_79B9_7F4A_7C15)
  }
}
