import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// The keyboard focus: one item or none, kept by identity.
extension ListDiffDataSource {
  /// The item with the keyboard focus, or nil.
  ///
  /// Setting it focuses the item the identity names (see ``ListItemID``;
  /// the path may be partial) and scrolls it fully into view below the
  /// headers pinned over it (an item longer than the viewport shows its
  /// top); nil takes the focus away. An identity of no shown item, or of
  /// one whose controller's ``AnyListCellController/canFocus`` is false,
  /// is ignored with a note. The controllers that lose and gain the focus
  /// hear ``AnyListCellController/didChangeFocus()``.
  ///
  /// The focus survives every root that keeps its item. When a root
  /// deletes it, the focus passes to the item now in its place (the next
  /// one of the old list that is still shown and can take it), else to the
  /// one before; the view does not scroll for that.
  ///
  /// - Complexity: reading, O(1); setting, O(*n*) at worst to find the item.
  public var focusedItem: ListItemID? {
    get { interaction.focus }
    set {
      guard let newValue else { return setFocus(nil) }
      guard let index = resolve(newValue, for: "focus") else { return }
      guard controller(at: index).canFocus else {
        return ignore("focus(\(itemID(at: index))): its controller's canFocus is false", itemID(at: index))
      }
      setFocus(index, reveal: true)
    }
  }

  /// Whether moving the focus to another item selects that item
  /// (replacing the selection), as in a list whose selection is where the
  /// focus is. A focus passed on because a root deleted its item does not
  /// select. Default false.
  ///
  /// - Complexity: O(1).
  public var selectionFollowsFocus: Bool {
    get { interaction.state.selectionFollowsFocus }
    set { interaction.setSelectionFollowsFocus(newValue) }
  }

  /// Moves the focus (see ``ListFocusMove``) to a focusable item and
  /// scrolls it fully into view below the pinned headers. Without a focus,
  /// `.up`, `.down` and the page moves focus the first focusable item
  /// visible (one all under the pinned headers does not count). A move
  /// past either end, or on a list without focusable items, does nothing;
  /// page moves never go against their direction.
  /// `.up` onto a grid's row focuses the grid's last line, `.down` its
  /// first, in the column of the grid the focus leaves (if it leaves one;
  /// else the first column).
  ///
  /// - Complexity: O(*k*) for the *k* items passed over (a page), plus the
  ///   scroll's layout pass.
  public func moveFocus(_ move: ListFocusMove) {
    guard let target = focusTarget(of: move) else { return }
    let grid = move == .up || move == .down ? prepareGridEntry(at: target, moving: move) : nil
    setFocus(target, reveal: true)
    grid?.finishEntry()
  }

  /// Where `move` takes the focus, or nil when it stays.
  func focusTarget(of move: ListFocusMove) -> Int? {
    guard list.count > 0 else { return nil }
    let current = focusIndex()
    switch move {
    case .first: return focusable(from: 0, step: 1)
    case .last: return focusable(from: list.count - 1, step: -1)
    default: break
    }
    guard let current else { return firstVisibleFocusable() }
    switch move {
    case .up: return focusable(from: current - 1, step: -1)
    case .down: return focusable(from: current + 1, step: 1)
    case .pageUp: return pageTarget(from: current, forward: false)
    case .pageDown: return pageTarget(from: current, forward: true)
    case .first, .last: return nil
    }
  }

  /// The index of the focused item: where it was focused (its key), so
  /// that of two items sharing its identity the focus is on the right one
  /// and moves go on from there; else the first item of its identity.
  ///
  /// - Complexity: that of `index(of:)`; when two items share the
  ///   identity, plus O(*s* + *k*) for the *k* items of the key's section.
  func focusIndex() -> Int? {
    guard let focus = interaction.focus, let first = index(of: focus) else { return nil }
    guard let key = interaction.focusKey, list.key(at: first) != key else { return first }
    for leaf in list.leaves.indices
    where list.leaves[leaf].scope.key == key.scope
      && ObjectIdentifier(list.leaves[leaf].controllerType) == key.controllerType
    {
      for index in list.range(ofLeaf: leaf) where list.identifier(at: index, inLeaf: leaf) == key.identifier {
        return index
      }
    }
    return first
  }

  /// The first item from `start`, going by `step`, whose controller can
  /// take the focus.
  ///
  /// - Complexity: O(*k*) for the *k* items passed over.
  func focusable(from start: Int, step: Int) -> Int? {
    var index = start
    while index >= 0 && index < list.count {
      if controller(at: index).canFocus { return index }
      index += step
    }
    return nil
  }

  /// The first focusable item of those visible, in list order, else the
  /// first focusable item after them. Not the first focusable item from
  /// the first visible one: a header pinned over the viewport is visible
  /// far above the items it covers, and the items between are not.
  private func firstVisibleFocusable() -> Int? {
    let showing = collectionView.indexPathsForVisibleItems.map { listIndex(ofShown: $0.item) }.sorted()
    if let first = showing.first(where: { controller(at: $0).canFocus }) { return first }
    return focusable(from: showing.last.map { $0 + 1 } ?? 0, step: 1)
  }

  /// The page move's target from `current`: the farthest focusable item
  /// that starts within one page (the viewport less the pinned headers
  /// over `current`) of it, else the next focusable item at all.
  private func pageTarget(from current: Int, forward: Bool) -> Int? {
    let step = forward ? 1 : -1
    guard let next = focusable(from: current + step, step: step) else { return nil }
    guard let origin = leadingEdge(of: current) else { return next }
    let page = max(1, collectionView.pageLength(overItemAt: shownPath(current)))
    var target = next
    var index = next
    while let edge = leadingEdge(of: index), forward ? edge <= origin + page : edge >= origin - page {
      if controller(at: index).canFocus { target = index }
      index += step
      guard index >= 0 && index < list.count else { break }
    }
    return target
  }

  /// Where item `index` starts along the scroll direction.
  private func leadingEdge(of index: Int) -> CGFloat? {
    guard let frame = collectionView.layoutAttributesForItem(at: shownPath(index))?.frame else {
      return nil
    }
    return collectionView.collectionViewLayout.scrollDirection == .vertical ? frame.minY : frame.minX
  }

  /// The index path the collection view shows item `index` at.
  func shownPath(_ index: Int) -> IndexPath {
    IndexPath(item: shownIndex(ofListIndex: index), section: 0)
  }

  /// Moves the focus to item `index` (nil: nowhere), telling the
  /// controllers that lose and gain it; scrolls it into view if `reveal`;
  /// selects it if ``selectionFollowsFocus`` and `follows`.
  func setFocus(_ index: Int?, reveal: Bool = false, follows: Bool = true) {
    defer { checkInvariants(after: "a focus change") }
    let new = index.map { itemID(at: $0) }
    let newKey = index.map { list.key(at: $0) }
    let old = interaction.focus
    let oldIndex = focusIndex()
    // By key as well: two items may share an identity.
    if old != new || oldIndex.map({ list.key(at: $0) }) != newKey {
      interaction.setFocus(new, key: newKey)
      callingOut {
        for changed in [oldIndex, index].compactMap({ $0 }) {
          controllers[list.key(at: changed)]?.didChangeFocus()
        }
      }
    }
    // A root set by `didChangeFocus` was applied as the callback ended:
    // the item is found again.
    guard let new = interaction.focus, let index = focusIndex() else { return }
    if reveal { self.reveal(index, toItsPlace: true) }
    if follows, old != new, selectionFollowsFocus, allowsSelection, controller(at: index).canSelect {
      commitSelection([new])
    }
  }
}
