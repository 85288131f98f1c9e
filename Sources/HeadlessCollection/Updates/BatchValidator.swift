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

  init(section: Int, item: Int) {
    self.section = section
    self.item = item
  }

  /// The path as an `IndexPath`, for messages.
  var indexPath: IndexPath { IndexPath(index: section).appending(item) }

  static func < (a: ItemPath, b: ItemPath) -> Bool {
    a.section != b.section ? a.section < b.section : a.item < b.item
  }
}

/// One change in one of UIKit's walks over a batch: an item, or a whole
/// section (which UIKit records as the path (section, `NSNotFound`), so that
/// it sorts after the section's items).
struct WalkEntry: Comparable {
  var path: ItemPath
  var isSection: Bool
  /// For removals: a reload rather than a delete.
  var isReload = false

  static func item(_ path: ItemPath, reload: Bool = false) -> WalkEntry {
    WalkEntry(path: path, isSection: false, isReload: reload)
  }

  static func section(_ section: Int, reload: Bool = false) -> WalkEntry {
    WalkEntry(path: ItemPath(section: section, item: .max), isSection: true, isReload: reload)
  }

  /// Path order; a section after its items; a delete before a reload.
  static func < (a: WalkEntry, b: WalkEntry) -> Bool {
    if a.path != b.path { return a.path < b.path }
    if a.isSection != b.isSection { return !a.isSection }
    return !a.isReload && b.isReload
  }
}

/// Checks a recorded batch against UIKit's rules and turns it into global
/// indexes. Nothing here touches the collection: a batch that fails leaves no
/// trace.
///
/// The checks run in UIKit's order, so that a batch breaking several rules
/// reports what UIKit would crash with:
///
/// 1. index paths of the wrong shape;
/// 2. **index ranges**: deletes and reloads of items and sections
///    (descending, against the counts before the update), inserts
///    (ascending, against the counts after it), then moves (ascending by
///    source, both ends) — a section's change coming after its items' in each
///    walk, as UIKit sorts it;
/// 3. **conflicts between index paths**: reloads of deleted items or
///    sections (ascending), then in the same walks as the ranges a path
///    deleted twice, a section or item deleted and moved, an item moved out
///    of or changed in a deleted section, a path inserted twice, a section or
///    item inserted and moved to, an item moved into or inserted into an
///    inserted section, a section or item moved to two places or two moved
///    to one;
/// 4. **the section-count equation**, then **the item-count equation**,
///    section by section (ascending, by index after the update).
///
/// The evidence for ranges before counts is UIKit's own crash logs: "attempt
/// to insert item 0 into section 0, but there are only 0 items in section 0
/// after the update" is reported for batches in which the count equation
/// cannot hold either (after = 0 with an insert never balances), so UIKit
/// validates ranges first. Conflicts are found while UIKit prepares its
/// update items, before it compares counts, hence their place between the
/// two. The section walks and the section sentences follow UIKit's
/// `-[UICollectionView _endItemAnimations]` as its macOS port (UXKit) is
/// reconstructed in public reverse-engineering notes; the section count is
/// compared there after all the walks, just before the item counts.
enum BatchValidator {
  /// A move, both ends as plain paths.
  typealias Move = (from: ItemPath, to: ItemPath)

  /// Validates `batch` for a collection whose sections held `oldCounts`
  /// items and, by the data source, now hold `newCounts`.
  ///
  /// - Complexity: O(*k* log *k* + *s*) for *k* changes in *s* sections,
  ///   plus O(*m*) for the *m* items of sections deleted, inserted, reloaded
  ///   or moved as a whole.
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
    let items = ItemChanges(batch)
    let sections = SectionChanges(batch)

    // Deletes and reloads, descending; a section after its items, a delete
    // before a reload of the same path. A reload is a delete as far as
    // UIKit's checks go, which is why its messages say "delete".
    let removals = (items.deletes.map { WalkEntry.item($0) }
      + items.reloads.map { WalkEntry.item($0, reload: true) }
      + sections.deletes.map { WalkEntry.section($0) }
      + sections.reloads.map { WalkEntry.section($0, reload: true) })
      .sorted { $1 < $0 }
    let inserts = (items.inserts.map { WalkEntry.item($0) } + sections.inserts.map { WalkEntry.section($0) })
      .sorted()

    try checkRanges(
      removals: removals, inserts: inserts, items: items, sections: sections,
      oldCounts: oldCounts, newCounts: newCounts)
    let accepted = try checkConflicts(
      removals: removals, inserts: inserts, items: items, sections: sections)
    return try BatchPlan.make(
      items: ItemChanges(items, moves: accepted.itemMoves),
      sections: SectionChanges(sections, moves: accepted.sectionMoves),
      oldCounts: oldCounts, newCounts: newCounts)
  }

  /// Every index path and section against the counts it is read with:
  /// deletes and reloads (`removals`, descending) before the update, inserts
  /// (ascending) after it, moves (ascending by source) at both ends.
  private static func checkRanges(
    removals: [WalkEntry], inserts: [WalkEntry], items: ItemChanges, sections: SectionChanges,
    oldCounts: [Int], newCounts: [Int]
  ) throws(BatchUpdateError) {
    try checkRemovalRanges(removals, oldCounts: oldCounts)
    try checkInsertRanges(inserts, newCounts: newCounts)
    try checkMoveRanges(movesInWalkOrder(items: items, sections: sections), oldCounts: oldCounts, newCounts: newCounts)
  }

  /// Deletes and reloads against the counts before the update.
  private static func checkRemovalRanges(_ removals: [WalkEntry], oldCounts: [Int]) throws(BatchUpdateError) {
    let before = oldCounts.count
    for entry in removals {
      let path = entry.path
      if entry.isSection {
        guard path.section >= 0 && path.section < before else {
          throw entry.isReload
            ? .sectionReloadOutOfRange(path.section, sectionCountBefore: before)
            : .sectionDeleteOutOfRange(path.section, sectionCountBefore: before)
        }
        continue
      }
      guard path.section >= 0 && path.section < before else {
        throw entry.isReload
          ? .reloadSectionOutOfRange(path.indexPath, sectionCountBefore: before)
          : .deleteSectionOutOfRange(path.indexPath, sectionCountBefore: before)
      }
      let count = oldCounts[path.section]
      guard path.item >= 0 && path.item < count else {
        throw entry.isReload
          ? .reloadOutOfRange(path.indexPath, itemCountBefore: count)
          : .deleteOutOfRange(path.indexPath, itemCountBefore: count)
      }
    }
  }

  /// Inserts against the counts after the update.
  private static func checkInsertRanges(_ inserts: [WalkEntry], newCounts: [Int]) throws(BatchUpdateError) {
    let after = newCounts.count
    for entry in inserts {
      let path = entry.path
      guard path.section >= 0 && path.section < after else {
        throw entry.isSection
          ? .sectionInsertOutOfRange(path.section, sectionCountAfter: after)
          : .insertSectionOutOfRange(path.indexPath, sectionCountAfter: after)
      }
      guard entry.isSection || (path.item >= 0 && path.item < newCounts[path.section]) else {
        throw .insertOutOfRange(path.indexPath, itemCountAfter: newCounts[path.section])
      }
    }
  }

  /// Moves: sources against the counts before, destinations after.
  private static func checkMoveRanges(_ moves: [MoveEntry], oldCounts: [Int], newCounts: [Int])
    throws(BatchUpdateError)
  {
    let (before, after) = (oldCounts.count, newCounts.count)
    for entry in moves {
      switch entry {
      case .section(let from, let to):
        guard from >= 0 && from < before else {
          throw .sectionMoveSourceOutOfRange(from, sectionCountBefore: before)
        }
        guard to >= 0 && to < after else {
          throw .sectionMoveDestinationOutOfRange(from: from, to: to, sectionCountAfter: after)
        }
      case .item(let from, let to):
        guard from.section >= 0 && from.section < before else {
          throw .moveSourceSectionOutOfRange(from: from.indexPath, sectionCountBefore: before)
        }
        guard from.item >= 0 && from.item < oldCounts[from.section] else {
          throw .moveSourceOutOfRange(from: from.indexPath, itemCountBefore: oldCounts[from.section])
        }
        guard to.section >= 0 && to.section < after else {
          throw .moveDestinationSectionOutOfRange(
            from: from.indexPath, to: to.indexPath, sectionCountAfter: after)
        }
        guard to.item >= 0 && to.item < newCounts[to.section] else {
          throw .moveDestinationOutOfRange(
            from: from.indexPath, to: to.indexPath, itemCountAfter: newCounts[to.section])
        }
      }
    }
  }

  /// A move of either kind, as UIKit walks them.
  enum MoveEntry {
    case item(from: ItemPath, to: ItemPath)
    case section(from: Int, to: Int)

    var key: WalkEntry {
      switch self {
      case .item(let from, _): return .item(from)
      case .section(let from, _): return .section(from)
      }
    }
  }

  /// Item and section moves, ascending by source (a section after its
  /// items), ties by destination.
  static func movesInWalkOrder(items: ItemChanges, sections: SectionChanges) -> [MoveEntry] {
    let all = items.moves.map { MoveEntry.item(from: $0.from, to: $0.to) }
      + sections.moves.map { MoveEntry.section(from: $0.from, to: $0.to) }
    return all.enumerated().sorted { a, b in
      let (ka, kb) = (a.element.key, b.element.key)
      return ka < kb || (!(kb < ka) && a.offset < b.offset)
    }.map(\.element)
  }

  /// The rules between index paths and sections, for a batch whose paths are
  /// all in range. Returns the moves to perform: an exact repeat of a move
  /// says nothing new and is dropped, as UIKit does.
  private static func checkConflicts(
    removals: [WalkEntry], inserts: [WalkEntry], items: ItemChanges, sections: SectionChanges
  ) throws(BatchUpdateError) -> (itemMoves: [Move], sectionMoves: [(from: Int, to: Int)]) {
    let deleted = Set(items.deletes)
    let moveSources = Set(items.moves.map(\.from))
    let moveDestinations = Set(items.moves.map(\.to))
    let movedOutOfSections = Set(items.moves.map(\.from.section))
    let movedIntoSections = Set(items.moves.map(\.to.section))
    let sectionMoveSources = Set(sections.moves.map(\.from))
    let sectionMoveDestinations = Set(sections.moves.map(\.to))
    let deletedSections = Set(sections.deletes)
    let goneSections = deletedSections.union(sections.reloads)
    let insertedSections = Set(sections.inserts)

    // Reloads of deleted items and sections, ascending.
    let reloads = (items.reloads.map { WalkEntry.item($0) } + sections.reloads.map { WalkEntry.section($0) })
      .sorted()
    for entry in reloads {
      if entry.isSection {
        if deletedSections.contains(entry.path.section) { throw .sectionReloadOfDeleted(entry.path.section) }
      } else if deleted.contains(entry.path) {
        throw .reloadOfDeletedItem(entry.path.indexPath)
      }
    }

    var previous: WalkEntry?
    for entry in removals {
      defer { previous = entry }
      let path = entry.path
      if entry.isSection {
        if sectionMoveSources.contains(path.section) { throw .sectionDeleteAndMove(path.section) }
        if movedOutOfSections.contains(path.section) { throw .moveFromDeletedSection(path.section) }
        continue
      }
      if goneSections.contains(path.section) { throw .changeInDeletedSection(path.indexPath) }
      if let previous, !previous.isSection, previous.path == path {
        if !entry.isReload && !previous.isReload { throw .duplicateDelete(path.indexPath) }
        continue  // a second reload of the same item asks nothing new
      }
      if moveSources.contains(path) {
        throw entry.isReload ? .reloadOfMovedItem(path.indexPath) : .deleteAndMove(path.indexPath)
      }
    }
    var previousInsert: ItemPath?
    for entry in inserts {
      let path = entry.path
      if entry.isSection {
        if sectionMoveDestinations.contains(path.section) { throw .sectionInsertAndMove(path.section) }
        if movedIntoSections.contains(path.section) { throw .moveIntoInsertedSection(path.section) }
        continue
      }
      defer { previousInsert = path }
      if insertedSections.contains(path.section) { throw .insertIntoInsertedSection(path.indexPath) }
      if path == previousInsert { throw .duplicateInsert(path.indexPath) }
      if moveDestinations.contains(path) { throw .insertAndMove(path.indexPath) }
    }
    return try acceptedMoves(movesInWalkOrder(items: items, sections: sections))
  }

  /// The moves without exact repeats, after checking that no source moves
  /// to two places and no two sources move to one.
  private static func acceptedMoves(_ moves: [MoveEntry]) throws(BatchUpdateError)
    -> (itemMoves: [Move], sectionMoves: [(from: Int, to: Int)])
  {
    var itemMoves: [Move] = []
    var itemDestinations: [ItemPath: ItemPath] = [:]
    var sectionMoves: [(from: Int, to: Int)] = []
    var sectionDestinations: [Int: Int] = [:]
    for move in moves {
      switch move {
      case .item(let from, let to):
        if let last = itemMoves.last, last.from == from {
          if last.to == to { continue }
          throw .moveFromSameIndexPath(from.indexPath, to: last.to.indexPath, and: to.indexPath)
        }
        if let other = itemDestinations[to] {
          throw .moveToSameIndexPath(other.indexPath, and: from.indexPath, to: to.indexPath)
        }
        itemDestinations[to] = from
        itemMoves.append((from, to))
      case .section(let from, let to):
        if let last = sectionMoves.last, last.from == from {
          if last.to == to { continue }
          throw .sectionMoveToTwoPlaces(from, to: last.to, and: to)
        }
        if let other = sectionDestinations[to] { throw .sectionsMoveToSamePlace(other, and: from, to: to) }
        sectionDestinations[to] = from
        sectionMoves.append((from, to))
      }
    }
    return (itemMoves, sectionMoves)
  }
}

/// A batch's item changes as plain paths.
struct ItemChanges {
  var deletes: [ItemPath]
  var inserts: [ItemPath]
  var reloads: [ItemPath]
  /// Ascending by source, then destination.
  var moves: [BatchValidator.Move]

  init(_ batch: BatchChanges) {
    deletes = batch.deletes.map(ItemPath.init)
    inserts = batch.inserts.map(ItemPath.init)
    reloads = batch.reloads.map(ItemPath.init)
    moves = batch.moves.map { (from: ItemPath($0.from), to: ItemPath($0.to)) }
      .sorted { (a: BatchValidator.Move, b: BatchValidator.Move) in
        a.from < b.from || (a.from == b.from && a.to < b.to)
      }
  }

  /// `changes` with `moves` in place of its own.
  init(_ changes: ItemChanges, moves: [BatchValidator.Move]) {
    self = changes
    self.moves = moves
  }
}

/// A batch's section changes.
struct SectionChanges {
  /// Ascending.
  var deletes: [Int]
  var inserts: [Int]
  var reloads: [Int]
  /// In the order announced (the validator sorts them for its walk).
  var moves: [(from: Int, to: Int)]

  init(_ batch: BatchChanges) {
    deletes = Array(batch.sectionDeletes)
    inserts = Array(batch.sectionInserts)
    reloads = Array(batch.sectionReloads)
    moves = batch.sectionMoves
  }

  /// `changes` with `moves` in place of its own.
  init(_ changes: SectionChanges, moves: [(from: Int, to: Int)]) {
    self = changes
    self.moves = moves
  }

  var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && reloads.isEmpty && moves.isEmpty }
}
