import HeadlessCollection

/// The live cell controllers of a data source, one per item identity.
///
/// Controllers are created lazily — when the collection view first asks for
/// an item's size or cell, or when the item is looked up — and stay while
/// their item exists, keeping view state across cell reuse and scrolling.
///
/// Invariants:
/// - every stored controller's `itemKey` is its key, and its `host` is the
///   data source that owns this store;
/// - a controller leaves only through `remove(_:)`, when its item is deleted
///   (or the data source goes), and is never stored again; a controller
///   whose item the user dragged into another section is stored again
///   under its new key, by `rekey(_:to:)`, as the same item;
/// - `indexCache`, when built, maps every key of the list it was built from
///   to its index; it is dropped whenever the list changes.
@MainActor
struct ControllerStore {
  private var byKey: [ListItemKey: AnyListCellController] = [:]
  private var indexCache: [ListItemKey: Int]?

  /// The number of live controllers.
  var count: Int { byKey.count }

  /// Every stored controller, in no particular order.
  var all: Dictionary<ListItemKey, AnyListCellController>.Values { byKey.values }

  /// The controller of the item with `key`, if it has one.
  ///
  /// - Complexity: O(1) expected.
  subscript(key: ListItemKey) -> AnyListCellController? { byKey[key] }

  /// Stores a new controller for `key`.
  mutating func insert(_ controller: AnyListCellController, for key: ListItemKey) {
    assert(byKey[key] == nil, "one controller per item identity")
    byKey[key] = controller
  }

  /// Takes out the controller of a deleted item.
  mutating func remove(_ key: ListItemKey) -> AnyListCellController? {
    byKey.removeValue(forKey: key)
  }

  /// Stores the controller of `old` under `new` (the item was dragged into
  /// another section, which scopes its identity), with its key updated.
  mutating func rekey(_ old: ListItemKey, to new: ListItemKey) {
    guard let controller = byKey.removeValue(forKey: old) else { return }
    assert(byKey[new] == nil, "one controller per item identity")
    controller.itemKey = new
    byKey[new] = controller
  }

  /// Takes out every controller (the data source is going away).
  mutating func removeAll() -> [AnyListCellController] {
    defer { byKey = [:] }
    return Array(byKey.values)
  }

  /// Whether `controller` is the live controller of its item.
  func isLive(_ controller: AnyListCellController) -> Bool {
    guard let key = controller.itemKey else { return false }
    return byKey[key] === controller
  }

  /// The index of the item with `key` in `keys`, through an index built on
  /// first use after each change of the list.
  ///
  /// - Complexity: O(1) expected, after an O(*n*) build once per list.
  mutating func index(of key: ListItemKey, in keys: @autoclosure () -> [ListItemKey]) -> Int? {
    if indexCache == nil {
      let keys = keys()
      var cache: [ListItemKey: Int] = [:]
      cache.reserveCapacity(keys.count)
      for (index, key) in keys.enumerated() { cache[key] = index }
      indexCache = cache
    }
    return indexCache?[key]
  }

  /// The invariants above, and that each stored controller and its cell
  /// point at each other or at nothing (the mount links), for `host` and
  /// `keys`, the list shown: what is broken, empty when all hold.
  ///
  /// - Complexity: O(*c*) in stored controllers, plus O(*n*) in the items
  ///   when the index is built.
  func invariantViolations(host: ListDiffDataSource, keys: @autoclosure () -> [ListItemKey])
    -> [InvariantViolation]
  {
    var check = InvariantChecker("ControllerStore")
    for (key, controller) in byKey {
      check.expect(controller.itemKey == key, "a controller is stored under its own key")
      check.expect(controller.host === host, "a stored controller belongs to this data source")
      if let cell = controller.mountedListCell {
        check.expect(cell.controller === controller, "a mount link has two ends")
      }
    }
    if let indexCache {
      let keys = keys()
      check.expect(indexCache.count == keys.count, "the index is of the list shown")
      for (index, key) in keys.enumerated() where indexCache[key] != index {
        check.expect(false, "the index maps every key to its index")
        break
      }
    }
    return check.violations
  }

  /// The list changed: indexes must be found again.
  mutating func listDidChange() {
    indexCache = nil
  }
}
