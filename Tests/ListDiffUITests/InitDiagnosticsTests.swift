import Foundation
import ListDiffUI
import Testing

/// What a data source reports while it is created reaches the handler given
/// to its initializer; the initializer's older spelling still works.
@Suite("Diagnostics reported while the data source is created")
@MainActor
struct InitDiagnosticsTests {
  final class Formatter {}
  final class Logger {}

  func collectionView() -> CollectionView {
    CollectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 3), collectionViewLayout: CollectionViewFlowLayout())
  }

  @Test("two context objects of one class: the initializer's handler hears it once, then keeps hearing")
  func duplicateContextObjectReachesTheHandler() {
    var heard: [ListDiffDiagnostic] = []
    let dataSource = ListDiffDataSource(
      collectionView: collectionView(), contextObjects: Formatter(), Logger(), Formatter(),
      diagnosticHandler: { heard.append($0) })
    #expect(heard.map(\.kind) == [.duplicateContextObject])
    #expect(heard.first?.severity == .warning)
    #expect(heard.first?.message.contains("Formatter") == true)
    // The handler given is the data source's handler from then on.
    dataSource.setRootSection(ListSection<ItemVM, ItemController>([ItemVM(identifier: "a"), ItemVM(identifier: "a")]))
    #expect(heard.map(\.kind) == [.duplicateContextObject, .duplicateIdentifier])
  }

  @Test("distinct classes: nothing reported; the spelling without a handler still compiles")
  func distinctClassesReportNothing() {
    var heard: [ListDiffDiagnostic] = []
    _ = ListDiffDataSource(
      collectionView: collectionView(), applyUpdatesAsync: true, contextObjects: Formatter(), Logger()
    ) { heard.append($0) }
    #expect(heard.isEmpty)
    let plain = ListDiffDataSource(collectionView: collectionView(), applyUpdatesAsync: false, contextObjects: Logger())
    #expect(plain.context.duplicateClassNames.isEmpty)
  }
}
