/// Why the command line was refused; the app prints it with the usage and
/// exits with status 2.
public enum LaunchError: Error, Equatable, Sendable, CustomStringConvertible {
  /// An argument the app does not know.
  case unknownOption(String)
  /// An option that needs a value came last.
  case missingValue(String)
  /// An option that takes no value was given one with `=`.
  case unexpectedValue(String)
  /// A value of the wrong form: option, value, what was expected.
  case badValue(String, String, String)
  /// Two options that exclude each other.
  case conflict(String, String)
  /// An environment variable of the wrong form: name, value, expected.
  case badEnvironment(String, String, String)

  /// One line for the user.
  public var description: String {
    switch self {
    case .unknownOption(let option): "unknown option '\(option)'"
    case .missingValue(let option): "\(option) needs a value"
    case .unexpectedValue(let option): "\(option) takes no value"
    case .badValue(let option, let value, let expected): "\(option) wants \(expected), not '\(value)'"
    case .conflict(let first, let second): "\(first) and \(second) cannot be used together"
    case .badEnvironment(let name, let value, let expected): "\(name) should be \(expected), not '\(value)'"
    }
  }
}
