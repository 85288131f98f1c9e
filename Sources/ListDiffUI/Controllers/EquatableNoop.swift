/// A property wrapper that leaves its property out of `==` (and `hash`):
/// any two `EquatableNoop` values are equal.
///
/// Use it on view-model properties that must not make an item "changed",
/// typically callbacks, which are not `Equatable` at all:
///
/// ```swift
/// struct RowViewModel: ListViewModel, Equatable {
///   var identifier: String
///   var title: String
///   @EquatableNoop var onTap: @Sendable () -> Void
/// }
/// ```
///
/// Because equal view models leave the controller's view model untouched, a
/// controller keeps the `EquatableNoop` values of the view model it last
/// received as "changed".
@propertyWrapper
public struct EquatableNoop<Value>: Equatable {
  /// The wrapped value, ignored by `==`.
  public var wrappedValue: Value

  /// Wraps `wrappedValue`.
  ///
  /// - Complexity: O(1).
  public init(wrappedValue: Value) {
    self.wrappedValue = wrappedValue
  }

  /// Always `true`: the wrapped value does not take part in equality.
  ///
  /// - Complexity: O(1).
  public static func == (lhs: EquatableNoop, rhs: EquatableNoop) -> Bool {
    true
  }
}

extension EquatableNoop: Hashable {
  /// Feeds nothing to the hasher, consistently with `==`.
  ///
  /// - Complexity: O(1).
  public func hash(into hasher: inout Hasher) {}
}

extension EquatableNoop: Sendable where Value: Sendable {}
