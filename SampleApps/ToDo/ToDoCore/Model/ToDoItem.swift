import Foundation

/// One entry of the to-do list: what to do, whether it is done, and notes.
///
/// Items are values; the store replaces an item wholesale when it changes, so
/// a snapshot taken earlier never sees a later edit. `id` is the item's
/// identity for its whole life (it survives edits, moves and completion) and
/// is what the screen diffs on.
public struct ToDoItem: Hashable, Sendable, Codable {
  /// A stable, unique identifier (a UUID string unless the store was given
  /// another generator).
  public var id: String
  /// One line of text, validated by ``ToDoText/validatedTitle(_:)``.
  public var title: String
  /// Free text shown when the item is expanded; empty when there are none.
  public var notes: String
  /// Whether the item is completed.
  public var isDone: Bool
  /// When the item was added, truncated to whole seconds so that it survives
  /// a round trip through the JSON file unchanged.
  public var createdAt: Date

  /// Creates an item. O(1).
  public init(id: String, title: String, notes: String = "", isDone: Bool = false, createdAt: Date) {
    self.id = id
    self.title = title
    self.notes = notes
    self.isDone = isDone
    self.createdAt = createdAt
  }

  private enum CodingKeys: String, CodingKey {
    case id, title, notes, isDone = "done", createdAt = "created"
  }
}
