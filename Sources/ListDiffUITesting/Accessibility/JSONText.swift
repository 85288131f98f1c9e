/// A JSON value, written as text by ``text``: what the accessibility
/// hierarchy is encoded into, with its keys in the order given (the order
/// Swift's synthesized `Codable` declares them in), so that the same
/// screen always gives the same bytes on every platform, whatever
/// Foundation's `JSONEncoder` does with key order, spacing and numbers.
indirect enum JSONText {
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONText])
  /// Keys and values, in order.
  case object([(key: String, value: JSONText)])

  /// The value as indented JSON: two spaces a level, `"key": value`; an
  /// array or object that holds neither objects nor non-empty arrays of
  /// them stays on one line (`[[0, 1], [30, 1]]`, `[]`, `{}`).
  ///
  /// - Complexity: O(*k*) in the text's length.
  var text: String {
    var out = ""
    write(to: &out, indent: "")
    return out
  }

  private var isFlat: Bool {
    switch self {
    case .bool, .number, .string: true
    case .array(let items): items.allSatisfy(\.isFlat)
    case .object(let members): members.isEmpty
    }
  }

  private func write(to out: inout String, indent: String) {
    switch self {
    case .bool(let value): out += value ? "true" : "false"
    case .number(let value): out += Self.number(value)
    case .string(let value): Self.quote(value, to: &out)
    case .array(let items) where isFlat:
      out += "["
      for (offset, item) in items.enumerated() {
        if offset > 0 { out += ", " }
        item.write(to: &out, indent: indent)
      }
      out += "]"
    case .array(let items):
      let inner = indent + "  "
      out += "[\n"
      for (offset, item) in items.enumerated() {
        out += inner
        item.write(to: &out, indent: inner)
        out += offset < items.count - 1 ? ",\n" : "\n"
      }
      out += indent + "]"
    case .object(let members) where members.isEmpty:
      out += "{}"
    case .object(let members):
      let inner = indent + "  "
      out += "{\n"
      for (offset, member) in members.enumerated() {
        out += inner
        Self.quote(member.key, to: &out)
        out += ": "
        member.value.write(to: &out, indent: inner)
        out += offset < members.count - 1 ? ",\n" : "\n"
      }
      out += indent + "}"
    }
  }

  /// A whole number without a fraction (`12`, as `JSONEncoder` writes a
  /// `Double` that is one), any other as Swift writes it (`10.5`); JSON
  /// has no infinities or NaN, which are written as 0 (no frame has them).
  private static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
    return "\(value)"
  }

  /// `text` as a JSON string: quotes, backslashes and control characters
  /// escaped, everything else as it is (JSON text is UTF-8).
  private static func quote(_ text: String, to out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case _ where scalar.value < 0x20:
        let hex = String(scalar.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
