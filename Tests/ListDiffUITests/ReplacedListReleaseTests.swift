import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

/// Counts the live instances that view models hold, from any thread.
private final class LiveCount: Sendable {
  private let lock = NSLock()
  nonisolated(unsafe) private var count = 0

  var value: Int { lock.withLock { count } }
  func add(_ delta: Int) { lock.withLock { count += delta } }
}

/// Something a view model holds whose release can be observed.
private final class Token: Sendable {
  let live: LiveCount
  init(_ live: LiveCount) {
    self.live = live
    live.add(1)
  }
  deinit { live.add(-1) }
}

private struct TokenVM: ListViewModel, Equatable {
  var identifier: String
  var token: Token
  static func == (lhs: TokenVM, rhs: TokenVM) -> Bool { lhs.identifier == rhs.identifier }
}

private final class TokenController: ListCellController<TokenVM, ListViewStateNone, ListCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
}

/// The view models of a list a root replaces are kept until the main
/// actor's next turn (as IGListKit keeps its previous objects until the
/// batch update completes), never longer than the next root, and released
/// there, on the main actor.
@Suite("Replaced view models are released", .timeLimit(.minutes(20)))
@MainActor
struct ReplacedListReleaseTests {
  private func makeDataSource() -> ListDiffDataSource {
    let layout = CollectionViewFlowLayout()
    layout.estimatedItemSize = CGSize(width: 20, height: 1)
    return ListDiffDataSource(
      collectionView: CollectionView(frame: CGRect(x: 0, y: 0, width: 20, height: 10), collectionViewLayout: layout))
  }

  private func section(_ count: Int, _ prefix: String, _ live: LiveCount) -> Section {
    ListSection<TokenVM, TokenController>((0..<count).map { TokenVM(identifier: "\(prefix)\($0)", token: Token(live)) })
  }

  /// Lets the main actor take its next turns until `live` is empty, for at
  /// most ten seconds.
  private func waitUntilReleased(
    _ live: LiveCount, sourceLocation: SourceLocation = #_sourceLocation
  ) async throws {
    await poll("\(live.value) view models still live", sourceLocation: sourceLocation) { live.value == 0 }
  }

  @Test("a replaced list's view models are released on the main actor's next turn", arguments: [100, 5_000, 50_000])
  func releasedOnTheNextTurn(count: Int) async throws {
    let dataSource = makeDataSource()
    let first = LiveCount()
    // The synchronous form, as a screen's code calls it.
    dataSource.setRootSection(section(count, "a", first), completion: nil)
    let second = LiveCount()
    dataSource.setRootSection(section(count, "b", second), completion: nil)
    #expect(dataSource.itemCount == count)
    #expect(first.value == count, "kept until the next turn")
    try await waitUntilReleased(first)
    #expect(first.value == 0)
    #expect(second.value == count, "the list shown is kept")
    dataSource.setRootSection(nil, completion: nil)
    try await waitUntilReleased(second)
    #expect(second.value == 0)
  }

  @Test("roots set without yielding keep at most one replaced list waiting")
  func atMostOneListWaits() async throws {
    let dataSource = makeDataSource()
    let lives = (0..<4).map { _ in LiveCount() }
    for (index, live) in lives.enumerated() {
      dataSource.setRootSection(section(1_000, "r\(index)", live), completion: nil)
    }
    #expect(lives.map(\.value) == [0, 0, 1_000, 1_000], "only the last replaced list waits")
    try await waitUntilReleased(lives[2])
    #expect(lives.map(\.value) == [0, 0, 0, 1_000])
  }

  @Test("a data source let go of releases the list waiting with it")
  func waitingListGoesWithTheDataSource() {
    let first = LiveCount()
    do {
      let dataSource = makeDataSource()
      dataSource.setRootSection(section(1_000, "a", first))
      dataSource.setRootSection(section(1_000, "b", LiveCount()))
      #expect(first.value == 1_000)
    }
    #expect(first.value == 0)
  }
}
