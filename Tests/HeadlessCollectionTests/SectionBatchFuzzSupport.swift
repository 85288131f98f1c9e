import Foundation
import HeadlessCollection
import TestSupport

/// A random batch over several sections, section operations included, drawn
/// as UIKit documents a batch: deletes and reloads name indexes before the
/// update, inserts and moves name indexes after it. It carries the model the
/// data source reports afterwards, built by construction, and
/// ``replay(_:)`` rebuilds that model from the operations alone, as an
/// independent check of both.
struct SectionBatch {
  var sectionDeletes: [Int] = []
  var sectionReloads: [Int] = []
  var sectionInserts: [Int] = []
  var sectionMoves: [(from: Int, to: Int)] = []
  var deletes: [IndexPath] = []
  var reloads: [IndexPath] = []
  var inserts: [IndexPath] = []
  var moves: [(from: IndexPath, to: IndexPath)] = []
  /// The model after the update.
  var new: [[Int]] = []
  /// The items whose sizes the collection must ask: inserted and reloaded
  /// items, and every item of an inserted or reloaded section.
  var sized: Set<Int> = []
  /// For each new section, the old one it continues, or nil.
  var sourceOfNew: [Int?] = []

  /// Draws a batch for `old`, numbering new items from `nextID`. One
  /// function, long, because its steps share the draws' bookkeeping:
  /// sections (deleted, reloaded, moved, staying), their places after the
  /// update, then items of the surviving sections and their places.
  static func random(
    old: [[Int]], nextID: inout Int, using generator: inout SeededGenerator
  ) -> SectionBatch {
    var batch = SectionBatch()
    func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &generator) < p }
    func fresh(_ count: Int) -> [Int] {
      (0..<count).map { _ in
        defer { nextID += 1 }
        return nextID
      }
    }
    // Sections: each old one is deleted, reloaded, moved or stays.
    var staying: [Int] = []  // old sections that keep their place among the survivors
    var moving: [Int] = []
    for section in old.indices {
      if chance(0.12) {
        batch.sectionDeletes.append(section)
      } else if chance(0.1) {
        batch.sectionReloads.append(section)
        staying.append(section)
      } else if chance(0.15) {
        moving.append(section)
      } else {
        staying.append(section)
      }
    }
    let insertedCount = chance(0.5) ? Int.random(in: 0...2, using: &generator) : 0
    let newCount = staying.count + moving.count + insertedCount
    // Places after the update: inserted and moved sections take random
    // distinct places, the staying ones fill the rest in order.
    var places = Array(0..<newCount).shuffled(using: &generator)
    let insertedPlaces = Array(places.prefix(insertedCount)).sorted()
    places.removeFirst(insertedCount)
    let movedPlaces = Array(places.prefix(moving.count))
    var source: [Int?] = Array(repeating: nil, count: newCount)
    var isFresh = Array(repeating: false, count: newCount)
    for place in insertedPlaces { isFresh[place] = true }
    for (section, place) in zip(moving, movedPlaces) {
      source[place] = section
      batch.sectionMoves.append((section, place))
    }
    var remaining = staying.makeIterator()
    for place in 0..<newCount where !isFresh[place] && source[place] == nil {
      let section = remaining.next()!
      source[place] = section
      if batch.sectionReloads.contains(section) { isFresh[place] = true }
    }
    batch.sectionInserts = insertedPlaces
    batch.sourceOfNew = (0..<newCount).map { isFresh[$0] ? nil : source[$0] }

    // Items of surviving sections: deleted, reloaded, moved or staying.
    var survivors: [Int: [Int]] = [:]  // old section -> staying ids
    var incoming: [(id: Int, from: IndexPath?)] = []
    var newByID: [Int: IndexPath] = [:]
    let survivingOld = batch.sourceOfNew.compactMap { $0 }
    for section in survivingOld {
      var kept: [Int] = []
      for (item, id) in old[section].enumerated() {
        let path = IndexPath(item: item, section: section)
        if chance(0.12) {
          batch.deletes.append(path)
        } else if chance(0.12) {
          incoming.append((id, path))
        } else {
          if chance(0.08) {
            batch.reloads.append(path)
            batch.sized.insert(id)
          }
          kept.append(id)
        }
      }
      survivors[section] = kept
    }
    for id in fresh(chance(0.6) ? Int.random(in: 0...5, using: &generator) : 0) {
      incoming.append((id, nil))
    }
    // Incoming items pick a surviving new section; each section then places
    // its incoming items at random places and its survivors in the rest.
    let targets = (0..<newCount).filter { batch.sourceOfNew[$0] != nil }
    var arriving: [Int: [(id: Int, from: IndexPath?)]] = [:]
    if !targets.isEmpty {
      for entry in incoming { arriving[targets.randomElement(using: &generator)!, default: []].append(entry) }
    }
    batch.new = Array(repeating: [], count: newCount)
    for section in 0..<newCount {
      guard let old = batch.sourceOfNew[section] else {
        let items = fresh(Int.random(in: 0...6, using: &generator))
        batch.sized.formUnion(items)
        batch.new[section] = items
        continue
      }
      let coming = arriving[section] ?? []
      let kept = survivors[old] ?? []
      let length = kept.count + coming.count
      let spots = Set(Array(0..<length).shuffled(using: &generator).prefix(coming.count))
      var keptIterator = kept.makeIterator()
      var comingIterator = coming.shuffled(using: &generator).makeIterator()
      for place in 0..<length {
        let path = IndexPath(item: place, section: section)
        if spots.contains(place) {
          let entry = comingIterator.next()!
          batch.new[section].append(entry.id)
          newByID[entry.id] = path
          if let from = entry.from {
            batch.moves.append((from, path))
          } else {
            batch.inserts.append(path)
            batch.sized.insert(entry.id)
          }
        } else {
          batch.new[section].append(keptIterator.next()!)
        }
      }
    }
    // Items that found no section (every section left) are simply dropped.
    let placed = Set(newByID.keys)
    for entry in incoming where entry.from != nil && !placed.contains(entry.id) {
      batch.deletes.append(entry.from!)
    }
    batch.deletes.shuffle(using: &generator)
    batch.moves.shuffle(using: &generator)
    batch.sectionMoves.shuffle(using: &generator)
    return batch
  }

  /// Announces the batch to `collection`.
  @MainActor func announce(to collection: CollectionView) {
    collection.deleteSections(IndexSet(sectionDeletes))
    collection.insertSections(IndexSet(sectionInserts))
    collection.reloadSections(IndexSet(sectionReloads))
    for move in sectionMoves { collection.moveSection(move.from, toSection: move.to) }
    collection.deleteItems(at: deletes)
    collection.insertItems(at: inserts)
    collection.reloadItems(at: reloads)
    for move in moves { collection.moveItem(at: move.from, to: move.to) }
  }

  /// The model after the update, from `old` and the operations alone, in
  /// UIKit's documented order: deletes and reloads on the old indexes, then
  /// inserts and moves on the new ones. Items of inserted and reloaded
  /// sections, and inserted items, are what the data source reports there.
  func replay(_ old: [[Int]]) -> [[Int]] {
    // On the old indexes: what leaves.
    let deletedSections = Set(sectionDeletes)
    let reloadedSections = Set(sectionReloads)
    let movedSections = Dictionary(uniqueKeysWithValues: sectionMoves.map { ($0.from, $0.to) })
    let leavingItems = Set(deletes + moves.map(\.from))
    var kept: [[Int]] = old.enumerated().map { section, items in
      items.enumerated().filter { !leavingItems.contains(IndexPath(item: $0.offset, section: section)) }
        .map(\.element)
    }
    let movedItems = Dictionary(
      uniqueKeysWithValues: moves.map { ($0.to, old[$0.from.section][$0.from.item]) })
    // On the new indexes: sections placed, then items.
    let count = old.count - sectionDeletes.count + sectionInserts.count
    var result: [[Int]?] = Array(repeating: nil, count: count)
    for section in sectionInserts { result[section] = new[section] }
    for (from, to) in movedSections { result[to] = kept[from] }
    var stayingOld = old.indices.filter { !deletedSections.contains($0) && movedSections[$0] == nil }
      .makeIterator()
    for section in 0..<count where result[section] == nil {
      let from = stayingOld.next()!
      result[section] = reloadedSections.contains(from) ? new[section] : kept[from]
    }
    kept = result.map { $0! }
    for path in (inserts + moves.map(\.to)).sorted() {
      kept[path.section].insert(movedItems[path] ?? new[path.section][path.item], at: path.item)
    }
    return kept
  }
}
