import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

/// The data source's internal checks: each rule, broken on purpose, is
/// named with its part; a data source used normally breaks none.
@Suite("The data source's internal checks")
@MainActor
struct DataSourceInvariantCheckTests {
  private func screen() -> ListScreen {
    let screen = ListScreen.logging(height: 5)
    screen.dataSource.workingRangeSize = 2
    screen.setRoot(
      CompositeSection(
        CompositeSection(id: "g", header: section(items("h", height: 1)), pinsHeader: true) {
          section(items("a", "b", "c", "d", "e", "f", "g", height: 1), id: "x")
        },
        // Below the viewport: its own list is made, off screen.
        GridSection(id: "grid", columns: 2) { section(items("g1", "g2", "g3", height: 1)) }))
    return screen
  }

  @Test("a data source used normally breaks no rule")
  func nothingBroken() {
    let screen = screen()
    screen.scroll(by: 2)
    #expect(screen.dataSource.inspection.invariantViolations().isEmpty)
  }

  @Test("each planted defect is named by its part and rule", arguments: PlantedDataSourceDefect.allCases)
  func plantedDefectIsNamed(defect: PlantedDataSourceDefect) {
    let screen = screen()
    #expect(screen.dataSource.inspection.invariantViolations().isEmpty)
    let stranger = ItemController(
      viewModel: ItemVM(identifier: "stranger"), delegate: .none, context: ListDiffContext(objects: []))
    screen.dataSource.inspection.plant(defect, controller: stranger)
    let violations = screen.dataSource.inspection.invariantViolations()
    #expect(violations.contains(defect.brokenRule), "\(violations)")
  }
}
