// The article Accessibility (Sources/ListDiffUI/ListDiffUI.docc/Accessibility.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

struct Song: ListViewModel, Equatable {
  var identifier: String
  var title: String
  var isPlaying = false
}

final class SongCell: ListCell {
  var line = ""
  override var textRepresentation: String { line }
}

final class SongController:
  ListCellController<Song, ListViewStateNone, SongCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }

  override func configureCell(cell: SongCell) {
    cell.line = (viewModel.isPlaying ? "▶ " : "  ") + viewModel.title
    cell.accessibilityLabel = viewModel.title
    cell.accessibilityValue = viewModel.isPlaying ? "playing" : nil
    cell.accessibilityTraits = .button
  }

  override var canMove: Bool { true }

  override func trailingActions() -> [ListItemAction] {
    [ListItemAction(title: "Remove", style: .destructive) {}]
  }
}

@MainActor
func spokenElements(of dataSource: ListDiffDataSource) -> [String] {
  // ["Intro, playing, Button, 1 of 3", "Verse, Button, 2 of 3", …]
  dataSource.accessibilityElements.map(\.description)
}

@MainActor
func readOn(in dataSource: ListDiffDataSource) {
  dataSource.accessibilityFocus = ListItemID(identifier: "verse")
  dataSource.moveAccessibilityFocus(.next)
  dataSource.moveAccessibilityFocus(.previous)
}

@MainActor
final class Announcements {
  var heard: [String] = []

  func listen(to dataSource: ListDiffDataSource) {
    dataSource.accessibilityNotificationHandler = { [weak self] in
      // On a device: UIAccessibility.post(notification:argument:)
      self?.heard.append($0.description)
    }
  }
}

@MainActor
func moveTheVerseDown(in dataSource: ListDiffDataSource) {
  dataSource.accessibilityFocus = ListItemID(identifier: "verse")
  dataSource.performAccessibilityAction(named: "Move down")
  dataSource.activateAccessibilityFocus()  // a double tap
}

@MainActor
func announceAndPage(_ dataSource: ListDiffDataSource) {
  dataSource.announcesUpdates = true
  dataSource.accessibilityScroll(.down)
}

/// The songs of the article's examples, with a heading above them.
@MainActor
func songsRoot(_ titles: [String], playing: String? = nil) -> Section {
  CompositeSection(
    id: "album", header: ListSection<Song, SongController>([Song(identifier: "title", title: "Album")]),
    pinsHeader: true
  ) {
    ListSection<Song, SongController>(
      titles.map { Song(identifier: $0.lowercased(), title: $0, isPlaying: $0 == playing) }, id: "songs")
  }
}

@MainActor
@Suite("The article Accessibility: what its prose claims")
struct AccessibilityArticleClaims {
  @Test func cellsSayWhatTheyAreAndTheListAddsWhatItKnows() {
    let screen = ListScreen(width: 20, height: 5)
    screen.setRoot(songsRoot(["Intro", "Verse", "Chorus"], playing: "Intro"))
    #expect(
      spokenElements(of: screen.dataSource) == [
        "Album, Button, Heading", "Intro, playing, Button, 1 of 3", "Verse, Button, 2 of 3",
        "Chorus, Button, 3 of 3",
      ])
    let verse = screen.dataSource.accessibilityElements[2]
    #expect(verse.customActions == ["Remove", "Move up", "Move down", "Move to top", "Move to bottom"])
  }

  @Test func theCursorMovesAndStaysOnItsItem() {
    let screen = ListScreen(width: 20, height: 5)
    screen.setRoot(songsRoot(["Intro", "Verse", "Chorus"]))
    readOn(in: screen.dataSource)
    #expect(screen.dataSource.accessibilityFocus?.identifier == "verse")
    let announcements = Announcements()
    announcements.listen(to: screen.dataSource)
    screen.setRoot(songsRoot(["Prelude", "Intro", "Verse", "Chorus"]))
    #expect(screen.dataSource.accessibilityFocus?.identifier == "verse")
    #expect(announcements.heard.isEmpty, "nothing posted while its item is shown")
    screen.setRoot(songsRoot(["Prelude", "Intro", "Chorus"]))
    #expect(screen.dataSource.accessibilityFocus?.identifier == "chorus")
    #expect(announcements.heard == ["layoutChanged: album/songs/chorus"])
  }

  @Test func actionsNeedNoCodeOfYours() {
    let screen = ListScreen(width: 20, height: 5)
    var titles = ["Intro", "Verse", "Chorus"]
    screen.dataSource.moveHandler = { move in
      titles.insert(titles.remove(at: move.fromIndex), at: move.toIndex)
    }
    let announcements = Announcements()
    announcements.listen(to: screen.dataSource)
    screen.setRoot(songsRoot(titles))
    moveTheVerseDown(in: screen.dataSource)
    #expect(titles == ["Intro", "Chorus", "Verse"])
    #expect(announcements.heard == ["announcement: Moved to 3 of 3"])
  }

  @Test func updatesAreAnnouncedFromTheDiffAndPagesSayWhatTheyShow() {
    let screen = ListScreen(width: 20, height: 11)
    let announcements = Announcements()
    announcements.listen(to: screen.dataSource)
    let titles = (1...120).map { "Song \($0)" }
    screen.setRoot(songsRoot(titles))
    announceAndPage(screen.dataSource)
    #expect(announcements.heard == ["pageScrolled: Rows 12 to 21 of 121"])
    screen.setRoot(songsRoot(titles + ["Bonus", "Live"]))
    #expect(announcements.heard.last == "announcement: 2 items added")
    screen.setRoot(songsRoot(titles + ["Bonus", "Live"]))
    #expect(announcements.heard.count == 2, "none for a root that changed nothing")
  }
}
