/// The top-level calls and assignments of a Bazel file, read just far enough
/// to compare it with Package.swift: strings, names, lists, calls and `+`.
/// Other forms (`.format(...)`, indexing) read as `.other`, which the
/// comparison reports instead of guessing at.
struct StarlarkFile {
  indirect enum Value: Equatable {
    case string(String)
    case name(String)
    case list([Value])
    case call(String, [Value])
    case sum([Value])
    case other
    var string: String? { if case .string(let value) = self { value } else { nil } }
    var list: [Value]? { if case .list(let values) = self { values } else { nil } }
  }

  struct Call {
    var callee: String
    var arguments: [(label: String?, value: Value)]
    /// Where the call is in the text, in characters, from its name to its `)`.
    var range: Range<Int>
    subscript(label: String) -> Value? { arguments.first { $0.label == label }?.value }
  }

  struct ReadError: Error, CustomStringConvertible { var description: String }
  private enum Token: Equatable {
    case string(String)
    case word(String)
    case symbol(Character)
    case end
  }
  private typealias Located = (token: Token, start: Int, end: Int)

  var calls: [Call] = []
  /// Top-level `NAME = value` assignments.
  var globals: [String: Value] = [:]
  private var tokens: [Located] = []
  private var next = 0
  private let fileName: String

  /// Reads `text`, naming `fileName` in errors. Complexity: O(n) in its length.
  init(_ text: String, fileName: String) throws(ReadError) {
    self.fileName = fileName
    tokens = try Self.tokenize(Array(text), fileName: fileName)
    while peek() != .end {
      if case .word = peek(), peek(1) == .symbol("(") {
        calls.append(try call())
      } else if case .word(let name) = peek(), isAssignment(at: 1) {
        next += 2
        globals[name] = try value()
      } else {
        next += 1
      }
    }
  }

  /// `value` with top-level names replaced by what they were assigned.
  func resolve(_ value: Value) -> Value {
    switch value {
    case .name(let name): globals[name] ?? value
    case .list(let values): .list(values.map(resolve))
    case .sum(let values): .sum(values.map(resolve))
    default: value
    }
  }

  private func peek(_ offset: Int = 0) -> Token { next + offset < tokens.count ? tokens[next + offset].token : .end }
  private func isAssignment(at offset: Int) -> Bool { peek(offset) == .symbol("=") && peek(offset + 1) != .symbol("=") }
  private func failure(_ what: String) -> ReadError {
    ReadError(description: "\(fileName): \(what) at character \(next < tokens.count ? tokens[next].start : -1)")
  }

  private mutating func call() throws(ReadError) -> Call {
    guard case .word(let callee) = peek() else { throw failure("expected a call") }
    let start = tokens[next].start
    next += 2  // the name and "("
    var arguments: [(label: String?, value: Value)] = []
    while peek() != .symbol(")") {
      var label: String? = nil
      if case .word(let word) = peek(), isAssignment(at: 1) {
        label = word
        next += 2
      }
      arguments.append((label, try value()))
      if peek() == .symbol(",") { next += 1 } else if peek() != .symbol(")") { throw failure("\(callee)( unclosed") }
    }
    next += 1
    return Call(callee: callee, arguments: arguments, range: start..<tokens[next - 1].end)
  }

  private mutating func value() throws(ReadError) -> Value {
    var terms = [try primary()]
    while peek() == .symbol("+") {
      next += 1
      terms.append(try primary())
    }
    return terms.count == 1 ? terms[0] : .sum(terms)
  }

  private mutating func primary() throws(ReadError) -> Value {
    var result: Value
    switch peek() {
    case .string(let text): result = .string(text)
    case .word where peek(1) == .symbol("("):
      let call = try call()
      return .call(call.callee, call.arguments.map(\.value))
    case .word(let name): result = .name(name)
    case .symbol("["):
      next += 1
      var elements: [Value] = []
      while peek() != .symbol("]") {
        elements.append(try value())
        if peek() == .symbol(",") { next += 1 } else if peek() != .symbol("]") { throw failure("list unclosed") }
      }
      result = .list(elements)
    default: throw failure("unexpected \(peek())")
    }
    next += 1
    // A method call, attribute or index after it is not a form compared here.
    while peek() == .symbol(".") || peek() == .symbol("[") {
      if peek() == .symbol(".") { next += 2 }
      var depth = 0
      while depth > 0 || peek() == .symbol("(") || peek() == .symbol("[") {
        switch peek() {
        case .symbol("("), .symbol("["): depth += 1
        case .symbol(")"), .symbol("]"): depth -= 1
        case .end: throw failure("unbalanced brackets")
        default: break
        }
        next += 1
      }
      result = .other
    }
    return result
  }

  private static func tokenize(_ text: [Character], fileName: String) throws(ReadError) -> [Located] {
    var tokens: [Located] = []
    var i = 0
    func isWord(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" }
    while i < text.count {
      let start = i
      if text[i] == "#" {
        while i < text.count && text[i] != "\n" { i += 1 }
      } else if text[i].isWhitespace {
        i += 1
      } else if text[i] == "\"" || text[i] == "'" {
        let quote = Array(repeating: text[i], count: text[i...].starts(with: repeatElement(text[i], count: 3)) ? 3 : 1)
        i += quote.count
        var value = ""
        while !text[i...].starts(with: quote) {
          guard i < text.count, quote.count == 3 || text[i] != "\n" else {
            throw ReadError(description: "\(fileName): the string at character \(start) is never closed")
          }
          var character = text[i]
          if character == "\\" && i + 1 < text.count {
            i += 1
            character = text[i] == "n" ? "\n" : text[i]
          }
          value.append(character)
          i += 1
        }
        i += quote.count
        tokens.append((.string(value), start, i))
      } else if isWord(text[i]) {
        while i < text.count && isWord(text[i]) { i += 1 }
        tokens.append((.word(String(text[start..<i])), start, i))
      } else {
        i += 1
        tokens.append((.symbol(text[start]), start, i))
      }
    }
    return tokens
  }
}
