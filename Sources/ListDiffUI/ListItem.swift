import ListDiff

/// The identity of one flattened item: its view model's identifier, scoped by
/// its section and by the controller type that shows it.
///
/// The controller type takes part so that an identifier whose cell kind
/// changes (a placeholder replaced by content) becomes a new item with a new
/// controller instead of an update the old controller cannot take.
struct ListItemKey: Hashable, Sendable {
  let identifier: String
  /// `SectionScope.key` of the item's section; usually a small string.
  let scope: String
  let controllerType: ObjectIdentifier

  /// Cheapest comparisons first: the controller type is one word and differs
  /// rarely; identifiers differ early when they differ at all.
  static func == (lhs: ListItemKey, rhs: ListItemKey) -> Bool {
    lhs.controllerType == rhs.controllerType && lhs.identifier == rhs.identifier
      && lhs.scope == rhs.scope
  }

  func hash(into hasher: inout Hasher) {
    hasher.combine(identifier)
    hasher.combine(scope)
    hasher.combine(controllerType)
  }
}

/// One cell's worth of a flattened root: what the diff compares and what the
/// data source needs to create the item's controller.
///
/// Kept small on purpose (the key, the view model and a leaf index): a
/// 100,000-item root is flattened, diffed and kept as an array of these.
struct ListItem: ListDiffable, Sendable {
  let key: ListItemKey
  let viewModel: any ListViewModel
  /// Index into `FlatList.leaves`: the section that produced this item.
  let leaf: Int

  var diffIdentifier: ListItemKey { key }

  func isEqual(toDiffableObject other: ListItem) -> Bool {
    viewModel.isEqual(to: other.viewModel)
  }
}

/// What a leaf section (a `ListSection`) contributes to each of its items
/// apart from the view model; stored once per section rather than per item.
struct ListLeaf: Sendable {
  let scope: SectionScope
  let controllerType: AnyListCellController.Type
  let delegate: WeakAnyObject
}

/// A root section flattened: its items in display order and their leaves.
struct FlatList: Sendable {
  var items: [ListItem] = []
  var leaves: [ListLeaf] = []
}
