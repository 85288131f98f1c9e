import Foundation

/// The whole-list arrays of a list by leaf (`FlatList.keys`,
/// `FlatList.viewModels`), made on first use and shared by the list's
/// copies.
///
/// Why a class with a lock: a list is a value that the data source's
/// background task and the main actor both read (the list shown is the old
/// side of a diff being prepared), and either may be first to ask. The
/// array is made outside the lock, so neither waits while the other makes
/// it (the main actor never waits on the background task's O(*n*) work);
/// the lock guards only the slot, and the first array stored is the one
/// every reader gets (two that race both make it, and one is dropped). A
/// list gains leaves only while a `Flattener` builds it, and then gets the
/// flattener's own new instance with its items (`FlatList.hold(_:)`), so
/// what is kept is always the list's own.
///
/// `@unchecked Sendable`: both slots are read and written only under
/// `lock`.
final class MaterializedItems: @unchecked Sendable {
  private let lock = NSLock()
  private var keys: [ListItemKey]?
  private var viewModels: [any ListViewModel]?

  /// The keys, made by `make` if not yet made.
  ///
  /// - Complexity: O(1) once made.
  func keys(_ make: () -> [ListItemKey]) -> [ListItemKey] {
    value(in: \.keys, make)
  }

  /// The boxed view models, made by `make` if not yet made.
  ///
  /// - Complexity: O(1) once made.
  func viewModels(_ make: () -> [any ListViewModel]) -> [any ListViewModel] {
    value(in: \.viewModels, make)
  }

  /// The value in `slot`, made by `make` outside the lock if the slot is
  /// empty; the first value stored wins.
  private func value<Value>(
    in slot: ReferenceWritableKeyPath<MaterializedItems, Value?>, _ make: () -> Value
  ) -> Value {
    if let stored = lock.withLock({ self[keyPath: slot] }) { return stored }
    let made = make()
    return lock.withLock {
      if let stored = self[keyPath: slot] { return stored }
      self[keyPath: slot] = made
      return made
    }
  }

  /// The keys made, taken out (empty if none were).
  func takeKeys() -> [ListItemKey] {
    lock.withLock {
      defer { keys = nil }
      return keys ?? []
    }
  }
}
