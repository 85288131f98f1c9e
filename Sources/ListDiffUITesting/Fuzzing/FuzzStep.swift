import ListDiffUI

/// One step of a fuzz run, as its replay string writes it: a model change
/// (or, on an asynchronous data source, a burst of changes arriving
/// together) or a gesture. See ``ListFuzzGestures`` for the notation.
///
/// Invariant: `description` and `init(parsing:)` are inverse: every step
/// written parses back to itself.
package enum FuzzStep: Equatable, CustomStringConvertible {
  /// A named change, run with a generator seeded by `seed`.
  package struct Change: Equatable {
    package var name: String
    package var seed: UInt64
  }

  /// One or more changes, each set as a root; after the last one the step
  /// waits for the data source. More than one only on an asynchronous data
  /// source, where they arrive as from a stream.
  case changes([Change])
  case scroll(Int)
  case drag(Int, velocity: Int)
  case tap(ListItemID)
  case resize(width: Int, height: Int)
  /// The item dragged to `toIndex` of `toSection` (its own when nil).
  case move(ListItemID, toIndex: Int, toSection: [String]?)
  /// The item selected by identity, or deselected when it is selected.
  case select(ListItemID)
  /// A key pressed: a focus move, or Space, Shift+arrows or Enter; ← or
  /// → (drawn with the outline gestures).
  case key(ListKey)
  /// The outline row expanded (`expand: true`) or collapsed.
  case expand(ListItemID, expand: Bool)
  /// The carousel whose row is the item dragged across by some points
  /// (positive: toward later items).
  case carousel(ListItemID, by: Int)
  /// A VoiceOver gesture from wherever its cursor is: a move, a double
  /// tap, a page scroll.
  case voiceOver(VoiceOverGesture)
  /// VoiceOver's cursor put on the item, then its custom action `name`
  /// run (an item action, a move, the cell's own).
  case accessibilityAction(ListItemID, name: String)

  /// What a `voiceOver` step does.
  package enum VoiceOverGesture: Equatable {
    case move(ListAccessibilityMove)
    case activate
    case scroll(ListAccessibilityScrollDirection)
  }

  /// The VoiceOver gestures, by the name an `ax:` step is written with.
  static let voiceOverNames: [(name: String, gesture: VoiceOverGesture)] = [
    ("next", .move(.next)), ("previous", .move(.previous)), ("first", .move(.first)), ("last", .move(.last)),
    ("nextHeading", .move(.nextHeading)), ("previousHeading", .move(.previousHeading)), ("activate", .activate),
    ("scrollUp", .scroll(.up)), ("scrollDown", .scroll(.down)), ("scrollLeft", .scroll(.left)),
    ("scrollRight", .scroll(.right)),
  ]

  /// The keys a `key` step the `focus` gesture draws presses, by the name
  /// it is written with.
  static let keyNames: [(name: String, key: ListKey)] = [
    ("up", .up), ("down", .down), ("pageUp", .pageUp), ("pageDown", .pageDown), ("home", .home),
    ("end", .end), ("space", .space), ("enter", .enter), ("shiftUp", .shiftUp), ("shiftDown", .shiftDown),
  ]

  /// ← and →: drawn by the `expand` and `carousel` gestures only (so that
  /// the draws of a fuzz without outlines or carousels stay what they were).
  static let arrowKeyNames: [(name: String, key: ListKey)] = [("left", .left), ("right", .right)]

  /// Every key a `key` step may name.
  static var allKeyNames: [(name: String, key: ListKey)] { keyNames + arrowKeyNames }

  package var description: String {
    switch self {
    case .changes(let changes):
      return changes.map { "\($0.name)#\($0.seed)" }.joined(separator: "&")
    case .scroll(let points):
      return "scroll" + Self.signed(points)
    case .drag(let points, let velocity):
      return "drag" + Self.signed(points) + (velocity == 0 ? "" : "@\(velocity)")
    case .tap(let item):
      return "tap:" + Self.written(item)
    case .resize(let width, let height):
      return "resize:\(width)x\(height)"
    case .move(let item, let toIndex, let toSection):
      return "move:" + Self.written(item) + ">\(toIndex)"
        + (toSection.map { "@" + Self.written(names: $0) } ?? "")
    case .select(let item):
      return "select:" + Self.written(item)
    case .key(let key):
      return "key:" + (Self.allKeyNames.first { $0.key == key }?.name ?? "?")
    case .expand(let item, let expand):
      return (expand ? "expand:" : "collapse:") + Self.written(item)
    case .carousel(let item, let points):
      return "carousel:" + Self.written(item) + Self.signed(points)
    case .voiceOver(let gesture):
      return "ax:" + (Self.voiceOverNames.first { $0.gesture == gesture }?.name ?? "?")
    case .accessibilityAction(let item, let name):
      return "ax-action:" + Self.written(item) + "=" + Self.escaped(name)
    }
  }

  /// Whether a step is a model change rather than a gesture.
  package var isChange: Bool {
    if case .changes = self { true } else { false }
  }

  /// The item a gesture names (a carousel's row for `carousel`); nil for
  /// changes and gestures that name none.
  package var namedItem: ListItemID? {
    switch self {
    case .tap(let item), .select(let item), .expand(let item, _), .carousel(let item, _), .move(let item, _, _),
      .accessibilityAction(let item, _):
      item
    case .changes, .scroll, .drag, .resize, .key, .voiceOver: nil
    }
  }

  /// The step with `item` in place of the item it names; itself when it
  /// names none.
  package func naming(_ item: ListItemID) -> FuzzStep {
    switch self {
    case .tap: .tap(item)
    case .select: .select(item)
    case .expand(_, let expand): .expand(item, expand: expand)
    case .carousel(_, let points): .carousel(item, by: points)
    case .move(_, let toIndex, let toSection): .move(item, toIndex: toIndex, toSection: toSection)
    case .accessibilityAction(_, let name): .accessibilityAction(item, name: name)
    case .changes, .scroll, .drag, .resize, .key, .voiceOver: self
    }
  }

  // MARK: Writing

  private static func signed(_ number: Int) -> String {
    number < 0 ? "\(number)" : "+\(number)"
  }

  private static func written(_ item: ListItemID) -> String {
    (item.sectionPath + [item.identifier]).map(escaped).joined(separator: "/")
  }

  /// Section names joined by `/`; no names at all (the root's items) as
  /// `~`, which `[""]` (one empty name) is not.
  private static func written(names: [String]) -> String {
    names.isEmpty ? "~" : names.map(escaped).joined(separator: "/")
  }

  /// Letters, digits and `_ - .` stand for themselves in a step.
  static func isNameScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "a"..."z", "A"..."Z", "0"..."9", "_", "-", ".": true
    default: false
    }
  }

  /// `text` with every other character as `%` and the two hex digits of
  /// each of its UTF-8 bytes.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      if isNameScalar(scalar) {
        result.unicodeScalars.append(scalar)
      } else {
        for byte in String(scalar).utf8 {
          result += "%" + String(byte >> 4, radix: 16, uppercase: true)
            + String(byte & 0xF, radix: 16, uppercase: true)
        }
      }
    }
    return result
  }

  // MARK: Reading

  /// What is wrong with a step of a replay string.
  package struct ParseError: Error, Equatable {
    package var reason: String
  }

  /// The step `text` writes, given the names of the fuzz's changes.
  package init(parsing text: Substring, changeNames: Set<String>) throws(ParseError) {
    func fail(_ reason: String) -> ParseError { ParseError(reason: reason) }
    // A change always has a `#`, which no gesture has (names escape it).
    if text.contains("#") {
      self = .changes(try Self.changes(text, changeNames: changeNames))
    } else if let rest = text.dropPrefix("scroll") {
      guard let points = try Self.signedNumber(rest) else { throw fail("scroll wants a signed number: scroll+7") }
      self = .scroll(points)
    } else if let rest = text.dropPrefix("drag") {
      let parts = rest.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
      guard let points = try Self.signedNumber(parts[0]),
        let velocity = parts.count == 2 ? try Self.number(parts[1], as: Int.self) : 0
      else { throw fail("drag wants a signed number and an optional velocity: drag+12, drag-5@300") }
      self = .drag(points, velocity: velocity)
    } else if let rest = text.dropPrefix("tap:") {
      self = .tap(try Self.item(rest))
    } else if let rest = text.dropPrefix("resize:") {
      let parts = rest.split(separator: "x", omittingEmptySubsequences: false)
      guard parts.count == 2, let width = try Self.number(parts[0], as: Int.self),
        let height = try Self.number(parts[1], as: Int.self), width >= 1, height >= 1
      else { throw fail("resize wants a width and a height of at least 1: resize:30x9") }
      self = .resize(width: width, height: height)
    } else if let rest = text.dropPrefix("move:") {
      guard let arrow = rest.lastIndex(of: ">") else {
        throw fail("move wants an item, `>` and an index: move:p3>0 or move:done/p3>2@open")
      }
      let target = rest[rest.index(after: arrow)...].split(
        separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
      guard let toIndex = try Self.number(target[0], as: Int.self), toIndex >= 0 else {
        throw fail("move wants an index of at least 0 after `>`: move:p3>0")
      }
      let toSection = try target.count == 2 ? (target[1] == "~" ? [] : Self.names(target[1])) : nil
      self = .move(try Self.item(rest[..<arrow]), toIndex: toIndex, toSection: toSection)
    } else if let rest = text.dropPrefix("select:") {
      self = .select(try Self.item(rest))
    } else if let rest = text.dropPrefix("key:") {
      guard let key = Self.allKeyNames.first(where: { $0.name == rest })?.key else {
        let names = Self.allKeyNames.map(\.name).joined(separator: ", ")
        throw fail("key wants one of \(names): key:down")
      }
      self = .key(key)
    } else if let rest = text.dropPrefix("expand:") {
      self = .expand(try Self.item(rest), expand: true)
    } else if let rest = text.dropPrefix("collapse:") {
      self = .expand(try Self.item(rest), expand: false)
    } else if let rest = text.dropPrefix("carousel:") {
      // The number's sign is the last `+` or `-`: names may hold `-`, numbers no sign.
      guard let sign = rest.lastIndex(where: { $0 == "+" || $0 == "-" }), sign > rest.startIndex,
        let points = try Self.signedNumber(rest[sign...])
      else { throw fail("carousel wants the carousel's row and a signed number: carousel:recent+12") }
      self = .carousel(try Self.item(rest[..<sign]), by: points)
    } else if let rest = text.dropPrefix("ax:") {
      guard let gesture = Self.voiceOverNames.first(where: { $0.name == rest })?.gesture else {
        let names = Self.voiceOverNames.map(\.name).joined(separator: ", ")
        throw fail("ax wants one of \(names): ax:next")
      }
      self = .voiceOver(gesture)
    } else if let rest = text.dropPrefix("ax-action:") {
      // Names hold no `=` (it is escaped): the first one ends the item.
      guard let equals = rest.firstIndex(of: "="), let name = Self.unescaped(rest[rest.index(after: equals)...])
      else { throw fail("ax-action wants an item, `=` and an action's name: ax-action:p3=Move%20up") }
      self = .accessibilityAction(try Self.item(rest[..<equals]), name: name)
    } else {
      throw fail(
        "not a step; a change is written name#number (post#3), a gesture as scroll+7, drag+12, "
          + "tap:id, resize:30x9, move:id>0, select:id, key:down, expand:id, collapse:id, carousel:id+12, ax:next "
          + "or ax-action:id=Delete")
    }
  }

  private static func changes(_ text: Substring, changeNames: Set<String>) throws(ParseError) -> [Change] {
    var changes: [Change] = []
    for part in text.split(separator: "&", omittingEmptySubsequences: false) {
      let pieces = part.split(separator: "#", omittingEmptySubsequences: false)
      guard pieces.count == 2, let seed = try number(pieces[1], as: UInt64.self) else {
        throw ParseError(reason: "a change is written name#number: post#3")
      }
      let name = String(pieces[0])
      guard changeNames.contains(name) else {
        let known = changeNames.sorted().joined(separator: ", ")
        throw ParseError(reason: "no change is named \"\(name)\" (the changes are: \(known.isEmpty ? "none" : known))")
      }
      changes.append(Change(name: name, seed: seed))
    }
    return changes
  }

  private static func signedNumber(_ text: Substring) throws(ParseError) -> Int? {
    guard let sign = text.first, sign == "+" || sign == "-" else { return nil }
    return try number(text, as: Int.self)
  }

  /// `text` as a number of type `T`, nil when it is not one; an error
  /// saying so when it is a number too large for `T` (a step that cannot
  /// be replayed, rather than one that is not a step).
  private static func number<T: FixedWidthInteger>(_ text: Substring, as type: T.Type) throws(ParseError) -> T? {
    if let value = T(text) { return value }
    let digits = text.first == "+" || text.first == "-" ? text.dropFirst() : text
    guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), text.first != "-" || T.isSigned
    else { return nil }
    throw ParseError(reason: "the number \(text) is too large: this one goes from \(T.min) to \(T.max)")
  }

  private static func item(_ text: Substring) throws(ParseError) -> ListItemID {
    let names = try names(text)
    return ListItemID(identifier: names.last ?? "", sectionPath: Array(names.dropLast()))
  }

  private static func names(_ text: Substring) throws(ParseError) -> [String] {
    var names: [String] = []
    for part in text.split(separator: "/", omittingEmptySubsequences: false) {
      guard let name = unescaped(part) else {
        throw ParseError(reason: "`\(part)` is not a name: write other characters than letters, "
          + "digits and _ - . as %XX (UTF-8)")
      }
      names.append(name)
    }
    return names
  }

  /// The text `escaped` wrote; nil when `text` has another character than
  /// those it writes or a `%` without two hex digits or bytes that are not
  /// UTF-8.
  private static func unescaped(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var scalars = text.unicodeScalars.makeIterator()
    while let scalar = scalars.next() {
      if scalar == "%" {
        guard let high = scalars.next().flatMap({ UInt8(String($0), radix: 16) }),
          let low = scalars.next().flatMap({ UInt8(String($0), radix: 16) })
        else { return nil }
        bytes.append(high << 4 | low)
      } else if isNameScalar(scalar) {
        bytes.append(UInt8(scalar.value))
      } else {
        return nil
      }
    }
    // Decoding repairs bad UTF-8; a repaired text has other bytes.
    let decoded = String(decoding: bytes, as: UTF8.self)
    return decoded.utf8.elementsEqual(bytes) ? decoded : nil
  }
}

extension Substring {
  /// The rest after `prefix`, or nil when the text does not start with it.
  fileprivate func dropPrefix(_ prefix: String) -> Substring? {
    hasPrefix(prefix) ? dropFirst(prefix.count) : nil
  }
}
