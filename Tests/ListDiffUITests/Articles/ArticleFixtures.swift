// What the article tests share: the screen they run the articles' code on
// and the way they read it back, written once here.
//
// The articles' own view models and controllers stay in each article's test
// file: ArticleCodeTests requires every ```swift block of an article to
// appear verbatim in that article's test file, which is how the blocks are
// compiled, and each article teaches with a small domain of its own
// (groceries, notes, albums, chat messages), as a reader meets it there.

import Foundation
import HeadlessCollection
import ListDiffUI

/// Collection views for the article tests, and the rows they draw.
@MainActor
enum ArticleScreen {
  /// A collection view `width` × `height` points (characters when drawn),
  /// with a vertical flow layout whose lines touch (UIKit's default
  /// spacing, 10, would put ten blank rows between them).
  static func collectionView(width: CGFloat, height: CGFloat) -> CollectionView {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    return CollectionView(frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
  }

  /// A data source on a new ``collectionView(width:height:)``.
  static func dataSource(
    width: CGFloat, height: CGFloat, applyUpdatesAsync: Bool = false, contextObjects: AnyObject...
  ) -> ListDiffDataSource {
    ListDiffDataSource(
      collectionView: collectionView(width: width, height: height), applyUpdatesAsync: applyUpdatesAsync,
      contextObjectList: contextObjects, diagnosticHandler: ListDiffDataSource.printWarningsToStandardError)
  }

  /// The rows `collectionView` draws, top to bottom, with the spaces around
  /// each removed; blank rows too unless `droppingBlank`.
  static func rows(of collectionView: CollectionView, droppingBlank: Bool = false) -> [String] {
    collectionView.renderText().split(separator: "\n")
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !droppingBlank || !$0.isEmpty }
  }
}

/// Context objects for the tests of how controllers find them: a class, a
/// subclass of another (found only by its own class), and a class no
/// controller asks for.
class ArticleService {}
final class ArticleLogger: ArticleService {}
final class ArticleStranger {}
