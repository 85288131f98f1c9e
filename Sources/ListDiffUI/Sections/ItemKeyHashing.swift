/// A fast hash of ASCII item identities, for finding repeated identities in
/// a flattened list: about a nanosecond per eight bytes of identifier, where
/// `Hasher` (SipHash, with its setup and finalization per key) costs several
/// times that for the short strings identifiers usually are.
///
/// The one property a hash table needs holds among ASCII strings: two are
/// equal as Swift compares strings exactly when their bytes are equal (no
/// ASCII character has another canonically equivalent spelling). A string
/// with any other character may equal one spelled differently ("é" written
/// as one scalar or two; "K" and the Kelvin sign), which only `Hasher`, with
/// the standard library's own normalization, hashes alike; so this hash
/// declines such strings (returns nil) and callers then hash every key with
/// `Hasher`.
///
/// Not for anything that outlives the process: the seed is random per
/// process, so that identifiers chosen to collide (say, from a server) cannot
/// be prepared in advance.
enum ItemKeyHashing {
  /// The process's seed.
  static let seed = UInt64.random(in: .min ... .max)

  /// The hash every item of a leaf starts from: its scope and controller
  /// type; nil if the scope is not ASCII.
  ///
  /// - Complexity: O(*k*) in the length of the scope key.
  static func leafSeed(scope: String, controllerType: ObjectIdentifier) -> UInt64? {
    guard let scopeHash = hash(scope, seed: seed) else { return nil }
    return mix(scopeHash ^ UInt64(UInt(bitPattern: controllerType)), 0x9E37_79B9_7F4A_7C15)
  }

  /// The hash of `string` from `seed` (a leaf's seed, for an identifier);
  /// nil if `string` is not ASCII.
  ///
  /// - Complexity: O(*k*) in the string's UTF-8 length.
  @inline(__always)
  static func hash(_ string: String, seed: UInt64) -> UInt64? {
    let result =
      string.utf8.withContiguousStorageIfAvailable { hashBytes($0, seed: seed) }
      ?? {
        // A bridged string without contiguous UTF-8: hash a native copy.
        var native = string
        return native.withUTF8 { hashBytes($0, seed: seed) }
      }()
    return result.isASCII ? result.hash : nil
  }

  /// The 64-bit product of `a` and `b` folded to 64 bits: the mixing step.
  @inline(__always)
  private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }

  /// Eight bytes at a time, each word mixed into the running hash with one
  /// wide multiplication, a partial last word read as the last eight bytes
  /// when there are that many; the length goes in first, so that a trailing
  /// zero byte changes the hash. Also says whether every byte is ASCII.
  @inline(__always)
  private static func hashBytes(_ bytes: UnsafeBufferPointer<UInt8>, seed: UInt64) -> (
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
