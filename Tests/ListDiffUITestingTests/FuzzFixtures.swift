import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing

// A feed for the fuzzer's tests: groups of posts under pinned headers, one
// group nested in another, posts one or two lines tall. Its controllers are
// correct unless a planted bug is switched on.

struct FuzzPost: Sendable, Equatable {
  var id: Int
  var text: String
  var likes: Int
  var tall: Bool
}

struct FuzzFeed: Sendable {
  var groups: [[FuzzPost]] = [[], [], []]
  var nextID = 0

  static func sample(posts: Int = 24) -> FuzzFeed {
    var feed = FuzzFeed()
    var random = ListFuzzRandom(seed: 7)
    for _ in 0..<posts { feed.addPost(to: random.int(in: 0...2), using: &random) }
    return feed
  }

  mutating func addPost(to group: Int, using random: inout ListFuzzRandom) {
    let post = FuzzPost(id: nextID, text: random.word(length: random.int(in: 3...8)), likes: 0, tall: random.chance(0.2))
    nextID += 1
    groups[group].insert(post, at: random.int(in: 0...groups[group].count))
  }

  /// A random post's place; nil when there are none.
  func randomPlace(_ random: inout ListFuzzRandom) -> (group: Int, index: Int)? {
    let places = groups.indices.flatMap { group in groups[group].indices.map { (group, $0) } }
    return random.element(of: places)
  }
}

/// Which bug the feed's code has; `.none` for a correct screen.
enum PlantedBug: Sendable {
  case none
  /// `FuzzPostViewModel.==` ignores the likes, which the cell shows.
  case equalityIgnoresLikes
  /// The controller keeps the text of its first configure.
  case cachesText
  /// The controller keeps itself alive in a global once mounted.
  case keepsItselfAlive
}

struct FuzzPostViewModel: ListViewModel, Equatable {
  var identifier: String
  var post: FuzzPost
  var bug: PlantedBug

  static func == (lhs: Self, rhs: Self) -> Bool {
    if lhs.bug == .equalityIgnoresLikes {
      return lhs.identifier == rhs.identifier && lhs.post.text == rhs.post.text && lhs.post.tall == rhs.post.tall
    }
    return lhs.identifier == rhs.identifier && lhs.post == rhs.post
  }
}

final class FuzzPostCell: ListCell {
  var line = ""
  override var textRepresentation: String { line }
}

/// Controllers the `.keepsItselfAlive` bug holds on to.
@MainActor var keptControllers: [AnyObject] = []

/// A post opened by a tap shows one line more: state its controller keeps.
struct FuzzPostState: ListViewState {
  var isOpen = false
}

final class FuzzPostController: ListCellController<FuzzPostViewModel, FuzzPostState, FuzzPostCell> {
  private var cachedText: String?

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: (viewModel.post.tall ? 2 : 1) + (viewState.isOpen ? 1 : 0))
  }
  override func didSelect(cell: FuzzPostCell) {
    updateState(FuzzPostState(isOpen: !viewState.isOpen))
  }
  override func configureCell(cell: FuzzPostCell) {
    var text = "#\(viewModel.post.id) \(viewModel.post.text) ♥\(viewModel.post.likes)"
    if viewModel.bug == .cachesText {
      if cachedText == nil { cachedText = text }
      text = cachedText ?? text
    }
    cell.line = text + (viewModel.post.tall ? "\n  (more)" : "") + (viewState.isOpen ? "\n  [open]" : "")
  }
  override func didMount(onCell cell: FuzzPostCell) {
    if viewModel.bug == .keepsItselfAlive { keptControllers.append(self) }
  }
  override var canMove: Bool { true }
}

struct FuzzTitle: ListViewModel, Equatable {
  var identifier: String
  var title: String
}

final class FuzzTitleController: ListCellController<FuzzTitle, ListViewStateNone, FuzzPostCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: FuzzPostCell) { cell.line = "== \(viewModel.title) ==" }
}

/// The feed's root: group 0 and 1 under pinned headers, group 1 nested in
/// a pinned "more" section, group 2 plain.
@MainActor
func fuzzFeedRoot(_ feed: FuzzFeed, bug: PlantedBug = .none) -> Section? {
  func posts(_ group: Int) -> ListSection<FuzzPostViewModel, FuzzPostController> {
    ListSection<FuzzPostViewModel, FuzzPostController>(
      feed.groups[group].map { FuzzPostViewModel(identifier: "p\($0.id)", post: $0, bug: bug) }, id: "g\(group)")
  }
  func title(_ text: String, count: Int) -> ListSection<FuzzTitle, FuzzTitleController> {
    ListSection<FuzzTitle, FuzzTitleController>(FuzzTitle(identifier: "title", title: "\(text) (\(count))"))
  }
  return CompositeSection(id: "feed", header: title("feed", count: feed.groups.joined().count), pinsHeader: true) {
    posts(0)
    CompositeSection(id: "more", header: title("more", count: feed.groups[1].count), pinsHeader: true) {
      posts(1)
    }
    posts(2)
  }
}

/// The feed's changes: posts added, deleted, liked, edited, moved between
/// groups.
func fuzzFeedChanges() -> [ListFuzzChange<FuzzFeed>] {
  [
    ListFuzzChange("post", weight: 3) { feed, random in feed.addPost(to: random.int(in: 0...2), using: &random) },
    ListFuzzChange("delete", weight: 2) { feed, random in
      if let place = feed.randomPlace(&random) { feed.groups[place.group].remove(at: place.index) }
    },
    ListFuzzChange("like", weight: 3) { feed, random in
      if let place = feed.randomPlace(&random) { feed.groups[place.group][place.index].likes += 1 }
    },
    ListFuzzChange("edit") { feed, random in
      if let place = feed.randomPlace(&random) {
        feed.groups[place.group][place.index].text = random.word(length: random.int(in: 2...9))
        feed.groups[place.group][place.index].tall.toggle()
      }
    },
    ListFuzzChange("regroup") { feed, random in
      if let place = feed.randomPlace(&random) {
        let post = feed.groups[place.group].remove(at: place.index)
        let group = random.int(in: 0...2)
        feed.groups[group].insert(post, at: random.int(in: 0...feed.groups[group].count))
      }
    },
  ]
}

/// Applies a move the user made to the feed, as a `moveHandler` does.
func applyFuzzMove(_ feed: inout FuzzFeed, _ move: ListItemMove) {
  guard let from = Int(move.sectionPath.last?.dropFirst() ?? ""), let to = Int(move.toSectionPath.last?.dropFirst() ?? ""),
    feed.groups.indices.contains(from), feed.groups.indices.contains(to),
    feed.groups[from].indices.contains(move.fromIndex)
  else { return }
  let post = feed.groups[from].remove(at: move.fromIndex)
  feed.groups[to].insert(post, at: min(move.toIndex, feed.groups[to].count))
}

// The feed again with its middle group as a carousel of tiles (gone while
// the group is empty), under the pinned feed header, and its last group as
// a grid in a composite with a placeholder (a grid of no items counts as an
// item, its row: the placeholder shows only without the grid): the layouts
// of issue 31 under every gesture. Its first group is an outline.

/// A post as a carousel's tile: six columns, eight when open.
final class FuzzTileController: ListCellController<FuzzPostViewModel, FuzzPostState, FuzzPostCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: viewState.isOpen ? 8 : 6, height: containerSize.height)
  }
  override func didSelect(cell: FuzzPostCell) {
    updateState(FuzzPostState(isOpen: !viewState.isOpen))
  }
  override func configureCell(cell: FuzzPostCell) {
    cell.line = "#\(viewModel.post.id)" + (viewState.isOpen ? "+" : "") + (isFocused ? "<" : "")
      + "\n♥\(viewModel.post.likes)"
  }
}

@MainActor
func fuzzCarouselFeedRoot(_ feed: FuzzFeed) -> Section? {
  // The carousel first, so that it is on screen often.
  func viewModels(_ group: Int) -> [FuzzPostViewModel] {
    feed.groups[group].map { FuzzPostViewModel(identifier: "p\($0.id)", post: $0, bug: .none) }
  }
  func title(_ text: String) -> ListSection<FuzzTitle, FuzzTitleController> {
    ListSection<FuzzTitle, FuzzTitleController>(FuzzTitle(identifier: "title", title: text))
  }
  return CompositeSection(id: "feed", header: title("feed"), pinsHeader: true) {
    if !feed.groups[1].isEmpty {
      CarouselSection(id: "strip", height: 2, paging: feed.groups[1].count % 2 == 0 ? .items : .none) {
        ListSection<FuzzPostViewModel, FuzzTileController>(viewModels(1), id: "g1")
      }
    }
    // The first group as a tree, a heap's: the post at index i has those at
    // 2i + 1 and 2i + 2 below it; its expanded rows pin.
    OutlineSection<Int, FuzzPostController>(
      id: "g0", roots: feed.groups[0].isEmpty ? [] : [0],
      children: { [posts = feed.groups[0]] index in
        let below = [2 * index + 1, 2 * index + 2].filter { $0 < posts.count }
        return below.isEmpty ? nil : below
      },
      pinsParents: true
    ) { [posts = feed.groups[0]] index, row in
      var post = posts[index]
      post.text = String(repeating: " ", count: row.depth) + (row.hasChildren ? (row.isExpanded ? "v " : "> ") : "")
        + post.text
      return FuzzPostViewModel(identifier: "p\(post.id)", post: post, bug: .none)
    }
    CompositeSection(
      id: "more", header: title("more"), pinsHeader: true, placeholder: title("nothing more")
    ) {
      // Posts a third of a line wide, as tall as they ask (taps open them).
      GridSection(id: "grid", columns: 3) {
        ListSection<FuzzPostViewModel, FuzzPostController>(viewModels(2), id: "g2")
      }
    }
  }
}
