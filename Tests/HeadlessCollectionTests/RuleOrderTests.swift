import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// The validator's fixed rule order, over generated batches that break
/// several rules at once: index ranges first, then conflicts between index
/// paths, then the item-count equation — UIKit's order. Which rules a batch
/// breaks is worked out here independently of the validator; the error thrown
/// must belong to the first broken group, and a batch that breaks none must
/// be applied.
@MainActor
@Suite struct RuleOrderTests {
  /// The groups of rules, in the order they are checked.
  enum Group: Int, Comparable, CustomStringConvertible {
    case range, conflict, count

    static func < (a: Group, b: Group) -> Bool { a.rawValue < b.rawValue }

    init(_ error: BatchUpdateError) {
      switch error {
      case .deleteSectionOutOfRange, .deleteOutOfRange, .reloadSectionOutOfRange, .reloadOutOfRange,
        .insertSectionOutOfRange, .insertOutOfRange, .moveSourceSectionOutOfRange,
        .moveSourceOutOfRange, .moveDestinationSectionOutOfRange, .moveDestinationOutOfRange,
        .invalidIndexPath, .batchDuringSizing, .sectionDeleteOutOfRange, .sectionReloadOutOfRange,
        .sectionInsertOutOfRange, .sectionMoveSourceOutOfRange, .sectionMoveDestinationOutOfRange:
        self = .range
      case .duplicateDelete, .duplicateInsert, .deleteAndMove, .insertAndMove,
        .moveFromSameIndexPath, .moveToSameIndexPath, .reloadOfDeletedItem, .reloadOfMovedItem,
        .sectionReloadOfDeleted, .sectionDeleteAndMove, .sectionInsertAndMove, .moveFromDeletedSection,
        .moveIntoInsertedSection, .sectionMoveToTwoPlaces, .sectionsMoveToSamePlace,
        .insertIntoInsertedSection, .changeInDeletedSection:
        self = .conflict
      case .invalidNumberOfItems, .invalidNumberOfSections:
        self = .count
      }
    }

    var description: String { ["range", "conflict", "count"][rawValue] }
  }

  /// A batch drawn to break rules often: paths near and past the ends of
  /// their sections, repeats, and a data-source count that may not balance.
  struct Batch {
    var deletes: [IndexPath] = []
    var inserts: [IndexPath] = []
    var reloads: [IndexPath] = []
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var newCounts: [Int] = []

    static func random(oldCounts: [Int], using generator: inout SeededGenerator) -> Batch {
      var batch = Batch()
      func path(_ counts: [Int]) -> IndexPath {
        let section = Int.random(in: -1...(counts.count), using: &generator)
        let count = section >= 0 && section < counts.count ? counts[section] : 2
        return ip(Int.random(in: -1...(count + 1), using: &generator), section)
      }
      // New counts first, near the old ones, so inserts can be drawn against them.
      batch.newCounts = oldCounts.map { max(0, $0 + Int.random(in: -2...2, using: &generator)) }
      for _ in 0..<Int.random(in: 0...3, using: &generator) { batch.deletes.append(path(oldCounts)) }
      for _ in 0..<Int.random(in: 0...3, using: &generator) { batch.inserts.append(path(batch.newCounts)) }
      for _ in 0..<Int.random(in: 0...2, using: &generator) { batch.reloads.append(path(oldCounts)) }
      for _ in 0..<Int.random(in: 0...2, using: &generator) {
        batch.moves.append((path(oldCounts), path(batch.newCounts)))
      }
      // Repeats, so that conflicts are common.
      if Bool.random(using: &generator), let any = batch.deletes.randomElement(using: &generator) {
        if Bool.random(using: &generator) { batch.reloads.append(any) } else { batch.deletes.append(any) }
      }
      if Bool.random(using: &generator), let move = batch.moves.randomElement(using: &generator) {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: batch.deletes.append(move.from)
        case 1: batch.inserts.append(move.to)
        case 2: batch.moves.append((move.from, path(batch.newCounts)))
        default: batch.moves.append((path(oldCounts), move.to))
        }
      }
      return batch
    }

    /// The groups of rules this batch breaks, worked out from the rules
    /// themselves.
    func brokenGroups(oldCounts: [Int]) -> Set<Group> {
      var broken: Set<Group> = []
      func inRange(_ path: IndexPath, _ counts: [Int]) -> Bool {
        path.section >= 0 && path.section < counts.count && path.item >= 0
          && path.item < counts[path.section]
      }
      let ranges =
        deletes.allSatisfy { inRange($0, oldCounts) } && reloads.allSatisfy { inRange($0, oldCounts) }
        && inserts.allSatisfy { inRange($0, newCounts) }
        && moves.allSatisfy { inRange($0.from, oldCounts) && inRange($0.to, newCounts) }
      if !ranges { broken.insert(.range) }

      let uniqueMoves = Dictionary(
        moves.map { (Pair($0.from, $0.to), $0) }, uniquingKeysWith: { a, _ in a }
      ).values
      let sources = uniqueMoves.map(\.from)
      let destinations = uniqueMoves.map(\.to)
      if Set(deletes).count != deletes.count || Set(inserts).count != inserts.count
        || Set(sources).count != sources.count || Set(destinations).count != destinations.count
        || !Set(deletes).isDisjoint(with: reloads) || !Set(deletes).isDisjoint(with: sources)
        || !Set(reloads).isDisjoint(with: sources) || !Set(inserts).isDisjoint(with: destinations)
      {
        broken.insert(.conflict)
      }

      if ranges {
        var expected = oldCounts
        for path in deletes { expected[path.section] -= 1 }
        for path in inserts { expected[path.section] += 1 }
        for move in uniqueMoves {
          expected[move.from.section] -= 1
          expected[move.to.section] += 1
        }
        if expected != newCounts { broken.insert(.count) }
      }
      return broken
    }
  }

  struct Pair: Hashable {
    var from: IndexPath
    var to: IndexPath
    init(_ from: IndexPath, _ to: IndexPath) { (self.from, self.to) = (from, to) }
  }

  @Test func theFirstBrokenGroupIsReported() {
    var reported: [Group: Int] = [:]
    var severalBroken = 0
    for seed in UInt64(0)..<2_000 {
      var generator = SeededGenerator(seed: seed)
      let oldCounts = (0..<Int.random(in: 1...3, using: &generator)).map { _ in
        Int.random(in: 0...4, using: &generator)
      }
      let model = ListModel(sections: oldCounts.map { count in (0..<count).map { "\($0)" } })
      let collection = makeCollection(model, width: 10, height: 3)
      let batch = Batch.random(oldCounts: oldCounts, using: &generator)
      let broken = batch.brokenGroups(oldCounts: oldCounts)
      if broken.count > 1 { severalBroken += 1 }
      do {
        try collection.performBatchUpdates {
          model.sections = batch.newCounts.map { count in (0..<count).map { "n\($0)" } }
          collection.deleteItems(at: batch.deletes)
          collection.insertItems(at: batch.inserts)
          collection.reloadItems(at: batch.reloads)
          for move in batch.moves { collection.moveItem(at: move.from, to: move.to) }
        }
        #expect(broken.isEmpty, "seed \(seed): accepted a batch breaking \(broken)")
      } catch {
        let group = Group(error)
        reported[group, default: 0] += 1
        #expect(
          group == broken.min(), "seed \(seed): reported \(group) (\(error)) for a batch breaking \(broken)")
      }
    }
    // The generator must exercise every group and many batches breaking several.
    #expect(reported.count == 3, "groups reported: \(reported)")
    #expect(severalBroken > 400, "only \(severalBroken) batches broke several groups")
  }
}
