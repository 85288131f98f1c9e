// E7: a first root of 1,000 carousels of 500 items each on an 80 × 40
// screen. Only what is visible may cost: the rows near the viewport are
// sized, the visible ones mounted, and only those carousels' items near
// their own viewports get controllers and size requests (issue 31).

import Foundation
import HeadlessCollection
import ListDiffUI

/// A carousel's item: nine columns wide, as tall as the carousel.
final class CarouselTileController:
  ListCellController<EndToEndViewModel, ListViewStateNone, EndToEndCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: 9, height: containerSize.height)
  }

  override func configureCell(cell: EndToEndCell) {
    cell.text = String(viewModel.payload)
  }
}

/// E7's root: 1,000 carousels four lines tall, each of the same 500
/// items (one array, shared, as an app showing one catalogue would).
private func carouselsRoot(_ items: [EndToEndViewModel]) -> Section {
  CompositeSection(
    (0..<1_000).map { carousel in
      CarouselSection(id: "c\(carousel)", height: 4) {
        ListSection<EndToEndViewModel, CarouselTileController>(items)
      }
    })
}

/// E7, timed as the first root of a fresh data source each run (the
/// collection's estimate is a carousel's row), with the counts of the last.
@MainActor
func carouselRow(config: BenchConfig, earlier: [BenchRow]) -> BenchRow {
  let items = (0..<500).map { EndToEndViewModel(identifier: "i\($0)", payload: $0) }
  let runs = config.quick ? 3 : 11
  var samples: [Double] = []
  var counts = ListWorkCounts()
  for _ in 0...runs {
    let dataSource = makeEndToEndDataSource()
    dataSource.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 80, height: 4)
    var report: ListUpdatePerformance?
    dataSource.performanceHandler = { report = $0 }
    let root = carouselsRoot(items)
    let start = nowNanoseconds()
    dataSource.setRootSection(root)
    samples.append(Double(nowNanoseconds() - start) / 1_000_000)
    counts = report?.counts ?? ListWorkCounts()
  }
  // The first run is the warm-up.
  let timed = Array(samples.dropFirst())
  let timing = Timing(medianMs: median(ofLast: runs, timed), minMs: timed.min() ?? .nan)
  return BenchRow(
    name: "E7",
    work: "1,000 carousels of 500 items (500,000), first root on an 80 × 40 screen: the whole update",
    timing: timing, floorMedianMs: nil, stdlibMedianMs: nil,
    extra: hashingUnitFields(medianMs: timing.medianMs, earlier: earlier, config: config) + [
      ("controllers", Double(counts.controllersCreated)),
      ("size_requests", Double(counts.sizeRequests)),
      ("cells_mounted", Double(counts.cellsMounted)),
    ])
}
