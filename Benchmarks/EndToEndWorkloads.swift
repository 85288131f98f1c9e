// E1a and E1b: the whole framework — sections, flattening, diff, batch
// update, controllers and cells — on a 100,000-item `ListSection` in a
// 40-line viewport.

import Foundation
import HeadlessCollection
import TestSupport
@_spi(Benchmarking) import ListDiffUI

/// The number of items of both E rows.
private let endToEndItemCount = 100_000

/// The view model of every E-row item: a UUID-string identity and a payload.
private struct EndToEndViewModel: ListViewModel, Equatable {
  var identifier: String
  var payload: Int
}

private final class EndToEndCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

/// One line per item; counts `configureCell` calls so E1a can report them.
private final class EndToEndController:
  ListCellController<EndToEndViewModel, ListViewStateNone, EndToEndCell>
{
  static var configureCalls = 0

  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }

  override func configureCell(cell: EndToEndCell) {
    Self.configureCalls += 1
    cell.text = "\(viewModel.identifier) \(viewModel.payload)"
  }
}

private typealias EndToEndSection = ListSection<EndToEndViewModel, EndToEndController>

/// A collection view of 80 × 40 points, one line per item, fed by a fresh
/// data source, nothing shown yet.
@MainActor
private func makeEndToEndDataSource() -> ListDiffDataSource {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  let collection = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 80, height: 40), collectionViewLayout: layout)
  let dataSource = ListDiffDataSource(collectionView: collection)
  dataSource.diagnosticHandler = { _ in }
  return dataSource
}

/// E1a and E1b.
@MainActor
func endToEndRows(
  config: BenchConfig, selected: (String) -> Bool, progress: (String) -> Void
) -> [BenchRow] {
  guard selected("E1a") || selected("E1b") else { return [] }
  var generator = SeededGenerator(seed: 0xE1)
  let models = (0..<endToEndItemCount).map {
    EndToEndViewModel(identifier: uuidString(using: &generator), payload: $0)
  }
  // The same items with one payload changed, every identifier a fresh copy
  // so that equality cannot short-cut on shared storage.
  var changed = models.map { EndToEndViewModel(identifier: freshCopy($0.identifier), payload: $0.payload) }
  changed[endToEndItemCount / 2].payload = -1

  var rows: [BenchRow] = []
  if selected("E1a") {
    progress("E1a: first root of \(endToEndItemCount) items")
    let timing = measure(runs: config.runs, prepare: makeEndToEndDataSource) { dataSource in
      dataSource.setRootSection(EndToEndSection(models))
    }
    // One more run, counted, to report how many cells were configured.
    let dataSource = makeEndToEndDataSource()
    EndToEndController.configureCalls = 0
    dataSource.setRootSection(EndToEndSection(models))
    let configureCalls = EndToEndController.configureCalls
    let visible = dataSource.collectionView.visibleCells.count
    rows.append(
      BenchRow(
        name: "E1a", work: "first setRootSection of a 100,000-item ListSection, 40-line viewport",
        timing: timing, floorMedianMs: nil, stdlibMedianMs: nil,
        extra: [
          ("configure_cell_calls", Double(configureCalls)),
          ("visible_cells", Double(visible)),
          ("controllers", Double(dataSource.cellControllerCount)),
        ]))
  }
  if selected("E1b") {
    progress("E1b: the same root with one view model changed")
    var updatedCorrectly = true
    let timing = measure(
      runs: config.runs,
      prepare: { () -> ListDiffDataSource in
        let dataSource = makeEndToEndDataSource()
        dataSource.setRootSection(EndToEndSection(models))
        return dataSource
      },
      { dataSource in
        dataSource.setRootSection(EndToEndSection(changed))
        updatedCorrectly = updatedCorrectly && dataSource.itemCount == endToEndItemCount
      })
    // The diff alone, on the very items the data source diffs.
    let oldRoot = FlattenedRoot(EndToEndSection(models))
    let newRoot = FlattenedRoot(EndToEndSection(changed))
    var changes = 0
    let diffOnly = measure(runs: config.runs) {
      changes = FlattenedRoot.diff(from: oldRoot, to: newRoot)
    }
    // Flattening alone (building the section included), for the breakdown.
    let flatten = measure(runs: config.runs) { blackHole(FlattenedRoot(EndToEndSection(changed))) }
    // The dictionary floor on the same identifier strings.
    let oldItems = models.map { BenchItem(id: $0.identifier, payload: $0.payload) }
    let newItems = changed.map { BenchItem(id: $0.identifier, payload: $0.payload) }
    let floor = measure(runs: config.runs) { blackHole(dictionaryFloor(old: oldItems, new: newItems)) }
    if changes != 1 || !updatedCorrectly {
      progress("E1b: unexpected result (\(changes) changes)")
    }
    rows.append(
      BenchRow(
        name: "E1b", work: "then the same root with one view model changed",
        timing: timing, floorMedianMs: floor.medianMs, stdlibMedianMs: nil,
        extra: [
          ("diff_only_median_ms", diffOnly.medianMs),
          ("flatten_median_ms", flatten.medianMs),
          ("ratio_to_diff_only", timing.medianMs / max(diffOnly.medianMs, 1e-9)),
        ]))
  }
  return rows
}
