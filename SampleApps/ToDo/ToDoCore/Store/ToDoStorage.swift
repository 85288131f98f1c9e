/// Where the store writes its items after every change.
///
/// The store calls ``save(_:)`` before it makes a change visible: if saving
/// throws, the change is abandoned and the command reports the error, so
/// what is on disk and what is on screen never disagree.
public protocol ToDoStorage: Sendable {
  /// Persists the complete list of items, replacing what was saved before.
  /// Must either save everything or leave the previous save intact.
  func save(_ items: [ToDoItem]) throws
}

/// Storage that keeps nothing: the app's `--memory` mode.
public struct MemoryStorage: ToDoStorage {
  /// Creates storage that discards every save. O(1).
  public init() {}

  /// Does nothing. O(1).
  public func save(_ items: [ToDoItem]) {}
}
