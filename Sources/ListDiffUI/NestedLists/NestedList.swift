import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// A list shown inside one row of another (a carousel's, a grid's): a
/// collection view and the data source feeding it, nested in the data
/// source of the list the row is in (`ListNesting`), so its diagnostics,
/// lifecycle events and work are that list's.
///
/// Invariants: the data source shows `NestedRoot`s in `scope` (the row's
/// scope, then `.nested`), so every item's path starts with the row's;
/// the collection view is on screen only while the row is visible.
@MainActor
class NestedList: CollectionViewDelegateFlowLayout {
  let collectionView: CollectionView
  let dataSource: ListDiffDataSource
  /// The scope of the nested list's items.
  let scope: SectionScope

  /// A nested list for the row in `rowScope` of `host`'s list, laid out by
  /// `layout`, its items sized as `sizing` says: off screen and empty until
  /// told otherwise.
  ///
  /// - Complexity: O(*k*) in `host`'s context objects.
  init(
    host: ListDiffDataSource, rowScope: SectionScope, layout: CollectionViewFlowLayout,
    sizing: NestedItemSizing
  ) {
    scope = rowScope.child(.nested)
    collectionView = CollectionView(frame: .zero, collectionViewLayout: layout)
    collectionView.isOnScreen = false
    dataSource = ListDiffDataSource(nestedIn: host, collectionView: collectionView, sizing: sizing)
    dataSource.collectionViewDelegate = self
  }

  // The delegate callbacks subclasses use, declared here so that they
  // override them (a protocol extension's defaults would be what the
  // conformance calls otherwise).

  /// Told when the nested list scrolled. Nothing here.
  func scrollViewDidScroll(_ collectionView: CollectionView) {}

  /// Told when a drag of the nested list ends. Nothing here.
  func scrollViewDidEndDragging(_ collectionView: CollectionView, willDecelerate decelerate: Bool) {}

  /// Told when the nested list stops after a drag. Nothing here.
  func scrollViewDidEndDecelerating(_ collectionView: CollectionView) {}

  /// Whether the row is visible: the items within its viewport show.
  var isOnScreen: Bool {
    get { collectionView.isOnScreen }
    set { collectionView.isOnScreen = newValue }
  }

  /// Shows `sections`.
  func show(_ sections: [Section?]) {
    dataSource.setRootSection(NestedRoot(sections, scope: scope), animate: false)
  }

  /// Empties the list, so that its items leave through the list's own path
  /// (their observers still hear them), before it is let go.
  func empty() {
    dataSource.setRootSection(nil, animate: false)
  }

  /// What the row's controller does when the row gains or loses the
  /// focus: the first visible item shows it while the row has it.
  func rowFocusChanged(isFocused: Bool) {
    if isFocused { focusFirstVisibleItemIfNone() } else { dataSource.focusedItem = nil }
  }

  /// Enter and Space on the focused row: they act on the focused item
  /// (the first visible one when none is).
  func actOnFocusedItem(_ key: ListKey) -> Bool {
    focusFirstVisibleItemIfNone()
    return dataSource.handleKey(key)
  }

  /// The items within the viewport, as the collection view shows them, in
  /// order.
  var itemsInViewport: [Int] {
    collectionView.layoutAttributesForElements(in: collectionView.bounds)
      .filter { $0.representedElementKind == nil }
      .map(\.indexPath.item).sorted()
  }

  /// Gives the focus to the first focusable item within the viewport when
  /// no item of the list has it.
  func focusFirstVisibleItemIfNone() {
    guard dataSource.focusedItem == nil else { return }
    for shown in itemsInViewport {
      let index = dataSource.listIndex(ofShown: shown)
      guard index >= 0, index < dataSource.itemCount, dataSource.controller(at: index).canFocus else {
        continue
      }
      dataSource.focusedItem = dataSource.itemID(at: index)
      return
    }
  }

  /// Moves the focus `by` items along the list (negative: back); false,
  /// with nothing done, when that leaves the list or finds no focusable
  /// item.
  func moveFocus(by step: Int) -> Bool {
    focusFirstVisibleItemIfNone()
    guard step != 0, let focus = dataSource.focusedItem, let index = dataSource.index(of: focus) else {
      return false
    }
    let count = dataSource.itemCount
    var shown = dataSource.shownIndex(ofListIndex: index) + step
    while shown >= 0, shown < count, !dataSource.controller(at: dataSource.listIndex(ofShown: shown)).canFocus {
      shown += step.signum()
    }
    guard shown >= 0, shown < count else { return false }
    dataSource.focusedItem = dataSource.itemID(at: dataSource.listIndex(ofShown: shown))
    return true
  }
}

/// The root a nested list's data source shows: the row's sections, in the
/// scope of the row's items (so that their paths begin with the row's),
/// whatever scope the nested data source gives its root.
final class NestedRoot: Section, @unchecked Sendable {
  let children: [Section?]
  let scope: SectionScope

  init(_ children: [Section?], scope: SectionScope) {
    self.children = children
    self.scope = scope
    super.init(id: nil)
  }

  override func flatten(into flattener: inout Flattener, scope _: SectionScope) {
    flattener.flattenChildren(children, scope: scope)
  }
}

/// The sections a carousel or a grid shows, as its row's view model holds
/// them: equal when they are the very same section objects, as a root that
/// rebuilt nothing keeps them, or when they describe the same items — the
/// articles build a carousel's sections anew for every root, and a rebuilt
/// carousel with the same contents must leave its row untouched (no
/// update, no size request, no configure).
struct NestedSections: Sendable, Equatable {
  let sections: [Section?]

  init(_ sections: [Section?]) { self.sections = sections }

  /// The same section objects, else the same flattened contents
  /// (`FlatList.describesSameItems(as:)`). Content with an outline is
  /// compared by object only: what an outline shows depends on the nested
  /// list's expansion, which a view model cannot see.
  ///
  /// - Complexity: O(1) for the same objects; otherwise O(*s*) for the
  ///   *s* sections of both, plus O(*k*) for the *k* items of those whose
  ///   view-model arrays are not the very ones of the other (or that have
  ///   a transform, which runs): the nested content of this row only.
  static func == (a: Self, b: Self) -> Bool {
    if a.sections.count == b.sections.count && zip(a.sections, b.sections).allSatisfy({ $0 === $1 }) {
      return true
    }
    let scope = SectionScope(rootID: nil)
    let (old, _) = Flattener.flatten(NestedRoot(a.sections, scope: scope))
    // Flattened as a root against the list shown, so that a section
    // holding the very array it held is taken unread.
    let (new, _) = Flattener.flatten(NestedRoot(b.sections, scope: scope), shown: old)
    return old.outlines.isEmpty && new.outlines.isEmpty && new.describesSameItems(as: old)
  }
}

/// The controller of a row that shows a nested list: what the data source
/// asks of carousels' and grids' rows alike.
@MainActor
protocol NestedListRow: AnyListCellController {
  /// The nested list, if it is made.
  var nestedList: NestedList? { get }
  /// The nested list, made now if it is not yet.
  func makeNestedList() -> NestedList?
  /// Handles a key the row's data source gets while the row has the focus.
  func handleKey(_ key: ListKey) -> Bool
}

extension NestedListRow {
  /// A tap on the row itself selects nothing: its items are what is
  /// selected (and a tap on the focused row is Enter, which acts on them).
  func deselectRow() {
    guard let host, let id = self.itemID else { return }
    host.deselect(id)
  }
}
