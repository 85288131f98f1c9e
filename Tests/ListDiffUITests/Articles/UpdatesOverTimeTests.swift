// The article Updates over time (Sources/ListDiffUI/ListDiffUI.docc/UpdatesOverTime.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

struct ChatMessage: Sendable, Equatable {
  var id: String
  var text: String
}

struct ChatViewModel: ListViewModel, Equatable {
  var identifier: String
  var text: String
}

final class ChatCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class ChatController:
  ListCellController<ChatViewModel, ListViewStateNone, ChatCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: ChatCell) {
    cell.text = viewModel.text
  }
}

func chatSection(_ messages: [ChatMessage]) -> Section {
  ListSection<ChatMessage, ChatController>(messages, id: "chat") {
    ChatViewModel(identifier: $0.id, text: $0.text)
  }
}

@MainActor
func send(_ messages: [ChatMessage], to dataSource: ListDiffDataSource)
  -> Int
{
  dataSource.setRootSection(chatSection(messages))
  return dataSource.itemCount  // already messages.count
}

@MainActor
func showAll(
  _ snapshots: [[ChatMessage]], on dataSource: ListDiffDataSource
) async {
  for snapshot in snapshots.dropLast() {
    // Does not wait, and may be skipped for a newer root:
    dataSource.setRootSection(chatSection(snapshot), completion: nil)
  }
  await dataSource.setRootSection(chatSection(snapshots.last ?? []))
}

@MainActor
func follow(
  _ inbox: AsyncStream<[ChatMessage]>, on dataSource: ListDiffDataSource
) -> Task<Void, Never> {
  dataSource.observe(inbox) { messages in
    // On a background task: build sections, touch no view.
    chatSection(messages)
  }
}

@MainActor
@Suite("Article: Updates over time")
struct UpdatesOverTimeArticleTests {
  static func messages(_ ids: String...) -> [ChatMessage] { ids.map { ChatMessage(id: $0, text: $0) } }

  func makeDataSource(async: Bool) -> ListDiffDataSource {
    ArticleScreen.dataSource(width: 10, height: 5, applyUpdatesAsync: async)
  }

  func rows(_ dataSource: ListDiffDataSource) -> [String] {
    ArticleScreen.rows(of: dataSource.collectionView, droppingBlank: true)
  }

  @Test func synchronousRootsAreAppliedOnReturn() {
    let dataSource = makeDataSource(async: false)
    var completed = false
    var updates = 0
    dataSource.updateHandler = { _ in updates += 1 }
    dataSource.setRootSection(chatSection(Self.messages("a"))) { completed = true }
    #expect(completed && updates == 1)
    #expect(send(Self.messages("a", "b"), to: dataSource) == 2)
    #expect(rows(dataSource) == ["a", "b"])
  }

  @Test func aRootSetFromACompletionFollowsIt() {
    let dataSource = makeDataSource(async: false)
    var order: [String] = []
    dataSource.setRootSection(chatSection(Self.messages("a"))) {
      order.append("first")
      dataSource.setRootSection(chatSection(Self.messages("a", "b"))) { order.append("second") }
    }
    #expect(order == ["first", "second"])
    #expect(rows(dataSource) == ["a", "b"])
  }

  @Test(.timeLimit(.minutes(20))) func asynchronousRootsCoalesceAndEndOnTheLatest() async {
    let dataSource = makeDataSource(async: true)
    var completions: [Int] = []
    var applied: [Int] = []
    dataSource.updateHandler = { applied.append($0.newItemCount) }
    let snapshots = (1...20).map { n in (0..<n).map { ChatMessage(id: "m\($0)", text: "m\($0)") } }
    for (index, snapshot) in snapshots.enumerated() {
      dataSource.setRootSection(chatSection(snapshot)) { completions.append(index) }
    }
    await showAll([Self.messages("x"), Self.messages("x", "y")], on: dataSource)
    #expect(completions == Array(0..<20))
    #expect(rows(dataSource) == ["x", "y"])
    #expect(applied.count < snapshots.count)
    #expect(applied.last == 2)
  }

  @Test(.timeLimit(.minutes(20))) func observeShowsEveryElement() async {
    let dataSource = makeDataSource(async: false)
    var shown: [[String]] = []
    dataSource.updateHandler = { _ in shown.append(rows(dataSource)) }
    let (inbox, continuation) = AsyncStream.makeStream(of: [ChatMessage].self)
    let task = follow(inbox, on: dataSource)
    continuation.yield(Self.messages("a"))
    continuation.yield(Self.messages("a", "b"))
    continuation.yield(Self.messages("b"))
    continuation.finish()
    await task.value
    #expect(shown == [["a"], ["a", "b"], ["b"]])
  }

  @Test(.timeLimit(.minutes(20))) func observesSectionClosureRunsOffTheMainActor() async {
    for async in [false, true] {
      let dataSource = makeDataSource(async: async)
      let record = ThreadRecord()  // AsyncTests.swift: counts calls on and off this thread
      let task = dataSource.observe(AsyncStream([ChatMessage].self) { continuation in
        continuation.yield(Self.messages("a"))
        continuation.finish()
      }) { messages in
        record.note()
        return chatSection(messages)
      }
      await task.value
      #expect(record.counts == (main: 0, other: 1))
      #expect(dataSource.itemCount == 1)
    }
  }

  @Test(.timeLimit(.minutes(20))) func transformsRunOffTheMainActorOnlyWhenAsync() async {
    for async in [false, true] {
      let dataSource = makeDataSource(async: async)
      let record = ThreadRecord()
      let section = ListSection<ChatMessage, ChatController>(Self.messages("a", "b")) { message in
        record.note()
        return ChatViewModel(identifier: message.id, text: message.text)
      }
      await dataSource.setRootSection(section)
      let counts = record.counts
      #expect(async ? counts.other == 2 : counts.main == 2, "applyUpdatesAsync: \(async), \(counts)")
    }
  }

  @Test func animateMeansWhatItSays() {
    let dataSource = makeDataSource(async: false)
    var animated: [Bool] = []
    dataSource.updateHandler = { animated.append($0.animated) }
    dataSource.setRootSection(chatSection(Self.messages("a")), animate: true)
    dataSource.setRootSection(chatSection(Self.messages("a", "b")), animate: false)
    #expect(animated == [true, false])
  }
}
