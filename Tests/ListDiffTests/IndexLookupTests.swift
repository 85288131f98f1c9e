import ListDiff
import TestSupport
import Testing

/// `oldIndex`/`newIndex(forIdentifier:)` answer from an index built on the
/// first look-up: always what a scan from the end answers (IGListKit's maps
/// are filled in order, so a repeated identifier maps to its last index),
/// for every entry point, repeated identifiers included, and the same when
/// many tasks ask one result for the first time at once.
@Suite("listDiff: index look-ups")
struct IndexLookupTests {
  /// The identifiers a case can hold, and some it never holds.
  static let probes = Array(-2..<12) + Array(1000..<1010)

  /// The look-ups of `result` agree with a scan of `old` and `new`, asked in
  /// an order drawn from `generator`, each twice (built, then reused).
  static func lookupsMatchScan(
    _ result: ListDiffResult<Int>, old: [Int], new: [Int], using generator: inout SeededGenerator
  ) -> Bool {
    var probes = Self.probes
    probes.shuffle(using: &generator)
    for id in probes + probes {
      let oldFirst = Bool.random(using: &generator)
      let oldIndex = oldFirst ? result.oldIndex(forIdentifier: id) : nil
      let newIndex = result.newIndex(forIdentifier: id)
      guard (oldFirst ? oldIndex : result.oldIndex(forIdentifier: id)) == old.lastIndex(of: id),
        newIndex == new.lastIndex(of: id)
      else { return false }
    }
    return true
  }

  /// Every entry point, on unique and repeating identifiers, with the
  /// batch result (which shares the look-up) as well.
  @Test(arguments: [false, true])
  func lookupsMatchAScanFromTheEnd(unique: Bool) {
    for seed in 0..<UInt64(4_000) {
      var generator = SeededGenerator(seed: 0x1D8 &+ seed &* 2 &+ (unique ? 1 : 0))
      let (old, new) = randomPair(using: &generator, unique: unique, maxCount: 40)
      let oldIDs = old.map(\.id)
      let newIDs = new.map(\.id)
      let boxes = (old.map { Box("\($0.id)", $0.payload) }, new.map { Box("\($0.id)", $0.payload) })
      let results: [(String, ListDiffResult<Int>)] = [
        ("Sendable elements", listDiff(oldArray: old, newArray: new)),
        ("batch", listDiff(oldArray: old, newArray: new).forBatchUpdates()),
        ("identifiers", listDiff(oldIdentifiers: oldIDs, newIdentifiers: newIDs) { _, _ in true }),
      ]
      for (name, result) in results {
        let agrees = Self.lookupsMatchScan(result, old: oldIDs, new: newIDs, using: &generator)
        #expect(agrees, "seed \(seed) unique \(unique) \(name)\nold \(oldIDs)\nnew \(newIDs)")
        if !agrees { return }
      }
      // Elements that are not Sendable: the result keeps their identifiers.
      let boxed = listDiff(oldArray: boxes.0, newArray: boxes.1)
      for id in Self.probes.map({ "\($0)" }) {
        #expect(boxed.oldIndex(forIdentifier: id) == boxes.0.lastIndex { $0.id == id }, "seed \(seed) \(id)")
        #expect(boxed.newIndex(forIdentifier: id) == boxes.1.lastIndex { $0.id == id }, "seed \(seed) \(id)")
      }
    }
  }

  /// Long arrays where few identifiers repeat many times, and where none
  /// repeats: every identifier's last index.
  @Test func longArrays() {
    var generator = SeededGenerator(seed: 0x10_0000)
    let repeating = (0..<20_000).map { _ in Int.random(in: 0..<50, using: &generator) }
    let unique = Array((0..<20_000).shuffled(using: &generator))
    let result = listDiff(oldIdentifiers: repeating, newIdentifiers: unique) { _, _ in true }
    for id in 0..<50 {
      #expect(result.oldIndex(forIdentifier: id) == repeating.lastIndex(of: id))
    }
    var inverse = [Int](repeating: -1, count: unique.count)
    for (index, id) in unique.enumerated() { inverse[id] = index }
    let agrees = (0..<20_000).allSatisfy { result.newIndex(forIdentifier: $0) == inverse[$0] }
    #expect(agrees)
    #expect(result.newIndex(forIdentifier: 20_000) == nil)
    #expect(result.oldIndex(forIdentifier: 50) == nil)
  }

  /// Empty sides answer nil without building anything.
  @Test func emptySides() {
    let inserted = listDiff(oldIdentifiers: [Int](), newIdentifiers: [3, 3, 4]) { _, _ in true }
    #expect(inserted.oldIndex(forIdentifier: 3) == nil)
    #expect(inserted.newIndex(forIdentifier: 3) == 1)
    let deleted = listDiff(oldArray: ["a", "b", "a"], newArray: [String]())
    #expect(deleted.oldIndex(forIdentifier: "a") == 2)
    #expect(deleted.newIndex(forIdentifier: "a") == nil)
  }

  /// Many tasks ask a fresh result for the first time at once: whichever
  /// index is published, every answer is the scan's.
  @Test(.timeLimit(.minutes(20)))
  func firstLookupsRaceSafely() async {
    for round in 0..<UInt64(40) {
      var generator = SeededGenerator(seed: 0xACE &+ round)
      let old = (0..<3_000).map { _ in Int.random(in: 0..<2_000, using: &generator) }
      let new = (0..<3_000).map { _ in Int.random(in: 0..<2_000, using: &generator) }
      let result = listDiff(oldIdentifiers: old, newIdentifiers: new) { _, _ in true }
      // The scan's answers, by a dictionary filled in order (last wins).
      let oldLast = Dictionary(old.enumerated().map { ($1, $0) }) { _, later in later }
      let newLast = Dictionary(new.enumerated().map { ($1, $0) }) { _, later in later }
      let agreeing = await withTaskGroup(of: Bool.self) { group in
        for task in 0..<8 {
          group.addTask {
            var generator = SeededGenerator(seed: round &* 8 &+ UInt64(task))
            let ids = (0..<200).map { _ in Int.random(in: -5..<2_005, using: &generator) }
            return ids.allSatisfy {
              result.oldIndex(forIdentifier: $0) == oldLast[$0]
                && result.newIndex(forIdentifier: $0) == newLast[$0]
            }
          }
        }
        var count = 0
        for await agrees in group where agrees { count += 1 }
        return count
      }
      #expect(agreeing == 8, "round \(round)")
    }
  }
}
