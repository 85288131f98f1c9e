/// The identity of one flattened item: its view model's identifier, scoped by
/// its section and by the controller type that shows it.
///
/// The controller type takes part so that an identifier whose cell kind
/// changes (a placeholder replaced by content) becomes a new item with a new
/// controller instead of an update the old controller cannot take.
///
/// `@usableFromInline` (with its initializer, and its `Hashable` members,
/// which the attribute requires) only so that `LeafOperations`, which
/// client modules specialize, can make keys.
@usableFromInline
struct ListItemKey: Hashable, Sendable {
  let identifier: String
  /// `SectionScope.key` of the item's section; usually a small string.
  let scope: String
  let controllerType: ObjectIdentifier

  @usableFromInline
  init(identifier: String, scope: String, controllerType: ObjectIdentifier) {
    self.identifier = identifier
    self.scope = scope
    self.controllerType = controllerType
  }

  /// Cheapest comparisons first: the controller type is one word and differs
  /// rarely; identifiers differ early when they differ at all.
  @usableFromInline
  static func == (lhs: ListItemKey, rhs: ListItemKey) -> Bool {
    lhs.controllerType == rhs.controllerType && lhs.identifier == rhs.identifier
      && lhs.scope == rhs.scope
  }

  @usableFromInline
  func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
    hasher.combine(scope)
    hasher.combine(controllerType)
  }
}
