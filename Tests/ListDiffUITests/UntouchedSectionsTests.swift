import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// One-point rows showing `identifier=value`.
private final class LineController: ListCellController<ItemVM, ListViewStateNone, ItemCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: ItemCell) { cell.shown = viewModel }
}

/// A view model that is a class: outside the contract when changed in
/// place, which these tests show the consequence of.
private final class ClassLineVM: ListViewModel, Equatable, @unchecked Sendable {
  let identifier: String
  var text: String
  init(_ identifier: String, _ text: String) {
    self.identifier = identifier
    self.text = text
  }
  static func == (lhs: ClassLineVM, rhs: ClassLineVM) -> Bool {
    lhs.identifier == rhs.identifier && lhs.text == rhs.text
  }
}

private final class ClassLineCell: ListCell {
  var line = ""
  override var textRepresentation: String { line }
}

private final class ClassLineController: ListCellController<ClassLineVM, ListViewStateNone, ClassLineCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: ClassLineCell) { cell.line = viewModel.text }
}

/// An app's model kept as one array per section, as the Performance article
/// advises: a section the app does not touch keeps its storage.
private struct Sections {
  var arrays: [[ItemVM]]

  /// `count` sections of `size` items, identifiers `s<section>-<item>`.
  init(count: Int, size: Int) {
    arrays = (0..<count).map { section in (0..<size).map { ItemVM(identifier: "s\(section)-\($0)", height: 1) } }
  }

  /// The root: one list section per array, each with its id.
  func root() -> Section {
    CompositeSection(arrays.enumerated().map { ListSection<ItemVM, LineController>($1, id: "s\($0)") })
  }

  /// Every item, in order.
  var items: [ItemVM] { arrays.flatMap { $0 } }
}

/// A section whose view-model array is the very one shown (the same
/// storage) is not read, compared or diffed; `ListWorkCounts` says how much
/// each update read. The results equal the whole-list diff's (the seeded
/// tests of `LeafwiseDiffTests` hold that over thousands of roots); these
/// pin the counts and the edges.
@Suite("Untouched sections are skipped", .timeLimit(.minutes(20)))
@MainActor
struct UntouchedSectionsTests {
  @Test("one change among 100 sections reads that section only", arguments: [false, true])
  func oneChangeReadsOneSection(applyUpdatesAsync: Bool) async {
    var model = Sections(count: 100, size: 20)
    let screen = ListScreen(width: 20, height: 5, applyUpdatesAsync: applyUpdatesAsync)
    await screen.setRoot(model.root())
    model.arrays[0][2].value = 7
    await screen.setRoot(model.root())
    #expect(
      screen.lastUpdate
        == ListWorkCounts(
          itemsBefore: 2_000, itemsAfter: 2_000, updates: 1, sizeRequests: 1, cellsConfigured: 1,
          sectionsCompared: 1, sectionsSkipped: 99, itemsCompared: 40))
    #expect(screen.text == "s0-0=0\ns0-1=0\ns0-2=7\ns0-3=0\ns0-4=0")
    // The same root again: nothing read at all.
    await screen.setRoot(model.root())
    #expect(screen.lastUpdate.sectionsSkipped == 100)
    #expect(screen.lastUpdate.sectionsCompared == 0 && screen.lastUpdate.itemsCompared == 0)
  }

  @Test("appending to the last section reads that section, and searches only it", arguments: [false, true])
  func appendReadsTheLastSection(applyUpdatesAsync: Bool) async {
    var model = Sections(count: 100, size: 20)
    let screen = ListScreen(width: 20, height: 5, applyUpdatesAsync: applyUpdatesAsync)
    await screen.setRoot(model.root())
    model.arrays[99] += (20..<23).map { ItemVM(identifier: "s99-\($0)", height: 1) }
    await screen.setRoot(model.root())
    let counts = screen.lastUpdate
    #expect(counts.inserts == 3 && counts.deletes == 0 && counts.moves == 0)
    #expect(counts.sectionsCompared == 1 && counts.sectionsSkipped == 99)
    // The diff reads 20 old and 23 new items; the search for repeated
    // identifiers reads the 23.
    #expect(counts.itemsCompared == 20 + 23 + 23)
    #expect(screen.dataSource.itemCount == 2_003)
  }

  @Test("a section added or removed keeps the others unread", arguments: [false, true])
  func sectionAddedOrRemoved(applyUpdatesAsync: Bool) async {
    var model = Sections(count: 50, size: 10)
    let screen = ListScreen(width: 20, height: 5, applyUpdatesAsync: applyUpdatesAsync)
    await screen.setRoot(model.root())
    let removed = model.arrays.remove(at: 20)
    await screen.setRoot(ListWorkCountsProbe.root(model.arrays, ids: (0..<50).filter { $0 != 20 }))
    #expect(screen.lastUpdate.deletes == 10 && screen.lastUpdate.inserts == 0)
    #expect(screen.lastUpdate.sectionsSkipped == 49 && screen.lastUpdate.sectionsCompared == 0)
    // Back in its place (its own array, as shown before it left).
    model.arrays.insert(removed, at: 20)
    await screen.setRoot(model.root())
    #expect(screen.lastUpdate.inserts == 10 && screen.lastUpdate.deletes == 0)
    #expect(screen.lastUpdate.sectionsSkipped == 49 && screen.lastUpdate.sectionsCompared == 1)
    #expect(screen.lastUpdate.itemsCompared == 10, "the returning section is searched, nothing else is read")
    #expect(screen.dataSource.itemCount == 500)
  }

  @Test("sections reordered are read whole, and their items move", arguments: [false, true])
  func reorderedSectionsAreRead(applyUpdatesAsync: Bool) async {
    let model = Sections(count: 4, size: 10)
    let screen = ListScreen(width: 20, height: 5, applyUpdatesAsync: applyUpdatesAsync)
    await screen.setRoot(model.root())
    let order = [0, 2, 1, 3]
    await screen.setRoot(ListWorkCountsProbe.root(order.map { model.arrays[$0] }, ids: order))
    #expect(screen.lastUpdate.sectionsSkipped == 0 && screen.lastUpdate.sectionsCompared == 4)
    #expect(screen.lastUpdate.itemsCompared == 80)
    // IGListKit moves every item whose place among the kept items changed.
    #expect(screen.lastUpdate.moves == 20 && screen.lastUpdate.inserts == 0 && screen.lastUpdate.deletes == 0)
  }

  @Test("a section made by a transform is always read")
  func transformedSectionIsRead() {
    let models = (0..<20).map { "t\($0)" }
    func root() -> Section {
      ListSection<String, LineController>(models) { ItemVM(identifier: $0, height: 1) }
    }
    let screen = ListScreen(width: 20, height: 5)
    screen.setRoot(root())
    screen.setRoot(root())
    #expect(screen.lastUpdate.sectionsCompared == 1 && screen.lastUpdate.sectionsSkipped == 0)
    #expect(screen.lastUpdate.itemsCompared == 40)
  }

  /// The documented consequence of a class view model changed in place: the
  /// old and new lists hold the same instance, so it equals itself and no
  /// update is seen, skipped or not; its sections are read every time.
  @Test("class view models: read on every root; one changed in place is not shown, a new one is")
  func classViewModels() {
    var lines = (0..<5).map { ClassLineVM("c\($0)", "line \($0)") }
    func root() -> Section { ListSection<ClassLineVM, ClassLineController>(lines) }
    let screen = ListScreen(width: 20, height: 5)
    screen.setRoot(root())
    lines[1].text = "changed in place"
    screen.setRoot(root())
    #expect(screen.lastUpdate.sectionsCompared == 1 && screen.lastUpdate.sectionsSkipped == 0)
    #expect(screen.lastUpdate.updates == 0)
    #expect(screen.text == "line 0\nline 1\nline 2\nline 3\nline 4")
    lines[1] = ClassLineVM("c1", "a new instance")
    screen.setRoot(root())
    #expect(screen.lastUpdate.updates == 1)
    #expect(screen.text == "line 0\na new instance\nline 2\nline 3\nline 4")
  }

  /// Sections with one id share a scope: an identifier added to one that is
  /// in its untouched namesake repeats, and is dropped and reported.
  @Test("an untouched section sharing its id with another is searched for repeats", arguments: [false, true])
  func untouchedNamesakeIsSearched(applyUpdatesAsync: Bool) async {
    let kept = (0..<10).map { ItemVM(identifier: "k\($0)", height: 1) }
    var other = [ItemVM(identifier: "o0", height: 1)]
    func root() -> Section {
      CompositeSection([
        ListSection<ItemVM, LineController>(kept, id: "x"),
        ListSection<ItemVM, LineController>(other, id: "x"),
      ])
    }
    let screen = ListScreen(width: 20, height: 20, applyUpdatesAsync: applyUpdatesAsync)
    await screen.expectWarnings(.duplicateSectionID) { await screen.setRoot(root()) }
    other.append(ItemVM(identifier: "k3", height: 1))
    await screen.expectWarnings(.duplicateSectionID, .duplicateIdentifier) { await screen.setRoot(root()) }
    #expect(screen.dataSource.itemCount == 11)
    #expect(screen.text.split(separator: "\n").filter { $0 == "k3=0" }.count == 1)
  }

  @Test("an untouched section's empty identifiers are reported on every root")
  func emptyIdentifiersReportedAgain() {
    let lines = [ItemVM(identifier: "", height: 1), ItemVM(identifier: "a", height: 1)]
    func root() -> Section { ListSection<ItemVM, LineController>(lines) }
    let screen = ListScreen(width: 20, height: 5)
    screen.expectWarnings(.emptyIdentifier) { screen.setRoot(root()) }
    screen.expectWarnings(.emptyIdentifier) { screen.setRoot(root()) }
    #expect(screen.lastUpdate.sectionsSkipped == 1)
  }

  @Test("after a drag reorders items, the next root is read whole and shows the model")
  func rootAfterDragIsRead() {
    var lines = (0..<6).map { ItemVM(identifier: "d\($0)", height: 1) }
    let screen = ListScreen(width: 20, height: 6)
    screen.dataSource.moveHandler = { move in
      let moved = lines.remove(at: move.fromIndex)
      lines.insert(moved, at: move.toIndex)
    }
    screen.setRoot(ListSection<ItemVM, MovableLineController>(lines))
    screen.move(identifier: "d0", toIndex: 3)
    screen.setRoot(ListSection<ItemVM, MovableLineController>(lines))
    #expect(screen.lastUpdate.sectionsSkipped == 0)
    #expect(screen.text == "d1=0\nd2=0\nd3=0\nd0=0\nd4=0\nd5=0")
  }
}

/// Roots of the `Sections` arrays under chosen ids.
private enum ListWorkCountsProbe {
  /// One list section per array, with id `s<ids[i]>`.
  static func root(_ arrays: [[ItemVM]], ids: [Int]) -> Section {
    CompositeSection(zip(arrays, ids).map { ListSection<ItemVM, LineController>($0, id: "s\($1)") })
  }
}

/// A line that can be dragged.
private final class MovableLineController: ListCellController<ItemVM, ListViewStateNone, ItemCell> {
  override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: containerSize.width, height: 1) }
  override func configureCell(cell: ItemCell) { cell.shown = viewModel }
  override var canMove: Bool { true }
}
