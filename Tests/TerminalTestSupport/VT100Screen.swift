import ListDiffUITerminal

/// A small VT100/xterm screen: enough of the escape sequences the
/// full-screen app writes to read back what a person would see.
///
/// It knows cursor positioning (CUP, CUU/CUD/CUF/CUB), erasing lines and
/// the screen (EL, ED), the alternate screen (`?1049`), cursor visibility
/// (`?25`), auto-wrap (`?7`), carriage return and line feed; colours and
/// other modes are read and ignored. Wide characters take two columns.
/// Bytes may come in any pieces.
package struct VT100Screen {
  package private(set) var width: Int
  package private(set) var height: Int
  private var main: [[Character]]
  private var alternate: [[Character]]
  package private(set) var isAlternate = false
  package private(set) var cursorVisible = true
  package private(set) var autoWrap = true
  package private(set) var cursor = (row: 0, column: 0)
  private var pending: [UInt8] = []
  /// Every `?N h/l` mode change seen, in order, as "1049h" etc.
  package private(set) var modeChanges: [String] = []

  /// The placeholder in the column after a wide character.
  private static let continuation: Character = "\u{0}"

  package init(width: Int, height: Int) {
    self.width = width
    self.height = height
    main = Self.blank(width: width, height: height)
    alternate = main
  }

  /// The screen shown now, one string per row, trailing spaces removed.
  package var lines: [String] {
    let rows = isAlternate ? alternate : main
    return rows.map { row in
      String(String(row.filter { $0 != Self.continuation }).reversed().drop { $0 == " " }.reversed())
    }
  }

  /// The main (not alternate) screen's rows.
  package var mainLines: [String] {
    main.map { String(String($0.filter { $0 != Self.continuation }).reversed().drop { $0 == " " }.reversed()) }
  }

  /// A resized terminal keeps what fits, as xterm does.
  package mutating func resize(width: Int, height: Int) {
    func fit(_ rows: [[Character]]) -> [[Character]] {
      (0..<height).map { row in
        (0..<width).map { column in
          row < rows.count && column < rows[row].count ? rows[row][column] : " "
        }
      }
    }
    main = fit(main)
    alternate = fit(alternate)
    self.width = width
    self.height = height
    cursor = (min(cursor.row, height - 1), min(cursor.column, width - 1))
  }

  package mutating func feed(_ bytes: some Sequence<UInt8>) {
    pending.append(contentsOf: bytes)
    var index = 0
    while index < pending.count {
      guard let used = step(pending[index...]) else { break }
      index += used
    }
    pending.removeFirst(index)
  }

  package mutating func feed(_ text: String) { feed(Array(text.utf8)) }

  /// Interprets one character or sequence; `nil` if it is incomplete.
  private mutating func step(_ bytes: ArraySlice<UInt8>) -> Int? {
    let first = bytes[bytes.startIndex]
    switch first {
    case 0x1B:
      guard bytes.count >= 2 else { return nil }
      let second = bytes[bytes.startIndex + 1]
      guard second == UInt8(ascii: "[") else { return 2 }  // ESC 7, ESC 8, ESC =, …: ignored
      var index = bytes.startIndex + 2
      while index < bytes.endIndex, (0x20...0x3F).contains(bytes[index]) { index += 1 }
      guard index < bytes.endIndex else { return nil }
      let parameters = String(decoding: bytes[(bytes.startIndex + 2)..<index], as: UTF8.self)
      control(parameters, final: Character(Unicode.Scalar(bytes[index])))
      return index - bytes.startIndex + 1
    case 0x0D:
      cursor.column = 0
      return 1
    case 0x0A:
      lineFeed()
      return 1
    case 0x08:
      cursor.column = max(0, cursor.column - 1)
      return 1
    case 0x00..<0x20, 0x7F:
      return 1
    default:
      let length = first < 0x80 ? 1 : first < 0xE0 ? 2 : first < 0xF0 ? 3 : 4
      guard bytes.count >= length else { return nil }
      let text = String(decoding: bytes.prefix(length), as: UTF8.self)
      for scalar in text.unicodeScalars { put(scalar) }
      return length
    }
  }

  private mutating func put(_ scalar: Unicode.Scalar) {
    let character = Character(scalar)
    let columns = TerminalText.columns(character)
    // A combining mark joins the character before it.
    if scalar.properties.generalCategory == .nonspacingMark, cursor.column > 0 {
      var previous = cursor.column - 1
      if current[cursor.row][previous] == Self.continuation, previous > 0 { previous -= 1 }
      current[cursor.row][previous] = Character(String(current[cursor.row][previous]) + String(scalar))
      return
    }
    if cursor.column + columns > width {
      if autoWrap {
        cursor.column = 0
        lineFeed()
      } else {
        cursor.column = width - columns
      }
    }
    current[cursor.row][cursor.column] = character
    if columns == 2 { current[cursor.row][cursor.column + 1] = Self.continuation }
    cursor.column = min(cursor.column + columns, autoWrap ? width : width - 1)
  }

  private var current: [[Character]] {
    get { isAlternate ? alternate : main }
    set { if isAlternate { alternate = newValue } else { main = newValue } }
  }

  private mutating func lineFeed() {
    if cursor.row + 1 < height {
      cursor.row += 1
    } else {
      current.removeFirst()
      current.append(Array(repeating: " ", count: width))
    }
  }

  private mutating func control(_ parameters: String, final: Character) {
    if parameters.hasPrefix("?") {
      let modes = parameters.dropFirst().split(separator: ";").map(String.init)
      guard final == "h" || final == "l" else { return }
      let on = final == "h"
      for mode in modes {
        modeChanges.append(mode + String(final))
        switch mode {
        case "1049":
          if on && !isAlternate {
            alternate = Self.blank(width: width, height: height)
          }
          isAlternate = on
        case "25": cursorVisible = on
        case "7": autoWrap = on
        default: break
        }
      }
      return
    }
    let numbers = parameters.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    func number(_ index: Int, _ fallback: Int) -> Int {
      index < numbers.count ? (numbers[index] ?? fallback) : fallback
    }
    switch final {
    case "H", "f":
      cursor = (min(max(1, number(0, 1)), height) - 1, min(max(1, number(1, 1)), width) - 1)
    case "A": cursor.row = max(0, cursor.row - max(1, number(0, 1)))
    case "B": cursor.row = min(height - 1, cursor.row + max(1, number(0, 1)))
    case "C": cursor.column = min(width - 1, cursor.column + max(1, number(0, 1)))
    case "D": cursor.column = max(0, cursor.column - max(1, number(0, 1)))
    case "K":
      let columns: Range<Int> =
        switch number(0, 0) {
        case 1: 0..<min(width, cursor.column + 1)
        case 2: 0..<width
        default: min(cursor.column, width)..<width
        }
      for column in columns { current[cursor.row][column] = " " }
    case "J":
      switch number(0, 0) {
      case 2, 3: current = Self.blank(width: width, height: height)
      case 1:
        for row in 0..<cursor.row { current[row] = Array(repeating: " ", count: width) }
      default:
        for row in (cursor.row + 1)..<max(cursor.row + 1, height) { current[row] = Array(repeating: " ", count: width) }
        for column in cursor.column..<width { current[cursor.row][column] = " " }
      }
    default:
      break  // SGR and the rest: no effect on the text
    }
  }

  private static func blank(width: Int, height: Int) -> [[Character]] {
    Array(repeating: Array(repeating: " ", count: width), count: height)
  }
}

extension VT100Screen: CustomStringConvertible {
  /// The rows shown now, as a failing expectation prints them.
  package var description: String {
    "\(width)×\(height)\(isAlternate ? " alternate" : "") screen:\n" + lines.joined(separator: "\n")
  }
}
