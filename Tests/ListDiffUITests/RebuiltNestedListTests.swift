// Issue 44 item 6: a carousel or a grid whose section is built anew for
// every root (as the articles build them) with the same contents leaves
// its row untouched, so liking one post is one update.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

private struct LikedPost: ListViewModel, Equatable {
  var identifier: String
  var likes = 0
}

private final class LikedPostController: ListCellController<LikedPost, ListViewStateNone, PosterCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: PosterCell) {
    cell.text = "\(viewModel.identifier) ♥\(viewModel.likes)"
  }
}

/// A feed as the articles build one: posts, a carousel of recent posters
/// and a grid of swatches, every section made anew by each call.
private func likedFeed(_ posts: [LikedPost], carouselAfter: Int) -> Section {
  CompositeSection {
    ListSection<LikedPost, LikedPostController>(Array(posts.prefix(carouselAfter)), id: "top")
    CarouselSection(id: "recent", height: 1) {
      ListSection<String, PosterController>(["Up", "Heat", "Jaws"]) {
        PosterViewModel(identifier: $0, title: $0)
      }
    }
    GridSection(id: "swatches", columns: 3) {
      ListSection<String, SwatchController>(["red", "green", "blue", "teal"]) {
        SwatchViewModel(identifier: $0, name: $0)
      }
    }
    ListSection<LikedPost, LikedPostController>(Array(posts.dropFirst(carouselAfter)), id: "rest")
  }
}

@MainActor
@Suite("A carousel or a grid rebuilt with the same contents")
struct RebuiltNestedListTests {
  @Test("liking one post is one update: the rebuilt carousel and grid rows are untouched", arguments: [false, true])
  func likingOnePost(nestedOnScreen: Bool) throws {
    var posts = (0..<20).map { LikedPost(identifier: "p\($0)") }
    // On screen: the carousel and the grid right below the first post;
    // off screen: below the twentieth.
    let carouselAfter = nestedOnScreen ? 1 : 20
    let screen = ListScreen(width: 30, height: 8)
    screen.setRoot(likedFeed(posts, carouselAfter: carouselAfter))
    #expect(screen.text.contains("[Up]") == nestedOnScreen)
    #expect(screen.text.contains("red") == nestedOnScreen)
    posts[0].likes += 1
    screen.setRoot(likedFeed(posts, carouselAfter: carouselAfter))
    let update = try #require(screen.updates.last)
    #expect(update.updates == [0], "updated \(update.updates)")
    #expect(update.inserts.isEmpty && update.deletes.isEmpty && update.moves.isEmpty)
    #expect(screen.lastUpdate.updates == 1)
    #expect(screen.lastUpdate.sizeRequests <= 1)
    #expect(screen.lastUpdate.cellsConfigured <= 1)
    #expect(screen.text.hasPrefix("p0 ♥1"))
  }

  @Test("a rebuilt carousel or grid whose contents changed is still updated")
  func changedContentsAreAnUpdate() throws {
    let screen = ListScreen(width: 30, height: 8)
    func root(_ poster: String, _ swatch: String) -> Section {
      CompositeSection {
        CarouselSection(id: "recent", height: 1) {
          ListSection<PosterViewModel, PosterController>(PosterViewModel(identifier: "one", title: poster))
        }
        GridSection(id: "swatches", columns: 3) {
          ListSection<SwatchViewModel, SwatchController>(SwatchViewModel(identifier: "one", name: swatch))
        }
      }
    }
    screen.setRoot(root("Up", "red"))
    screen.setRoot(root("Heat", "red"))
    #expect(screen.updates.last?.updates == [0])
    #expect(screen.text.hasPrefix("[Heat]"))
    screen.setRoot(root("Heat", "blue"))
    #expect(screen.updates.last?.updates == [1])
    #expect(screen.text.contains("blue"))
  }
  @Test("a rebuilt carousel whose sections' delegate is another object is an update; the same object is not")
  func anotherDelegateIsAnUpdate() {
    final class Owner {}
    let (first, second) = (Owner(), Owner())
    let screen = ListScreen(width: 30, height: 8)
    func root(_ owner: Owner) -> Section {
      CarouselSection(id: "recent", height: 1) {
        ListSection<PosterViewModel, PosterController>(
          [PosterViewModel(identifier: "one", title: "Up")], delegate: WeakAnyObject(object: owner))
      }
    }
    screen.setRoot(root(first))
    screen.setRoot(root(first))
    #expect(screen.updates.count == 1, "a new reference to the same delegate: nothing to update")
    screen.setRoot(root(second))
    #expect(screen.updates.last?.updates == [0], "the carousel's controllers must see the new delegate")
  }
}
