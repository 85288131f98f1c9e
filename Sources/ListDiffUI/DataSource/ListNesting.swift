import Foundation
import HeadlessCollection

/// What ties a data source nested in another's list (a carousel's, inside
/// its row) to that one: the outer data source hears its diagnostics and
/// lifecycle events, and its work counts as the outer one's too.
///
/// Invariant: `parent` is nil for a data source an app made; a nested one's
/// parent outlives it while both exist (the parent's controller keeps the
/// nested data source), so the weak reference only ever reads nil after
/// the parent is gone.
struct ListNesting {
  /// The data source of the list this one is shown in.
  weak var parent: ListDiffDataSource?
  /// How the nested list's items are sized.
  var sizing = NestedItemSizing.free
  /// How many items the roots of the lists nested in this one inserted,
  /// deleted, moved and updated, all told (`fuzzList` bounds a step's work
  /// by the items it changed).
  var itemChangesInside = 0
  /// How many items of the grids nested in this list were sized again, all
  /// told, because their column width changed (a grid re-flows whole):
  /// `fuzzList` allows a step that much work beyond what it changed.
  var itemsReflowedInside = 0
  /// Told after each whole layout of the nested list (not inside a pass,
  /// where the list it is nested in must not be changed from): a grid's
  /// row re-sizes when its height changed.
  var layoutDidFinish: (@MainActor () -> Void)?
  /// How many grids in this list have their own lists now: while none
  /// does, a layout of this list need not look for them.
  var gridsWithLists = 0
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
}

extension ListDiffDataSource {
  /// A data source for a list shown inside an item of `parent`'s list:
  /// same context objects, its diagnostics and lifecycle events passed to
  /// `parent`'s handlers as they are then, its work counted in `parent`'s.
  ///
  /// - Complexity: O(*k*) in the context objects.
  convenience init(nestedIn parent: ListDiffDataSource, collectionView: CollectionView, sizing: NestedItemSizing) {
    self.init(
      collectionView: collectionView, applyUpdatesAsync: false,
      contextObjectList: parent.context.objects,
      diagnosticHandler: { [weak parent] diagnostic in parent?.report(diagnostic) })
    nesting = ListNesting(parent: parent, sizing: sizing)
    lifecycleObserver = { [weak parent] controller, event in parent?.lifecycleObserver?(controller, event) }
    allowsSelection = parent.allowsSelection
    allowsMultipleSelection = parent.allowsMultipleSelection
  }

  /// Adds one to the running total `counter`, and to the total of every
  /// data source this one is nested in.
  ///
  /// - Complexity: O(*d*) in the nesting depth (1 for a plain list).
  @inline(__always)
  func countWork(_ counter: WritableKeyPath<ListWorkCounts, Int>) {
    workCounts[keyPath: counter] += 1
    nesting.parent?.countWork(counter)
  }
}

extension ListDiffDataSource {
  /// Adds `count` item changes of a nested list's root to the totals of
  /// every list it is nested in.
  func noteItemChangesInside(_ count: Int) {
    var outer = nesting.parent
    while let list = outer {
      list.nesting.itemChangesInside += count
      outer = list.nesting.parent
    }
  }

  /// How many items the roots of the carousels in this list (and in
  /// theirs) inserted, deleted, moved and updated so far. Not API:
  /// `fuzzList` bounds a step's work by what it changed.
  ///
  /// - Complexity: O(1).
  package var itemChangesInCarousels: Int { nesting.itemChangesInside }

  /// How many items of the grids in this list were sized again because
  /// their column width changed, all told. Not API: `fuzzList` allows a
  /// step that much work.
  ///
  /// - Complexity: O(1).
  package var itemsReflowedInGrids: Int { nesting.itemsReflowedInside }
}
