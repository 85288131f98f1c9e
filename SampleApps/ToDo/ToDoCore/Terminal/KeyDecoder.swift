/// Turns the bytes a terminal sends in raw mode into ``Key``s.
///
/// Bytes arrive in arbitrary pieces: an escape sequence or a UTF-8
/// character may be split across reads. The decoder keeps an unfinished
/// tail until more bytes come; ``flush()`` decides what a tail that stays
/// unfinished meant (a lone Escape is the start of nothing). Sequences it
/// does not know (function keys, mouse reports, modified keys it does not
/// map) are consumed whole and ignored.
public struct KeyDecoder: Sendable {
  private var pending: [UInt8] = []

  /// A decoder with nothing pending. O(1).
  public init() {}

  /// Whether an unfinished sequence is waiting for more bytes; the caller
  /// should call ``flush()`` if none come soon (a few tens of
  /// milliseconds). O(1).
  public var isWaiting: Bool { !pending.isEmpty }

  /// The keys completed by `bytes`. O(n) in the bytes, plus the pending
  /// tail.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var start = 0
    while start < pending.count {
      guard let (key, length) = Self.decode(pending[start...]) else { break }
      if let key { keys.append(key) }
      start += length
    }
    pending.removeFirst(start)
    return keys
  }

  /// Ends the unfinished tail: an escape that nothing followed is the
  /// Escape key; anything else unfinished is dropped. O(pending).
  public mutating func flush() -> [Key] {
    defer { pending.removeAll() }
    return pending.first == 0x1B ? [.escape] : []
  }

  /// The key at the start of `bytes` and how many bytes it took (the key
  /// is `nil` for a sequence that is ignored), or `nil` if the bytes end
  /// before the key does.
  private static func decode(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B: return escape(bytes)
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x00: return (nil, 1)
    case 0x01...0x1F:
      return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
    default: return character(bytes)
    }
  }

  /// One UTF-8 character; an invalid byte is skipped.
  private static func character(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    let length: Int
    switch first {
    case 0x00...0x7F: length = 1
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return (nil, 1)
    }
    guard bytes.count >= length else { return nil }
    let encoded = bytes.prefix(length)
    guard encoded.dropFirst().allSatisfy({ $0 & 0xC0 == 0x80 }),
      let scalar = String(validating: encoded, as: UTF8.self)?.unicodeScalars.first
    else { return (nil, 1) }
    if scalar.properties.generalCategory == .control { return (nil, length) }
    return (.character(Character(scalar)), length)
  }

  /// Escape, or a sequence introduced by it: CSI (`ESC [`), SS3 (`ESC O`)
  /// or a bracketed paste.
  private static func escape(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      return controlSequence(bytes)
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return nil }
      let keys: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end]
      return (keys[bytes[start + 2]], 3)
    default:
      // Escape followed by another key (Alt-x, or Escape typed just before
      // it): the Escape alone; the next key is read on its own.
      return (.escape, 1)
    }
  }

  /// `ESC [ parameters intermediates final`.
  private static func controlSequence(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let start = bytes.startIndex
    var index = start + 2
    while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
    guard index < bytes.endIndex else { return nil }
    let final = bytes[index]
    let length = index - start + 1
    guard (0x40...0x7E).contains(final) else { return (nil, length - 1) }  // malformed: drop up to it
    let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
    switch final {
    case UInt8(ascii: "A"): return (.up, length)
    case UInt8(ascii: "B"): return (.down, length)
    case UInt8(ascii: "C"): return (.right, length)
    case UInt8(ascii: "D"): return (.left, length)
    case UInt8(ascii: "H"): return (.home, length)
    case UInt8(ascii: "F"): return (.end, length)
    case UInt8(ascii: "~"):
      let code = parameters.split(separator: ";").first.map(String.init) ?? ""
      switch code {
      case "1", "7": return (.home, length)
      case "4", "8": return (.end, length)
      case "3": return (.delete, length)
      case "5": return (.pageUp, length)
      case "6": return (.pageDown, length)
      case "200": return paste(bytes, from: start + length)
      default: return (nil, length)
      }
    default:
      return (nil, length)
    }
  }

  /// The text of a bracketed paste, up to `ESC [ 201 ~`.
  private static func paste(_ bytes: ArraySlice<UInt8>, from contentStart: Int) -> (Key?, Int)? {
    let end: [UInt8] = Array("\u{1B}[201~".utf8)
    var index = contentStart
    while index + end.count <= bytes.endIndex {
      if bytes[index..<(index + end.count)].elementsEqual(end) {
        let text = String(decoding: bytes[contentStart..<index], as: UTF8.self)
        return (.paste(text), index + end.count - bytes.startIndex)
      }
      index += 1
    }
    return nil
  }
}
