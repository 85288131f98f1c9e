/// A value the diff can match across two arrays: an identity that says
/// "this is the same item" and an equality that says "and it has not changed".
///
/// Two elements with equal `diffIdentifier`s are the same item; the diff then
/// calls `isEqual(toDiffableObject:)` to learn whether that item changed
/// (an *update*). Types that are `Equatable` get `isEqual` for free as `==`.
///
/// The standard library's common `Hashable` types (integers, floating-point
/// numbers, `String`, `Substring`, `Character`, `Bool`, `Unicode.Scalar`,
/// `ObjectIdentifier`) conform with the value itself as its identifier.
///
/// The diff hashes each identifier at most once (twice when a `String`
/// identifier is not ASCII, which `Hasher` alone hashes alike with its
/// equivalent spellings) and calls
/// `isEqual(toDiffableObject:)` once per matched pair, on the elements in
/// place. It reads `diffIdentifier` at most twice per element, so reading it
/// should be O(1); where it is costly (computed, or behind an existential),
/// keep the identifiers in an array and diff with
/// `listDiff(oldIdentifiers:newIdentifiers:isEqual:)`, which reads each once.
public protocol ListDiffable {
  /// The type of the identity. `String` and integers are the usual choices.
  associatedtype DiffIdentifier: Hashable

  /// The identity of this element: equal identifiers mean "the same item".
  var diffIdentifier: DiffIdentifier { get }

  /// Whether this element is unchanged relative to `other`, an element with
  /// the same `diffIdentifier`. The diff reports an update where this
  /// returns `false`.
  func isEqual(toDiffableObject other: Self) -> Bool
}

extension ListDiffable where Self: Equatable {
  /// `==`: an element is unchanged when it equals its counterpart.
  ///
  /// - Complexity: that of `==`.
  @inlinable
  public func isEqual(toDiffableObject other: Self) -> Bool {
    self == other
  }
}

extension ListDiffable where Self: Hashable, DiffIdentifier == Self {
  /// The value itself: for plain values, identity and content coincide.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var diffIdentifier: Self { self }
}

/// `Int` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension Int: ListDiffable {}
/// `Int8` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension Int8: ListDiffable {}
/// `Int16` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension Int16: ListDiffable {}
/// `Int32` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension Int32: ListDiffable {}
/// `Int64` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension Int64: ListDiffable {}
/// `UInt` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension UInt: ListDiffable {}
/// `UInt8` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension UInt8: ListDiffable {}
/// `UInt16` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension UInt16: ListDiffable {}
/// `UInt32` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension UInt32: ListDiffable {}
/// `UInt64` is diffable as itself: an integer is its own identifier, and two
/// elements are unchanged when they are equal.
extension UInt64: ListDiffable {}
/// `Double` is diffable as itself: a number is its own identifier, and two
/// elements are unchanged when they are equal.
extension Double: ListDiffable {}
/// `Float` is diffable as itself: a number is its own identifier, and two
/// elements are unchanged when they are equal.
extension Float: ListDiffable {}
/// `Bool` is diffable as itself: a Boolean is its own identifier, and two
/// elements are unchanged when they are equal.
extension Bool: ListDiffable {}
/// `String` is diffable as itself: a string is its own identifier, and two
/// elements are unchanged when they are equal.
extension String: ListDiffable {}
/// `Substring` is diffable as itself: a substring is its own identifier, and two
/// elements are unchanged when they are equal.
extension Substring: ListDiffable {}
/// `Character` is diffable as itself: a character is its own identifier, and two
/// elements are unchanged when they are equal.
extension Character: ListDiffable {}
/// `Unicode.Scalar` is diffable as itself: a Unicode scalar is its own identifier, and two
/// elements are unchanged when they are equal.
extension Unicode.Scalar: ListDiffable {}
/// `ObjectIdentifier` is diffable as itself: an object identifier is its own identifier, and two
/// elements are unchanged when they are equal.
extension ObjectIdentifier: ListDiffable {}
