import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

// The recording controllers of Fixtures.swift on a ListScreen, and the
// lookups that tests make on it and on the hand-made Harness alike.

/// A collection view fed by a data source of ``ItemController``s.
@MainActor
protocol ItemScreen {
  var collectionView: CollectionView { get }
  var dataSource: ListDiffDataSource { get }
}

extension ItemScreen {
  /// The identifiers and values the visible cells show, top to bottom.
  var shown: [String] {
    collectionView.visibleCells.compactMap { ($0 as? ItemCell)?.textRepresentation }
  }

  /// The controller of the item `identifier`, as an ``ItemController``.
  func controller(_ identifier: String, sectionPath: [String] = []) -> ItemController? {
    dataSource.cellController(forIdentifier: identifier, sectionPath: sectionPath) as? ItemController
  }

  /// The cell showing the item at `item`, if it is on screen.
  func cell(at item: Int) -> ItemCell? {
    collectionView.cellForItem(at: IndexPath(item: item, section: 0)) as? ItemCell
  }

  /// Scrolls to the content offset `y` (clamped) and lays out.
  func scroll(to y: CGFloat) {
    collectionView.setContentOffset(CGPoint(x: 0, y: y), animated: false)
    collectionView.layoutIfNeeded()
  }
}

extension Harness: ItemScreen {}
extension ListScreen: ItemScreen {}

extension ListScreen {
  /// A screen `width` points wide (20 by default) and `height` tall whose
  /// controllers log into an ``EventLog`` context object.
  static func logging(
    height: Int = 50, width: Int = 20, applyUpdatesAsync: Bool = false,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> ListScreen {
    ListScreen(
      width: width, height: height, applyUpdatesAsync: applyUpdatesAsync, contextObjects: EventLog(),
      sourceLocation: sourceLocation)
  }

  /// The event log of a screen made by ``logging(height:width:applyUpdatesAsync:sourceLocation:)``.
  var log: EventLog {
    guard let log = dataSource.context.object(type: EventLog.self) else {
      preconditionFailure("a screen made with ListScreen.logging(height:) has an EventLog")
    }
    return log
  }
}
