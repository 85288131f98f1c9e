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
/// list that gains a leaf while its instance is shared or filled gets a new
/// one (`FlatList.appendLeaf`), so what is kept is always the list's own.
///
/// `@unchecked Sendable`: both slots are read and written only under
/// `lock`, except by a sole owner (`hasContentsWhileUnique`), which no other
/// thread can race.
final class MaterializedItems: @unchecked Sendable {
  private let lock = NSLock()
  private var keys: [ListItemKey]?
  private var viewModels: [any ListViewModel]?

  /// Whether an array was made, read without the lock: only for a caller
  /// that holds the only reference (`isKnownUniquelyReferenced`), which no
  /// other thread can then be filling.
  var hasContentsWhileUnique: Bool {
    keys != nil || viewModels != nil
  }

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
