/// What `ListDiffResult.oldIndex(forIdentifier:)` and `newIndex(forIdentifier:)`
/// search: the diffed arrays, kept by reference.
///
/// Where the element type is `Sendable`, the result keeps the element arrays
/// themselves: a copy-on-write reference, O(1), nothing read until a look-up.
/// Otherwise the elements must not cross threads with the result, so it keeps
/// their identifiers instead, read once when the diff runs.
///
/// `@unchecked Sendable`: every subclass holds only immutable arrays, of
/// `Sendable` elements or of identifiers; and a result whose `Identifier` is
/// not `Sendable` is not `Sendable` itself, so such a box never crosses.
@usableFromInline
internal class _IdentifierLookup<Identifier: Hashable>: @unchecked Sendable {
  @inlinable init() {}
  /// The last old index of `identifier`, or nil.
  @inlinable func oldIndex(of identifier: Identifier) -> Int? { nil }
  /// The last new index of `identifier`, or nil.
  @inlinable func newIndex(of identifier: Identifier) -> Int? { nil }
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
    old.lastIndex(of: identifier)
  }

  @inlinable override func newIndex(of identifier: Identifier) -> Int? {
    new.lastIndex(of: identifier)
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
    old.lastIndex { $0.diffIdentifier == identifier }
  }

  @inlinable override func newIndex(of identifier: T.DiffIdentifier) -> Int? {
    new.lastIndex { $0.diffIdentifier == identifier }
  }
}
