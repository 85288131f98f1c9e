/// File names in the order Finder lists them: runs of digits compared by
/// their value (`file_2` before `file_10`), ASCII letters without regard to
/// case, and names that still tie by their code points, so that the order
/// is total.
///
/// Each name's key is made once, as a string that compares as the names
/// should (a letter lowercased; a run of digits as `0`, two characters
/// for its length and its digits without leading zeros), so sorting a
/// directory of *n* names costs O(*n* log *n*) plain string comparisons,
/// and no locale-aware one, which would cost too much for a directory of
/// 100,000 files.
struct FinderOrder: Comparable {
  private let key: String
  private let name: String

  /// The key of `name`. O(length).
  init(_ name: String) {
    self.name = name
    // Most names need no key of their own: no digit, no capital.
    if name.utf8.allSatisfy({ !(0x30...0x39).contains($0) && !(0x41...0x5A).contains($0) }) {
      key = name
      return
    }
    let zero = UInt8(ascii: "0")
    var key: [UInt8] = []
    key.reserveCapacity(name.utf8.count + 6)
    let bytes = Array(name.utf8)
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      guard byte >= zero && byte <= UInt8(ascii: "9") else {
        key.append(byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 32 : byte)
        index += 1
        continue
      }
      var end = index
      while end < bytes.count && bytes[end] >= zero && bytes[end] <= UInt8(ascii: "9") { end += 1 }
      var start = index
      while start < end - 1 && bytes[start] == zero { start += 1 }
      // "0" where a digit sorts, then the length in two printable
      // characters (a shorter number is a smaller one), then the digits.
      let length = min(end - start, 90 * 90 - 1)
      key += [zero, UInt8(0x21 + length / 90), UInt8(0x21 + length % 90)]
      key += bytes[start..<end]
      index = end
    }
    self.key = String(decoding: key, as: UTF8.self)
  }

  /// By key; full ties by the names. O(length).
  static func < (lhs: FinderOrder, rhs: FinderOrder) -> Bool {
    lhs.key != rhs.key ? lhs.key < rhs.key : lhs.name < rhs.name
  }

  static func == (lhs: FinderOrder, rhs: FinderOrder) -> Bool {
    lhs.name == rhs.name
  }
}
