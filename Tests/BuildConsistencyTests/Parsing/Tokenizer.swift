/// Splits a Package.swift or Starlark file into tokens.
///
/// It knows exactly the lexical forms these files use for target
/// declarations. Anything else it meets (a raw or interpolated Swift string,
/// an unknown character) is reported as an error with its line and column
/// rather than guessed at, so the consistency check never compares a
/// half-understood file. Newlines and indentation are dropped; each token
/// keeps its location, which is how the Starlark reader finds statement
/// boundaries.
///
/// Complexity: O(n) in the length of the text.
struct Tokenizer {
  private let bytes: [UInt8]
  private let dialect: SourceDialect
  private let fileName: String
  private var offset = 0
  private var line = 1
  private var lineStart = 0

  /// Tokenizes `text`, naming `fileName` in any error.
  static func tokenize(
    _ text: String, dialect: SourceDialect, fileName: String
  ) throws(ConfigurationParseError) -> [Token] {
    var tokenizer = Tokenizer(bytes: Array(text.utf8), dialect: dialect, fileName: fileName)
    return try tokenizer.run()
  }

  private init(bytes: [UInt8], dialect: SourceDialect, fileName: String) {
    self.bytes = bytes
    self.dialect = dialect
    self.fileName = fileName
  }

  private var location: SourceLocation {
    SourceLocation(line: line, column: offset - lineStart + 1)
  }

  private func peek(_ distance: Int = 0) -> UInt8? {
    let index = offset + distance
    return index < bytes.count ? bytes[index] : nil
  }

  private func error(_ message: String, at location: SourceLocation? = nil) -> ConfigurationParseError {
    ConfigurationParseError(file: fileName, location: location ?? self.location, message: message)
  }

  /// Moves past one byte, keeping the line count right.
  private mutating func advance() {
    if bytes[offset] == UInt8(ascii: "\n") {
      line += 1
      lineStart = offset + 1
    }
    offset += 1
  }

  private mutating func run() throws(ConfigurationParseError) -> [Token] {
    var tokens: [Token] = []
    while let byte = peek() {
      let start = location
      switch byte {
      case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: "\n"):
        advance()
      case UInt8(ascii: "#") where dialect == .starlark:
        skipLine()
      case UInt8(ascii: "#") where dialect == .swift:
        throw error("raw strings and compiler directives (`#`) are not supported in Package.swift by this check")
      case UInt8(ascii: "/") where dialect == .swift && peek(1) == UInt8(ascii: "/"):
        skipLine()
      case UInt8(ascii: "/") where dialect == .swift && peek(1) == UInt8(ascii: "*"):
        try skipBlockComment()
      case UInt8(ascii: "\""):
        tokens.append(Token(kind: .string(try readString(quote: byte)), location: start))
      case UInt8(ascii: "'") where dialect == .starlark:
        tokens.append(Token(kind: .string(try readString(quote: byte)), location: start))
      case _ where Self.isIdentifierStart(byte):
        tokens.append(Token(kind: .identifier(readWhile(Self.isIdentifierContinuation)), location: start))
      case _ where Self.isDigit(byte):
        tokens.append(Token(kind: .number(readWhile(Self.isIdentifierContinuation)), location: start))
      case _ where Self.punctuation.contains(byte):
        advance()
        tokens.append(Token(kind: .punctuation(Character(Unicode.Scalar(byte))), location: start))
      default:
        throw error("unexpected character \(Self.describe(byte))")
      }
    }
    return tokens
  }

  private static let punctuation: Set<UInt8> = Set("()[]{},:=.+-*".utf8)

  private static func isIdentifierStart(_ byte: UInt8) -> Bool {
    (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
      || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
      || byte == UInt8(ascii: "_")
  }

  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }

  private static func isIdentifierContinuation(_ byte: UInt8) -> Bool {
    isIdentifierStart(byte) || isDigit(byte)
  }

  private static func describe(_ byte: UInt8) -> String {
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  private mutating func readWhile(_ predicate: (UInt8) -> Bool) -> String {
    let start = offset
    while let byte = peek(), predicate(byte) { advance() }
    return String(decoding: bytes[start..<offset], as: UTF8.self)
  }

  private mutating func skipLine() {
    while let byte = peek(), byte != UInt8(ascii: "\n") { advance() }
  }

  /// Skips a `/* */` comment; Swift lets these nest.
  private mutating func skipBlockComment() throws(ConfigurationParseError) {
    let start = location
    var depth = 0
    repeat {
      if peek() == UInt8(ascii: "/") && peek(1) == UInt8(ascii: "*") {
        depth += 1
        advance(); advance()
      } else if peek() == UInt8(ascii: "*") && peek(1) == UInt8(ascii: "/") {
        depth -= 1
        advance(); advance()
      } else if peek() == nil {
        throw error("unterminated /* comment", at: start)
      } else {
        advance()
      }
    } while depth > 0
  }

  /// Reads a string literal starting at its opening quote and returns its
  /// decoded value. Handles single-line and tripled (multi-line) quotes.
  private mutating func readString(quote: UInt8) throws(ConfigurationParseError) -> String {
    let start = location
    let tripled = peek(1) == quote && peek(2) == quote
    for _ in 0..<(tripled ? 3 : 1) { advance() }
    if tripled && dialect == .swift {
      throw error("multi-line string literals are not supported in Package.swift by this check", at: start)
    }
    var value: [UInt8] = []
    while true {
      guard let byte = peek() else { throw error("unterminated string literal", at: start) }
      if byte == quote && (!tripled || (peek(1) == quote && peek(2) == quote)) {
        for _ in 0..<(tripled ? 3 : 1) { advance() }
        return String(decoding: value, as: UTF8.self)
      }
      if byte == UInt8(ascii: "\n") && !tripled {
        throw error("unterminated string literal", at: start)
      }
      if byte == UInt8(ascii: "\\") {
        value.append(contentsOf: try readEscape())
      } else {
        value.append(byte)
        advance()
      }
    }
  }

  /// Decodes the escape sequence at the current backslash.
  private mutating func readEscape() throws(ConfigurationParseError) -> [UInt8] {
    let start = location
    advance()
    guard let byte = peek() else { throw error("unterminated string literal", at: start) }
    advance()
    switch byte {
    case UInt8(ascii: "\\"), UInt8(ascii: "\""), UInt8(ascii: "'"): return [byte]
    case UInt8(ascii: "n"): return [UInt8(ascii: "\n")]
    case UInt8(ascii: "t"): return [UInt8(ascii: "\t")]
    case UInt8(ascii: "r"): return [UInt8(ascii: "\r")]
    case UInt8(ascii: "0"): return [0]
    case UInt8(ascii: "\n") where dialect == .starlark: return []
    case UInt8(ascii: "(") where dialect == .swift:
      throw error("string interpolation is not supported in Package.swift by this check", at: start)
    default:
      throw error("unsupported escape sequence \\\(Self.describe(byte))", at: start)
    }
  }
}
