import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// A model of distinct integer items with sizes, in one or more sections,
/// for random batches; it records which sizes and cells were asked for.
@MainActor
final class SizedModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var sections: [[Int]]
  var sizes: [Int: CGSize]
  var sizeRequests: [IndexPath] = []
  var cellRequests: [IndexPath] = []

  init(sections: [[Int]], sizes: [Int: CGSize]) {
    self.sections = sections
    self.sizes = sizes
  }

  convenience init(items: [Int], sizes: [Int: CGSize]) {
    self.init(sections: [items], sizes: sizes)
  }

  /// The first section's items, for single-section cases.
  var items: [Int] {
    get { sections[0] }
    set { sections[0] = newValue }
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    cellRequests.append(indexPath)
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
    cell.label = "#\(sections[indexPath.section][indexPath.item])"
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    sizeRequests.append(indexPath)
    return sizes[sections[indexPath.section][indexPath.item]]!
  }
}

/// The settings one random case lays its collection out with.
struct LayoutSettings {
  var direction: CollectionViewFlowLayout.ScrollDirection
  var lineSpacing: CGFloat
  var interitemSpacing: CGFloat
  var sectionInset: EdgeInsets
  var contentInset: EdgeInsets

  /// Mostly small positive spacings; now and then negative ones, which make
  /// lines and sections overlap.
  static func random(using generator: inout SeededGenerator) -> LayoutSettings {
    let negative = Int.random(in: 0..<10, using: &generator) == 0
    func small() -> CGFloat { CGFloat(Int.random(in: (negative ? -3 : 0)...2, using: &generator)) }
    return LayoutSettings(
      direction: Bool.random(using: &generator) ? .vertical : .horizontal,
      lineSpacing: small(), interitemSpacing: small(),
      sectionInset: EdgeInsets(top: small(), left: small(), bottom: small(), right: small()),
      contentInset: EdgeInsets(top: small(), left: small(), bottom: small(), right: small()))
  }

  /// Scrolls `collection` to a random whole offset within its content
  /// along the scroll direction, so that updates happen away from the top.
  @MainActor func scrollSomewhere(_ collection: CollectionView, using generator: inout SeededGenerator) {
    let length = direction == .vertical ? collection.contentSize.height : collection.contentSize.width
    let offset = CGFloat(Int.random(in: 0...max(0, Int(length)), using: &generator))
    collection.setContentOffset(
      direction == .vertical ? CGPoint(x: 0, y: offset) : CGPoint(x: offset, y: 0), animated: false)
  }

  /// A collection laid out with these settings over `model`; `prepare`
  /// runs before the data source is set (to register more views, say).
  @MainActor func makeCollection(
    _ model: some CollectionViewDataSource & CollectionViewDelegateFlowLayout,
    prepare: (CollectionView) -> Void = { _ in }
  ) -> CollectionView {
    let layout = CollectionViewFlowLayout()
    layout.scrollDirection = direction
    layout.minimumLineSpacing = lineSpacing
    layout.minimumInteritemSpacing = interitemSpacing
    layout.sectionInset = sectionInset
    let collection = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 24, height: 12), collectionViewLayout: layout)
    collection.contentInset = contentInset
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    prepare(collection)
    collection.dataSource = model
    collection.delegate = model
    collection.reloadData()
    return collection
  }
}

/// One random change from an old order to a new one, expressed as UIKit
/// batch operations.
struct RandomEdit {
  var newItems: [Int]
  var deletes: [IndexPath] = []
  var inserts: [IndexPath] = []
  var moves: [(IndexPath, IndexPath)] = []
  var reloads: [IndexPath] = []
  var invalidations: [IndexPath] = []
  /// New sizes for invalidated and reloaded items.
  var newSizes: [Int: CGSize] = [:]
  var insertedItems: Set<Int> = []
  var movedItems: Set<Int> = []
  var reloadedItems: Set<Int> = []
  var invalidatedItems: Set<Int> = []

  static func randomSize(using generator: inout SeededGenerator) -> CGSize {
    CGSize(
      width: CGFloat(Int.random(in: 1...9, using: &generator)),
      height: CGFloat(Int.random(in: 1...3, using: &generator)))
  }

  /// A random edit of `old`, new items numbered from `nextID`.
  static func random(
    from old: [Int], nextID: inout Int, using generator: inout SeededGenerator
  ) -> RandomEdit {
    let deleteRate = Double.random(in: 0...0.3, using: &generator)
    let insertRate = Double.random(in: 0...0.3, using: &generator)
    let moveRate = Double.random(in: 0...0.2, using: &generator)
    var survivors = old.filter { _ in Double.random(in: 0..<1, using: &generator) >= deleteRate }
    // Moves: take some survivors out and put them back elsewhere.
    var moving: [Int] = []
    survivors.removeAll { item in
      let move = Double.random(in: 0..<1, using: &generator) < moveRate
      if move { moving.append(item) }
      return move
    }
    for item in moving {
      survivors.insert(item, at: Int.random(in: 0...survivors.count, using: &generator))
    }
    var newItems = survivors
    let insertCount = Int(Double(old.count + 1) * insertRate * Double.random(in: 0...1, using: &generator))
      + (Bool.random(using: &generator) ? 1 : 0)
    var inserted: Set<Int> = []
    for _ in 0..<insertCount {
      newItems.insert(nextID, at: Int.random(in: 0...newItems.count, using: &generator))
      inserted.insert(nextID)
      nextID += 1
    }

    var edit = RandomEdit(newItems: newItems, insertedItems: inserted)
    let oldIndex = Dictionary(uniqueKeysWithValues: old.enumerated().map { ($1, $0) })
    let newIndex = Dictionary(uniqueKeysWithValues: newItems.enumerated().map { ($1, $0) })
    edit.deletes = old.enumerated().filter { newIndex[$0.element] == nil }.map { ip($0.offset) }
    edit.inserts = newItems.enumerated().filter { inserted.contains($0.element) }.map { ip($0.offset) }

    // Survivors whose relative order changed need moves: everything outside a
    // longest run kept in order. Some kept items are moved anyway (a move to
    // where the item would land is still a valid move).
    let kept = old.filter { newIndex[$0] != nil }
    let stable = Set(longestIncreasingSubsequence(kept, by: { newIndex[$0]! }))
    for item in kept where !stable.contains(item) || Double.random(in: 0..<1, using: &generator) < 0.05 {
      edit.moves.append((ip(oldIndex[item]!), ip(newIndex[item]!)))
      edit.movedItems.insert(item)
    }
    // Reloads of items neither moved nor deleted; invalidations of any survivor.
    for item in kept where !edit.movedItems.contains(item) {
      if Double.random(in: 0..<1, using: &generator) < 0.05 {
        edit.reloads.append(ip(oldIndex[item]!))
        edit.reloadedItems.insert(item)
        edit.newSizes[item] = randomSize(using: &generator)
      }
    }
    for item in kept where Double.random(in: 0..<1, using: &generator) < 0.05 {
      edit.invalidations.append(ip(oldIndex[item]!))
      edit.invalidatedItems.insert(item)
      edit.newSizes[item] = randomSize(using: &generator)
    }
    edit.deletes.shuffle(using: &generator)
    edit.inserts.shuffle(using: &generator)
    edit.moves.shuffle(using: &generator)
    return edit
  }
}

/// The elements of a longest subsequence of `items` along which `key` increases.
func longestIncreasingSubsequence<T>(_ items: [T], by key: (T) -> Int) -> [T] {
  var tails: [Int] = []  // index into items of the smallest tail of each length
  var previous = Array(repeating: -1, count: items.count)
  for (index, item) in items.enumerated() {
    let value = key(item)
    var low = 0
    var high = tails.count
    while low < high {
      let mid = (low + high) / 2
      if key(items[tails[mid]]) < value { low = mid + 1 } else { high = mid }
    }
    if low > 0 { previous[index] = tails[low - 1] }
    if low == tails.count { tails.append(index) } else { tails[low] = index }
  }
  var result: [T] = []
  var index = tails.last ?? -1
  while index >= 0 {
    result.append(items[index])
    index = previous[index]
  }
  return result.reversed()
}

@MainActor
@Suite struct RandomBatchTests {
  /// Everything a collection shows that a fresh load of the same data must
  /// match exactly (sizes are whole points, so no rounding can differ).
  struct Observed: Equatable {
    var frames: [CGRect]
    var contentSize: CGSize
    var offset: CGPoint
    var visible: [IndexPath]
    var labels: [String]
    var text: String

    @MainActor init(_ collection: CollectionView) {
      let count = collection.numberOfItems(inSection: 0)
      frames = (0..<count).map { collection.layoutAttributesForItem(at: ip($0))!.frame }
      contentSize = collection.contentSize
      offset = collection.contentOffset
      visible = collection.indexPathsForVisibleItems
      labels = visible.map { (collection.cellForItem(at: $0) as! LabelCell).label }
      text = collection.renderText()
    }
  }

  /// The cells on screen, in order, and their frames.
  func shownCells(of collection: CollectionView) -> [ShownCell] {
    collection.visibleCells.map { ShownCell(cell: ObjectIdentifier($0), frame: $0.frame) }
  }

  struct ShownCell: Equatable {
    var cell: ObjectIdentifier
    var frame: CGRect
  }

  /// Runs `batches` random batches on a random list of up to `maxCount` items
  /// and checks each against the rules.
  func runCase(seed: UInt64, maxCount: Int, batches: Int) throws {
    var generator = SeededGenerator(seed: seed)
    let settings = LayoutSettings.random(using: &generator)
    var nextID = 0
    let count = Int.random(in: 0...maxCount, using: &generator)
    let items = (0..<count).map { _ in
      defer { nextID += 1 }
      return nextID
    }
    var sizes: [Int: CGSize] = [:]
    for item in items { sizes[item] = RandomEdit.randomSize(using: &generator) }
    let model = SizedModel(items: items, sizes: sizes)
    let collection = settings.makeCollection(model)

    for batch in 0..<batches {
      // Scroll somewhere first, so that updates happen away from the top too.
      settings.scrollSomewhere(collection, using: &generator)

      let old = model.items
      let visibleBefore = Dictionary(
        uniqueKeysWithValues: collection.indexPathsForVisibleItems.map {
          (old[$0.item], ObjectIdentifier(collection.cellForItem(at: $0)!))
        })
      let edit = RandomEdit.random(from: old, nextID: &nextID, using: &generator)
      for item in edit.insertedItems { model.sizes[item] = RandomEdit.randomSize(using: &generator) }
      model.sizeRequests = []
      model.cellRequests = []
      let context = "seed \(seed) batch \(batch)"
      let shownBefore = shownCells(of: collection)
      let generationBefore = collection.displayGeneration

      try collection.performBatchUpdates {
        model.items = edit.newItems
        for (item, size) in edit.newSizes { model.sizes[item] = size }
        collection.deleteItems(at: edit.deletes)
        collection.insertItems(at: edit.inserts)
        for (from, to) in edit.moves { collection.moveItem(at: from, to: to) }
        collection.reloadItems(at: edit.reloads)
        collection.invalidateLayout(forItemsAt: edit.invalidations)
      }

      // A display generation that stayed means the same cells show in the
      // same frames (what lets a viewer of the cells skip its pass)...
      collection.layoutIfNeeded()
      if collection.displayGeneration == generationBefore {
        #expect(shownCells(of: collection) == shownBefore, "\(context): display generation kept")
      }
      // The collection now has the new items in the new order...
      #expect(collection.numberOfItems(inSection: 0) == edit.newItems.count, "\(context)")
      for path in collection.indexPathsForVisibleItems {
        let label = (collection.cellForItem(at: path) as? LabelCell)?.label
        #expect(label == "#\(edit.newItems[path.item])", "\(context) at \(path.item)")
      }
      // ...asked sizes only of inserted, reloaded and invalidated items...
      let expectedSizeRequests = Set(
        edit.newItems.enumerated().filter {
          edit.insertedItems.contains($0.element) || edit.reloadedItems.contains($0.element)
            || edit.invalidatedItems.contains($0.element)
        }.map { ip($0.offset) })
      #expect(Set(model.sizeRequests) == expectedSizeRequests, "\(context)")
      #expect(model.sizeRequests.count == expectedSizeRequests.count, "\(context): asked twice")
      // ...kept the cells of moved and unchanged items and gave reloaded ones
      // fresh cells...
      for path in collection.indexPathsForVisibleItems {
        let item = edit.newItems[path.item]
        guard let before = visibleBefore[item] else { continue }
        let now = ObjectIdentifier(collection.cellForItem(at: path)!)
        if edit.reloadedItems.contains(item) {
          #expect(now != before, "\(context): reloaded #\(item) kept its cell")
        } else {
          #expect(now == before, "\(context): #\(item) lost its cell")
        }
      }
      // ...asked cells only for items that were not on screen or were reloaded...
      for path in model.cellRequests {
        let item = edit.newItems[path.item]
        #expect(visibleBefore[item] == nil || edit.reloadedItems.contains(item), "\(context): #\(item)")
      }
      // ...and lays out exactly like a fresh load of the same data.
      let freshModel = SizedModel(items: model.items, sizes: model.sizes)
      let fresh = settings.makeCollection(freshModel)
      fresh.setContentOffset(collection.contentOffset, animated: false)
      let observed = Observed(collection)
      let expected = Observed(fresh)
      #expect(observed.frames == expected.frames, "\(context)")
      #expect(observed.contentSize == expected.contentSize, "\(context)")
      #expect(observed.offset == expected.offset, "\(context)")
      #expect(observed.visible == expected.visible, "\(context)")
      #expect(observed.text == expected.text, "\(context)")
      withExtendedLifetime(freshModel) {}
      if observed != expected { return }
    }
  }

  @Test func thousandsOfSmallListsThroughSeveralBatches() throws {
    for seed in 0..<UInt64(2_000) {
      try runCase(seed: seed, maxCount: 40, batches: 4)
    }
  }

  @Test func longListsSpanningManyBlocks() throws {
    for seed in 10_000..<UInt64(10_060) {
      try runCase(seed: seed, maxCount: 5_000, batches: 3)
    }
  }
}
