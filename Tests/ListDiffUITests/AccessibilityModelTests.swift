import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

// The list's accessibility, read through the data source's public API:
// elements, the cursor kept by identity, moves, actions, announcements.

/// A row whose cell says of itself what its view model asks: a label (nil:
/// the text it draws), a value, traits, whether it is an element at all.
struct SpokenRow: ListViewModel, Equatable {
  var identifier: String
  var text: String
  var label: String? = nil
  var value: String? = nil
  var traits: AccessibilityTraits = .none
  var isElement = true
  var movable = false
  var leading: [String] = []
  var trailing: [String] = []
  var version = 0
  var height: CGFloat = 1
  var width: CGFloat? = nil
}

final class SpokenCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

/// Where row actions and custom actions report.
@MainActor
final class SpokenLog {
  var events: [String] = []
}

final class SpokenController: ListCellController<SpokenRow, ListViewStateNone, SpokenCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: viewModel.width ?? containerSize.width, height: viewModel.height)
  }
  override func configureCell(cell: SpokenCell) {
    cell.text = viewModel.text
    cell.accessibilityLabel = viewModel.label
    cell.accessibilityValue = viewModel.value
    cell.accessibilityTraits = viewModel.traits
    cell.isAccessibilityElement = viewModel.isElement
  }
  override var canMove: Bool { viewModel.movable }
  override func leadingActions() -> [ListItemAction] { actions(viewModel.leading) }
  override func trailingActions() -> [ListItemAction] { actions(viewModel.trailing) }
  override func didSelect(cell: SpokenCell) {
    context.object(type: SpokenLog.self)?.events.append("tap \(viewModel.identifier)")
  }
  private func actions(_ titles: [String]) -> [ListItemAction] {
    let log = context.object(type: SpokenLog.self)
    let identifier = viewModel.identifier
    return titles.map { title in ListItemAction(title: title) { log?.events.append("\(title) \(identifier)") } }
  }
}

func spoken(_ rows: [SpokenRow], id: String? = nil) -> ListSection<SpokenRow, SpokenController> {
  ListSection<SpokenRow, SpokenController>(rows, id: id)
}

func spokenRows(_ names: [String], movable: Bool = false) -> [SpokenRow] {
  names.map { SpokenRow(identifier: $0, text: $0, movable: movable) }
}

/// A screen with a log, and the notifications its data source posts.
@MainActor
final class SpokenScreen {
  let screen: ListScreen
  let log = SpokenLog()
  var notifications: [ListAccessibilityNotification] = []

  init(height: Int = 5, applyUpdatesAsync: Bool = false) {
    screen = ListScreen(width: 30, height: height, applyUpdatesAsync: applyUpdatesAsync, contextObjects: log)
    screen.dataSource.accessibilityNotificationHandler = { [unowned self] in self.notifications.append($0) }
  }

  var dataSource: ListDiffDataSource { screen.dataSource }
  var focus: String? { dataSource.accessibilityFocus?.identifier }
  var descriptions: [String] { dataSource.accessibilityElements.map(\.description) }

  func setRoot(_ root: Section?) async {
    await screen.setRoot(root)
  }
}

@MainActor
@Suite("Accessibility: VoiceOver's model of a list, kept by identity", .timeLimit(.minutes(20)))
struct AccessibilityTests {
  @Test("elements in reading order: labels default to what the cell draws, headers carry .header, 3 of 12")
  func elements() async {
    let screen = SpokenScreen(height: 6)
    await screen.setRoot(
      CompositeSection(
        id: "fruit", header: spoken([SpokenRow(identifier: "h", text: "Fruit")]),
        footer: spoken([SpokenRow(identifier: "f", text: "3 kinds")])
      ) {
        spoken([
          SpokenRow(identifier: "a", text: "  apple\n  red "), SpokenRow(identifier: "b", text: "x", label: "banana"),
          SpokenRow(identifier: "c", text: "cherry", value: "ripe", traits: .button),
        ])
      })
    let elements = screen.dataSource.accessibilityElements
    #expect(elements.map(\.item.identifier) == ["h", "a", "b", "c", "f"])
    #expect(elements[0].traits.contains(.header) && elements[0].position == 0 && elements[0].count == 0)
    #expect(elements[1].label == "apple red", "the lines the cell draws, trimmed and joined")
    #expect(screen.descriptions == ["Fruit, Heading", "apple red, 1 of 3", "banana, 2 of 3", "cherry, ripe, Button, 3 of 3", "3 kinds"])
    #expect(elements[1].frame == CGRect(x: 0, y: 1, width: 30, height: 1))
  }

  @Test("a pinned header block is read first while it is pinned; a cell that is no element is left out")
  func pinnedFirst() async {
    let screen = SpokenScreen(height: 4)
    var rows = spokenRows((0..<20).map { "r\($0)" })
    rows[12].isElement = false
    await screen.setRoot(
      CompositeSection(id: "s", header: spoken([SpokenRow(identifier: "H", text: "Head")]), pinsHeader: true) {
        spoken(rows)
      })
    screen.screen.scroll(by: 10)
    // r9 is all under H; r12 says it is no element.
    #expect(screen.dataSource.accessibilityElements.map(\.item.identifier) == ["H", "r10", "r11"])
    // VoiceOver's cursor ignores canFocus, which is the keyboard's: the
    // header is an element.
    screen.dataSource.accessibilityFocus = ListItemID(identifier: "H", sectionPath: ["s"])
    #expect(screen.focus == "H")
    #expect(screen.dataSource.moveAccessibilityFocus(.next))
    #expect(screen.focus == "r10")
  }

  @Test("the cursor moves over the whole list, scrolling on, and bonks at its ends")
  func moves() async {
    let screen = SpokenScreen(height: 3)
    var rows = spokenRows((0..<8).map { "r\($0)" })
    rows[4].isElement = false
    await screen.setRoot(spoken(rows, id: "s"))
    #expect(screen.dataSource.moveAccessibilityFocus(.next))
    #expect(screen.focus == "r0", "no cursor: the first element on screen")
    var seen: [String] = []
    while screen.dataSource.moveAccessibilityFocus(.next) { seen.append(screen.focus ?? "-") }
    #expect(seen == ["r1", "r2", "r3", "r5", "r6", "r7"], "r4 is no element")
    #expect(screen.focus == "r7", "the bonk moves nothing")
    #expect(screen.screen.text.contains("r7"), "scrolled on to show it")
    #expect(screen.dataSource.moveAccessibilityFocus(.first))
    #expect(screen.focus == "r0")
    #expect(!screen.dataSource.moveAccessibilityFocus(.previous))
    #expect(screen.dataSource.moveAccessibilityFocus(.last))
    #expect(screen.focus == "r7")
    #expect(screen.dataSource.moveAccessibilityFocus(.previous))
    #expect(screen.focus == "r6")
  }

  @Test("heading moves walk the sections, off screen included, and show the heading at its section's start")
  func headings() async {
    let screen = SpokenScreen(height: 4)
    func group(_ name: String) -> Section {
      CompositeSection(id: name, header: spoken([SpokenRow(identifier: "\(name)-h", text: name.uppercased())])) {
        spoken(spokenRows((0..<30).map { "\(name)\($0)" }))
      }
    }
    await screen.setRoot(CompositeSection(group("a"), group("b"), group("c")))
    #expect(screen.dataSource.moveAccessibilityFocus(.nextHeading))
    #expect(screen.focus == "a-h")
    #expect(screen.dataSource.moveAccessibilityFocus(.nextHeading))
    #expect(screen.focus == "b-h")
    #expect(screen.screen.text.hasPrefix("B\n"), "at the top of the viewport")
    #expect(screen.dataSource.moveAccessibilityFocus(.nextHeading))
    #expect(!screen.dataSource.moveAccessibilityFocus(.nextHeading), "no heading after c's")
    #expect(screen.focus == "c-h")
    #expect(screen.dataSource.moveAccessibilityFocus(.previousHeading))
    #expect(screen.focus == "b-h")
  }

  @Test("the cursor stays on its item through roots that keep it, with nothing posted", arguments: [false, true])
  func focusSurvives(async: Bool) async {
    let screen = SpokenScreen(height: 5, applyUpdatesAsync: async)
    var names = (0..<10).map { "r\($0)" }
    await screen.setRoot(spoken(spokenRows(names), id: "s"))
    screen.dataSource.accessibilityFocus = ListItemID(identifier: "r3")
    screen.notifications = []
    names.insert(contentsOf: ["new0", "new1"], at: 0)
    await screen.setRoot(spoken(spokenRows(names), id: "s"))
    names.swapAt(4, 8)
    await screen.setRoot(spoken(spokenRows(names), id: "s"))
    var changed = spokenRows(names)
    changed[3].text = "changed"
    await screen.setRoot(spoken(changed, id: "s"))
    screen.screen.collectionView.reloadData()
    screen.screen.collectionView.layoutIfNeeded()
    #expect(screen.dataSource.accessibilityFocus == ListItemID(identifier: "r3", sectionPath: ["s"]))
    #expect(screen.notifications.isEmpty, "\(screen.notifications)")
  }

  @Test("a deleted cursor moves to the item now at its place, else the one before, with one layoutChanged", arguments: [false, true])
  func deletedFocusMoves(async: Bool) async {
    let screen = SpokenScreen(height: 5, applyUpdatesAsync: async)
    await screen.setRoot(spoken(spokenRows(["a", "b", "c", "d"]), id: "s"))
    screen.dataSource.accessibilityFocus = ListItemID(identifier: "b")
    screen.notifications = []
    await screen.setRoot(spoken(spokenRows(["a", "c", "d"]), id: "s"))
    #expect(screen.focus == "c")
    #expect(screen.notifications == [.layoutChanged(focus: ListItemID(identifier: "c", sectionPath: ["s"]))])
    screen.dataSource.accessibilityFocus = ListItemID(identifier: "d")
    screen.notifications = []
    await screen.setRoot(spoken(spokenRows(["a", "c"]), id: "s"))
    #expect(screen.focus == "c", "the last one: the item before")
    #expect(screen.notifications == [.layoutChanged(focus: ListItemID(identifier: "c", sectionPath: ["s"]))])
    screen.notifications = []
    await screen.setRoot(nil)
    #expect(screen.focus == nil)
    #expect(screen.notifications == [.layoutChanged(focus: nil)])
  }

  @Test("item actions are custom actions, leading then trailing, with the same handlers")
  func itemActions() async {
    let screen = SpokenScreen()
    await screen.setRoot(
      spoken([SpokenRow(identifier: "a", text: "a", leading: ["Pin"], trailing: ["Archive", "Delete"])], id: "s"))
    #expect(screen.dataSource.accessibilityElements.first?.customActions == ["Pin", "Archive", "Delete"])
    screen.dataSource.accessibilityFocus = ListItemID(identifier: "a")
    #expect(screen.dataSource.performAccessibilityAction(named: "Archive"))
    #expect(screen.log.events == ["Archive a"])
    #expect(!screen.dataSource.performAccessibilityAction(named: "Share"), "no such action")
    #expect(screen.log.events == ["Archive a"])
  }

  @Test("where an item may be dragged, Move up/down/to top/to bottom move it by the drag's rules and are announced")
  func moveActions() async {
    let screen = SpokenScreen(height: 8)
    var model = ["a", "b", "c", "d"]
    var moves: [ListItemMove] = []
    screen.dataSource.moveHandler = { move in
      moves.append(move)
      model.insert(model.remove(at: move.fromIndex), at: move.toIndex)
    }
    await screen.setRoot(spoken(spokenRows(model, movable: true), id: "s"))
    #expect(screen.dataSource.accessibilityElements.first?.customActions == ["Move down", "Move to top", "Move to bottom"])
    screen.dataSource.accessibilityFocus = ListItemID(identifier: "b")
    #expect(screen.dataSource.accessibilityElements[1].customActions == ["Move up", "Move down", "Move to top", "Move to bottom"])
    screen.notifications = []
    #expect(screen.dataSource.performAccessibilityAction(named: "Move down"))
    #expect(moves.map { "\($0.identifier) \($0.fromIndex)>\($0.toIndex)" } == ["b 1>2"])
    #expect(model == ["a", "c", "b", "d"])
    #expect(screen.notifications == [.announcement("Moved to 3 of 4")], "announced without announcesUpdates")
    #expect(screen.screen.text.hasPrefix("a\nc\nb\nd\n"))
    #expect(screen.focus == "b", "the cursor follows its item")
    let updates = screen.screen.updates.count
    await screen.setRoot(spoken(spokenRows(model, movable: true), id: "s"))
    #expect(screen.screen.updates.count == updates, "the root that carries the move changes nothing")
    #expect(screen.dataSource.performAccessibilityAction(named: "Move to top"))
    #expect(model == ["b", "a", "c", "d"])
    #expect(screen.dataSource.accessibilityElements.first?.customActions == ["Move down", "Move to top", "Move to bottom"])
  }

  @Test("with announcesUpdates, one announcement per root from its diff; none for a root that changed nothing")
  func announcements() async {
    let screen = SpokenScreen(height: 10)
    screen.dataSource.announcesUpdates = true
    await screen.setRoot(spoken(spokenRows(["a", "b"]), id: "s"))
    #expect(screen.notifications == [.announcement("2 items added")])
    screen.notifications = []
    await screen.setRoot(spoken(spokenRows(["a", "b"]), id: "s"))
    #expect(screen.notifications.isEmpty)
    var rows = spokenRows(["a", "c", "d"])
    rows[0].text = "A"
    await screen.setRoot(spoken(rows, id: "s"))
    #expect(screen.notifications == [.announcement("2 items added, 1 item removed, 1 item changed")])
    screen.dataSource.announcesUpdates = false
    screen.notifications = []
    await screen.setRoot(spoken(spokenRows(["x"]), id: "s"))
    #expect(screen.notifications.isEmpty)
  }

  @Test("announcements count the content's items, not a header's count or a placeholder that goes with them")
  func announcementsCountContent() async {
    func root(_ names: [String]) -> Section {
      CompositeSection(
        id: "s", header: spoken([SpokenRow(identifier: "H", text: "Items (\(names.count))")]),
        footer: spoken([SpokenRow(identifier: "F", text: "\(names.count) in all")]),
        placeholder: spoken([SpokenRow(identifier: "none", text: "Nothing yet")]), [spoken(spokenRows(names))])
    }
    let screen = SpokenScreen(height: 10)
    await screen.setRoot(root([]))
    screen.dataSource.announcesUpdates = true
    await screen.setRoot(root(["a"]))
    #expect(screen.notifications == [.announcement("1 item added")], "not the header's count, the footer or the placeholder")
    screen.notifications = []
    await screen.setRoot(root(["b", "a"]))
    #expect(screen.notifications == [.announcement("1 item added")])
    screen.notifications = []
    await screen.setRoot(root([]))
    #expect(screen.notifications == [.announcement("2 items removed")])
    screen.notifications = []
    await screen.setRoot(root([]))
    #expect(screen.notifications.isEmpty)
  }

  @Test("loading more is announced: Loading, then Loaded N more")
  func loadingAnnounced() async {
    let screen = SpokenScreen(height: 5)
    screen.dataSource.announcesUpdates = true
    var names = (0..<6).map { "r\($0)" }
    var release: CheckedContinuation<Void, Never>?
    screen.dataSource.loadMoreEdges = .bottom
    screen.dataSource.loadMoreHandler = { _ in
      await withCheckedContinuation { release = $0 }
      names += (6..<36).map { "r\($0)" }
      await screen.setRoot(spoken(spokenRows(names), id: "s"))
      return .more
    }
    await screen.setRoot(spoken(spokenRows(names), id: "s"))
    #expect(screen.dataSource.loadMoreState == [.bottom: .loading])
    #expect(screen.notifications.last == .announcement("Loading"))
    _ = await waitOnMainActor(upTo: .seconds(5)) { release != nil }
    release?.resume()
    _ = await waitOnMainActor(upTo: .seconds(5)) { screen.dataSource.loadMoreState == [.bottom: .idle] }
    #expect(screen.notifications.last == .announcement("Loaded 30 more"), "\(screen.notifications)")
  }

  @Test("a page scroll moves by the viewport less its pinned blocks and says what it shows")
  func pageScroll() async {
    let screen = SpokenScreen(height: 11)
    await screen.setRoot(
      CompositeSection(id: "s", header: spoken([SpokenRow(identifier: "H", text: "Head")]), pinsHeader: true) {
        spoken(spokenRows((0..<120).map { "r\($0)" }))
      })
    #expect(screen.dataSource.accessibilityScroll(.down))
    #expect(screen.notifications == [.pageScrolled("Rows 12 to 21 of 121")])
    #expect(!screen.dataSource.accessibilityScroll(.left), "across the list's direction")
    #expect(screen.dataSource.accessibilityScroll(.up))
    #expect(!screen.dataSource.accessibilityScroll(.up), "at the top")
  }

  @Test("activating the cursor's element taps its item unless the cell activates itself")
  func activate() async {
    let screen = SpokenScreen()
    await screen.setRoot(spoken(spokenRows(["a", "b"]), id: "s"))
    #expect(!screen.dataSource.activateAccessibilityFocus(), "no cursor")
    screen.dataSource.accessibilityFocus = ListItemID(identifier: "b")
    #expect(screen.dataSource.activateAccessibilityFocus())
    #expect(screen.log.events == ["tap b"])
  }

  @Test("bad input: an empty label is a warning once per item; a focus on no item is ignored with a note")
  func badInput() async {
    let screen = SpokenScreen()
    await screen.setRoot(spoken([SpokenRow(identifier: "blank", text: "  "), SpokenRow(identifier: "b", text: "b")], id: "s"))
    screen.screen.expectWarnings(.emptyAccessibilityLabel) {
      _ = screen.dataSource.accessibilityElements
    }
    _ = screen.dataSource.accessibilityElements
    #expect(screen.screen.diagnostics.filter { $0.kind == .emptyAccessibilityLabel }.count == 1)
    screen.dataSource.accessibilityFocus = ListItemID(identifier: "nothing")
    #expect(screen.focus == nil)
    #expect(screen.screen.diagnostics.last?.kind == .ignoredInteraction)
  }

  @Test("a carousel's items read inside it; a grid's line by line with their row and column")
  func nestedLists() async {
    let screen = SpokenScreen(height: 12)
    await screen.setRoot(
      CompositeSection(
        spoken(spokenRows(["top"]), id: "top"),
        CarouselSection(id: "row", height: 1) {
          spoken(["c0", "c1"].map { SpokenRow(identifier: $0, text: $0, width: 10) })
        },
        GridSection(id: "grid", columns: 2, spacing: 0) { spoken(spokenRows(["g0", "g1", "g2"])) }))
    let elements = screen.dataSource.accessibilityElements
    #expect(elements.map(\.item.identifier) == ["top", "c0", "c1", "g0", "g1", "g2"])
    #expect(elements.suffix(3).map(\.gridCell) == [.init(row: 1, column: 1), .init(row: 1, column: 2), .init(row: 2, column: 1)])
    #expect(elements[4].description == "g1, row 1, column 2, 2 of 3")
    screen.dataSource.accessibilityFocus = elements[2].item
    #expect(screen.focus == "c1")
    #expect(screen.dataSource.moveAccessibilityFocus(.next))
    #expect(screen.focus == "g0")
    #expect(screen.dataSource.moveAccessibilityFocus(.previous))
    #expect(screen.focus == "c1")
  }
}
