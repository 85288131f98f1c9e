import ListDiff

/// The items of one leaf section as the section gave them: its view-model
/// array itself, shared, not copied. A flattened list holds one per leaf
/// (`FlatList`), so flattening a leaf costs O(1) however many items it has.
///
/// Bulk work (keys for a whole leaf, the diff of two leaves) goes through
/// the leaf's `LeafOperations`, specialized for its view-model type; the
/// per-item reads here serve the few items an update touches.
///
/// A class: one allocation per leaf when flattened (an existential of the
/// array and its operations would be boxed on the heap anyway), then copied
/// by one retain, and `changes(from:)` finds its counterpart's type with a
/// pointer comparison.
protocol LeafItems: AnyObject, Sendable {
  /// The number of items.
  var count: Int { get }
  /// The identifier of the item at `index`.
  func identifier(at index: Int) -> String
  /// The view model of the item at `index`, boxed.
  func viewModel(at index: Int) -> any ListViewModel
  /// Appends a key per item, scoped by `scope` and `controllerType`.
  ///
  /// - Complexity: O(*k*) in the number of items (amortized).
  func appendKeys(to keys: inout [ListItemKey], scope: String, controllerType: ObjectIdentifier)
  /// Appends each item's view model, boxed.
  ///
  /// - Complexity: O(*k*) in the number of items (amortized).
  func appendViewModels(to boxes: inout [any ListViewModel])
  /// Writes the fast hash from `seed` of each identifier in `range` to
  /// `hashes`; false at the first that is not ASCII (see `LeafOperations`).
  ///
  /// - Complexity: O(*k*) in the range's length.
  func fastHashes(of range: Range<Int>, seed: UInt64, into hashes: UnsafeMutablePointer<Int>) -> Bool
  /// The diff from `old` (no repeated identifier) to these items, by
  /// identifier and `isEqual(to:)`; nil when `old` holds view models of
  /// another type.
  ///
  /// - Complexity: that of the engine on the two leaves.
  func changes(from old: any LeafItems) -> _DiffChanges?
  /// How many identifiers are empty: reported again for every root that
  /// keeps these items unread.
  var emptyIdentifierCount: Int { get }
  /// Whether the view-model array whose elements start at `address` (a
  /// pointer's bit pattern, 0 for none), `count` of them, of these items'
  /// view-model type, is these items' array itself (see `TypedLeafItems`).
  ///
  /// - Complexity: O(1).
  func holdsArray(at address: UInt, count: Int) -> Bool
}

/// A leaf's items of one view-model type. Immutable.
final class TypedLeafItems<ViewModel: ListViewModel>: LeafItems {
  let viewModels: [ViewModel]
  /// The identifiers, read once when flattened, where the leaf keeps them
  /// (`IdentifierScan`); nil where they are read from the view models.
  let identifiers: [String]?
  let operations: LeafOperations<ViewModel>
  /// How many identifiers are empty.
  let emptyIdentifierCount: Int
  /// Where the array's elements start, when its view models are values
  /// (not class instances), which alone may be kept unread (see
  /// `holdsArray(at:count:)`); nil otherwise. Fixed: the array is
  /// immutable. Kept as a bit pattern: compared, never dereferenced.
  private let elementsAddress: UInt?

  init(
    viewModels: [ViewModel], identifiers: [String]?, operations: LeafOperations<ViewModel>,
    emptyIdentifierCount: Int
  ) {
    self.viewModels = viewModels
    self.identifiers = identifiers
    self.operations = operations
    self.emptyIdentifierCount = emptyIdentifierCount
    elementsAddress =
      operations.viewModelsAreValues ? UInt(bitPattern: operations.elementsAddress(viewModels)) : nil
  }

  /// Whether the array at `address` is these items' array itself: the same
  /// storage, which copy-on-write keeps only while nobody changed it, so
  /// the same values. Never for view models that are classes: an instance
  /// changed in place (its identifier too) would look unchanged, so their
  /// sections are read as before.
  ///
  /// Why the address tells: these items keep their array alive, so no
  /// other array can have storage at that address while they exist.
  /// (The caller passes an array of these items' view-model type: leaves
  /// are paired by controller type, which has one view-model type.)
  func holdsArray(at address: UInt, count: Int) -> Bool {
    elementsAddress == address && count == viewModels.count
  }

  var count: Int { viewModels.count }

  func identifier(at index: Int) -> String { identifiers?[index] ?? viewModels[index].identifier }

  func viewModel(at index: Int) -> any ListViewModel { viewModels[index] }

  func appendKeys(to keys: inout [ListItemKey], scope: String, controllerType: ObjectIdentifier) {
    guard let identifiers else {
      operations.appendKeys(viewModels, &keys, scope, controllerType)
      return
    }
    LeafOperations<ViewModel>.appendKeys(
      identifiers, to: &keys, scope: scope, controllerType: controllerType) { $0 }
  }

  func appendViewModels(to boxes: inout [any ListViewModel]) {
    operations.appendBoxes(viewModels, &boxes)
  }

  func fastHashes(of range: Range<Int>, seed: UInt64, into hashes: UnsafeMutablePointer<Int>) -> Bool {
    guard let identifiers else { return operations.fastHashes(viewModels, range, seed, hashes) }
    return LeafOperations<ViewModel>.writeFastHashes(of: identifiers, in: range, seed: seed, to: hashes) { $0 }
  }

  func changes(from old: any LeafItems) -> _DiffChanges? {
    // Leaves shown by the same controller type hold the same view-model
    // type, so this holds whenever the caller pairs leaves; checked all the
    // same, by metatype (a pointer comparison), before the downcast.
    guard type(of: old) == TypedLeafItems<ViewModel>.self else { return nil }
    let old = unsafeDowncast(old, to: TypedLeafItems<ViewModel>.self)
    return operations.changes(old.viewModels, old.identifiers, viewModels, identifiers)
  }
}
