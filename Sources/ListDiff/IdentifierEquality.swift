/// `==` on identifiers, answered from the bytes for `String` where the bytes
/// decide it: the common prefix and suffix of two lists compare an
/// identifier per element, and the standard library's string comparison
/// (several calls deep, ending in `memcmp`) costs more than the comparison
/// itself for the short strings identifiers are.
///
/// Two strings with equal UTF-8 bytes are equal. Two whose bytes differ are
/// unequal when both are ASCII (no ASCII character has another canonically
/// equivalent spelling); otherwise only `==`, with the standard library's
/// normalization, can tell ("é" as one scalar or two), and it is asked.
///
/// Package access: ListDiffUI compares identifiers the same way. Not API.
@usableFromInline
package enum _IdentifierEquality {
  /// Whether `a == b`.
  ///
  /// - Complexity: O(*k*) in the identifiers' length.
  @inlinable @inline(__always)
  package static func equal<Identifier: Hashable>(_ a: Identifier, _ b: Identifier) -> Bool {
    // Folds to one branch once the caller is specialized.
    if Identifier.self == String.self {
      return equal(unsafeBitCast(a, to: String.self), unsafeBitCast(b, to: String.self))
    }
    return a == b
  }

  /// Whether `a == b`, deciding from the bytes where they decide it.
  ///
  /// - Complexity: O(*k*) in the strings' UTF-8 length.
  @inlinable @inline(__always)
  package static func equal(_ a: String, _ b: String) -> Bool {
    let verdict = a.utf8.withContiguousStorageIfAvailable { a in
      b.utf8.withContiguousStorageIfAvailable { b in bytesDecide(a, b) }
    }
    // Nil at any level: a bridged string, or bytes that do not decide.
    if case .some(.some(.some(let equal))) = verdict { return equal }
    return a == b
  }

  /// Whether `a` and `b` are certainly equal: their bytes are (for
  /// `String`), or `a == b` (for other types). A false answer may be wrong
  /// for strings spelled differently (not ASCII); for a caller that only
  /// tries a likely match before looking the identifier up by hash, which
  /// finds it either way, that costs nothing, and an unlikely match is
  /// turned down without reading either string to its end.
  ///
  /// - Complexity: O(*k*) in the identifiers' length.
  @inlinable @inline(__always)
  package static func surelyEqual<Identifier: Hashable>(_ a: Identifier, _ b: Identifier) -> Bool {
    guard Identifier.self == String.self else { return a == b }
    let verdict = unsafeBitCast(a, to: String.self).utf8.withContiguousStorageIfAvailable { a in
      unsafeBitCast(b, to: String.self).utf8.withContiguousStorageIfAvailable { b in
        a.count == b.count
          && (a.count == 0 || a.baseAddress == b.baseAddress
            || sameBytes(UnsafeRawPointer(a.baseAddress!), UnsafeRawPointer(b.baseAddress!), count: a.count))
      }
    }
    return verdict == .some(.some(true))
  }

  /// True when `a` and `b` hold equal bytes, false when they differ and
  /// both are ASCII, nil when they differ and either is not.
  ///
  /// - Complexity: O(*k*) in the buffers' length.
  @inlinable @inline(__always)
  static func bytesDecide(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool? {
    let count = a.count
    if count == b.count {
      if count == 0 || a.baseAddress == b.baseAddress { return true }
      if sameBytes(UnsafeRawPointer(a.baseAddress!), UnsafeRawPointer(b.baseAddress!), count: count) {
        return true
      }
    }
    return isASCII(a) && isASCII(b) ? false : nil
  }

  /// Whether `count` bytes at `a` and at `b` are equal: eight at a time, the
  /// last word overlapping the one before it (identifiers such as UUIDs end
  /// with a partial word).
  ///
  /// - Complexity: O(*k*).
  @inlinable @inline(__always)
  static func sameBytes(_ a: UnsafeRawPointer, _ b: UnsafeRawPointer, count: Int) -> Bool {
    guard count >= 8 else {
      var offset = 0
      while offset < count {
        if a.load(fromByteOffset: offset, as: UInt8.self) != b.load(fromByteOffset: offset, as: UInt8.self) {
          return false
        }
        offset &+= 1
      }
      return true
    }
    var offset = 0
    while offset &+ 8 < count {
      if a.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != b.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset &+= 8
    }
    return a.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
      == b.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
  }

  /// Whether every byte of `bytes` is ASCII.
  ///
  /// - Complexity: O(*k*): eight bytes at a time.
  @inlinable
  static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = bytes.count
    guard count >= 8 else {
      var highBits: UInt8 = 0
      for byte in bytes { highBits |= byte }
      return highBits < 0x80
    }
    let raw = UnsafeRawPointer(bytes.baseAddress!)
    var highBits: UInt64 = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    var offset = 0
    while offset &+ 8 < count {
      highBits |= raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      offset &+= 8
    }
    return highBits & 0x8080_8080_8080_8080 == 0
  }
}
