// E8: VoiceOver on a million items, in 1,000 sections of a heading and
// 1,000 items each, on the E rows' 40-line viewport (issue 43). What it
// reaches costs what is visible (`accessibilityElements`, read mid-list); a
// heading move, the sections it walks and one scroll (100 `.nextHeading`
// moves from the top, the cursor and the scroll put back untimed before
// each sample, timed in turn with the same 100 scrolls alone); and a root
// announced with `announcesUpdates`, E5's update plus its announcement.
// That root is E5's own (its list, its change), so that the ratio to E5
// is what announcing costs; timed in turn with E5's update unannounced and
// with the same change on E8's list, whose headings double its leaf
// sections (reported beside, not judged).

import Foundation
import HeadlessCollection
import ListDiffUI

/// A section's heading: one line, its title.
struct HeadingViewModel: ListViewModel, Equatable {
  var identifier: String
  var title: String
}

/// Draws a heading's title on one line; header items carry `.header`.
final class HeadingController:
  ListCellController<HeadingViewModel, ListViewStateNone, EndToEndCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }

  override func configureCell(cell: EndToEndCell) {
    cell.text = viewModel.title
  }
}

/// The app's model of E8: E5's million view models in one array per
/// section, each section's heading in an array of its own (kept with the
/// model, so a root built again shares it, as an app's unchanged state
/// does), and the sections' ids.
private struct HeadedModel {
  var sections: [[EndToEndViewModel]]
  let headings: [[HeadingViewModel]]
  let ids: [String]
  /// Whether the root puts each section under its heading; without, the
  /// root is E5's.
  let headed: Bool

  /// The million view models of E2 and E5, in sections of 1,000.
  static func million(headed: Bool) -> HeadedModel {
    let models = endToEndModels(count: 1_000_000).original
    let sections = stride(from: 0, to: models.count, by: 1_000).map { Array(models[$0..<($0 + 1_000)]) }
    return HeadedModel(
      sections: sections,
      headings: sections.indices.map { [HeadingViewModel(identifier: "h\($0)", title: "Section \($0 + 1)")] },
      ids: sections.indices.map { "s\($0)" }, headed: headed)
  }

  /// One composite of a section per array: with a heading, a composite of
  /// the heading (its header) and the items; without, E5's list section.
  func root() -> Section {
    guard headed else {
      return CompositeSection(sections.indices.map { EndToEndSection(sections[$0], id: ids[$0]) })
    }
    return CompositeSection(
      sections.indices.map { index in
        CompositeSection(
          id: ids[index], header: ListSection<HeadingViewModel, HeadingController>(headings[index]),
          [EndToEndSection(sections[index])])
      })
  }

  /// E5's change for update `run`: a different section and item each time;
  /// the change copies that section's array (the list shown shares it).
  mutating func changeOne(_ run: Int) {
    sections[(run * 389) % 1_000][(run * 577) % 1_000].payload &+= 1
  }
}

/// A data source (as `makeEndToEndDataSource`) showing `model`'s root.
@MainActor
private func makeDataSource(showing model: HeadedModel) -> ListDiffDataSource {
  let dataSource = makeEndToEndDataSource()
  dataSource.setRootSection(model.root())
  return dataSource
}

/// E8, after the rows of the same run (`earlier`, for W3's hashing-only
/// time). Its median is that of the 100 heading moves.
@MainActor
func accessibilityRows(
  config: BenchConfig, earlier: [BenchRow], selected: (String) -> Bool, progress: (String) -> Void
) -> [BenchRow] {
  guard selected("E8") else { return [] }
  progress("E8: VoiceOver on 1,000,000 items in 1,000 sections: elements, 100 heading moves, an announced root")
  let model = HeadedModel.million(headed: true)
  let dataSource = makeDataSource(showing: model)
  let elements = timeElements(of: dataSource, config: config, progress: progress)
  let moves = timeHeadingMoves(on: dataSource, config: config, progress: progress)
  let roots = timeAnnouncedRoots(headed: (dataSource, model), config: config, progress: progress)
  let unit = hashingUnitFields(medianMs: moves.moves.medianMs, earlier: earlier, config: config)
  let hashing = max(unit[0].value, 1e-9)
  // Beside the target's ratio (to E5 timed in turn here), the one to the
  // E5 row of this run, when it ran.
  let toE5Row = earlier.first { $0.name == "E5" }.map { e5 in
    [("announced_ratio_to_e5_row", roots.announced.medianMs / max(e5.timing.medianMs, 1e-9))]
  }
  return [
    BenchRow(
      name: "E8",
      work: "1,000,000 items in 1,000 sections under headings, 40-line viewport: 100 .nextHeading moves from the top "
        + "(the median), accessibilityElements mid-list, and E5's update with announcesUpdates",
      timing: moves.moves, floorMedianMs: nil, stdlibMedianMs: nil,
      extra: unit + [
        ("heading_moves_median_ms", moves.moves.medianMs),
        ("heading_scrolls_median_ms", moves.scrolls.medianMs),
        ("elements_median_ms", elements.timing.medianMs),
        ("elements_ratio_to_hashing", elements.timing.medianMs / hashing),
        ("elements", Double(elements.count)),
        ("announced_root_median_ms", roots.announced.medianMs),
        ("e5_beside_median_ms", roots.e5.medianMs),
        ("announced_ratio_to_e5_beside", roots.announced.medianMs / max(roots.e5.medianMs, 1e-9)),
        ("headed_announced_root_median_ms", roots.headed.medianMs),
        ("headed_flatten_median_ms", roots.headedFlattenMs),
        ("e5_flatten_median_ms", roots.e5FlattenMs),
      ] + (toE5Row ?? []))
  ]
}

/// `accessibilityElements` with the viewport in the middle of the list, a
/// heading halfway down it; the number of elements it gave.
@MainActor
private func timeElements(
  of dataSource: ListDiffDataSource, config: BenchConfig, progress: (String) -> Void
) -> (timing: Timing, count: Int) {
  let collection = dataSource.collectionView
  collection.setContentOffset(CGPoint(x: 0, y: 500 * 1_001 - 20), animated: false)
  collection.layoutIfNeeded()
  let elements = dataSource.accessibilityElements
  if elements.count != 40 || !elements.contains(where: { $0.traits.contains(.header) }) {
    progress("E8: expected 40 elements with a heading mid-list, got \(elements.count)")
  }
  let timing = measureInterleaved(runs: config.runs, [{ blackHole(dataSource.accessibilityElements) }])[0]
  return (timing, elements.count)
}

/// 100 `.nextHeading` moves, each sample from no cursor at the top of the
/// list (put back untimed), so that every sample walks and scrolls the
/// same sections; in turn with the same 100 scrolls alone, each heading
/// scrolled to the top as the move scrolls it, the collection's share.
@MainActor
private func timeHeadingMoves(
  on dataSource: ListDiffDataSource, config: BenchConfig, progress: (String) -> Void
) -> (moves: Timing, scrolls: Timing) {
  let collection = dataSource.collectionView
  func reset() {
    dataSource.accessibilityFocus = nil
    collection.setContentOffset(.zero, animated: false)
    collection.layoutIfNeeded()
  }
  var failedMoves = 0
  var missedEnds = 0
  var moves: [Double] = []
  var scrolls: [Double] = []
  // The first of each is the warm-up.
  for _ in 0...config.runs {
    reset()
    var start = nowNanoseconds()
    for _ in 0..<100 {
      if !dataSource.moveAccessibilityFocus(.nextHeading) { failedMoves += 1 }
    }
    moves.append(Double(nowNanoseconds() - start) / 1_000_000)
    if dataSource.accessibilityFocus?.identifier != "h99" { missedEnds += 1 }
    reset()
    start = nowNanoseconds()
    for heading in 0..<100 {
      collection.scrollToItem(at: IndexPath(item: heading * 1_001, section: 0), at: .top, animated: false)
      collection.layoutIfNeeded()
    }
    scrolls.append(Double(nowNanoseconds() - start) / 1_000_000)
  }
  if failedMoves > 0 || missedEnds > 0 {
    progress("E8: \(failedMoves) heading moves failed; \(missedEnds) samples did not end on the 100th heading")
  }
  func timing(_ samples: [Double]) -> Timing {
    let timed = Array(samples.dropFirst())
    return Timing(medianMs: median(ofLast: config.runs, timed), minMs: timed.min() ?? .nan)
  }
  return (timing(moves), timing(scrolls))
}

/// What the root series measured.
private struct RootTimings {
  /// E5's update with `announcesUpdates` on.
  var announced: Timing
  /// E5's update, timed in turn with the others.
  var e5: Timing
  /// The same update on E8's list, under headings, announced.
  var headed: Timing
  /// The medians of the flattening the data source reports, headed and E5's.
  var headedFlattenMs: Double
  var e5FlattenMs: Double
}

/// One view model changed in one section, as E5 changes it, on three
/// lists in turn (the order turning each round): E5's list announced
/// (`announcesUpdates` on, VoiceOver's cursor on its first item, a handler
/// that hears the announcement), E5's list as E5 has it, and `headed`
/// (E8's list, announced, the cursor on its first heading). Each update is
/// timed from the app's change of its model to the end of the layout; the
/// first round is the warm-up.
@MainActor
private func timeAnnouncedRoots(
  headed: (dataSource: ListDiffDataSource, model: HeadedModel), config: BenchConfig, progress: (String) -> Void
) -> RootTimings {
  let e5Model = HeadedModel.million(headed: false)
  var lists = [
    (dataSource: makeDataSource(showing: e5Model), model: e5Model),
    (dataSource: makeDataSource(showing: e5Model), model: e5Model),
    headed,
  ]
  headed.dataSource.collectionView.setContentOffset(.zero, animated: false)
  headed.dataSource.accessibilityFocus = ListItemID(identifier: "h0", sectionPath: ["s0"])
  lists[0].dataSource.accessibilityFocus = ListItemID(
    identifier: e5Model.sections[0][0].identifier, sectionPath: ["s0"])
  var announcements = [0, 0, 0]
  for list in [0, 2] {
    lists[list].dataSource.announcesUpdates = true
    lists[list].dataSource.accessibilityNotificationHandler = { notification in
      if notification == .announcement("1 item changed") { announcements[list] += 1 }
    }
  }
  var reports = [ListUpdatePerformance?](repeating: nil, count: lists.count)
  for (list, entry) in lists.enumerated() { entry.dataSource.performanceHandler = { reports[list] = $0 } }
  // Each update is short (under a millisecond): many rounds, as E5 has.
  let rounds = config.quick ? 5 : 41
  var samples = [[Double]](repeating: [], count: lists.count)
  var flattens = [[Double]](repeating: [], count: lists.count)
  for round in 0...rounds {
    for turn in 0..<lists.count {
      let list = (round + turn) % lists.count
      let start = nowNanoseconds()
      lists[list].model.changeOne(round)
      lists[list].dataSource.setRootSection(lists[list].model.root())
      samples[list].append(Double(nowNanoseconds() - start) / 1_000_000)
      flattens[list].append(reports[list]?.flattenDuration.milliseconds ?? .nan)
    }
  }
  if announcements != [rounds + 1, 0, rounds + 1] {
    progress("E8: expected \(rounds + 1) announcements of one change on each announced list, heard \(announcements)")
  }
  let timings = samples.map { values in
    let timed = Array(values.dropFirst())
    return Timing(medianMs: median(ofLast: rounds, timed), minMs: timed.min() ?? .nan)
  }
  return RootTimings(
    announced: timings[0], e5: timings[1], headed: timings[2],
    headedFlattenMs: median(ofLast: rounds, flattens[2]), e5FlattenMs: median(ofLast: rounds, flattens[1]))
}
