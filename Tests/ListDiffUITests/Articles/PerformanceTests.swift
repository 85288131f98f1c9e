// The article Performance (Sources/ListDiffUI/ListDiffUI.docc/Performance.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import ListDiff
import ListDiffUI
import ListDiffUITesting
import Testing
import TestSupport

func repeatedIdentifiers() -> ListDiffResult<String> {
  listDiff(oldArray: ["a", "b", "a"], newArray: ["a", "a", "b"])
  // moves == [2→1, 1→2]: the second "a" moves up, "b" moves down
}

struct LogLine: ListViewModel, Equatable {
  var identifier: String
  var text: String
}

final class LogLineCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class LogLineController:
  ListCellController<LogLine, ListViewStateNone, LogLineCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: LogLineCell) {
    cell.text = viewModel.text
  }
}

struct Log {
  /// The lines, a thousand to a page.
  private(set) var pages: [[LogLine]] = [[]]

  mutating func append(_ line: LogLine) {
    if pages[pages.count - 1].count == 1_000 { pages.append([]) }
    pages[pages.count - 1].append(line)
  }

  func root() -> Section {
    CompositeSection(pages.indices.map {
      ListSection<LogLine, LogLineController>(pages[$0], id: "page\($0)")
    })
  }
}

/// What the article says of untouched sections, on its `Log`.
@Suite("Article: Performance, updates that cost what changed")
@MainActor
struct UpdatesThatCostWhatChangedArticleTests {
  /// A line appended to a page not full reads that page only: 1,000 on
  /// the screen's side, 1,001 on the root's, and the 1,001 searched.
  @Test func appendingToAPageReadsThatPage() {
    var log = Log()
    for number in 0..<4_500 { log.append(LogLine(identifier: "l\(number)", text: "line \(number)")) }
    let screen = ListScreen(width: 30, height: 3)
    screen.setRoot(log.root())
    log.append(LogLine(identifier: "l4500", text: "line 4500"))
    screen.setRoot(log.root())
    #expect(screen.lastUpdate.sectionsSkipped == 4 && screen.lastUpdate.sectionsCompared == 1)
    #expect(screen.lastUpdate.itemsCompared == 500 + 501 + 501)
    #expect(screen.lastUpdate.inserts == 1 && screen.text == "line 0\nline 1\nline 2")
  }

  /// A transform is run, and its section read, on every root.
  @Test func aTransformedSectionIsRead() {
    let texts = (0..<50).map { "t\($0)" }
    func root() -> Section {
      ListSection<String, LogLineController>(texts) { LogLine(identifier: $0, text: $0) }
    }
    let screen = ListScreen(width: 30, height: 3)
    screen.setRoot(root())
    screen.setRoot(root())
    #expect(screen.lastUpdate.sectionsSkipped == 0 && screen.lastUpdate.itemsCompared == 100)
  }

  /// Sections reordered: the whole list is diffed, nothing skipped.
  @Test func reorderedPagesAreReadWhole() {
    var log = Log()
    for number in 0..<2_000 { log.append(LogLine(identifier: "l\(number)", text: "line \(number)")) }
    let screen = ListScreen(width: 30, height: 3)
    screen.setRoot(log.root())
    screen.setRoot(
      CompositeSection([
        ListSection<LogLine, LogLineController>(log.pages[1], id: "page1"),
        ListSection<LogLine, LogLineController>(log.pages[0], id: "page0"),
      ]))
    #expect(screen.lastUpdate.sectionsSkipped == 0 && screen.lastUpdate.itemsCompared == 4_000)
    #expect(screen.text == "line 1000\nline 1001\nline 1002")
  }

  /// A view model never equal to itself is not updated while its section
  /// is untouched; it is when the array is new.
  @Test func aViewModelNeverEqualToItselfUpdatesWithItsArray() {
    struct Reading: ListViewModel, Equatable {
      var identifier: String
      var value: Double
    }
    final class ReadingController: ListCellController<Reading, ListViewStateNone, LogLineCell> {
      override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
      override func configureCell(cell: LogLineCell) { cell.text = "\(viewModel.value)" }
    }
    let readings = [Reading(identifier: "r", value: .nan)]
    let screen = ListScreen(width: 30, height: 3)
    screen.setRoot(ListSection<Reading, ReadingController>(readings))
    screen.setRoot(ListSection<Reading, ReadingController>(readings))
    #expect(screen.lastUpdate.updates == 0 && screen.lastUpdate.sectionsSkipped == 1)
    screen.setRoot(ListSection<Reading, ReadingController>(readings.map { $0 }))
    #expect(screen.lastUpdate.updates == 1)
  }
}

@Suite("Article: Performance")
struct PerformanceArticleTests {
  @Test func repeatedIdentifiersReadAsASwap() {
    let result = repeatedIdentifiers()
    #expect(result.moves == [ListMoveIndex(from: 2, to: 1), ListMoveIndex(from: 1, to: 2)])
    #expect(result.inserts.isEmpty && result.deletes.isEmpty && result.updates.isEmpty)
  }

  /// The count the article promises, over many lists full of repeats.
  @Test func countsAlwaysBalance() {
    for seed in UInt64(0)..<2_000 {
      var generator = SeededGenerator(seed: seed)
      let letters = ["a", "b", "c", "d"]
      let old = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      let new = (0..<Int.random(in: 0..<12, using: &generator)).map { _ in letters.randomElement(using: &generator)! }
      let result = listDiff(oldArray: old, newArray: new)
      #expect(old.count + result.inserts.count - result.deletes.count == new.count, "seed \(seed)")
      let batch = result.forBatchUpdates()
      #expect(batch.updates.isEmpty, "seed \(seed)")
      #expect(old.count + batch.inserts.count - batch.deletes.count == new.count, "seed \(seed)")
    }
  }

  @Test func forBatchUpdatesTurnsAMovedUpdateIntoDeleteAndInsert() {
    struct Row: ListDiffable, Equatable {
      var id: String
      var text: String
      var diffIdentifier: String { id }
    }
    let old = [Row(id: "a", text: "1"), Row(id: "b", text: "1")]
    let new = [Row(id: "b", text: "2"), Row(id: "a", text: "1")]
    let batch = listDiff(oldArray: old, newArray: new).forBatchUpdates()
    #expect(batch.deletes == [1] && batch.inserts == [0] && batch.updates.isEmpty)
  }
}
