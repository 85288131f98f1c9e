/// Cheap fingerprints of identifiers, for asking whether an identifier
/// occurs in a set (`_IdentifierSet`) at a fraction of a hash's cost:
/// equal identifiers always have equal fingerprints, unequal ones rarely,
/// and a match is confirmed with `==`.
///
/// Three kinds, tried in turn:
/// - `cheap`, for `String` and `Int`: an ASCII string's bytes folded a word
///   at a time with a rotation and an exclusive or, then mixed twice with
///   the process's seed (where `_FastHashing` mixes every word); an integer
///   mixed once.
/// - `fast`: `_FastHashing`'s hash, for strings whose cheap fingerprints
///   keep colliding (the fold is linear, so strings built to collide can be
///   found whatever the seed; the hash mixes every word).
/// - `hasher`: `hashValue`, for every other identifier type and for
///   strings that are not ASCII (which only `Hasher`, with the standard
///   library's normalization, fingerprints alike when they are equal).
///
/// Not for anything that outlives the process (the seed is `Hasher`'s).
@usableFromInline
internal struct _Fingerprinting<Identifier: Hashable> {
  @usableFromInline
  enum Kind: Sendable { case cheap, fast, hasher }

  /// The fingerprint in use.
  @usableFromInline var kind: Kind
  /// `_FastHashing.seed`, read once.
  @usableFromInline let seed: UInt64

  /// The cheapest kind `Identifier` has.
  @inlinable
  init() {
    kind = Identifier.self == String.self || Identifier.self == Int.self ? .cheap : .hasher
    seed = _FastHashing.seed
  }

  /// The next kind after `kind`, for a set whose fingerprints collide too
  /// often; nil after `hasher`.
  ///
  /// - Complexity: O(1).
  @inlinable
  var stronger: Kind? {
    switch kind {
    case .cheap: Identifier.self == String.self ? .fast : .hasher
    case .fast: .hasher
    case .hasher: nil
    }
  }

  /// Whether `kind` is one `fingerprintInPlace` takes.
  @inlinable @inline(__always)
  var isInPlace: Bool { kind != .hasher }

  /// The fingerprint of `identifier` by `kind`, which is `cheap` or `fast`
  /// (`isInPlace`); nil where it declines it (a string that is not ASCII, or
  /// not contiguous): then every fingerprint must be taken again with
  /// `hasher`.
  ///
  /// Reads the identifier's bytes in place and calls nothing the compiler
  /// cannot see, so that a caller reading identifiers from memory need not
  /// retain them around it (a retain per suffix element, and the cache line
  /// it writes, cost about what the fingerprint does).
  ///
  /// - Complexity: O(*k*) in the identifier's length.
  @inlinable @inline(__always)
  func fingerprintInPlace(_ identifier: Identifier) -> Int? {
    // Each cast only where the types are equal: the comparisons fold away
    // once the caller is specialized.
    if Identifier.self == Int.self {
      let value = UInt64(truncatingIfNeeded: unsafeBitCast(identifier, to: Int.self))
      return Int(truncatingIfNeeded: _FastHashing.mix(value ^ seed, 0x9E37_79B9_7F4A_7C15))
    }
    if Identifier.self == String.self {
      let string = unsafeBitCast(identifier, to: String.self)
      if kind == .fast {
        guard let hash = _FastHashing.hash(string, seed: seed) else { return nil }
        return Int(truncatingIfNeeded: hash)
      }
      let seed = seed
      guard case .some(.some(let fingerprint)) = string.utf8.withContiguousStorageIfAvailable({
        _StringFingerprint.fold($0, seed: seed)
      })
      else { return nil }
      return fingerprint
    }
    return nil
  }

  /// The fingerprint of `identifier` by `kind`; nil where it declines it
  /// (see `fingerprintInPlace`).
  ///
  /// - Complexity: O(*k*) in the identifier's length.
  @inlinable
  func fingerprint(_ identifier: Identifier) -> Int? {
    isInPlace ? fingerprintInPlace(identifier) : identifier.hashValue
  }
}

/// The cheap fingerprint of `_Fingerprinting` for strings. Package access:
/// the tests make strings whose fingerprints collide. Not API.
@usableFromInline
package enum _StringFingerprint {
  /// The cheap fingerprint of an ASCII string's bytes; nil if any byte is
  /// not ASCII.
  ///
  /// - Complexity: O(*k*): a rotation and an exclusive or per eight bytes,
  ///   two multiplications.
  @inlinable @inline(__always)
  package static func fold(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> Int? {
    let count = bytes.count
    var folded: UInt64 = 0
    var highBits: UInt64 = 0
    if count >= 8 {
      let raw = UnsafeRawPointer(bytes.baseAddress!)
      var offset = 0
      while offset &+ 8 < count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        highBits |= word
        folded = (folded &<< 23 | folded &>> 41) ^ word
        offset &+= 8
      }
      // The last eight bytes, overlapping the word before where the count
      // is not a multiple of eight.
      let word = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      highBits |= word
      folded = (folded &<< 23 | folded &>> 41) ^ word
    } else {
      for index in 0..<count {
        folded |= UInt64(bytes[index]) &<< (UInt64(index) &* 8)
      }
      highBits = folded
    }
    guard highBits & 0x8080_8080_8080_8080 == 0 else { return nil }
    let mixed = _FastHashing.mix(
      _FastHashing.mix(folded ^ seed, 0xA076_1D64_78BD_642F) ^ UInt64(count),
      0xE703_7ED1_A0B4_28DB)
    return Int(truncatingIfNeeded: mixed)
  }
}
