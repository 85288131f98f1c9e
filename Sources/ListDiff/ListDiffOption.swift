/// How the diff decides that an item with the same identity has changed.
public enum ListDiffOption: Sendable, Hashable {
  /// An item is updated when `isEqual(toDiffableObject:)` returns `false`.
  case equality

  /// An item is updated when the old and new elements are not the same
  /// instance (`!==`), whatever their contents; `isEqual` is never called.
  ///
  /// Meaningful for class elements only: values have no instance to compare,
  /// so for them this option behaves exactly like `.equality`.
  case pointerPersonality
}
