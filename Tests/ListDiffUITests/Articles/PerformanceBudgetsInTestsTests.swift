// The article Performance budgets in tests
// (Sources/ListDiffUI/ListDiffUI.docc/PerformanceBudgetsInTests.md): its code
// blocks verbatim (ArticleCodeTests checks they stay so), and tests of what
// its prose claims.

import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing

struct MessageViewModel: ListViewModel, Equatable {
  var identifier: String
  var subject: String
  var isRead: Bool
}

final class MessageCell: ListCell {
  var line = ""
  override var textRepresentation: String { line }
}

final class MessageController:
  ListCellController<MessageViewModel, ListViewStateNone, MessageCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: MessageCell) {
    cell.line = (viewModel.isRead ? "  " : "• ") + viewModel.subject
  }
}

func inbox(_ messages: [MessageViewModel]) -> Section {
  ListSection<MessageViewModel, MessageController>(messages)
}

@Test @MainActor func markingOneMessageReadTouchesOnlyIt() {
  var messages = (0..<50).map {
    MessageViewModel(
      identifier: "m\($0)", subject: "Message \($0)", isRead: false)
  }
  let screen = ListScreen(width: 30, height: 10)
  screen.setRoot(inbox(messages))
  messages[3].isRead = true
  screen.setRoot(inbox(messages))
  #expect(screen.lastUpdate.updates == 1)
  #expect(screen.lastUpdate.sizeRequests <= 1)
  #expect(screen.lastUpdate.cellsConfigured <= 1)
}

@Test @MainActor func scrollingSizesNothingNew() {
  let messages = (0..<50).map {
    MessageViewModel(
      identifier: "m\($0)", subject: "Message \($0)", isRead: false)
  }
  let screen = ListScreen(width: 30, height: 10)
  screen.setRoot(inbox(messages))
  screen.scroll(by: 10)
  #expect(screen.lastGesture.sizeRequests == 0)
  #expect(screen.lastGesture.cellsMounted == 10)
}

@MainActor func logSlowUpdates(of dataSource: ListDiffDataSource) {
  dataSource.performanceHandler = { report in
    guard report.mainActorDuration > .milliseconds(8) else { return }
    print(
      "slow list update: \(report.mainActorDuration) on the main actor;",
      report.counts)
  }
}

/// A message view model with the regression the article describes: a field
/// that differs on every root, so that no two are ever equal.
private struct StampedMessageViewModel: ListViewModel, Equatable {
  var identifier: String
  var subject: String
  var loadedAt: Int
}

private final class StampedMessageController:
  ListCellController<StampedMessageViewModel, ListViewStateNone, MessageCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
}

@Suite("Article: Performance budgets in tests")
@MainActor
struct PerformanceBudgetsInTestsArticleTests {
  /// The failure the article shows: every item updated, all fifty re-sized.
  @Test func theBudgetCatchesAViewModelThatNeverCompares() {
    let screen = ListScreen(width: 30, height: 10)
    func stamped(_ stamp: Int) -> Section {
      ListSection<StampedMessageViewModel, StampedMessageController>(
        (0..<50).map { StampedMessageViewModel(identifier: "m\($0)", subject: "Message \($0)", loadedAt: stamp) })
    }
    screen.setRoot(stamped(1))
    screen.setRoot(stamped(2))
    #expect(screen.lastUpdate.updates == 50)
    #expect(screen.lastUpdate.sizeRequests == 50, "the budget of the article's test (<= 1) fails")
    #expect(screen.lastUpdate.cellsConfigured == 10, "the cells on screen")
  }

  @Test func theHandlerHearsEveryRootWithItsCounts() {
    let screen = ListScreen(width: 30, height: 10)
    logSlowUpdates(of: screen.dataSource)
    #expect(screen.dataSource.performanceHandler != nil)
    var reports: [ListWorkCounts] = []
    screen.dataSource.performanceHandler = { reports.append($0.counts) }
    screen.setRoot(inbox([MessageViewModel(identifier: "a", subject: "A", isRead: false)]))
    #expect(reports == [screen.lastUpdate])
    #expect(reports.first?.inserts == 1)
  }
}

@Test @MainActor func appendingALineReadsOnlyTheNewPage() {
  var log = Log()
  for number in 0..<5_000 {
    log.append(LogLine(identifier: "l\(number)", text: "line \(number)"))
  }
  let screen = ListScreen(width: 30, height: 10)
  screen.setRoot(log.root())
  log.append(LogLine(identifier: "l5000", text: "line 5000"))
  screen.setRoot(log.root())
  #expect(screen.lastUpdate.sectionsSkipped == 5)
  #expect(screen.lastUpdate.itemsCompared <= 10)
}

/// The failures the article shows when every page is built anew.
@Test @MainActor func pagesBuiltAnewAreReadWhole() {
  var log = Log()
  for number in 0..<5_000 {
    log.append(LogLine(identifier: "l\(number)", text: "line \(number)"))
  }
  func rebuilt() -> Section {
    CompositeSection(log.pages.indices.map {
      ListSection<LogLine, LogLineController>(log.pages[$0].map { $0 }, id: "page\($0)")
    })
  }
  let screen = ListScreen(width: 30, height: 10)
  screen.setRoot(rebuilt())
  log.append(LogLine(identifier: "l5000", text: "line 5000"))
  screen.setRoot(rebuilt())
  #expect(screen.lastUpdate.sectionsSkipped == 0)
  #expect(
    screen.lastUpdate.itemsCompared == 15_001,
    "the 5,000 lines on each side compared, and the 5,001 searched for a repeated identifier")
  #expect(screen.lastUpdate.inserts == 1)
}
