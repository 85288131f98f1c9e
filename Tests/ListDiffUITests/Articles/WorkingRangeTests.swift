// The article Working range (Sources/ListDiffUI/ListDiffUI.docc/WorkingRange.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

struct PhotoViewModel: ListViewModel, Equatable {
  var identifier: String
  var url: String
}

final class PhotoCell: ListCell {}

/// Remembers which images were asked for and which are still wanted.
@MainActor
final class ImageCache {
  static let shared = ImageCache()
  var requested: [String] = []
  var cancelled: [String] = []

  func prefetch(_ url: String) async {
    requested.append(url)
    // Suspends until the task is cancelled, as a long download would.
    while !Task.isCancelled { await Task.yield() }
    cancelled.append(url)
  }

  func reset() {
    requested = []
    cancelled = []
  }
}

final class PhotoController:
  ListCellController<PhotoViewModel, ListViewStateNone, PhotoCell>
{
  private var loading: Task<Void, Never>?

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 10)
  }

  override func willEnterWorkingRange() {
    let url = viewModel.url
    loading = Task { await ImageCache.shared.prefetch(url) }
  }

  override func didExitWorkingRange() {
    loading?.cancel()
    loading = nil
  }
}

@MainActor
func showPhotos(
  _ photos: [PhotoViewModel], in dataSource: ListDiffDataSource
) {
  dataSource.workingRangeSize = 3
  dataSource.setRootSection(
    ListSection<PhotoViewModel, PhotoController>(photos))
}

@Suite("Article: Working range", .serialized)
@MainActor
struct WorkingRangeArticleTests {
  @Test(.timeLimit(.minutes(20)))
  func photosAheadOfTheViewportAreLoadedAndCancelled() async {
    ImageCache.shared.reset()
    let screen = ListScreen(width: 20, height: 50)
    let photos = (0..<40).map { PhotoViewModel(identifier: "p\($0)", url: "https://example.com/\($0).jpg") }
    showPhotos(photos, in: screen.dataSource)
    // p0-p4 visible, 3 beyond: p0-p7.
    while ImageCache.shared.requested.count < 8 { await Task.yield() }
    #expect(Set(ImageCache.shared.requested) == Set((0..<8).map { "https://example.com/\($0).jpg" }))
    screen.scroll(by: 200)  // p20-p24 visible: p17-p27 in range, p0-p7 out
    while ImageCache.shared.cancelled.count < 8 { await Task.yield() }
    #expect(Set(ImageCache.shared.cancelled) == Set((0..<8).map { "https://example.com/\($0).jpg" }))
    screen.dataSource.workingRangeSize = 0
    while ImageCache.shared.cancelled.count < 19 { await Task.yield() }
    #expect(ImageCache.shared.requested.count == 19)
  }
}
