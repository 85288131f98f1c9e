import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// A recording controller that also logs the working-range hooks, as
/// "enter" and "exit", and may act on entering (pagination).
final class RangeController: RecordingController<ItemCell> {
  override func willEnterWorkingRange() {
    log?.record(self, viewModel.identifier, "enter")
    (context.object() as RangeActions?)?.onEnter?(viewModel.identifier)
  }

  override func didExitWorkingRange() {
    log?.record(self, viewModel.identifier, "exit")
  }
}

/// What a test wants done when an item enters the range.
@MainActor
final class RangeActions {
  var onEnter: ((String) -> Void)?
}

@MainActor
private func rangeSection(_ identifiers: [String], height: CGFloat = 10)
  -> ListSection<ItemVM, RangeController>
{
  ListSection<ItemVM, RangeController>(
    identifiers.map { ItemVM(identifier: $0, height: height) })
}

private func names(_ range: Range<Int>) -> [String] { range.map { "i\($0)" } }

@Suite("Working range")
@MainActor
struct WorkingRangeTests {
  /// The "enter"/"exit" events, in order, as "identifier:event".
  private func rangeEvents(_ log: EventLog) -> [String] {
    log.all.filter { $0.hasSuffix(":enter") || $0.hasSuffix(":exit") }
  }

  @Test("off by default: no hook, however the list scrolls")
  func offByDefault() {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(rangeSection(names(0..<40)))
    screen.drag(by: 200, velocity: 30)
    screen.scroll(by: -120)
    #expect(screen.dataSource.workingRangeSize == 0)
    #expect(rangeEvents(screen.log).isEmpty)
  }

  @Test("the visible items and N beyond each edge enter, in viewport order; exits follow scrolling")
  func entersAndExitsInViewportOrder() {
    let screen = ListScreen.logging(height: 50)
    screen.dataSource.workingRangeSize = 2
    screen.setRoot(rangeSection(names(0..<30)))
    // Items 0-4 are visible; 0-6 are in range (nothing before item 0).
    #expect(rangeEvents(screen.log) == names(0..<7).map { "\($0):enter" })
    #expect(screen.lifecycle(of: "i6").contains("willEnterWorkingRange"))
    screen.log.reset()

    screen.scroll(to: 100)  // items 10-14 visible: 8-16 in range
    #expect(
      rangeEvents(screen.log)
        == names(8..<17).map { "\($0):enter" } + names(0..<7).map { "\($0):exit" })
    screen.log.reset()

    screen.scroll(to: 110)  // 11-15 visible: 9-17 in range
    #expect(rangeEvents(screen.log) == ["i17:enter", "i8:exit"])
  }

  @Test("changing the size derives the range at once; 0 turns it off and everything exits")
  func changingTheSize() {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(rangeSection(names(0..<30)))
    screen.dataSource.workingRangeSize = 1
    #expect(rangeEvents(screen.log) == names(0..<6).map { "\($0):enter" })
    screen.log.reset()
    screen.dataSource.workingRangeSize = 3
    #expect(rangeEvents(screen.log) == ["i6:enter", "i7:enter"])
    screen.log.reset()
    screen.dataSource.workingRangeSize = 0
    #expect(rangeEvents(screen.log) == names(0..<8).map { "\($0):exit" })
    screen.log.reset()
    screen.scroll(to: 100)
    #expect(rangeEvents(screen.log).isEmpty)
  }

  @Test("a negative size is reported and treated as 0")
  func negativeSize() {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(rangeSection(names(0..<30)))
    screen.dataSource.workingRangeSize = 2
    screen.log.reset()
    screen.expectWarnings(.invalidWorkingRangeSize) {
      screen.dataSource.workingRangeSize = -4
    }
    #expect(screen.dataSource.workingRangeSize == 0)
    #expect(rangeEvents(screen.log) == names(0..<7).map { "\($0):exit" })
    #expect(screen.diagnostics.last?.message.contains("-4") == true)
  }

  @Test("updates: an item inserted in range enters, a deleted one exits, once each")
  func updatesInRange() {
    let screen = ListScreen.logging(height: 50)
    screen.dataSource.workingRangeSize = 1
    screen.setRoot(rangeSection(names(0..<20)))
    screen.log.reset()
    // Delete i2 (visible), insert "new" at the top; i0-i4 visible after:
    // new, i0, i1, i3, i4 visible, i5 is the one beyond.
    screen.setRoot(rangeSection(["new"] + names(0..<2) + names(3..<20)))
    #expect(rangeEvents(screen.log) == ["new:enter", "i2:exit"])
    screen.log.reset()
    screen.setRoot(nil)
    #expect(Set(rangeEvents(screen.log)) == Set((["new"] + names(0..<2) + names(3..<6)).map { "\($0):exit" }))
    #expect(rangeEvents(screen.log).count == 6)
  }

  @Test("a root set from a hook is queued: pagination as the end comes into range")
  func paginationFromAHook() {
    let actions = RangeActions()
    let log = EventLog()
    let screen = ListScreen(width: 20, height: 50, contextObjects: log, actions)
    screen.dataSource.workingRangeSize = 3
    var pages = 1
    actions.onEnter = { identifier in
      guard identifier == "i\(pages * 20 - 1)" else { return }
      pages += 1
      // Inside a callback: waits until the current pass is done.
      screen.dataSource.setRootSection(rangeSection(names(0..<(pages * 20))))
    }
    screen.setRoot(rangeSection(names(0..<20)))
    #expect(screen.dataSource.itemCount == 20)
    screen.scroll(to: 130)  // 13-17 visible, 10-19 in range: the last item enters
    #expect(pages == 2)
    #expect(screen.dataSource.itemCount == 40)
    #expect(log.violations.isEmpty)
    #expect(rangeEvents(log).filter { $0 == "i19:enter" }.count == 1)
  }

  @Test("with estimated sizes only the controllers in range (and on screen) are created")
  func onlyControllersInRangeAreCreated() {
    let screen = ListScreen.logging(height: 50)
    let layout = screen.collectionView.collectionViewLayout
    layout.estimatedItemSize = CGSize(width: 20, height: 10)
    screen.dataSource.workingRangeSize = 30
    screen.setRoot(rangeSection(names(0..<10_000)))
    let created = Set(screen.log.liveControllers.compactMap { ($0 as? RangeController)?.viewModel.identifier })
    #expect(created.isSuperset(of: names(0..<35)))
    #expect(created.count < 60, "\(created.count) controllers")
    #expect(rangeEvents(screen.log) == names(0..<35).map { "\($0):enter" })
  }

  /// Random scrolls, drags, resizes, size changes and updates that insert and
  /// delete around the viewport; after each, the controllers in range are
  /// exactly those of the visible items and N beyond, and every controller's
  /// hooks alternate enter, exit.
  @Test(
    "model: range membership and enter/exit pairing over random steps", .timeLimit(.minutes(20)),
    arguments: [UInt64(20), 2026, 0xDEC0DE])
  func randomSteps(seed: UInt64) {
    var generator = SeededGenerator(seed: seed)
    let screen = ListScreen.logging(height: 50)
    var next = 0
    var shown: [String] = []
    for _ in 0..<60 {
      shown.append("i\(next)")
      next += 1
    }
    screen.dataSource.workingRangeSize = 2
    screen.setRoot(rangeSection(shown))
    for step in 0..<400 {
      switch Int.random(in: 0..<6, using: &generator) {
      case 0: screen.scroll(by: Int.random(in: -80...80, using: &generator))
      case 1: screen.drag(by: Int.random(in: -60...60, using: &generator), velocity: Int.random(in: -20...20, using: &generator))
      case 2: screen.resize(width: 20, height: Int.random(in: 0...90, using: &generator))
      case 3: screen.dataSource.workingRangeSize = Int.random(in: 0...4, using: &generator)
      default:
        for _ in 0..<Int.random(in: 1...4, using: &generator) {
          if Bool.random(using: &generator), !shown.isEmpty {
            shown.remove(at: Int.random(in: 0..<shown.count, using: &generator))
          } else {
            shown.insert("i\(next)", at: Int.random(in: 0...shown.count, using: &generator))
            next += 1
          }
        }
        screen.setRoot(rangeSection(shown))
      }
      let size = screen.dataSource.workingRangeSize
      let visible = screen.collectionView.indexPathsForVisibleItems.map(\.item)
      var expected: Set<String> = []
      if size > 0, let first = visible.first, let last = visible.last {
        for index in max(0, first - size)...min(shown.count - 1, last + size) { expected.insert(shown[index]) }
      }
      // Identifiers are never reused here, so they name controllers,
      // deleted ones included.
      var last: [String: String] = [:]
      for line in rangeEvents(screen.log) {
        let parts = line.split(separator: ":").map(String.init)
        guard last[parts[0]] != parts[1] else {
          Issue.record("seed \(seed), step \(step): \(parts[0]) heard \(parts[1]) twice in a row")
          return
        }
        last[parts[0]] = parts[1]
      }
      let inRange = Set(last.filter { $0.value == "enter" }.keys)
      guard inRange == expected else {
        Issue.record("seed \(seed), step \(step): in range \(inRange.sorted()), expected \(expected.sorted())")
        return
      }
    }
    #expect(screen.log.violations.isEmpty, "seed \(seed)")
  }
  @Test("a header pinned far above the viewport is in range on its own, not with every item between")
  func pinnedHeaderFarAbove() {
    let screen = ListScreen.logging(height: 50)
    screen.dataSource.workingRangeSize = 1
    screen.setRoot(
      CompositeSection(id: "all", header: rangeSection(["header"]), pinsHeader: true) {
        rangeSection(names(0..<1_000))
      })
    screen.log.reset()
    screen.scroll(by: 9_000)  // item 899 at the top, under the pinned header
    let entered = rangeEvents(screen.log).filter { $0.hasSuffix(":enter") }
    // The header stays in range (it is visible, pinned); items 898-904 enter.
    #expect(entered == names(898..<905).map { "\($0):enter" })
    #expect(screen.text.hasPrefix("header"))
  }
}
