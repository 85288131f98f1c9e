import Foundation
import HeadlessCollection
import ListDiff
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Finding items: by identifier as the app names them (public), and by
/// ``ListItemID``, the identity selection, focus, outlines and item
/// actions are kept by.
extension ListDiffDataSource {
  /// The index path of the item whose view model has `identifier`, or nil.
  ///
  /// Identifiers need only be unique within a section, so where one repeats
  /// across sections, name the section: `sectionPath` lists ids of enclosing
  /// sections (explicit `id:`s, and render-model identifiers), outermost
  /// first, and need not be complete — an item matches when they appear in
  /// order among its enclosing sections' ids. The first match in display
  /// order is returned.
  ///
  /// - Complexity: O(*n*) in the number of items.
  public func indexPath(forIdentifier identifier: String, sectionPath: [String] = []) -> IndexPath? {
    itemIndex(forIdentifier: identifier, sectionPath: sectionPath).map {
      IndexPath(item: $0, section: 0)
    }
  }

  /// Scrolls so that the item with `identifier` (see
  /// ``indexPath(forIdentifier:sectionPath:)``) is at `position`; returns
  /// whether the item was found.
  ///
  /// - Complexity: O(*n*) to find the item, plus the scroll's layout pass.
  @discardableResult
  public func scrollToItem(
    identifier: String, sectionPath: [String] = [],
    at position: CollectionView.ScrollPosition = .top, animated: Bool = false
  ) -> Bool {
    guard let indexPath = indexPath(forIdentifier: identifier, sectionPath: sectionPath) else {
      return false
    }
    collectionView.scrollToItem(at: indexPath, at: position, animated: animated)
    collectionView.layoutIfNeeded()
    return true
  }

  /// The controller of the item with `identifier` (see
  /// ``indexPath(forIdentifier:sectionPath:)``), created now if the
  /// collection view has not needed it yet; nil if there is no such item.
  ///
  /// - Complexity: O(*n*) to find the item.
  public func cellController(forIdentifier identifier: String, sectionPath: [String] = [])
    -> AnyListCellController?
  {
    itemIndex(forIdentifier: identifier, sectionPath: sectionPath).map { controller(at: $0) }
  }

  /// The number of items shown.
  ///
  /// - Complexity: O(1).
  public var itemCount: Int { list.count }

  // MARK: By identity

  /// The identity of the item at `index` of `list` (the list shown by
  /// default), with its whole section path.
  ///
  /// - Complexity: O(log *s*) for *s* leaf sections.
  func itemID(at index: Int, in list: FlatList? = nil) -> ListItemID {
    let list = list ?? self.list
    return ListItemID(identifier: list.identifier(at: index), sectionPath: list.leaf(ofItem: index).scope.names)
  }

  /// The index in `list` (the list shown by default) of each of `ids` that
  /// names an item by its whole section path; ids of no item are left out.
  /// Where two items share an identity (shown by different controller
  /// types), the first counts.
  ///
  /// - Complexity: O(*s* + *d* · *m* + *k*) for *s* leaf sections, *m* of
  ///   them (of depth *d*) named as the ids name theirs, and *k* items in
  ///   those: independent of the other sections' lengths and depths.
  func indexes(of ids: some Collection<ListItemID>, in list: FlatList? = nil) -> [ListItemID: Int] {
    guard !ids.isEmpty else { return [:] }
    if ids.count == 1, let id = ids.first {
      guard let index = firstIndex(of: id, in: list) else { return [:] }
      return [id: index]
    }
    // The list shown keeps its leaves' name hashes in one array.
    let shownHashes = list == nil ? shown.leafNamesHashes() : nil
    let list = list ?? self.list
    var wanted: [[String]: Set<String>] = [:]
    for id in ids { wanted[id.sectionPath, default: []].insert(id.identifier) }
    let wantedCount = wanted.values.reduce(0) { $0 + $1.count }
    // A leaf's names are made only where their hash is one of the paths'
    // (VoiceOver's and the keyboard's focus look one item up among
    // thousands of sections at every move).
    let hashes = Set(wanted.keys.map(SectionScope.namesHash(of:)))
    let onlyHash = hashes.count == 1 ? hashes.first : nil
    var found: [ListItemID: Int] = [:]
    // The walk below calls no closure per leaf (an `Optional.map`, a `??`):
    // a closure formed on the main actor checks its executor at every call.
    for leaf in list.leaves.indices {
      let hash: Int
      if let shownHashes { hash = shownHashes[leaf] } else { hash = list.leaves[leaf].scope.namesHash }
      if let onlyHash {
        guard hash == onlyHash else { continue }
      } else {
        guard hashes.contains(hash) else { continue }
      }
      let names = list.leaves[leaf].scope.names
      guard let identifiers = wanted[names] else { continue }
      for index in list.range(ofLeaf: leaf) {
        let identifier = list.identifier(at: index, inLeaf: leaf)
        guard identifiers.contains(identifier) else { continue }
        let id = ListItemID(identifier: identifier, sectionPath: names)
        if found[id] == nil { found[id] = index }
        if found.count == wantedCount { break }
      }
      // Items come in list order: once every id is found, each was found
      // at its first place.
      if found.count == wantedCount { break }
    }
    return found
  }

  /// The index of the item shown that `id` names by its whole section
  /// path, or nil. The last one found is remembered until the list changes.
  ///
  /// - Complexity: O(1) for the id found last, else that of
  ///   `indexes(of:in:)` for one id.
  func index(of id: ListItemID) -> Int? {
    if let index = shown.rememberedIndex(of: id) { return index }
    guard let index = firstIndex(of: id, in: nil) else { return nil }
    shown.remember(index, of: id)
    return index
  }

  /// The index in `list` of the item `id` names by its whole section path.
  ///
  /// - Complexity: that of `indexes(of:in:)` for one id.
  func index(of id: ListItemID, in list: FlatList) -> Int? {
    firstIndex(of: id, in: list)
  }

  /// `indexes(of:in:)` for one id, which VoiceOver's and the keyboard's
  /// focus look up at every move: the same walk, without the sets and
  /// tables that gather many ids (most of the cost of looking up one).
  ///
  /// - Complexity: O(*s* + *d* · *m* + *k*), as `indexes(of:in:)`.
  private func firstIndex(of id: ListItemID, in list: FlatList?) -> Int? {
    let shownHashes = list == nil ? shown.leafNamesHashes() : nil
    let list = list ?? self.list
    let wanted = SectionScope.namesHash(of: id.sectionPath)
    for leaf in list.leaves.indices {
      let hash: Int
      if let shownHashes { hash = shownHashes[leaf] } else { hash = list.leaves[leaf].scope.namesHash }
      guard hash == wanted, list.leaves[leaf].scope.names == id.sectionPath else { continue }
      for index in list.range(ofLeaf: leaf) where list.identifier(at: index, inLeaf: leaf) == id.identifier {
        return index
      }
    }
    return nil
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

  /// The controller of the item the collection view shows at `shown`,
  /// created if needed; nil for an index of no item.
  ///
  /// - Complexity: that of `controller(at:)`.
  func controller(atShown shown: Int) -> AnyListCellController? {
    let index = listIndex(ofShown: shown)
    guard index >= 0 && index < list.count else { return nil }
    return controller(at: index)
  }

  /// The index of the first item with `identifier` in a section whose
  /// names contain `sectionPath` (any section when it is empty).
  ///
  /// - Complexity: O(*n*) reads of identifiers, in place.
  func itemIndex(forIdentifier identifier: String, sectionPath: [String]) -> Int? {
    for leaf in list.leaves.indices
    where sectionPath.isEmpty || Self.names(list.leaves[leaf].scope.names, contain: sectionPath) {
      for index in list.range(ofLeaf: leaf) where list.identifier(at: index, inLeaf: leaf) == identifier {
        return index
      }
    }
    return nil
  }

  /// Whether `path` appears, in order, within `names`: how a `sectionPath`
  /// matches an item's section names (ListDiffUITesting matches the same way).
  ///
  /// - Complexity: O(*d*) in the number of names.
  static func names(_ names: [String], contain path: [String]) -> Bool {
    var remaining = path[...]
    for name in names where name == remaining.first {
      remaining.removeFirst()
      if remaining.isEmpty { return true }
    }
    return remaining.isEmpty
  }
}
