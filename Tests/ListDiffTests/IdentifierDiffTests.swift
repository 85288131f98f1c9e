import ListDiff
import TestSupport
import Testing

/// `listDiff(oldIdentifiers:newIdentifiers:isEqual:)` against the element
/// entry point and IGListKit's reference, and `updateTargets` against a
/// brute-force pairing, over seeded random inputs. A failure names its seed.
@Suite("listDiff: identifiers and update targets")
struct IdentifierDiffTests {
  static let cases = 4_000

  /// The identifier entry point gives the element entry point's result,
  /// update targets included, and IGListKit's raw result; it asks `isEqual`
  /// only for pairs with one identifier, and each pair at most once.
  @Test(arguments: [false, true])
  func identifierEntryPointMatchesElementsAndIGListKit(unique: Bool) {
    for seed in 0..<UInt64(Self.cases) {
      var generator = SeededGenerator(seed: 0x1D5 &+ seed &* 2 &+ (unique ? 1 : 0))
      let (old, new) = randomPair(using: &generator, unique: unique, maxCount: seed % 8 == 0 ? 200 : 24)
      let context = "seed \(seed) unique \(unique)\nold \(old)\nnew \(new)"
      var asked: [Pair] = []
      var askedAboutOthers = false
      let byIdentifier = listDiff(
        oldIdentifiers: old.map(\.id), newIdentifiers: new.map(\.id)
      ) { oldIndex, newIndex in
        asked.append(Pair(old: oldIndex, new: newIndex))
        if old[oldIndex].id != new[newIndex].id { askedAboutOthers = true }
        return new[newIndex].isEqual(toDiffableObject: old[oldIndex])
      }
      let byElement = listDiff(oldArray: old, newArray: new)
      #expect(byIdentifier == byElement, "\(context)")
      #expect(byIdentifier.updateTargets == byElement.updateTargets, "\(context)")
      #expect(byIdentifier.reference == referenceDiff(old, new), "\(context)")
      #expect(byIdentifier.forBatchUpdates() == byElement.forBatchUpdates(), "\(context)")
      #expect(!askedAboutOthers, "isEqual asked about two identifiers\n\(context)")
      #expect(Set(asked).count == asked.count, "isEqual asked twice about a pair\n\(context)")
      if byIdentifier != byElement || askedAboutOthers { return }
    }
  }

  /// The package entry point for old identifiers without repeats (ListDiffUI's
  /// shown items) gives the public result, update targets included, while
  /// the new identifiers repeat freely: old items are the random old array
  /// with later repeats removed, new items keep theirs.
  @Test func uniqueOldEntryPointMatchesElements() {
    for seed in 0..<UInt64(Self.cases) {
      var generator = SeededGenerator(seed: 0x0DD &+ seed)
      var (old, new) = randomPair(using: &generator, unique: false, maxCount: seed % 8 == 0 ? 200 : 24)
      var seen = Set<Int>()
      old = old.filter { seen.insert($0.id).inserted }
      // Some pairs change, so that updates are exercised in every part.
      for index in new.indices where Int.random(in: 0..<5, using: &generator) == 0 {
        new[index].payload += 1
      }
      let context = "seed \(seed)\nold \(old)\nnew \(new)"
      let byUniqueOld = listDiff(
        uniqueOldIdentifiers: old.map(\.id), newIdentifiers: new.map(\.id)
      ) { oldIndex, newIndex in
        new[newIndex].isEqual(toDiffableObject: old[oldIndex])
      }
      let byElement = listDiff(oldArray: old, newArray: new)
      #expect(byUniqueOld == byElement, "\(context)")
      #expect(byUniqueOld.updateTargets == byElement.updateTargets, "\(context)")
      if byUniqueOld != byElement || byUniqueOld.updateTargets != byElement.updateTargets { return }
    }
  }

  /// Every result keeps its documented invariants: index sets ascending and
  /// in range, the count identity, and for each update its target, the new
  /// index IGListKit's pairing gives the same item (derived here by brute
  /// force: the k-th new occurrence of an identifier is the k-th old one).
  @Test(arguments: [false, true])
  func updateTargetsAreThePairedNewIndexes(unique: Bool) {
    for seed in 0..<UInt64(Self.cases) {
      var generator = SeededGenerator(seed: 0x7A6 &+ seed &* 2 &+ (unique ? 1 : 0))
      let (old, new) = randomPair(using: &generator, unique: unique)
      let result = listDiff(oldArray: old, newArray: new)
      let context = "seed \(seed) unique \(unique)\nold \(old)\nnew \(new)\n\(result)"
      let partner = bruteForcePartners(old: old.map(\.id), new: new.map(\.id))

      #expect(isStrictlyAscending(result.inserts), "\(context)")
      #expect(isStrictlyAscending(result.deletes), "\(context)")
      #expect(isStrictlyAscending(result.updates), "\(context)")
      #expect(isStrictlyAscending(result.moves.map(\.to)), "\(context)")
      #expect(old.count + result.inserts.count - result.deletes.count == new.count, "\(context)")
      #expect(result.updateTargets.count == result.updates.count, "\(context)")
      #expect(result.updateTargets.map { Optional($0) } == result.updates.map { partner[$0] }, "\(context)")
      // The deletes are exactly the unpaired old items, the inserts the
      // unpaired new ones.
      #expect(result.deletes == old.indices.filter { partner[$0] == nil }, "\(context)")
      let pairedNew = Set(partner.compactMap { $0 })
      #expect(result.inserts == new.indices.filter { !pairedNew.contains($0) }, "\(context)")
      // The batch form has no updates and no update targets.
      let batch = result.forBatchUpdates()
      #expect(batch.updates.isEmpty && batch.updateTargets.isEmpty, "\(context)")
      if result.updateTargets.map({ Optional($0) }) != result.updates.map({ partner[$0] }) { return }
    }
  }

  @Test func updateTargetsFollowMovesAndRepeats() {
    // "b" changes and moves to the front; one of two "a"s changes, so both
    // matched "a"s are updates, each with its own new index.
    let old = [Item(id: 0, payload: 0), Item(id: 1, payload: 0), Item(id: 0, payload: 0)]
    let new = [Item(id: 1, payload: 1), Item(id: 0, payload: 0), Item(id: 0, payload: 2)]
    let result = listDiff(oldArray: old, newArray: new)
    #expect(result.updates == [0, 1, 2])
    #expect(result.updateTargets == [1, 0, 2])
  }

  @Test func identifiersWithoutElements() {
    let payloads = (old: [1, 2, 3], new: [3, 2, 9])
    let result = listDiff(oldIdentifiers: ["a", "b", "c"], newIdentifiers: ["c", "b", "a"]) {
      payloads.old[$0] == payloads.new[$1]
    }
    #expect(result.updates == [0])
    #expect(result.updateTargets == [2])
    #expect(result.moves == [ListMoveIndex(from: 2, to: 0), ListMoveIndex(from: 0, to: 2)])
    #expect(result.oldIndex(forIdentifier: "c") == 2 && result.newIndex(forIdentifier: "c") == 0)
  }
}

private struct Pair: Hashable {
  var old: Int
  var new: Int
}

private func isStrictlyAscending(_ values: [Int]) -> Bool {
  zip(values, values.dropFirst()).allSatisfy { $0 < $1 }
}

/// For each old index, the new index of the same item under IGListKit's
/// pairing, or nil: a quadratic walk, obviously right.
private func bruteForcePartners(old: [Int], new: [Int]) -> [Int?] {
  var partner = [Int?](repeating: nil, count: old.count)
  for (j, id) in new.enumerated() {
    let occurrence = new[..<j].filter { $0 == id }.count
    let oldOccurrences = old.indices.filter { old[$0] == id }
    if occurrence < oldOccurrences.count { partner[oldOccurrences[occurrence]] = j }
  }
  return partner
}
