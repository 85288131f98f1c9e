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
/// The checks run in a fixed order so that a batch breaking several rules
/// always reports the same one: index paths of the wrong shape, the section
/// count, the item count of each section (ascending), reloads of deleted
/// items, then deletes and reloads (descending, against the counts before the
/// update), inserts (ascending, against the counts after it) and moves
/// (ascending by source).
enum BatchValidator {
  /// Validates `batch` for a collection whose sections held `oldCounts`
  /// items and, by the data source, now hold `newCounts`.
  ///
  /// - Complexity: O(*k* log *k* + *s*) for *k* changes in *s* sections.
  @MainActor
  static func validate(_ batch: BatchRecorder, oldCounts: [Int], newCounts: [Int])
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
    let moves = batch.moves.map { (from: ItemPath($0.from), to: ItemPath($0.to)) }

    let sectionCount = oldCounts.count
    if newCounts.count != sectionCount {
      throw .invalidNumberOfSections(after: newCounts.count, before: sectionCount)
    }
    try checkItemCounts(
      deletes: deletes, inserts: inserts, reloads: reloads, moves: moves, oldCounts: oldCounts,
      newCounts: newCounts)

    let deleted = Set(deletes)
    let moveSources = Set(moves.map(\.from))
    let moveDestinations = Set(moves.map(\.to))

    for path in reloads.sorted() where deleted.contains(path) {
      throw .reloadOfDeletedItem(path.indexPath)
    }

    // Deletes and reloads, descending, against the old counts; a delete
    // comes before a reload of the same path. A reload is a delete as far as
    // UIKit's checks go, which is why its messages say "delete".
    let removals = (deletes.map { ($0, false) } + reloads.map { ($0, true) })
      .sorted { $1.0 < $0.0 || ($0.0 == $1.0 && !$0.1 && $1.1) }
    var previous: (path: ItemPath, isReload: Bool)?
    for (path, isReload) in removals {
      defer { previous = (path, isReload) }
      if let previous, previous.path == path {
        if !isReload && !previous.isReload { throw .duplicateDelete(path.indexPath) }
        continue  // a second reload of the same item asks nothing new
      }
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
      if moveSources.contains(path) {
        throw isReload ? .reloadOfMovedItem(path.indexPath) : .deleteAndMove(path.indexPath)
      }
    }

    // Inserts, ascending, against the new counts.
    var previousInsert: ItemPath?
    for path in inserts.sorted() {
      defer { previousInsert = path }
      if path == previousInsert { throw .duplicateInsert(path.indexPath) }
      guard path.section >= 0 && path.section < sectionCount else {
        throw .insertSectionOutOfRange(path.indexPath, sectionCountAfter: sectionCount)
      }
      guard path.item >= 0 && path.item < newCounts[path.section] else {
        throw .insertOutOfRange(path.indexPath, itemCountAfter: newCounts[path.section])
      }
      if moveDestinations.contains(path) { throw .insertAndMove(path.indexPath) }
    }

    // Moves: both ends in range, no source or destination used twice. An
    // exact repeat of a move says nothing new and is dropped, as UIKit does.
    var acceptedMoves: [(from: ItemPath, to: ItemPath)] = []
    var destinations: [ItemPath: ItemPath] = [:]
    for (from, to) in moves.sorted(by: { $0.from < $1.from || ($0.from == $1.from && $0.to < $1.to) }) {
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

  /// UIKit's count rule, section by section: after = before + inserted -
  /// deleted + moved in - moved out, with reloads counted as an insert and a
  /// delete. Changes naming sections that do not exist are left to the range
  /// checks, which then report them.
  private static func checkItemCounts(
    deletes: [ItemPath], inserts: [ItemPath], reloads: [ItemPath],
    moves: [(from: ItemPath, to: ItemPath)], oldCounts: [Int], newCounts: [Int]
  ) throws(BatchUpdateError) {
    let sectionCount = oldCounts.count
    var inserted = Array(repeating: 0, count: sectionCount)
    var deleted = Array(repeating: 0, count: sectionCount)
    var movedIn = Array(repeating: 0, count: sectionCount)
    var movedOut = Array(repeating: 0, count: sectionCount)
    func section(_ path: ItemPath) -> Int? {
      path.section >= 0 && path.section < sectionCount ? path.section : nil
    }
    for path in inserts { if let s = section(path) { inserted[s] += 1 } }
    for path in deletes { if let s = section(path) { deleted[s] += 1 } }
    for path in reloads {
      if let s = section(path) {
        inserted[s] += 1
        deleted[s] += 1
      }
    }
    // A move with an end in no section is left to the range checks whole.
    for move in moves where move.from.section != move.to.section {
      if let from = section(move.from), let to = section(move.to) {
        movedOut[from] += 1
        movedIn[to] += 1
      }
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
