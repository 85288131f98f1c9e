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
/// This, `ViewModelIdentifiers` and `ListSection`'s designated initializer
/// are the pieces of ListDiffUI compiled into clients
/// (`@usableFromInline`); they touch only `ListItemKey`'s initializer,
/// ListDiff's package entries `_listDiffChanges` and `_FastHashing`, and
/// the arrays they are given. Changing them changes what compiled apps
/// contain, not the public API.
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
  /// How many view models have an empty identifier.
  @usableFromInline
  let emptyIdentifierCount: @Sendable (_ viewModels: [ViewModel]) -> Int
  /// Writes `_FastHashing`'s hash from `seed` of the identifier of each
  /// view model in `range` to `hashes`, in order; false (the rest unwritten)
  /// at the first identifier that is not ASCII.
  @usableFromInline
  let fastHashes: @Sendable (
    _ viewModels: [ViewModel], _ range: Range<Int>, _ seed: UInt64, _ hashes: UnsafeMutablePointer<Int>
  ) -> Bool
  /// The diff from the first array (no repeated identifier) to the second:
  /// identifiers read in place, `isEqual(to:)` asked of each matched pair.
  @usableFromInline
  let changes: @Sendable (_ old: [ViewModel], _ new: [ViewModel]) -> _DiffChanges

  @usableFromInline
  init(
    appendKeys: @escaping @Sendable ([ViewModel], inout [ListItemKey], String, ObjectIdentifier) -> Void,
    appendBoxes: @escaping @Sendable ([ViewModel], inout [any ListViewModel]) -> Void,
    emptyIdentifierCount: @escaping @Sendable ([ViewModel]) -> Int,
    fastHashes: @escaping @Sendable ([ViewModel], Range<Int>, UInt64, UnsafeMutablePointer<Int>) -> Bool,
    changes: @escaping @Sendable ([ViewModel], [ViewModel]) -> _DiffChanges
  ) {
    self.appendKeys = appendKeys
    self.appendBoxes = appendBoxes
    self.emptyIdentifierCount = emptyIdentifierCount
    self.fastHashes = fastHashes
    self.changes = changes
  }

  /// The operations for `ViewModel`, specialized where `ViewModel` is
  /// concrete (an initializer of ``ListSection`` inlined into the app).
  @inlinable
  static func make(for _: ViewModel.Type = ViewModel.self) -> LeafOperations {
    LeafOperations(
      appendKeys: { viewModels, keys, scope, controllerType in
        keys.reserveCapacity(keys.count + viewModels.count)
        for viewModel in viewModels {
          keys.append(
            ListItemKey(identifier: viewModel.identifier, scope: scope, controllerType: controllerType))
        }
      },
      appendBoxes: { viewModels, boxes in
        boxes.reserveCapacity(boxes.count + viewModels.count)
        for viewModel in viewModels { boxes.append(viewModel) }
      },
      emptyIdentifierCount: { viewModels in
        var count = 0
        for viewModel in viewModels where viewModel.identifier.isEmpty { count += 1 }
        return count
      },
      fastHashes: { viewModels, range, seed, hashes in
        viewModels.withUnsafeBufferPointer { viewModels in
          for index in range {
            guard let hash = _FastHashing.hash(viewModels[index].identifier, seed: seed) else {
              return false
            }
            hashes[index - range.lowerBound] = Int(truncatingIfNeeded: hash)
          }
          return true
        }
      },
      changes: { old, new in
        // One item on each side (a header or footer section, a one-item
        // section): the engine's answer, without its set-up.
        if old.count == 1 && new.count == 1 {
          guard old[0].identifier == new[0].identifier else {
            return _DiffChanges(inserts: [0], deletes: [0], updates: [], moves: [], updateTargets: [])
          }
          let changed = !old[0].isEqual(to: new[0])
          return _DiffChanges(
            inserts: [], deletes: [], updates: changed ? [0] : [], moves: [], updateTargets: changed ? [0] : [])
        }
        return old.withUnsafeBufferPointer { old in
          new.withUnsafeBufferPointer { new in
            _listDiffChanges(uniqueOld: old, new: new, reading: ViewModelIdentifiers<ViewModel>.self) {
              old[$0].isEqual(to: new[$1])
            }
          }
        }
      })
  }
}

/// How the diff engine reads a view model's identifier: in place, through
/// `identifier`, which for a stored property is a load.
@usableFromInline
enum ViewModelIdentifiers<ViewModel: ListViewModel>: _IdentifierReading {
  @inlinable
  static func identifier(of viewModel: ViewModel) -> String { viewModel.identifier }
}
