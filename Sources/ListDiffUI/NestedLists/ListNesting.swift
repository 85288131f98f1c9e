import Foundation
import HeadlessCollection
#if canImport(UIKit)
  import UIKit  // IndexPath's item and section, which UIKit declares there
#elseif canImport(AppKit)
  import AppKit  // IndexPath's item and section, which AppKit declares there
#endif

/// What ties a data source nested in another's list (a carousel's or a
/// grid's, inside its row) to that one, and what a list knows of the
/// lists nested in it.
///
/// Invariants:
/// - `parent` is nil for a data source an app made; a nested one's parent
///   outlives it while both exist (the parent's controller keeps the
///   nested data source), so the reference (the parent's `BackReference`,
///   not weak, which would give the parent a side table) only ever reads
///   nil after the parent is gone;
/// - a data source made to be nested sizes its items as a carousel's or a
///   grid's (`sizing` is not `.free`), and only such a one; its work
///   tally counts in the outer lists, and only its;
/// - `gridsWithLists` is the number of live grid rows that have made
///   their own lists (so it is never negative).
@MainActor
struct ListNesting {
  /// The data source of the list this one is shown in. Computed here, so
  /// that a reader in another file reads it in place (see
  /// `MountLink.currentCell`): every count of work asks for it.
  var parent: ListDiffDataSource? { parentReference?.object }
  private var parentReference: BackReference<ListDiffDataSource>?
  /// Whether this list was made to be shown in another's (its parent may
  /// be gone since).
  private(set) var isNested = false
  /// How the nested list's items are sized.
  private(set) var sizing = NestedItemSizing.free
  /// How many grids in this list have their own lists now: while none
  /// does, a layout of this list need not look for them.
  private(set) var gridsWithLists = 0

  /// A data source's nesting: in `parent`'s list, sized as `sizing` says.
  init(parent: ListDiffDataSource? = nil, sizing: NestedItemSizing = .free) {
    parentReference = parent?.backReference
    self.sizing = sizing
    isNested = parent != nil
  }

  /// The nested list's items are sized as `sizing` says from now on.
  mutating func resize(_ sizing: NestedItemSizing) {
    self.sizing = sizing
  }

  /// A grid in this list made its own list (`+1`) or let go of it (`-1`).
  mutating func gridListsChanged(by change: Int) {
    gridsWithLists += change
  }

  /// Breaks the second invariant on purpose, for the tests of the checks:
  /// a nested list sized freely, or a list of its own sized as a row's.
  mutating func plantWrongSizing() {
    if case .free = sizing { sizing = .carousel } else { sizing = .free }
  }
}

extension ListNesting: DataSourcePart {
  func invariantViolations(in dataSource: ListDiffDataSource) -> [InvariantViolation] {
    var check = InvariantChecker("ListNesting")
    let free = if case .free = sizing { true } else { false }
    check.expect(free != isNested, "only a nested list sizes its items as its row says")
    check.expect(dataSource.tally.countsInOuterLists == isNested, "a nested list's work counts in the outer lists")
    check.expect(gridsWithLists >= 0, "grids let go of no more lists than they made")
    let made = dataSource.controllers.all.count { ($0 as? GridRowController)?.nestedList != nil }
    check.expect(gridsWithLists == made, "gridsWithLists counts the grid rows with lists")
    return check.violations
  }
}

/// How a nested list's items are sized.
enum NestedItemSizing {
  /// As their controllers say, in the collection view's room.
  case free
  /// A carousel's: in its room (the list's width, the carousel's height),
  /// all as tall as the carousel, one to a column.
  case carousel
  /// A grid's: in a container one column wide (and the list's height),
  /// all one column wide.
  case grid(columnWidth: CGFloat, height: CGFloat)

  /// The container an item is sized in, given the list's `room`.
  ///
  /// - Complexity: O(1).
  func container(in room: CGSize) -> CGSize {
    if case .grid(let columnWidth, let height) = self { return CGSize(width: columnWidth, height: height) }
    return room
  }

  /// `size`, as a controller asked it in `container`, as this sizing lays
  /// it out: a carousel's items as tall as it, a grid's as wide as a column.
  ///
  /// - Complexity: O(1).
  func fitted(_ size: CGSize, in container: CGSize) -> CGSize {
    switch self {
    case .free: size
    case .carousel: CGSize(width: size.width, height: container.height)
    case .grid: CGSize(width: container.width, height: size.height)
    }
  }
}

/// Carousels and grids as a feature of the data source's lifecycle: a
/// focused carousel or grid takes the keys that move within it, a grid's
/// own viewport follows the part of its row the list shows after every
/// layout, and a nested list's roots and re-flows are heard by the lists
/// it is nested in. The behaviour is the data source's nested-list
/// extension beside this file and the row controllers; the state is
/// `ListNesting`, changed only here.
@MainActor
final class NestedListsFeature: ListFeature {
  private unowned let dataSource: ListDiffDataSource
  /// How this list is nested, and what is nested in it.
  private(set) var nesting = ListNesting()
  /// Told after each whole layout of this (nested) list, outside its
  /// passes, where the list it is nested in may be changed: a grid's row
  /// re-sizes when the grid's height changed.
  private var layoutObserver: (@MainActor () -> Void)?

  init(_ dataSource: ListDiffDataSource) {
    self.dataSource = dataSource
  }

  /// The data source of the list this one is nested in.
  var parent: ListDiffDataSource? { nesting.parent }
  /// How this list's items are sized.
  var sizing: NestedItemSizing { nesting.sizing }

  // MARK: Transitions

  /// This list is nested in `parent`'s, its items sized as `sizing` says,
  /// its work counted in the outer lists from now on.
  func nest(in parent: ListDiffDataSource, sizing: NestedItemSizing) {
    nesting = ListNesting(parent: parent, sizing: sizing)
    dataSource.tally.noteNested()
  }

  /// This list's items are sized as `sizing` says from now on; returns
  /// whether that changed.
  func resize(_ sizing: NestedItemSizing) -> Bool {
    if case .grid(let old, let oldHeight) = nesting.sizing, case .grid(let new, let newHeight) = sizing,
      old == new && oldHeight == newHeight
    {
      return false
    }
    nesting.resize(sizing)
    return true
  }

  /// A grid in this list made its own list (`+1`) or let go of it (`-1`).
  func gridListsChanged(by change: Int) {
    nesting.gridListsChanged(by: change)
  }

  /// Breaks a rule of the nesting on purpose (the tests of the checks).
  func plantWrongSizing() {
    nesting.plantWrongSizing()
  }

  /// Hears each whole layout of this list (see `layoutObserver`).
  func observeLayouts(_ observer: @escaping @MainActor () -> Void) {
    layoutObserver = observer
  }

  /// Tells every list this one is nested in that `count` of its items
  /// changed (a root's inserts, deletes, moves and updates, or items sized
  /// again because the column width changed): their hooks hear it.
  func noteChangesInside(_ count: Int) {
    guard count > 0 else { return }
    forEachOuterList { $0.hooks.nestedChangeObserver?(count) }
  }

  /// Calls `body` with every list this one is nested in, innermost first.
  ///
  /// - Complexity: O(*d*) in the nesting depth, plus `body`.
  func forEachOuterList(_ body: (ListDiffDataSource) -> Void) {
    var outer = parent
    while let list = outer {
      body(list)
      outer = list.features.nestedLists.parent
    }
  }

  // MARK: Lifecycle

  func rootDidApply(_ root: AppliedRoot) {
    if nesting.parent != nil { noteChangesInside(root.changeCount) }
  }

  func layoutDidFinish() {
    dataSource.syncNestedViewports()
    layoutObserver?()
  }

  /// A focused carousel or grid takes the keys that move within it, and
  /// Enter and Space for its items.
  func handleKey(_ key: ListKey) -> Bool {
    guard [.left, .right, .up, .down, .enter, .space].contains(key), let row = dataSource.focusedNestedRow else {
      return false
    }
    return row.handleKey(key)
  }

  /// The nesting's rules, and those of the lists nested here: each is on
  /// screen only while its row is visible, and a grid's viewport is where
  /// this list puts it.
  ///
  /// - Complexity: O(*c*) in the live controllers, plus O(*v*) in the
  ///   visible items.
  func invariantViolations() -> [InvariantViolation] {
    var check = InvariantChecker("NestedList")
    let collectionView = dataSource.collectionView
    let visible = Set(collectionView.indexPathsForVisibleItems.map(\.item))
    for controller in dataSource.controllers.all {
      guard let row = controller as? any NestedListRow, let nested = row.nestedList else { continue }
      if nested.isOnScreen, collectionView.isOnScreen, let index = dataSource.index(of: controller) {
        check.expect(
          visible.contains(dataSource.shownIndex(ofListIndex: index)), "a nested list is on screen only while its row is")
      }
      (nested as? GridContent)?.violations(into: &check)
    }
    return nesting.invariantViolations(in: dataSource) + check.violations
  }

  /// Breaks the rule of the lists nested here on purpose (the tests of the
  /// checks): a nested list is put on screen while its row is not visible.
  func plantNestedListOnScreenWithoutItsRow() {
    let collectionView = dataSource.collectionView
    let visible = Set(collectionView.indexPathsForVisibleItems.map(\.item))
    for controller in dataSource.controllers.all {
      guard let row = controller as? any NestedListRow, let nested = row.nestedList,
        let index = dataSource.index(of: controller), !visible.contains(dataSource.shownIndex(ofListIndex: index))
      else { continue }
      nested.isOnScreen = true
      return
    }
  }
}
