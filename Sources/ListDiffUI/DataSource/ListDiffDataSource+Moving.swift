import Foundation
import HeadlessCollection

/// Where a drag took its item: from `original` to `to` (indexes of the
/// list shown, which does not change during a drag), into `destination`
/// (a leaf index of that list).
struct DragPlacement: Equatable {
  var original: Int
  var to: Int
  var destination: MoveDestination
  /// The data source's `listGeneration` when it was computed: its indexes
  /// mean nothing in another list.
  var listGeneration: Int
}

extension ListDiffDataSource {
  // MARK: Moving items by hand

  /// The drag's placement, if it was computed on the list shown now; nil
  /// otherwise. Every read of a placement goes through here, so that no
  /// index of another list (one a root replaced mid-drag) reads this one.
  ///
  /// - Complexity: O(1).
  var currentDragPlacement: DragPlacement? {
    guard let dragPlacement, dragPlacement.listGeneration == listGeneration else { return nil }
    return dragPlacement
  }

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
      list = new
      return
    }
    guard new.hasSameSections(as: list) else {
      dragPlacement = nil
      // Against the list the movement was placed on; then `list`'s pinned
      // blocks replace the movement's (no movement is under way by then).
      collectionView.cancelInteractiveMovement()
      list = new
      return
    }
    let placement = currentDragPlacement
    list = new
    dragPlacement = placement.map {
      DragPlacement(
        original: $0.original, to: $0.to, destination: $0.destination, listGeneration: listGeneration)
    }
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
    collectionView.dataSourceIndexPath(forShown: IndexPath(index: 0).appending(shown))[1]
  }

  /// The place the collection view shows the list's item `index` at: the
  /// inverse of `listIndex(ofShown:)`.
  ///
  /// - Complexity: O(1).
  func shownIndex(ofListIndex index: Int) -> Int {
    collectionView.shownIndexPath(forDataSource: IndexPath(index: 0).appending(index))[1]
  }

  /// Whether the user may start dragging the item at `index`: an item of a
  /// leaf section (not a header or footer block) whose controller says
  /// ``AnyListCellController/canMove``. Forgets the last drag's placement.
  ///
  /// - Complexity: O(log *s*), plus creating the controller if it has none.
  func canMoveItem(at index: Int) -> Bool {
    dragPlacement = nil
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
          dragPlacement = DragPlacement(
            original: original, to: candidate, destination: destination, listGeneration: listGeneration)
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
      dragPlacement = nil
      // Pinned blocks as the list has them, whether or not it took a move.
      if collectionView.pinnedItemRanges != list.pinnedHeaders {
        collectionView.pinnedItemRanges = list.pinnedHeaders
      }
    }
    guard (0..<list.count).contains(from), (0..<list.count).contains(to) else { return }
    let destination: MoveDestination
    if let placement = currentDragPlacement, placement.original == from, placement.to == to {
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
    let source = list.leaves[sourceLeaf]
    let fromIndex = from - list.range(ofLeaf: sourceLeaf).lowerBound
    let oldKey = list.key(at: from)
    let leaf = list.leaves[destination.leaf]
    let key = ListItemKey(
      identifier: oldKey.identifier, scope: leaf.scope.key, controllerType: oldKey.controllerType)
    list.moveItem(from: from, to: to, into: destination, key: key)
    movesShown += 1
    if scheduler.phase == .preparing { movedWhilePreparing.append(key) }
    if key != oldKey {
      controllers.rekey(oldKey, to: key, scope: leaf.scope)
      // Selection and focus follow the item into its new section.
      interaction.rekey(
        ListItemID(identifier: key.identifier, sectionPath: source.scope.names),
        to: ListItemID(identifier: key.identifier, sectionPath: leaf.scope.names))
    }
    let move = ListItemMove(
      identifier: key.identifier, sectionPath: source.scope.names, fromIndex: fromIndex,
      toIndex: to - list.range(ofLeaf: destination.leaf).lowerBound, toSectionPath: leaf.scope.names)
    if let moveHandler { callingOut { moveHandler(move) } }
  }
}

/// Where a drag must take an item for it to end at an index of a section:
/// what ListDiffUITesting's `ListScreen` drives the gesture by. Not API.
package struct DragPlan: Sendable {
  /// The item's index when the drag begins.
  package var from: Int
  /// Its index once dropped.
  package var to: Int
  /// Whether the last step comes from below (the item lands before its
  /// neighbour in the section) rather than from above.
  package var fromBelow: Bool
  /// The leaf section it lands in.
  var leaf: Int
  /// Whether that is where it is: no step to make.
  var stays = false

  /// The indexes of the items to pass over, in order, as a finger does:
  /// past the neighbour and back when it must be entered from the other side.
  ///
  /// - Complexity: O(|`to` − `from`|).
  package var steps: [Int] {
    if stays { return [] }
    if fromBelow {
      return from > to ? Array((to..<from).reversed()) : Array(from + 1...to + 1) + [to]
    }
    return from < to ? Array(from + 1...to) : Array((to - 1..<from).reversed()) + [to]
  }
}

extension ListDiffDataSource {
  /// How to drag the item at `index` to `toIndex` of the first leaf section
  /// (in display order, not a header or footer block) that `section`
  /// names as a `sectionPath` does — its own section when nil; nil when
  /// there is no such section or index. Not API.
  ///
  /// - Complexity: O(*s* · *d*) in leaves and their depth.
  package func dragPlan(forItemAt index: Int, toIndex: Int, inSection section: [String]?) -> DragPlan? {
    guard (0..<list.count).contains(index) else { return nil }
    let source = list.leafIndex(ofItem: index)
    let leaf: Int
    if let section {
      guard
        let found = list.leaves.indices.first(where: { candidate in
          let scope = list.leaves[candidate].scope
          let others = list.range(ofLeaf: candidate).count - (candidate == source ? 1 : 0)
          return !scope.isHeaderOrFooter && (others > 0 || candidate == source)
            && Self.names(scope.names, contain: section)
        })
      else { return nil }
      leaf = found
    } else {
      leaf = source
    }
    let range = list.range(ofLeaf: leaf)
    // The section's items other than the dragged one, and where they start
    // once it is taken out.
    let others = range.count - (leaf == source ? 1 : 0)
    guard toIndex >= 0, toIndex <= others else { return nil }
    let start = range.lowerBound - (range.lowerBound > index ? 1 : 0)
    let to = start + toIndex
    let stays = leaf == source && to == index
    return DragPlan(from: index, to: to, fromBelow: toIndex < others, leaf: leaf, stays: stays)
  }

  /// Whether the item with `identifier` now sits where `plan` meant it to.
  /// Not API.
  ///
  /// - Complexity: O(log *s*).
  package func dragLanded(_ plan: DragPlan, identifier: String) -> Bool {
    (0..<list.count).contains(plan.to) && list.identifier(at: plan.to) == identifier
      && list.leafIndex(ofItem: plan.to) == plan.leaf
  }
}
