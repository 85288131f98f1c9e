// E rows: the whole framework — sections, flattening, diff, batch update,
// controllers and cells — on a `ListSection` in a 40-line viewport with an
// estimated item size: E1a to E1d on 100,000 items, E1e on 10,000 one-item
// sections, E2 on 1,000,000. E5 to E7 (updates that cost what changed) are
// in UntouchedSectionWorkloads.swift.

import Foundation
import ListDiff
import ListDiffUI
import TestSupport

/// The view model of every E-row item: a UUID-string identity and a payload.
struct EndToEndViewModel: ListViewModel, Equatable {
  var identifier: String
  var payload: Int
}

final class EndToEndCell: ListCell {
  var text = ""
  override var textRepresentation: String { text }
}

/// One line per item; counts `configureCell` calls and size requests so the
/// rows can report them.
final class EndToEndController:
  ListCellController<EndToEndViewModel, ListViewStateNone, EndToEndCell>
{
  static var configureCalls = 0
  static var sizeRequests = 0

  override func itemSize(containerSize: CGSize) -> CGSize {
    Self.sizeRequests += 1
    return CGSize(width: containerSize.width, height: 1)
  }

  override func configureCell(cell: EndToEndCell) {
    Self.configureCalls += 1
    cell.text = "\(viewModel.identifier) \(viewModel.payload)"
  }
}

typealias EndToEndSection = ListSection<EndToEndViewModel, EndToEndController>

/// A collection view of 80 × 40 points, one line per item, fed by a fresh
/// data source, nothing shown yet. The layout has an `estimatedItemSize`
/// (the setting recommended for long lists), so only items near the
/// viewport are sized and get controllers.
@MainActor
func makeEndToEndDataSource(applyUpdatesAsync: Bool = false) -> ListDiffDataSource {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  layout.estimatedItemSize = CGSize(width: 80, height: 1)
  let collection = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 80, height: 40), collectionViewLayout: layout)
  let dataSource = ListDiffDataSource(collectionView: collection, applyUpdatesAsync: applyUpdatesAsync)
  dataSource.diagnosticHandler = { _ in }
  return dataSource
}

/// A data source (as `makeEndToEndDataSource`) already showing `models`.
@MainActor
private func makeEndToEndDataSource(showing models: [EndToEndViewModel]) -> ListDiffDataSource {
  let dataSource = makeEndToEndDataSource()
  dataSource.setRootSection(EndToEndSection(models))
  return dataSource
}

/// Shows the last screenful, in one jump.
@MainActor
private func scrollToEnd(_ collection: CollectionView) {
  let end = max(0, collection.contentSize.height - collection.bounds.height)
  collection.setContentOffset(CGPoint(x: 0, y: end), animated: false)
}

/// `count` view models; the same items with the middle one's payload
/// changed, every identifier a fresh copy so that equality cannot short-cut
/// on shared storage; and `changed` with one new item appended. Built once
/// per count.
struct EndToEndModels {
  var original: [EndToEndViewModel]
  var changed: [EndToEndViewModel]
  var appended: [EndToEndViewModel]
}

nonisolated(unsafe) private var endToEndModelCache: [Int: EndToEndModels] = [:]

func endToEndModels(count: Int) -> EndToEndModels {
  if let cached = endToEndModelCache[count] { return cached }
  var generator = SeededGenerator(seed: 0xE1)
  let original = (0..<count).map {
    EndToEndViewModel(identifier: uuidString(using: &generator), payload: $0)
  }
  var changed = original.map { EndToEndViewModel(identifier: freshCopy($0.identifier), payload: $0.payload) }
  changed[count / 2].payload = -1
  let appended = changed + [EndToEndViewModel(identifier: uuidString(using: &generator), payload: count)]
  let models = EndToEndModels(original: original, changed: changed, appended: appended)
  endToEndModelCache[count] = models
  return models
}

/// An update timed as `measure` times a body, with the data source's own
/// report of it (``ListDiffDataSource/performanceHandler``): the
/// flattening and the diff within the very update timed. (Flattening timed
/// apart meets the memory allocator in another state, and differs from this
/// by more than the framework's own work.)
struct UpdateTiming {
  var timing: Timing
  /// The median of the reported flattening times.
  var flattenMedianMs: Double
  /// The median of the reported diff times.
  var diffMedianMs: Double
  /// The median, over the repetitions, of the update's time less its
  /// flattening: the framework's part.
  var afterFlattenMedianMs: Double
}

extension Duration {
  /// In milliseconds.
  var milliseconds: Double {
    Double(components.seconds) * 1_000 + Double(components.attoseconds) / 1e15
  }
}

/// The median of the last `count` values (the timed repetitions; earlier
/// ones are the warm-up's).
func median(ofLast count: Int, _ values: [Double]) -> Double {
  let timed = values.suffix(max(1, count)).sorted()
  return timed.isEmpty ? .nan : timed[timed.count / 2]
}

/// Times `update` on the data source `prepare` makes, as `measure` does
/// (after an untimed warm-up unless `warmUp` is false), reading the data
/// source's performance report of each repetition.
@MainActor
private func measureUpdate(
  runs: Int, warmUp: Bool = true, prepare: () -> ListDiffDataSource,
  _ update: (ListDiffDataSource) -> Void
) -> UpdateTiming {
  var flattens: [Double] = []
  var diffs: [Double] = []
  var afterFlattens: [Double] = []
  let timing = measure(runs: runs, warmUp: warmUp, prepare: prepare) { dataSource in
    var report: ListUpdatePerformance?
    dataSource.performanceHandler = { report = $0 }
    let start = nowNanoseconds()
    update(dataSource)
    let total = Double(nowNanoseconds() - start) / 1_000_000
    let flatten = report?.flattenDuration.milliseconds ?? .nan
    flattens.append(flatten)
    diffs.append(report?.diffDuration.milliseconds ?? .nan)
    afterFlattens.append(total - flatten)
  }
  return UpdateTiming(
    timing: timing, flattenMedianMs: median(ofLast: runs, flattens),
    diffMedianMs: median(ofLast: runs, diffs), afterFlattenMedianMs: median(ofLast: runs, afterFlattens))
}

/// E1a to E1e and E2, after the rows of the same run (`earlier`): each
/// reports its median in W3's hashing-only time (`hashingUnitFields`).
@MainActor
func endToEndRows(
  config: BenchConfig, earlier: [BenchRow], selected: (String) -> Bool, progress: (String) -> Void
) -> [BenchRow] {
  var rows: [BenchRow] = []
  if selected("E1a") || selected("E1b") || selected("E1c") || selected("E1d") || selected("E1e") {
    let models = endToEndModels(count: 100_000)
    if selected("E1a") {
      rows.append(firstRootRow(models, config: config, earlier: earlier + rows, progress: progress))
    }
    if selected("E1b") {
      rows.append(oneChangeRow(models, config: config, earlier: earlier + rows, progress: progress))
    }
    if selected("E1c") {
      rows.append(oneAppendedRow(models, config: config, earlier: earlier + rows, progress: progress))
    }
    if selected("E1d") {
      rows.append(sectionedChangeRow(models, config: config, earlier: earlier + rows, progress: progress))
    }
    if selected("E1e") {
      rows.append(oneItemSectionsRow(models, config: config, earlier: earlier + rows, progress: progress))
    }
  }
  if selected("E2") { rows.append(millionRow(config: config, earlier: earlier + rows, progress: progress)) }
  return rows
}

/// E1a: the first root of 100,000 items.
@MainActor
private func firstRootRow(
  _ models: EndToEndModels, config: BenchConfig, earlier: [BenchRow], progress: (String) -> Void
) -> BenchRow {
  progress("E1a: first root of \(models.original.count) items")
  let measured = measureUpdate(runs: config.runs, prepare: { makeEndToEndDataSource() }) {
    $0.setRootSection(EndToEndSection(models.original))
  }
  // One more run, counted.
  let dataSource = makeEndToEndDataSource()
  EndToEndController.configureCalls = 0
  EndToEndController.sizeRequests = 0
  dataSource.setRootSection(EndToEndSection(models.original))
  return BenchRow(
    name: "E1a", work: "first setRootSection of a 100,000-item ListSection, 40-line viewport, estimatedItemSize set",
    timing: measured.timing, floorMedianMs: nil, stdlibMedianMs: nil,
    extra: [
      ("flatten_median_ms", measured.flattenMedianMs),
      ("configure_cell_calls", Double(EndToEndController.configureCalls)),
      ("visible_cells", Double(dataSource.collectionView.visibleCells.count)),
      ("controllers", Double(dataSource.inspection.cellControllerCount)),
      ("size_requests", Double(EndToEndController.sizeRequests)),
    ] + hashingUnitFields(medianMs: measured.timing.medianMs, earlier: earlier, config: config))
}

/// E1b: the same root again with one view model changed.
@MainActor
private func oneChangeRow(
  _ models: EndToEndModels, config: BenchConfig, earlier: [BenchRow], progress: (String) -> Void
) -> BenchRow {
  progress("E1b: the same root with one view model changed")
  let count = models.original.count
  var updatedCorrectly = true
  let measured = measureUpdate(
    runs: config.runs,
    prepare: { makeEndToEndDataSource(showing: models.original) },
    { dataSource in
      dataSource.setRootSection(EndToEndSection(models.changed))
      updatedCorrectly = updatedCorrectly && dataSource.itemCount == count
    })
  // The dictionary floor on the same identifier strings.
  let oldItems = models.original.map { BenchItem(id: $0.identifier, payload: $0.payload) }
  let newItems = models.changed.map { BenchItem(id: $0.identifier, payload: $0.payload) }
  let floor = measure(runs: config.runs) { blackHole(dictionaryFloor(old: oldItems, new: newItems)) }
  if !updatedCorrectly {
    progress("E1b: unexpected item count")
  }
  return BenchRow(
    name: "E1b", work: "then the same root with one view model changed",
    timing: measured.timing, floorMedianMs: floor.medianMs, stdlibMedianMs: nil,
    extra: [
      ("diff_only_median_ms", measured.diffMedianMs),
      ("flatten_median_ms", measured.flattenMedianMs),
      ("after_flatten_median_ms", measured.afterFlattenMedianMs),
      ("ratio_to_diff_only", measured.timing.medianMs / max(measured.diffMedianMs, 1e-9)),
    ] + hashingUnitFields(medianMs: measured.timing.medianMs, earlier: earlier, config: config))
}

/// E1c: the changed root of E1b with one item appended to it, shown after
/// E1b's root: an insert, which makes the data source look for repeated
/// identities in the whole new list. No target; it shows what that costs.
@MainActor
private func oneAppendedRow(
  _ models: EndToEndModels, config: BenchConfig, earlier: [BenchRow], progress: (String) -> Void
) -> BenchRow {
  progress("E1c: the same root with one item appended")
  let measured = measureUpdate(
    runs: config.runs, prepare: { makeEndToEndDataSource(showing: models.changed) }
  ) { $0.setRootSection(EndToEndSection(models.appended)) }
  return BenchRow(
    name: "E1c", work: "then the same root with one item appended",
    timing: measured.timing, floorMedianMs: nil, stdlibMedianMs: nil,
    extra: [
      ("flatten_median_ms", measured.flattenMedianMs),
      ("after_flatten_median_ms", measured.afterFlattenMedianMs),
    ] + hashingUnitFields(medianMs: measured.timing.medianMs, earlier: earlier, config: config))
}

/// E1d: the 100,000 items of E1a as 100 sections of 1,000, then the same
/// root with one view model changed in one section: the other 99 sections
/// are built from the very arrays shown, as an app's unchanged state gives
/// them. The sections correspond, so the update is diffed section by
/// section. Reports the whole update in W3's hashing-only time.
@MainActor
private func sectionedChangeRow(
  _ models: EndToEndModels, config: BenchConfig, earlier: [BenchRow], progress: (String) -> Void
) -> BenchRow {
  progress("E1d: 100 sections of 1,000 items, one view model changed in one section")
  let chunk = 1_000
  let arrays = stride(from: 0, to: models.original.count, by: chunk).map {
    Array(models.original[$0..<min($0 + chunk, models.original.count)])
  }
  var changedArrays = arrays
  changedArrays[arrays.count / 2][chunk / 2].payload = -1
  func root(_ arrays: [[EndToEndViewModel]]) -> Section {
    CompositeSection(arrays.enumerated().map { EndToEndSection($1, id: "s\($0)") })
  }
  // A short update (a third of a millisecond): more samples than the
  // other rows, so that a moment of other work does not move the median.
  let measured = measureUpdate(
    runs: config.quick ? config.runs : 25,
    prepare: {
      let dataSource = makeEndToEndDataSource()
      dataSource.setRootSection(root(arrays))
      return dataSource
    }
  ) { $0.setRootSection(root(changedArrays)) }
  return BenchRow(
    name: "E1d", work: "100 sections of 1,000 items, then one view model changed in one section",
    timing: measured.timing, floorMedianMs: nil, stdlibMedianMs: nil,
    extra: [
      ("flatten_median_ms", measured.flattenMedianMs),
      ("diff_only_median_ms", measured.diffMedianMs),
      ("after_flatten_median_ms", measured.afterFlattenMedianMs),
    ] + hashingUnitFields(medianMs: measured.timing.medianMs, earlier: earlier, config: config))
}

/// E1e: 10,000 of E1a's view models, each the one item of a section of a
/// `ListRenderSection`, then the same root with one view model changed:
/// sections that correspond but hold one item each, which the data source
/// diffs as whole lists (`ListDiffDataSource`'s average section size for
/// diffing section by section). Reports the same update diffed section by
/// section beside it (`leafwise_median_ms`), which is what that threshold
/// is chosen from.
@MainActor
private func oneItemSectionsRow(
  _ models: EndToEndModels, config: BenchConfig, earlier: [BenchRow], progress: (String) -> Void
) -> BenchRow {
  progress("E1e: 10,000 one-item sections of a render section, one view model changed")
  let count = 10_000
  let original = Array(models.original.prefix(count))
  var changed = Array(models.changed.prefix(count))
  changed[count / 2].payload = -1
  func root(_ viewModels: [EndToEndViewModel]) -> Section {
    ListRenderSection(viewModels) { EndToEndSection([$0]) }
  }
  func measured(minimumAverageLeafCount: Int?) -> UpdateTiming {
    measureUpdate(
      runs: config.runs,
      prepare: {
        let dataSource = makeEndToEndDataSource()
        if let minimumAverageLeafCount {
          dataSource.inspection.minimumAverageLeafCountForLeafwiseDiff = minimumAverageLeafCount
        }
        dataSource.setRootSection(root(original))
        return dataSource
      }
    ) { $0.setRootSection(root(changed)) }
  }
  let asShipped = measured(minimumAverageLeafCount: nil)
  let leafwise = measured(minimumAverageLeafCount: 0)
  return BenchRow(
    name: "E1e", work: "10,000 one-item sections of a ListRenderSection, then one view model changed",
    timing: asShipped.timing, floorMedianMs: nil, stdlibMedianMs: nil,
    extra: [
      ("flatten_median_ms", asShipped.flattenMedianMs),
      ("diff_only_median_ms", asShipped.diffMedianMs),
      ("leafwise_median_ms", leafwise.timing.medianMs),
      ("leafwise_diff_only_median_ms", leafwise.diffMedianMs),
    ] + hashingUnitFields(medianMs: asShipped.timing.medianMs, earlier: earlier, config: config))
}

/// W3's hashing-only time: its 200,000 identifiers hashed once with
/// `Hasher` (`hashingOnly`), from the rows of the same run (W3's own, or an
/// E row that reported it), or timed now. The unit the E rows are judged
/// in: it measures the machine, not the engine, so it does not move when
/// the engine gets faster (W3 itself, the unit before, did).
func w3HashingMedianMs(earlier: [BenchRow], config: BenchConfig) -> Double {
  func extra(_ row: BenchRow, _ key: String) -> Double? { row.extra.first { $0.key == key }?.value }
  if let w3 = earlier.first(where: { $0.name == "W3" }), let hashing = extra(w3, "hashing_median_ms") {
    return hashing
  }
  if let hashing = earlier.lazy.compactMap({ extra($0, "w3_hashing_median_ms") }).first { return hashing }
  return engineWorkloads(selected: { $0 == "W3" }).first.map { w3 in
    measure(runs: config.runs) { blackHole(hashingOnly(old: w3.old, new: w3.new)) }.medianMs
  } ?? .nan
}

/// What every E row reports beside its own figures: W3's hashing-only time
/// (`w3HashingMedianMs`) and the row's median in it (`ratio_to_hashing`),
/// which the row's target, if it has one, limits (see `targetChecks`).
func hashingUnitFields(medianMs: Double, earlier: [BenchRow], config: BenchConfig) -> [(key: String, value: Double)] {
  let hashing = w3HashingMedianMs(earlier: earlier, config: config)
  return [("w3_hashing_median_ms", hashing), ("ratio_to_hashing", medianMs / max(hashing, 1e-9))]
}

/// E2: a million items: the first root (timed), then one change and a
/// scroll to the end (timed apart), and the peak memory of all three above
/// the models, beside a fixed reference: what a list that keeps an identity
/// (an identifier, a scope and a cell type) and a type-erased view model per
/// item holds (as this data source did before it kept the sections' own
/// arrays; it now makes those per item only for a whole-list diff or a
/// drag).
@MainActor
private func millionRow(config: BenchConfig, earlier: [BenchRow], progress: (String) -> Void) -> BenchRow {
  let models = endToEndModels(count: 1_000_000)
  progress("E2: first root, one change and a scroll on \(models.original.count) items")
  // Each repetition is seconds long: fewer of them, no warm-up.
  let runs = config.quick ? 1 : 3
  let firstRoot = measureUpdate(
    runs: runs, warmUp: false, prepare: { makeEndToEndDataSource() }
  ) { $0.setRootSection(EndToEndSection(models.original)) }
  var scrollMs: [Double] = []
  let change = measure(
    runs: runs, warmUp: false,
    prepare: { makeEndToEndDataSource(showing: models.original) },
    { dataSource in
      dataSource.setRootSection(EndToEndSection(models.changed))
      let start = nowNanoseconds()
      scrollToEnd(dataSource.collectionView)
      scrollMs.append(Double(nowNanoseconds() - start) / 1_000_000)
    })
  // Memory: the whole sequence, against a key and a box per item (the
  // strings' storage is the models', shared, not counted).
  let ownBytes =
    models.original.count
    * (MemoryLayout<(String, String, ObjectIdentifier)>.stride + MemoryLayout<any ListViewModel>.stride)
  let peakBytes = peakMemoryAbove {
    let dataSource = makeEndToEndDataSource(showing: models.original)
    dataSource.setRootSection(EndToEndSection(models.changed))
    scrollToEnd(dataSource.collectionView)
  }
  var extra: [(key: String, value: Double)] = [
    ("flatten_median_ms", firstRoot.flattenMedianMs),
    ("change_median_ms", change.medianMs),
    ("scroll_to_end_ms", scrollMs.sorted()[scrollMs.count / 2]),
  ]
  if let peakBytes { extra.append(("peak_memory_mb", Double(peakBytes) / 1_048_576)) }
  extra.append(("key_and_box_per_item_mb", Double(ownBytes) / 1_048_576))
  extra += hashingUnitFields(medianMs: firstRoot.timing.medianMs, earlier: earlier, config: config)
  return BenchRow(
    name: "E2", work: "1,000,000 items: first setRootSection (timed), one change, scroll to the end",
    timing: firstRoot.timing, floorMedianMs: nil, stdlibMedianMs: nil, extra: extra)
}

/// E3 and E4, with `applyUpdatesAsync: true`: one view model changed in
/// 100,000 and in 1,000,000 items shown, reporting the main actor's part of
/// each update from the data source's performance report (flattening and
/// the diff run on a background task), in W3's hashing-only time.
@MainActor
func asyncEndToEndRows(
  config: BenchConfig, earlier: [BenchRow], selected: (String) -> Bool, progress: (String) -> Void
) async -> [BenchRow] {
  var rows: [BenchRow] = []
  for (name, count) in [("E3", 100_000), ("E4", 1_000_000)] where selected(name) {
    let models = endToEndModels(count: count)
    progress("\(name): one view model changed in \(count) items, applyUpdatesAsync")
    // A million items take a second or more to show first: fewer runs.
    let runs = count > 100_000 ? (config.quick ? 1 : 3) : config.runs
    var mainActor: [Double] = []
    var totals: [Double] = []
    var layouts: [Double] = []
    var configured: [Double] = []
    for _ in 0...runs {
      let dataSource = makeEndToEndDataSource(applyUpdatesAsync: true)
      await dataSource.setRootSection(EndToEndSection(models.original))
      var report: ListUpdatePerformance?
      dataSource.performanceHandler = { report = $0 }
      let start = nowNanoseconds()
      await dataSource.setRootSection(EndToEndSection(models.changed))
      totals.append(Double(nowNanoseconds() - start) / 1_000_000)
      mainActor.append(report?.mainActorDuration.milliseconds ?? .nan)
      layouts.append(report?.layoutDuration.milliseconds ?? .nan)
      configured.append(Double(report?.counts.cellsConfigured ?? -1))
      if dataSource.itemCount != count { progress("\(name): unexpected item count") }
    }
    // The first repetition is the warm-up.
    let mainActorTiming = Timing(medianMs: median(ofLast: runs, mainActor), minMs: mainActor.dropFirst().min() ?? .nan)
    rows.append(
      BenchRow(
        name: name, work: "\(count.formatted()) items shown, one view model changed, applyUpdatesAsync: main actor's part",
        timing: mainActorTiming, floorMedianMs: nil, stdlibMedianMs: nil,
        extra: [
          ("update_total_median_ms", median(ofLast: runs, totals)),
          ("layout_median_ms", median(ofLast: runs, layouts)),
          ("cells_configured", median(ofLast: runs, configured)),
        ] + hashingUnitFields(medianMs: mainActorTiming.medianMs, earlier: earlier + rows, config: config)))
  }
  return rows
}
