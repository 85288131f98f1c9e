/// A place in a configuration file, counted from 1, for error messages.
struct SourceLocation: Hashable, CustomStringConvertible {
  var line: Int
  var column: Int

  var description: String { "line \(line), column \(column)" }
}

/// The two languages the build files are written in. They share enough
/// lexical structure (identifiers, double-quoted strings, brackets) that one
/// tokenizer serves both; they differ in comments, quoting and argument labels.
enum SourceDialect: Sendable {
  /// Package.swift: `//` and `/* */` comments, `"` strings, `label:` arguments.
  case swift
  /// BUILD.bazel, MODULE.bazel, WORKSPACE, .bzl: `#` comments, `"` or `'`
  /// strings (also tripled), `label =` arguments.
  case starlark
}

/// One lexical unit of a configuration file.
struct Token: Equatable {
  enum Kind: Equatable {
    /// A name such as `swift_library`, `name` or `Package`.
    case identifier(String)
    /// A string literal, with its escapes already decoded.
    case string(String)
    /// An integer literal, kept as written.
    case number(String)
    /// A single punctuation character: one of `( ) [ ] { } , : = . + - *`.
    case punctuation(Character)
  }

  var kind: Kind
  var location: SourceLocation

  /// Whether this token is the punctuation character `character`.
  func isPunctuation(_ character: Character) -> Bool {
    kind == .punctuation(character)
  }

  /// The identifier's text, or `nil` when the token is not an identifier.
  var identifier: String? {
    if case .identifier(let name) = kind { return name }
    return nil
  }
}

/// Why a configuration file could not be read, and where.
struct ConfigurationParseError: Error, CustomStringConvertible {
  var file: String
  var location: SourceLocation?
  var message: String

  var description: String {
    if let location { return "\(file): \(location): \(message)" }
    return "\(file): \(message)"
  }
}
