/// A fast seeded hash for the identifiers lists use most, `String` and
/// `Int`: about a nanosecond per eight bytes, where `Hasher` (SipHash, with
/// its setup and finalization per key) costs several times that for the
/// short strings identifiers usually are. A diff that must hash every
/// identifier (a list replaced) spends most of its time hashing, so this
/// roughly halves it.
///
/// The one property a hash table needs holds among ASCII strings: two are
/// equal as Swift compares strings exactly when their bytes are equal (no
/// ASCII character has another canonically equivalent spelling). A string
/// with any other character may equal one spelled differently ("é" written
/// as one scalar or two; "K" and the Kelvin sign), which only `Hasher`, with
/// the standard library's own normalization, hashes alike; so this hash
/// declines such strings (returns nil) and its callers then hash every key
/// with `Hasher`. Integers are equal exactly when their bits are.
///
/// Not for anything that outlives the process: the seed is `Hasher`'s own
/// per-process randomness, so that identifiers chosen to collide (say, from
/// a server) cannot be prepared in advance, and, like `Hasher`, it is fixed
/// when `SWIFT_DETERMINISTIC_HASHING` is set. A diff's result never depends
/// on the seed; only its speed does.
///
/// Package access: the engine and ListDiffUI's repeated-identity search use
/// it. Not API.
@usableFromInline
package enum _FastHashing {
  /// The process's seed, drawn from `Hasher`'s.
  ///
  /// - Complexity: one `Hasher` run on first use; then a load.
  @usableFromInline
  package static let seed: UInt64 = {
    var hasher = Hasher()
    hasher.combine(0x4C69_7374_4469_6666 as UInt64)
    return UInt64(truncatingIfNeeded: hasher.finalize())
  }()

  /// The hash of `string` from `seed`; nil if `string` is not ASCII.
  ///
  /// Transparent rather than `@inlinable @inline(__always)` (with or
  /// without a `borrowing` parameter): called from ListDiffUI's non-generic
  /// repeated-identity search, those stayed a call, which retains the
  /// string it is passed; inlined, the search reads the bytes in place
  /// (about a tenth off benchmark row E1a, and a seventh off the search
  /// alone).
  ///
  /// - Complexity: O(*k*) in the string's UTF-8 length.
  @usableFromInline @_transparent
  package static func hash(_ string: String, seed: UInt64) -> UInt64? {
    let result =
      string.utf8.withContiguousStorageIfAvailable { hashBytes($0, seed: seed) }
      ?? {
        // A bridged string without contiguous UTF-8: hash a native copy.
        var native = string
        return native.withUTF8 { hashBytes($0, seed: seed) }
      }()
    return result.isASCII ? result.hash : nil
  }

  /// The hash of `value` from `seed`.
  ///
  /// - Complexity: O(1): two multiplications.
  @inlinable @inline(__always)
  package static func hash(_ value: Int, seed: UInt64) -> UInt64 {
    mix(mix(seed ^ UInt64(truncatingIfNeeded: value), 0xE703_7ED1_A0B4_28DB), 0x5899_65CC_7537_4CC3)
  }

  /// The 64-bit product of `a` and `b` folded to 64 bits: the mixing step.
  @inlinable @inline(__always)
  package static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }

  /// Eight bytes at a time, each word mixed into the running hash with one
  /// wide multiplication, a partial last word read as the last eight bytes
  /// when there are that many; the length goes in first, so that a trailing
  /// zero byte changes the hash. Also says whether every byte is ASCII.
  @inlinable @inline(__always)
  static func hashBytes(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> (
    hash: UInt64, isASCII: Bool
  ) {
    let count = bytes.count
    var hash = mix(seed ^ UInt64(count), 0xA076_1D64_78BD_642F)
    var highBits: UInt64 = 0
    let raw = UnsafeRawBufferPointer(bytes)
    var offset = 0
    while offset + 8 <= count {
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
      highBits |= word
      hash = mix(hash ^ word, 0xE703_7ED1_A0B4_28DB)
      offset += 8
    }
    if offset < count && count >= 8 {
      // The last eight bytes, overlapping the words already mixed in: one
      // load instead of a byte at a time (identifiers such as UUIDs end
      // with a partial word).
      let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
      highBits |= word
      hash = mix(hash ^ word, 0x8EBC_6AF0_9C88_C6E3)
    } else if offset < count {
      var word: UInt64 = 0
      var shift: UInt64 = 0
      while offset < count {
        word |= UInt64(raw[offset]) &<< shift
        shift += 8
        offset += 1
      }
      highBits |= word
      hash = mix(hash ^ word, 0x8EBC_6AF0_9C88_C6E3)
    }
    return (mix(hash, 0x5899_65CC_7537_4CC3), highBits & 0x8080_8080_8080_8080 == 0)
  }
}

/// How one diff hashes its identifiers: with `_FastHashing` while the
/// identifier type has a fast hash and every identifier hashed so far took
/// it, and with `Hasher` (`hashValue`) otherwise.
///
/// The two hashes do not agree, so one table must be filled and searched
/// with one of them: a diff that meets an identifier the fast hash declines
/// (a string that is not ASCII) switches every table it has made to
/// `Hasher` and goes on from there (see `_MiddlePairing.useHasher`).
@usableFromInline
internal struct _IdentifierHashing<Identifier: Hashable> {
  /// The fast hash's seed while it is in use; nil once the diff hashes with
  /// `Hasher`.
  @usableFromInline var seed: UInt64?

  /// Fast hashing where `Identifier` is `String` or `Int`, else `Hasher`.
  @inlinable
  init() {
    seed = Self.hasFastHash ? _FastHashing.seed : nil
  }

  /// Whether `Identifier` is a type `_FastHashing` hashes. (A comparison
  /// of two constant metadata addresses once the diff is specialized.)
  @inlinable @inline(__always)
  static var hasFastHash: Bool {
    Identifier.self == String.self || Identifier.self == Int.self
  }

  /// Whether the diff has left the fast hash for `Hasher`.
  @inlinable @inline(__always)
  var usesHasher: Bool { seed == nil }

  /// The hash of `identifier`; nil where the fast hash is in use and
  /// declines it, and the diff must switch to `Hasher`.
  ///
  /// - Complexity: O(*k*) in the identifier's length.
  @inlinable @inline(__always)
  func hash(_ identifier: Identifier) -> Int? {
    guard let seed else { return identifier.hashValue }
    // Each cast only where the types are equal: the comparisons are of
    // constant metadata once the diff is specialized, and fold away.
    if Identifier.self == String.self {
      guard let hash = _FastHashing.hash(unsafeBitCast(identifier, to: String.self), seed: seed)
      else { return nil }
      return Int(truncatingIfNeeded: hash)
    }
    if Identifier.self == Int.self {
      return Int(truncatingIfNeeded: _FastHashing.hash(unsafeBitCast(identifier, to: Int.self), seed: seed))
    }
    return identifier.hashValue
  }
}
