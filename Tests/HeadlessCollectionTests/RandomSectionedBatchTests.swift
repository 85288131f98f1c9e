import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Random batches over several sections, moves across sections included,
/// checked against a fresh load of the same data.
@MainActor
@Suite struct RandomSectionedBatchTests {
  /// Where each item is, by id.
  static func paths(_ sections: [[Int]]) -> [Int: IndexPath] {
    var result: [Int: IndexPath] = [:]
    for (section, items) in sections.enumerated() {
      for (item, id) in items.enumerated() { result[id] = IndexPath(item: item, section: section) }
    }
    return result
  }

  func runCase(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let settings = LayoutSettings.random(using: &generator)
    var nextID = 0
    var sizes: [Int: CGSize] = [:]
    let sectionCount = Int.random(in: 1...4, using: &generator)
    let sections = (0..<sectionCount).map { _ in
      (0..<Int.random(in: 0...15, using: &generator)).map { _ in
        defer { nextID += 1 }
        sizes[nextID] = RandomEdit.randomSize(using: &generator)
        return nextID
      }
    }
    let model = SizedModel(sections: sections, sizes: sizes)
    let collection = settings.makeCollection(model)

    for batch in 0..<4 {
      let context = "seed \(seed) batch \(batch)"
      settings.scrollSomewhere(collection, using: &generator)

      let old = model.sections
      let oldPaths = Self.paths(old)
      var new = old.map { $0.filter { _ in Double.random(in: 0..<1, using: &generator) >= 0.2 } }
      // Move some survivors anywhere, their own section or another.
      var moving: [Int] = []
      for section in new.indices {
        new[section].removeAll { id in
          let move = Double.random(in: 0..<1, using: &generator) < 0.15
          if move { moving.append(id) }
          return move
        }
      }
      for id in moving {
        let section = Int.random(in: 0..<sectionCount, using: &generator)
        new[section].insert(id, at: Int.random(in: 0...new[section].count, using: &generator))
      }
      var inserted: Set<Int> = []
      for _ in 0..<Int.random(in: 0...6, using: &generator) {
        let section = Int.random(in: 0..<sectionCount, using: &generator)
        new[section].insert(nextID, at: Int.random(in: 0...new[section].count, using: &generator))
        model.sizes[nextID] = RandomEdit.randomSize(using: &generator)
        inserted.insert(nextID)
        nextID += 1
      }
      let newPaths = Self.paths(new)

      var deletes: [IndexPath] = []
      var inserts: [IndexPath] = []
      var moves: [(IndexPath, IndexPath)] = []
      var reloads: [IndexPath] = []
      var moved: Set<Int> = []
      var reloaded: Set<Int> = []
      for (id, path) in oldPaths where newPaths[id] == nil { deletes.append(path) }
      for id in inserted { inserts.append(newPaths[id]!) }
      for (section, items) in old.enumerated() {
        let staying = items.filter { newPaths[$0]?.section == section }
        let stable = Set(longestIncreasingSubsequence(staying, by: { newPaths[$0]!.item }))
        for id in items {
          guard let to = newPaths[id] else { continue }
          if to.section != section || !stable.contains(id) {
            moves.append((oldPaths[id]!, to))
            moved.insert(id)
          } else if Double.random(in: 0..<1, using: &generator) < 0.1 {
            reloads.append(oldPaths[id]!)
            reloaded.insert(id)
          }
        }
      }
      deletes.shuffle(using: &generator)
      moves.shuffle(using: &generator)

      let visibleBefore = Dictionary(
        uniqueKeysWithValues: collection.indexPathsForVisibleItems.map {
          (old[$0.section][$0.item], ObjectIdentifier(collection.cellForItem(at: $0)!))
        })
      model.sizeRequests = []
      try collection.performBatchUpdates {
        model.sections = new
        collection.deleteItems(at: deletes)
        collection.insertItems(at: inserts)
        for (from, to) in moves { collection.moveItem(at: from, to: to) }
        collection.reloadItems(at: reloads)
      }

      for section in 0..<sectionCount {
        #expect(collection.numberOfItems(inSection: section) == new[section].count, "\(context)")
      }
      #expect(
        Set(model.sizeRequests) == Set(inserted.union(reloaded).map { newPaths[$0]! }), "\(context)")
      for path in collection.indexPathsForVisibleItems {
        let id = new[path.section][path.item]
        let cell = collection.cellForItem(at: path) as! LabelCell
        #expect(cell.label == "#\(id)", "\(context)")
        if let before = visibleBefore[id] {
          #expect((ObjectIdentifier(cell) == before) == !reloaded.contains(id), "\(context) #\(id)")
        }
      }
      let freshModel = SizedModel(sections: model.sections, sizes: model.sizes)
      let fresh = settings.makeCollection(freshModel)
      fresh.setContentOffset(collection.contentOffset, animated: false)
      func frames(_ collection: CollectionView) -> [CGRect] {
        (0..<sectionCount).flatMap { section in
          (0..<collection.numberOfItems(inSection: section)).map {
            collection.layoutAttributesForItem(at: IndexPath(item: $0, section: section))!.frame
          }
        }
      }
      #expect(frames(collection) == frames(fresh), "\(context)")
      #expect(collection.contentSize == fresh.contentSize, "\(context)")
      #expect(collection.indexPathsForVisibleItems == fresh.indexPathsForVisibleItems, "\(context)")
      #expect(collection.renderText() == fresh.renderText(), "\(context)")
      withExtendedLifetime(freshModel) {}
    }
  }

  @Test func randomBatchesAcrossSections() throws {
    for seed in UInt64(0)..<1_500 {
      try runCase(seed: seed)
    }
  }
}
