// The article Porting from ListDiffUI (Sources/ListDiffUI/ListDiffUI.docc/PortingFromListDiffUI.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

struct HeadlineViewModel: ListViewModel, Equatable {
  var identifier: String
  var title: String
  var byline: String
}

final class HeadlineCell: ListCell {
  private(set) var lines: [String]

  required init(frame: CGRect) {
    lines = []
    super.init(frame: frame)
  }

  func show(title: String, byline: String) { lines = [title, byline] }
  override var textRepresentation: String {
    lines.joined(separator: "\n")
  }
}

final class HeadlineController:
  ListCellController<HeadlineViewModel, ListViewStateNone, HeadlineCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 2)
  }
  override func configureCell(cell: HeadlineCell) {
    cell.show(title: viewModel.title, byline: viewModel.byline)
  }
}

@MainActor
@Suite("Article: Porting from ListDiffUI")
struct PortingFromListDiffUIArticleTests {
  @Test func thePortedCellDrawsItsLines() {
    let dataSource = ArticleScreen.dataSource(width: 16, height: 4)
    dataSource.setRootSection(
      ListSection<HeadlineViewModel, HeadlineController>([
        HeadlineViewModel(identifier: "1", title: "Swift 6", byline: "by Ada"),
        HeadlineViewModel(identifier: "2", title: "Linux", byline: "by Linus"),
      ]))
    #expect(ArticleScreen.rows(of: dataSource.collectionView) == ["Swift 6", "by Ada", "Linux", "by Linus"])
    #expect(dataSource.collectionView.visibleCells.allSatisfy { $0 is HeadlineCell })
  }

  @Test func aRepeatedContextClassIsReportedNotFatal() {
    let context = ListDiffContext(objects: [ArticleLogger(), ArticleLogger()])
    #expect(context.objects.count == 2 && context.duplicateClassNames.count == 1)
  }

  @Test func identifiersRepeatedInASectionGetOneController() {
    let dataSource = ArticleScreen.dataSource(width: 16, height: 4)
    dataSource.diagnosticHandler = { _ in }
    let same = HeadlineViewModel(identifier: "1", title: "a", byline: "b")
    dataSource.setRootSection(ListSection<HeadlineViewModel, HeadlineController>([same, same]))
    #expect(dataSource.itemCount == 1 && dataSource.inspection.cellControllerCount == 1)
  }
}
