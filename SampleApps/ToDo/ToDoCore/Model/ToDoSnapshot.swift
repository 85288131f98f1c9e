/// An immutable picture of the store at one moment: every item in the user's
/// order, the active filter, and the numbering the screen shows.
///
/// The screen is a pure function of a snapshot, and commands that name an
/// item by its on-screen number resolve that number against the snapshot the
/// screen shows, so "N" always means the same item for both.
public struct ToDoSnapshot: Hashable, Sendable {
  /// Every item, open and done, in the order the user arranged them.
  public let items: [ToDoItem]
  /// Which items are shown.
  public let filter: ToDoFilter
  /// Counts changes since the store opened; each published snapshot has a
  /// larger revision than the one before.
  public let revision: Int
  /// The items the screen shows, in screen order: open items first, then
  /// completed ones, each group in the user's order. Item number N on screen
  /// is `shownItems[N - 1]`.
  public let shownItems: [ToDoItem]
  /// How many items are not done.
  public let openCount: Int
  /// How many items are done.
  public let doneCount: Int

  /// Makes a snapshot, numbering the shown items. O(n) in the item count.
  public init(items: [ToDoItem], filter: ToDoFilter = .all, revision: Int = 0) {
    self.items = items
    self.filter = filter
    self.revision = revision
    let open = items.filter { !$0.isDone }
    let done = items.filter(\.isDone)
    self.openCount = open.count
    self.doneCount = done.count
    self.shownItems = (filter.shows(isDone: false) ? open : []) + (filter.shows(isDone: true) ? done : [])
  }

  /// The shown open items, in screen order (numbers 1 through their count).
  /// O(n).
  public var shownOpenItems: ArraySlice<ToDoItem> {
    shownItems.prefix { !$0.isDone }
  }

  /// The shown completed items, in screen order (numbered after the open
  /// ones). O(n).
  public var shownDoneItems: ArraySlice<ToDoItem> {
    shownItems.drop { !$0.isDone }
  }

  /// The item shown as number `number` (1-based), or an error naming how
  /// many there are. O(1).
  public func item(number: Int) throws(ToDoError) -> ToDoItem {
    guard number >= 1, number <= shownItems.count else {
      throw .noSuchItem(number: number, shownCount: shownItems.count)
    }
    return shownItems[number - 1]
  }

  /// The on-screen number of the item with `id`, or `nil` when it is not
  /// shown. O(n).
  public func number(ofItemWithID id: String) -> Int? {
    shownItems.firstIndex { $0.id == id }.map { $0 + 1 }
  }
}
