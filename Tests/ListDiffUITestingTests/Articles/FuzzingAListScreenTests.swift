// The article Fuzzing a list screen
// (Sources/ListDiffUITesting/ListDiffUITesting.docc/FuzzingAListScreen.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so). The
// article's fuzz fails by design, so its @Test functions sit in a disabled
// suite; the tests at the end run them inside `withKnownIssue` and check
// the report the article prints.

import Foundation
import ListDiffUI
@testable import ListDiffUITesting
import Testing

struct Message: Sendable, Equatable {
  var id: Int
  var subject: String
  var isRead: Bool
}

struct Inbox: Sendable {
  var messages: [Message] = []
  var nextID = 0
}

struct MessageViewModel: ListViewModel, Equatable {
  var identifier: String
  var subject: String
  var isRead: Bool

  // The bug: whether a message was read is left out.
  static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.identifier == rhs.identifier && lhs.subject == rhs.subject
  }
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
    cell.line = (viewModel.isRead ? "  " : "● ") + viewModel.subject
  }
}

func inboxSection(_ inbox: Inbox) -> Section? {
  ListSection<Message, MessageController>(inbox.messages) {
    MessageViewModel(
      identifier: "m\($0.id)", subject: $0.subject, isRead: $0.isRead)
  }
}

func inboxChanges() -> [ListFuzzChange<Inbox>] {
  [
    ListFuzzChange("receive", weight: 2) { inbox, random in
      let message = Message(
        id: inbox.nextID, subject: random.word(length: 6),
        isRead: false)
      inbox.nextID += 1
      inbox.messages.insert(
        message, at: random.int(in: 0...inbox.messages.count))
    },
    ListFuzzChange("read") { inbox, random in
      if let index = random.index(of: inbox.messages, identifiedBy: \.id) {
        inbox.messages[index].isRead = true
      }
    },
    ListFuzzChange("delete") { inbox, random in
      if let index = random.index(of: inbox.messages, identifiedBy: \.id) {
        inbox.messages.remove(at: index)
      }
    },
  ]
}

@Suite(.disabled("fails by design: the tests below run it and check its report"))
struct FuzzingAListScreenExamples {
@Test @MainActor func theInboxSurvivesAnything() async {
  await fuzzList(
    Inbox(), seed: 42, steps: 2_000, width: 24, height: 6,
    changes: inboxChanges(), root: inboxSection)
}

@Test @MainActor func theReadMarkIsRedrawn() async {
  await fuzzList(
    Inbox(), changes: inboxChanges(),
    replay: "receive#1035 read#3213", root: inboxSection)
}
}

@Suite("The article Fuzzing a list screen", .timeLimit(.minutes(20)))
@MainActor
struct FuzzingAListScreenTests {
  /// The article's report: the bare fenced block after "this one issue:".
  private func articleReport() throws -> String {
    let article = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("Sources/ListDiffUITesting/ListDiffUITesting.docc/FuzzingAListScreen.md")
    let text = try String(contentsOf: article, encoding: .utf8)
    let opened = try #require(text.components(separatedBy: "this one issue:\n\n```\n").dropFirst().first)
    return try #require(opened.components(separatedBy: "\n```\n").first)
  }

  @Test(.disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "the catalog is not a runfile"))
  func theFuzzFindsTheBugAndPrintsTheArticlesReport() async throws {
    let reports = await fuzzReports {
      await FuzzingAListScreenExamples().theInboxSurvivesAnything()
    }
    try #require(reports.count == 1)
    let expected = try articleReport()
    #expect(reports[0] == expected, "\(LineDiff(expected: expected.split(separator: "\n", omittingEmptySubsequences: false), actual: reports[0].split(separator: "\n", omittingEmptySubsequences: false)))")
  }

  @Test func theReplayReproducesTheFailure() async throws {
    let reports = await fuzzReports {
      await FuzzingAListScreenExamples().theReadMarkIsRedrawn()
    }
    try #require(reports.count == 1)
    #expect(failedCheck(of: reports[0]) == "fresh screen")
    #expect(replayLine(of: reports[0]) == "receive#1035 read#3213")
  }

  /// Without the planted bug (every field compared), the same seed passes.
  @Test func theFixedScreenPasses() async {
    await fuzzList(
      Inbox(), seed: 42, steps: 500, width: 24, height: 6, changes: inboxChanges(),
      root: { inbox in
        ListSection<Message, FixedMessageController>(inbox.messages) {
          FixedMessageViewModel(identifier: "m\($0.id)", subject: $0.subject, isRead: $0.isRead)
        }
      })
  }
}

/// The inbox's view model with the synthesized `==`.
struct FixedMessageViewModel: ListViewModel, Equatable {
  var identifier: String
  var subject: String
  var isRead: Bool
}

final class FixedMessageController:
  ListCellController<FixedMessageViewModel, ListViewStateNone, MessageCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: MessageCell) {
    cell.line = (viewModel.isRead ? "  " : "● ") + viewModel.subject
  }
}
