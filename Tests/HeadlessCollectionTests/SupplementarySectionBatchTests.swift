import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// Sections with names: headers read "H<name>", footers "F<name>", so a
/// view shows which section it belongs to wherever the section goes, and a
/// fresh load draws the same text as a collection that followed batches.
@MainActor
final class NamedSectionModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var sections: [(name: String, items: [String])]
  /// Header and footer lengths by section name; zero for none.
  var headerLength: (String) -> CGFloat = { _ in 1 }
  var footerLength: (String) -> CGFloat = { _ in 1 }
  var events: [String] = []
  var displayed: [ObjectIdentifier: String] = [:]
  var problems: [String] = []
  var viewRequests: [String] = []
  var headerSizeRequests: [Int] = []
  var moves: [String] = []

  init(_ sections: [(String, [String])]) {
    self.sections = sections.map { (name: $0.0, items: $0.1) }
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].items.count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
    cell.label = sections[indexPath.section].items[indexPath.item]
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    let view =
      collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "view", for: indexPath)
      as! LabelView
    view.label = (kind == CollectionView.elementKindSectionHeader ? "H" : "F") + sections[indexPath.section].name
    viewRequests.append("\(view.label)@\(indexPath.section)")
    return view
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize {
    headerSizeRequests.append(section)
    return CGSize(width: 1, height: headerLength(sections[section].name))
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize { CGSize(width: 1, height: footerLength(sections[section].name)) }
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {
    let name = (view as! LabelView).label
    events.append("willDisplay \(name)@\(indexPath.section)")
    if displayed.updateValue(name, forKey: ObjectIdentifier(view)) != nil { problems.append("twice \(name)") }
  }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {
    let name = (view as! LabelView).label
    events.append("didEnd \(name)@\(indexPath.section)")
    if displayed.removeValue(forKey: ObjectIdentifier(view)) == nil { problems.append("unpaired \(name)") }
  }
  func collectionView(_ collectionView: CollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { true }
  func collectionView(
    _ collectionView: CollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
  ) {
    moves.append("\(sourceIndexPath.section).\(sourceIndexPath.item)>\(destinationIndexPath.section).\(destinationIndexPath.item)")
    let item = sections[sourceIndexPath.section].items.remove(at: sourceIndexPath.item)
    sections[destinationIndexPath.section].items.insert(item, at: destinationIndexPath.item)
  }
}

/// A collection over `model` with 6-by-1 items in one column, its headers
/// and footers registered.
@MainActor
func makeNamedCollection(
  _ model: NamedSectionModel, height: CGFloat, offset: CGFloat = 0,
  configure: (CollectionViewFlowLayout) -> Void = { _ in }
) -> CollectionView {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  layout.minimumInteritemSpacing = 0
  layout.itemSize = CGSize(width: 6, height: 1)
  configure(layout)
  let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 6, height: height), collectionViewLayout: layout)
  collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
  for kind in [CollectionView.elementKindSectionHeader, CollectionView.elementKindSectionFooter] {
    collection.register(LabelView.self, forSupplementaryViewOfKind: kind, withReuseIdentifier: "view")
  }
  collection.dataSource = model
  collection.delegate = model
  collection.layoutIfNeeded()
  if offset != 0 { collection.contentOffset.y = offset }
  return collection
}

private let header = CollectionView.elementKindSectionHeader
private let footer = CollectionView.elementKindSectionFooter

/// Headers, footers and prefetching through batches that change sections,
/// and interactive movement with headers present.
@MainActor
@Suite struct SupplementarySectionBatchTests {
  /// Sections A–D of two items, each with a 1-point header and footer:
  /// section s spans rows 4s..<4s+4; all 16 rows fit in 20.
  private func fourSections(height: CGFloat = 20) -> (NamedSectionModel, CollectionView) {
    let model = NamedSectionModel(["A", "B", "C", "D"].map { ($0, [$0.lowercased() + "0", $0.lowercased() + "1"]) })
    return (model, makeNamedCollection(model, height: height))
  }

  /// What a collection loaded afresh from `model` draws at `offset`.
  private func freshText(_ model: NamedSectionModel, height: CGFloat, offset: CGFloat = 0,
    configure: (CollectionViewFlowLayout) -> Void = { _ in }) -> String {
    // The fresh collection reports to the same model: what it displays is
    // forgotten with it (its views are freed undisplayed, and a later view
    // at one of their addresses would read as displayed twice).
    let events = model.events
    let requests = model.viewRequests
    let sizes = model.headerSizeRequests
    let displayed = model.displayed
    defer {
      model.events = events
      model.viewRequests = requests
      model.headerSizeRequests = sizes
      model.displayed = displayed
    }
    return makeNamedCollection(model, height: height, offset: offset, configure: configure).renderText()
  }

  @Test func aMovedSectionKeepsItsHeaderAndFooterViews() throws {
    let (model, collection) = fourSections()
    let headerD = try #require(collection.supplementaryView(forElementKind: header, at: ip(0, 3)))
    let footerD = try #require(collection.supplementaryView(forElementKind: footer, at: ip(0, 3)))
    model.events = []
    model.viewRequests = []
    model.sections.insert(model.sections.remove(at: 3), at: 0)
    try collection.performBatchUpdates { collection.moveSection(3, toSection: 0) }
    #expect(collection.supplementaryView(forElementKind: header, at: ip(0, 0)) === headerD)
    #expect(collection.supplementaryView(forElementKind: footer, at: ip(0, 0)) === footerD)
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(0, 0))?.frame == headerD.frame)
    #expect((collection.supplementaryView(forElementKind: header, at: ip(0, 1)) as? LabelView)?.label == "HA")
    // Nothing left or arrived: no callbacks, no views asked.
    #expect(model.events.isEmpty)
    #expect(model.viewRequests.isEmpty)
    #expect(model.problems.isEmpty)
    #expect(collection.renderText() == freshText(model, height: 20))
  }

  @Test func aDeletedSectionsViewsEndDisplayingAndAreReused() throws {
    let (model, collection) = fourSections()
    let departed = [header, footer].compactMap { collection.supplementaryView(forElementKind: $0, at: ip(0, 1)) }
    model.events = []
    model.sections.remove(at: 1)
    try collection.performBatchUpdates { collection.deleteSections([1]) }
    #expect(model.events == ["didEnd HB@1", "didEnd FB@1"])
    #expect(collection.indexPathsForVisibleSupplementaryElements(ofKind: header) == [ip(0, 0), ip(0, 1), ip(0, 2)])
    #expect((collection.supplementaryView(forElementKind: header, at: ip(0, 1)) as? LabelView)?.label == "HC")
    #expect(collection.renderText() == freshText(model, height: 20))
    // The two views wait in their queues: a new section takes them.
    model.events = []
    model.viewRequests = []
    model.sections.insert(("E", ["e0"]), at: 0)
    try collection.performBatchUpdates { collection.insertSections([0]) }
    #expect(model.viewRequests == ["HE@0", "FE@0"])
    #expect(model.events == ["willDisplay HE@0", "willDisplay FE@0"])
    let arrived = [header, footer].compactMap { collection.supplementaryView(forElementKind: $0, at: ip(0, 0)) }
    #expect(arrived.count == 2 && arrived.allSatisfy { view in departed.contains { $0 === view } })
    #expect(model.problems.isEmpty)
    #expect(collection.renderText() == freshText(model, height: 20))
  }

  @Test func aReloadedSectionGetsNewViewsAndIsSizedAgain() throws {
    let (model, collection) = fourSections()
    let oldHeader = try #require(collection.supplementaryView(forElementKind: header, at: ip(0, 2)))
    model.events = []
    model.viewRequests = []
    model.headerSizeRequests = []
    model.headerLength = { $0 == "C" ? 2 : 1 }
    model.sections[2].items = ["c0"]
    try collection.performBatchUpdates { collection.reloadSections([2]) }
    #expect(model.headerSizeRequests.contains(2))
    #expect(model.viewRequests == ["HC@2", "FC@2"])
    #expect(model.events == ["didEnd HC@2", "didEnd FC@2", "willDisplay HC@2", "willDisplay FC@2"])
    let newHeader = try #require(collection.supplementaryView(forElementKind: header, at: ip(0, 2)))
    #expect(newHeader !== oldHeader)
    #expect(newHeader.frame == CGRect(x: 0, y: 8, width: 6, height: 2))
    #expect(model.problems.isEmpty)
    #expect(collection.renderText() == freshText(model, height: 20))
  }

  @Test func anInsertedSectionsSizesAreAskedAndZeroMeansNoView() throws {
    let (model, collection) = fourSections()
    model.headerLength = { $0 == "Z" ? 0 : 1 }
    model.headerSizeRequests = []
    model.viewRequests = []
    model.sections.insert(("Z", ["z0"]), at: 2)
    try collection.performBatchUpdates { collection.insertSections([2]) }
    #expect(model.headerSizeRequests.contains(2))
    #expect(model.viewRequests == ["FZ@2"])
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(0, 2)) == nil)
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: footer, at: ip(0, 2))?.frame.minY == 9)
    #expect(collection.renderText() == freshText(model, height: 20))
  }

  @Test func pinnedHeadersAreRightAfterABatch() throws {
    let pin: (CollectionViewFlowLayout) -> Void = {
      $0.sectionHeadersPinToVisibleBounds = true
      $0.sectionFootersPinToVisibleBounds = true
    }
    let model = NamedSectionModel(["A", "B", "C"].map { name in (name, (0..<4).map { "\(name)\($0)" }) })
    let collection = makeNamedCollection(model, height: 4, offset: 7, configure: pin)
    // Section A spans 0..<6, B 6..<12: at 7 B's header is pinned at 7.
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(0, 1))?.frame.minY == 7)
    model.sections.swapAt(1, 2)
    try collection.performBatchUpdates { collection.moveSection(2, toSection: 1) }
    let pinned = try #require(collection.supplementaryView(forElementKind: header, at: ip(0, 1)) as? LabelView)
    #expect(pinned.label == "HC")
    #expect(pinned.frame.minY == 7)
    #expect(collection.renderText() == freshText(model, height: 4, offset: 7, configure: pin))
    model.sections.remove(at: 0)
    try collection.performBatchUpdates { collection.deleteSections([0]) }
    #expect(collection.renderText() == freshText(model, height: 4, offset: 7, configure: pin))
    #expect(collection.indexPathsForVisibleSupplementaryElements(ofKind: header) == [ip(0, 1)])
    #expect(model.problems.isEmpty)
  }

  @Test func prefetchedItemsFollowTheirSections() throws {
    // Six one-item sections without headers; three rows on screen, the
    // next three (sections 3–5) prefetched.
    let model = NamedSectionModel(["A", "B", "C", "D", "E", "F"].map { ($0, [$0.lowercased()]) })
    model.headerLength = { _ in 0 }
    model.footerLength = { _ in 0 }
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    layout.itemSize = CGSize(width: 6, height: 1)
    let collection = CollectionView(frame: CGRect(x: 0, y: 0, width: 6, height: 3), collectionViewLayout: layout)
    collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
    final class Paths: CollectionViewDataSourcePrefetching {
      var calls: [String] = []
      func collectionView(_ collectionView: CollectionView, prefetchItemsAt indexPaths: [IndexPath]) {
        calls.append("prefetch " + indexPaths.map { "\($0.section).\($0.item)" }.joined(separator: ","))
      }
      func collectionView(_ collectionView: CollectionView, cancelPrefetchingForItemsAt indexPaths: [IndexPath]) {
        calls.append("cancel " + indexPaths.map { "\($0.section).\($0.item)" }.joined(separator: ","))
      }
    }
    let paths = Paths()
    collection.dataSource = model
    collection.delegate = model
    collection.prefetchDataSource = paths
    collection.layoutIfNeeded()
    let calls = paths.calls
    #expect(calls == ["prefetch 3.0,4.0,5.0"])
    // A moved section's item stays prefetched, under its new path.
    model.sections.insert(model.sections.remove(at: 5), at: 3)
    try collection.performBatchUpdates { collection.moveSection(5, toSection: 3) }
    #expect(paths.calls == calls)
    // A deleted section's prefetched item is cancelled at its old path; the
    // item that moves into the range ahead is prefetched.
    model.sections.remove(at: 4)
    try collection.performBatchUpdates { collection.deleteSections([4]) }
    #expect(paths.calls.suffix(1) == ["cancel 4.0"])
    // A reloaded section's item is new: the old one is cancelled and the
    // new one prefetched.
    model.sections[3].items = ["f*"]
    try collection.performBatchUpdates { collection.reloadSections([3]) }
    #expect(paths.calls.suffix(2) == ["cancel 3.0", "prefetch 3.0"])
    // An inserted section above shifts them all: nothing is prefetched twice.
    let before = paths.calls.count
    model.sections.insert(("Z", ["z"]), at: 0)
    try collection.performBatchUpdates { collection.insertSections([0]) }
    // C (now 3.0) entered the range ahead; E (now 5.0) stays prefetched.
    #expect(Array(paths.calls[before...]) == ["prefetch 3.0"])
    // Scrolling them on screen prefetches nothing more and cancels nothing.
    let shown = paths.calls.count
    collection.contentOffset.y = 3
    #expect(paths.calls.count == shown)
  }

  @Test func aMovementOverAHeaderKeepsAnItemPlace() throws {
    // A spans rows 0..<5 (header 0, items 1–3, footer 4), B rows 5..<10.
    let model = NamedSectionModel(["A", "B"].map { name in (name, (0..<3).map { "\(name)\($0)" }) })
    let collection = makeNamedCollection(model, height: 10)
    #expect(collection.beginInteractiveMovementForItem(at: ip(0, 0)))
    // Over B's header: no item there, so the item keeps its place.
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 3, y: 5.5))
    #expect(collection.numberOfItems(inSection: 0) == 3)
    #expect(collection.layoutAttributesForItem(at: ip(1, 0))?.frame.minY == 2)
    // Over B1: it takes B1's place and B makes room below its header.
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 3, y: 7.5))
    #expect(collection.numberOfItems(inSection: 0) == 2)
    #expect(collection.numberOfItems(inSection: 1) == 4)
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(0, 1))?.frame.minY == 4)
    // Back over B's header (now at row 4) and over A's footer (row 3):
    // still B1.
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 3, y: 4.5))
    collection.updateInteractiveMovementTargetPosition(CGPoint(x: 3, y: 3.5))
    #expect(collection.numberOfItems(inSection: 1) == 4)
    collection.endInteractiveMovement()
    #expect(model.moves == ["0.0>1.1"])
    #expect(model.problems.isEmpty)
    #expect(collection.renderText() == freshText(model, height: 10))
    // The headers and footers kept their views through the movement.
    #expect(model.events.filter { $0.hasPrefix("didEnd") }.isEmpty)
  }

  @Test func elementsInARectComeSectionBySectionHeaderItemsFooter() {
    let (_, collection) = fourSections()
    func describe(_ rect: CGRect) -> [String] {
      collection.layoutAttributesForElements(in: rect).map { attributes in
        let place = "\(attributes.indexPath.section).\(attributes.indexPath.item)@\(Int(attributes.frame.minY))"
        switch attributes.representedElementKind {
        case header: return "H" + place
        case footer: return "F" + place
        default: return place
        }
      }
    }
    // Rows 2..<6: a1, A's footer, B's header, b0.
    #expect(describe(CGRect(x: 0, y: 2, width: 6, height: 4)) == ["0.1@2", "F0.0@3", "H1.0@4", "1.0@5"])
    // Everything: each section's header, items, footer.
    #expect(describe(CGRect(x: 0, y: 0, width: 6, height: 16)).prefix(5) == ["H0.0@0", "0.0@1", "0.1@2", "F0.0@3", "H1.0@4"])
    #expect(collection.layoutAttributesForElements(in: CGRect(x: 0, y: 0, width: 6, height: 16)).count == 16)
    // A pinned header is where it is pinned: B's at the top of the bounds.
    let pinned = NamedSectionModel(["A", "B"].map { name in (name, (0..<4).map { "\(name)\($0)" }) })
    let pinning = makeNamedCollection(pinned, height: 4, offset: 7) { $0.sectionHeadersPinToVisibleBounds = true }
    let visible = pinning.layoutAttributesForElements(in: pinning.bounds)
    #expect(visible.first?.representedElementKind == header)
    #expect(visible.first?.frame.minY == 7)
    #expect(visible.map(\.indexPath) == [ip(0, 1), ip(0, 1), ip(1, 1), ip(2, 1), ip(3, 1)])
  }
}
