/// Turns the bytes a terminal sends in raw mode into ``TerminalEvent``s:
/// keys, pastes and mouse reports.
///
/// Bytes arrive in arbitrary pieces: an escape sequence or a UTF-8
/// character may be split across reads. The decoder keeps an unfinished
/// tail until more bytes come; ``flush()`` decides what a tail that stays
/// unfinished meant (a lone Escape is the Escape key). Sequences it does
/// not know (device reports, keys it does not map) are consumed whole and
/// ignored, so no stray bytes reach the app as text.
public struct InputDecoder: Sendable {
  private var pending: [UInt8] = []

  /// A decoder with nothing pending. O(1).
  public init() {}

  /// Whether an unfinished sequence is waiting for more bytes; the caller
  /// should call ``flush()`` if none come soon (a few tens of
  /// milliseconds). O(1).
  public var isWaiting: Bool { !pending.isEmpty }

  /// The events completed by `bytes`. O(n) in the bytes, plus the pending
  /// tail.
  public mutating func feed(_ bytes: some Sequence<UInt8>) -> [TerminalEvent] {
    pending.append(contentsOf: bytes)
    var events: [TerminalEvent] = []
    var start = 0
    while start < pending.count {
      guard let (event, length) = Self.decode(pending[start...]) else { break }
      if let event { events.append(event) }
      start += length
    }
    pending.removeFirst(start)
    return events
  }

  /// Ends the unfinished tail: an escape that nothing followed is the
  /// Escape key; anything else unfinished is dropped. O(pending).
  public mutating func flush() -> [TerminalEvent] {
    defer { pending.removeAll() }
    // ESC followed by part of a sequence (`ESC [1;5`) is no key the user
    // pressed: only a lone ESC is the Escape key.
    return pending == [0x1B] ? [.key(.escape)] : []
  }

  /// The event at the start of `bytes` and how many bytes it took (the
  /// event is `nil` for a sequence that is ignored), or `nil` if the bytes
  /// end before the event does.
  private static func decode(_ bytes: ArraySlice<UInt8>) -> (TerminalEvent?, Int)? {
    if bytes[bytes.startIndex] == 0x1B { return escape(bytes) }
    guard let (key, length) = plainKey(bytes) else { return nil }
    return (key.map(TerminalEvent.key), length)
  }

  /// A key that is not an escape sequence: a control byte or one UTF-8
  /// character.
  private static func plainKey(_ bytes: ArraySlice<UInt8>) -> (Key?, Int)? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x0D, 0x0A: return (.enter, 1)
    case 0x09: return (.tab, 1)
    case 0x7F, 0x08: return (.backspace, 1)
    case 0x00: return (nil, 1)
    case 0x01...0x1F: return (.control(Character(Unicode.Scalar(first + 0x60))), 1)
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

  /// Escape, or a sequence introduced by it: CSI (`ESC [`), SS3 (`ESC O`),
  /// or Alt with a key (`ESC x`).
  private static func escape(_ bytes: ArraySlice<UInt8>) -> (TerminalEvent?, Int)? {
    let start = bytes.startIndex
    guard bytes.count >= 2 else { return nil }
    switch bytes[start + 1] {
    case UInt8(ascii: "["):
      return controlSequence(bytes)
    case UInt8(ascii: "O"):
      guard bytes.count >= 3 else { return nil }
      let keys: [UInt8: Key] = [
        0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
        0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4),
      ]
      return (keys[bytes[start + 2]].map(TerminalEvent.key), 3)
    case 0x1B:
      // Escape typed twice, or Escape before an escape sequence: the first
      // is the Escape key; the rest is read on its own.
      return (.key(.escape), 1)
    default:
      // Terminals send Alt-x as Escape followed by x, in one write.
      guard let (key, length) = plainKey(bytes.dropFirst()) else { return nil }
      return (key.map { .key(.modified($0, .alt)) }, length + 1)
    }
  }

  /// `ESC [ parameters intermediates final`: cursor and editing keys (with
  /// xterm's `1;m` modifiers), function keys, SGR mouse reports and the
  /// start of a bracketed paste.
  private static func controlSequence(_ bytes: ArraySlice<UInt8>) -> (TerminalEvent?, Int)? {
    let start = bytes.startIndex
    var index = start + 2
    while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
    guard index < bytes.endIndex else { return nil }
    let final = bytes[index]
    let length = index - start + 1
    guard (0x40...0x7E).contains(final) else { return (nil, length - 1) }  // malformed: drop up to it
    let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
    if parameters.first == "<" {
      return (mouse(parameters.dropFirst(), pressed: final == UInt8(ascii: "M")).map(TerminalEvent.mouse), length)
    }
    let fields = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    if final == UInt8(ascii: "~"), fields.first == 200 { return paste(bytes, from: start + length) }
    let key: Key?
    if final == UInt8(ascii: "~") {
      key = fields.first.flatMap { $0 }.flatMap { tildeKeys[$0] }
    } else if final == UInt8(ascii: "Z") {
      return (.key(.modified(.tab, .shift)), length)
    } else {
      key = letterKeys[final]
    }
    guard let key else { return (nil, length) }
    // xterm reports modifiers as a second parameter: 1 + their bits.
    if fields.count >= 2, let code = fields[1], code > 1 {
      return (.key(.modified(key, KeyModifiers(rawValue: (code - 1) & 7))), length)
    }
    return (.key(key), length)
  }

  /// Keys whose sequence ends with a letter: `ESC [ A` or `ESC [ 1 ; 5 A`.
  private static let letterKeys: [UInt8: Key] = [
    0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left, 0x48: .home, 0x46: .end,
    0x50: .function(1), 0x51: .function(2), 0x52: .function(3), 0x53: .function(4),
  ]

  /// Keys whose sequence ends with `~`, by their first parameter.
  private static let tildeKeys: [Int: Key] = [
    1: .home, 7: .home, 4: .end, 8: .end, 2: .insert, 3: .delete, 5: .pageUp, 6: .pageDown,
    11: .function(1), 12: .function(2), 13: .function(3), 14: .function(4), 15: .function(5),
    17: .function(6), 18: .function(7), 19: .function(8), 20: .function(9), 21: .function(10),
    23: .function(11), 24: .function(12),
  ]

  /// An SGR mouse report, `ESC [ < b ; x ; y M` (press) or `m` (release):
  /// `b` holds the button in its low bits, modifiers in 4, 8 and 16, motion
  /// in 32 and the wheel in 64; `x` and `y` count from 1.
  private static func mouse(_ parameters: Substring, pressed: Bool) -> MouseEvent? {
    let fields = parameters.split(separator: ";").compactMap { Int($0) }
    guard fields.count == 3, fields[1] >= 1, fields[2] >= 1 else { return nil }
    let code = fields[0]
    let modifiers = KeyModifiers(rawValue: (code & 4 != 0 ? 1 : 0) | (code & 8 != 0 ? 2 : 0) | (code & 16 != 0 ? 4 : 0))
    let action: MouseEvent.Action
    if code & 64 != 0 {
      switch code & 3 {
      case 0: action = .scrollUp
      case 1: action = .scrollDown
      default: return nil  // sideways wheel
      }
    } else {
      guard code & 32 == 0 else { return nil }  // motion: not reported to apps
      let buttons: [MouseButton] = [.left, .middle, .right]
      guard code & 3 < 3 else { return nil }
      action = pressed ? .press(buttons[code & 3]) : .release(buttons[code & 3])
    }
    return MouseEvent(action, column: fields[1] - 1, row: fields[2] - 1, modifiers: modifiers)
  }

  /// The text of a bracketed paste, up to `ESC [ 201 ~`.
  private static func paste(_ bytes: ArraySlice<UInt8>, from contentStart: Int) -> (TerminalEvent?, Int)? {
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
