import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Clients that change the collection from inside its callbacks: scrolling,
/// batches and invalidations from `willDisplay`, `didEndDisplaying`,
/// `scrollViewDidScroll`, `collectionViewDidLayout` and `cellForItemAt`. When
/// the dust settles the collection must be exactly what a fresh load shows,
/// with display callbacks that describe the visible cells.
@MainActor
@Suite struct ReentrancyTests {
  @MainActor
  final class Meddler: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
    var items: [Int]
    var sizes: [Int: CGSize]
    var generator: SeededGenerator
    var nextID = 1_000
    var depth = 0
    var meddles = 0
    var displayed: [ObjectIdentifier: Int] = [:]  // cell -> item
    var problems: [String] = []
    var rate = 0.15

    init(items: [Int], sizes: [Int: CGSize], seed: UInt64) {
      self.items = items
      self.sizes = sizes
      generator = SeededGenerator(seed: seed)
    }

    /// A batch that must be valid: a rejection is a problem to report.
    func batch(_ collection: CollectionView, _ updates: @escaping () -> Void) {
      do {
        try collection.performBatchUpdates(updates)
        batches += 1
      } catch {
        problems.append("rejected: \(error)")
      }
    }

    var batches = 0

    /// Now and then, change something, at most a few levels deep.
    func meddle(_ collection: CollectionView) {
      guard depth < 3, meddles < 60, Double.random(in: 0..<1, using: &generator) < rate else { return }
      depth += 1
      meddles += 1
      defer { depth -= 1 }
      switch Int.random(in: 0..<5, using: &generator) {
      case 0:
        let length = collection.contentSize.height
        collection.setContentOffset(
          CGPoint(x: 0, y: CGFloat.random(in: 0...max(1, length), using: &generator)), animated: false)
      case 1:
        let id = nextID
        nextID += 1
        sizes[id] = CGSize(width: 10, height: CGFloat(Int.random(in: 1...3, using: &generator)))
        let seed = generator.next()
        // Indexes are chosen inside the batch: the layout that opens it may
        // run callbacks that change the items first.
        batch(collection) {
          let at = Int(seed % UInt64(self.items.count + 1))
          self.items.insert(id, at: at)
          collection.insertItems(at: [ip(at)])
        }
      case 2:
        let seed = generator.next()
        batch(collection) {
          guard !self.items.isEmpty else { return }
          let at = Int(seed % UInt64(self.items.count))
          self.items.remove(at: at)
          collection.deleteItems(at: [ip(at)])
        }
      case 3:
        let seed = generator.next()
        batch(collection) {
          guard self.items.count > 1 else { return }
          let from = Int(seed % UInt64(self.items.count))
          let to = Int((seed >> 32) % UInt64(self.items.count))
          self.items.insert(self.items.remove(at: from), at: to)
          collection.moveItem(at: ip(from), to: ip(to))
        }
      default:
        guard !items.isEmpty else { return }
        let at = Int.random(in: 0..<items.count, using: &generator)
        sizes[items[at]] = CGSize(width: 10, height: CGFloat(Int.random(in: 1...3, using: &generator)))
        collection.invalidateLayout(forItemsAt: [ip(at)])
      }
    }

    func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
      items.count
    }
    func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
      -> CollectionViewCell
    {
      let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
      cell.label = "#\(items[indexPath.item])"
      meddle(collectionView)
      return cell
    }
    func collectionView(
      _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
      sizeForItemAt indexPath: IndexPath
    ) -> CGSize { sizes[items[indexPath.item]]! }
    func collectionView(
      _ collectionView: CollectionView, willDisplay cell: CollectionViewCell, forItemAt indexPath: IndexPath
    ) {
      if displayed.updateValue(items[indexPath.item], forKey: ObjectIdentifier(cell)) != nil {
        problems.append("willDisplay twice")
      }
      meddle(collectionView)
    }
    func collectionView(
      _ collectionView: CollectionView, didEndDisplaying cell: CollectionViewCell,
      forItemAt indexPath: IndexPath
    ) {
      if displayed.removeValue(forKey: ObjectIdentifier(cell)) == nil {
        problems.append("didEndDisplaying without willDisplay")
      }
      meddle(collectionView)
    }
    func scrollViewDidScroll(_ collectionView: CollectionView) { meddle(collectionView) }
    func collectionViewDidLayout(_ collectionView: CollectionView) { meddle(collectionView) }
  }

  @Test func changesFromCallbacksSettleConsistently() {
    var totalMeddles = 0
    var totalBatches = 0
    for seed in UInt64(0)..<400 {
      var generator = SeededGenerator(seed: seed &+ 77)
      let count = Int.random(in: 0...60, using: &generator)
      var sizes: [Int: CGSize] = [:]
      for id in 0..<count { sizes[id] = CGSize(width: 10, height: CGFloat(Int.random(in: 1...3, using: &generator))) }
      let meddler = Meddler(items: Array(0..<count), sizes: sizes, seed: seed)
      let layout = CollectionViewFlowLayout()
      layout.minimumLineSpacing = 0
      let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 10, height: 8), collectionViewLayout: layout)
      collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
      collection.dataSource = meddler
      collection.delegate = meddler
      // Meddling in 16 passes in a row is a layout that does not settle,
      // reported as such; the layout without meddling below finishes it.
      collection.misuseHandler = { misuse in
        #expect(misuse.problem.hasPrefix("the layout did not settle"), "seed \(seed): \(misuse)")
      }
      for step in 0..<8 {
        meddler.rate = 1
        meddler.meddle(collection)  // a top-level change, which may cascade
        meddler.rate = 0.15
        collection.layoutIfNeeded()
        // Let the dust settle without more meddling, then compare.
        meddler.rate = 0
        collection.layoutIfNeeded()
        let context = "seed \(seed) step \(step)"
        #expect(meddler.problems.isEmpty, "\(context): \(meddler.problems)")
        #expect(collection.numberOfItems(inSection: 0) == meddler.items.count, "\(context)")
        let visible = collection.indexPathsForVisibleItems
        for path in visible {
          let cell = collection.cellForItem(at: path) as! LabelCell
          #expect(cell.label == "#\(meddler.items[path.item])", "\(context)")
          #expect(meddler.displayed[ObjectIdentifier(cell)] == meddler.items[path.item], "\(context)")
        }
        #expect(meddler.displayed.count == visible.count, "\(context)")

        let fresh = Meddler(items: meddler.items, sizes: meddler.sizes, seed: 0)
        fresh.rate = 0
        let freshLayout = CollectionViewFlowLayout()
        freshLayout.minimumLineSpacing = 0
        let reference = CollectionView(frame: collection.frame, collectionViewLayout: freshLayout)
        reference.register(LabelCell.self, forCellWithReuseIdentifier: "label")
        reference.dataSource = fresh
        reference.delegate = fresh
        reference.setContentOffset(collection.contentOffset, animated: false)
        #expect(reference.contentOffset == collection.contentOffset, "\(context)")
        #expect(reference.renderText() == collection.renderText(), "\(context)")
        #expect(reference.indexPathsForVisibleItems == visible, "\(context)")
        let frames = (0..<meddler.items.count).map { collection.layoutAttributesForItem(at: ip($0))!.frame }
        let freshFrames = (0..<fresh.items.count).map { reference.layoutAttributesForItem(at: ip($0))!.frame }
        #expect(frames == freshFrames, "\(context)")
        withExtendedLifetime(fresh) {}
        if !meddler.problems.isEmpty || frames != freshFrames { return }
      }
      totalMeddles += meddler.meddles
      totalBatches += meddler.batches
    }
    // The callbacks really did change things, many times over.
    #expect(totalMeddles > 2_000)
    #expect(totalBatches > 1_000)
  }
}
