import Foundation
import ListDiffUI
import ListDiffUITesting
import Testing

// A row that shows its own selection and focus ("*" selected, ">"
// focused), says whether it can be selected or focused, matches a title
// for type-to-select and offers the actions its view model lists: the
// double the selection, focus and action tests drive.

struct FocusRowVM: ListViewModel, Equatable {
  var identifier: String
  var title: String
  var height: CGFloat = 1
  var selectable = true
  var focusable = true
  var actions: [String] = []
}

final class FocusRowCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

/// What row actions do: the handlers call into it.
@MainActor
final class FocusRowActions {
  var performed: [String] = []
  var onPerform: (@MainActor (String, String) -> Void)?
}

final class FocusRowController: ListCellController<FocusRowVM, ListViewStateNone, FocusRowCell> {
  var selectionChanges = 0
  var focusChanges = 0

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: viewModel.height)
  }
  override func configureCell(cell: FocusRowCell) {
    cell.text = "\(isFocused ? ">" : " ")\(isSelected ? "*" : " ")\(viewModel.title)"
  }
  override var canSelect: Bool { viewModel.selectable }
  override var canFocus: Bool { viewModel.focusable && super.canFocus }
  override var typeSelectString: String? { viewModel.title }
  override func didChangeSelection() {
    selectionChanges += 1
    super.didChangeSelection()
  }
  override func didChangeFocus() {
    focusChanges += 1
    super.didChangeFocus()
  }
  override func trailingActions() -> [ListItemAction] {
    let identifier = viewModel.identifier
    let actions = context.object(type: FocusRowActions.self)
    return viewModel.actions.map { title in
      ListItemAction(title: title, style: title == "Delete" ? .destructive : .normal) {
        actions?.performed.append("\(title) \(identifier)")
        actions?.onPerform?(title, identifier)
      }
    }
  }
}

func rows(_ titles: [String], height: CGFloat = 1) -> [FocusRowVM] {
  titles.map { FocusRowVM(identifier: $0, title: $0, height: height) }
}

func rowSection(_ rows: [FocusRowVM], id: String? = nil) -> ListSection<FocusRowVM, FocusRowController> {
  ListSection<FocusRowVM, FocusRowController>(rows, id: id)
}

extension ListScreen {
  /// A screen of rows whose actions report to a ``FocusRowActions``.
  static func rows(width: Int = 20, height: Int = 10, applyUpdatesAsync: Bool = false) -> ListScreen {
    ListScreen(width: width, height: height, applyUpdatesAsync: applyUpdatesAsync, contextObjects: FocusRowActions())
  }

  var rowActions: FocusRowActions { dataSource.context.object(type: FocusRowActions.self)! }

  /// The identifiers of the selected items, sorted.
  var selectedIdentifiers: [String] { dataSource.selection.map(\.identifier).sorted() }

  /// The identifiers of the items the collection view has selected, in order.
  var collectionSelection: [String] {
    collectionView.indexPathsForSelectedItems.compactMap { dataSource.inspection.itemIdentity(at: $0.item)?.identifier }
  }
}
