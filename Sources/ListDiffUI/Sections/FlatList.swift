import HeadlessCollection
import ListDiff

/// The identity of one flattened item: its view model's identifier, scoped by
/// its section and by the controller type that shows it.
///
/// The controller type takes part so that an identifier whose cell kind
/// changes (a placeholder replaced by content) becomes a new item with a new
/// controller instead of an update the old controller cannot take.
///
/// `@usableFromInline` (with its initializer, and its `Hashable` members,
/// which the attribute requires) only so that `LeafItemAppending`, which
/// client modules specialize, can make keys.
@usableFromInline
struct ListItemKey: Hashable, Sendable {
  let identifier: String
  /// `SectionScope.key` of the item's section; usually a small string.
  let scope: String
  let controllerType: ObjectIdentifier

  @usableFromInline
  init(identifier: String, scope: String, controllerType: ObjectIdentifier) {
    self.identifier = identifier
    self.scope = scope
    self.controllerType = controllerType
  }

  /// Cheapest comparisons first: the controller type is one word and differs
  /// rarely; identifiers differ early when they differ at all.
  @usableFromInline
  static func == (lhs: ListItemKey, rhs: ListItemKey) -> Bool {
    lhs.controllerType == rhs.controllerType && lhs.identifier == rhs.identifier
      && lhs.scope == rhs.scope
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
    hasher.combine(scope)
    hasher.combine(controllerType)
  }
}

/// What a leaf section (a `ListSection`) contributes to each of its items
/// apart from the view model; stored once per section rather than per item.
struct ListLeaf: Sendable {
  let scope: SectionScope
  let controllerType: AnyListCellController.Type
  let delegate: WeakAnyObject
  /// The view-model array the leaf's items were made from, when a later
  /// root may take them again instead of flattening it anew (see
  /// `LeafSource`); nil otherwise.
  var source: LeafSource? = nil
}

/// The view-model array a leaf was flattened from, held so that its storage
/// stays alive and can be recognized in the next root.
///
/// Why "the same storage" means "the same items": while `models` holds it,
/// the storage cannot be freed, so a later array whose elements start at the
/// same address with the same count shares it; and shared storage is never
/// written (a copy-on-write array copies before it writes), so its elements
/// are the very values flattened before. Only view models that are values
/// qualify: a class instance in a shared array can still change under it.
struct LeafSource: Sendable {
  /// The array itself, kept only to keep its storage alive.
  let models: any Sendable
  /// The address of its first element.
  let address: UInt
  let count: Int
  /// How many of its view models have an empty identifier (reported again
  /// when the leaf is taken again).
  let emptyCount: Int

  /// The source of `models`, nil where its items must be flattened anew:
  /// an empty array, or view models that are class instances.
  static func of<ViewModel: ListViewModel>(_ models: [ViewModel]) -> (address: UInt, count: Int)? {
    guard !models.isEmpty, !(ViewModel.self is AnyObject.Type) else { return nil }
    let address = models.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
    return (address, models.count)
  }
}

/// A root section flattened: its items in display order, as two parallel
/// arrays (identities and view models), and the leaf sections that made them.
///
/// Identities and view models are kept apart so that the diff reads the
/// identities as one contiguous array and asks the view models only about
/// pairs with the same identity (`listDiff(oldIdentifiers:newIdentifiers:isEqual:)`).
/// A leaf's items are contiguous, so items find their leaf through
/// `leafStarts` instead of carrying a leaf index each.
///
/// Invariants: `keys.count == viewModels.count`; `leafStarts.count ==
/// leaves.count`, ascending, each at most `keys.count`; leaf `i` made the
/// items from `leafStarts[i]` up to the next leaf's start.
struct FlatList: Sendable {
  private(set) var keys: [ListItemKey] = []
  private(set) var viewModels: [any ListViewModel] = []
  private(set) var leaves: [ListLeaf] = []
  private(set) var leafStarts: [Int] = []
  /// The header blocks of sections that pin them (`FlatList+PinnedHeaders`).
  var pinnedHeaders: [PinnedItemRange] = []

  /// The number of items.
  var count: Int { keys.count }

  /// Reserves room for `capacity` items.
  mutating func reserveCapacity(_ capacity: Int) {
    keys.reserveCapacity(capacity)
    viewModels.reserveCapacity(capacity)
  }

  /// Starts a leaf whose items start at `start` (by default, the items
  /// appended next).
  mutating func beginLeaf(_ leaf: ListLeaf, at start: Int? = nil) {
    leaves.append(leaf)
    leafStarts.append(start ?? keys.count)
  }

  /// Replaces the source recorded for the last leaf.
  mutating func setSourceOfLastLeaf(_ source: LeafSource) {
    leaves[leaves.count - 1].source = source
  }

  /// Appends the items of `previous` in `range`, as they are.
  ///
  /// - Complexity: O(*k*) in the range's length.
  mutating func append(contentsOf previous: FlatList, range: Range<Int>) {
    keys.append(contentsOf: previous.keys[range])
    viewModels.append(contentsOf: previous.viewModels[range])
  }

  /// Takes every item of `previous` as this list's items (which must be
  /// none so far): the arrays are shared, not copied.
  ///
  /// - Complexity: O(1).
  mutating func adoptItems(of previous: FlatList) {
    precondition(keys.isEmpty && viewModels.isEmpty)
    keys = previous.keys
    viewModels = previous.viewModels
  }

  /// The items of leaf `index`.
  func range(ofLeaf index: Int) -> Range<Int> {
    leafStarts[index]..<(index + 1 < leafStarts.count ? leafStarts[index + 1] : keys.count)
  }

  /// Appends an item to the current leaf.
  mutating func append(key: ListItemKey, viewModel: any ListViewModel) {
    keys.append(key)
    viewModels.append(viewModel)
  }

  /// Appends the items of `viewModels` to the current leaf, scoped by
  /// `scope` and shown by controllers of `controllerType`, through
  /// `appender` (the leaf's `LeafItemAppending.appender`, specialized for
  /// `ViewModel`); returns how many have an empty identifier.
  ///
  /// - Complexity: O(*k*) in the number of view models (amortized).
  mutating func append<ViewModel: ListViewModel>(
    _ newViewModels: [ViewModel], scope: String, controllerType: ObjectIdentifier,
    using appender: LeafItemAppender<ViewModel>
  ) -> Int {
    appender(newViewModels, &keys, &viewModels, scope, controllerType)
  }

  /// The leaf that made the item at `index`.
  ///
  /// - Complexity: O(log *s*) in the number of leaves.
  func leaf(ofItem index: Int) -> ListLeaf {
    leaves[leafIndex(ofItem: index)]
  }

  /// The list without the items at `indexes` (ascending, in range).
  ///
  /// - Complexity: O(*n* + *s*).
  func removing(_ indexes: [Int]) -> FlatList {
    var kept = FlatList()
    kept.reserveCapacity(count - indexes.count)
    // A leaf that lost items no longer holds all of its source's items, so
    // no leaf is offered for reuse (this happens only when identities repeat).
    kept.leaves = leaves.map { leaf in
      var leaf = leaf
      leaf.source = nil
      return leaf
    }
    kept.leafStarts.reserveCapacity(leafStarts.count)
    var nextRemoved = 0
    var leaf = 0
    for index in keys.indices {
      while leaf < leafStarts.count && leafStarts[leaf] == index {
        kept.leafStarts.append(kept.keys.count)
        leaf += 1
      }
      if nextRemoved < indexes.count && indexes[nextRemoved] == index {
        nextRemoved += 1
      } else {
        kept.append(key: keys[index], viewModel: viewModels[index])
      }
    }
    while leaf < leafStarts.count {
      kept.leafStarts.append(kept.keys.count)
      leaf += 1
    }
    if !pinnedHeaders.isEmpty { kept.pinnedHeaders = pinnedHeaders(removing: indexes) }
    return kept
  }

  /// Moves the item at `from` so that it ends at `to` (both indexes of
  /// items; equal when only its section changes) into `destination`, under
  /// `key` (its key scoped by the destination leaf). Leaf starts and pinned
  /// header blocks follow the item; the leaves it left and joined are no
  /// longer offered for reuse (their items are not their source's order).
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
    let source = leafIndex(ofItem: from)
    let viewModel = viewModels.remove(at: from)
    keys.remove(at: from)
    keys.insert(key, at: to)
    viewModels.insert(viewModel, at: to)
    let after = destination.afterNeighbour
    leafStarts = leafStarts.map { Self.bound($0, movingFrom: from, to: to, afterNeighbour: after) }
    leaves[source].source = nil
    leaves[destination.leaf].source = nil
    if !pinnedHeaders.isEmpty {
      pinnedHeaders = pinnedHeaders(movingFrom: from, to: to, afterNeighbour: after)
    }
  }

  /// The diff from `old` (which has no repeated identity) to this list:
  /// identities compared by key, view models asked `isEqual(to:)` only for
  /// pairs with the same identity.
  ///
  /// - Complexity: O(*n* + *m*).
  func diff(from old: FlatList) -> ListDiffResult<ListItemKey> {
    let oldViewModels = old.viewModels
    let newViewModels = viewModels
    // The shown list never repeats an identity (repeats are dropped before a
    // list is shown), which spares the engine a pass over the old items.
    return listDiff(uniqueOldIdentifiers: old.keys, newIdentifiers: keys) { oldIndex, newIndex in
      oldViewModels[oldIndex].isEqual(to: newViewModels[newIndex])
    }
  }
}
