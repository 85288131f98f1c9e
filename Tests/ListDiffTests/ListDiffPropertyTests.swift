import ListDiff
import TestSupport
import Testing

/// Invariants over many seeded random inputs. A failure names its seed;
/// rerun that case by putting the seed in `seeds`.
@Suite("listDiff: properties")
struct ListDiffPropertyTests {
  static let cases = 6_000

  /// The raw result equals IGListKit's, index for index.
  @Test(arguments: [false, true])
  func rawResultMatchesIGListKit(unique: Bool) {
    for seed in 0..<UInt64(Self.cases) {
      var generator = SeededGenerator(seed: seed &* 2 &+ (unique ? 1 : 0))
      let (old, new) = randomPair(using: &generator, unique: unique)
      let ours = listDiff(oldArray: old, newArray: new).reference
      let theirs = referenceDiff(old, new)
      #expect(ours == theirs, "seed \(seed) unique \(unique)\nold \(old)\nnew \(new)")
      if ours != theirs { return }
    }
  }

  /// Replaying either result the way UIKit applies a batch gives the new order,
  /// and every slot pairs an old item with its own identifier.
  @Test(arguments: [false, true])
  func replayingResultsGivesTheNewOrder(unique: Bool) {
    for seed in 0..<UInt64(Self.cases) {
      var generator = SeededGenerator(seed: 0xABCD &+ seed &* 2 &+ (unique ? 1 : 0))
      let (old, new) = randomPair(using: &generator, unique: unique)
      let raw = listDiff(oldArray: old, newArray: new)
      let batch = raw.forBatchUpdates()
      let context = "seed \(seed) unique \(unique)\nold \(old)\nnew \(new)"
      #expect(old.count + raw.inserts.count - raw.deletes.count == new.count, "\(context)")
      #expect(batch.updates.isEmpty, "\(context)")
      for (name, result) in [("raw", raw), ("batch", batch)] {
        switch replay(
          oldCount: old.count, newCount: new.count,
          inserts: result.inserts, deletes: result.deletes, moves: result.moves)
        {
        case .failure(let error):
          Issue.record("\(name) rejected: \(error)\n\(context)\n\(result)")
          return
        case .success(let slots):
          for (index, slot) in slots.enumerated() {
            guard let from = slot else { continue }
            #expect(old[from].id == new[index].id, "\(name) slot \(index)\n\(context)")
          }
        }
      }
      // Updates name matched, changed pairs; and the batch turns each into
      // a delete and an insert.
      let reloaded = Set(raw.updates)
      #expect(reloaded.isSubset(of: Set(batch.deletes)), "\(context)")
      #expect(batch.deletes.count == raw.deletes.count + raw.updates.count, "\(context)")
    }
  }

  /// Where identifiers are unique the batch equals IGListKit's.
  @Test func batchMatchesIGListKitForUniqueIdentifiers() {
    for seed in 0..<UInt64(Self.cases) {
      var generator = SeededGenerator(seed: 0x5EED_0000 &+ seed)
      let (old, new) = randomPair(using: &generator, unique: true)
      let ours = listDiff(oldArray: old, newArray: new).forBatchUpdates().reference
      let theirs = referenceBatch(old, new)
      #expect(ours == theirs, "seed \(seed)\nold \(old)\nnew \(new)")
      if ours != theirs { return }
    }
  }

  /// Larger arrays take the hashed middle path with long runs around it.
  @Test func largerArraysMatchIGListKit() {
    for seed in 0..<UInt64(400) {
      var generator = SeededGenerator(seed: 0xB16 &+ seed)
      let (old, new) = randomPair(using: &generator, unique: seed % 2 == 0, maxCount: 400)
      let ours = listDiff(oldArray: old, newArray: new).reference
      let theirs = referenceDiff(old, new)
      #expect(ours == theirs, "seed \(seed)")
      if ours != theirs { return }
    }
  }

  /// Runs of items that cannot be paired by comparison, longer than the
  /// engine hashes ahead (64): inserted runs, replaced runs and deleted runs
  /// of every length up to 300, among unique or repeating identifiers.
  @Test(arguments: [false, true])
  func longUnpairedRunsMatchIGListKit(unique: Bool) {
    for seed in 0..<UInt64(300) {
      var generator = SeededGenerator(seed: 0x64_0000 &+ seed &* 2 &+ (unique ? 1 : 0))
      let count = Int.random(in: 0...600, using: &generator)
      let alphabet = unique ? Int.max : Int.random(in: 1...200, using: &generator)
      var nextID = 0
      func draw(_ generator: inout SeededGenerator) -> Item {
        defer { nextID += 1 }
        let id = unique ? nextID : Int.random(in: 0..<alphabet, using: &generator)
        return Item(id: id, payload: Int.random(in: 0..<8, using: &generator) == 0 ? 1 : 0)
      }
      let old = (0..<count).map { _ in draw(&generator) }
      var new = old.map { Item(id: $0.id, payload: 0) }
      for _ in 0..<Int.random(in: 1...3, using: &generator) {
        let length = Int.random(in: 1...300, using: &generator)
        let start = Int.random(in: 0...new.count, using: &generator)
        let end = Swift.min(new.count, start + length)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: new.insert(contentsOf: (0..<length).map { _ in draw(&generator) }, at: start)
        case 1: new.replaceSubrange(start..<end, with: (start..<end).map { _ in draw(&generator) })
        default: new.removeSubrange(start..<end)
        }
      }
      let ours = listDiff(oldArray: old, newArray: new).reference
      let theirs = referenceDiff(old, new)
      #expect(ours == theirs, "seed \(seed) unique \(unique)")
      if ours != theirs { return }
    }
  }

  /// Index look-ups agree with IGListKit's maps (last occurrence wins).
  @Test func lookupsMatchIGListKitMaps() {
    for seed in 0..<UInt64(1_000) {
      var generator = SeededGenerator(seed: 0x100C &+ seed)
      let (old, new) = randomPair(using: &generator, unique: seed % 2 == 0)
      var oldMap: [Int: Int] = [:]
      var newMap: [Int: Int] = [:]
      _ = referenceDiff(old, new, oldMap: &oldMap, newMap: &newMap)
      let result = listDiff(oldArray: old, newArray: new)
      for id in 0..<12 {
        #expect(result.oldIndex(forIdentifier: id) == oldMap[id], "seed \(seed) id \(id)")
        #expect(result.newIndex(forIdentifier: id) == newMap[id], "seed \(seed) id \(id)")
      }
    }
  }

  /// Pointer personality on class elements matches IGListKit.
  @Test func pointerPersonalityMatchesIGListKit() {
    for seed in 0..<UInt64(1_000) {
      var generator = SeededGenerator(seed: 0x9017 &+ seed)
      let pool = (0..<6).map { Box("\($0)") }
      func draw(_ generator: inout SeededGenerator) -> [Box] {
        (0..<Int.random(in: 0...10, using: &generator)).map { _ in
          Int.random(in: 0..<4, using: &generator) == 0
            ? Box("\(Int.random(in: 0..<6, using: &generator))")
            : pool[Int.random(in: 0..<6, using: &generator)]
        }
      }
      let old = draw(&generator)
      let new = draw(&generator)
      for option in [ListDiffOption.equality, .pointerPersonality] {
        let ours = listDiff(oldArray: old, newArray: new, option: option).reference
        #expect(ours == referenceDiff(old, new, option: option), "seed \(seed) \(option)")
      }
    }
  }
}
