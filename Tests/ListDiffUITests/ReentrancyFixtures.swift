import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
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
    /// The view model's `tag` when it is not the identity the item's place
    /// gives it: an item dragged into another section keeps the view model
    /// it had, and a root carrying that move must give it the same one.
    var tag: String? = nil
  }
  /// A `ListSection`; `transformed` ones build view models in a transform
  /// that leaves out every model whose value is 2.
  case list(id: String?, alternate: Bool, transformed: Bool, items: [Item])
  case composite(id: String?, children: [RandomShape?])
  case render(id: String?, models: [(identifier: String, child: RandomShape?)])
  /// A `CompositeSection(id:header:footer:pinsHeader:)`.
  case headed(id: String?, header: RandomShape?, footer: RandomShape?, pins: Bool, children: [RandomShape?])

  /// One list section without an id, of items `height` high.
  static func items(_ identifiers: [String], value: Int = 0, height: CGFloat = 10) -> RandomShape {
    .list(
      id: nil, alternate: false, transformed: false,
      items: identifiers.map { Item(identifier: $0, value: value, height: height) })
  }

  var id: String? {
    switch self {
    case .list(let id, _, _, _), .composite(let id, _), .render(let id, _), .headed(let id, _, _, _, _):
      return id
    }
  }

  /// A random shape; sibling ids repeat sometimes (one scope), and so do
  /// identifiers within a section and render-model identifiers (duplicates).
  /// With `headers`, composites have headers and footers, pinned or not,
  /// nested inside one another.
  static func random(depth: Int, headers: Bool = false, using generator: inout SeededGenerator) -> RandomShape {
    let id: String? =
      Int.random(in: 0..<10, using: &generator) < 3 ? ["x", "y"].randomElement(using: &generator) : nil
    // With headers, the root is a headed section a quarter of the time;
    // headed sections have fewer children (they have headers and footers).
    let kind =
      depth >= 2
      ? 0
      : headers && depth == 0 && Int.random(in: 0..<4, using: &generator) == 0
        ? 6 : Int.random(in: 0..<(headers ? 7 : 6), using: &generator)
    func children() -> [RandomShape?] {
      (0..<Int.random(in: 0...(kind >= 6 ? 2 : 3), using: &generator)).map { _ in
        Int.random(in: 0..<6, using: &generator) == 0
          ? nil : random(depth: depth + 1, headers: headers, using: &generator)
      }
    }
    switch kind {
    case 0, 1, 2:
      return randomList(id: id, count: Int.random(in: 0...4, using: &generator), using: &generator)
    case 3, 4:
      return .composite(id: id, children: children())
    case 5:
      let models: [(String, RandomShape?)] = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
        (
          ["m1", "m2", "m3"].randomElement(using: &generator)!,
          Int.random(in: 0..<6, using: &generator) == 0
            ? nil : random(depth: depth + 1, headers: headers, using: &generator)
        )
      }
      return .render(id: id, models: models)
    default:
      // A header of one or two items (sometimes none, or three: a block that
      // may not fit the viewport), a footer sometimes; pinned more often
      // than not.
      func block(_ odds: Int) -> RandomShape? {
        guard Int.random(in: 0..<odds, using: &generator) != 0 else { return nil }
        let count = [0, 1, 1, 1, 2, 3].randomElement(using: &generator)!
        return randomList(id: nil, count: count, using: &generator)
      }
      return .headed(
        id: id, header: block(6), footer: block(3), pins: Int.random(in: 0..<3, using: &generator) != 0,
        children: children())
    }
  }

  private static func randomList(id: String?, count: Int, using generator: inout SeededGenerator)
    -> RandomShape
  {
    let items = (0..<count).map { _ in
      Item(
        identifier: ["a", "b", "c", "d", "e"].randomElement(using: &generator)!,
        value: Int.random(in: 0...2, using: &generator),
        height: [4, 7, 10].randomElement(using: &generator)!)
    }
    return .list(
      id: id, alternate: Int.random(in: 0..<4, using: &generator) == 0,
      transformed: Bool.random(using: &generator), items: items)
  }

  /// This shape with `change` made to the items of its list section number
  /// `leaf` (counted in display order, as ``ExpectedRoot`` counts them).
  func changingLeaf(_ leaf: Int, _ change: (inout [Item]) -> Void) -> RandomShape {
    var counter = 0
    return changingLeaf(leaf, counter: &counter, change)
  }

  private func changingLeaf(_ leaf: Int, counter: inout Int, _ change: (inout [Item]) -> Void)
    -> RandomShape
  {
    func each(_ shapes: [RandomShape?]) -> [RandomShape?] {
      shapes.map { $0?.changingLeaf(leaf, counter: &counter, change) }
    }
    switch self {
    case .list(let id, let alternate, let transformed, var items):
      if counter == leaf { change(&items) }
      counter += 1
      return .list(id: id, alternate: alternate, transformed: transformed, items: items)
    case .composite(let id, let children):
      return .composite(id: id, children: each(children))
    case .render(let id, let models):
      return .render(
        id: id, models: models.map { ($0.identifier, $0.child?.changingLeaf(leaf, counter: &counter, change)) })
    case .headed(let id, let header, let footer, let pins, let children):
      let newHeader = header?.changingLeaf(leaf, counter: &counter, change)
      let newChildren = each(children)
      let newFooter = footer?.changingLeaf(leaf, counter: &counter, change)
      return .headed(id: id, header: newHeader, footer: newFooter, pins: pins, children: newChildren)
    }
  }
}

/// A root built from a shape, and the items it must show: in order, each
/// identity once (the first occurrence), with the identity the test expects
/// the data source to give it (section path, controller kind, identifier),
/// the list section it belongs to, and the header blocks that pin.
struct ExpectedRoot {
  /// One list section of the shape, in display order.
  struct Leaf: Equatable {
    /// The start of its items' identities.
    var prefix: String
    /// Its `sectionPath`, as `ListItemMove` names it.
    var names: [String]
    var isHeaderOrFooter: Bool
    var alternate: Bool
    var transformed: Bool
  }
  /// One item shown.
  struct Item: Equatable {
    var viewModel: ItemVM
    var identity: String
    var leaf: Int
  }
  /// A pinned header block and its section, as indexes of `items`.
  struct Pin: Equatable {
    var header: Range<Int>
    var section: Range<Int>
    var level: Int
  }

  private(set) var shownItems: [Item] = []
  private(set) var leaves: [Leaf] = []
  private(set) var pins: [Pin] = []
  private var seen: Set<String> = []
  private var pinLevel = 0
  private var inHeaderOrFooter = false

  var items: [ItemVM] { shownItems.map(\.viewModel) }

  /// The section for `shape`, whose scope is `path`, recording what it shows.
  mutating func build(_ shape: RandomShape, path: [String]) -> Section {
    switch shape {
    case .list(let id, let alternate, let transformed, let list):
      let prefix = path.joined(separator: "/") + (alternate ? "|alt|" : "|item|")
      let names = path.compactMap { $0.first == "=" || $0.first == "@" ? String($0.dropFirst()) : nil }
      leaves.append(
        Leaf(
          prefix: prefix, names: names, isHeaderOrFooter: inHeaderOrFooter, alternate: alternate,
          transformed: transformed))
      let viewModel: @Sendable (RandomShape.Item) -> ItemVM? = { item in
        transformed && item.value == 2
          ? nil
          : ItemVM(
            identifier: item.identifier, value: item.value, height: item.height,
            tag: item.tag ?? prefix + item.identifier)
      }
      for item in list {
        guard let model = viewModel(item) else { continue }
        let identity = prefix + item.identifier
        if seen.insert(identity).inserted {
          shownItems.append(Item(viewModel: model, identity: identity, leaf: leaves.count - 1))
        }
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
      return CompositeSection(buildChildren(children, path: path), id: id)
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
    case .headed(let id, let header, let footer, let pins, let children):
      // Header and footer blocks are scoped apart from the children (and
      // from each other); a block is flattened as the one child of its scope.
      let start = shownItems.count
      let wasInBlock = inHeaderOrFooter
      inHeaderOrFooter = true
      let headerSection = header.map { build($0, path: path + ["^header", $0.id.map { "=\($0)" } ?? "#0"]) }
      inHeaderOrFooter = wasInBlock
      let headerEnd = shownItems.count
      let level = pinLevel
      if pins { pinLevel += 1 }
      let sections = buildChildren(children, path: path)
      if pins { pinLevel -= 1 }
      inHeaderOrFooter = true
      let footerSection = footer.map { build($0, path: path + ["^footer", $0.id.map { "=\($0)" } ?? "#0"]) }
      inHeaderOrFooter = wasInBlock
      if pins && headerEnd > start {
        self.pins.append(Pin(header: start..<headerEnd, section: start..<shownItems.count, level: level))
      }
      return CompositeSection(id: id, header: headerSection, footer: footerSection, pinsHeader: pins, sections)
    }
  }

  private mutating func buildChildren(_ children: [RandomShape?], path: [String]) -> [Section?] {
    var sections: [Section?] = []
    for (position, child) in children.enumerated() {
      sections.append(child.map { build($0, path: path + [$0.id.map { "=\($0)" } ?? "#\(position)"]) })
    }
    return sections
  }

  /// The pinned blocks, sorted as the layout takes them (by header start).
  var sortedPins: [Pin] { pins.sorted { $0.header.lowerBound < $1.header.lowerBound } }

  /// Moves the item at `from` to `to` into `leaf`, with the identity that
  /// leaf gives it (its view model unchanged), as a finished drag does;
  /// pinned blocks move with their items.
  mutating func moveItem(from: Int, to: Int, into leaf: Int, afterNeighbour: Bool) {
    var item = shownItems.remove(at: from)
    item.leaf = leaf
    item.identity = leaves[leaf].prefix + item.viewModel.identifier
    shownItems.insert(item, at: to)
    func shifted(_ bound: Int) -> Int {
      let removed = bound > from ? bound - 1 : bound
      return (afterNeighbour ? removed >= to : removed > to) ? removed + 1 : removed
    }
    pins = pins.map {
      Pin(
        header: shifted($0.header.lowerBound)..<shifted($0.header.upperBound),
        section: shifted($0.section.lowerBound)..<shifted($0.section.upperBound), level: $0.level)
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
  /// The identity the model expects the item to have: its view model's tag
  /// until a drag takes the item into another section.
  var tag: String { get set }
  /// Between `willEnterWorkingRange` and `didExitWorkingRange`.
  var inWorkingRange: Bool { get set }
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
  var tag: String
  var inWorkingRange = false
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

  /// Every item but those named "e" may be dragged.
  override var canMove: Bool {
    model?.reenter(from: "canMove", controller: self)
    return viewModel.identifier != "e"
  }

  override func willEnterWorkingRange() { model?.heardWorkingRange(entering: true, by: self) }
  override func didExitWorkingRange() { model?.heardWorkingRange(entering: false, by: self) }

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

// MARK: Where items are drawn

/// Where a one-column list draws its items, worked out from their heights
/// alone: one item per line, top to bottom; the header blocks of pinned
/// sections in view at the top of the viewport (`low`), stacked below the
/// blocks of the pinned sections enclosing them and pushed up by their
/// section's end; a block longer than the room left to it scrolls with its
/// items. What ``ReentrancyModel`` checks the screen and the working range
/// against.
struct ScreenModel {
  /// Each item's frame in the layout.
  private(set) var natural: [CGRect] = []
  /// Each item's frame where it is drawn (pinned or natural).
  private(set) var drawn: [CGRect] = []
  /// The items drawn in the viewport.
  private(set) var visible: Set<Int> = []
  private let low: CGFloat
  private let high: CGFloat

  init(heights: [CGFloat], pins: [ExpectedRoot.Pin], width: CGFloat, low: CGFloat, high: CGFloat) {
    self.low = low
    self.high = high
    var y: CGFloat = 0
    for height in heights {
      natural.append(CGRect(x: 0, y: y, width: width, height: height))
      y += height
    }
    drawn = natural
    // The trailing edges of the enclosing pinned blocks drawn, by level.
    var enclosing: [(level: Int, edge: CGFloat)] = []
    for pin in pins {
      let sectionStart = natural[pin.section.lowerBound].minY
      let sectionEnd = natural[pin.section.upperBound - 1].maxY
      guard sectionEnd > low, sectionStart < high else { continue }
      while let last = enclosing.last, last.level >= pin.level { enclosing.removeLast() }
      let top = enclosing.last.map { max(low, $0.edge) } ?? low
      let blockStart = natural[pin.header.lowerBound].minY
      let length = natural[pin.header.upperBound - 1].maxY - blockStart
      let fits = length <= high - top || high <= low
      // Pinned at the top, unless its section's end pushes it up; never
      // below its place.
      let start = fits ? max(blockStart, min(top, sectionEnd - length)) : blockStart
      enclosing.append((pin.level, start + length))
      for index in pin.header {
        drawn[index] = natural[index].offsetBy(dx: 0, dy: start - blockStart)
      }
    }
    for (index, frame) in drawn.enumerated() where Self.overlaps(frame, low: low, high: high) {
      visible.insert(index)
    }
  }

  private static func overlaps(_ frame: CGRect, low: CGFloat, high: CGFloat) -> Bool {
    frame.height > 0 && frame.width > 0 && frame.minY < high && frame.maxY > low
  }

  /// The items in a working range of `size` (IGListKit's): from `size`
  /// before the first item the layout places in the viewport to `size`
  /// after the last, and the pinned items drawn in view outside that;
  /// none at size 0.
  func workingRange(size: Int) -> [Int] {
    guard size > 0 else { return [] }
    let placed = natural.indices.filter { Self.overlaps(natural[$0], low: low, high: high) }
    guard let first = placed.first ?? visible.min(), let last = placed.last ?? visible.max() else {
      return []
    }
    let range = max(0, first - size)...min(natural.count - 1, last + size)
    return Array(range) + visible.filter { !range.contains($0) }.sorted()
  }
}
