import Foundation

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
    // Shape first: everything below reads `section` and `item`.
    for path in batch.deletes + batch.inserts + batch.reloads
    where !path.isCollectionIndexPath {
      throw .invalidIndexPath(path)
    }
    for move in batch.moves {
      if !move.from.isCollectionIndexPath { throw .invalidIndexPath(move.from) }
      if !move.to.isCollectionIndexPath { throw .invalidIndexPath(move.to) }
    }

    let sectionCount = oldCounts.count
    if newCounts.count != sectionCount {
      throw .invalidNumberOfSections(after: newCounts.count, before: sectionCount)
    }
    try checkItemCounts(batch, oldCounts: oldCounts, newCounts: newCounts)

    let deleted = Set(batch.deletes)
    let moveSources = Set(batch.moves.map(\.from))
    let moveDestinations = Set(batch.moves.map(\.to))

    for path in batch.reloads.sorted(by: isAscending) where deleted.contains(path) {
      throw .reloadOfDeletedItem(path)
    }

    // Deletes and reloads, against the old counts. A reload is a delete as far
    // as UIKit's checks go, which is why its messages say "delete".
    let removals = (batch.deletes.map { ($0, false) } + batch.reloads.map { ($0, true) })
      .sorted { isAscending($1.0, $0.0) || ($0.0 == $1.0 && !$0.1 && $1.1) }
    var previous: (path: IndexPath, isReload: Bool)?
    for (path, isReload) in removals {
      defer { previous = (path, isReload) }
      if let previous, previous.path == path {
        if !isReload && !previous.isReload { throw .duplicateDelete(path) }
        continue  // a second reload of the same item asks nothing new
      }
      guard path[0] >= 0 && path[0] < sectionCount else {
        throw isReload
          ? .reloadSectionOutOfRange(path, sectionCountBefore: sectionCount)
          : .deleteSectionOutOfRange(path, sectionCountBefore: sectionCount)
      }
      guard path[1] >= 0 && path[1] < oldCounts[path[0]] else {
        throw isReload
          ? .reloadOutOfRange(path, itemCountBefore: oldCounts[path[0]])
          : .deleteOutOfRange(path, itemCountBefore: oldCounts[path[0]])
      }
      if moveSources.contains(path) {
        throw isReload ? .reloadOfMovedItem(path) : .deleteAndMove(path)
      }
    }

    // Inserts, against the new counts.
    var previousInsert: IndexPath?
    for path in batch.inserts.sorted(by: isAscending) {
      defer { previousInsert = path }
      if path == previousInsert { throw .duplicateInsert(path) }
      guard path[0] >= 0 && path[0] < sectionCount else {
        throw .insertSectionOutOfRange(path, sectionCountAfter: sectionCount)
      }
      guard path[1] >= 0 && path[1] < newCounts[path[0]] else {
        throw .insertOutOfRange(path, itemCountAfter: newCounts[path[0]])
      }
      if moveDestinations.contains(path) { throw .insertAndMove(path) }
    }

    // Moves: both ends in range, no source or destination used twice. An
    // exact repeat of a move says nothing new and is dropped, as UIKit does.
    var moves: [(from: IndexPath, to: IndexPath)] = []
    var destinations: [IndexPath: IndexPath] = [:]
    for move in batch.moves.sorted(by: {
      isAscending($0.from, $1.from) || ($0.from == $1.from && isAscending($0.to, $1.to))
    }) {
      let (from, to) = move
      guard from[0] >= 0 && from[0] < sectionCount else {
        throw .moveSourceSectionOutOfRange(from: from, sectionCountBefore: sectionCount)
      }
      guard from[1] >= 0 && from[1] < oldCounts[from[0]] else {
        throw .moveSourceOutOfRange(from: from, itemCountBefore: oldCounts[from[0]])
      }
      guard to[0] >= 0 && to[0] < sectionCount else {
        throw .moveDestinationSectionOutOfRange(from: from, to: to, sectionCountAfter: sectionCount)
      }
      guard to[1] >= 0 && to[1] < newCounts[to[0]] else {
        throw .moveDestinationOutOfRange(from: from, to: to, itemCountAfter: newCounts[to[0]])
      }
      if let last = moves.last, last.from == from {
        if last.to == to { continue }
        throw .moveFromSameIndexPath(from, to: last.to, and: to)
      }
      if let other = destinations[to] { throw .moveToSameIndexPath(other, and: from, to: to) }
      destinations[to] = from
      moves.append(move)
    }

    // Global indexes.
    let oldStarts = starts(of: oldCounts)
    let newStarts = starts(of: newCounts)
    func old(_ path: IndexPath) -> Int { oldStarts[path[0]] + path[1] }
    func new(_ path: IndexPath) -> Int { newStarts[path[0]] + path[1] }
    let globalMoves = moves.map { (old: old($0.from), new: new($0.to)) }.sorted { $0.old < $1.old }
    return ValidatedBatch(
      oldCount: oldStarts[sectionCount], newCount: newStarts[sectionCount],
      removedOld: (batch.deletes.map(old) + globalMoves.map(\.old)).sorted(),
      insertedNew: (batch.inserts.map(new) + globalMoves.map(\.new)).sorted(),
      moves: globalMoves,
      reloadedOld: Array(Set(batch.reloads.map(old))).sorted())
  }

  /// UIKit's count rule, section by section: after = before + inserted -
  /// deleted + moved in - moved out, with reloads counted as an insert and a
  /// delete. Changes naming sections that do not exist are left to the range
  /// checks, which then report them.
  @MainActor
  private static func checkItemCounts(
    _ batch: BatchRecorder, oldCounts: [Int], newCounts: [Int]
  ) throws(BatchUpdateError) {
    let sectionCount = oldCounts.count
    var inserted = Array(repeating: 0, count: sectionCount)
    var deleted = Array(repeating: 0, count: sectionCount)
    var movedIn = Array(repeating: 0, count: sectionCount)
    var movedOut = Array(repeating: 0, count: sectionCount)
    func section(_ path: IndexPath) -> Int? {
      path[0] >= 0 && path[0] < sectionCount ? path[0] : nil
    }
    for path in batch.inserts { if let s = section(path) { inserted[s] += 1 } }
    for path in batch.deletes { if let s = section(path) { deleted[s] += 1 } }
    for path in batch.reloads {
      if let s = section(path) {
        inserted[s] += 1
        deleted[s] += 1
      }
    }
    // A move with an end in no section is left to the range checks whole.
    for move in batch.moves where move.from[0] != move.to[0] {
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

  /// Index path order: by section, then item.
  private static func isAscending(_ a: IndexPath, _ b: IndexPath) -> Bool {
    a[0] != b[0] ? a[0] < b[0] : a[1] < b[1]
  }
}
