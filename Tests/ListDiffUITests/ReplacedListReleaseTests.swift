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

/// The view models of a list a root replaces are the user's values and may
/// hold the user's objects, so they are released before `setRootSection`
/// returns, on the caller's actor, however long the list (a long list's
/// identities, the data source's own strings, go on a background task).
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

  @Test(
    "a replaced list's view models are released before setRootSection returns",
    arguments: [100, 5_000, 50_000])
  func replacedViewModelsAreReleasedAtOnce(count: Int) {
    let dataSource = makeDataSource()
    let first = LiveCount()
    dataSource.setRootSection(section(count, "a", first))
    #expect(first.value == count)
    let second = LiveCount()
    dataSource.setRootSection(section(count, "b", second))
    #expect(dataSource.itemCount == count)
    #expect(first.value == 0)
    #expect(second.value == count, "the list shown is kept")
    dataSource.setRootSection(nil)
    #expect(second.value == 0)
  }
}
