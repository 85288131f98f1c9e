import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// One-point rows on a screen three points tall.
private final class BudgetRowController: ListCellController<ItemVM, ListViewStateNone, ItemCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: ItemCell) { cell.shown = viewModel }
}

private func rows(_ identifiers: [String], changing changed: String? = nil) -> Section {
  ListSection<ItemVM, BudgetRowController>(
    identifiers.map { ItemVM(identifier: $0, value: $0 == changed ? 1 : 0, height: 1) })
}

/// The performance report's counts: exact, so the same on every run, for
/// the first root, one change, one insert, a scroll and a drag.
@Suite("Performance report", .timeLimit(.minutes(20)))
@MainActor
struct PerformanceReportTests {
  static let ten = (0..<10).map { "r\($0)" }

  @Test("the counts of a first root, one change, one insert, a scroll and a drag", arguments: [false, true])
  func counts(applyUpdatesAsync: Bool) async {
    let screen = ListScreen(width: 20, height: 3, applyUpdatesAsync: applyUpdatesAsync)
    var reports: [ListUpdatePerformance] = []
    screen.dataSource.performanceHandler = { reports.append($0) }

    await screen.setRoot(rows(Self.ten))
    // Every item sized (a flow layout needs every size), three on screen.
    let first = ListWorkCounts(
      itemsBefore: 0, itemsAfter: 10, inserts: 10, controllersCreated: 10, sizeRequests: 10,
      cellsConfigured: 3, cellsMounted: 3, sectionsCompared: 1, itemsCompared: 10)
    #expect(screen.lastUpdate == first)

    await screen.setRoot(rows(Self.ten, changing: "r1"))
    // One item re-sized and its cell reconfigured; nothing else. The new
    // array is read: the ten items on both sides.
    #expect(
      screen.lastUpdate
        == ListWorkCounts(
          itemsBefore: 10, itemsAfter: 10, updates: 1, sizeRequests: 1, cellsConfigured: 1,
          sectionsCompared: 1, itemsCompared: 20))

    await screen.setRoot(rows(["new"] + Self.ten, changing: "r1"))
    // The new item on screen pushes the third row out: its cell goes to the
    // new item (unmounted from r2, mounted and configured for "new").
    #expect(
      screen.lastUpdate
        == ListWorkCounts(
          itemsBefore: 10, itemsAfter: 11, inserts: 1, controllersCreated: 1, sizeRequests: 1,
          cellsConfigured: 1, cellsMounted: 1, cellsUnmounted: 1,
          sectionsCompared: 1, itemsCompared: 10 + 11 + 11))

    #expect(reports.map(\.counts) == [first, reports[1].counts, reports[2].counts])
    #expect(reports.count == 3, "one report per applied root")
    for report in reports {
      #expect(report.mainActorDuration >= report.layoutDuration)
      #expect(report.flattenDuration >= .zero && report.diffDuration >= .zero)
    }

    screen.scroll(by: 2)
    // Two rows leave, two arrive: their cells are reused.
    #expect(
      screen.lastGesture
        == ListWorkCounts(itemsBefore: 11, itemsAfter: 11, cellsConfigured: 2, cellsMounted: 2, cellsUnmounted: 2))

    screen.drag(by: 5)
    // A finger passes over every row on the way, one step at a time: rows
    // 5 to 9 arrive (five cells configured and mounted); the cells of the
    // rows that left are reused but for one, made while a row's cell was
    // still on screen.
    #expect(
      screen.lastGesture
        == ListWorkCounts(itemsBefore: 11, itemsAfter: 11, cellsConfigured: 5, cellsMounted: 5, cellsUnmounted: 4))
    #expect(reports.count == 3, "gestures apply no root")
  }

  @Test("without a handler, no report; the screen's counts are still kept")
  func noHandler() {
    let screen = ListScreen(width: 20, height: 3)
    #expect(screen.dataSource.performanceHandler == nil)
    #expect(screen.lastUpdate == ListWorkCounts())
    screen.setRoot(rows(Self.ten))
    #expect(screen.lastUpdate.cellsConfigured == 3)
    screen.setRoot(rows(Self.ten))
    // An equal root in a new array: read, and nothing else.
    #expect(
      screen.lastUpdate == ListWorkCounts(itemsBefore: 10, itemsAfter: 10, sectionsCompared: 1, itemsCompared: 20),
      "an equal root does nothing")
  }

  @Test("the counts read as a sentence")
  func description() {
    let counts = ListWorkCounts(itemsBefore: 3, itemsAfter: 4, inserts: 1, sizeRequests: 2, cellsConfigured: 1)
    #expect(counts.description == "items 3 → 4, 1 insert, 2 size requests, 1 cell configured")
    let reading = ListWorkCounts(
      itemsBefore: 5, itemsAfter: 5, updates: 1, sectionsCompared: 1, sectionsSkipped: 99, itemsCompared: 2_000)
    #expect(
      reading.description
        == "items 5 → 5, 1 update, 1 section compared, 99 sections skipped, 2000 items compared")
  }
}
