import Foundation

/// The one owner of the to-do items.
///
/// Every change goes through the store's methods, which validate it, save
/// it through the ``ToDoStorage`` and only then publish the new state as a
/// ``ToDoSnapshot`` on ``snapshots``. Because the store is an actor and each
/// method saves without suspending, changes are applied and written one at
/// a time, in order, however many callers there are.
///
/// Methods that name an item take its id, or its on-screen number resolved
/// against the store's current snapshot (which is what the screen shows
/// once it has rendered the latest snapshot). A method that throws has changed nothing.
public actor ToDoStore {
  /// Every state of the store, starting with the state at creation, in
  /// order. The stream buffers without limit so that a slow consumer still
  /// sees every change; it ends when ``finish()`` is called. It has one
  /// consumer (an `AsyncStream` cannot be shared).
  public nonisolated let snapshots: AsyncStream<ToDoSnapshot>

  /// The current state. O(1).
  public private(set) var snapshot: ToDoSnapshot

  private let continuation: AsyncStream<ToDoSnapshot>.Continuation
  private let storage: any ToDoStorage
  private let clock: ToDoClock
  private let makeID: @Sendable () -> String

  /// Creates a store holding `items` (whose ids must be unique, as the file
  /// loader guarantees) and publishes them as the first snapshot. Nothing is
  /// saved until the first change. O(n).
  public init(
    items: [ToDoItem] = [],
    storage: any ToDoStorage = MemoryStorage(),
    clock: ToDoClock = .system,
    makeID: @escaping @Sendable () -> String = { UUID().uuidString }
  ) {
    (snapshots, continuation) = AsyncStream.makeStream(of: ToDoSnapshot.self, bufferingPolicy: .unbounded)
    self.storage = storage
    self.clock = clock
    self.makeID = makeID
    snapshot = ToDoSnapshot(items: items)
    continuation.yield(snapshot)
  }

  deinit {
    continuation.finish()
  }

  /// Ends ``snapshots``; later changes are still made and saved but no
  /// longer published. O(1).
  public func finish() {
    continuation.finish()
  }

  /// Adds an open item at the end of the open items and returns it. O(n).
  @discardableResult
  public func add(title: String) throws(ToDoError) -> ToDoItem {
    let title = try ToDoText.validatedTitle(title)
    let created = Date(timeIntervalSince1970: clock.now().timeIntervalSince1970.rounded(.down))
    let item = ToDoItem(id: makeID(), title: title, createdAt: created)
    try commit(snapshot.items + [item])
    return item
  }

  /// Marks item `number` done; it moves to the completed items. O(n).
  public func complete(number: Int) throws(ToDoError) {
    let item = try snapshot.item(number: number)
    guard !item.isDone else { throw .alreadyDone(number: number) }
    try replace(item.id) { $0.isDone = true }
  }

  /// Marks completed item `number` open again; it returns among the open
  /// items at its place in the user's order. O(n).
  public func reopen(number: Int) throws(ToDoError) {
    let item = try snapshot.item(number: number)
    guard item.isDone else { throw .notDone(number: number) }
    try replace(item.id) { $0.isDone = false }
  }

  /// Flips the item with `id` between open and done: what tapping it does.
  /// O(n).
  public func toggleDone(id: String) throws(ToDoError) {
    try toggleDone(ids: [id])
  }

  /// Marks the items with `ids` done — or open again when all of them are
  /// done — as one change, saved and published once (one undo): what Space
  /// does to the full screen's selection. Throws `.itemGone`, changing
  /// nothing, when an id names no item. O(n).
  public func toggleDone(ids: Set<String>) throws(ToDoError) {
    let chosen = snapshot.items.filter { ids.contains($0.id) }
    guard !ids.isEmpty, chosen.count == ids.count else { throw .itemGone }
    let done = chosen.contains { !$0.isDone }
    var items = snapshot.items
    for index in items.indices where ids.contains(items[index].id) { items[index].isDone = done }
    try commit(items)
  }

  /// Replaces item `number`'s title. O(n).
  public func edit(number: Int, title: String) throws(ToDoError) {
    try edit(id: try snapshot.item(number: number).id, title: title)
  }

  /// Replaces the title of the item with `id`. O(n).
  public func edit(id: String, title: String) throws(ToDoError) {
    let title = try ToDoText.validatedTitle(title)
    try replace(id) { $0.title = title }
  }

  /// Replaces item `number`'s notes; empty text removes them. O(n).
  public func setNotes(number: Int, notes: String) throws(ToDoError) {
    try setNotes(id: try snapshot.item(number: number).id, notes: notes)
  }

  /// Replaces the notes of the item with `id`; empty text removes them.
  /// O(n).
  public func setNotes(id: String, notes: String) throws(ToDoError) {
    let notes = try ToDoText.validatedNotes(notes)
    try replace(id) { $0.notes = notes }
  }

  /// Deletes item `number` and returns it. O(n).
  @discardableResult
  public func remove(number: Int) throws(ToDoError) -> ToDoItem {
    try remove(id: try snapshot.item(number: number).id)
  }

  /// Deletes the item with `id` and returns it. O(n).
  @discardableResult
  public func remove(id: String) throws(ToDoError) -> ToDoItem {
    try remove(ids: [id])[0]
  }

  /// Deletes the items with `ids` as one change, saved and published once
  /// (one undo), and returns them in the user's order. Throws `.itemGone`,
  /// deleting nothing, when an id names no item. O(n).
  @discardableResult
  public func remove(ids: Set<String>) throws(ToDoError) -> [ToDoItem] {
    let removed = snapshot.items.filter { ids.contains($0.id) }
    guard !ids.isEmpty, removed.count == ids.count else { throw .itemGone }
    try commit(snapshot.items.filter { !ids.contains($0.id) })
    return removed
  }

  /// Puts back `items`, as they were before some earlier change: what undo
  /// does. Saved like any change. O(n).
  public func restore(_ items: [ToDoItem]) throws(ToDoError) {
    guard items != snapshot.items else { return }
    try commit(items)
  }

  /// Moves item `from` so that it is shown as number `to`, within its
  /// section (open or completed); the other section keeps its order. O(n).
  public func move(from: Int, to: Int) throws(ToDoError) {
    let moving = try snapshot.item(number: from)
    let target = try snapshot.item(number: to)
    guard moving.isDone == target.isDone else { throw .moveAcrossSections(from: from, to: to) }
    try move(moving, before: target)
  }

  /// Moves the item with `id` from `fromIndex` to `toIndex` among the
  /// items of its section (the open items, or the completed ones) in the
  /// user's order: what a finished drag on screen reports (a `ListItemMove`
  /// within the open or the completed items). The other section keeps its
  /// order. Refused while a search is shown, since the screen's indexes
  /// then count only the matching items, and when `fromIndex` no longer
  /// names the item (the list changed since the drag). O(n).
  public func move(id: String, fromIndex: Int, toIndex: Int) throws(ToDoError) {
    guard snapshot.search.isEmpty else { throw .reorderWhileSearching }
    guard let moving = snapshot.items.first(where: { $0.id == id }) else { throw .itemGone }
    let section = snapshot.items.filter { $0.isDone == moving.isDone }
    guard section.indices.contains(fromIndex), section[fromIndex].id == id, section.indices.contains(toIndex)
    else { throw .itemGone }
    try move(moving, before: section[toIndex])
  }

  /// Moves `moving` to where `target` is within their section.
  private func move(_ moving: ToDoItem, before target: ToDoItem) throws(ToDoError) {
    guard moving.id != target.id else { return }
    // Reorder the section on its own, then pour it back into the slots the
    // section occupies in the user's order, so the other section's items
    // keep their places.
    var items = snapshot.items
    let slots = items.indices.filter { items[$0].isDone == moving.isDone }
    var section = slots.map { items[$0] }
    let fromIndex = section.firstIndex { $0.id == moving.id }!
    let toIndex = section.firstIndex { $0.id == target.id }!
    section.insert(section.remove(at: fromIndex), at: toIndex)
    for (slot, item) in zip(slots, section) { items[slot] = item }
    try commit(items)
  }

  /// Deletes every completed item and returns how many there were. O(n).
  @discardableResult
  public func clearCompleted() throws(ToDoError) -> Int {
    guard snapshot.doneCount > 0 else { throw .nothingCompleted }
    let count = snapshot.doneCount
    try commit(snapshot.items.filter { !$0.isDone })
    return count
  }

  /// Shows only the items `filter` selects. The filter is part of the
  /// session, not of the saved list. O(n).
  public func setFilter(_ filter: ToDoFilter) {
    guard filter != snapshot.filter else { return }
    publish(snapshot.with(filter: filter))
  }

  /// Shows only items whose titles contain `text` (any case); empty shows
  /// them all. Part of the session, like the filter. O(n).
  public func setSearch(_ text: String) {
    guard text != snapshot.search else { return }
    publish(snapshot.with(search: text))
  }

  /// Shows or hides each item's stable id on screen. O(n).
  public func setShowsIDs(_ on: Bool) {
    guard on != snapshot.showsIDs else { return }
    publish(snapshot.with(showsIDs: on))
  }

  private func replace(_ id: String, _ change: (inout ToDoItem) -> Void) throws(ToDoError) {
    var items = snapshot.items
    guard let index = items.firstIndex(where: { $0.id == id }) else { throw .itemGone }
    change(&items[index])
    // A change to what it already was is no change: nothing to save.
    guard items[index] != snapshot.items[index] else { return }
    try commit(items)
  }

  /// Saves `items` and, only if that worked, makes them the current state.
  private func commit(_ items: [ToDoItem]) throws(ToDoError) {
    do {
      try storage.save(items)
    } catch {
      throw .saveFailed(String(describing: error))
    }
    publish(snapshot.with(items: items))
  }

  private func publish(_ newSnapshot: ToDoSnapshot) {
    snapshot = newSnapshot
    continuation.yield(newSnapshot)
  }
}
