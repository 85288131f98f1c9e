import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

@MainActor
protocol RowDelegate: AnyObject {
  func didTap(_ identifier: String)
}

@MainActor
final class TapRecorder: RowDelegate {
  var taps: [String] = []
  func didTap(_ identifier: String) { taps.append(identifier) }
}

final class RowController: ListCellController<ItemVM, ListViewStateNone, ItemCell>,
  ListCellControllerWithDelegate
{
  typealias DelegateType = RowDelegate
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 10)
  }
  override func didSelect(cell: ItemCell) {
    delegate?.didTap(viewModel.identifier)
  }
}

final class Logger {}
final class Clock {}

@Suite("Selection, lookup, context and delegates")
@MainActor
struct InteractionTests {
  @Test("selectItem reaches the controller's didSelect(cell:), then the forwarded delegate")
  func selection() throws {
    let screen = ListScreen.logging(height: 50)
    let recorder = DelegateRecorder()
    screen.dataSource.collectionViewDelegate = recorder
    screen.setRoot(section(items("a", "b", "c")))
    let b = try #require(screen.controller("b"))
    screen.log.reset()
    screen.collectionView.selectItem(at: IndexPath(item: 1, section: 0))
    #expect(screen.log.events(of: b) == ["didSelect"])
    #expect(recorder.selected == [1])
    #expect(screen.log.all == ["b:didSelect"])
  }

  @Test("section delegates reach controllers weakly, typed through ListCellControllerWithDelegate")
  func sectionDelegates() throws {
    let screen = ListScreen.logging(height: 50)
    var tapRecorder: TapRecorder? = TapRecorder()
    weak var weakRecorder: TapRecorder?  // Swift 6.2 has no `weak let`
    weakRecorder = tapRecorder
    screen.setRoot(ListSection<ItemVM, RowController>(items("a", "b"), delegate: WeakAnyObject(object: tapRecorder)))
    screen.collectionView.selectItem(at: IndexPath(item: 1, section: 0))
    #expect(tapRecorder?.taps == ["b"])
    let controller = try #require(screen.dataSource.cellController(forIdentifier: "a") as? RowController)
    #expect(controller.delegate === tapRecorder)
    tapRecorder = nil
    #expect(weakRecorder == nil)
    #expect(controller.delegate == nil)
    screen.collectionView.selectItem(at: IndexPath(item: 0, section: 0))
  }

  @Test("context objects are found by exact class; a repeated class is reported")
  func contextObjects() {
    let logger = Logger()
    let clock = Clock()
    let context = ListDiffContext(objects: [logger, clock])
    let foundLogger: Logger? = context.object()
    #expect(foundLogger === logger)
    #expect(context.object(type: Clock.self) === clock)
    #expect(context.object(type: NSObject.self) == nil)

    let collection = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 10, height: 10), collectionViewLayout: CollectionViewFlowLayout())
    let second = Logger()
    var heard: [ListDiffDiagnostic] = []
    let dataSource = ListDiffDataSource(
      collectionView: collection, contextObjects: logger, second, diagnosticHandler: { heard.append($0) })
    #expect(dataSource.context.object(type: Logger.self) === logger)
    #expect(dataSource.context.duplicateClassNames.count == 1)
    #expect(heard.map(\.kind) == [.duplicateContextObject])
    // The data source installs its own (internal) object in both roles.
    #expect(collection.dataSource != nil)
    #expect(collection.delegate != nil)
    #expect(collection.dataSource === collection.delegate)
  }

  @Test("indexPath(forIdentifier:) and scrollToItem(identifier:) find items by identifier and path")
  func lookupAndScroll() throws {
    let screen = ListScreen.logging(height: 30)
    let people = [Person(identifier: "p1", name: "a"), Person(identifier: "p2", name: "b")]
    screen.setRoot(
      CompositeSection(
        section((0..<20).map { ItemVM(identifier: "row\($0)") }, id: "rows"),
        ListRenderSection(people, id: "people") { _ in section(items("name")) }))
    #expect(screen.dataSource.indexPath(forIdentifier: "row7")?.item == 7)
    #expect(screen.dataSource.indexPath(forIdentifier: "name", sectionPath: ["people", "p2"])?.item == 21)
    #expect(screen.dataSource.indexPath(forIdentifier: "name", sectionPath: ["p2"])?.item == 21)
    #expect(screen.dataSource.indexPath(forIdentifier: "name", sectionPath: ["rows"]) == nil)
    #expect(screen.dataSource.indexPath(forIdentifier: "missing") == nil)

    #expect(screen.dataSource.scrollToItem(identifier: "row12"))
    #expect(screen.shown.first == "row12=0")
    #expect(screen.dataSource.scrollToItem(identifier: "name", sectionPath: ["p1"], at: .bottom))
    #expect(screen.shown.last == "name=0")
    #expect(!screen.dataSource.scrollToItem(identifier: "missing"))
    #expect(screen.dataSource.itemCount == 22)
  }

  @Test("the default diagnostic handler prints warnings only")
  func diagnosticSeverity() {
    #expect(ListDiffDiagnostic(kind: .droppedModels, message: "m").severity == .note)
    #expect(ListDiffDiagnostic(kind: .ignoredInteraction, message: "m").severity == .note)
    for kind in ListDiffDiagnostic.Kind.allCases where kind != .droppedModels && kind != .ignoredInteraction {
      #expect(ListDiffDiagnostic(kind: kind, message: "m").severity == .warning)
    }
    #expect(ListDiffDiagnostic(kind: .rejectedBatch, message: "boom").description == "ListDiffUI: boom")
  }
}
