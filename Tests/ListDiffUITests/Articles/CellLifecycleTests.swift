// The article The cell lifecycle (Sources/ListDiffUI/ListDiffUI.docc/CellLifecycle.md):
// its code block verbatim (ArticleCodeTests checks it stays so), and tests of
// every sequence its table and diagram give.

import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

final class CallLog {
  var calls: [String] = []
}

struct NoteViewModel: ListViewModel, Equatable {
  var identifier: String
  var text: String
}

struct NoteState: ListViewState {
  var expanded = false
}

final class NoteCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

final class NoteController:
  ListCellController<NoteViewModel, NoteState, NoteCell>
{
  var log: CallLog? { context.object() }
  var text: String {
    viewState.expanded ? viewModel.text + "\n(more)" : viewModel.text
  }
  func record(_ call: String) {
    log?.calls.append("\(viewModel.identifier) \(call)")
  }

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(
      width: containerSize.width,
      height: CGFloat(text.split(separator: "\n").count))
  }
  override func configureCell(cell: NoteCell) {
    record("configureCell")
    cell.text = text
  }
  override func cellDidLayoutSubviews(cell: NoteCell) {
    record("cellDidLayoutSubviews")
  }
  override func didMount(onCell cell: NoteCell) { record("didMount") }
  override func willUnmount(onCell cell: NoteCell) {
    record("willUnmount")
  }
  override func didAppear(cell: NoteCell) { record("didAppear") }
  override func didFullyAppear(cell: NoteCell) {
    record("didFullyAppear")
  }
  override func willPartiallyDisappear(cell: NoteCell?) {
    record("willPartiallyDisappear")
  }
  override func willDisappear(cell: NoteCell?) {
    record("willDisappear")
  }
  override func didUpdateViewModel(oldViewModel: NoteViewModel) {
    record("didUpdateViewModel")
  }
  override func didSelect(cell: NoteCell) {
    record("didSelect")
    var state = viewState
    state.expanded.toggle()
    updateState(state)
  }
}

@MainActor
@Suite("Article: The cell lifecycle")
struct CellLifecycleArticleTests {
  let log = CallLog()
  let collectionView: CollectionView
  var dataSource: ListDiffDataSource?

  init() {
    collectionView = ArticleScreen.collectionView(width: 20, height: 3)
    dataSource = ListDiffDataSource(collectionView: collectionView, contextObjects: log)
  }

  func show(_ notes: [(id: String, text: String)]) {
    dataSource?.setRootSection(
      ListSection<NoteViewModel, NoteController>(notes.map { NoteViewModel(identifier: $0.id, text: $0.text) }))
  }

  func scroll(to y: CGFloat) {
    collectionView.setContentOffset(CGPoint(x: 0, y: y), animated: false)
    collectionView.layoutIfNeeded()
  }

  /// What item `id` heard since the last look (every item's calls are then forgotten).
  func calls(of id: String) -> [String] {
    defer { log.calls = [] }
    return log.calls.filter { $0.hasPrefix(id + " ") }.map { String($0.dropFirst(id.count + 1)) }
  }

  @Test func firstDisplayUpdateAndTap() {
    show([("a", "A")])
    #expect(calls(of: "a") == ["configureCell", "cellDidLayoutSubviews", "didMount", "didAppear", "didFullyAppear"])
    show([("a", "A2")])
    #expect(calls(of: "a") == ["didUpdateViewModel", "configureCell", "cellDidLayoutSubviews"])
    collectionView.selectItem(at: IndexPath(item: 0, section: 0))
    // The tap expands the note to two lines: laid out again at its new size.
    #expect(calls(of: "a") == ["didSelect", "configureCell", "cellDidLayoutSubviews", "cellDidLayoutSubviews"])
    #expect(collectionView.renderText().hasPrefix("A2" + String(repeating: " ", count: 18) + "\n(more)"))
  }

  @Test func scrolledOutAndBackKeepsItsCell() {
    // "b" is taller than the viewport: scrolling by one line needs no new cell.
    show([("a", "A"), ("b", (1...5).map(String.init).joined(separator: "\n"))])
    _ = calls(of: "a")
    scroll(to: 1)
    #expect(calls(of: "a") == ["willPartiallyDisappear", "willDisappear"])
    scroll(to: 0)
    #expect(calls(of: "a") == ["didAppear", "didFullyAppear"])
  }

  @Test func partlyScrolledOut() {
    show([("a", "A\nA"), ("b", "B"), ("c", "C"), ("d", "D")])
    _ = calls(of: "a")
    scroll(to: 1)
    #expect(calls(of: "a") == ["willPartiallyDisappear"])
  }

  @Test func aCellGivenToAnotherItemIsUnmounted() {
    show([("a", "A")] + (0..<20).map { ("n\($0)", "N") })
    _ = calls(of: "a")
    scroll(to: 15)
    #expect(calls(of: "a") == ["willPartiallyDisappear", "willDisappear", "willUnmount"])
  }

  @Test func deletedItem() {
    show([("a", "A")])
    _ = calls(of: "a")
    show([])
    #expect(calls(of: "a") == ["willPartiallyDisappear", "willDisappear", "willUnmount"])
  }

  @Test func nilRoot() {
    show([("a", "A")])
    _ = calls(of: "a")
    dataSource?.setRootSection(nil)
    #expect(calls(of: "a") == ["willPartiallyDisappear", "willDisappear", "willUnmount"])
  }

  @Test mutating func releasedDataSource() {
    show([("a", "A")])
    _ = calls(of: "a")
    dataSource = nil
    #expect(calls(of: "a").filter { $0 == "willUnmount" }.count == 1)
  }

  @Test func viewStateOutlivesTheCell() {
    show([("a", "A")] + (0..<20).map { ("n\($0)", "N") })
    collectionView.selectItem(at: IndexPath(item: 0, section: 0))  // expands "a"
    scroll(to: 15)
    scroll(to: 0)
    #expect(ArticleScreen.rows(of: collectionView).prefix(2) == ["A", "(more)"])
  }
}
