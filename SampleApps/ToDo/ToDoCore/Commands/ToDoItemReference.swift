/// How a command names an item: by the number shown beside it, which
/// changes as the list changes, or by its stable id, which never does.
///
/// An integer literal is a number, so `.done(3)` reads as it is typed.
public enum ToDoItemReference: Hashable, Sendable, ExpressibleByIntegerLiteral, CustomStringConvertible {
  /// The on-screen number (1-based).
  case number(Int)
  /// A prefix of the item's id, as `ids on` shows it after `@`, lowercased.
  case id(String)

  /// The number `value`. O(1).
  public init(integerLiteral value: Int) { self = .number(value) }

  /// As typed: `3` or `@3f2a`.
  public var description: String {
    switch self {
    case .number(let number): String(number)
    case .id(let prefix): "@" + prefix
    }
  }
}
