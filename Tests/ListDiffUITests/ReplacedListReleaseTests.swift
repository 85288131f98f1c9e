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

/// A list a root replaces is let go of: at once when it is short, on a
/// background task when it is long (so that the main actor does not wait
/// for every item's release). Either way nothing of it stays alive.
@Suite("Replaced lists are released", .timeLimit(.minutes(5)))
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

  @Test("a short replaced list is released before setRootSection returns")
  func shortListIsReleasedAtOnce() {
    let dataSource = makeDataSource()
    let first = LiveCount()
    dataSource.setRootSection(section(100, "a", first))
    #expect(first.value == 100)
    dataSource.setRootSection(section(100, "b", LiveCount()))
    #expect(first.value == 0)
  }

  @Test("a long replaced list is released soon after, and every item of it", arguments: [5_000, 50_000])
  func longListIsReleasedSoon(count: Int) async throws {
    let dataSource = makeDataSource()
    let first = LiveCount()
    // The synchronous form, as a screen's code calls it.
    dataSource.setRootSection(section(count, "a", first), completion: nil)
    #expect(first.value == count)
    let second = LiveCount()
    dataSource.setRootSection(section(count, "b", second), completion: nil)
    #expect(dataSource.itemCount == count)
    // The release runs on a background task: wait for it (the suite's time
    // limit fails a release that never comes).
    while first.value > 0 { try await Task.sleep(for: .milliseconds(5)) }
    #expect(first.value == 0)
    #expect(second.value == count, "the list shown is kept")
  }
}
