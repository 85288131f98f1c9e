/// Where the engine reads identifiers: by index, in place, without copying
/// the elements that hold them.
///
/// Two kinds exist: the caller's identifier arrays (for
/// `listDiff(oldIdentifiers:newIdentifiers:isEqual:)`, and for element types
/// whose identifiers the result must keep anyway), and element buffers read
/// through `diffIdentifier` (or, for ListDiffUI, an `_IdentifierReading`).
/// The engine is specialized for each, so a read is a load from the buffer,
/// not a call.
@usableFromInline
internal protocol _DiffIdentifiers {
  associatedtype Identifier: Hashable
  /// The number of elements.
  var count: Int { get }
  /// The identifier at `index`, which is in `0..<count`.
  subscript(_ index: Int) -> Identifier { get }
}

extension UnsafeBufferPointer: _DiffIdentifiers where Element: Hashable {
  @usableFromInline typealias Identifier = Element
}

/// The identifiers of a buffer of elements, read in place.
@usableFromInline
internal struct _ElementIdentifiers<T: ListDiffable>: _DiffIdentifiers {
  @usableFromInline let elements: UnsafeBufferPointer<T>

  @inlinable
  init(_ elements: UnsafeBufferPointer<T>) {
    self.elements = elements
  }

  @inlinable
  var count: Int { elements.count }

  @inlinable
  subscript(_ index: Int) -> T.DiffIdentifier {
    @inline(__always) get { elements[index].diffIdentifier }
  }
}

/// How a package caller's elements give their identifiers, for
/// `_listDiffChanges(uniqueOld:new:reading:isEqual:)` (ListDiffUI reads a
/// view model's `identifier`). Package access: not API.
@usableFromInline
package protocol _IdentifierReading {
  associatedtype Element
  associatedtype Identifier: Hashable
  /// The identifier of `element`.
  static func identifier(of element: Element) -> Identifier
}

/// The identifiers of a buffer of elements, read in place through `Reader`.
@usableFromInline
internal struct _ReadIdentifiers<Reader: _IdentifierReading>: _DiffIdentifiers {
  @usableFromInline let elements: UnsafeBufferPointer<Reader.Element>

  @inlinable
  init(_ elements: UnsafeBufferPointer<Reader.Element>) {
    self.elements = elements
  }

  @inlinable
  var count: Int { elements.count }

  @inlinable
  subscript(_ index: Int) -> Reader.Identifier {
    @inline(__always) get { Reader.identifier(of: elements[index]) }
  }
}
