import HeadlessCollection

/// Items by ``ListItemID``: what selection, focus and item actions are kept by.
extension ListDiffDataSource {
  /// The identity of the item at `index` of `list` (the list shown by
  /// default), with its whole section path.
  ///
  /// - Complexity: O(log *s*) for *s* leaf sections.
  func itemID(at index: Int, in list: FlatList? = nil) -> ListItemID {
    let list = list ?? self.list
    return ListItemID(identifier: list.identifier(at: index), sectionPath: list.leaf(ofItem: index).scope.names)
  }

  /// The identity of `controller`'s item; nil for a controller not attached.
  ///
  /// - Complexity: O(1).
  func itemID(of controller: AnyListCellController) -> ListItemID? {
    guard let key = controller.itemKey else { return nil }
    return ListItemID(identifier: key.identifier, sectionPath: controller.sectionNames)
  }

  /// The index in `list` (the list shown by default) of each of `ids` that
  /// names an item by its whole section path; ids of no item are left out.
  /// Where two items share an identity (shown by different controller
  /// types), the first counts.
  ///
  /// - Complexity: O(*s* · *d* + *k*) for *s* leaf sections of depth *d*
  ///   and *k* items in the sections the ids name: independent of the
  ///   other sections' lengths.
  func indexes(of ids: some Collection<ListItemID>, in list: FlatList? = nil) -> [ListItemID: Int] {
    guard !ids.isEmpty else { return [:] }
    let list = list ?? self.list
    var wanted: [[String]: Set<String>] = [:]
    for id in ids { wanted[id.sectionPath, default: []].insert(id.identifier) }
    var found: [ListItemID: Int] = [:]
    for leaf in list.leaves.indices {
      let names = list.leaves[leaf].scope.names
      guard let identifiers = wanted[names] else { continue }
      for index in list.range(ofLeaf: leaf) {
        let identifier = list.identifier(at: index, inLeaf: leaf)
        guard identifiers.contains(identifier) else { continue }
        let id = ListItemID(identifier: identifier, sectionPath: names)
        if found[id] == nil { found[id] = index }
      }
    }
    return found
  }

  /// The index of the item shown that `id` names by its whole section
  /// path, or nil. Package access: the terminal library finds the item its
  /// action menu is open on.
  ///
  /// - Complexity: that of `indexes(of:in:)` for one id.
  package func index(of id: ListItemID) -> Int? {
    indexes(of: CollectionOfOne(id))[id]
  }

  /// The index in `list` of the item `id` names by its whole section path.
  ///
  /// - Complexity: that of `indexes(of:in:)` for one id.
  func index(of id: ListItemID, in list: FlatList) -> Int? {
    indexes(of: CollectionOfOne(id), in: list)[id]
  }

  /// The index of the item `id` names: by its whole path first, else the
  /// first item in display order whose path contains `id`'s (see
  /// ``ListItemID``). When there is none, reports that `request` was
  /// ignored and returns nil.
  ///
  /// - Complexity: O(*n*) at worst, as ``indexPath(forIdentifier:sectionPath:)``.
  func resolve(_ id: ListItemID, for request: String) -> Int? {
    if let index = index(of: id) { return index }
    if let index = itemIndex(forIdentifier: id.identifier, sectionPath: id.sectionPath) { return index }
    ignore("\(request)(\(id)): no such item is shown", id)
    return nil
  }

  /// Reports a request that changed nothing, as a note.
  func ignore(_ message: String, _ id: ListItemID? = nil) {
    report(
      ListDiffDiagnostic(
        kind: .ignoredInteraction, message: message + "; nothing changed",
        identifier: id?.identifier, sectionPath: id.map { $0.sectionPath.joined(separator: " > ") }))
  }
}

extension ListDiffDataSource {
  /// The controller of the item the collection view shows at `shown`,
  /// created if needed; nil for an index of no item.
  ///
  /// - Complexity: that of `controller(at:)`.
  func controller(atShown shown: Int) -> AnyListCellController? {
    let index = listIndex(ofShown: shown)
    guard index >= 0 && index < list.count else { return nil }
    return controller(at: index)
  }
}
