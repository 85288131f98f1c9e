import Foundation

/// A section and an item as two plain integers: cheaper to sort and hash than
/// `IndexPath`, whose storage is an enum of several shapes.
struct ItemPath: Hashable, Comparable {
  var section: Int
  var item: Int

  init(_ path: IndexPath) {
    section = path[0]
    item = path[1]
  }

  /// The path as an `IndexPath`, for messages.
  var indexPath: IndexPath { IndexPath(index: section).appending(item) }

  static func < (a: ItemPath, b: ItemPath) -> Bool {
    a.section != b.section ? a.section < b.section : a.item < b.item
  }
}

/// Checks a recorded batch against UIKit's rules and turns it into global
/// indexes. Nothing here touches the collection: a batch that fails leaves no
/// trace.
///
/// The checks run in UIKit's order, so that a batch breaking several rules
/// reports what UIKit would crash with:
///
/// 1. index paths of the wrong shape, then the section count (batches here
///    change items only; without equal section counts nothing below has a
///    meaning);
/// 2. **index ranges**: deletes and reloads (descending, against the counts
///    before the update), inserts (ascending, against the counts after it),
///    then moves (ascending by source, both ends);
/// 3. **conflicts between index paths**: reloads of deleted items
///    (ascending), then in the same walks as the ranges a path deleted twice,
///    a delete or reload of a moved item, a path inserted twice or inserted
///    and moved to, a path moved to two places or two paths moved to one;
/// 4. **the item-count equation**, section by section (ascending).
///
/// The evidence for ranges before counts is UIKit's own crash logs: "attempt
/// to insert item 0 into section 0, but there are only 0 items in section 0
/// after the update" is reported for batches in which the count equation
/// cannot hold either (after = 0 with an insert never balances), so UIKit
/// validates ranges first. Conflicts are found while UIKit prepares its
/// update items, before it compares counts, hence their place between the
/// two.
enum BatchValidator {
  /// A move, both ends as plain paths.
  typealias Move = (from: ItemPath, to: ItemPath)
  /// A delete or, when `isReload`, a reload: UIKit checks both as deletes.
  typealias Removal = (path: ItemPath, isReload: Bool)

  /// Validates `batch` for a collection whose sections held `oldCounts`
  /// items and, by the data source, now hold `newCounts`.
  ///
  /// - Complexity: O(*k* log *k* + *s*) for *k* changes in *s* sections.
  static func validate(_ batch: BatchChanges, oldCounts: [Int], newCounts: [Int])
    throws(BatchUpdateError) -> ValidatedBatch
  {
    // Shape first: everything below reads sections and items.
    for list in [batch.deletes, batch.inserts, batch.reloads] {
      for path in list where !path.isCollectionIndexPath { throw .invalidIndexPath(path) }
    }
    for move in batch.moves {
      if !move.from.isCollectionIndexPath { throw .invalidIndexPath(move.from) }
      if !move.to.isCollectionIndexPath { throw .invalidIndexPath(move.to) }
    }
    let deletes = batch.deletes.map(ItemPath.init)
    let inserts = batch.inserts.map(ItemPath.init)
    let reloads = batch.reloads.map(ItemPath.init)
    let moves: [Move] = batch.moves.map { (from: ItemPath($0.from), to: ItemPath($0.to)) }
      .sorted { (a: Move, b: Move) in a.from < b.from || (a.from == b.from && a.to < b.to) }

    let sectionCount = oldCounts.count
    if newCounts.count != sectionCount {
      throw .invalidNumberOfSections(after: newCounts.count, before: sectionCount)
    }

    // Deletes and reloads, descending; a delete comes before a reload of the
    // same path. A reload is a delete as far as UIKit's checks go, which is
    // why its messages say "delete".
    let removals: [Removal] = (deletes.map { ($0, false) } + reloads.map { ($0, true) })
      .sorted { (a: Removal, b: Removal) in
        b.path < a.path || (a.path == b.path && !a.isReload && b.isReload)
      }
    let sortedInserts = inserts.sorted()

    try checkRanges(
      removals: removals, inserts: sortedInserts, moves: moves, oldCounts: oldCounts,
      newCounts: newCounts)
    let acceptedMoves = try checkConflicts(
      removals: removals, inserts: sortedInserts, reloads: reloads, deletes: deletes, moves: moves)
    try checkItemCounts(
      deletes: deletes, inserts: inserts, reloads: reloads, moves: acceptedMoves,
      oldCounts: oldCounts,
      newCounts: newCounts)

    // Global indexes.
    let oldStarts = starts(of: oldCounts)
    let newStarts = starts(of: newCounts)
    func old(_ path: ItemPath) -> Int { oldStarts[path.section] + path.item }
    func new(_ path: ItemPath) -> Int { newStarts[path.section] + path.item }
    let globalMoves = acceptedMoves.map { (old: old($0.from), new: new($0.to)) }
      .sorted { $0.old < $1.old }
    return ValidatedBatch(
      oldCount: oldStarts[sectionCount], newCount: newStarts[sectionCount],
      removedOld: (deletes.map(old) + globalMoves.map(\.old)).sorted(),
      insertedNew: (inserts.map(new) + globalMoves.map(\.new)).sorted(),
      moves: globalMoves,
      reloadedOld: Array(Set(reloads.map(old))).sorted())
  }

  /// Every index path against the counts it is read with: deletes and
  /// reloads (`removals`, descending) before the update, inserts
  /// (ascending) after it, moves (ascending by source) at both ends.
  private static func checkRanges(
    removals: [Removal], inserts: [ItemPath], moves: [Move],
    oldCounts: [Int], newCounts: [Int]
  ) throws(BatchUpdateError) {
    let sectionCount = oldCounts.count
    for (path, isReload) in removals {
      guard path.section >= 0 && path.section < sectionCount else {
        throw isReload
          ? .reloadSectionOutOfRange(path.indexPath, sectionCountBefore: sectionCount)
          : .deleteSectionOutOfRange(path.indexPath, sectionCountBefore: sectionCount)
      }
      let count = oldCounts[path.section]
      guard path.item >= 0 && path.item < count else {
        throw isReload
          ? .reloadOutOfRange(path.indexPath, itemCountBefore: count)
          : .deleteOutOfRange(path.indexPath, itemCountBefore: count)
      }
    }
    for path in inserts {
      guard path.section >= 0 && path.section < sectionCount else {
        throw .insertSectionOutOfRange(path.indexPath, sectionCountAfter: sectionCount)
      }
      guard path.item >= 0 && path.item < newCounts[path.section] else {
        throw .insertOutOfRange(path.indexPath, itemCountAfter: newCounts[path.section])
      }
    }
    for (from, to) in moves {
      guard from.section >= 0 && from.section < sectionCount else {
        throw .moveSourceSectionOutOfRange(from: from.indexPath, sectionCountBefore: sectionCount)
      }
      guard from.item >= 0 && from.item < oldCounts[from.section] else {
        throw .moveSourceOutOfRange(from: from.indexPath, itemCountBefore: oldCounts[from.section])
      }
      guard to.section >= 0 && to.section < sectionCount else {
        throw .moveDestinationSectionOutOfRange(
          from: from.indexPath, to: to.indexPath, sectionCountAfter: sectionCount)
      }
      guard to.item >= 0 && to.item < newCounts[to.section] else {
        throw .moveDestinationOutOfRange(
          from: from.indexPath, to: to.indexPath, itemCountAfter: newCounts[to.section])
      }
    }
  }

  /// The rules between index paths, for a batch whose paths are all in
  /// range. Returns the moves to perform: an exact repeat of a move says
  /// nothing new and is dropped, as UIKit does.
  private static func checkConflicts(
    removals: [Removal], inserts: [ItemPath], reloads: [ItemPath], deletes: [ItemPath],
    moves: [Move]
  ) throws(BatchUpdateError) -> [Move] {
    let deleted = Set(deletes)
    let moveSources = Set(moves.map(\.from))
    let moveDestinations = Set(moves.map(\.to))

    for path in reloads.sorted() where deleted.contains(path) {
      throw .reloadOfDeletedItem(path.indexPath)
    }
    var previous: (path: ItemPath, isReload: Bool)?
    for (path, isReload) in removals {
      defer { previous = (path, isReload) }
      if let previous, previous.path == path {
        if !isReload && !previous.isReload { throw .duplicateDelete(path.indexPath) }
        continue  // a second reload of the same item asks nothing new
      }
      if moveSources.contains(path) {
        throw isReload ? .reloadOfMovedItem(path.indexPath) : .deleteAndMove(path.indexPath)
      }
    }
    var previousInsert: ItemPath?
    for path in inserts {
      defer { previousInsert = path }
      if path == previousInsert { throw .duplicateInsert(path.indexPath) }
      if moveDestinations.contains(path) { throw .insertAndMove(path.indexPath) }
    }
    var acceptedMoves: [Move] = []
    var destinations: [ItemPath: ItemPath] = [:]
    for (from, to) in moves {
      if let last = acceptedMoves.last, last.from == from {
        if last.to == to { continue }
        throw .moveFromSameIndexPath(from.indexPath, to: last.to.indexPath, and: to.indexPath)
      }
      if let other = destinations[to] {
        throw .moveToSameIndexPath(other.indexPath, and: from.indexPath, to: to.indexPath)
      }
      destinations[to] = from
      acceptedMoves.append((from, to))
    }
    return acceptedMoves
  }

  /// UIKit's count rule, section by section: after = before + inserted -
  /// deleted + moved in - moved out, with reloads counted as an insert and a
  /// delete. Every path is in range by now. An exact repeat of a move counts
  /// once, as it is performed once.
  private static func checkItemCounts(
    deletes: [ItemPath], inserts: [ItemPath], reloads: [ItemPath],
    moves: [Move], oldCounts: [Int], newCounts: [Int]
  ) throws(BatchUpdateError) {
    let sectionCount = oldCounts.count
    var inserted = Array(repeating: 0, count: sectionCount)
    var deleted = Array(repeating: 0, count: sectionCount)
    var movedIn = Array(repeating: 0, count: sectionCount)
    var movedOut = Array(repeating: 0, count: sectionCount)
    for path in inserts { inserted[path.section] += 1 }
    for path in deletes { deleted[path.section] += 1 }
    for path in reloads {
      inserted[path.section] += 1
      deleted[path.section] += 1
    }
    for move in moves where move.from.section != move.to.section {
      movedOut[move.from.section] += 1
      movedIn[move.to.section] += 1
    }
    for s in 0..<sectionCount {
      let expected = oldCounts[s] + inserted[s] - deleted[s] + movedIn[s] - movedOut[s]
      if newCounts[s] != expected {
        throw .invalidNumberOfItems(
          section: s, after: newCounts[s], before: oldCounts[s], inserted: inserted[s],
          deleted: deleted[s], movedIn: movedIn[s], movedOut: movedOut[s])
      }
    }
  }

  /// The global index of each section's first item, and the total last.
  private static func starts(of counts: [Int]) -> [Int] {
    var result = [0]
    result.reserveCapacity(counts.count + 1)
    for count in counts { result.append(result[result.count - 1] + count) }
    return result
  }
}
