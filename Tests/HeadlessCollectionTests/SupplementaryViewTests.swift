import Foundation
import HeadlessCollection
import TestSupport
import Testing

/// A header or footer that shows a label and counts its instances.
final class LabelView: CollectionReusableView {
  nonisolated(unsafe) static var instances = 0
  var label = ""

  required init(frame: CGRect) {
    super.init(frame: frame)
    LabelView.instances += 1
  }

  override func prepareForReuse() {
    super.prepareForReuse()
    label = ""
  }

  override var textRepresentation: String { label }
}

/// Sections of labelled items with "H<section>" headers and "F<section>"
/// footers, recording supplementary display callbacks.
@MainActor
final class HeaderModel: CollectionViewDataSource, CollectionViewDelegateFlowLayout {
  var sections: [[String]]
  var headerSize: (Int) -> CGSize
  var footerSize: (Int) -> CGSize
  var events: [String] = []
  var displayed: [ObjectIdentifier: String] = [:]
  var problems: [String] = []
  var viewRequests = 0

  init(sections: [[String]], header: CGSize, footer: CGSize) {
    self.sections = sections
    headerSize = { _ in header }
    footerSize = { _ in footer }
  }

  func numberOfSections(in collectionView: CollectionView) -> Int { sections.count }
  func collectionView(_ collectionView: CollectionView, numberOfItemsInSection section: Int) -> Int {
    sections[section].count
  }
  func collectionView(_ collectionView: CollectionView, cellForItemAt indexPath: IndexPath)
    -> CollectionViewCell
  {
    let cell = collectionView.dequeueReusableCell(withReuseIdentifier: "label", for: indexPath) as! LabelCell
    cell.label = sections[indexPath.section][indexPath.item]
    return cell
  }
  func collectionView(
    _ collectionView: CollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
  ) -> CollectionReusableView {
    viewRequests += 1
    let view =
      collectionView.dequeueReusableSupplementaryView(ofKind: kind, withReuseIdentifier: "view", for: indexPath)
      as! LabelView
    view.label = (kind == CollectionView.elementKindSectionHeader ? "H" : "F") + "\(indexPath.section)"
    return view
  }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForHeaderInSection section: Int
  ) -> CGSize { headerSize(section) }
  func collectionView(
    _ collectionView: CollectionView, layout collectionViewLayout: CollectionViewFlowLayout,
    referenceSizeForFooterInSection section: Int
  ) -> CGSize { footerSize(section) }
  func collectionView(
    _ collectionView: CollectionView, willDisplaySupplementaryView view: CollectionReusableView,
    forElementKind elementKind: String, at indexPath: IndexPath
  ) {
    let name = (view as! LabelView).label
    events.append("willDisplay \(name)")
    if displayed.updateValue(name, forKey: ObjectIdentifier(view)) != nil { problems.append("twice \(name)") }
  }
  func collectionView(
    _ collectionView: CollectionView, didEndDisplayingSupplementaryView view: CollectionReusableView,
    forElementOfKind elementKind: String, at indexPath: IndexPath
  ) {
    let name = (elementKind == CollectionView.elementKindSectionHeader ? "H" : "F") + "\(indexPath.section)"
    events.append("didEnd \(name)")
    if displayed.removeValue(forKey: ObjectIdentifier(view)) == nil { problems.append("unpaired \(name)") }
  }
}

@MainActor
func makeHeaderCollection(
  _ model: HeaderModel, width: CGFloat, height: CGFloat, itemSize: CGSize = CGSize(width: 6, height: 1),
  configure: (CollectionViewFlowLayout) -> Void = { _ in }
) -> CollectionView {
  let layout = CollectionViewFlowLayout()
  layout.minimumLineSpacing = 0
  layout.minimumInteritemSpacing = 0
  layout.itemSize = itemSize
  configure(layout)
  let collection = CollectionView(
    frame: CGRect(x: 0, y: 0, width: width, height: height), collectionViewLayout: layout)
  collection.register(LabelCell.self, forCellWithReuseIdentifier: "label")
  collection.register(
    LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionHeader, withReuseIdentifier: "view")
  collection.register(
    LabelView.self, forSupplementaryViewOfKind: CollectionView.elementKindSectionFooter, withReuseIdentifier: "view")
  collection.dataSource = model
  collection.delegate = model
  collection.layoutIfNeeded()
  return collection
}

private let header = CollectionView.elementKindSectionHeader
private let footer = CollectionView.elementKindSectionFooter

@MainActor
@Suite struct SupplementaryViewTests {
  @Test func kindsHaveUIKitsValues() {
    #expect(CollectionView.elementKindSectionHeader == "UICollectionElementKindSectionHeader")
    #expect(CollectionView.elementKindSectionFooter == "UICollectionElementKindSectionFooter")
  }

  @Test func verticalHeadersAndFootersSitOutsideTheSectionInset() {
    // Header 2 tall, inset 1 above and below, three rows, footer 1 tall:
    // section 0 spans 0..<8 (header 0..<2, items at 3, 4, 5, footer 7..<8),
    // section 1 starts at 8.
    let model = HeaderModel(
      sections: [["a", "b", "c"], ["d", "e", "f"]], header: CGSize(width: 99, height: 2),
      footer: CGSize(width: 99, height: 1))
    let collection = makeHeaderCollection(model, width: 10, height: 20, itemSize: CGSize(width: 10, height: 1)) {
      $0.sectionInset = EdgeInsets(top: 1, left: 0, bottom: 1, right: 0)
    }
    func frame(_ kind: String, _ section: Int) -> CGRect? {
      collection.layoutAttributesForSupplementaryElement(ofKind: kind, at: ip(0, section))?.frame
    }
    #expect(frame(header, 0) == CGRect(x: 0, y: 0, width: 10, height: 2))
    #expect(collection.layoutAttributesForItem(at: ip(0, 0))?.frame.minY == 3)
    #expect(collection.layoutAttributesForItem(at: ip(2, 0))?.frame.minY == 5)
    #expect(frame(footer, 0) == CGRect(x: 0, y: 7, width: 10, height: 1))
    #expect(frame(header, 1) == CGRect(x: 0, y: 8, width: 10, height: 2))
    #expect(collection.layoutAttributesForItem(at: ip(0, 1))?.frame.minY == 11)
    #expect(frame(footer, 1) == CGRect(x: 0, y: 15, width: 10, height: 1))
    #expect(collection.contentSize.height == 16)
    #expect(
      collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(0, 1))?.representedElementKind
        == header)
    // The header spans the room between the content insets.
    collection.contentInset = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    #expect(frame(header, 0)?.width == 8)
    // No such element: a kind a flow layout lacks, an item other than 0, a
    // section that does not exist.
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: "badge", at: ip(0, 0)) == nil)
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(1, 0)) == nil)
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(0, 2)) == nil)
  }

  @Test func horizontalHeadersAndFootersSitAtTheLeadingAndTrailingEdges() {
    // Scrolling horizontally only the widths count: header 1 wide, inset 1
    // left and right, two 2-wide columns, footer 2 wide.
    let model = HeaderModel(
      sections: [["a", "b"], ["c"]], header: CGSize(width: 1, height: 99), footer: CGSize(width: 2, height: 99))
    let collection = makeHeaderCollection(model, width: 20, height: 3, itemSize: CGSize(width: 2, height: 3)) {
      $0.scrollDirection = .horizontal
      $0.sectionInset = EdgeInsets(top: 0, left: 1, bottom: 0, right: 1)
    }
    func frame(_ kind: String, _ section: Int) -> CGRect? {
      collection.layoutAttributesForSupplementaryElement(ofKind: kind, at: ip(0, section))?.frame
    }
    #expect(frame(header, 0) == CGRect(x: 0, y: 0, width: 1, height: 3))
    #expect(collection.layoutAttributesForItem(at: ip(0, 0))?.frame.minX == 2)
    #expect(collection.layoutAttributesForItem(at: ip(1, 0))?.frame.minX == 4)
    #expect(frame(footer, 0) == CGRect(x: 7, y: 0, width: 2, height: 3))
    #expect(frame(header, 1) == CGRect(x: 9, y: 0, width: 1, height: 3))
    #expect(collection.layoutAttributesForItem(at: ip(0, 1))?.frame.minX == 11)
    #expect(frame(footer, 1) == CGRect(x: 14, y: 0, width: 2, height: 3))
    #expect(collection.contentSize.width == 16)
    // Each view drawn in its frame: "H0" clipped to the 1-wide header.
    #expect(
      collection.renderText().split(separator: "\n").first == "H a b  F0H c  F1    ")
  }

  @Test func aZeroSizeMeansNoView() {
    let model = HeaderModel(sections: [["a"], ["b"]], header: CGSize(width: 6, height: 1), footer: .zero)
    model.headerSize = { $0 == 1 ? .zero : CGSize(width: 6, height: 1) }
    let collection = makeHeaderCollection(model, width: 6, height: 10)
    #expect(collection.indexPathsForVisibleSupplementaryElements(ofKind: header) == [ip(0, 0)])
    #expect(collection.indexPathsForVisibleSupplementaryElements(ofKind: footer).isEmpty)
    #expect(collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(0, 1)) == nil)
    #expect(collection.renderText().split(separator: "\n", omittingEmptySubsequences: false).prefix(3) == ["H0    ", "a     ", "b     "])
  }

  /// Three sections of a header, three items and a footer, each 1 point
  /// tall: section s spans rows 5s..<5s+5.
  private func threeSections(pinHeaders: Bool, pinFooters: Bool) -> (HeaderModel, CollectionView) {
    let model = HeaderModel(
      sections: (0..<3).map { s in (0..<3).map { "\(s).\($0)" } }, header: CGSize(width: 6, height: 1),
      footer: CGSize(width: 6, height: 1))
    let collection = makeHeaderCollection(model, width: 6, height: 4) {
      $0.sectionHeadersPinToVisibleBounds = pinHeaders
      $0.sectionFootersPinToVisibleBounds = pinFooters
    }
    return (model, collection)
  }

  /// The screen an independent model expects at offset `y`: the content's
  /// rows, then each pinned element drawn over them where UIKit's rule puts
  /// it (a header at max(y, its row), kept inside its section; a footer at
  /// min(bottom row, its row), kept inside its section).
  private func expectedScreen(y: Int, height: Int, pinHeaders: Bool, pinFooters: Bool) -> String {
    var content: [String] = []
    for s in 0..<3 { content += ["H\(s)"] + (0..<3).map { "\(s).\($0)" } + ["F\(s)"] }
    var rows = (y..<y + height).map { content[$0] }
    for s in 0..<3 {
      let start = 5 * s
      let end = start + 5
      if pinHeaders {
        let row = min(max(y, start), end - 1)
        if (y..<y + height).contains(row) { rows[row - y] = "H\(s)" }
        if row != start && (y..<y + height).contains(start) { rows[start - y] = content[start] }
      }
      if pinFooters {
        let row = max(min(y + height - 1, end - 1), start)
        if (y..<y + height).contains(row) { rows[row - y] = "F\(s)" }
      }
    }
    return rows.map { $0.padding(toLength: 6, withPad: " ", startingAt: 0) }.joined(separator: "\n")
  }

  @Test(arguments: [(true, false), (false, true), (true, true), (false, false)])
  func pinningAtEveryScrollPosition(pinHeaders: Bool, pinFooters: Bool) {
    let (model, collection) = threeSections(pinHeaders: pinHeaders, pinFooters: pinFooters)
    for y in 0...11 {
      collection.contentOffset.y = CGFloat(y)
      let expected = expectedScreen(y: y, height: 4, pinHeaders: pinHeaders, pinFooters: pinFooters)
      #expect(collection.renderText() == expected, "offset \(y)")
    }
    for y in (0...11).reversed() {
      collection.contentOffset.y = CGFloat(y)
      let expected = expectedScreen(y: y, height: 4, pinHeaders: pinHeaders, pinFooters: pinFooters)
      #expect(collection.renderText() == expected, "offset \(y) going back")
    }
    #expect(model.problems.isEmpty)
  }

  @Test func pinnedHeaderSnapshots() {
    // The model is the collection's data source, held weakly: keep it.
    let (model, collection) = threeSections(pinHeaders: true, pinFooters: false)
    defer { withExtendedLifetime(model) {} }
    collection.contentOffset.y = 2
    // H0 pinned over item 0.1; H1 in its place.
    #expect(collection.renderText() == "H0    \n0.2   \nF0    \nH1    ")
    collection.contentOffset.y = 4
    // H0 at the end of its section, over its footer.
    #expect(collection.renderText() == "H0    \nH1    \n1.0   \n1.1   ")
    collection.contentOffset.y = 5
    // Pushed out by H1.
    #expect(collection.renderText() == "H1    \n1.0   \n1.1   \n1.2   ")
    #expect(collection.indexPathsForVisibleSupplementaryElements(ofKind: header) == [ip(0, 1)])
    collection.contentOffset.y = 6
    #expect(collection.renderText() == "H1    \n1.1   \n1.2   \nF1    ")
    #expect(
      collection.layoutAttributesForSupplementaryElement(ofKind: header, at: ip(0, 1))?.frame
        == CGRect(x: 0, y: 6, width: 6, height: 1))
  }

  @Test func lookupsAndDisplayCallbacks() {
    let (model, collection) = threeSections(pinHeaders: false, pinFooters: false)
    #expect(model.events == ["willDisplay H0"])
    collection.frame.size.height = 6
    #expect(model.events == ["willDisplay H0", "willDisplay F0", "willDisplay H1"])
    let h1 = collection.supplementaryView(forElementKind: header, at: ip(0, 1))
    #expect((h1 as? LabelView)?.label == "H1")
    #expect(h1?.frame == CGRect(x: 0, y: 5, width: 6, height: 1))
    #expect(collection.visibleSupplementaryViews(ofKind: header).map { ($0 as! LabelView).label } == ["H0", "H1"])
    #expect(collection.indexPathsForVisibleSupplementaryElements(ofKind: footer) == [ip(0, 0)])
    #expect(collection.supplementaryView(forElementKind: footer, at: ip(0, 1)) == nil)
    model.events = []
    collection.contentOffset.y = 5
    #expect(model.events == ["didEnd H0", "didEnd F0", "willDisplay F1", "willDisplay H2"])
    #expect(model.problems.isEmpty)
  }

  @Test func reloadDataKeepsEachHeaderInItsView() {
    let (model, collection) = threeSections(pinHeaders: true, pinFooters: false)
    collection.contentOffset.y = 3
    let before = collection.supplementaryView(forElementKind: header, at: ip(0, 1))
    let requests = model.viewRequests
    model.events = []
    collection.reloadData()
    #expect(model.viewRequests > requests)
    #expect(collection.supplementaryView(forElementKind: header, at: ip(0, 1)) === before)
    #expect(model.events.isEmpty)
    #expect(model.problems.isEmpty)
  }

  @Test func viewsAreReusedNotLeakedOverALongScroll() {
    let seed = UInt64.random(in: 0...UInt64.max)
    var random = SeededGenerator(seed: seed)
    let model = HeaderModel(
      sections: (0..<300).map { s in (0..<Int.random(in: 0..<4, using: &random)).map { "\(s).\($0)" } },
      header: CGSize(width: 6, height: 1), footer: CGSize(width: 6, height: 1))
    let collection = makeHeaderCollection(model, width: 6, height: 8) {
      $0.sectionHeadersPinToVisibleBounds = Bool.random(using: &random)
      $0.sectionFootersPinToVisibleBounds = Bool.random(using: &random)
    }
    let start = LabelView.instances
    let length = collection.contentSize.height
    for _ in 0..<1_000 {
      collection.contentOffset.y = CGFloat(Int.random(in: 0...Int(length), using: &random))
      let visible = Set(
        (collection.visibleSupplementaryViews(ofKind: header) + collection.visibleSupplementaryViews(ofKind: footer))
          .map(ObjectIdentifier.init))
      #expect(Set(model.displayed.keys) == visible, "seed \(seed)")
      if Set(model.displayed.keys) != visible { break }
    }
    #expect(model.problems.isEmpty, "seed \(seed)")
    // At most 8 rows on screen, so at most 8 views visible; the queue keeps
    // what left, so the total stays within two screens.
    #expect(LabelView.instances - start <= 16, "seed \(seed)")
  }
}
