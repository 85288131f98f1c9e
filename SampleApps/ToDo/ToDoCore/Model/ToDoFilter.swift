/// Which items the screen shows.
public enum ToDoFilter: String, Sendable, CaseIterable, CustomStringConvertible {
  /// Open items, then completed ones.
  case all
  /// Only items that are not done.
  case open
  /// Only completed items.
  case done

  /// The filter's name as typed after `filter` and shown in the header.
  public var description: String { rawValue }

  /// Whether an item with the given completion state is shown. O(1).
  public func shows(isDone: Bool) -> Bool {
    switch self {
    case .all: true
    case .open: !isDone
    case .done: isDone
    }
  }
}
