import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// A data source that hands out one cell (and one header view) it keeps,
/// instead of dequeuing one per call: the misuse the collection must survive.
@MainActor
private final class HoardingModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var items: [String]
  var sectionCount = 1
  /// Return `kept` for every item (and `keptHeader` for every header)
  /// rather than dequeuing.
  var hoards = true
  var kept: LabelCell?
  var keptHeader: LabelView?

  init(_ items: [String]) { self.items = items }

  func numberOfSections(in collectionView: CollectionView) -> Int { sectionCount }

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    items.count
  }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    if hoards, let kept { return kept }
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
    cell.label = items[indexPath.item]
    if hoards { kept = cell }
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    if hoards, let keptHeader { return keptHeader }
    let view =
      collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "view", for: indexPath)
      as! LabelView
    view.label = (kind == CollectionView.elementKindSectionHeader ? "H" : "F") + "\(indexPath.section)"
    if hoards { keptHeader = view }
    return view
  }
}

@Suite("Misuse is reported and recovered from, never a crash")
@MainActor
struct MisuseRecoveryTests {
  private func makeCollection(_ model: HoardingModel, footer: Bool = false) -> (CollectionView, Box) {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    layout.itemSize = CGSize(width: 6, height: 1)
    if footer { layout.footerReferenceSize = CGSize(width: 6, height: 1) }
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 6, height: 4), collectionViewLayout: layout)
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collection.register(
      LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: "view")
    let box = Box()
    collection.misuseHandler = { box.reports.append($0) }
    collection.dataSource = model
    collection.delegate = model
    collection.layoutIfNeeded()
    return (collection, box)
  }

  final class Box {
    var reports: [CollectionViewMisuse] = []
  }

  @Test("a data source returning a cell that already shows another item gets a fresh cell for the item, and a report")
  func cellAlreadyShowingAnotherItem() throws {
    let model = HoardingModel((0..<10).map { "i\($0)" })
    let (collection, box) = makeCollection(model)
    // Every visible item has its own cell: the first the kept one, the
    // others new cells of its class with its reuse identifier.
    let cells = collection.visibleCells
    #expect(cells.count == 4)
    #expect(Set(cells.map(ObjectIdentifier.init)).count == 4)
    #expect(cells.first === model.kept)
    #expect(cells.allSatisfy { $0 is LabelCell && $0.reuseIdentifier == "label" })
    #expect(collection.indexPathsForVisibleItems == (0..<4).map { ip($0) })
    #expect(box.reports.count == 3)
    let report = try #require(box.reports.first)
    #expect(report.problem.contains("the item at [0, 1]"))
    #expect(report.problem.contains("already on screen"))
    #expect(report.description.hasPrefix("collection view misuse: "))
    // Nothing is lost while scrolling: every visible item keeps a cell.
    for offset in [3, 6, 2, 0] {
      collection.contentOffset = CGPoint(x: 0, y: offset)
      #expect(collection.visibleCells.count == 4)
      #expect(Set(collection.visibleCells.map(ObjectIdentifier.init)).count == 4)
      _ = collection.renderText()
    }
    // A data source that stops misbehaving is served as usual.
    model.hoards = false
    let reports = box.reports.count
    collection.reloadData()
    #expect(collection.renderText() == "i0    \ni1    \ni2    \ni3    ")
    #expect(box.reports.count == reports)
  }

  @Test("a data source returning a header or footer view already on screen gets a fresh view, and a report")
  func supplementaryViewAlreadyOnScreen() throws {
    // Two sections of one item and a footer each: four lines, all visible.
    let model = HoardingModel(["a"])
    model.sectionCount = 2
    let (collection, box) = makeCollection(model, footer: true)
    let footers = collection.visibleSupplementaryViews(ofKind: CollectionView.elementKindSectionFooter)
    #expect(footers.count == 2)
    #expect(Set(footers.map(ObjectIdentifier.init)).count == 2)
    #expect(footers.contains { $0 === model.keptHeader })
    #expect(footers.allSatisfy { $0 is LabelView && $0.reuseIdentifier == "view" })
    let footerReports = box.reports.filter { $0.problem.contains("UICollectionElementKindSectionFooter") }
    #expect(footerReports.count == 1)
    #expect(footerReports.first?.problem.contains("of section 1") == true)
    // The second item had the kept cell returned too: it got its own.
    #expect(Set(collection.visibleCells.map(ObjectIdentifier.init)).count == 2)
    #expect(box.reports.count == 2)
  }

  @Test("dequeuing an identifier never registered reports UIKit's message and hands out a plain cell")
  func unregisteredIdentifier() {
    let collection = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 10, height: 10), collectionViewLayout: CollectionViewFlowLayout())
    var reports: [CollectionViewMisuse] = []
    collection.misuseHandler = { reports.append($0) }
    let cell = collection.dequeueReusableCell(withReuseIdentifier: "nope", for: ip(0))
    #expect(type(of: cell) == CollectionViewCell.self)
    #expect(cell.reuseIdentifier == "nope")
    #expect(reports.count == 1)
    #expect(
      reports.first?.problem
        == "could not dequeue a view of kind: UICollectionElementKindCell with identifier nope - "
        + "must register a nib or a class for the identifier")
    let view = collection.dequeueReusableSupplementaryView(
      ofKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "nope", for: ip(0))
    #expect(type(of: view) == CollectionReusableView.self)
    #expect(reports.last?.problem.contains("of kind: UICollectionElementKindSectionHeader") == true)
  }
}

/// A delegate that invalidates an item's size after each of its first
/// `restlessPasses` layout passes: with no limit, a layout that never
/// settles.
@MainActor
private final class RestlessModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var restlessPasses = Int.max
  var passes = 0
  var height: CGFloat = 1

  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int { 3 }

  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath) -> CollectionViewCell {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
    cell.label = "item \(indexPath.item)"
    return cell
  }

  func collectionView(
    _ collectionView: CollectionView, layout: CollectionViewFlowLayout, sizeForItemAt indexPath: IndexPath
  ) -> CGSize {
    CGSize(width: 6, height: indexPath.item == 0 ? height : 1)
  }

  func collectionViewDidLayout(_ collectionView: CollectionView) {
    passes += 1
    guard passes <= restlessPasses else { return }
    height = height == 1 ? 2 : 1
    collectionView.invalidateLayout(forItemsAt: [IndexPath(item: 0, section: 0)])
  }

  /// A collection showing this model whose misuses land in `misuses`.
  func collection(reportingTo misuses: @escaping @MainActor (CollectionViewMisuse) -> Void) -> CollectionView {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 6, height: 4), collectionViewLayout: layout)
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    collection.misuseHandler = misuses
    collection.dataSource = self
    collection.delegate = self
    return collection
  }
}

@Suite("A layout that never settles")
@MainActor
struct UnsettledLayoutTests {
  @Test("is reported as a misuse, with the passes it ran, and the next call goes on")
  func reported() {
    let model = RestlessModel()
    var misuses: [CollectionViewMisuse] = []
    let collection = model.collection { misuses.append($0) }
    collection.layoutIfNeeded()
    #expect(model.passes == CollectionView.maximumLayoutPasses)
    #expect(misuses.count == 1)
    #expect(misuses.first?.problem.contains("during each of 16 layout passes in a row") == true)
    #expect(misuses.first?.recovery.contains("stopped after 16 passes") == true)
    // Settled: the next call lays out what was left and reports nothing.
    model.restlessPasses = 0
    collection.layoutIfNeeded()
    #expect(misuses.count == 1)
    #expect(collection.visibleCells.count == 3)
  }

  @Test("a layout that settles in its last allowed pass, or earlier, is not reported", arguments: [1, 8, 15])
  func settlesInTime(restlessPasses: Int) {
    let model = RestlessModel()
    model.restlessPasses = restlessPasses
    var misuses: [CollectionViewMisuse] = []
    let collection = model.collection { misuses.append($0) }
    collection.layoutIfNeeded()
    // 15 restless passes settle in the 16th, the last allowed.
    #expect(model.passes == restlessPasses + 1)
    #expect(misuses.isEmpty)
  }
}
