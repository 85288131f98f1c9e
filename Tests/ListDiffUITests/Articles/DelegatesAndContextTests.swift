// The article Delegates and context objects
// (Sources/ListDiffUI/ListDiffUI.docc/DelegatesAndContext.md): its code blocks
// verbatim (ArticleCodeTests checks they stay so), and tests of its claims.

import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

@MainActor
protocol ShopDelegate: AnyObject {
  func addToCart(productID: String)
}

final class PriceFormatter {
  let currency: String
  init(currency: String) { self.currency = currency }
  func format(cents: Int) -> String {
    let fraction = cents % 100
    return
      "\(currency)\(cents / 100).\(fraction < 10 ? "0" : "")\(fraction)"
  }
}

struct ProductViewModel: ListViewModel, Equatable {
  var identifier: String
  var name: String
  var priceInCents: Int
}

final class ProductCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class ProductController:
  ListCellController<ProductViewModel, ListViewStateNone, ProductCell>,
  ListCellControllerWithDelegate
{
  typealias DelegateType = any ShopDelegate

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: ProductCell) {
    let formatter = context.object(type: PriceFormatter.self)
    cell.text =
      viewModel.name + " "
      + (formatter?.format(cents: viewModel.priceInCents) ?? "")
  }
  override func didSelect(cell: ProductCell) {
    delegate?.addToCart(productID: viewModel.identifier)
  }
}

@MainActor
final class ShopScreen: ShopDelegate {
  let collectionView: CollectionView
  let dataSource: ListDiffDataSource
  private(set) var cart: [String] = []

  init(formatter: PriceFormatter) {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 24, height: 4),
      collectionViewLayout: layout)
    dataSource = ListDiffDataSource(
      collectionView: collectionView, contextObjects: formatter)
  }

  func show(_ products: [ProductViewModel]) {
    dataSource.setRootSection(
      ListSection<ProductViewModel, ProductController>(
        products, id: "products", delegate: WeakAnyObject(object: self))
    )
  }

  func addToCart(productID: String) { cart.append(productID) }
}

@MainActor
func buyTea() -> [String] {
  let screen = ShopScreen(formatter: PriceFormatter(currency: "€"))
  screen.show([
    ProductViewModel(identifier: "tea", name: "Tea", priceInCents: 450)
  ])
  // A tap:
  screen.collectionView.selectItem(at: IndexPath(item: 0, section: 0))
  return screen.cart  // ["tea"]
}

@MainActor
@Suite("Article: Delegates and context objects")
struct DelegatesAndContextArticleTests {
  let tea = ProductViewModel(identifier: "tea", name: "Tea", priceInCents: 450)

  @Test func aTapReachesTheScreen() {
    #expect(buyTea() == ["tea"])
  }

  @Test func theFormatterIsFoundByClass() {
    let screen = ShopScreen(formatter: PriceFormatter(currency: "€"))
    screen.show([tea, ProductViewModel(identifier: "jam", name: "Jam", priceInCents: 1205)])
    #expect(ArticleScreen.rows(of: screen.collectionView).prefix(2) == ["Tea €4.50", "Jam €12.05"])
  }

  @Test func theDelegateIsWeak() {
    var screen: ShopScreen? = ShopScreen(formatter: PriceFormatter(currency: "€"))
    screen?.show([tea])
    let dataSource = screen!.dataSource
    let controller = dataSource.cellController(forIdentifier: "tea") as? ProductController
    #expect(controller?.delegate != nil)
    screen = nil
    #expect(controller?.delegate == nil)
  }

  @Test func aMismatchedDelegateIsNil() {
    let screen = ShopScreen(formatter: PriceFormatter(currency: "€"))
    let stranger = ArticleStranger()
    screen.dataSource.setRootSection(
      ListSection<ProductViewModel, ProductController>([tea], delegate: WeakAnyObject(object: stranger)))
    let controller = screen.dataSource.cellController(forIdentifier: "tea") as? ProductController
    #expect(controller != nil && controller?.delegate == nil)
  }

  @Test func aControllerKeepsTheDelegateItWasCreatedWith() {
    let first = ShopScreen(formatter: PriceFormatter(currency: "€"))
    let second = ShopScreen(formatter: PriceFormatter(currency: "€"))
    let dataSource = first.dataSource
    dataSource.setRootSection(
      ListSection<ProductViewModel, ProductController>([tea], delegate: WeakAnyObject(object: first)))
    dataSource.setRootSection(
      ListSection<ProductViewModel, ProductController>([tea], delegate: WeakAnyObject(object: second)))
    first.collectionView.selectItem(at: IndexPath(item: 0, section: 0))
    #expect(first.cart == ["tea"] && second.cart.isEmpty)
  }

  @Test func contextObjectsAreFoundByExactClass() {
    let context = ListDiffContext(objects: [ArticleLogger(), PriceFormatter(currency: "€")])
    #expect(context.object(type: PriceFormatter.self)?.currency == "€")
    let inferred: ArticleLogger? = context.object()
    #expect(inferred != nil)
    #expect(context.object(type: ArticleService.self) == nil)  // a subclass is not found by its superclass
    #expect(context.object(type: ArticleStranger.self) == nil)
    let duplicated = ListDiffContext(objects: [PriceFormatter(currency: "€"), PriceFormatter(currency: "$")])
    #expect(duplicated.object(type: PriceFormatter.self)?.currency == "€")
    #expect(duplicated.duplicateClassNames.count == 1)
  }

  final class ScrollWatcher: CollectionViewDelegateFlowLayout {
    var selected: [IndexPath] = []
    func collectionView(_ collectionView: CollectionView, didSelectItemAt indexPath: IndexPath) {
      selected.append(indexPath)
    }
  }

  @Test func theCollectionViewDelegateHearsCallsToo() {
    let screen = ShopScreen(formatter: PriceFormatter(currency: "€"))
    let watcher = ScrollWatcher()
    screen.dataSource.collectionViewDelegate = watcher
    screen.show([tea])
    screen.collectionView.selectItem(at: IndexPath(item: 0, section: 0))
    #expect(watcher.selected == [IndexPath(item: 0, section: 0)] && screen.cart == ["tea"])
  }
}
