import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// VoiceOver's cursor leaving a carousel leaves the carousel's own list:
/// found by `fuzzList`'s `accessibility` check (the carousel feed of
/// FuzzListTests, seed 5), where the carousel kept the item its cursor had
/// been on and, when that item was deleted, posted a `.layoutChanged`
/// naming a tile while the cursor was on the feed's heading.
@MainActor
@Suite("The accessibility cursor out of a carousel", .timeLimit(.minutes(20)))
struct AccessibilityNestedFocusTests {
  /// A title row, the carousel "c" of `items`, and three rows.
  private func feed(_ items: [TileVM]) -> Section {
    CompositeSection {
      rowSection(rows(["top"]), id: "title")
      CarouselSection(id: "c", height: 2) { tileSection(items) }
      rowSection(rows(["r0", "r1", "r2"]), id: "rows")
    }
  }

  @Test(arguments: [false, true])
  func aTileDeletedAfterTheCursorLeftPostsNothing(async: Bool) async throws {
    let screen = ListScreen.rows(width: 20, height: 6, applyUpdatesAsync: async)
    var heard: [ListAccessibilityNotification] = []
    screen.dataSource.accessibilityNotificationHandler = { heard.append($0) }
    await screen.setRoot(feed(tiles(0..<6)))
    let tile = try #require(screen.accessibilityElements.first { $0.item.identifier == "t1" }).item
    screen.dataSource.accessibilityFocus = tile
    #expect(screen.dataSource.accessibilityFocus == tile)
    screen.moveAccessibilityFocus(.first)
    let top = screen.dataSource.accessibilityFocus
    #expect(top?.identifier == "top")
    await screen.setRoot(feed(tiles(0..<6).filter { $0.identifier != "t1" }))
    #expect(heard.isEmpty, "the cursor is not in the carousel: \(heard)")
    #expect(screen.dataSource.accessibilityFocus == top)
    #expect(screen.dataSource.inspection.invariantViolations().isEmpty, "\(screen.dataSource.inspection.invariantViolations())")
  }

  @Test(arguments: [false, true])
  func aTileDeletedUnderTheCursorMovesItWithOneLayoutChanged(async: Bool) async throws {
    let screen = ListScreen.rows(width: 20, height: 6, applyUpdatesAsync: async)
    var heard: [ListAccessibilityNotification] = []
    screen.dataSource.accessibilityNotificationHandler = { heard.append($0) }
    await screen.setRoot(feed(tiles(0..<6)))
    let tile = try #require(screen.accessibilityElements.first { $0.item.identifier == "t1" }).item
    screen.dataSource.accessibilityFocus = tile
    await screen.setRoot(feed(tiles(0..<6).filter { $0.identifier != "t1" }))
    let focus = screen.dataSource.accessibilityFocus
    #expect(focus?.identifier == "t2", "the tile now at its place")
    #expect(heard == [.layoutChanged(focus: focus)])
  }
}
