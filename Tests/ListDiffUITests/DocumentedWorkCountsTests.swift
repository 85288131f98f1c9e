import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// `ListWorkCounts` of applied roots (issue 29, item 7).
@Suite("Work counts are per applied root")
@MainActor
struct DocumentedWorkCountsTests {
  final class Reports { var counts: [ListWorkCounts] = [] }

  /// Promise: "A ``ListUpdatePerformance`` carries the counts of one applied
  /// root" (`ListWorkCounts`, Sources/ListDiffUI/Performance/ListWorkCounts.swift;
  /// `ListUpdatePerformance.counts`: "The work the root did"), and
  /// `ListScreen.lastUpdate` is "the work the last root applied did": a
  /// second deletion reports its own released controllers, not the first
  /// one's as well.
  @Test("a second deletion reports only the controllers it released")
  func countsArePerRoot() throws {
    let screen = ListScreen.logging(height: 100)
    let reports = Reports()
    screen.dataSource.performanceHandler = { reports.counts.append($0.counts) }
    screen.setRoot(section(items("a", "b", "c", "d", "e")))
    #expect(screen.lastUpdate.controllersCreated == 5)
    #expect(screen.lastUpdate.controllersReleased == 0)

    screen.setRoot(section(items("c", "d", "e")))
    #expect(screen.lastUpdate.deletes == 2)
    #expect(screen.lastUpdate.controllersReleased == 2)
    #expect(screen.lastUpdate.controllersCreated == 0)

    screen.setRoot(section(items("c", "d")))
    #expect(screen.lastUpdate.deletes == 1)
    #expect(screen.lastUpdate.controllersReleased == 1, "\(screen.lastUpdate)")
    #expect(screen.lastUpdate.controllersCreated == 0)
    #expect(screen.lastUpdate.itemsBefore == 3 && screen.lastUpdate.itemsAfter == 2)

    // The performance handler hears the same, one report per root.
    try #require(reports.counts.count == 3)
    #expect(reports.counts.map(\.controllersReleased) == [0, 2, 1])
    #expect(reports.counts.map(\.controllersCreated) == [5, 0, 0])
    #expect(reports.counts.map(\.deletes) == [0, 2, 1])
    #expect(reports.counts.last == screen.lastUpdate)
  }
}
