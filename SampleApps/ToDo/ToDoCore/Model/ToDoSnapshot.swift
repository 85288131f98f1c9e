import Foundation

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
  /// Text the shown titles must contain (any case); empty shows every title.
  public let search: String
  /// Whether the screen shows each item's stable id (`ids on`).
  public let showsIDs: Bool
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

  /// Makes a snapshot, numbering the shown items. O(n) in the item count
  /// (times the search text's length when there is one).
  public init(
    items: [ToDoItem], filter: ToDoFilter = .all, search: String = "", showsIDs: Bool = false, revision: Int = 0
  ) {
    self.items = items
    self.filter = filter
    self.search = search
    self.showsIDs = showsIDs
    self.revision = revision
    let open = items.filter { !$0.isDone }
    let done = items.filter(\.isDone)
    self.openCount = open.count
    self.doneCount = done.count
    let shown = (filter.shows(isDone: false) ? open : []) + (filter.shows(isDone: true) ? done : [])
    self.shownItems = search.isEmpty ? shown : shown.filter { $0.title.localizedCaseInsensitiveContains(search) }
  }

  /// This snapshot's items seen through other view settings, one revision
  /// later. O(n).
  public func with(
    items: [ToDoItem]? = nil, filter: ToDoFilter? = nil, search: String? = nil, showsIDs: Bool? = nil
  ) -> ToDoSnapshot {
    ToDoSnapshot(
      items: items ?? self.items, filter: filter ?? self.filter, search: search ?? self.search,
      showsIDs: showsIDs ?? self.showsIDs, revision: revision + 1)
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

  /// The shown item `reference` names: its number, or the one shown item
  /// whose id starts with the prefix (any case). O(n).
  public func item(_ reference: ToDoItemReference) throws(ToDoError) -> ToDoItem {
    switch reference {
    case .number(let number):
      return try item(number: number)
    case .id(let prefix):
      let matches = shownItems.filter { $0.id.lowercased().hasPrefix(prefix) }
      guard let match = matches.first else { throw .noSuchID(prefix) }
      guard matches.count == 1 else { throw .ambiguousID(prefix) }
      return match
    }
  }

  /// The on-screen number of the item `reference` names. O(n).
  public func number(of reference: ToDoItemReference) throws(ToDoError) -> Int {
    if case .number(let number) = reference { _ = try item(number: number); return number }
    let item = try item(reference)
    return number(ofItemWithID: item.id)!
  }

  /// The shortest prefix of each item's id (lowercased, at least
  /// `minimumLength` characters) that no other item's id starts with,
  /// keyed by id: what `ids on` shows. O(n log n) in the items.
  public func shortIDs(minimumLength: Int = 4) -> [String: String] {
    let ids = items.map { $0.id.lowercased() }
    let sorted = ids.sorted()
    func common(_ a: String, _ b: String) -> Int { zip(a, b).prefix { $0 == $1 }.count }
    var result: [String: String] = [:]
    for (index, id) in sorted.enumerated() {
      var shared = 0
      if index > 0 { shared = max(shared, common(id, sorted[index - 1])) }
      if index + 1 < sorted.count { shared = max(shared, common(id, sorted[index + 1])) }
      result[id] = String(id.prefix(max(minimumLength, shared + 1)))
    }
    return Dictionary(uniqueKeysWithValues: items.map { ($0.id, result[$0.id.lowercased()]!) })
  }

  /// The on-screen number of the item with `id`, or `nil` when it is not
  /// shown. O(n).
  public func number(ofItemWithID id: String) -> Int? {
    shownItems.firstIndex { $0.id == id }.map { $0 + 1 }
  }
}
