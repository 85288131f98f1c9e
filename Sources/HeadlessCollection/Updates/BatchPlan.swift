/// The last steps of validation — the count equations — and the translation
/// of a batch whose paths and sections are consistent into a
/// ``ValidatedBatch`` in global item indexes.
enum BatchPlan {
  /// Checks the section count, places the sections, checks item changes
  /// against sections inserted by a reload, checks every surviving section's
  /// item count, and returns the batch in global indexes.
  ///
  /// - Complexity: O(*k* log *k* + *s*) for *k* changes in *s* sections,
  ///   plus O(*m*) for the *m* items of sections deleted, inserted, reloaded
  ///   or moved as a whole.
  static func make(
    items: ItemChanges, sections: SectionChanges, oldCounts: [Int], newCounts: [Int]
  ) throws(BatchUpdateError) -> ValidatedBatch {
    let inserted = sections.inserts.count + sections.reloads.count
    let deleted = sections.deletes.count + sections.reloads.count
    if newCounts.count != oldCounts.count + inserted - deleted {
      throw .invalidNumberOfSections(
        after: newCounts.count, before: oldCounts.count, inserted: inserted, deleted: deleted)
    }
    let remap = sections.isEmpty ? nil : sectionRemap(sections, before: oldCounts.count, after: newCounts.count)
    let sourceOfNew = remap?.sourceOfNew
    // Old section -> new section, for surviving sections.
    var newSection = Array(0..<oldCounts.count) as [Int?]
    if let sourceOfNew {
      newSection = Array(repeating: nil, count: oldCounts.count)
      for (new, old) in sourceOfNew.enumerated() { if let old { newSection[old] = new } }
      // A reloaded section is new after the update: nothing may be inserted
      // into it or moved into it (inserted sections were checked already).
      for path in items.inserts where sourceOfNew[path.section] == nil {
        throw .insertIntoInsertedSection(path.indexPath)
      }
      for move in items.moves where sourceOfNew[move.to.section] == nil {
        throw .moveIntoInsertedSection(move.to.section)
      }
    }
    try checkItemCounts(items, newSection: newSection, sourceOfNew: sourceOfNew, oldCounts: oldCounts, newCounts: newCounts)
    return globalBatch(
      items: items, sectionMoves: sections.moves, remap: remap, newSection: newSection,
      oldCounts: oldCounts, newCounts: newCounts)
  }

  /// Where every section goes: deleted and reloaded sections leave, inserted
  /// sections and moved ones take their places, and the others (a reloaded
  /// section counted among them, as it keeps its place) fill the places left
  /// in their order. A reloaded section is then replaced by a new one where
  /// it landed. The section count must balance.
  ///
  /// - Complexity: O(*s* + *c* log *c*) for *c* section changes.
  static func sectionRemap(_ sections: SectionChanges, before: Int, after: Int) -> SectionRemap {
    func batch(removed: [Int], inserted: [Int]) -> ValidatedBatch {
      ValidatedBatch(
        oldCount: before, newCount: after, removedOld: removed.sorted(), insertedNew: inserted.sorted(),
        moves: sections.moves.map { (old: $0.from, new: $0.to) }.sorted { $0.old < $1.old },
        reloadedOld: [], sections: nil)
    }
    let sources = sections.moves.map(\.from)
    let destinations = sections.moves.map(\.to)
    // With the reloaded sections still in place, where they land...
    let keepingReloads = batch(removed: sections.deletes + sources, inserted: sections.inserts + destinations)
    let reloadedNew = sections.reloads.map { keepingReloads.newIndex(ofSurvivor: $0) }
    // ...and then as the delete and insert UIKit performs.
    let final = batch(
      removed: sections.deletes + sections.reloads + sources,
      inserted: sections.inserts + reloadedNew + destinations)
    var sourceOfNew: [Int?] = []
    sourceOfNew.reserveCapacity(after)
    var firstChanged = after
    for (new, origin) in final.origins.enumerated() {
      switch origin {
      case .survivor(let old), .moved(let old): sourceOfNew.append(old)
      case .inserted: sourceOfNew.append(nil)
      }
      if firstChanged == after && sourceOfNew[new] != new { firstChanged = new }
    }
    if firstChanged == after && before > after { firstChanged = after }
    return SectionRemap(sourceOfNew: sourceOfNew, firstChanged: firstChanged)
  }

  /// UIKit's count rule for every section that exists before and after the
  /// update (ascending by its index after): after = before + inserted -
  /// deleted + moved in - moved out. Inserts and moves in are counted where
  /// they land (index after), deletes and moves out where they left (index
  /// before); reloads count as an insert and a delete; a move counts as out
  /// and in only when it changes the item's section (not when only the
  /// section's index changed). An exact repeat of a move counts once, as it
  /// is performed once.
  private static func checkItemCounts(
    _ items: ItemChanges, newSection: [Int?], sourceOfNew: [Int?]?, oldCounts: [Int], newCounts: [Int]
  ) throws(BatchUpdateError) {
    var inserted = Array(repeating: 0, count: newCounts.count)
    var movedIn = Array(repeating: 0, count: newCounts.count)
    var deleted = Array(repeating: 0, count: oldCounts.count)
    var movedOut = Array(repeating: 0, count: oldCounts.count)
    for path in items.inserts { inserted[path.section] += 1 }
    for path in items.deletes { deleted[path.section] += 1 }
    for path in items.reloads {
      deleted[path.section] += 1
      if let new = newSection[path.section] { inserted[new] += 1 }
    }
    for move in items.moves where newSection[move.from.section] != move.to.section {
      movedOut[move.from.section] += 1
      movedIn[move.to.section] += 1
    }
    for new in 0..<newCounts.count {
      guard let old = sourceOfNew.map({ $0[new] }) ?? new else { continue }
      let expected = oldCounts[old] + inserted[new] - deleted[old] + movedIn[new] - movedOut[old]
      if newCounts[new] != expected {
        throw .invalidNumberOfItems(
          section: new, after: newCounts[new], before: oldCounts[old], inserted: inserted[new],
          deleted: deleted[old], movedIn: movedIn[new], movedOut: movedOut[old])
      }
    }
  }

  /// The batch in global item indexes: a deleted or reloaded section's items
  /// are removals, an inserted or reloaded section's items insertions, and
  /// the untouched items of a moved section moves, so that the survivors
  /// left keep their order.
  private static func globalBatch(
    items: ItemChanges, sectionMoves: [(from: Int, to: Int)], remap: SectionRemap?,
    newSection: [Int?], oldCounts: [Int], newCounts: [Int]
  ) -> ValidatedBatch {
    let oldStarts = starts(of: oldCounts)
    let newStarts = starts(of: newCounts)
    func old(_ path: ItemPath) -> Int { oldStarts[path.section] + path.item }
    func new(_ path: ItemPath) -> Int { newStarts[path.section] + path.item }
    var moves = items.moves.map { (old: old($0.from), new: new($0.to)) }
    var removed = items.deletes.map(old)
    var inserted = items.inserts.map(new)
    if let remap {
      for (section, target) in newSection.enumerated() where target == nil {
        removed += oldStarts[section]..<oldStarts[section + 1]
      }
      for (section, source) in remap.sourceOfNew.enumerated() where source == nil {
        inserted += newStarts[section]..<newStarts[section + 1]
      }
      moves += carriedItems(
        of: sectionMoves, items: items, oldStarts: oldStarts, newStarts: newStarts)
    }
    moves.sort { $0.old < $1.old }
    return ValidatedBatch(
      oldCount: oldStarts[oldCounts.count], newCount: newStarts[newCounts.count],
      removedOld: (removed + moves.map(\.old)).sorted(),
      insertedNew: (inserted + moves.map(\.new)).sorted(),
      moves: moves,
      reloadedOld: Array(Set(items.reloads.map(old))).sorted(),
      sections: remap)
  }

  /// The items a moved section carries: those of its items that are not
  /// deleted or moved themselves, in order, into the places of the section
  /// after the update that no insert or item move takes.
  ///
  /// - Complexity: O(*k* + the items of the moved sections).
  private static func carriedItems(
    of sectionMoves: [(from: Int, to: Int)], items: ItemChanges, oldStarts: [Int], newStarts: [Int]
  ) -> [(old: Int, new: Int)] {
    guard !sectionMoves.isEmpty else { return [] }
    let movedFrom = Set(sectionMoves.map(\.from))
    let movedTo = Set(sectionMoves.map(\.to))
    var leaving: [Int: [Int]] = [:]
    var taken: [Int: [Int]] = [:]
    for path in items.deletes where movedFrom.contains(path.section) { leaving[path.section, default: []].append(path.item) }
    for move in items.moves {
      if movedFrom.contains(move.from.section) { leaving[move.from.section, default: []].append(move.from.item) }
      if movedTo.contains(move.to.section) { taken[move.to.section, default: []].append(move.to.item) }
    }
    for path in items.inserts where movedTo.contains(path.section) { taken[path.section, default: []].append(path.item) }
    var result: [(old: Int, new: Int)] = []
    for (from, to) in sectionMoves {
      let gone = Set(leaving[from] ?? [])
      let busy = Set(taken[to] ?? [])
      var slot = 0
      for item in 0..<(oldStarts[from + 1] - oldStarts[from]) where !gone.contains(item) {
        while busy.contains(slot) { slot += 1 }
        result.append((oldStarts[from] + item, newStarts[to] + slot))
        slot += 1
      }
    }
    return result
  }

  /// The global index of each section's first item, and the total last.
  static func starts(of counts: [Int]) -> [Int] {
    var result = [0]
    result.reserveCapacity(counts.count + 1)
    for count in counts { result.append(result[result.count - 1] + count) }
    return result
  }
}
