import Foundation
import HeadlessCollection

/// The view model of a carousel's or a grid's row: it holds the sections
/// the row's own list shows.
protocol NestedListRowViewModel: ListViewModel {
  var content: NestedSections { get }
}

/// A carousel's row in the vertical list.
struct CarouselRowViewModel: NestedListRowViewModel, Equatable {
  /// The carousel's id.
  var identifier: String
  var height: CGFloat
  var itemSpacing: CGFloat
  var paging: ListCarouselPaging
  var content: NestedSections
}

/// Draws a carousel's visible items side by side: its own collection view
/// drawn as text.
final class CarouselRowCell: ListCell {
  weak var content: CarouselContent?
  override var textRepresentation: String { content?.collectionView.renderText() ?? "" }
}

/// The framework's controller of a carousel's row. It keeps the carousel's
/// own list (`CarouselContent`) from the row's first appearance for as long
/// as the carousel exists, so the list's offset, controllers and view
/// states survive scrolling away and every root that keeps the carousel.
///
/// Invariants: `content`, once made, shows the sections of `viewModel`
/// (each root's are passed on in `didUpdateViewModel`); it is on screen
/// exactly while the row is visible (`didAppear` to `willDisappear`).
final class CarouselRowController:
  ListCellController<CarouselRowViewModel, ListViewStateNone, CarouselRowCell>, NestedListRow
{
  /// The carousel's own list, made when the row first shows (or a lookup
  /// needs its items).
  private(set) var content: CarouselContent?
  /// The list's width: the container's, from the last size request.
  private var width: CGFloat = 0

  override func itemSize(containerSize: CGSize) -> CGSize {
    width = containerSize.width
    content?.resize(width: width, height: viewModel.height)
    return CGSize(width: containerSize.width, height: viewModel.height)
  }

  override func configureCell(cell: CarouselRowCell) {
    cell.content = makeContent()
  }

  override func didAppear(cell: CarouselRowCell) {
    makeContent()?.isOnScreen = true
  }

  override func willDisappear(cell: CarouselRowCell?) {
    content?.isOnScreen = false
  }

  override func didUpdateViewModel(oldViewModel: CarouselRowViewModel) {
    content?.show(viewModel)
  }

  /// A tap on the row lands on the item a person is on: the carousel's
  /// focused item, if it has one (Enter on a focused carousel).
  override func didSelect(cell: CarouselRowCell) {
    deselectRow()
  }

  /// The carousel is gone: its list goes too, and its mounted items hear
  /// `willUnmount` (a root that brings it back starts it afresh).
  override func didLeaveList() {
    content?.empty()
    content = nil
  }

  /// Selection belongs to the carousel's items, never its row.
  override var canSelect: Bool { false }

  override func didChangeFocus() {
    super.didChangeFocus()
    content?.rowFocusChanged(isFocused: isFocused)
  }

  var nestedList: NestedList? { content }

  func makeNestedList() -> NestedList? { makeContent() }

  /// The carousel's own list, made now if it is not yet (nil while the
  /// row's controller is not attached to a data source).
  @discardableResult
  func makeContent() -> CarouselContent? {
    if let content { return content }
    guard let host, let scope = sectionScope else { return nil }
    let made = CarouselContent(host: host, rowScope: scope)
    made.resize(width: width > 0 ? width : host.containerSize.width, height: viewModel.height)
    made.show(viewModel)
    content = made
    return made
  }

  /// Handles a key the row's data source gets while the row has the
  /// focus: ← → move the focus along the carousel (scrolling it), Enter
  /// and Space act on its focused item. False for the others, and at
  /// either end of the carousel.
  func handleKey(_ key: ListKey) -> Bool {
    guard let content = makeContent() else { return false }
    switch key {
    case .left, .right:
      return content.moveFocus(by: key == .left ? -1 : 1)
    case .enter, .space:
      return content.actOnFocusedItem(key)
    default:
      return false
    }
  }
}
