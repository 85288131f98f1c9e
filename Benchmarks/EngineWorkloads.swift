// W1–W9: the diff engine against a dictionary floor and the standard library.

import ListDiff
import TestSupport

/// A list element as apps have them: a UUID-string identity and a payload.
struct BenchItem: ListDiffable, Hashable, Sendable {
  var id: String
  var payload: Int
  var diffIdentifier: String { id }
}

/// One engine workload: an old array and the new array it becomes.
struct EngineWorkload {
  var name: String
  var work: String
  var old: [BenchItem]
  var new: [BenchItem]
}

/// Builds `count` items, then `new` from them: `deleted` removed, `moved`
/// taken out and put back elsewhere, `inserted` new items placed at random,
/// every `changeEvery`-th payload changed; every surviving identifier is a
/// fresh copy so equality cannot short-cut on shared storage.
func makeEngineWorkload(
  name: String, work: String, count: Int, deleted: Int = 0, inserted: Int = 0, moved: Int = 0,
  appended: Int = 0, changedFraction: Double = 0, replaceAll: Bool = false, seed: UInt64
) -> EngineWorkload {
  var generator = SeededGenerator(seed: seed)
  let old = (0..<count).map { BenchItem(id: uuidString(using: &generator), payload: $0) }
  var new: [BenchItem]
  if replaceAll {
    new = (0..<count).map { BenchItem(id: uuidString(using: &generator), payload: $0) }
  } else {
    new = old
    if deleted > 0 {
      var doomed = Set<Int>()
      while doomed.count < deleted { doomed.insert(Int.random(in: 0..<new.count, using: &generator)) }
      new = new.enumerated().filter { !doomed.contains($0.offset) }.map(\.element)
    }
    for _ in 0..<moved {
      let element = new.remove(at: Int.random(in: 0..<new.count, using: &generator))
      new.insert(element, at: Int.random(in: 0...new.count, using: &generator))
    }
    if inserted > 0 {
      // Insert in one pass: choose positions, then merge.
      var positions = (0..<inserted).map { _ in Int.random(in: 0...new.count, using: &generator) }
      positions.sort()
      var merged: [BenchItem] = []
      merged.reserveCapacity(new.count + inserted)
      var next = 0
      for (index, element) in new.enumerated() {
        while next < positions.count && positions[next] == index {
          merged.append(BenchItem(id: uuidString(using: &generator), payload: -1))
          next += 1
        }
        merged.append(element)
      }
      while next < positions.count {
        merged.append(BenchItem(id: uuidString(using: &generator), payload: -1))
        next += 1
      }
      new = merged
    }
    for _ in 0..<appended {
      new.append(BenchItem(id: uuidString(using: &generator), payload: -1))
    }
    if changedFraction > 0 {
      for index in new.indices where Double.random(in: 0..<1, using: &generator) < changedFraction {
        new[index].payload += 1_000_000
      }
    }
  }
  new = new.map { BenchItem(id: freshCopy($0.id), payload: $0.payload) }
  return EngineWorkload(name: name, work: work, old: old, new: new)
}

/// Builds `count` items, then `new` from them with one block of changes, as
/// lists get them: `inserted` new items placed together at `at`, or
/// `deleted` items removed together from `at`, then `updated` payloads
/// changed at seeded random places after the block; every surviving
/// identifier a fresh copy, as in `makeEngineWorkload`.
func makeBlockWorkload(
  name: String, work: String, count: Int, at position: Int, inserted: Int = 0, deleted: Int = 0,
  updated: Int = 0, seed: UInt64
) -> EngineWorkload {
  var generator = SeededGenerator(seed: seed)
  let old = (0..<count).map { BenchItem(id: uuidString(using: &generator), payload: $0) }
  var new = old
  new.removeSubrange(position..<(position + deleted))
  new.insert(
    contentsOf: (0..<inserted).map { _ in BenchItem(id: uuidString(using: &generator), payload: -1) },
    at: position)
  let after = position + inserted
  var chosen = Set<Int>()
  while chosen.count < updated { chosen.insert(Int.random(in: after..<new.count, using: &generator)) }
  for index in chosen { new[index].payload += 1_000_000 }
  new = new.map { BenchItem(id: freshCopy($0.id), payload: $0.payload) }
  return EngineWorkload(name: name, work: work, old: old, new: new)
}

/// The floor: a reserved `Dictionary` of every old identifier, then one
/// look-up of every new identifier.
@inline(never)
func dictionaryFloor(old: [BenchItem], new: [BenchItem]) -> Int {
  dictionaryFloor(old: old, new: new) { $0.id }
}

/// The floor on any element type, reading each identifier with `identifier`
/// (inlined into each caller, so the read is all that differs).
@inline(__always)
func dictionaryFloor<Element>(
  old: [Element], new: [Element], identifier: (Element) -> String
) -> Int {
  var table: [String: Int] = [:]
  table.reserveCapacity(old.count)
  for (index, element) in old.enumerated() { table[identifier(element)] = index }
  var found = 0
  for element in new where table[identifier(element)] != nil { found &+= 1 }
  return found
}

/// Workloads already built, so that several full runs (and the F rows,
/// which reuse W2's shape) build each once.
nonisolated(unsafe) private var engineWorkloadCache: [String: EngineWorkload] = [:]

/// The W workloads that `selected` names, built on first use.
func engineWorkloads(selected: (String) -> Bool) -> [EngineWorkload] {
  var workloads: [EngineWorkload] = []
  func add(_ name: String, _ make: () -> EngineWorkload) {
    guard selected(name) else { return }
    if let cached = engineWorkloadCache[name] {
      workloads.append(cached)
    } else {
      let made = make()
      engineWorkloadCache[name] = made
      workloads.append(made)
    }
  }
  add("W1") {
    makeEngineWorkload(
      name: "W1", work: "5,000 → 1,000 deleted, 1,000 inserted, 200 moved", count: 5_000,
      deleted: 1_000, inserted: 1_000, moved: 200, seed: 1)
  }
  add("W2") {
    makeEngineWorkload(
      name: "W2", work: "100,000 → 10,000 deleted, 10,000 inserted, 2,000 moved", count: 100_000,
      deleted: 10_000, inserted: 10_000, moved: 2_000, seed: 2)
  }
  add("W3") {
    makeEngineWorkload(
      name: "W3", work: "100,000, unchanged", count: 100_000, seed: 3)
  }
  add("W4") {
    makeEngineWorkload(
      name: "W4", work: "100,000, one appended", count: 100_000, appended: 1,
      seed: 4)
  }
  add("W5") {
    makeEngineWorkload(
      name: "W5", work: "100,000, 10% payloads changed", count: 100_000, changedFraction: 0.1,
      seed: 5)
  }
  add("W6") {
    makeEngineWorkload(
      name: "W6", work: "100,000 all replaced", count: 100_000, replaceAll: true, seed: 6)
  }
  add("W7") {
    makeBlockWorkload(
      name: "W7", work: "100,000 → 1,000 inserted in one block in the middle", count: 100_000,
      at: 50_000, inserted: 1_000, seed: 7)
  }
  add("W8") {
    makeBlockWorkload(
      name: "W8", work: "100,000 → 50 prepended", count: 100_000, at: 0, inserted: 50, seed: 8)
  }
  add("W9") {
    makeBlockWorkload(
      name: "W9", work: "100,000 → 1,000 deleted in one block, 20 updated after it", count: 100_000,
      at: 40_000, deleted: 1_000, updated: 20, seed: 9)
  }
  return workloads
}

/// The hashing reference: every old and new identifier hashed once with
/// `Hasher` (through `hashValue`, as the dictionary floor hashes them), and
/// nothing else — no table, no comparison. A diff must at least read and
/// hash what it cannot match by comparison, so this is the part of the
/// floor's work no table design removes.
@inline(never)
func hashingOnly(old: [BenchItem], new: [BenchItem]) -> Int {
  var combined = 0
  for element in old { combined &+= element.id.hashValue }
  for element in new { combined &+= element.id.hashValue }
  return combined
}

/// The engine's own hashing: every old and new identifier hashed once with
/// the seeded byte hash the engine uses for ASCII `String` identifiers
/// (`_FastHashing`) instead of `Hasher`. Not a target: it shows how near its
/// own hashing the engine runs, now that the `Hasher` reference above is a
/// cost the engine no longer pays.
@inline(never)
func fastHashingOnly(old: [BenchItem], new: [BenchItem]) -> Int {
  let seed = _FastHashing.seed
  var combined: UInt64 = 0
  for element in old { combined &+= _FastHashing.hash(element.id, seed: seed) ?? 0 }
  for element in new { combined &+= _FastHashing.hash(element.id, seed: seed) ?? 0 }
  return Int(truncatingIfNeeded: combined)
}

/// The least any diff of an unchanged list does (W3, W4): every identifier
/// pair read and compared, in order (`compared`), and that with each pair's
/// own `==`, which is what `isEqual(toDiffableObject:)` asks for these
/// elements (`comparedAndAsked`); each as a ratio to `fastHashingOnly`,
/// timed in turn with it. The strings' bytes are compared as the engine
/// compares them. Where a diff compares instead of hashing, these are its
/// floor: no table design takes it below them.
func comparingFloors(old: [BenchItem], new: [BenchItem], runs: Int) -> (compared: Double, comparedAndAsked: Double) {
  let timings = measureInterleaved(
    runs: runs,
    [
      { blackHole(fastHashingOnly(old: old, new: new)) },
      { blackHole(comparingOnly(old: old, new: new, asking: false)) },
      { blackHole(comparingOnly(old: old, new: new, asking: true)) },
    ])
  let fast = max(timings[0].medianMs, 1e-9)
  return (timings[1].medianMs / fast, timings[2].medianMs / fast)
}

/// How many leading pairs of `old` and `new` have equal identifiers (and,
/// `asking`, are `==`).
@inline(never)
func comparingOnly(old: [BenchItem], new: [BenchItem], asking: Bool) -> Int {
  old.withUnsafeBufferPointer { old in
    new.withUnsafeBufferPointer { new in
      var count = 0
      while count < min(old.count, new.count) && _IdentifierEquality.equal(old[count].id, new[count].id)
        && (!asking || old[count] == new[count])
      {
        count += 1
      }
      return count
    }
  }
}

/// What one run of the standard library's diff would take on the whole
/// workload, from one run on a 2,000-element slice of it. Myers' algorithm is
/// O((n + m)·d) and *d* grows with *n* where edits are spread evenly, so the
/// slice's time is scaled by the square of the size ratio: an upper bound
/// that is tight for spread edits and loose (still small) for none. A block
/// of *d* changes costs it about *n* + *d*², small for W7–W9's blocks,
/// which the slice from the start does not reach.
func predictedStandardLibraryMs(old: [BenchItem], new: [BenchItem]) -> Double {
  let slice = 2_000
  guard old.count > slice || new.count > slice else { return 0 }
  let oldSlice = Array(old.prefix(slice))
  let newSlice = Array(new.prefix(slice))
  let timing = measure(runs: 1, warmUp: false) {
    blackHole(newSlice.difference(from: oldSlice).inferringMoves())
  }
  let scale = Double(max(old.count, new.count)) / Double(slice)
  return timing.medianMs * scale * scale
}

func engineRows(
  config: BenchConfig, selected: (String) -> Bool, progress: (String) -> Void
) -> [BenchRow] {
  var rows: [BenchRow] = []
  for workload in engineWorkloads(selected: selected) {
    progress("\(workload.name): \(workload.work)")
    let old = workload.old
    let new = workload.new
    let floorBody = { blackHole(dictionaryFloor(old: old, new: new)) }
    let hashingBody = { blackHole(hashingOnly(old: old, new: new)) }
    let fastHashingBody = { blackHole(fastHashingOnly(old: old, new: new)) }
    let diffBody = { blackHole(listDiff(oldArray: old, newArray: new)) }
    let stdlibBody = { blackHole(new.difference(from: old).inferringMoves()) }
    let predicted = predictedStandardLibraryMs(old: old, new: new)
    let diff: Timing
    let floor: Timing
    let hashing: Timing
    let fastHashing: Timing
    var stdlib: Timing?
    if predicted <= 20 {
      // Fast enough to take turns with the diff, so that ratio too compares
      // like with like.
      let timings = measureInterleaved(
        runs: config.runs, [floorBody, hashingBody, fastHashingBody, diffBody, stdlibBody])
      (floor, hashing, fastHashing, diff, stdlib) = (
        timings[0], timings[1], timings[2], timings[3], timings[4]
      )
    } else {
      let timings = measureInterleaved(
        runs: config.runs, [floorBody, hashingBody, fastHashingBody, diffBody])
      (floor, hashing, fastHashing, diff) = (timings[0], timings[1], timings[2], timings[3])
      if predicted <= 10_000 {
        // A row near the limit gets fewer runs and no warm-up.
        let slow = predicted > 1_000
        stdlib = measure(runs: slow ? min(3, config.runs) : config.runs, warmUp: !slow, stdlibBody)
      }
    }
    var row = BenchRow(
      name: workload.name, work: workload.work, timing: diff,
      floorMedianMs: floor.medianMs, stdlibMedianMs: stdlib?.medianMs)
    row.extra.append((key: "hashing_median_ms", value: hashing.medianMs))
    row.extra.append((key: "ratio_to_hashing", value: diff.medianMs / max(hashing.medianMs, 1e-9)))
    row.extra.append((key: "fast_hashing_median_ms", value: fastHashing.medianMs))
    row.extra.append(
      (key: "ratio_to_fast_hashing", value: diff.medianMs / max(fastHashing.medianMs, 1e-9)))
    if stdlib == nil {
      row.extra.append((key: "stdlib_predicted_ms", value: predicted))
    }
    if workload.name == "W3" || workload.name == "W4" {
      let floors = comparingFloors(old: old, new: new, runs: config.runs)
      row.extra.append((key: "comparing_ratio_to_fast_hashing", value: floors.compared))
      row.extra.append((key: "comparing_and_asking_ratio_to_fast_hashing", value: floors.comparedAndAsked))
    }
    if workload.name == "W2",
      let bytes = peakMemoryAbove({ blackHole(listDiff(oldArray: old, newArray: new)) })
    {
      row.extra.append((key: "peak_memory_mb", value: Double(bytes) / 1_048_576))
    }
    rows.append(row)
  }
  return rows
}
