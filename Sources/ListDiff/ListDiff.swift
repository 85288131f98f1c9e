/// Computes the inserts, deletes, updates and moves that turn `oldArray` into
/// `newArray`, for elements of any `ListDiffable` type: IGListKit's
/// `IGListDiff`, index for index, with the result keeping a copy of every
/// identifier.
///
/// Elements are matched by `diffIdentifier`. Where an identifier repeats, the
/// *k*-th occurrence in the new array is the same item as the *k*-th in the
/// old; extra new occurrences are inserts and extra old ones deletes. A matched
/// item is *updated* when it is not unchanged (see `option`); as in IGListKit,
/// that verdict belongs to the identifier, so if any occurrence of an
/// identifier changed, every matched occurrence of it is reported updated.
/// A matched item is *moved* when its position is not explained by the
/// deletes before it and the inserts before it.
///
/// The result always satisfies `old.count + inserts.count - deletes.count ==
/// new.count`, repeated identifiers included.
///
/// - Parameters:
///   - oldArray: the items before the change.
///   - newArray: the items after it.
///   - option: `.equality` (the default) calls `isEqual(toDiffableObject:)`
///     on matched items; `.pointerPersonality` reports any class instance that
///     was replaced by another instance.
/// - Complexity: O(*n* + *m*) expected time: every identifier is hashed at
///   most once, a common prefix and suffix are matched without hashing (so
///   an unchanged or appended-to array costs one comparison per element; a
///   kept suffix also costs a cheap fingerprint per element, to check that
///   it pairs as IGListKit pairs it), and
///   `isEqual(toDiffableObject:)` is called once per matched pair, on the
///   elements in place.
///   For element types that are not `Sendable` the result keeps a copy of
///   every identifier (for its index look-ups), so `diffIdentifier` is read
///   once per element, into those arrays, and the diff runs on them.
///   `Sendable` elements take the overload constrained to `Sendable`, which
///   keeps no copy.
///   Memory: O(*n* + *m*): for the part between the common prefix and
///   suffix, 28 to 44 bytes per old element (the hash table and two index
///   arrays) and 4 per new one (16 to 32 per element on either side while
///   the suffix is checked), plus the result.
///   The worst case (every hash colliding, which a sound `Hashable` does not
///   produce) is O((*n* + *m*)²).
@inlinable
public func listDiff<T: ListDiffable>(
  oldArray: [T], newArray: [T], option: ListDiffOption = .equality
) -> ListDiffResult<T.DiffIdentifier> {
  let oldIdentifiers = oldArray.map { $0.diffIdentifier }
  let newIdentifiers = newArray.map { $0.diffIdentifier }
  let lookup = _IdentifierArrays(old: oldIdentifiers, new: newIdentifiers)
  return _withUnchanged(oldArray, newArray, option) { unchanged in
    _listDiff(oldIdentifiers, newIdentifiers, lookup, unchanged)
  }
}

/// Computes the same diff for `Sendable` elements without copying their
/// identifiers: the result keeps the two arrays, and the diff reads each
/// identifier from its element in place.
///
/// The compiler chooses this overload for `Sendable` element types, for which the result keeps the arrays themselves (a reference, no
/// copying) to answer `oldIndex`/`newIndex(forIdentifier:)`, and the diff
/// reads identifiers from the elements in place: `diffIdentifier` is read
/// once per element of the common prefix and suffix and at most twice
/// elsewhere (again to confirm a hash match, instead of holding a copy).
/// Where reading it is costly (a computed or type-erased identifier), keep
/// the identifiers in an array and call
/// `listDiff(oldIdentifiers:newIdentifiers:isEqual:)`.
///
/// Elements are matched by `diffIdentifier` (the *k*-th new occurrence of a
/// repeated identifier with the *k*-th old one) and compared as `option`
/// says, exactly as by the overload for any `ListDiffable` type; the result
/// is identical.
///
/// - Parameters:
///   - oldArray: the items before the change.
///   - newArray: the items after it.
///   - option: `.equality` (the default) calls `isEqual(toDiffableObject:)`
///     on matched items; `.pointerPersonality` reports any class instance that
///     was replaced by another instance.
/// - Complexity: O(*n* + *m*) expected time: a common prefix and suffix are
///   matched without hashing (a kept suffix costs a cheap fingerprint per
///   element), every other identifier is hashed at most once
///   (twice when a `String` identifier is not ASCII: see the Performance
///   article), and `isEqual(toDiffableObject:)` is called once per matched
///   pair.
///   Memory: O(*n* + *m*), 28 to 44 bytes per old element and 4 per new one
///   between the common prefix and suffix (16 to 32 per element on either
///   side while the suffix is checked), plus the result; no copy of the
///   identifiers. The worst case (every hash colliding) is O((*n* + *m*)²).
@inlinable
public func listDiff<T: ListDiffable & Sendable>(
  oldArray: [T], newArray: [T], option: ListDiffOption = .equality
) -> ListDiffResult<T.DiffIdentifier> {
  let lookup = _ElementArrays(old: oldArray, new: newArray)
  return _withUnchanged(oldArray, newArray, option) { unchanged in
    oldArray.withUnsafeBufferPointer { old in
      newArray.withUnsafeBufferPointer { new in
        let changes = _DiffEngine(old: _ElementIdentifiers(old), new: _ElementIdentifiers(new))
          .run(unchanged: unchanged)
        return ListDiffResult(changes, lookup: lookup)
      }
    }
  }
}

/// Computes the inserts, deletes, updates and moves that turn the items with
/// `oldIdentifiers` into the items with `newIdentifiers`, for callers that
/// keep identifiers apart from their values (type-erased or struct-of-arrays
/// storage): IGListKit's `IGListDiff`, index for index.
///
/// The result is identical to `listDiff(oldArray:newArray:)` on elements with
/// these identifiers whose `isEqual(toDiffableObject:)` answers as `isEqual`
/// does: items are matched by identifier (the *k*-th new occurrence of a
/// repeated identifier with the *k*-th old one), and a matched item is
/// updated when `isEqual` returns `false` for it.
///
///     let result = listDiff(
///       oldIdentifiers: oldKeys, newIdentifiers: newKeys
///     ) {
///       oldModels[$0].isEqual(to: newModels[$1])
///     }
///
/// - Parameters:
///   - oldIdentifiers: the identities of the items before the change.
///   - newIdentifiers: the identities of the items after it.
///   - isEqual: whether the item at `oldIndex` before the change is
///     unchanged as the item at `newIndex` after it. Called only for pairs
///     with the same identifier, once per matched pair, in no particular
///     order.
/// - Complexity: O(*n* + *m*) expected time: identifiers are read from the
///   arrays in place, every one is hashed at most once (twice when a `String`
///   identifier is not ASCII), a common prefix and suffix are matched
///   without hashing (a kept suffix costs a cheap fingerprint per element),
///   and `isEqual` is called once per matched pair. The result keeps the two arrays (a reference, no copying)
///   for its index look-ups. Memory while the diff runs: for the part between
///   the common prefix and suffix, 28 to 44 bytes per old element and 4 per
///   new one (16 to 32 per element on either side while the suffix is
///   checked). The worst case (every hash colliding) is O((*n* + *m*)²).
@inlinable
public func listDiff<ID: Hashable>(
  oldIdentifiers: [ID], newIdentifiers: [ID],
  isEqual: (_ oldIndex: Int, _ newIndex: Int) -> Bool
) -> ListDiffResult<ID> {
  _listDiff(
    oldIdentifiers, newIdentifiers, _IdentifierArrays(old: oldIdentifiers, new: newIdentifiers),
    isEqual)
}

/// `listDiff(oldIdentifiers:newIdentifiers:isEqual:)` for callers that keep
/// `oldIdentifiers` free of repeats (ListDiffUI's shown items): the same
/// result, without the pass that marks every pair of a changed identifier
/// (with no repeats in the old items there is one pair per identifier).
/// Repeats in `oldIdentifiers` make the updates incomplete. Package access:
/// not API.
///
/// - Complexity: that of `listDiff(oldIdentifiers:newIdentifiers:isEqual:)`,
///   less one comparison per old item when something changed.
@inlinable
package func listDiff<ID: Hashable>(
  uniqueOldIdentifiers oldIdentifiers: [ID], newIdentifiers: [ID],
  isEqual: (_ oldIndex: Int, _ newIndex: Int) -> Bool
) -> ListDiffResult<ID> {
  _listDiff(
    oldIdentifiers, newIdentifiers, _IdentifierArrays(old: oldIdentifiers, new: newIdentifiers),
    isEqual, oldIsUnique: true)
}

/// The changes from `old` to `new`, two buffers whose identifiers `Reader`
/// reads in place (ListDiffUI's view models), for callers that keep `old`
/// free of repeats: what
/// `listDiff(uniqueOldIdentifiers:newIdentifiers:isEqual:)` computes,
/// without identifier arrays and without a result's look-ups. Package
/// access: not API.
///
/// - Complexity: that of `listDiff(oldIdentifiers:newIdentifiers:isEqual:)`.
@inlinable
package func _listDiffChanges<Reader: _IdentifierReading>(
  uniqueOld old: UnsafeBufferPointer<Reader.Element>, new: UnsafeBufferPointer<Reader.Element>,
  reading _: Reader.Type, isEqual: (_ oldIndex: Int, _ newIndex: Int) -> Bool
) -> _DiffChanges {
  _DiffEngine(old: _ReadIdentifiers<Reader>(old), new: _ReadIdentifiers<Reader>(new))
    .run(oldIsUnique: true, unchanged: isEqual)
}

/// The diff of two identifier arrays: the engine on their buffers.
@inlinable
internal func _listDiff<ID: Hashable>(
  _ oldIdentifiers: [ID], _ newIdentifiers: [ID], _ lookup: _IdentifierLookup<ID>,
  _ unchanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool, oldIsUnique: Bool = false
) -> ListDiffResult<ID> {
  oldIdentifiers.withUnsafeBufferPointer { old in
    newIdentifiers.withUnsafeBufferPointer { new in
      ListDiffResult(
        _DiffEngine(old: old, new: new).run(oldIsUnique: oldIsUnique, unchanged: unchanged),
        lookup: lookup)
    }
  }
}

/// Calls `body` with the element arrays' "unchanged" test for `option`, by
/// index: the new element is asked about the old, as IGListKit does, both
/// read in place.
@inlinable
internal func _withUnchanged<T: ListDiffable, Result>(
  _ oldArray: [T], _ newArray: [T], _ option: ListDiffOption,
  _ body: (_ unchanged: (_ oldIndex: Int, _ newIndex: Int) -> Bool) -> Result
) -> Result {
  // A class instance compared with itself is unchanged without asking it;
  // values have no instance to compare. (The check is a call: made once.)
  let elementsAreObjects = T.self is AnyObject.Type
  let instancesOnly = elementsAreObjects && option == .pointerPersonality
  return oldArray.withUnsafeBufferPointer { old in
    newArray.withUnsafeBufferPointer { new in
      body { k, j in
        if elementsAreObjects {
          let same = (old[k] as AnyObject) === (new[j] as AnyObject)
          if instancesOnly || same { return same }
        }
        return new[j].isEqual(toDiffableObject: old[k])
      }
    }
  }
}
