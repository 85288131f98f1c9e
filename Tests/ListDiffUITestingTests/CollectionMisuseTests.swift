import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// A view state that flips whenever the cell is laid out.
struct FlippingState: ListViewState {
  var tall = false
  init() {}
}

/// A controller that changes its view state, and so its size, in every
/// `cellDidLayoutSubviews`: a layout that never settles (it crashed the
/// data source with a stack overflow before it was bounded).
final class RestlessController: ListCellController<Row, FlippingState, RowCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: viewState.tall ? 2 : 1)
  }
  override func configureCell(cell: RowCell) { cell.text = viewModel.title }
  override func cellDidLayoutSubviews(cell: RowCell) {
    var state = viewState
    state.tall.toggle()
    updateState(state)
  }
}

/// A controller that grows its cell once, from its first layout: a layout
/// that settles in a few passes.
final class GrowOnceController: ListCellController<Row, FlippingState, RowCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: viewState.tall ? 2 : 1)
  }
  override func configureCell(cell: RowCell) { cell.text = viewModel.title + (viewState.tall ? " (tall)" : "") }
  override func cellDidLayoutSubviews(cell: RowCell) {
    guard !viewState.tall else { return }
    var state = viewState
    state.tall = true
    updateState(state)
  }
}

@Suite("Collection view misuse on a ListScreen", .timeLimit(.minutes(20)))
@MainActor
struct CollectionMisuseTests {
  @Test("a layout that never settles fails the test as a warning, naming the passes it ran")
  func unsettledLayoutFails() {
    let screen = ListScreen(width: 12, height: 4)
    let comments = issueComments {
      screen.setRoot(ListSection<Row, RestlessController>([Row(identifier: "a", title: "a")]))
    }
    #expect(!comments.isEmpty)
    #expect(comments.allSatisfy { $0.hasPrefix("unexpected warning (.collectionViewMisuse)") }, "\(comments)")
    #expect(comments.first?.contains("during each of 16 layout passes in a row") == true)
    // Bounded: a few reports for one root, not one per query.
    #expect(comments.count <= 4, "\(comments.count)")
    #expect(screen.text.hasPrefix("a"))
  }

  @Test("expected, it passes; the screen still shows the item and answers")
  func unsettledLayoutExpected() {
    let screen = ListScreen(width: 12, height: 4)
    screen.expectWarnings(.collectionViewMisuse) {
      screen.setRoot(ListSection<Row, RestlessController>([Row(identifier: "a", title: "a"), Row(identifier: "b", title: "b")]))
    }
    #expect(screen.diagnostics.allSatisfy { $0.kind == .collectionViewMisuse })
    #expect(screen.dataSource.indexPath(forIdentifier: "b") == IndexPath(item: 1, section: 0))
  }

  @Test("a state changed once from a cell's layout settles: no warning, the new size and text shown")
  func settlingStateChange() {
    let screen = ListScreen(width: 12, height: 4)
    screen.setRoot(ListSection<Row, GrowOnceController>([Row(identifier: "a", title: "a"), Row(identifier: "b", title: "b")]))
    #expect(screen.diagnostics.isEmpty)
    #expect(screen.text == "a (tall)\n\nb (tall)\n")
  }
}
