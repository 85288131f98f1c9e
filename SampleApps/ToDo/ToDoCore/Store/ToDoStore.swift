import Foundation

/// The one owner of the to-do items.
///
/// Every change goes through the store's methods, which validate it, save
/// it through the ``ToDoStorage`` and only then publish the new state as a
/// ``ToDoSnapshot`` on ``snapshots``. Because the store is an actor and each
/// method saves without suspending, changes are applied and written one at
/// a time, in order, however many callers there are.
///
/// Methods that name an item take its on-screen number, resolved against the
/// store's current snapshot (which is what the screen shows once it has
/// rendered the latest snapshot). A method that throws has changed nothing.
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
    guard snapshot.items.contains(where: { $0.id == id }) else { throw .itemGone }
    try replace(id) { $0.isDone.toggle() }
  }

  /// Replaces item `number`'s title. O(n).
  public func edit(number: Int, title: String) throws(ToDoError) {
    let item = try snapshot.item(number: number)
    let title = try ToDoText.validatedTitle(title)
    guard title != item.title else { return }
    try replace(item.id) { $0.title = title }
  }

  /// Replaces item `number`'s notes; empty text removes them. O(n).
  public func setNotes(number: Int, notes: String) throws(ToDoError) {
    let item = try snapshot.item(number: number)
    let notes = try ToDoText.validatedNotes(notes)
    guard notes != item.notes else { return }
    try replace(item.id) { $0.notes = notes }
  }

  /// Deletes item `number` and returns it. O(n).
  @discardableResult
  public func remove(number: Int) throws(ToDoError) -> ToDoItem {
    let item = try snapshot.item(number: number)
    try commit(snapshot.items.filter { $0.id != item.id })
    return item
  }

  /// Moves item `from` so that it is shown as number `to`, within its
  /// section (open or completed); the other section keeps its order. O(n).
  public func move(from: Int, to: Int) throws(ToDoError) {
    let moving = try snapshot.item(number: from)
    let target = try snapshot.item(number: to)
    guard moving.isDone == target.isDone else { throw .moveAcrossSections(from: from, to: to) }
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
    publish(ToDoSnapshot(items: snapshot.items, filter: filter, revision: snapshot.revision + 1))
  }

  private func replace(_ id: String, _ change: (inout ToDoItem) -> Void) throws(ToDoError) {
    var items = snapshot.items
    guard let index = items.firstIndex(where: { $0.id == id }) else { throw .itemGone }
    change(&items[index])
    try commit(items)
  }

  /// Saves `items` and, only if that worked, makes them the current state.
  private func commit(_ items: [ToDoItem]) throws(ToDoError) {
    do {
      try storage.save(items)
    } catch {
      throw .saveFailed(String(describing: error))
    }
    publish(ToDoSnapshot(items: items, filter: snapshot.filter, revision: snapshot.revision + 1))
  }

  private func publish(_ newSnapshot: ToDoSnapshot) {
    snapshot = newSnapshot
    continuation.yield(newSnapshot)
  }
}
