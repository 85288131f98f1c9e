import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

@Suite("Pinned section headers")
@MainActor
struct PinnedHeaderTests {
  /// Items one point tall, so that the screen's text shows one item a line.
  private func lines(_ identifiers: [String], value: Int = 0) -> ListSection<ItemVM, ItemController> {
    section(identifiers.map { ItemVM(identifier: $0, value: value, height: 1) })
  }

  private func pinned(_ id: String, count: Int, footer: Bool = false) -> CompositeSection {
    CompositeSection(
      id: id, header: lines(["\(id)-header"]), footer: footer ? lines(["\(id)-footer"]) : nil,
      pinsHeader: true
    ) {
      lines((0..<count).map { "\(id)\($0)" })
    }
  }

  @Test("the header stays on top while its section is visible, pushed up by the next pinned header")
  func pinsAndIsPushed() throws {
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(CompositeSection(pinned("a", count: 6), pinned("b", count: 6)))
    #expect(screen.text == "a-header=0\na0=0\na1=0\na2=0")
    screen.scroll(by: 3)
    #expect(screen.text == "a-header=0\na3=0\na4=0\na5=0")
    screen.scroll(by: 1)  // the header covers the first item under it
    #expect(screen.text == "a-header=0\na4=0\na5=0\nb-header=0")
    screen.scroll(by: 1)
    #expect(screen.text == "a-header=0\na5=0\nb-header=0\nb0=0")
    screen.scroll(by: 1)  // section a's end pushes its header up against b's
    #expect(screen.text == "a-header=0\nb-header=0\nb0=0\nb1=0")
    screen.scroll(by: 1)
    #expect(screen.text == "b-header=0\nb0=0\nb1=0\nb2=0")
    screen.scroll(by: 2)
    #expect(screen.text == "b-header=0\nb2=0\nb3=0\nb4=0")
    expectSnapshot(screen, named: "b-pinned")
  }

  @Test("the pinned header's controller hears didAppear and didFullyAppear as a visible item does, and nothing while it stays pinned")
  func pinnedHeaderAppears() throws {
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(CompositeSection(pinned("a", count: 30), pinned("b", count: 30)))
    let header = try #require(screen.controller("a-header", sectionPath: ["a"]))
    #expect(screen.log.events(of: header).suffix(2) == ["didAppear", "didFullyAppear"])
    screen.log.reset()
    for _ in 0..<20 { screen.scroll(by: 1) }
    #expect(screen.log.events(of: header).isEmpty, "\(screen.log.events(of: header))")
    #expect(screen.text.hasPrefix("a-header=0\n"))
    screen.scroll(by: 20)  // section a is gone: its header leaves with it
    #expect(screen.log.events(of: header).contains("willDisappear"))
    #expect(screen.text.hasPrefix("b-header=0\n"))
    let bHeader = try #require(screen.controller("b-header", sectionPath: ["b"]))
    #expect(screen.log.events(of: bHeader).contains("didFullyAppear"))
    #expect(screen.log.violations.isEmpty)
  }

  @Test("a header whose view model changes is updated in place while pinned")
  func pinnedHeaderUpdates() {
    let screen = ListScreen.logging(height: 3)
    func root(count: Int) -> Section {
      CompositeSection(id: "todo", header: lines(["count"], value: count), pinsHeader: true) {
        lines((0..<20).map { "t\($0)" })
      }
    }
    screen.setRoot(root(count: 1))
    screen.scroll(by: 10)
    #expect(screen.text == "count=1\nt10=0\nt11=0")
    screen.setRoot(root(count: 2))
    #expect(screen.text == "count=2\nt10=0\nt11=0")
  }

  /// Nested pinned sections: the outer header on top, the inner one below
  /// it, over a 10,000-item list scrolled a page at a time; at every page
  /// the headers of the sections in view are where they belong.
  @Test("nested pinned headers stack, outermost on top, through a 10,000-item list", .timeLimit(.minutes(20)))
  func nestedThroughTenThousand() throws {
    let screen = ListScreen.logging(height: 8)
    let groups = 100
    let perGroup = 98
    screen.setRoot(
      CompositeSection(id: "list", header: lines(["list-header"]), pinsHeader: true) {
        for g in 0..<groups {
          CompositeSection(id: "g\(g)", header: lines(["g\(g)-header"]), pinsHeader: true) {
            lines((0..<perGroup).map { "g\(g)-\($0)" })
          }
        }
      })
    #expect(screen.dataSource.itemCount == 1 + groups * (perGroup + 1))
    #expect(screen.dataSource.itemCount > 9_900)
    var page = 0
    var offset = 0
    let end = Int(screen.collectionView.contentSize.height) - 8
    while offset < end {
      let text = screen.text.split(separator: "\n").map(String.init)
      #expect(text.first == "list-header=0", "page \(page)")
      // The second line is the header of the group of the third line's
      // item, unless that group's header is being pushed by the next one.
      let item = text[2]
      if let dash = item.firstIndex(of: "-"), !item.hasPrefix("g-") {
        let group = String(item[..<dash])
        #expect(text[1] == "\(group)-header=0" || text[2].hasSuffix("-header=0") || text[1].hasSuffix("-97=0"), "page \(page): \(text)")
      }
      if page == 0 || page == 617 || page == 1_000 {
        expectSnapshot(screen, named: "page\(page)")
      }
      page += 1
      screen.scroll(by: 8)
      offset += 8
    }
    screen.scroll(by: -3)
    expectSnapshot(screen, named: "near-the-end")
    #expect(screen.log.violations.isEmpty)
  }

  @Test("at a group's end its header is pushed up under the outer header, then the next group's takes over")
  func nestedPush() {
    let screen = ListScreen.logging(height: 6)
    screen.setRoot(
      CompositeSection(id: "list", header: lines(["list-header"]), pinsHeader: true) {
        for g in 0..<3 {
          CompositeSection(id: "g\(g)", header: lines(["g\(g)-header"]), pinsHeader: true) {
            lines((0..<10).map { "g\(g)-\($0)" })
          }
        }
      })
    // Group g0 spans points 1-11 (header at 1), g1 starts at 12.
    for offset in [5, 8, 9, 10, 11] {
      screen.collectionView.setContentOffset(CGPoint(x: 0, y: offset), animated: false)
      expectSnapshot(screen, named: "offset\(offset)")
    }
  }

  @Test("after resizes the header is still pinned where the new viewport starts")
  func resizes() {
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(CompositeSection(pinned("a", count: 20), pinned("b", count: 20)))
    screen.scroll(by: 10)
    screen.resize(width: 20, height: 6)
    #expect(screen.text == "a-header=0\na10=0\na11=0\na12=0\na13=0\na14=0")
    screen.resize(width: 30, height: 2)
    #expect(screen.text == "a-header=0\na10=0")
    screen.resize(width: 20, height: 0)
    #expect(screen.text == "")
    screen.resize(width: 20, height: 3)
    #expect(screen.text == "a-header=0\na10=0\na11=0")
  }

  @Test("with estimated sizes the header pins the same")
  func estimated() {
    let screen = ListScreen.logging(height: 4)
    screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 20, height: 3)
    screen.setRoot(CompositeSection(pinned("a", count: 500), pinned("b", count: 500)))
    screen.scroll(by: 250)
    #expect(screen.text.hasPrefix("a-header=0\n"))
    // Each item lands just below its pinned header, the header sized on the
    // way (it was at its estimate).
    screen.scroll(toIdentifier: "b100", sectionPath: ["b"])
    #expect(screen.text == "b-header=0\nb100=0\nb101=0\nb102=0")
    screen.scroll(toIdentifier: "a400", sectionPath: ["a"])
    #expect(screen.text == "a-header=0\na400=0\na401=0\na402=0")
  }

  @Test("scrolling horizontally the header pins at the leading edge")
  func horizontal() throws {
    let screen = ListScreen.logging(height: 10, width: 20)
    let layout = screen.collectionView.collectionViewLayout
    layout.scrollDirection = .horizontal
    // Items are the container's width (20) and 1 tall: columns of ten.
    // Section a (header and 30 items) fills four columns, 80 points.
    screen.setRoot(CompositeSection(pinned("a", count: 30), pinned("b", count: 30)))
    screen.collectionView.setContentOffset(CGPoint(x: 0, y: 0), animated: false)
    let header = try #require(screen.dataSource.indexPath(forIdentifier: "a-header", sectionPath: ["a"]))
    let width = try #require(screen.collectionView.layoutAttributesForItem(at: header)).frame.width
    screen.collectionView.setContentOffset(CGPoint(x: width * 2 + 5, y: 0), animated: false)
    screen.collectionView.layoutIfNeeded()
    let cell = try #require(screen.collectionView.cellForItem(at: header))
    #expect(cell.frame.minX == screen.collectionView.contentOffset.x)
  }

  @Test("a header block taller than the viewport is reported and not pinned: it scrolls with its items")
  func tallHeader() {
    let screen = ListScreen.logging(height: 3)
    screen.expectWarnings(.invalidGeometry) {
      screen.setRoot(
      CompositeSection(id: "s", header: lines(["h1", "h2", "h3", "h4"]), pinsHeader: true) {
        lines((0..<20).map { "i\($0)" })
      })
    }
    #expect(screen.diagnostics.filter { $0.kind == .invalidGeometry }.count == 1)
    #expect(screen.diagnostics.last?.message.contains("not pinned") == true, "\(screen.diagnostics)")
    #expect(screen.text == "h1=0\nh2=0\nh3=0")
    screen.scroll(by: 5)
    #expect(screen.text == "i1=0\ni2=0\ni3=0")
  }

  /// Sections whose view-model arrays are the very storage of sections
  /// shown before, diffed section by section or as whole lists, before and
  /// after a section made afresh: the pinned ranges recorded around them
  /// must count every item.
  @Test("pinned headers stay right when the sections' arrays are handed over again")
  func pinnedHeadersOverReusedLeaves() {
    let screen = ListScreen.logging(height: 4)
    let a = (0..<6).map { ItemVM(identifier: "a\($0)", value: 0, height: 1) }
    let b = (0..<6).map { ItemVM(identifier: "b\($0)", value: 0, height: 1) }
    let aHeader = [ItemVM(identifier: "a-header", value: 0, height: 1)]
    let bHeader = [ItemVM(identifier: "b-header", value: 0, height: 1)]
    func root(first: [ItemVM]? = nil) -> Section {
      CompositeSection(
        first.map { section($0, id: "first") },
        CompositeSection(id: "a", header: section(aHeader), pinsHeader: true) { section(a) },
        CompositeSection(id: "b", header: section(bHeader), pinsHeader: true) { section(b) })
    }
    screen.setRoot(root())
    screen.scroll(by: 8)
    #expect(screen.text == "b-header=0\nb1=0\nb2=0\nb3=0")
    // The same arrays again.
    screen.setRoot(root())
    #expect(screen.text == "b-header=0\nb1=0\nb2=0\nb3=0")
    // A new leaf first: the taken leaves follow items made afresh.
    screen.setRoot(root(first: [ItemVM(identifier: "x", value: 0, height: 1)]))
    screen.scroll(by: -20)
    screen.scroll(by: 3)
    #expect(screen.text == "a-header=0\na2=0\na3=0\na4=0")
    screen.scroll(by: 6)
    #expect(screen.text == "b-header=0\nb1=0\nb2=0\nb3=0")
    #expect(screen.log.violations.isEmpty)
  }
  @Test("at every scroll position a pinned header's appearance, cell and layout attributes agree with where it is drawn")
  func pinnedHeaderAppearanceFollowsDrawnFrame() throws {
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(
      CompositeSection(
        pinned("a", count: 12),
        CompositeSection(id: "list", header: lines(["list-header"]), pinsHeader: true) {
          pinned("b", count: 12)
          pinned("c", count: 6)
        }))
    let view = screen.collectionView
    let headers = try [("a-header", ["a"]), ("list-header", ["list"]), ("b-header", ["list", "b"])].map {
      ($0.0, try #require(screen.controller($0.0, sectionPath: $0.1)))
    }
    var drawnAway = 0
    for step in 0..<80 {
      screen.scroll(by: step < 40 ? 1 : -1)
      let bounds = view.bounds
      for (cell, path) in zip(view.visibleCells, view.indexPathsForVisibleItems) {
        #expect(view.layoutAttributesForItem(at: path)?.frame == cell.frame, "step \(step) item \(path)")
        #expect(bounds.intersects(cell.frame), "step \(step) item \(path)")
      }
      for (name, header) in headers {
        let events = screen.log.events(of: header)
        let appearance = events.last {
          ["didAppear", "didFullyAppear", "willPartiallyDisappear", "willDisappear"].contains($0)
        }
        guard let cell = view.visibleCells.first(where: { $0.textRepresentation.hasPrefix("\(name)=") }) else {
          #expect(appearance == nil || appearance == "willDisappear", "step \(step) \(name): \(events)")
          continue
        }
        let full = bounds.contains(cell.frame)
        #expect(appearance == (full ? "didFullyAppear" : "didAppear"), "step \(step) \(name): \(events)")
        // Items are one point tall in one collection section: an item's
        // laid-out place starts at its index.
        let path = try #require(view.indexPath(for: cell))
        if cell.frame.minY != CGFloat(path.item) { drawnAway += 1 }
      }
    }
    #expect(drawnAway > 40, "pinned headers were drawn away from their laid-out place")
    #expect(screen.log.violations.isEmpty)
  }

  @Test("indexPathForItem(at:) finds a pinned header where it is drawn, not the item under it")
  func hitTestingAPinnedHeader() {
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(CompositeSection(pinned("a", count: 6), pinned("b", count: 6)))
    screen.scroll(by: 3)
    #expect(screen.text.hasPrefix("a-header=0\na3=0"))
    let view = screen.collectionView
    #expect(view.indexPathForItem(at: CGPoint(x: 1, y: 3.5))?.item == 0)
    #expect(view.indexPathForItem(at: CGPoint(x: 1, y: 4.5))?.item == 4)
  }
  @Test("a nested pinned header stacks below its ancestor's, past a pinned sibling and a pinned section without a header")
  func nestedHeaderPastAHeaderlessPinnedSection() throws {
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(
      CompositeSection(id: "g1", header: section([ItemVM(identifier: "h1", height: 2)]), pinsHeader: true) {
        CompositeSection(id: "g2", header: lines(["h2"]), pinsHeader: true) { lines(["b0", "b1"]) }
        CompositeSection(id: "g3", header: nil, pinsHeader: true) {
          CompositeSection(id: "g4", header: lines(["h4"]), pinsHeader: true) { lines(["c0", "c1", "c2", "c3"]) }
        }
      })
    screen.scroll(to: 4)
    let view = screen.collectionView
    let frame = { (name: String) in
      view.visibleCells.first { $0.textRepresentation == "\(name)=0" }?.frame
    }
    // h1 is pinned at 4..<6; h2, whose section g2 ends at 5, is pushed up
    // under it; h4 stacks right below h1, over c0.
    #expect(try #require(frame("h1")).minY == 4)
    #expect(try #require(frame("h4")).minY == 6)
    #expect(screen.text == "h1=0\n\nh4=0\nc1=0")
    #expect(screen.log.violations.isEmpty)
  }
  @Test("scrolling an item to the top puts it just below the header pinned over it, not under it")
  func scrollToTopBelowThePinnedHeader() {
    let screen = ListScreen.logging(height: 4)
    screen.setRoot(CompositeSection(pinned("a", count: 6), pinned("b", count: 6)))
    screen.scroll(toIdentifier: "a4")
    #expect(screen.text == "a-header=0\na4=0\na5=0\nb-header=0")
    // The data source's own scroll, and a header item itself, which pins
    // nothing over itself.
    #expect(screen.dataSource.scrollToItem(identifier: "b2"))
    #expect(screen.text == "b-header=0\nb2=0\nb3=0\nb4=0")
    screen.scroll(toIdentifier: "b-header")
    #expect(screen.text == "b-header=0\nb0=0\nb1=0\nb2=0")
    #expect(screen.log.violations.isEmpty)
  }

  @Test("scrolling into nested pinned sections lands below every header stacked over the item")
  func scrollToTopBelowNestedPinnedHeaders() {
    let screen = ListScreen.logging(height: 6)
    screen.setRoot(
      CompositeSection(id: "g1", header: section([ItemVM(identifier: "h1", height: 2)]), pinsHeader: true) {
        CompositeSection(id: "g2", header: lines(["h2"]), pinsHeader: true) { lines(["b0", "b1"]) }
        CompositeSection(id: "g3", header: nil, pinsHeader: true) {
          CompositeSection(id: "g4", header: lines(["h4"]), pinsHeader: true) {
            lines((0..<8).map { "c\($0)" })
          }
        }
      })
    screen.scroll(toIdentifier: "c3")
    #expect(screen.text == "h1=0\n\nh4=0\nc3=0\nc4=0\nc5=0")
    // Below the sibling's header too, under the outer one.
    screen.scroll(toIdentifier: "b1")
    #expect(screen.text.hasPrefix("h1=0\n\nh2=0\nb1=0"))
    #expect(screen.log.violations.isEmpty)
  }
}
