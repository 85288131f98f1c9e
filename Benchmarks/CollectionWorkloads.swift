// H rows: the headless collection on 100,000 items in a 40-line viewport.
//
// The data source is an item count and formulas, so that changing it costs
// nothing and every timing is the collection's own work.

import Foundation
import HeadlessCollection
import TestSupport

/// The number of items of every H row.
private let collectionItemCount = 100_000

/// A cell that counts how many instances exist, so that H3 can report how
/// many cells scrolling through the whole list needed.
private final class BenchCell: CollectionViewCell {
  nonisolated(unsafe) static var instances = 0

  var text = ""

  required init(frame: CGRect) {
    super.init(frame: frame)
    BenchCell.instances += 1
  }

  override var textRepresentation: String { text }
}

/// Items `0..<count`, with a seeded height of 1 to 3 lines each; inserting
/// shifts the numbering, which is all a benchmark needs.
@MainActor
private final class BenchList: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var count: Int
  private let heights: [CGFloat]
  var sizeRequests = 0

  init(count: Int) {
    self.count = count
    var generator = SeededGenerator(seed: 0x4843)
    heights = (0..<(count + 64)).map { _ in CGFloat(1 + generator.next() % 3) }
  }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "cell", for: indexPath)
    (cell as! BenchCell).text = "item \(indexPath.item)"
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    sizeRequests += 1
    return CGSize(width: 80, height: heights[indexPath.item % heights.count])
  }
}

/// A collection of `list` in an 80 × 40 viewport, not yet loaded.
@MainActor
private func makeBenchCollection(_ list: BenchList) -> CollectionView {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  let collection = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 80, height: 40), collectionViewLayout: layout)
  collection.register(BenchCell.self, forCellWithReuseIdentifier: "cell")
  collection.dataSource = list
  collection.delegate = list
  return collection
}

/// H1–H3.
@MainActor
func collectionRows(
  config: BenchConfig, selected: (String) -> Bool, progress: (String) -> Void
) -> [BenchRow] {
  var rows: [BenchRow] = []
  let count = collectionItemCount
  var h1Median: Double?

  if selected("H1") || selected("H2") {
    progress("H1: reloadData + layout of \(count) items")
    var requests = 0
    let timing = measure(
      runs: config.runs,
      prepare: { () -> (BenchList, CollectionView) in
        let list = BenchList(count: count)
        return (list, makeBenchCollection(list))
      },
      { input in
        input.1.reloadData()
        requests = input.0.sizeRequests
      })
    h1Median = timing.medianMs
    if selected("H1") {
      rows.append(
        BenchRow(
          name: "H1", work: "collection: reloadData + layout, 100,000 items, 40-line viewport",
          timing: timing, floorMedianMs: nil, stdlibMedianMs: nil,
          extra: [("size_requests", Double(requests))]))
    }
  }

  if selected("H2") {
    progress("H2: one insert near the top of \(count) items, then layout")
    var requests = 0
    var failures = 0
    let timing = measure(
      runs: config.runs,
      prepare: { () -> (BenchList, CollectionView) in
        let list = BenchList(count: count)
        let collection = makeBenchCollection(list)
        collection.reloadData()
        list.sizeRequests = 0
        return (list, collection)
      },
      { input in
        let (list, collection) = input
        do {
          try collection.performBatchUpdates {
            list.count += 1
            collection.insertItems(at: [IndexPath(index: 0).appending(5)])
          }
        } catch {
          failures += 1
        }
        requests = list.sizeRequests
      })
    var extra: [(key: String, value: Double)] = [("size_requests", Double(requests))]
    if let h1Median, h1Median > 0 { extra.append(("ratio_to_H1", timing.medianMs / h1Median)) }
    if failures > 0 { extra.append(("rejected_batches", Double(failures))) }
    rows.append(
      BenchRow(
        name: "H2", work: "collection: one batch inserting 1 item near the top of 100,000, then layout",
        timing: timing, floorMedianMs: nil, stdlibMedianMs: nil, extra: extra))
  }

  if selected("H3") {
    progress("H3: scroll \(count) items one viewport at a time")
    var steps = 0
    var liveCells = 0
    let timing = measure(
      runs: config.runs,
      prepare: { () -> (BenchList, CollectionView, Int) in
        let before = BenchCell.instances
        let list = BenchList(count: count)
        let collection = makeBenchCollection(list)
        collection.reloadData()
        return (list, collection, before)
      },
      { input in
        let collection = input.1
        let end = collection.contentSize.height
        var offset: CGFloat = 0
        var taken = 0
        while offset < end {
          offset += 40
          collection.setContentOffset(CGPoint(x: 0, y: offset), animated: false)
          taken += 1
        }
        steps = taken
        // Every cell the collection ever made, the first screen's included.
        liveCells = BenchCell.instances - input.2
      })
    rows.append(
      BenchRow(
        name: "H3", work: "collection: scroll 100,000 items one viewport at a time",
        timing: timing, floorMedianMs: nil, stdlibMedianMs: nil,
        extra: [
          ("steps", Double(steps)), ("us_per_step", timing.medianMs * 1000 / Double(max(1, steps))),
          ("live_cells", Double(liveCells)),
        ]))
  }
  return rows
}
