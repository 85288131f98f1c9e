// F1: the engine on type-erased items, kept as ListDiffUI keeps the items
// of lists it diffs as a whole: identifiers in one array, view models
// behind `any ListViewModel` in another, equality asked by index.

import ListDiff
import ListDiffUI

/// Three view-model shapes, so the existentials hold different types (one
/// fits the existential's inline buffer, two are boxed), as in a real list.
private struct TitleViewModel: ListViewModel, Equatable {
  var identifier: String
  var title: String
}

private struct CounterViewModel: ListViewModel, Equatable {
  var identifier: String
  var count: Int
}

private struct BadgeViewModel: ListViewModel, Equatable {
  var identifier: String
  var count: Int
  var highlighted: Bool
}

/// The view model of `item`, its type chosen by its identifier so that an
/// item keeps its type across the change.
private func viewModel(of item: BenchItem) -> any ListViewModel {
  switch item.id.utf8.first.map({ Int($0) % 3 }) ?? 0 {
  case 0: TitleViewModel(identifier: item.id, title: "item \(item.payload)")
  case 1: CounterViewModel(identifier: item.id, count: item.payload)
  default: BadgeViewModel(identifier: item.id, count: item.payload, highlighted: item.payload % 2 == 0)
  }
}

/// The floor on erased items: a reserved `Dictionary` of every old
/// identifier, read through its existential, then one look-up of every new
/// identifier, read the same way.
@inline(never)
private func erasedDictionaryFloor(old: [any ListViewModel], new: [any ListViewModel]) -> Int {
  dictionaryFloor(old: old, new: new) { $0.identifier }
}

/// The diff as ListDiffUI runs it on its flattened items.
@inline(never)
private func erasedDiff(
  oldIdentifiers: [String], oldModels: [any ListViewModel],
  newIdentifiers: [String], newModels: [any ListViewModel]
) -> ListDiffResult<String> {
  listDiff(oldIdentifiers: oldIdentifiers, newIdentifiers: newIdentifiers) { oldIndex, newIndex in
    oldModels[oldIndex].isEqual(to: newModels[newIndex])
  }
}

/// F1, with W2 timed beside it.
func erasedRows(
  config: BenchConfig, selected: (String) -> Bool, progress: (String) -> Void
) -> [BenchRow] {
  guard selected("F1") else { return [] }
  progress("F1: W2's change on 100,000 type-erased items")
  guard let w2 = engineWorkloads(selected: { $0 == "W2" }).first else { return [] }
  let oldModels = w2.old.map(viewModel(of:))
  let newModels = w2.new.map(viewModel(of:))
  // Identifiers are read once, when the items are stored, as ListDiffUI's
  // flattening does; that cost is the flattening's, not the diff's.
  let oldIdentifiers = oldModels.map(\.identifier)
  let newIdentifiers = newModels.map(\.identifier)

  // F1, its floor and W2 in turn, so that the two ratios compare like with like.
  var changes = 0
  let timings = measureInterleaved(
    runs: config.runs,
    [
      { blackHole(erasedDictionaryFloor(old: oldModels, new: newModels)) },
      {
        changes = erasedDiff(
          oldIdentifiers: oldIdentifiers, oldModels: oldModels,
          newIdentifiers: newIdentifiers, newModels: newModels
        ).changeCount
      },
      { blackHole(listDiff(oldArray: w2.old, newArray: w2.new)) },
    ])
  let (floor, diff, w2Median) = (timings[0], timings[1], timings[2].medianMs)
  let expected = listDiff(oldArray: w2.old, newArray: w2.new).changeCount
  if changes != expected { progress("F1: \(changes) changes, W2 has \(expected)") }
  return [
    BenchRow(
      name: "F1", work: "W2's change on 100,000 items of three view-model types behind `any ListViewModel`",
      timing: diff, floorMedianMs: floor.medianMs, stdlibMedianMs: nil,
      extra: [("w2_median_ms", w2Median), ("ratio_to_W2", diff.medianMs / max(w2Median, 1e-9))])
  ]
}
