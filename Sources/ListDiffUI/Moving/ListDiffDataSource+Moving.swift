import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

extension ListDiffDataSource {
  /// Hears every drag the user finished that moved an item (see
  /// ``AnyListCellController/canMove``), once, as a ``ListItemMove``: the
  /// list already shows the new order. Move the item in the model here and
  /// set a root as usual: a root that carries the move changes nothing on
  /// screen (no second move, no reconfigured cell), and one that does not
  /// puts the item back, as any root shows what it describes. A root set
  /// from inside the handler is applied after it returns. A drag that ends
  /// where it began is not reported; a root applied during a drag cancels
  /// the drag (the collection view's rule), which is then not reported
  /// either, so a reported move always names an item that exists — a root
  /// that changes only the sections around the items too (an empty section
  /// added, removed or reordered); one with the same items and sections
  /// leaves the drag going. Default nil.
  ///
  /// - Complexity: free when nil; otherwise the handler's own work.
  public var moveHandler: (@MainActor (ListItemMove) -> Void)? {
    get { features.moving.moveHandler }
    set { features.moving.moveHandler = newValue }
  }

  /// Whether a drag may take an item into another leaf section (a
  /// `ListSection`) shown by the same controller type. Default false: an
  /// item moves only within its own section. Either way an item never moves
  /// into a header or footer block, nor into a section that already has an
  /// item with its identifier; the drag is steered to the nearest place that
  /// is allowed. An item moved into another section keeps its controller,
  /// cell and view state (and the delegate it was created with), and is
  /// then identified within its new section.
  ///
  /// - Complexity: O(1).
  public var allowsMovingBetweenSections: Bool {
    get { features.moving.allowsMovingBetweenSections }
    set { features.moving.allowsMovingBetweenSections = newValue }
  }

  // MARK: Moving items by hand

  /// Shows `new`, a list with the same items as the one shown (a root that
  /// changed no item, which needs no batch). A drag under way goes on when
  /// `new` also has the same sections, its placement carried over (its
  /// indexes mean the same there); otherwise the drag is cancelled first,
  /// as a batch would cancel it: its leaf indexes and pinned blocks
  /// describe sections `new` does not have (an empty section added,
  /// removed or reordered, an empty header or footer block).
  ///
  /// - Complexity: O(1) without a drag; during one, O(*s* + *p*) in leaves
  ///   and pinned blocks, plus the layout pass of a cancel.
  func showList(withSameItems new: FlatList) {
    guard collectionView.isMovingItemInteractively else {
      show(new)
      return
    }
    let moving = features.moving
    guard new.hasSameSections(as: list) else {
      moving.place(nil)
      // Against the list the movement was placed on; then `list`'s pinned
      // blocks replace the movement's (no movement is under way by then).
      collectionView.cancelInteractiveMovement()
      show(new)
      return
    }
    let placement = moving.currentPlacement
    show(new)
    moving.place(
      placement.map {
        DragPlacement(
          original: $0.original, to: $0.to, destination: $0.destination, listGeneration: shown.generation)
      })
  }

  /// The index in the list of the item the collection view shows at
  /// `shown`: the same, except during a drag, when the collection shows the
  /// dragged item at its current place and the items between shifted by
  /// one while the list keeps the order from before the drag until it ends.
  /// The places the collection reports (visible items, a cell's index path)
  /// are shown places; it asks for cells and sizes by the list's.
  ///
  /// - Complexity: O(1).
  func listIndex(ofShown shown: Int) -> Int {
    collectionView.dataSourceItem(forShown: shown, inSection: 0)
  }

  /// The place the collection view shows the list's item `index` at: the
  /// inverse of `listIndex(ofShown:)`.
  ///
  /// - Complexity: O(1).
  func shownIndex(ofListIndex index: Int) -> Int {
    collectionView.shownItem(forDataSource: index, inSection: 0)
  }

  /// Whether the user may start dragging the item at `index`: an item of a
  /// leaf section (not a header or footer block) whose controller says
  /// ``AnyListCellController/canMove``. Forgets the last drag's placement.
  ///
  /// - Complexity: O(log *s*), plus creating the controller if it has none.
  func canMoveItem(at index: Int) -> Bool {
    features.moving.place(nil)
    guard (0..<list.count).contains(index), !list.leaf(ofItem: index).scope.isHeaderOrFooter else {
      return false
    }
    let controller = controller(at: index)
    return callingOut { controller.canMove }
  }

  /// Whether the item at `original` may go into `destination`: its own
  /// leaf, or, when moving between sections is allowed, a leaf of the same
  /// controller type that has no item with its identifier, nor any other
  /// item the identity it would take there (a sibling with the same id);
  /// never a header or footer block.
  ///
  /// - Complexity: O(1) for its own leaf; else O(*k*) in the destination
  ///   leaf's items, plus O(*n*) once per list to index the identities.
  func allowsMove(of original: Int, into destination: MoveDestination) -> Bool {
    if destination.leaf == list.leafIndex(ofItem: original) { return true }
    guard allowsMovingBetweenSections else { return false }
    let leaf = list.leaves[destination.leaf]
    let key = list.key(at: original)
    guard !leaf.scope.isHeaderOrFooter, ObjectIdentifier(leaf.controllerType) == key.controllerType
    else { return false }
    if list.range(ofLeaf: destination.leaf).contains(where: {
      list.identifier(at: $0, inLeaf: destination.leaf) == key.identifier
    }) {
      return false
    }
    // Sibling sections with the same id share one scope: the identity the
    // item would take may belong to an item of another section.
    let moved = ListItemKey(identifier: key.identifier, scope: leaf.scope.key, controllerType: key.controllerType)
    return moved == key || controllers.index(of: moved, in: list.keys) == nil
  }

  /// Where a drag of the item at `original`, shown at `current`, proposed
  /// for `proposed` goes: there if allowed, else the allowed place nearest
  /// to it (the earlier one on a tie), else `current`. Records the place.
  ///
  /// - Complexity: O(*d*) checks of `allowsMove(of:into:)` for a distance
  ///   *d* to the nearest allowed place.
  func target(movingFrom original: Int, current: Int, proposed: Int) -> Int {
    let items = 0..<list.count
    guard items.contains(original), items.contains(current), items.contains(proposed) else {
      return current
    }
    for distance in 0..<list.count {
      for candidate in [proposed - distance, proposed + distance] where items.contains(candidate) {
        if candidate == current { return current }
        let destination = list.moveDestination(of: original, from: current, to: candidate)
        if allowsMove(of: original, into: destination) {
          features.moving.place(
            DragPlacement(
              original: original, to: candidate, destination: destination, listGeneration: shown.generation))
          // The pinned blocks follow the order shown, which the list takes
          // only when the drag ends: else a block pins the wrong items.
          if !list.pinnedHeaders.isEmpty {
            collectionView.pinnedItemRanges = list.pinnedHeaders(
              movingFrom: original, to: candidate, afterNeighbour: destination.afterNeighbour)
          }
          return candidate
        }
      }
      if proposed - distance < 0 && proposed + distance >= list.count { break }
    }
    return current
  }

  /// A drag ended with the item at `from` shown at `to`, as the collection
  /// view already shows it: the list takes the same order and section (the
  /// item keeps its controller and cell), and ``moveHandler`` hears the
  /// move. A drag that ends where it began, in its own section, is no move.
  ///
  /// - Complexity: O(*n*) in the number of items.
  func userMovedItem(from: Int, to: Int) {
    defer {
      features.moving.place(nil)
      // Pinned blocks as the list has them, whether or not it took a move.
      if collectionView.pinnedItemRanges != list.pinnedHeaders {
        collectionView.pinnedItemRanges = list.pinnedHeaders
      }
    }
    guard (0..<list.count).contains(from), (0..<list.count).contains(to) else { return }
    let destination: MoveDestination
    if let placement = features.moving.currentPlacement, placement.original == from, placement.to == to {
      destination = placement.destination
    } else if from != to {
      // No placement recorded (a forwarded call): as one step from `from`.
      destination = list.moveDestination(of: from, from: from, to: to)
    } else {
      return
    }
    let sourceLeaf = list.leafIndex(ofItem: from)
    guard from != to || destination.leaf != sourceLeaf else { return }
    guard allowsMove(of: from, into: destination) else {
      // The collection view shows a move the list cannot take (the rules
      // changed during the drag): show the list again.
      collectionView.reloadData()
      return
    }
    let move = takeMove(from: from, to: to, into: destination)
    if let moveHandler { callingOut { moveHandler(move) } }
  }

  /// The list takes the move of the item at `from` to `to` (indexes of the
  /// list) into `destination`, as the collection view shows it or is about
  /// to: the item keeps its controller and cell; moved into another
  /// section, it is identified there, and every feature that keeps it by
  /// identity follows. Returns the move, as ``moveHandler`` hears it.
  ///
  /// - Complexity: O(*n*) in the number of items.
  func takeMove(from: Int, to: Int, into destination: MoveDestination) -> ListItemMove {
    let sourceLeaf = list.leafIndex(ofItem: from)
    let source = list.leaves[sourceLeaf]
    let fromIndex = from - list.range(ofLeaf: sourceLeaf).lowerBound
    let oldKey = list.key(at: from)
    let leaf = list.leaves[destination.leaf]
    let key = ListItemKey(
      identifier: oldKey.identifier, scope: leaf.scope.key, controllerType: oldKey.controllerType)
    shown.moveItem(from: from, to: to, into: destination, key: key)
    listDidChange()
    features.moving.dropped(key)
    if key != oldKey {
      controllers.rekey(oldKey, to: key, scope: leaf.scope)
      // What features keep by identity follows the item into its new section.
      let old = ListItemID(identifier: key.identifier, sectionPath: source.scope.names)
      let new = ListItemID(identifier: key.identifier, sectionPath: leaf.scope.names)
      for feature in features.all { feature.itemDidChangeSection(from: old, to: new) }
    }
    return ListItemMove(
      identifier: key.identifier, sectionPath: source.scope.names, fromIndex: fromIndex,
      toIndex: to - list.range(ofLeaf: destination.leaf).lowerBound, toSectionPath: leaf.scope.names)
  }

  /// Moves the item at `index` to `position` of its own section without a
  /// drag (VoiceOver's "Move up" and the like): by the drag's rules (the
  /// item's controller lets it move, it is no header or footer item), as
  /// one batch move of the collection view, and ``moveHandler`` hears it.
  /// Returns the move; nil when the item may not move, it is already
  /// there, a drag is under way, or the collection view cannot take a
  /// change now (inside a callback of a batch or layout pass).
  ///
  /// - Complexity: O(*n*) in the number of items, plus the batch.
  func moveItem(at index: Int, toPositionInSection position: Int) -> ListItemMove? {
    guard (0..<list.count).contains(index), canChangeCollection, !collectionView.isMovingItemInteractively,
      !list.leaf(ofItem: index).scope.isHeaderOrFooter, controller(at: index).canMove
    else { return nil }
    let leaf = list.leafIndex(ofItem: index)
    let range = list.range(ofLeaf: leaf)
    let to = range.lowerBound + position
    guard to != index, range.contains(to) else { return nil }
    var move: ListItemMove?
    do {
      try collectionView.performBatchUpdates(
        {
          move = self.takeMove(from: index, to: to, into: MoveDestination(leaf: leaf, afterNeighbour: to > index))
          self.collectionView.moveItem(at: self.shownPath(index), to: IndexPath(item: to, section: 0))
        }, animated: false, completion: nil)
    } catch {
      // The batch names one item of the list, within it: the collection
      // view cannot reject it. Were it to, the list stays as it was shown.
      collectionView.reloadData()
    }
    collectionView.layoutIfNeeded()
    if let move, let moveHandler { callingOut { moveHandler(move) } }
    return move
  }
}
