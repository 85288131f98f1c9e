import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

@Suite("Controller lifecycle")
@MainActor
struct LifecycleTests {
  @Test("first display: configure, layout, mount, appear, fully appear — in that order")
  func firstDisplayOrder() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b", "c", "d", "e", "f", "g")))
    let a = try #require(screen.controller("a"))
    #expect(
      screen.log.events(of: a) == [
        "init", "configure", "cellDidLayoutSubviews", "didMount", "didAppear", "didFullyAppear",
      ])
    // f starts where the viewport ends: sized (so it has a controller) but never displayed.
    let f = try #require(screen.controller("f"))
    #expect(screen.log.events(of: f) == ["init"])
    #expect(screen.shown == ["a=0", "b=0", "c=0", "d=0", "e=0"])
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }

  @Test("scrolling: partial, then full disappearance; unmount only when the cell changes hands")
  func scrollingOrder() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b", "c", "d", "e", "f", "g", "h", "i", "j")))
    let a = try #require(screen.controller("a"))
    let f = try #require(screen.controller("f"))
    screen.log.reset()

    screen.scroll(to: 5)
    #expect(screen.log.events(of: a) == ["willPartiallyDisappear"])
    #expect(
      screen.log.events(of: f) == ["configure", "cellDidLayoutSubviews", "didMount", "didAppear"])

    screen.scroll(to: 50)
    // Scrolling out is not unmounting: `willUnmount` comes only if another
    // item took a's cell from the reuse queue.
    let cellOfAWasTaken = screen.log.events(of: a).contains("willUnmount")
    #expect(
      screen.log.events(of: a)
        == ["willPartiallyDisappear", "willDisappear"] + (cellOfAWasTaken ? ["willUnmount"] : []))
    #expect(
      screen.log.events(of: f) == [
        "configure", "cellDidLayoutSubviews", "didMount", "didAppear", "didFullyAppear",
      ])

    screen.log.reset()
    screen.scroll(to: 0)
    let mountAgain = ["configure", "cellDidLayoutSubviews", "didMount"]
    let handedBack = screen.log.events(of: a) == ["didAppear", "didFullyAppear"]
    #expect(
      handedBack
        || screen.log.events(of: a)
          == (cellOfAWasTaken ? [] : ["willUnmount"]) + mountAgain + ["didAppear", "didFullyAppear"],
      "\(screen.log.events(of: a))")
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }

  @Test("out of view and back, its cell unused meanwhile: appearance callbacks only, same cell")
  func outAndBackKeepsTheMount() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b", "c", "d", "e")))
    let e = try #require(screen.controller("e"))
    let cellOfE = try #require(screen.cell(at: 4))
    screen.log.reset()

    // A shorter viewport: e leaves, and no item arrives to take its cell.
    screen.collectionView.frame.size.height = 35
    screen.collectionView.layoutIfNeeded()
    #expect(screen.log.events(of: e) == ["willPartiallyDisappear", "willDisappear"])

    screen.collectionView.frame.size.height = 50
    screen.collectionView.layoutIfNeeded()
    #expect(
      screen.log.events(of: e) == [
        "willPartiallyDisappear", "willDisappear", "didAppear", "didFullyAppear",
      ])
    #expect(screen.cell(at: 4) === cellOfE)
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }

  @Test("a cell changing hands: the old controller unmounts before the new one mounts")
  func cellChangesHands() throws {
    let screen = ListScreen.logging(height: 30)
    screen.setRoot(section(items("a", "b", "c", "d", "e", "f")))
    let cellOfA = try #require(screen.cell(at: 0))
    screen.log.reset()
    screen.scroll(to: 30)
    // One of the cells now showing d, e, f is a's former cell.
    let reusedBy = try #require(
      screen.collectionView.visibleCells.first { $0 === cellOfA } as? ItemCell)
    let newOwner = try #require(reusedBy.shown?.identifier)
    let unmountA = try #require(screen.log.all.firstIndex(of: "a:willUnmount"))
    let mountNew = try #require(screen.log.all.firstIndex(of: "\(newOwner):didMount"))
    #expect(unmountA < mountNew)
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }

  @Test("view state survives scrolling out, cell reuse and scrolling back")
  func viewStateSurvivesReuse() throws {
    let screen = ListScreen.logging(height: 30)
    screen.setRoot(section(items("a", "b", "c", "d", "e", "f", "g", "h")))
    let a = try #require(screen.controller("a"))
    a.updateState(ItemState(note: "kept", extraHeight: 5))
    #expect(screen.cell(at: 0)?.shownNote == "kept")
    #expect(screen.collectionView.layoutAttributesForItem(at: IndexPath(item: 0, section: 0))?.frame.height == 15)
    #expect(screen.collectionView.layoutAttributesForItem(at: IndexPath(item: 1, section: 0))?.frame.minY == 15)

    screen.scroll(to: 60)
    #expect(a.mountedCell == nil)
    #expect(!screen.shown.contains { $0.hasPrefix("a=") })
    screen.scroll(to: 0)
    let again = try #require(screen.controller("a"))
    #expect(again === a)
    #expect(again.viewState == ItemState(note: "kept", extraHeight: 5))
    #expect(screen.cell(at: 0)?.shownNote == "kept")
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }

  @Test("controllers are released when their items are deleted, after unmounting")
  func controllersReleasedOnDelete() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b", "c", "d", "e", "f", "g")))
    weak var b: ItemController?  // Swift 6.2 has no `weak let`
    b = screen.controller("b")
    weak var g: ItemController?  // Swift 6.2 has no `weak let`
    g = screen.controller("g")
    let c = try #require(screen.controller("c"))
    #expect(b != nil && g != nil)

    screen.setRoot(section(items("a", "c", "d", "e", "f")))
    #expect(b == nil)
    #expect(g == nil)
    #expect(screen.controller("c") === c)
    #expect(screen.log.all.contains("b:willDisappear"))
    #expect(screen.log.all.contains("b:willUnmount"))
    #expect(screen.log.liveControllers.count == 5)
    #expect(screen.dataSource.inspection.cellControllerCount == 5)
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }

  @Test("updateState from didSelect reconfigures and re-sizes before selectItem returns")
  func updateStateFromSelection() throws {
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(section(items("a", "b", "c")))
    let b = try #require(screen.controller("b"))
    b.selectAction = { controller in
      var state = controller.viewState
      state.note = "tapped"
      state.extraHeight = 10
      controller.updateState(state)
    }
    screen.log.reset()
    screen.collectionView.selectItem(at: IndexPath(item: 1, section: 0))
    #expect(screen.log.events(of: b).prefix(2) == ["didSelect", "configure"])
    #expect(screen.cell(at: 1)?.shownNote == "tapped")
    #expect(screen.cell(at: 1)?.frame.height == 20)
    #expect(screen.cell(at: 2)?.frame.minY == 30)
    #expect(screen.log.events(of: b).contains("cellDidLayoutSubviews"))
  }

  @Test("updateState of an off-screen item re-sizes it without configuring any cell")
  func updateStateOffScreen() throws {
    let screen = ListScreen.logging(height: 20)
    screen.setRoot(section(items("a", "b", "c", "d")))
    let heightBefore = screen.collectionView.contentSize.height
    let d = try #require(screen.controller("d"))
    screen.log.reset()
    d.updateState(ItemState(note: "far", extraHeight: 7))
    #expect(screen.collectionView.contentSize.height == heightBefore + 7)
    #expect(screen.log.events(of: d).isEmpty)
    screen.scroll(to: 100)
    let notes = screen.collectionView.visibleCells.compactMap { ($0 as? ItemCell)?.shownNote }
    #expect(notes.contains("far"))
  }

  @Test("state changed inside configureCell is stored without configuring again")
  func updateStateInsideConfigure() throws {
    final class EagerController: ListCellController<ItemVM, ItemState, ItemCell> {
      var configures = 0
      override func itemSize(containerSize: CGSize) -> CGSize {
        CGSize(width: containerSize.width, height: 10 + viewState.extraHeight)
      }
      override func configureCell(cell: ItemCell) {
        configures += 1
        if viewState.note.isEmpty { updateState(ItemState(note: "set", extraHeight: 4)) }
        cell.shownNote = viewState.note
      }
    }
    let screen = ListScreen.logging(height: 50)
    screen.setRoot(ListSection<ItemVM, EagerController>(items("a", "b")))
    let a = try #require(screen.dataSource.cellController(forIdentifier: "a") as? EagerController)
    #expect(a.configures == 1)
    #expect(a.viewState.note == "set")
    #expect(screen.cell(at: 0)?.frame.height == 14)
  }
}

@Suite("Unmounting when the data source goes")
@MainActor
struct ReleaseTests {
  @Test("a nil root unmounts every mounted controller once, after its disappearance")
  func nilRootUnmountsAll() throws {
    let screen = ListScreen.logging(height: 30)
    screen.setRoot(section(items("a", "b", "c", "d", "e")))
    // d and e take a's and b's cells; back at the top, a and b take theirs.
    screen.scroll(to: 20)
    screen.scroll(to: 0)
    screen.setRoot(nil)
    for identifier in ["a", "b", "c", "d", "e"] {
      let events = screen.log.all.filter { $0.hasPrefix("\(identifier):") }
      let mounts = events.filter { $0.hasSuffix(":didMount") }.count
      #expect(mounts > 0, "\(identifier): \(events)")
      #expect(events.filter { $0.hasSuffix(":willUnmount") }.count == mounts, "\(identifier): \(events)")
      #expect(events.last == "\(identifier):willUnmount", "\(identifier): \(events)")
    }
    #expect(screen.log.violations.isEmpty, "\(screen.log.violations)")
  }

  @Test("releasing the data source unmounts every mounted controller once")
  func releaseUnmountsAll() throws {
    let log = EventLog()
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 30), collectionViewLayout: layout)
    var dataSource: ListDiffDataSource? = ListDiffDataSource(
      collectionView: collectionView, contextObjects: log)
    dataSource?.setRootSection(section(items("a", "b", "c", "d", "e")))
    let mounted = log.all.filter { $0.hasSuffix(":didMount") }.count
    #expect(mounted == 3)
    log.all = []
    dataSource = nil
    #expect(log.all.filter { $0.hasSuffix(":willUnmount") }.count == mounted, "\(log.all)")
    #expect(collectionView.dataSource == nil)
    #expect(log.violations.isEmpty, "\(log.violations)")
  }
}
