/// A value with a stable string identity, as `ListDiffUI`'s `Identifiable`
/// (renamed here because the standard library owns `Identifiable`).
///
/// Identity says "this is the same item": two view models with the same
/// `identifier` in the same section are one item whose content may change.
public protocol ListIdentifiable {
  /// The identity of this value within its section. Reading it should be O(1).
  var identifier: String { get }
}

/// The immutable description of one cell: an identity and an equality.
///
/// Identifiers need only be unique within one section; sections scope them,
/// so the same identifier may appear in two sections. A view model that is
/// `Equatable` gets `isEqual(to:)` for free; mark properties that should not
/// count (callbacks, caches) with ``EquatableNoop``.
///
/// View models are `Sendable` because a data source created with
/// `applyUpdatesAsync: true` flattens and diffs them off the main actor.
public protocol ListViewModel: ListIdentifiable, Sendable {
  /// Whether this view model has the same content as `other`, which has the
  /// same identifier. An item whose view model is not equal to its previous
  /// one is updated: its controller gets the new view model and reconfigures
  /// its cell in place.
  func isEqual(to other: any ListViewModel) -> Bool
}

extension ListViewModel where Self: Equatable {
  /// `==` when `other` has the same type as `self`; `false` otherwise.
  ///
  /// - Complexity: one metatype comparison plus the cost of `==`.
  @inlinable
  public func isEqual(to other: any ListViewModel) -> Bool {
    // Opening the existential and comparing metatypes costs a pointer
    // comparison, where `other as? Self` goes through the runtime's general
    // dynamic cast (measured ten times slower on a 100,000-item diff). Being
    // inlinable, with the opening function inlined into it, this body is
    // specialized for each conforming type where the conformance is made, so
    // `==` is a direct call there rather than one through the witness table
    // (measured at less than half the time of erased equality; the
    // benchmark's E1 rows show it, and hold whatever the machine).
    @inline(__always)
    func isEqual<Other: ListViewModel>(_ other: Other) -> Bool {
      guard Other.self == Self.self else { return false }
      return self == unsafeBitCast(other, to: Self.self)
    }
    return isEqual(other)
  }
}

/// A view model with no content, for cells that show something fixed (a
/// divider, a spinner). Use ``ListViewModelNone/none``.
public struct ListViewModelNone: ListViewModel, Hashable {
  /// The one identifier every `ListViewModelNone` has, so a section holds at
  /// most one of them.
  public var identifier: String { "ListViewModelNone" }

  /// The view model with no content.
  public static let none = ListViewModelNone()

  /// Creates the view model with no content; equivalent to ``none``.
  public init() {}
}
