/// What `ListDiffResult.oldIndex(forIdentifier:)` and `newIndex(forIdentifier:)`
/// search: the diffed arrays, kept by reference, and for each side an index
/// of its identifiers built on the first look-up.
///
/// Where the element type is `Sendable`, the result keeps the element arrays
/// themselves: a copy-on-write reference, O(1), nothing read until a look-up.
/// Otherwise the elements must not cross threads with the result, so it keeps
/// their identifiers instead, read once when the diff runs.
///
/// Why lazily: most results are never asked, and building both indexes with
/// the diff would cost every diff a second table (about 40% of a 5,000-item
/// diff). Why without a lock: a result is a value that tasks share, so two
/// threads may ask for the first time at once. Each side's index is a class
/// instance published with one atomic compare-and-swap into a slot that is
/// nil until then; a look-up is one atomic load and a probe. Two threads that
/// race both build, one publishes, and the other drops its own and uses the
/// published one, so every look-up sees a complete index. (The standard
/// library's `Synchronization` needs macOS 15; the platform floor is 13, and
/// ListDiff imports nothing else, so the publication uses the standard
/// library's own atomic initialization of a class reference.)
///
/// `@unchecked Sendable`: every subclass holds only immutable arrays, of
/// `Sendable` elements or of identifiers; the index slots are written once,
/// atomically, with an immutable index; and a result whose `Identifier` is
/// not `Sendable` is not `Sendable` itself, so such a box never crosses.
@usableFromInline
internal class _IdentifierLookup<Identifier: Hashable>: @unchecked Sendable {
  /// Two slots, the old side's index and the new side's, each nil until
  /// that side is first asked about; written only through
  /// `_stdlib_atomicInitializeARCRef`.
  @usableFromInline let indexes: UnsafeMutablePointer<AnyObject?>

  @inlinable init() {
    indexes = .allocate(capacity: 2)
    indexes.initialize(repeating: nil, count: 2)
  }

  @inlinable deinit {
    indexes.deinitialize(count: 2)
    indexes.deallocate()
  }

  /// The last old index of `identifier`, or nil.
  @inlinable func oldIndex(of identifier: Identifier) -> Int? { nil }
  /// The last new index of `identifier`, or nil.
  @inlinable func newIndex(of identifier: Identifier) -> Int? { nil }

  /// The index of side `side` (0 old, 1 new), built by `build` if no thread
  /// has published one yet.
  ///
  /// - Complexity: O(1) once built; the first call pays `build`.
  @inlinable
  final func index(
    side: Int, build: () -> _LastOccurrenceIndex
  ) -> _LastOccurrenceIndex {
    let slot = indexes + side
    if let published = _stdlib_atomicLoadARCRef(object: slot) {
      return unsafeDowncast(published, to: _LastOccurrenceIndex.self)
    }
    let built = build()
    if _stdlib_atomicInitializeARCRef(object: slot, desired: built) { return built }
    // Another thread published first: use its index, so that every caller
    // shares one.
    return unsafeDowncast(_stdlib_atomicLoadARCRef(object: slot)!, to: _LastOccurrenceIndex.self)
  }
}

/// The last occurrence of each identifier of one array, by hash: a table of
/// indexes into that array, which the caller reads identifiers from.
/// Immutable once built.
@usableFromInline
internal final class _LastOccurrenceIndex {
  @usableFromInline let table: _IndexTable

  /// Indexes `identifiers`, keeping each identifier's last index: they are
  /// inserted from the end, and a table keeps the first index inserted.
  ///
  /// - Complexity: O(*n*) expected; every identifier is hashed once.
  @inlinable
  init<Identifiers: _DiffIdentifiers>(_ identifiers: Identifiers) {
    var table = _IndexTable(minimumCapacity: identifiers.count)
    var index = identifiers.count - 1
    while index >= 0 {
      let identifier = identifiers[index]
      _ = table.insert(hash: identifier.hashValue, index: index) { identifiers[$0] == identifier }
      index -= 1
    }
    self.table = table
  }

  /// The last index of `identifier` in `identifiers`, the array this index
  /// was built from.
  ///
  /// - Complexity: O(1) expected: one hash and a probe.
  @inlinable
  func lastIndex<Identifiers: _DiffIdentifiers>(
    of identifier: Identifiers.Identifier, in identifiers: Identifiers
  ) -> Int? {
    table.find(hash: identifier.hashValue) { identifiers[$0] == identifier }
  }
}

extension _IdentifierLookup {
  /// The last index of `identifier` in `identifiers`, the array of side
  /// `side`, through that side's index (built on first use).
  @inlinable
  final func lastIndex<Identifiers: _DiffIdentifiers>(
    of identifier: Identifier, in identifiers: Identifiers, side: Int
  ) -> Int? where Identifiers.Identifier == Identifier {
    guard identifiers.count > 0 else { return nil }
    return index(side: side) { _LastOccurrenceIndex(identifiers) }
      .lastIndex(of: identifier, in: identifiers)
  }
}

@usableFromInline
internal final class _IdentifierArrays<Identifier: Hashable>: _IdentifierLookup<Identifier>,
  @unchecked Sendable
{
  @usableFromInline let old: [Identifier]
  @usableFromInline let new: [Identifier]

  @inlinable init(old: [Identifier], new: [Identifier]) {
    self.old = old
    self.new = new
  }

  @inlinable override func oldIndex(of identifier: Identifier) -> Int? {
    old.withUnsafeBufferPointer { lastIndex(of: identifier, in: $0, side: 0) }
  }

  @inlinable override func newIndex(of identifier: Identifier) -> Int? {
    new.withUnsafeBufferPointer { lastIndex(of: identifier, in: $0, side: 1) }
  }
}

@usableFromInline
internal final class _ElementArrays<T: ListDiffable & Sendable>: _IdentifierLookup<T.DiffIdentifier>,
  @unchecked Sendable
{
  @usableFromInline let old: [T]
  @usableFromInline let new: [T]

  @inlinable init(old: [T], new: [T]) {
    self.old = old
    self.new = new
  }

  @inlinable override func oldIndex(of identifier: T.DiffIdentifier) -> Int? {
    old.withUnsafeBufferPointer { lastIndex(of: identifier, in: _ElementIdentifiers($0), side: 0) }
  }

  @inlinable override func newIndex(of identifier: T.DiffIdentifier) -> Int? {
    new.withUnsafeBufferPointer { lastIndex(of: identifier, in: _ElementIdentifiers($0), side: 1) }
  }
}
