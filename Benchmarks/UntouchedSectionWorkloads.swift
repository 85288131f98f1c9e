// E5 to E7: updates that cost what changed. A million items in sections of
// 1,000, kept by the app as one array per section (so a section it does not
// touch keeps its storage), on the E rows' 40-line viewport: one view model
// changed (E5), 100 lines appended to a log's last section (E6), and
// carousels (E7, in CarouselWorkloads.swift). Each update is timed
// whole on one data source, from the app's change of its model to the end
// of the layout, and again with `applyUpdatesAsync: true` for the main
// actor's part.

import Foundation
import ListDiffUI
import TestSupport

/// The app's model of E5 and E6: one array of view models per section, and
/// the sections' ids (kept with the model, as an app keeps its sections').
private struct SectionedModel {
  var sections: [[EndToEndViewModel]]
  let ids: [String]

  /// E2's million view models in sections of 1,000.
  static func million() -> SectionedModel {
    let models = endToEndModels(count: 1_000_000).original
    let sections = stride(from: 0, to: models.count, by: 1_000).map { Array(models[$0..<($0 + 1_000)]) }
    return SectionedModel(sections: sections, ids: (0..<4_000).map { "s\($0)" })
  }

  /// The root: a composite of one list section per array.
  func root() -> Section {
    CompositeSection(sections.indices.map { EndToEndSection(sections[$0], id: ids[$0]) })
  }
}

/// What a series of timed updates measured.
private struct UpdateSeries {
  /// The whole update as the app sees it (or the main actor's part).
  var timing: Timing
  /// The counts of the last update.
  var counts: ListWorkCounts
  /// The medians of the reported flattening, diff and main-actor times.
  var flattenMedianMs: Double
  var diffMedianMs: Double
  var mainActorMedianMs: Double
  /// The median time to build the root alone and let it go: the app's
  /// share of the update (1,000 `ListSection`s and their composite).
  var rootMedianMs: Double
}

/// Times `runs` updates (after one untimed) on one data source showing
/// `model`: `change` edits the model for update `run`, then the new root is
/// set. Synchronous: the whole update. With `applyUpdatesAsync`: the main
/// actor's part, from the data source's report.
@MainActor
private func timeUpdates(
  of model: SectionedModel, runs: Int, applyUpdatesAsync: Bool,
  change: (inout SectionedModel, Int) -> Void
) async -> UpdateSeries {
  var model = model
  let dataSource = makeEndToEndDataSource(applyUpdatesAsync: applyUpdatesAsync)
  await dataSource.setRootSection(model.root())
  var report: ListUpdatePerformance?
  dataSource.performanceHandler = { report = $0 }
  var samples: [Double] = []
  var flattens: [Double] = []
  var diffs: [Double] = []
  var mainActor: [Double] = []
  var roots: [Double] = []
  for run in 0...runs {
    let rootStart = nowNanoseconds()
    blackHole(model.root())
    roots.append(Double(nowNanoseconds() - rootStart) / 1_000_000)
    let start = nowNanoseconds()
    change(&model, run)
    if applyUpdatesAsync {
      await dataSource.setRootSection(model.root())
      samples.append(report?.mainActorDuration.milliseconds ?? .nan)
    } else {
      setRoot(model.root(), of: dataSource)
      samples.append(Double(nowNanoseconds() - start) / 1_000_000)
    }
    flattens.append(report?.flattenDuration.milliseconds ?? .nan)
    diffs.append(report?.diffDuration.milliseconds ?? .nan)
    mainActor.append(report?.mainActorDuration.milliseconds ?? .nan)
  }
  // The first update is the warm-up.
  let timed = Array(samples.dropFirst())
  return UpdateSeries(
    timing: Timing(medianMs: median(ofLast: runs, timed), minMs: timed.min() ?? .nan),
    counts: report?.counts ?? ListWorkCounts(), flattenMedianMs: median(ofLast: runs, flattens),
    diffMedianMs: median(ofLast: runs, diffs), mainActorMedianMs: median(ofLast: runs, mainActor),
    rootMedianMs: median(ofLast: runs, roots))
}

/// Sets `root` in the synchronous way (which an async caller would not
/// pick by itself): applied and laid out on return.
@MainActor
private func setRoot(_ root: Section, of dataSource: ListDiffDataSource) {
  dataSource.setRootSection(root)
}

/// E5, E6 and E7, after the rows of the same run (`earlier`, for W3's
/// hashing-only time).
@MainActor
func untouchedSectionRows(
  config: BenchConfig, earlier: [BenchRow], selected: (String) -> Bool, progress: (String) -> Void
) async -> [BenchRow] {
  var rows: [BenchRow] = []
  // Each update is short (well under a millisecond): many of them, so that
  // a moment of other work on the machine does not move the median.
  let runs = config.quick ? 5 : 41
  if selected("E5") {
    progress("E5: 1,000 sections of 1,000 items, one view model changed in one section")
    // A different section and item each time; the app's change copies
    // that section's array (the list shown shares it), as it would.
    func changeOne(_ model: inout SectionedModel, _ run: Int) {
      model.sections[(run * 389) % 1_000][(run * 577) % 1_000].payload &+= 1
    }
    rows.append(
      await row(
        "E5", work: "1,000 sections of 1,000 items (1M), one view model changed in one section: the whole update",
        SectionedModel.million(), runs: runs, change: changeOne, earlier: earlier + rows, config: config))
  }
  if selected("E6") {
    progress("E6: a log of 1,000,000 lines in sections of 1,000, 100 lines appended per update")
    let model = SectionedModel.million()
    var generator = SeededGenerator(seed: 0xE6)
    let arriving = (0..<((runs + 1) * 100)).map {
      EndToEndViewModel(identifier: uuidString(using: &generator), payload: $0)
    }
    // The lines arrive (made before the update); a full last section
    // starts a new one, as a log in sections of 1,000 does.
    func append(_ model: inout SectionedModel, _ run: Int) {
      if model.sections[model.sections.count - 1].count >= 1_000 { model.sections.append([]) }
      model.sections[model.sections.count - 1].append(contentsOf: arriving[(run * 100)..<((run + 1) * 100)])
    }
    rows.append(
      await row(
        "E6", work: "a log of 1,000,000 lines in sections of 1,000, 100 lines appended to the last: the whole update",
        model, runs: runs, change: append, earlier: earlier + rows, config: config))
  }
  if selected("E7") {
    progress("E7: a first root of 1,000 carousels of 500 items")
    rows.append(carouselRow(config: config, earlier: earlier + rows))
  }
  return rows
}

/// The row of `model`'s updates by `change`, timed in a synchronous and an
/// asynchronous series, in W3's hashing-only time, with the counts of the
/// last update.
@MainActor
private func row(
  _ name: String, work: String, _ model: SectionedModel, runs: Int,
  change: (inout SectionedModel, Int) -> Void, earlier: [BenchRow], config: BenchConfig
) async -> BenchRow {
  let sync = await timeUpdates(of: model, runs: runs, applyUpdatesAsync: false, change: change)
  let async = await timeUpdates(of: model, runs: runs, applyUpdatesAsync: true, change: change)
  let unit = hashingUnitFields(medianMs: sync.timing.medianMs, earlier: earlier, config: config)
  let hashing = unit[0].value
  return BenchRow(
    name: name, work: work, timing: sync.timing, floorMedianMs: nil, stdlibMedianMs: nil,
    extra: unit + [
      ("flatten_median_ms", sync.flattenMedianMs),
      ("diff_median_ms", sync.diffMedianMs),
      ("main_actor_median_ms", sync.mainActorMedianMs),
      ("root_build_median_ms", sync.rootMedianMs),
      ("async_main_actor_median_ms", async.timing.medianMs),
      ("async_ratio_to_hashing", async.timing.medianMs / max(hashing, 1e-9)),
      ("sections_compared", Double(sync.counts.sectionsCompared)),
      ("sections_skipped", Double(sync.counts.sectionsSkipped)),
      ("items_compared", Double(sync.counts.itemsCompared)),
    ])
}
