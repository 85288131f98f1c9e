import Foundation
import HeadlessCollection
import ListDiffUI
import TestSupport

// The pieces of the model-based re-entrancy test (ReentrancyModelTests):
// random roots whose items' identities the test works out itself, a grammar
// of one controller's callbacks checked event by event, and controllers and
// cells that report every callback to a ``ReentrancyModel``.

// MARK: Random roots and what they show

/// A random root body, described apart from the framework so the test can
/// say which items (and which identities) it shows.
indirect enum RandomShape {
  struct Item: Sendable {
    var identifier: String
    var value: Int
    var height: CGFloat
  }
  /// A `ListSection`; `transformed` ones build view models in a transform
  /// that leaves out every model whose value is 2.
  case list(id: String?, alternate: Bool, transformed: Bool, items: [Item])
  case composite(id: String?, children: [RandomShape?])
  case render(id: String?, models: [(identifier: String, child: RandomShape?)])

  /// One list section without an id, of items `height` high.
  static func items(_ identifiers: [String], value: Int = 0, height: CGFloat = 10) -> RandomShape {
    .list(
      id: nil, alternate: false, transformed: false,
      items: identifiers.map { Item(identifier: $0, value: value, height: height) })
  }

  var id: String? {
    switch self {
    case .list(let id, _, _, _), .composite(let id, _), .render(let id, _): return id
    }
  }

  /// A random shape; sibling ids repeat sometimes (one scope), and so do
  /// identifiers within a section and render-model identifiers (duplicates).
  static func random(depth: Int, using generator: inout SeededGenerator) -> RandomShape {
    let id: String? =
      Int.random(in: 0..<10, using: &generator) < 3 ? ["x", "y"].randomElement(using: &generator) : nil
    switch depth >= 2 ? 0 : Int.random(in: 0..<6, using: &generator) {
    case 0, 1, 2:
      let items = (0..<Int.random(in: 0...4, using: &generator)).map { _ in
        Item(
          identifier: ["a", "b", "c", "d", "e"].randomElement(using: &generator)!,
          value: Int.random(in: 0...2, using: &generator),
          height: [4, 7, 10].randomElement(using: &generator)!)
      }
      return .list(
        id: id, alternate: Int.random(in: 0..<4, using: &generator) == 0,
        transformed: Bool.random(using: &generator), items: items)
    case 3, 4:
      let children: [RandomShape?] = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        Int.random(in: 0..<6, using: &generator) == 0 ? nil : random(depth: depth + 1, using: &generator)
      }
      return .composite(id: id, children: children)
    default:
      let models: [(String, RandomShape?)] = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        (
          ["m1", "m2", "m3"].randomElement(using: &generator)!,
          Int.random(in: 0..<6, using: &generator) == 0 ? nil : random(depth: depth + 1, using: &generator)
        )
      }
      return .render(id: id, models: models)
    }
  }
}

/// A root built from a shape, and the items it must show: in order, each
/// identity once (the first occurrence), tagged with the identity the test
/// expects the data source to give it (section path, controller kind,
/// identifier).
struct ExpectedRoot {
  private(set) var items: [ItemVM] = []
  private var seen: Set<String> = []

  /// The section for `shape`, whose scope is `path`, recording what it shows.
  mutating func build(_ shape: RandomShape, path: [String]) -> Section {
    switch shape {
    case .list(let id, let alternate, let transformed, let list):
      let prefix = path.joined(separator: "/") + (alternate ? "|alt|" : "|item|")
      for item in list where !(transformed && item.value == 2) {
        let viewModel = ItemVM(
          identifier: item.identifier, value: item.value, height: item.height,
          tag: prefix + item.identifier)
        if seen.insert(viewModel.tag).inserted { items.append(viewModel) }
      }
      let viewModel: @Sendable (RandomShape.Item) -> ItemVM? = { item in
        transformed && item.value == 2
          ? nil
          : ItemVM(
            identifier: item.identifier, value: item.value, height: item.height,
            tag: prefix + item.identifier)
      }
      if alternate {
        return transformed
          ? ListSection<RandomShape.Item, ReentrantAltController>(list, id: id, transform: viewModel)
          : ListSection<ItemVM, ReentrantAltController>(list.compactMap(viewModel), id: id)
      }
      return transformed
        ? ListSection<RandomShape.Item, ReentrantController>(list, id: id, transform: viewModel)
        : ListSection<ItemVM, ReentrantController>(list.compactMap(viewModel), id: id)
    case .composite(let id, let children):
      var sections: [Section?] = []
      for (position, child) in children.enumerated() {
        sections.append(
          child.map { build($0, path: path + [$0.id.map { "=\($0)" } ?? "#\(position)"]) })
      }
      return CompositeSection(sections, id: id)
    case .render(let id, let models):
      struct Model: ListIdentifiable, Sendable {
        var identifier: String
        var section: Section?
      }
      var built: [Model] = []
      for (identifier, child) in models {
        let section = child.map { child in
          build(child, path: path + ["@\(identifier)"] + (child.id.map { ["=\($0)"] } ?? []))
        }
        built.append(Model(identifier: identifier, section: section))
      }
      return ListRenderSection(built, id: id) { $0.section }
    }
  }
}

/// A value shared with transforms running on the data source's background
/// task.
final class LockedValue<Value: Sendable>: @unchecked Sendable {
  // @unchecked: every access to `value` holds `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) {
    self.value = value
  }

  func withValue<Result>(_ body: (inout Value) -> Result) -> Result {
    lock.lock()
    defer { lock.unlock() }
    return body(&value)
  }
}

// MARK: The grammar of one controller's callbacks

/// The lifecycle of one controller as "Lifecycle, precisely" states it, checked
/// one callback at a time: per mount, `configureCell cellDidLayoutSubviews
/// didMount`, then any of (`configureCell` immediately followed by
/// `cellDidLayoutSubviews`, a lone `cellDidLayoutSubviews`,
/// `didUpdateViewModel`, `didSelect`, properly nested appearance), then
/// `willUnmount` once nothing is appeared; every callback with a cell on the
/// cell mounted.
struct LifecycleGrammar {
  enum Event: String, CaseIterable {
    case configureCell, cellDidLayoutSubviews, didMount, willUnmount
    case didAppear, willDisappear, didFullyAppear, willPartiallyDisappear
    case didUpdateViewModel, didSelect
  }

  private enum Stage {
    case unmounted, configured, laidOut, mounted
  }

  private var stage = Stage.unmounted
  /// The cell being mounted or mounted.
  private(set) var cell: ListCell?
  /// 0: not appeared, 1: appeared, 2: fully appeared.
  private(set) var appearance = 0
  /// A `configureCell` on the mounted cell waits for its layout.
  private var layoutOwed = false

  var isMounted: Bool { stage == .mounted }
  /// Whether no cell is mounted or being mounted.
  var isUnmounted: Bool { stage == .unmounted }

  /// Takes `event` (with the cell it was sent); a description of the rule it
  /// breaks, or nil.
  ///
  /// With `layoutMayGiveWay`, the layout a `configureCell` owes may give way
  /// to the disappearance callbacks and `willUnmount` (a known defect the
  /// random test tolerates).
  mutating func accept(_ event: Event, cell eventCell: ListCell?, layoutMayGiveWay: Bool = false)
    -> String?
  {
    let givesWay = [.willPartiallyDisappear, .willDisappear, .willUnmount].contains(event)
    if layoutOwed && event != .cellDidLayoutSubviews && !(layoutMayGiveWay && givesWay) {
      return "\(event) after configureCell before its cellDidLayoutSubviews"
    }
    let sameCell = eventCell == nil || eventCell === cell
    switch (event, stage) {
    case (.configureCell, .unmounted):
      stage = .configured
      cell = eventCell
    case (.configureCell, .mounted) where sameCell:
      layoutOwed = true
    case (.cellDidLayoutSubviews, .configured) where sameCell:
      stage = .laidOut
    case (.cellDidLayoutSubviews, .mounted) where sameCell:
      layoutOwed = false
    case (.didMount, .laidOut) where sameCell:
      stage = .mounted
    case (.willUnmount, .mounted) where sameCell && appearance == 0:
      stage = .unmounted
      cell = nil
      layoutOwed = false
    case (.didAppear, .mounted) where sameCell && appearance == 0:
      appearance = 1
    case (.didFullyAppear, .mounted) where sameCell && appearance == 1:
      appearance = 2
    case (.willPartiallyDisappear, .mounted) where sameCell && appearance == 2:
      appearance = 1
    case (.willDisappear, .mounted) where sameCell && appearance == 1:
      appearance = 0
    case (.didUpdateViewModel, .unmounted), (.didUpdateViewModel, .mounted):
      break
    case (.didSelect, .mounted) where sameCell && eventCell != nil:
      break
    default:
      return "\(event) in stage \(stage) (appearance \(appearance)"
        + (sameCell ? ")" : ", on a cell other than the mounted one)")
    }
    return nil
  }
}

// MARK: Cells and controllers reporting to the model

/// A cell that remembers its configuration, and what its controller saw at
/// its last layout.
class ReentrantCell: ListCell {
  var shown: ItemVM?
  var shownNote = ""
  /// `shown` when `cellDidLayoutSubviews` last ran.
  var laidOut: ItemVM?
  override var textRepresentation: String {
    shown.map { "\($0.identifier)=\($0.value)" } ?? ""
  }
}

final class ReentrantAltCell: ReentrantCell {}

/// What the model needs of a controller whatever its cell class.
@MainActor
protocol ReentrantControlling: AnyListCellController {
  var serial: Int { get }
  var tag: String { get }
  var identifier: String { get }
  var grammar: LifecycleGrammar { get set }
  var isDeleted: Bool { get set }
  var state: ItemState { get }
  func setState(_ state: ItemState)
}

/// Reports every callback to the ``ReentrancyModel`` found in its context,
/// which checks it against the grammar and may set a root from inside it.
class ReentrantControllerBase<Cell: ReentrantCell>: ListCellController<ItemVM, ItemState, Cell>,
  ReentrantControlling
{
  let serial: Int
  let tag: String
  var grammar = LifecycleGrammar()
  var isDeleted = false
  private var model: ReentrancyModel? { context.object() }

  required init(viewModel: any ListViewModel, delegate: WeakAnyObject, context: ListDiffContext) {
    let model: ReentrancyModel? = context.object()
    serial = model?.nextControllerSerial() ?? 0
    tag = (viewModel as? ItemVM)?.tag ?? ""
    super.init(viewModel: viewModel, delegate: delegate, context: context)
    model?.controllerCreated(self)
  }

  var identifier: String { viewModel.identifier }
  var state: ItemState { viewState }
  func setState(_ state: ItemState) { updateState(state) }

  private func report(_ event: LifecycleGrammar.Event, _ cell: Cell?) {
    model?.heard(event, by: self, cell: cell)
  }

  override func itemSize(containerSize: CGSize) -> CGSize {
    model?.reenter(from: "itemSize", controller: self)
    return CGSize(width: containerSize.width, height: viewModel.height + viewState.extraHeight)
  }

  override func configureCell(cell: Cell) {
    cell.shown = viewModel
    cell.shownNote = viewState.note
    report(.configureCell, cell)
  }

  override func cellDidLayoutSubviews(cell: Cell) {
    cell.laidOut = cell.shown
    report(.cellDidLayoutSubviews, cell)
  }

  override func didMount(onCell cell: Cell) { report(.didMount, cell) }
  override func willUnmount(onCell cell: Cell) { report(.willUnmount, cell) }
  override func didAppear(cell: Cell) { report(.didAppear, cell) }
  override func willDisappear(cell: Cell?) { report(.willDisappear, cell) }
  override func didFullyAppear(cell: Cell) { report(.didFullyAppear, cell) }
  override func willPartiallyDisappear(cell: Cell?) { report(.willPartiallyDisappear, cell) }
  override func didUpdateViewModel(oldViewModel: ItemVM) { report(.didUpdateViewModel, nil) }
  override func didSelect(cell: Cell) { report(.didSelect, cell) }
}

final class ReentrantController: ReentrantControllerBase<ReentrantCell> {}
final class ReentrantAltController: ReentrantControllerBase<ReentrantAltCell> {}
