/// The top-level statements of a BUILD, MODULE.bazel, WORKSPACE or .bzl file.
///
/// Only the statements that declare things are kept: calls (`load(...)`,
/// `swift_library(...)`, `bazel_dep(...)`) and assignments (`X = ...`).
/// Docstrings are skipped, and so are `def` blocks, whose bodies are found by
/// indentation: they end at the next token in column 1. Top-level `if` and
/// `for` are errors, since BUILD files may not contain them and a .bzl file
/// that used them to declare something would be misread.
struct StarlarkFile {
  /// A top-level call, such as a rule, `load` or `bazel_dep`.
  struct Call: Equatable {
    var callee: String
    var arguments: [Argument]
    var location: SourceLocation
  }

  /// The top-level calls, in file order.
  var calls: [Call] = []
  /// The top-level assignments, by name; a later assignment replaces an
  /// earlier one, as in Starlark.
  var assignments: [String: Expression] = [:]

  /// Reads `text`, naming `fileName` in errors.
  ///
  /// Complexity: O(n) in the length of the text.
  init(parsing text: String, fileName: String) throws(ConfigurationParseError) {
    let tokens = try Tokenizer.tokenize(text, dialect: .starlark, fileName: fileName)
    var reader = ExpressionReader(tokens: tokens, dialect: .starlark, fileName: fileName)
    while let token = reader.current {
      if token.location.column != 1 {
        throw reader.error("expected a statement at the start of a line")
      }
      switch token.kind {
      case .identifier("def"):
        reader.position += 1
        while let next = reader.current, next.location.column != 1 { reader.position += 1 }
      case .identifier("if"), .identifier("for"):
        throw reader.error("top-level '\(token.identifier!)' is not supported by this check")
      case .identifier(let name)
      where reader.position + 1 < tokens.count && tokens[reader.position + 1].isPunctuation("="):
        reader.position += 2
        assignments[name] = try reader.readExpression()
      case .string:
        _ = try reader.readExpression()
      default:
        let expression = try reader.readExpression()
        guard case .call(let callee, let arguments, let location) = expression else {
          throw ConfigurationParseError(
            file: fileName, location: token.location, message: "expected a call or an assignment")
        }
        calls.append(Call(callee: callee, arguments: arguments, location: location))
      }
    }
  }

  /// `expression` with names of top-level assignments replaced by their
  /// values and `+` of lists or strings folded, as Starlark evaluates them.
  /// A name with no assignment is left as a reference (`True`, a rule
  /// symbol); a `+` that cannot be folded is left as a concatenation.
  ///
  /// Complexity: O(size of the resolved value).
  func resolve(_ expression: Expression, depth: Int = 0) -> Expression {
    guard depth < 32 else { return expression }  // a cycle is not valid Starlark; stop, don't loop
    switch expression {
    case .reference(let name):
      guard let value = assignments[name] else { return expression }
      return resolve(value, depth: depth + 1)
    case .list(let elements):
      return .list(elements.map { resolve($0, depth: depth + 1) })
    case .call(let callee, let arguments, let location):
      let resolved = arguments.map { Argument(label: $0.label, value: resolve($0.value, depth: depth + 1)) }
      return .call(callee: callee, arguments: resolved, location: location)
    case .concatenation(let operands):
      let parts = operands.map { resolve($0, depth: depth + 1) }
      if parts.allSatisfy({ $0.listValue != nil }) {
        return .list(parts.flatMap { $0.listValue! })
      }
      if parts.allSatisfy({ $0.stringValue != nil }) {
        return .string(parts.map { $0.stringValue! }.joined())
      }
      return .concatenation(parts)
    case .string, .number:
      return expression
    }
  }
}
