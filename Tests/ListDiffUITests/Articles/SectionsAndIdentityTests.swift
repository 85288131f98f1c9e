// The article Sections and identity (Sources/ListDiffUI/ListDiffUI.docc/SectionsAndIdentity.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

struct TrackViewModel: ListViewModel, Equatable {
  var identifier: String
  var title: String
}

struct TrackState: ListViewState {
  var starred = false
}

final class TrackCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class TrackController:
  ListCellController<TrackViewModel, TrackState, TrackCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: TrackCell) {
    cell.text = (viewState.starred ? "★ " : "  ") + viewModel.title
  }
  override func didSelect(cell: TrackCell) {
    var state = viewState
    state.starred.toggle()
    updateState(state)
  }
}

struct Album: ListIdentifiable, Sendable {
  var identifier: String  // the album's title
  var tracks: [String]
}

func libraryByPosition(_ albums: [Album]) -> Section {
  CompositeSection(
    albums.map { album in
      ListSection<String, TrackController>(album.tracks) {
        TrackViewModel(identifier: $0, title: $0)
      }
    })
}

func libraryByID(_ albums: [Album]) -> Section {
  CompositeSection(
    albums.map { album in
      ListSection<String, TrackController>(
        album.tracks, id: album.identifier
      ) {
        TrackViewModel(identifier: $0, title: $0)
      }
    })
}

func libraryRendered(_ albums: [Album]) -> Section {
  ListRenderSection(albums) { album in
    CompositeSection(
      ListSection<TrackViewModel, TrackController>(
        TrackViewModel(
          identifier: "title", title: album.identifier.uppercased())),
      ListSection<String, TrackController>(album.tracks) {
        TrackViewModel(identifier: $0, title: $0)
      })
  }
}

@MainActor
func showRepeatedTrack(on dataSource: ListDiffDataSource)
  -> [ListDiffDiagnostic]
{
  var diagnostics: [ListDiffDiagnostic] = []
  dataSource.diagnosticHandler = { diagnostics.append($0) }
  dataSource.setRootSection(
    libraryByID([
      Album(identifier: "Blue", tracks: ["Intro", "Song", "Intro"])
    ]))
  return diagnostics
}

@MainActor
@Suite("Article: Sections and identity")
struct SectionsAndIdentityArticleTests {
  let collectionView: CollectionView
  let dataSource: ListDiffDataSource

  init() {
    dataSource = ArticleScreen.dataSource(width: 20, height: 8)
    collectionView = dataSource.collectionView
  }

  var rows: [String] { ArticleScreen.rows(of: collectionView, droppingBlank: true) }

  let blue = Album(identifier: "Blue", tracks: ["Intro", "River"])
  let red = Album(identifier: "Red", tracks: ["Intro", "Fire"])

  /// Stars the first track of `blue` (shown first), then shows `red` first.
  func starThenReorder(_ library: ([Album]) -> Section) -> [String] {
    dataSource.setRootSection(library([blue, red]))
    let first = library([blue, red]) is ListRenderSection<Album> ? 1 : 0  // after the album title
    collectionView.selectItem(at: IndexPath(item: first, section: 0))
    dataSource.setRootSection(library([red, blue]))
    return rows
  }

  @Test func byPositionLosesTheStar() {
    #expect(starThenReorder(libraryByPosition) == ["★ Intro", "Fire", "Intro", "River"])
  }

  @Test func byIDKeepsTheStar() {
    #expect(starThenReorder(libraryByID) == ["Intro", "Fire", "★ Intro", "River"])
  }

  @Test func renderedKeepsTheStar() {
    #expect(starThenReorder(libraryRendered) == ["RED", "Intro", "Fire", "BLUE", "★ Intro", "River"])
  }

  @Test func aBuilderConditionKeepsLaterSiblingsInPlace() {
    func root(_ showArchived: Bool) -> Section {
      CompositeSection {
        ListSection<TrackViewModel, TrackController>(TrackViewModel(identifier: "header", title: "Inbox"))
        if showArchived {
          ListSection<String, TrackController>(["old"]) { TrackViewModel(identifier: $0, title: $0) }
        }
        ListSection<String, TrackController>(["new"]) { TrackViewModel(identifier: $0, title: $0) }
      }
    }
    dataSource.setRootSection(root(false))
    collectionView.selectItem(at: IndexPath(item: 1, section: 0))
    dataSource.setRootSection(root(true))
    #expect(rows == ["Inbox", "old", "★ new"])
  }

  @Test func duplicatesAreReportedAndTheFirstKept() {
    let diagnostics = showRepeatedTrack(on: dataSource)
    #expect(dataSource.itemCount == 2)
    #expect(rows == ["Intro", "Song"])
    #expect(diagnostics.map(\.kind) == [.duplicateIdentifier])
    #expect(diagnostics.first?.description == """
      ListDiffUI: the identifier "Intro" appears more than once in section root > "Blue"; \
      only its first occurrence is shown
      """)
  }

  @Test func theSameIdentifierInTwoSectionsIsTwoItems() {
    var diagnostics: [ListDiffDiagnostic] = []
    dataSource.diagnosticHandler = { diagnostics.append($0) }
    dataSource.setRootSection(libraryByPosition([blue, red]))
    // Two items, but one ListItemID: reported.
    #expect(dataSource.itemCount == 4 && diagnostics.map(\.kind) == [.sharedItemID])
    #expect(diagnostics.first?.identifier == "Intro")
    #expect(dataSource.indexPath(forIdentifier: "Intro", sectionPath: ["Red"]) == nil)
    dataSource.setRootSection(libraryByID([blue, red]))
    #expect(dataSource.indexPath(forIdentifier: "Intro", sectionPath: ["Red"]) == IndexPath(item: 2, section: 0))
  }

  @Test func aControllerLivesAsLongAsItsItem() {
    dataSource.setRootSection(libraryByID([blue]))
    weak var controller: AnyListCellController?  // Swift 6.2 has no `weak let`
    controller = dataSource.cellController(forIdentifier: "River")
    #expect(controller != nil)
    dataSource.setRootSection(libraryByID([Album(identifier: "Blue", tracks: ["Intro", "River", "Coda"])]))
    #expect(controller != nil)
    dataSource.setRootSection(libraryByID([Album(identifier: "Blue", tracks: ["Intro"])]))
    #expect(controller == nil)
    #expect(dataSource.inspection.cellControllerCount == 1)
  }

  @Test func listViewModelNoneHoldsOneItemPerSection() {
    final class SpinnerController: ListCellController<ListViewModelNone, ListViewStateNone, TrackCell> {
      override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: 3, height: 1) }
      override func configureCell(cell: TrackCell) { cell.text = "..." }
    }
    dataSource.setRootSection(ListSection<ListViewModelNone, SpinnerController>(.none))
    #expect(rows == ["..."])
  }
}
