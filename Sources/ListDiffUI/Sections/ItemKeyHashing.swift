/// A fast hash of item identities, for finding repeated identities in a
/// flattened list: about a nanosecond per eight bytes of identifier, where
/// `Hasher` (SipHash, with its setup and finalization per key) costs several
/// times that for the short strings identifiers usually are.
///
/// The one property a hash table needs holds: keys that are equal as
/// `ListItemKey` compares them have equal hashes. Strings compare by
/// canonical equivalence, so a string is hashed by the UTF-8 of its NFC form
/// (the one spelling canonically equivalent strings share); ASCII is already
/// in NFC, so only non-ASCII identifiers pay for normalizing. Scope keys are
/// built in NFC (`SectionScope`), so their bytes are hashed as they are.
///
/// Not for anything that outlives the process: the seed is random per
/// process, so that identifiers chosen to collide (say, from a server) cannot
/// be prepared in advance.
enum ItemKeyHashing {
  /// The process's seed.
  static let seed = UInt64.random(in: .min ... .max)

  /// The hash every item of a leaf starts from: its scope and controller type.
  ///
  /// - Complexity: O(*k*) in the length of the scope key.
  static func leafSeed(scope: String, controllerType: ObjectIdentifier) -> UInt64 {
    let typeBits = UInt64(UInt(bitPattern: controllerType))
    let scopeHash = hashBytes(of: scope, seed: seed).hash
    return mix(scopeHash ^ typeBits, 0x9E37_79B9_7F4A_7C15)
  }

  /// The hash of an item with `identifier` in a leaf whose seed is `leafSeed`.
  ///
  /// - Complexity: O(*k*) in the identifier's UTF-8 length; a non-ASCII
  ///   identifier is also normalized.
  @inline(__always)
  static func hash(identifier: String, leafSeed: UInt64) -> UInt64 {
    let (hash, isASCII) = hashBytes(of: identifier, seed: leafSeed)
    if isASCII { return hash }
    return hashBytes(of: SectionScope.canonicalForm(identifier), seed: leafSeed).hash
  }

  /// The 64-bit product of `a` and `b` folded to 64 bits: the mixing step.
  @inline(__always)
  private static func mix(_ a: UInt64, _ b: UInt64) -> UInt64 {
    let product = a.multipliedFullWidth(by: b)
    return product.high ^ product.low
  }

  /// The hash of `string`'s UTF-8 bytes as stored, and whether they are all
  /// ASCII.
  @inline(__always)
  private static func hashBytes(of string: String, seed: UInt64) -> (hash: UInt64, isASCII: Bool) {
    if let result = string.utf8.withContiguousStorageIfAvailable({ hashBytes($0, seed: seed) }) {
      return result
    }
    // A bridged string without contiguous UTF-8: hash a native copy.
    var native = string
    return native.withUTF8 { hashBytes($0, seed: seed) }
  }

  /// Eight bytes at a time, each word mixed into the running hash with one
  /// wide multiplication; the length goes in first, so that a trailing zero
  /// byte changes the hash.
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
    if offset < count {
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
