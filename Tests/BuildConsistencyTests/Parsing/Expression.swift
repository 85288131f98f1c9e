/// A value as written in Package.swift or a Starlark file: the literal
/// subset both languages use to declare targets.
indirect enum Expression: Equatable {
  /// `"text"`.
  case string(String)
  /// `42`, kept as written.
  case number(String)
  /// `[a, b]`.
  case list([Expression])
  /// A name: `SWIFT_COPTS`, `True`, or a dotted path such as `.v6`.
  case reference(String)
  /// `callee(label: value, value)` in Swift or `callee(label = value)` in
  /// Starlark. `callee` keeps a leading dot for Swift's `.target(...)`.
  case call(callee: String, arguments: [Argument], location: SourceLocation)
  /// `a + b + c`.
  case concatenation([Expression])

  /// The string value, or `nil` when this is not a string literal.
  var stringValue: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  /// The elements, or `nil` when this is not a list.
  var listValue: [Expression]? {
    if case .list(let elements) = self { return elements }
    return nil
  }
}

/// One argument of a call, with its label when it has one.
struct Argument: Equatable {
  var label: String?
  var value: Expression
}

extension [Argument] {
  /// The value of the argument labelled `label`, if there is one.
  ///
  /// Complexity: O(n) in the number of arguments.
  func value(_ label: String) -> Expression? {
    first { $0.label == label }?.value
  }
}

/// Reads `Expression`s from a token stream.
///
/// A recursive-descent reader for literals, lists, names, calls and `+`.
/// Dictionaries, comprehensions, closures and operators other than `+` are
/// errors: the build files declare targets with none of them, and a checker
/// that skipped what it did not understand could miss a drift.
///
/// Complexity: O(n) in the number of tokens read.
struct ExpressionReader {
  /// The whole file's tokens.
  let tokens: [Token]
  let dialect: SourceDialect
  let fileName: String
  /// The index of the next unread token.
  var position = 0

  init(tokens: [Token], dialect: SourceDialect, fileName: String) {
    self.tokens = tokens
    self.dialect = dialect
    self.fileName = fileName
  }

  /// Whether every token has been read.
  var isAtEnd: Bool { position >= tokens.count }

  /// The next unread token, if any.
  var current: Token? { isAtEnd ? nil : tokens[position] }

  /// An error at the current token (or at the end of the file).
  func error(_ message: String) -> ConfigurationParseError {
    ConfigurationParseError(
      file: fileName, location: current?.location ?? tokens.last?.location,
      message: isAtEnd ? "\(message) (reached the end of the file)" : message)
  }

  /// Reads the punctuation `character` or throws.
  mutating func expect(_ character: Character) throws(ConfigurationParseError) {
    guard let token = current, token.isPunctuation(character) else {
      throw error("expected '\(character)'")
    }
    position += 1
  }

  /// Reads the punctuation `character` if it is next.
  mutating func consume(_ character: Character) -> Bool {
    guard let token = current, token.isPunctuation(character) else { return false }
    position += 1
    return true
  }

  /// Reads one expression: operands joined by `+`.
  mutating func readExpression() throws(ConfigurationParseError) -> Expression {
    var operands = [try readOperand()]
    while consume("+") {
      operands.append(try readOperand())
    }
    return operands.count == 1 ? operands[0] : .concatenation(operands)
  }

  private mutating func readOperand() throws(ConfigurationParseError) -> Expression {
    guard let token = current else { throw error("expected a value") }
    switch token.kind {
    case .string(let value):
      position += 1
      return .string(value)
    case .number(let value):
      position += 1
      return .number(value)
    case .punctuation("-"):
      position += 1
      guard case .number(let value)? = current?.kind else { throw error("expected a number after '-'") }
      position += 1
      return .number("-" + value)
    case .punctuation("["):
      position += 1
      return .list(try readElements(closingWith: "]"))
    case .punctuation("("):
      position += 1
      let inner = try readExpression()
      try expect(")")
      return inner
    case .punctuation("."), .identifier:
      return try readNameOrCall()
    case .punctuation("{"):
      throw error("dictionaries and closures are not supported by this check")
    default:
      throw error("expected a value")
    }
  }

  /// Reads `name`, `a.b`, `.member`, each optionally called.
  private mutating func readNameOrCall() throws(ConfigurationParseError) -> Expression {
    let start = current!.location
    var name = ""
    if consume(".") { name = "." }
    guard let first = current?.identifier else { throw error("expected a name") }
    name += first
    position += 1
    while let token = current, token.isPunctuation("."),
      position + 1 < tokens.count, let member = tokens[position + 1].identifier
    {
      name += "." + member
      position += 2
    }
    guard consume("(") else { return .reference(name) }
    return .call(callee: name, arguments: try readArguments(), location: start)
  }

  private mutating func readElements(closingWith closing: Character) throws(ConfigurationParseError) -> [Expression] {
    var elements: [Expression] = []
    while !consume(closing) {
      elements.append(try readExpression())
      if !consume(",") {
        try expect(closing)
        break
      }
    }
    return elements
  }

  /// Reads arguments up to and including the closing parenthesis.
  private mutating func readArguments() throws(ConfigurationParseError) -> [Argument] {
    let separator: Character = dialect == .swift ? ":" : "="
    var arguments: [Argument] = []
    while !consume(")") {
      if let token = current, token.isPunctuation("*") {
        throw error("*args and **kwargs are not supported by this check")
      }
      var label: String?
      if let name = current?.identifier, position + 1 < tokens.count,
        tokens[position + 1].isPunctuation(separator)
      {
        label = name
        position += 2
      }
      arguments.append(Argument(label: label, value: try readExpression()))
      if !consume(",") {
        try expect(")")
        break
      }
    }
    return arguments
  }
}
