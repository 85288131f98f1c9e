import HeadlessCollection

/// The live cell controllers of a data source, one per item identity.
///
/// Controllers are created lazily — when the collection view first asks for
/// an item's size or cell, or when the item is looked up — and stay while
/// their item exists, keeping view state across cell reuse and scrolling.
///
/// Invariants:
/// - every stored controller's `itemKey` is its key, and its `host` is the
///   data source that owns this store (the store alone writes a
///   controller's `ControllerPlacement`);
/// - a controller leaves only through `remove(_:)`, when its item is deleted
///   (or the data source goes), and is never stored again; a controller
///   whose item the user dragged into another section is stored again
///   under its new key, by `rekey(_:to:)`, as the same item;
/// - `indexCache`, when built, maps every key of the list it was built from
///   to its index; it is dropped whenever the list changes;
/// - `byIndex` maps item indexes of the list shown to the stored controller
///   of the item there; it is emptied whenever the list changes or a
///   controller leaves or is re-keyed, and holds at most
///   `ControllersByIndex.maximumCount` entries.
@MainActor
struct ControllerStore {
  private var byKey: [ListItemKey: AnyListCellController] = [:]
  private var indexCache: [ListItemKey: Int]?
  /// The controllers asked for by index since the list last changed: a
  /// scroll asks for each new cell's controller twice (its size, its cell)
  /// and every callback path after, and an index is a place on a page
  /// where the item's key is two strings (found through its leaf) to make
  /// and hash.
  private var byIndex = ControllersByIndex()

  /// The number of live controllers.
  var count: Int { byKey.count }

  /// Every stored controller, in no particular order.
  var all: Dictionary<ListItemKey, AnyListCellController>.Values { byKey.values }

  /// The controller of the item with `key`, if it has one.
  ///
  /// - Complexity: O(1) expected.
  subscript(key: ListItemKey) -> AnyListCellController? { byKey[key] }

  /// The controller of the item at `index` of the list shown, if it was
  /// found there (`note(_:at:)`) since the list last changed.
  ///
  /// - Complexity: O(1) expected.
  mutating func found(at index: Int) -> AnyListCellController? { byIndex.controller(at: index) }

  /// Remembers that `controller`, stored, is the one of the item at `index`
  /// of the list shown.
  ///
  /// - Complexity: O(1) expected (amortized over the emptying when full).
  mutating func note(_ controller: AnyListCellController, at index: Int) {
    byIndex.set(controller, at: index)
  }

  /// Stores a new controller for `key`, placed in `scope` on `host`.
  ///
  /// - Complexity: O(1) expected.
  mutating func insert(
    _ controller: AnyListCellController, for key: ListItemKey, scope: SectionScope, host: ListDiffDataSource
  ) {
    assert(byKey[key] == nil, "one controller per item identity")
    controller.placement = ControllerPlacement(host: host, itemKey: key, sectionScope: scope)
    byKey[key] = controller
  }

  /// Takes out the controller of a deleted item. It keeps its host until
  /// `detach(_:)`, after its last callbacks.
  ///
  /// - Complexity: O(1) expected.
  mutating func remove(_ key: ListItemKey) -> AnyListCellController? {
    guard let removed = byKey.removeValue(forKey: key) else { return nil }
    byIndex.removeAll(keepingCapacity: false)
    return removed
  }

  /// Stores the controller of `old` under `new`, in the section `scope`
  /// (the item was dragged into another section, which scopes its
  /// identity), with its key and section updated.
  ///
  /// - Complexity: O(1) expected.
  mutating func rekey(_ old: ListItemKey, to new: ListItemKey, scope: SectionScope) {
    guard let controller = byKey.removeValue(forKey: old) else { return }
    byIndex.removeAll(keepingCapacity: false)
    assert(byKey[new] == nil, "one controller per item identity")
    controller.placement.itemKey = new
    controller.placement.sectionScope = scope
    byKey[new] = controller
  }

  /// Cuts a removed controller off from its data source, after its last
  /// callbacks: changes of its state then reach nothing.
  ///
  /// - Complexity: O(1).
  func detach(_ controller: AnyListCellController) {
    controller.placement.host = nil
  }

  /// Takes out every controller (the data source is going away).
  mutating func removeAll() -> [AnyListCellController] {
    defer {
      byKey = [:]
      byIndex = ControllersByIndex()
    }
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

  /// The list changed: indexes must be found again.
  mutating func listDidChange() {
    indexCache = nil
    byIndex.removeAll(keepingCapacity: true)
  }
}

extension ControllerStore: DataSourcePart {
  /// The invariants above, and that each stored controller and its cell
  /// point at each other or at nothing (the mount links), for the data
  /// source `host` and the list it shows: what is broken, empty when all
  /// hold.
  ///
  /// - Complexity: O(*c*) in stored controllers, O(*f* log *s*) in the
  ///   controllers found by index, plus O(*n*) in the items when the index
  ///   is built.
  func invariantViolations(in host: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("ControllerStore")
    for (key, controller) in byKey {
      check.expect(controller.itemKey == key, "a controller is stored under its own key")
      check.expect(controller.host === host, "a stored controller belongs to this data source")
      if let cell = controller.mountedListCell {
        check.expect(cell.controller === controller, "a mount link has two ends")
      }
    }
    check.expect(byIndex.count <= ControllersByIndex.maximumCount, "the controllers found by index are bounded")
    let entries = byIndex.entries
    check.expect(entries.count == byIndex.count, "the controllers found by index are counted")
    check.expect(byIndex.lastPageIsCurrent, "the page last read is where it is remembered")
    let list = host.list
    for (index, controller) in entries {
      guard index >= 0, index < list.count, let key = controller.itemKey, key == list.key(at: index),
        byKey[key] === controller
      else {
        check.expect(false, "a controller found by index is the stored one of the item there")
        break
      }
    }
    if let indexCache {
      let keys = list.keys
      check.expect(indexCache.count == keys.count, "the index is of the list shown")
      for (index, key) in keys.enumerated() where indexCache[key] != index {
        check.expect(false, "the index maps every key to its index")
        break
      }
    }
    return check.violations
  }
}

/// Where a controller's item is: the data source showing it, its identity
/// and its section. Stored on the controller for O(1) reads; written only
/// by the `ControllerStore` (set when it takes the controller in, changed
/// when a drag re-keys the item into another section, the host cut when
/// the item goes).
///
/// `host` is not a weak reference, which would give the data source a side
/// table and every retain of it (several for each cell a scroll shows) the
/// runtime's slow path. It is set only while the controller is stored, or
/// taken out by the root being applied and not yet detached, and the data
/// source's `deinit` detaches every controller it stores before it calls
/// out: so it never outlives the data source, as a weak one would not.
struct ControllerPlacement {
  /// The data source showing the item; nil before it is stored and after
  /// it is detached.
  fileprivate(set) unowned(unsafe) var host: ListDiffDataSource?
  /// The item's identity.
  fileprivate(set) var itemKey: ListItemKey?
  /// Where the item's section sits in the root.
  fileprivate(set) var sectionScope: SectionScope?

  // The fields, for readers in other files: read in place (see
  // `MountLink.currentCell`), not by copying the placement.

  /// `host`, read in place.
  var currentHost: ListDiffDataSource? { host }
  /// `itemKey`, read in place.
  var currentItemKey: ListItemKey? { itemKey }
  /// `sectionScope`, read in place.
  var currentSectionScope: SectionScope? { sectionScope }
}
