import ListDiff

/// The per-item work on a leaf section's view models, compiled where the
/// view-model type is known.
///
/// A section's `flatten` is called through the class's vtable, and the
/// leaf's items are reached through `any LeafItems`, so inside ListDiffUI
/// that code runs unspecialized: every read of an identifier, every copy of
/// a view model and every `isEqual(to:)` would be a call through the type's
/// value witnesses and witness table. `ListSection`'s initializers are
/// inlinable, so they run in the app's module with the concrete view-model
/// type, and there they make these closures (`make(for:)`): specialized for
/// that type, kept by the section and its items, and called once per leaf.
/// A section made in code that is itself generic over the view model gets
/// the generic closures: the same results, at the unspecialized cost.
///
/// This, `ViewModelIdentifiers`, `KeptIdentifiers`, `IdentifierScan` and
/// `ListSection`'s designated initializer are the pieces of ListDiffUI
/// compiled into clients (`@usableFromInline`); they touch only
/// `ListItemKey`'s initializer, ListDiff's package entries
/// `_listDiffChanges` and `_FastHashing`, and the arrays they are given.
/// Changing them changes what compiled apps contain, not the public API.
@usableFromInline
struct LeafOperations<ViewModel: ListViewModel>: Sendable {
  /// Appends a key (`identifier`, scope, controller type) per view model.
  @usableFromInline
  let appendKeys: @Sendable (
    _ viewModels: [ViewModel], _ keys: inout [ListItemKey], _ scope: String,
    _ controllerType: ObjectIdentifier
  ) -> Void
  /// Appends each view model, boxed.
  @usableFromInline
  let appendBoxes: @Sendable (_ viewModels: [ViewModel], _ boxes: inout [any ListViewModel]) -> Void
  /// Reads every identifier once: how many are empty, and the identifiers
  /// themselves when keeping them is cheaper than reading them again (see
  /// `IdentifierScan`).
  @usableFromInline
  let scanIdentifiers: @Sendable (_ viewModels: [ViewModel]) -> IdentifierScan
  /// Writes `_FastHashing`'s hash from `seed` of the identifier of each
  /// view model in `range` to `hashes`, in order; false (the rest unwritten)
  /// at the first identifier that is not ASCII.
  @usableFromInline
  let fastHashes: @Sendable (
    _ viewModels: [ViewModel], _ range: Range<Int>, _ seed: UInt64, _ hashes: UnsafeMutablePointer<Int>
  ) -> Bool
  /// The diff from the first array (no repeated identifier) to the second:
  /// identifiers taken from the kept identifiers when both sides kept them,
  /// else read in place; `isEqual(to:)` asked of each matched pair.
  @usableFromInline
  let changes: @Sendable (
    _ old: [ViewModel], _ oldIdentifiers: [String]?, _ new: [ViewModel], _ newIdentifiers: [String]?
  ) -> _DiffChanges
  /// Where the array's elements start (nil for none): what tells an
  /// array from a copy of the same storage (`LeafItems.holdsArray(at:count:)`).
  @usableFromInline
  let elementsAddress: @Sendable (_ viewModels: [ViewModel]) -> UnsafeRawPointer?
  /// Whether the view models are values, not class instances: only arrays
  /// of values may be kept unread while their storage is the same (see
  /// `TypedLeafItems.holdsArray(at:count:)`). Answered where the type is
  /// known, so that no dynamic cast runs per section.
  @usableFromInline
  let viewModelsAreValues: Bool

  @usableFromInline
  init(
    appendKeys: @escaping @Sendable ([ViewModel], inout [ListItemKey], String, ObjectIdentifier) -> Void,
    appendBoxes: @escaping @Sendable ([ViewModel], inout [any ListViewModel]) -> Void,
    scanIdentifiers: @escaping @Sendable ([ViewModel]) -> IdentifierScan,
    fastHashes: @escaping @Sendable ([ViewModel], Range<Int>, UInt64, UnsafeMutablePointer<Int>) -> Bool,
    changes: @escaping @Sendable ([ViewModel], [String]?, [ViewModel], [String]?) -> _DiffChanges,
    elementsAddress: @escaping @Sendable ([ViewModel]) -> UnsafeRawPointer?,
    viewModelsAreValues: Bool
  ) {
    self.appendKeys = appendKeys
    self.appendBoxes = appendBoxes
    self.scanIdentifiers = scanIdentifiers
    self.fastHashes = fastHashes
    self.changes = changes
    self.elementsAddress = elementsAddress
    self.viewModelsAreValues = viewModelsAreValues
  }

  /// The operations for `ViewModel`, specialized where `ViewModel` is
  /// concrete (an initializer of ``ListSection`` inlined into the app).
  @inlinable
  static func make(for _: ViewModel.Type = ViewModel.self) -> LeafOperations {
    LeafOperations(
      appendKeys: { viewModels, keys, scope, controllerType in
        appendKeys(viewModels, to: &keys, scope: scope, controllerType: controllerType) { $0.identifier }
      },
      appendBoxes: { viewModels, boxes in
        boxes.reserveCapacity(boxes.count + viewModels.count)
        for viewModel in viewModels { boxes.append(viewModel) }
      },
      scanIdentifiers: { viewModels in
        guard let first = viewModels.first else { return IdentifierScan(emptyCount: 0, identifiers: nil) }
        var emptyCount = 0
        guard IdentifierScan.keeps(first.identifier, readAgain: first.identifier) else {
          for viewModel in viewModels where viewModel.identifier.isEmpty { emptyCount += 1 }
          return IdentifierScan(emptyCount: emptyCount, identifiers: nil)
        }
        var identifiers: [String] = []
        identifiers.reserveCapacity(viewModels.count)
        for viewModel in viewModels {
          let identifier = viewModel.identifier
          if identifier.isEmpty { emptyCount += 1 }
          identifiers.append(identifier)
        }
        return IdentifierScan(emptyCount: emptyCount, identifiers: identifiers)
      },
      fastHashes: { viewModels, range, seed, hashes in
        viewModels.withUnsafeBufferPointer { viewModels in
          writeFastHashes(of: viewModels, in: range, seed: seed, to: hashes) { $0.identifier }
        }
      },
      changes: { old, oldIdentifiers, new, newIdentifiers in
        // One item on each side (a header or footer section, a one-item
        // section): the engine's answer, without its set-up.
        if old.count == 1 && new.count == 1 {
          guard (oldIdentifiers?[0] ?? old[0].identifier) == (newIdentifiers?[0] ?? new[0].identifier) else {
            return _DiffChanges(inserts: [0], deletes: [0], updates: [], moves: [], updateTargets: [])
          }
          let changed = !old[0].isEqual(to: new[0])
          return _DiffChanges(
            inserts: [], deletes: [], updates: changed ? [0] : [], moves: [], updateTargets: changed ? [0] : [])
        }
        return old.withUnsafeBufferPointer { old in
          new.withUnsafeBufferPointer { new in
            guard let oldIdentifiers, let newIdentifiers else {
              return _listDiffChanges(uniqueOld: old, new: new, reading: ViewModelIdentifiers<ViewModel>.self) {
                old[$0].isEqual(to: new[$1])
              }
            }
            return oldIdentifiers.withUnsafeBufferPointer { oldIdentifiers in
              newIdentifiers.withUnsafeBufferPointer { newIdentifiers in
                _listDiffChanges(uniqueOld: oldIdentifiers, new: newIdentifiers, reading: KeptIdentifiers.self) {
                  old[$0].isEqual(to: new[$1])
                }
              }
            }
          }
        }
      },
      elementsAddress: { viewModels in
        // Compared, never read through: the array outlives the comparison.
        viewModels.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
      },
      viewModelsAreValues: !(ViewModel.self is AnyObject.Type))
  }
}

/// The loops behind `LeafOperations`' closures, over view models or over
/// identifiers a leaf kept (`TypedLeafItems`): one body for both, inlined
/// into each, where `identifier` is a field read or the element itself.
extension LeafOperations {
  /// Appends a key (`identifier(element)`, `scope`, `controllerType`) per
  /// element of `elements` to `keys`.
  ///
  /// - Complexity: O(*k*) in the number of elements (amortized).
  @inlinable @inline(__always)
  static func appendKeys<Elements: Collection>(
    _ elements: Elements, to keys: inout [ListItemKey], scope: String,
    controllerType: ObjectIdentifier, identifier: (Elements.Element) -> String
  ) {
    keys.reserveCapacity(keys.count + elements.count)
    for element in elements {
      keys.append(ListItemKey(identifier: identifier(element), scope: scope, controllerType: controllerType))
    }
  }

  /// Writes `_FastHashing`'s hash from `seed` of the identifier of each
  /// element of `elements` in `range` to `hashes`, in order; false (the rest
  /// unwritten) at the first identifier that is not ASCII.
  ///
  /// - Complexity: O(*k*) in the range's length.
  @inlinable @inline(__always)
  static func writeFastHashes<Elements: RandomAccessCollection<Element>, Element>(
    of elements: Elements, in range: Range<Int>, seed: UInt64, to hashes: UnsafeMutablePointer<Int>,
    identifier: (Element) -> String
  ) -> Bool where Elements.Index == Int {
    for index in range {
      guard let hash = _FastHashing.hash(identifier(elements[index]), seed: seed) else { return false }
      hashes[index - range.lowerBound] = Int(truncatingIfNeeded: hash)
    }
    return true
  }
}

/// How the diff engine reads a view model's identifier: in place, through
/// `identifier`, which for a stored property is a load.
@usableFromInline
enum ViewModelIdentifiers<ViewModel: ListViewModel>: _IdentifierReading {
  @inlinable
  static func identifier(of viewModel: ViewModel) -> String { viewModel.identifier }
}

/// Identifiers already read, as the diff engine reads them.
@usableFromInline
enum KeptIdentifiers: _IdentifierReading {
  @inlinable
  static func identifier(of identifier: String) -> String { identifier }
}

/// What `LeafOperations.scanIdentifiers` read: the number of empty
/// identifiers, and the identifiers themselves when the leaf keeps them.
///
/// Why some leaves keep them: the diff reads an identifier about twice per
/// item on each side it meets it, and a computed `identifier` (`"\(id)"`,
/// `uuid.uuidString`) is computed each time (with `String(Int)`
/// identifiers, reading them in place cost about 1.6 times keeping them;
/// the benchmark's E1c row measures it). Kept, each is computed once per
/// root, here.
/// A stored identifier in heap storage is not kept: keeping it costs a
/// retain per item, which the diff of a one-change root does not otherwise
/// pay. The first view model's identifier, read twice, tells them apart: a
/// computed identifier in heap storage comes back in new storage each time;
/// a short one (up to 15 bytes, held in the string value itself) costs
/// nothing to keep, computed or not.
@usableFromInline
struct IdentifierScan: Sendable {
  @usableFromInline let emptyCount: Int
  @usableFromInline let identifiers: [String]?

  @inlinable
  init(emptyCount: Int, identifiers: [String]?) {
    self.emptyCount = emptyCount
    self.identifiers = identifiers
  }

  /// Whether a leaf whose first identifier read `first`, then `readAgain`,
  /// keeps its identifiers (see above).
  @inlinable
  static func keeps(_ first: String, readAgain: String) -> Bool {
    if first.utf8.count <= 15 { return true }
    return withUnsafeBytes(of: first) { first in
      withUnsafeBytes(of: readAgain) { again in !first.elementsEqual(again) }
    }
  }
}
