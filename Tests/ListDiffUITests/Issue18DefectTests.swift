import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

/// Regression tests for the two defects issue 18 reports from outside.
@Suite("Issue 18 defects")
@MainActor
struct Issue18DefectTests {
  @Test("a tap on an item pushed off screen by a smaller frame reaches no controller")
  func tapWithoutACellOnScreen() {
    let harness = Harness(height: 3, width: 10)
    harness.dataSource.setRootSection(section(items("a", "b", "c", "d", "e", height: 1)))
    #expect(harness.shown == ["a=0", "b=0", "c=0"])
    harness.collectionView.frame = CGRect(x: 0, y: 0, width: 10, height: 2)
    harness.collectionView.layoutIfNeeded()
    #expect(harness.collectionView.cellForItem(at: IndexPath(item: 2, section: 0)) == nil)
    harness.log.reset()
    harness.collectionView.selectItem(at: IndexPath(item: 2, section: 0))
    #expect(!harness.log.all.contains { $0.hasSuffix(":didSelect") }, "\(harness.log.all)")
    // An item on screen still hears its tap.
    harness.collectionView.selectItem(at: IndexPath(item: 1, section: 0))
    #expect(harness.log.all.filter { $0.hasSuffix(":didSelect") } == ["b:didSelect"])
  }

  @Test(
    "reloadData: an item visible before and after hears nothing, and keeps its cell")
  func reloadKeepsVisibleItems() throws {
    let harness = Harness(height: 30)
    harness.dataSource.setRootSection(section(items("a", "b", "c", "d", "e")))
    let cells = (0..<3).map { harness.cell(at: $0) }
    harness.log.reset()
    harness.collectionView.reloadData()
    harness.collectionView.layoutIfNeeded()
    #expect(harness.log.all == [], "no appearance callbacks, nothing unmounted")
    #expect((0..<3).map { harness.cell(at: $0) }.elementsEqual(cells) { $0 === $1 })
    #expect(harness.log.violations.isEmpty, "\(harness.log.violations)")
  }

  @Test(
    "the reload after a rejected batch: items visible before and after hear no appearance callbacks")
  func fallbackReloadKeepsVisibleItems() throws {
    let harness = Harness(height: 30)
    harness.dataSource.setRootSection(section(items("a", "b", "c", "d", "e")))
    let misreporting = MisreportingDataSource(base: harness.collectionView.dataSource!)
    harness.collectionView.dataSource = misreporting
    harness.collectionView.layoutIfNeeded()
    harness.log.reset()
    misreporting.wrongAnswers = 1
    // "e" goes: the collection view is told one item too many and rejects
    // the batch, and the data source reloads.
    harness.dataSource.setRootSection(section(items("a", "b", "c", "d")))
    #expect(harness.diagnostics.map(\.kind) == [.rejectedBatch])
    #expect(harness.shown == ["a=0", "b=0", "c=0"])
    let appearance: Set<String> = [
      "didAppear", "didFullyAppear", "willDisappear", "willPartiallyDisappear", "willUnmount", "didMount",
    ]
    let heard = harness.log.all.filter { appearance.contains(String($0.split(separator: ":").last!)) }
    #expect(heard == [], "items visible before and after hear nothing")
    #expect(harness.log.violations.isEmpty, "\(harness.log.violations)")
  }
}
