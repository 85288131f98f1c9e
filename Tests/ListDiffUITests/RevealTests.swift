import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

/// The one rule for showing an item below the header blocks pinned over
/// it (`CollectionView.scrollToItem(at:at:animated:)`,
/// `scrollRectToVisible(_:animated:)`, the data source's
/// `scrollToItem(identifier:)`): it always leaves its target in view, even
/// where the blocks fill the viewport.
@Suite("Showing an item below pinned headers")
@MainActor
struct RevealTests {
  private func lines(_ viewModels: [(String, CGFloat)]) -> ListSection<ItemVM, ItemController> {
    section(viewModels.map { ItemVM(identifier: $0.0, height: $0.1) })
  }

  /// Whether the item with `identifier` is drawn (in part at least) within
  /// the viewport.
  private func isInView(_ screen: ListScreen, _ identifier: String, _ sectionPath: [String]) -> Bool {
    guard let path = screen.dataSource.indexPath(forIdentifier: identifier, sectionPath: sectionPath),
      let frame = screen.collectionView.layoutAttributesForItem(at: path)?.frame
    else { return false }
    return overlaps(frame, screen.collectionView.bounds)
  }

  /// Whether `a` and `b` share some area: Foundation's `intersects` on
  /// Linux counts rects that only touch.
  private func overlaps(_ a: CGRect, _ b: CGRect) -> Bool {
    a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
  }

  @Test(
    "blocks pinned over the item that fill a 2-line viewport: the item is still in view",
    arguments: [CollectionView.ScrollPosition.top, [], .bottom, .centeredVertically])
  func nestedBlocksFillTheViewport(position: CollectionView.ScrollPosition) {
    // The reduction of what random roots found: a pinned section R with a
    // 1-line header holds a pinned section g2 with a 1-line header, which
    // holds l9, whose last item a27 is 3 lines tall (15 items, 32 lines).
    let items = (0..<11).map { ("a\($0)", CGFloat(2)) } + [("a11", 5), ("a27", 3)]
    let root = CompositeSection(id: "R", header: lines([("R-h", 1)]), pinsHeader: true) {
      CompositeSection(id: "g2", header: lines([("g2-h", 1)]), pinsHeader: true) {
        section(items.map { ItemVM(identifier: $0.0, height: $0.1) }, id: "l9")
      }
    }
    let screen = ListScreen(width: 20, height: 2)
    screen.setRoot(root)
    #expect(screen.collectionView.contentSize.height == 32)
    #expect(screen.dataSource.scrollToItem(identifier: "a27", sectionPath: ["R", "g2", "l9"], at: position))
    #expect(isInView(screen, "a27", ["R", "g2", "l9"]), "offset \(screen.collectionView.contentOffset)")
  }

  @Test("a 6-line pinned block over a 6-line viewport: the last item, 1 line, is in view")
  func blockAsTallAsTheViewport() {
    let header = (0..<6).map { ("h\($0)", CGFloat(1)) }
    let body = (0..<45).map { ("r\($0)", CGFloat(1)) }
    let root = CompositeSection(id: "s", header: lines(header), pinsHeader: true) { lines(body) }
    let screen = ListScreen(width: 40, height: 6)
    screen.setRoot(root)
    #expect(screen.dataSource.scrollToItem(identifier: "r44", sectionPath: ["s"]))
    #expect(isInView(screen, "r44", ["s"]), "offset \(screen.collectionView.contentOffset)")
    screen.collectionView.setContentOffset(.zero, animated: false)
    screen.collectionView.scrollToItem(at: IndexPath(item: 50, section: 0), at: [], animated: false)
    #expect(isInView(screen, "r44", ["s"]))
  }

  @Test("where the blocks leave room, the item lands just below them, whole")
  func belowTheBlocks() throws {
    let root = CompositeSection(id: "R", header: lines([("R-h", 1)]), pinsHeader: true) {
      CompositeSection(id: "g", header: lines([("g-h", 1)]), pinsHeader: true) {
        lines((0..<30).map { ("i\($0)", 1) })
      }
    }
    let screen = ListScreen(width: 20, height: 5)
    screen.setRoot(root)
    screen.dataSource.scrollToItem(identifier: "i20", sectionPath: ["g"], at: .top)
    #expect(screen.text == "R-h=0\ng-h=0\ni20=0\ni21=0\ni22=0")
    screen.dataSource.scrollToItem(identifier: "i10", sectionPath: ["g"], at: [])
    #expect(screen.text == "R-h=0\ng-h=0\ni10=0\ni11=0\ni12=0")
    // Shown already, below the blocks: no scroll.
    let offset = screen.collectionView.contentOffset
    screen.dataSource.scrollToItem(identifier: "i12", sectionPath: ["g"], at: [])
    #expect(screen.collectionView.contentOffset == offset)
  }

  @Test("a rect inside an item is shown below the blocks pinned over that item")
  func rectBelowTheBlocks() throws {
    let root = CompositeSection(id: "s", header: lines([("head", 2)]), pinsHeader: true) {
      lines((0..<20).map { ("i\($0)", 4) })
    }
    let screen = ListScreen(width: 20, height: 6)
    screen.setRoot(root)
    let path = try #require(screen.dataSource.indexPath(forIdentifier: "i9"))
    let frame = try #require(screen.collectionView.layoutAttributesForItem(at: path)?.frame)
    // The item's third line, below the viewport: the least scroll shows it
    // on the last line.
    screen.collectionView.scrollRectToVisible(
      CGRect(x: 0, y: frame.minY + 2, width: 20, height: 1), animated: false)
    #expect(screen.collectionView.contentOffset.y == frame.minY + 3 - 6)
    // Above the viewport: it lands right below the 2-line header.
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: frame.maxY + 4), animated: false)
    screen.collectionView.scrollRectToVisible(
      CGRect(x: 0, y: frame.minY + 2, width: 20, height: 1), animated: false)
    #expect(screen.collectionView.contentOffset.y == frame.minY + 2 - 2)
    // A rect longer than the room shows its leading edge below the header.
    screen.collectionView.scrollRectToVisible(
      CGRect(x: 0, y: frame.minY, width: 20, height: 12), animated: false)
    #expect(screen.collectionView.contentOffset.y == frame.minY - 2)
    // A non-finite rect is reported and changes nothing.
    var issues: [GeometryIssue] = []
    screen.collectionView.invalidGeometryHandler = { issues.append($0) }
    let before = screen.collectionView.contentOffset
    screen.collectionView.scrollRectToVisible(CGRect(x: 0, y: CGFloat.nan, width: 1, height: 1), animated: false)
    #expect(screen.collectionView.contentOffset == before)
    #expect(issues.count == 1)
  }

  /// A random root of pinned sections nested up to three deep, with headers
  /// of 1–2 lines and items of 0–3 lines, in a viewport of 1–12 lines,
  /// sizes given or estimated: every item scrolled to (at every position,
  /// and as a rect) ends in view.
  @Test("random nested pinned blocks, random viewports of 1 to 12 lines: the target is always in view")
  func randomNestedBlocks() {
    let seed: UInt64 = 0x4E7E_A1
    var random = SeededGenerator(seed: seed)
    var checked = 0
    for round in 0..<160 {
      var counter = 0
      func item(_ random: inout SeededGenerator) -> (String, CGFloat) {
        counter += 1
        return ("x\(counter)", CGFloat(Int.random(in: 0...3, using: &random)))
      }
      func level(_ depth: Int, _ random: inout SeededGenerator) -> Section {
        let id = "s\(depth)-\(counter)"
        let header = lines((0..<Int.random(in: 1...2, using: &random)).map { _ in item(&random) })
        var children: [Section?] = []
        for _ in 0..<Int.random(in: 1...3, using: &random) {
          if depth < 3 && Bool.random(using: &random) {
            children.append(level(depth + 1, &random))
          } else {
            children.append(lines((0..<Int.random(in: 0...6, using: &random)).map { _ in item(&random) }))
          }
        }
        return CompositeSection(id: id, header: header, pinsHeader: Bool.random(using: &random)) {
          for child in children { child }
        }
      }
      let root = CompositeSection(level(0, &random), level(0, &random))
      let height = Int.random(in: 1...12, using: &random)
      // A block longer than the viewport is reported (it does not pin);
      // nothing else may be.
      let screen = Harness(height: CGFloat(height))
      let estimated = Bool.random(using: &random)
      if estimated { screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 20, height: 1) }
      screen.dataSource.setRootSection(root)
      let count = screen.dataSource.itemCount
      guard count > 0 else { continue }
      for _ in 0..<8 {
        let index = Int.random(in: 0..<count, using: &random)
        let path = IndexPath(item: index, section: 0)
        let way = Int.random(in: 0..<5, using: &random)
        let positions: [CollectionView.ScrollPosition] = [.top, [], .bottom, .centeredVertically]
        if way < 4 {
          screen.collectionView.scrollToItem(at: path, at: positions[way], animated: Bool.random(using: &random))
        } else if let frame = screen.collectionView.layoutAttributesForItem(at: path)?.frame {
          screen.collectionView.scrollRectToVisible(frame, animated: false)
        }
        #expect(onlyTooLongBlocks(screen.diagnostics), "seed \(seed), round \(round): \(screen.diagnostics)")
        guard let frame = screen.collectionView.layoutAttributesForItem(at: path)?.frame, frame.height > 0 else {
          continue
        }
        checked += 1
        let bounds = screen.collectionView.bounds
        guard overlaps(frame, bounds) else {
          let context = "viewport \(height), estimated \(estimated)"
          Issue.record("seed \(seed), round \(round): item \(index) at \(frame) is outside \(bounds), way \(way); \(context)")
          return
        }
      }
    }
    #expect(checked > 500)
  }

  /// The diagnostics a round may report: pinned blocks too long to pin.
  private func onlyTooLongBlocks(_ diagnostics: [ListDiffDiagnostic]) -> Bool {
    diagnostics.allSatisfy { $0.kind == .invalidGeometry && $0.message.contains("pinned header block") }
  }
}
