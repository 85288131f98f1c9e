import Foundation
import HeadlessCollection
import ListDiffUI

// Shared test doubles: a view model, a recording controller, a cell that
// remembers what it was configured with, and a harness wiring them to a
// headless collection view.

struct ItemVM: ListViewModel, Equatable {
  var identifier: String
  var value: Int = 0
  var height: CGFloat = 10
  /// The item's scoped identity as the test expects it (model-based tests).
  var tag: String = ""
}

struct ItemState: ListViewState, Equatable {
  var note: String = ""
  var extraHeight: CGFloat = 0
  init() {}
  init(note: String, extraHeight: CGFloat = 0) {
    self.note = note
    self.extraHeight = extraHeight
  }
}

class ItemCell: ListCell {
  var shown: ItemVM?
  var shownNote = ""
  var configureCount = 0
  override var textRepresentation: String {
    shown.map { "\($0.identifier)=\($0.value)" } ?? ""
  }
}

final class AltCell: ItemCell {}

/// Weak reference holder for counting live controllers.
struct WeakController {
  weak var object: AnyListCellController?
}

/// Records what controllers hear. Given to the data source as a context
/// object, so controllers find it through `context.object()`.
@MainActor
final class EventLog {
  /// Every event in order, as "identifier:event".
  var all: [String] = []
  /// Events per controller, in order.
  var byController: [ObjectIdentifier: [String]] = [:]
  /// Lifecycle rules a controller saw broken.
  var violations: [String] = []
  var created: [WeakController] = []

  func record(_ controller: AnyObject, _ identifier: String, _ event: String) {
    all.append("\(identifier):\(event)")
    byController[ObjectIdentifier(controller), default: []].append(event)
  }

  func events(of controller: AnyObject) -> [String] {
    byController[ObjectIdentifier(controller)] ?? []
  }

  var liveControllers: [AnyListCellController] { created.compactMap(\.object) }

  func reset() {
    all = []
    byController = [:]
  }
}

/// A controller that records every callback and checks the lifecycle grammar
/// (mount/unmount alternate, appearance callbacks pair up, the cell passed is
/// the mounted one).
class RecordingController<Cell: ItemCell>: ListCellController<ItemVM, ItemState, Cell> {
  var log: EventLog? { context.object() }
  var mountedCell: Cell?
  var appeared = false
  var fullyAppeared = false
  let tagAtCreation: String
  var selectAction: ((RecordingController<Cell>) -> Void)?

  required init(viewModel: any ListViewModel, delegate: WeakAnyObject, context: ListDiffContext) {
    tagAtCreation = (viewModel as? ItemVM)?.tag ?? ""
    super.init(viewModel: viewModel, delegate: delegate, context: context)
    log?.created.append(WeakController(object: self))
    log?.record(self, self.viewModel.identifier, "init")
  }

  private func note(_ event: String) {
    log?.record(self, viewModel.identifier, event)
  }

  private func violation(_ text: String) {
    log?.violations.append("\(viewModel.identifier): \(text)")
  }

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: viewModel.height + viewState.extraHeight)
  }

  override func configureCell(cell: Cell) {
    cell.shown = viewModel
    cell.shownNote = viewState.note
    cell.configureCount += 1
    note("configure")
  }

  override func didMount(onCell cell: Cell) {
    if mountedCell != nil { violation("didMount while mounted") }
    if cell.shown != viewModel { violation("didMount before configureCell") }
    mountedCell = cell
    note("didMount")
  }

  override func willUnmount(onCell cell: Cell) {
    if mountedCell !== cell { violation("willUnmount of a cell not mounted") }
    if appeared || fullyAppeared { violation("willUnmount while appeared") }
    mountedCell = nil
    note("willUnmount")
  }

  override func didAppear(cell: Cell) {
    if appeared { violation("didAppear twice") }
    if mountedCell !== cell { violation("didAppear on a cell not mounted") }
    appeared = true
    note("didAppear")
  }

  override func willDisappear(cell: Cell?) {
    if !appeared { violation("willDisappear without didAppear") }
    if fullyAppeared { violation("willDisappear while fully appeared") }
    appeared = false
    note("willDisappear")
  }

  override func didFullyAppear(cell: Cell) {
    if fullyAppeared { violation("didFullyAppear twice") }
    if !appeared { violation("didFullyAppear before didAppear") }
    fullyAppeared = true
    note("didFullyAppear")
  }

  override func willPartiallyDisappear(cell: Cell?) {
    if !fullyAppeared { violation("willPartiallyDisappear without didFullyAppear") }
    fullyAppeared = false
    note("willPartiallyDisappear")
  }

  override func didUpdateViewModel(oldViewModel: ItemVM) {
    if viewModel == oldViewModel { violation("didUpdateViewModel with an equal view model") }
    if viewModel.tag != tagAtCreation { violation("view model of another item") }
    note("didUpdateViewModel(\(oldViewModel.value)->\(viewModel.value))")
  }

  override func cellDidLayoutSubviews(cell: Cell) {
    note("cellDidLayoutSubviews")
  }

  override func didSelect(cell: Cell) {
    note("didSelect")
    selectAction?(self)
  }
}

final class ItemController: RecordingController<ItemCell> {}
final class AltController: RecordingController<AltCell> {}

/// A collection view 20 points wide and `height` tall whose items stack one
/// per line with no spacing, fed by a data source that records diagnostics.
@MainActor
final class Harness {
  let collectionView: CollectionView
  let dataSource: ListDiffDataSource
  let log = EventLog()
  var diagnostics: [ListDiffDiagnostic] = []

  init(height: CGFloat = 50, width: CGFloat = 20, applyUpdatesAsync: Bool = false) {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    layout.minimumInteritemSpacing = 0
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
    dataSource = ListDiffDataSource(
      collectionView: collectionView, applyUpdatesAsync: applyUpdatesAsync, contextObjects: log)
    dataSource.diagnosticHandler = { [unowned self] in self.diagnostics.append($0) }
  }
}

func items(_ identifiers: String..., value: Int = 0, height: CGFloat = 10) -> [ItemVM] {
  identifiers.map { ItemVM(identifier: $0, value: value, height: height) }
}

func section(_ viewModels: [ItemVM], id: String? = nil) -> ListSection<ItemVM, ItemController> {
  ListSection<ItemVM, ItemController>(viewModels, id: id)
}
