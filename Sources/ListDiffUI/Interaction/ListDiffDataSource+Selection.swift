import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// Selection, kept by identity: it survives every root, reload and drag,
/// and the collection view's own selection mirrors it.
extension ListDiffDataSource {
  /// Hears the new ``selection`` after every change to it, once per
  /// change: a tap, ``select(_:)``, ``deselect(_:)``, ``selectAll()``, a
  /// key, a focus move with ``selectionFollowsFocus``, or a root that
  /// deleted selected items (before the ``updateHandler`` hears that
  /// root). On the main actor, as a callback: a root set from it is
  /// applied when it returns. Default nil.
  ///
  /// - Complexity: free when nil; otherwise the handler's own work.
  public var selectionHandler: (@MainActor (Set<ListItemID>) -> Void)? {
    get { features.interaction.handler }
    set { features.interaction.handler = newValue }
  }

  /// Whether items can be selected, by a tap or by ``select(_:)``: the
  /// collection view's `allowsSelection`. Default true. Turning it off
  /// keeps what is selected until it is deselected.
  ///
  /// - Complexity: O(1).
  public var allowsSelection: Bool {
    get { collectionView.allowsSelection }
    set { collectionView.allowsSelection = newValue }
  }

  /// Whether more than one item can be selected at once: the collection
  /// view's `allowsMultipleSelection`. Default false: selecting an item
  /// deselects the others, and a tap on a selected item keeps it selected.
  /// With it on, a tap toggles.
  ///
  /// - Complexity: O(1).
  public var allowsMultipleSelection: Bool {
    get { collectionView.allowsMultipleSelection }
    set { collectionView.allowsMultipleSelection = newValue }
  }

  /// The selected items, by identity (each with its whole section path).
  ///
  /// Unlike UIKit's index paths, a selected item stays selected through
  /// every root that keeps it — inserts above it, moves, other sections
  /// changing — through `reloadData()` and through a drag into another
  /// section; it never drifts to a neighbour. A root that deletes it takes
  /// it out, and ``selectionHandler`` hears so.
  ///
  /// - Complexity: O(1).
  public var selection: Set<ListItemID> { interaction.selection }

  /// Selects the item `item` names (see ``ListItemID``): with single
  /// selection it replaces the selection, with multiple selection it joins
  /// it. The item's controller hears
  /// ``AnyListCellController/didChangeSelection()`` (by default its cell
  /// is configured again), the collection view's selection follows, and
  /// ``selectionHandler`` hears the new selection. Unlike a tap, the
  /// controller does not hear `didSelect`.
  ///
  /// Ignored, with an ``ListDiffDiagnostic/Kind/ignoredInteraction`` note,
  /// when selection is off, no such item is shown, or its controller's
  /// ``AnyListCellController/canSelect`` is false.
  ///
  /// - Complexity: O(*n*) at worst to find the item (see
  ///   ``ListItemID``), plus O(*m*) for *m* items leaving the selection.
  public func select(_ item: ListItemID) {
    guard allowsSelection else { return ignore("select(\(item)): allowsSelection is off", item) }
    guard let index = resolve(item, for: "select") else { return }
    let id = itemID(at: index)
    guard controller(at: index).canSelect else {
      return ignore("select(\(id)): its controller's canSelect is false", id)
    }
    commitSelection(allowsMultipleSelection ? selection.union([id]) : [id])
  }

  /// Deselects the item `item` names; does nothing when it is not selected.
  /// Its controller hears ``AnyListCellController/didChangeSelection()``
  /// and ``selectionHandler`` the new selection.
  ///
  /// - Complexity: O(*n*) at worst to find the item.
  public func deselect(_ item: ListItemID) {
    if selection.contains(item) { return commitSelection(selection.subtracting([item])) }
    guard let index = resolve(item, for: "deselect") else { return }
    commitSelection(selection.subtracting([itemID(at: index)]))
  }

  /// Selects every item whose controller's
  /// ``AnyListCellController/canSelect`` is true. Needs
  /// ``allowsMultipleSelection`` (and ``allowsSelection``): without it
  /// nothing is selected, and a note says so.
  ///
  /// - Complexity: O(*n*): every item's controller is asked (and created
  ///   if the collection view had not needed it yet).
  public func selectAll() {
    guard allowsSelection else { return ignore("selectAll(): allowsSelection is off") }
    guard allowsMultipleSelection else {
      return ignore("selectAll(): allowsMultipleSelection is off")
    }
    var all = Set<ListItemID>()
    for index in 0..<list.count where controller(at: index).canSelect {
      all.insert(itemID(at: index))
    }
    commitSelection(all)
  }

  /// Deselects every item.
  ///
  /// - Complexity: O(*m*) for *m* selected items, plus finding them.
  public func deselectAll() {
    commitSelection([])
  }

  /// Replaces the selection with `new` (identities of shown items) and
  /// tells everyone who hears about it: the items' controllers, the
  /// collection view, then ``selectionHandler`` once.
  ///
  /// - Complexity: O(*m*) in the identities that changed, plus finding them.
  func commitSelection(_ new: Set<ListItemID>) {
    defer { checkInvariants(after: "a selection change") }
    let (removed, added) = interaction.setSelection(new)
    guard !removed.isEmpty || !added.isEmpty else { return }
    let found = indexes(of: removed.union(added))
    callingOut {
      for id in removed { if let index = found[id] { show(selected: false, at: index) } }
      for id in added { if let index = found[id] { show(selected: true, at: index) } }
      selectionHandler?(selection)
    }
  }

  /// Shows item `index`'s selection: on the collection view, and to its
  /// controller if it has one (a controller made later reads it then).
  private func show(selected: Bool, at index: Int) {
    collectionView.setItemSelected(selected, at: IndexPath(item: shownIndex(ofListIndex: index), section: 0))
    controllers[list.key(at: index)]?.didChangeSelection()
  }

  /// A tap selected or deselected item `index` in the collection view: the
  /// selection follows (the collection view already shows it).
  func collectionViewDidChangeSelection(_ selected: Bool, at index: Int) {
    guard index >= 0 && index < list.count else { return }
    let id = itemID(at: index)
    if selected {
      commitSelection(allowsMultipleSelection ? selection.union([id]) : [id])
    } else {
      commitSelection(selection.subtracting([id]))
    }
  }

  /// Makes the collection view's selection mirror ``selection`` again
  /// after it cleared its own (a reload).
  ///
  /// - Complexity: O(*m*) in the selected items, plus finding them.
  func showSelectionInCollection() {
    for index in indexes(of: selection).values {
      collectionView.setItemSelected(true, at: IndexPath(item: shownIndex(ofListIndex: index), section: 0))
    }
  }
}
