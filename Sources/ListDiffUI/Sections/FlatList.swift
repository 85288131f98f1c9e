import HeadlessCollection
import ListDiff

/// What a leaf section (a `ListSection`) contributes to each of its items
/// apart from the view model; stored once per section rather than per item.
struct ListLeaf: Sendable {
  let scope: SectionScope
  let controllerType: AnyListCellController.Type
  let delegate: WeakAnyObject
}

/// A list's items as two parallel arrays: a key and a boxed view model per
/// item. Invariant: `keys.count == viewModels.count`.
struct ItemArrays: Sendable {
  var keys: [ListItemKey]
  var viewModels: [any ListViewModel]
}

/// A root section flattened: its items in display order, and the leaf
/// sections that made them.
///
/// Items are held one of two ways. Flattening makes a list *by leaf*: each
/// leaf's view-model array as its section gave it (`LeafItems`), shared, so
/// flattening costs O(*s*) in the sections whatever their item count, and
/// two lists whose leaves correspond (and are not small) are diffed leaf by
/// leaf on those arrays (`FlatList+Diff`). A list whose items no section's array
/// describes — repeated identities dropped, an item moved by a drag — holds
/// them *as arrays* (`ItemArrays`).
///
/// Reading one item (`key(at:)`, `viewModel(at:)`) makes nothing, nor do
/// the search for repeated identities and the search by identifier, which
/// read each leaf's array. The whole list's `keys` and `viewModels`, which
/// a whole-list diff, many deletes and a drag use, are made
/// from the leaves on first use and kept with the list
/// (`MaterializedItems`, shared by its copies).
///
/// A leaf's items are contiguous, so items find their leaf through
/// `leafStarts` instead of carrying a leaf index each.
///
/// The two ways are the two cases of `storage` (`FlatList.Storage`), so a
/// list holds its items exactly one way.
///
/// Invariants: `leafStarts.count == leaves.count`, ascending, each at most
/// `count`; leaf `i` made the items from `leafStarts[i]` up to the next
/// leaf's start. By leaf, `items[i]` holds exactly the items of leaf `i`
/// (a `Flattener` keeps the items apart while it appends leaves, and hands
/// them over with `hold(_:)` before anything reads the list),
/// `isUntouched` is parallel to `leaves` and `untouchedCount` counts its
/// true elements; as arrays, the arrays hold `count` items each.
struct FlatList: Sendable {
  /// How a list holds its items (see `FlatList`).
  enum Storage: Sendable {
    /// Each leaf's items as its section gave them.
    case byLeaf(ByLeaf)
    /// A key and a boxed view model per item.
    case asArrays(ItemArrays)
  }

  /// A list's items held by leaf.
  struct ByLeaf: Sendable {
    /// The items of each leaf, parallel to `leaves`.
    var items: [any LeafItems] = []
    /// Whether each leaf's items are the very items of a leaf of the list
    /// shown when this one was flattened (an untouched section, see
    /// `ShownLeaves`), which no update needs to read again.
    var isUntouched: [Bool] = []
    /// How many leaves are untouched.
    var untouchedCount = 0
    /// The whole-list arrays, once made.
    var materialized = MaterializedItems()

    /// Appends a leaf's items, `untouched` when they are a leaf's of the
    /// list shown.
    ///
    /// - Complexity: O(1) amortized.
    mutating func append(_ leafItems: consuming any LeafItems, untouched: Bool) {
      items.append(leafItems)
      isUntouched.append(untouched)
      if untouched { untouchedCount += 1 }
    }
  }

  private(set) var leaves: [ListLeaf] = []
  private(set) var leafStarts: [Int] = []
  /// The header blocks of sections that pin them (`FlatList+PinnedHeaders`).
  var pinnedHeaders: [PinnedItemRange] = []
  /// What section kinds keep per leaf beyond the items (an outline's rows,
  /// `OutlineRows`), in leaf order: see `LeafExtras`.
  fileprivate(set) var extras: [any LeafExtras] = []
  /// The number of items.
  private(set) var count = 0
  /// Whether two leaves may have the same scope (see
  /// `Flattener.scopesMayRepeat`); when false, no two leaves share a scope,
  /// and so no item key is in two leaves.
  var leafScopesMayRepeat = true
  /// The items, one way or the other.
  private(set) var storage = Storage.byLeaf(ByLeaf())

  /// Whether the items are held by leaf (see above).
  ///
  /// - Complexity: O(1).
  var isByLeaf: Bool {
    if case .byLeaf = storage { return true }
    return false
  }

  /// By leaf: the items of each leaf, parallel to `leaves`; as arrays, none.
  ///
  /// - Complexity: O(1).
  var leafItems: [any LeafItems] {
    if case .byLeaf(let byLeaf) = storage { return byLeaf.items }
    return []
  }

  /// By leaf: whether each leaf is untouched (see `ByLeaf.isUntouched`);
  /// as arrays, none.
  ///
  /// - Complexity: O(1).
  var leafIsUntouched: [Bool] {
    if case .byLeaf(let byLeaf) = storage { return byLeaf.isUntouched }
    return []
  }

  /// How many leaves are untouched; none as arrays.
  ///
  /// - Complexity: O(1).
  var untouchedLeafCount: Int {
    if case .byLeaf(let byLeaf) = storage { return byLeaf.untouchedCount }
    return 0
  }

  /// Appends a leaf of `itemCount` items, whose items the caller keeps in
  /// a `ByLeaf` until it hands them over with `hold(_:)`: a `Flattener`.
  /// (Appending to the storage's payload in place would take it out of the
  /// enum and put it back for every leaf, which measurably slowed
  /// flattening.)
  ///
  /// - Complexity: O(1) amortized.
  mutating func appendLeaf(_ leaf: consuming ListLeaf, itemCount: Int) {
    leaves.append(leaf)
    leafStarts.append(count)
    count += itemCount
  }

  /// Makes the list hold `byLeaf`, the items of its leaves appended in the
  /// same order (`appendLeaf(_:itemCount:)`): it is then by leaf.
  ///
  /// - Complexity: O(1).
  mutating func hold(_ byLeaf: consuming ByLeaf) {
    precondition(byLeaf.items.count == leaves.count, "one item array per leaf")
    storage = .byLeaf(byLeaf)
  }

  /// Records `value`, the extras of the leaf just appended (see
  /// `LeafExtras`).
  ///
  /// - Complexity: O(1) amortized.
  mutating func appendExtras(_ value: any LeafExtras) {
    precondition(value.leaf == leaves.count - 1, "extras belong to the leaf just appended")
    extras.append(value)
  }

  /// The items of leaf `index`.
  func range(ofLeaf index: Int) -> Range<Int> {
    leafStarts[index]..<(index + 1 < leafStarts.count ? leafStarts[index + 1] : count)
  }

  /// The leaf that made the item at `index`.
  ///
  /// - Complexity: O(log *s*) in the number of leaves.
  func leaf(ofItem index: Int) -> ListLeaf {
    leaves[leafIndex(ofItem: index)]
  }

  // MARK: Reading items

  /// The identity of the item at `index`.
  ///
  /// - Complexity: O(log *s*) in the number of leaves.
  func key(at index: Int) -> ListItemKey {
    switch storage {
    case .asArrays(let arrays):
      return arrays.keys[index]
    case .byLeaf(let byLeaf):
      let leaf = leafIndex(ofItem: index)
      return ListItemKey(
        identifier: byLeaf.items[leaf].identifier(at: index - leafStarts[leaf]),
        scope: leaves[leaf].scope.key, controllerType: ObjectIdentifier(leaves[leaf].controllerType))
    }
  }

  /// The identifier of the item at `index`.
  ///
  /// - Complexity: O(log *s*) in the number of leaves.
  func identifier(at index: Int) -> String {
    switch storage {
    case .asArrays(let arrays):
      return arrays.keys[index].identifier
    case .byLeaf(let byLeaf):
      let leaf = leafIndex(ofItem: index)
      return byLeaf.items[leaf].identifier(at: index - leafStarts[leaf])
    }
  }

  /// The identifier of the item at `index`, which leaf `leaf` made: for
  /// loops over a leaf's items, which know it.
  ///
  /// - Complexity: O(1).
  func identifier(at index: Int, inLeaf leaf: Int) -> String {
    switch storage {
    case .asArrays(let arrays): arrays.keys[index].identifier
    case .byLeaf(let byLeaf): byLeaf.items[leaf].identifier(at: index - leafStarts[leaf])
    }
  }

  /// The view model of the item at `index`.
  ///
  /// - Complexity: O(log *s*) in the number of leaves.
  func viewModel(at index: Int) -> any ListViewModel {
    switch storage {
    case .asArrays(let arrays):
      return arrays.viewModels[index]
    case .byLeaf(let byLeaf):
      let leaf = leafIndex(ofItem: index)
      return byLeaf.items[leaf].viewModel(at: index - leafStarts[leaf])
    }
  }

  /// Every item's identity, in order.
  ///
  /// - Complexity: O(1) as arrays, or once made; by leaf, the first read
  ///   makes them in O(*n*) (one key per item, 40 bytes each), kept with
  ///   the list and its copies.
  var keys: [ListItemKey] {
    switch storage {
    case .asArrays(let arrays):
      return arrays.keys
    case .byLeaf(let byLeaf):
      return byLeaf.materialized.keys {
        var keys: [ListItemKey] = []
        keys.reserveCapacity(count)
        // By index: a leaf copied out would retain its scope and copy its
        // weak delegate reference.
        for leaf in leaves.indices {
          byLeaf.items[leaf].appendKeys(
            to: &keys, scope: leaves[leaf].scope.key,
            controllerType: ObjectIdentifier(leaves[leaf].controllerType))
        }
        return keys
      }
    }
  }

  /// Every item's view model, boxed, in order.
  ///
  /// - Complexity: as `keys` (a box of 40 bytes per item).
  var viewModels: [any ListViewModel] {
    switch storage {
    case .asArrays(let arrays):
      return arrays.viewModels
    case .byLeaf(let byLeaf):
      return byLeaf.materialized.viewModels {
        var boxes: [any ListViewModel] = []
        boxes.reserveCapacity(count)
        for items in byLeaf.items { items.appendViewModels(to: &boxes) }
        return boxes
      }
    }
  }

  /// The list taken apart to be released: its keys (the framework's
  /// strings, which any thread may release) and what holds the user's view
  /// models (released on the main actor, see `ReplacedViewModels`).
  ///
  /// - Complexity: O(1).
  consuming func partsForRelease() -> (keys: [ListItemKey], viewModels: ReleasedViewModels) {
    switch storage {
    case .asArrays(let arrays):
      return (
        arrays.keys, ReleasedViewModels(leafItems: [], boxes: arrays.viewModels, materialized: nil)
      )
    case .byLeaf(let byLeaf):
      return (
        byLeaf.materialized.takeKeys(),
        ReleasedViewModels(leafItems: byLeaf.items, boxes: [], materialized: byLeaf.materialized)
      )
    }
  }

  // MARK: Lists as arrays

  /// The list without the items at `indexes` (ascending, in range), as
  /// arrays.
  ///
  /// - Complexity: O(*n* + *s*).
  func removing(_ indexes: [Int]) -> FlatList {
    let keys = self.keys
    let viewModels = self.viewModels
    var kept = ItemArrays(keys: [], viewModels: [])
    kept.keys.reserveCapacity(count - indexes.count)
    kept.viewModels.reserveCapacity(count - indexes.count)
    var list = FlatList()
    list.leaves = leaves
    list.leafStarts.reserveCapacity(leafStarts.count)
    var nextRemoved = 0
    var leaf = 0
    for index in keys.indices {
      while leaf < leafStarts.count && leafStarts[leaf] == index {
        list.leafStarts.append(kept.keys.count)
        leaf += 1
      }
      if nextRemoved < indexes.count && indexes[nextRemoved] == index {
        nextRemoved += 1
      } else {
        kept.keys.append(keys[index])
        kept.viewModels.append(viewModels[index])
      }
    }
    while leaf < leafStarts.count {
      list.leafStarts.append(kept.keys.count)
      leaf += 1
    }
    list.count = kept.keys.count
    list.storage = .asArrays(kept)
    if !pinnedHeaders.isEmpty { list.pinnedHeaders = pinnedHeaders(removing: indexes) }
    if !extras.isEmpty { list.extras = extras(removing: indexes) { keys[$0].identifier } }
    return list
  }

  /// Moves the item at `from` so that it ends at `to` (both indexes of
  /// items; equal when only its section changes) into `destination`, under
  /// `key` (its key scoped by the destination leaf). Leaf starts and pinned
  /// header blocks follow the item; a list by leaf becomes one as arrays
  /// (its leaves' arrays no longer describe it).
  ///
  /// Why the bounds shift as they do: taking the item out moves every bound
  /// after `from` up by one; putting it back at `to` moves down the bounds
  /// after its new place. Placed after its neighbour, a bound at `to` (a
  /// section starting right after the neighbour's) moves; placed before it,
  /// a bound at `to` (the neighbour's section start) stays. Either way the
  /// item lands in every range its neighbour is in, and in no other.
  ///
  /// - Complexity: O(*n* + *s* + *p*) in items, leaves and pinned blocks.
  mutating func moveItem(from: Int, to: Int, into destination: MoveDestination, key: ListItemKey) {
    var arrays: ItemArrays
    switch storage {
    case .asArrays(let held): arrays = held
    case .byLeaf: arrays = ItemArrays(keys: keys, viewModels: viewModels)
    }
    // Taken out, so that the arrays changed below are not shared.
    storage = .asArrays(ItemArrays(keys: [], viewModels: []))
    let viewModel = arrays.viewModels.remove(at: from)
    arrays.keys.remove(at: from)
    arrays.keys.insert(key, at: to)
    arrays.viewModels.insert(viewModel, at: to)
    storage = .asArrays(arrays)
    let after = destination.afterNeighbour
    if !extras.isEmpty { extras = extras(movingFrom: from, intoLeaf: destination.leaf) }
    leafStarts = leafStarts.map { Self.bound($0, movingFrom: from, to: to, afterNeighbour: after) }
    if !pinnedHeaders.isEmpty {
      pinnedHeaders = pinnedHeaders(movingFrom: from, to: to, afterNeighbour: after)
    }
  }
}

/// What holds a released list's view models (`FlatList.partsForRelease()`):
/// kept only to be let go of.
struct ReleasedViewModels: Sendable {
  let leafItems: [any LeafItems]
  let boxes: [any ListViewModel]
  let materialized: MaterializedItems?

  /// Whether it holds nothing.
  var isEmpty: Bool { leafItems.isEmpty && boxes.isEmpty }
}
