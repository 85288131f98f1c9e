import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import Testing

struct Person: ListIdentifiable {
  var identifier: String
  var name: String
}

@Suite("Sections: flattening, scoping and bad input")
@MainActor
struct SectionTests {
  @Test("sections flatten in order at any depth, into section 0")
  func flattening() {
    let screen = ListScreen.logging(height: 100)
    screen.setRoot(
      CompositeSection(
        section(items("a")),
        CompositeSection(section(items("b", "c")), CompositeSection(CompositeSection(section(items("d"))))),
        nil,
        section(items("e"))))
    #expect(screen.collectionView.numberOfSections == 1)
    #expect(screen.shown == ["a=0", "b=0", "c=0", "d=0", "e=0"])
  }

  @Test("the same identifier in two sections is two items")
  func scopedIdentifiers() throws {
    let screen = ListScreen.logging(height: 100)
    screen.setRoot(
      CompositeSection(section(items("x", "y"), id: "first"), section(items("x", "y", value: 1), id: "second")))
    #expect(screen.shown == ["x=0", "y=0", "x=1", "y=1"])
    #expect(screen.diagnostics.isEmpty)
    #expect(screen.dataSource.indexPath(forIdentifier: "x", sectionPath: ["second"])?.item == 2)
    #expect(screen.dataSource.indexPath(forIdentifier: "x")?.item == 0)
    #expect(screen.controller("x", sectionPath: ["first"]) !== screen.controller("x", sectionPath: ["second"]))
  }

  @Test("a duplicate within one section is reported with its identifier and path; the first stays")
  func duplicateInSection() throws {
    let screen = ListScreen.logging(height: 100)
    var models = items("a", "b", "a", "c", "b")
    for index in models.indices { models[index].value = index }
    screen.expectWarnings(.duplicateIdentifier) {
      screen.setRoot(CompositeSection(section(items("z")), section(models, id: "list")))
    }
    #expect(screen.shown == ["z=0", "a=0", "b=1", "c=3"])
    let duplicates = screen.diagnostics.filter { $0.kind == .duplicateIdentifier }
    #expect(duplicates.map(\.identifier) == ["a", "b"])
    let first = try #require(duplicates.first)
    #expect(first.sectionPath == "root > \"list\"")
    #expect(first.description.contains("\"a\""))
    #expect(first.description.contains("root > \"list\""))

    // The update went on: the next root diffs against the deduplicated list.
    screen.resetRecords()
    screen.setRoot(CompositeSection(section(items("z")), section(items("c", "a"), id: "list")))
    #expect(screen.shown == ["z=0", "c=0", "a=0"])
    #expect(screen.diagnostics.filter { $0.kind == .rejectedBatch }.isEmpty)
  }

  @Test("a duplicate that is new next to an item already shown is dropped, the shown one kept")
  func duplicateOfShownItem() throws {
    let screen = ListScreen.logging(height: 100)
    screen.setRoot(section(items("a", "b")))
    let a = try #require(screen.controller("a"))
    screen.expectWarnings(.duplicateIdentifier) {
      screen.setRoot(section([ItemVM(identifier: "a", value: 5)] + items("a", "b")))
    }
    #expect(screen.shown == ["a=5", "b=0"])
    #expect(screen.controller("a") === a)
    #expect(screen.diagnostics.map(\.kind) == [.duplicateIdentifier])
  }

  @Test("explicit ids keep identities when sibling sections are reordered, inserted or removed")
  func explicitIDsKeepControllers() throws {
    let screen = ListScreen.logging(height: 200)
    screen.setRoot(CompositeSection(section(items("a", "b"), id: "x"), section(items("a", "b"), id: "y")))
    let xa = try #require(screen.controller("a", sectionPath: ["x"]))
    let yb = try #require(screen.controller("b", sectionPath: ["y"]))
    xa.updateState(ItemState(note: "xa"))
    screen.log.reset()

    screen.setRoot(
      CompositeSection(
        section(items("new")), section(items("a", "b"), id: "y"), section(items("a", "b"), id: "x")))
    #expect(screen.controller("a", sectionPath: ["x"]) === xa)
    #expect(screen.controller("b", sectionPath: ["y"]) === yb)
    #expect(xa.viewState.note == "xa")
    #expect(screen.log.all.filter { $0.hasSuffix(":init") } == ["new:init"])
    #expect(screen.dataSource.indexPath(forIdentifier: "a", sectionPath: ["x"])?.item == 3)

    screen.setRoot(CompositeSection(section(items("a", "b"), id: "x")))
    #expect(screen.controller("a", sectionPath: ["x"]) === xa)
    #expect(screen.shown == ["a=0", "b=0"])
  }

  @Test("nested explicit ids reordered at every level keep every controller and its state")
  func nestedExplicitIDs() throws {
    func root(outerFirst: Bool, innerFirst: Bool) -> Section {
      let inner = [section(items("a", "b"), id: "in1"), section(items("a", "b"), id: "in2")]
      let outerA = CompositeSection(innerFirst ? inner : inner.reversed(), id: "outA")
      let outerB = CompositeSection(
        section(items("c")), CompositeSection(section(items("a"), id: "deep"), id: "mid"), id: "outB")
      return CompositeSection(outerFirst ? [outerA, outerB] : [outerB, outerA])
    }
    let screen = ListScreen.logging(height: 400)
    screen.setRoot(root(outerFirst: true, innerFirst: true))
    let paths: [(String, [String])] = [
      ("a", ["outA", "in1"]), ("b", ["outA", "in1"]), ("a", ["outA", "in2"]), ("b", ["outA", "in2"]),
      ("a", ["outB", "mid", "deep"]),
    ]
    var controllers: [ObjectIdentifier] = []
    for (index, (identifier, path)) in paths.enumerated() {
      let controller = try #require(screen.controller(identifier, sectionPath: path))
      controller.updateState(ItemState(note: "state\(index)"))
      controllers.append(ObjectIdentifier(controller))
    }
    for (outerFirst, innerFirst) in [(false, true), (false, false), (true, false), (true, true)] {
      screen.setRoot(root(outerFirst: outerFirst, innerFirst: innerFirst))
      for (index, (identifier, path)) in paths.enumerated() {
        let controller = try #require(screen.controller(identifier, sectionPath: path))
        #expect(ObjectIdentifier(controller) == controllers[index], "\(identifier) in \(path)")
        #expect(controller.viewState.note == "state\(index)")
      }
      #expect(screen.log.liveControllers.count == 6)
      #expect(screen.diagnostics.isEmpty)
    }
    #expect(screen.dataSource.indexPath(forIdentifier: "a", sectionPath: ["deep"])?.item == 5)
  }

  @Test("without ids, position scopes: reordering sections makes new identities")
  func positionScopes() throws {
    let screen = ListScreen.logging(height: 200)
    screen.setRoot(CompositeSection(section(items("a")), section(items("b"))))
    weak var a: ItemController?  // Swift 6.2 has no `weak let`
    a = screen.controller("a")
    #expect(a != nil)
    screen.setRoot(CompositeSection(section(items("b")), section(items("a"))))
    #expect(a == nil)
    #expect(screen.shown == ["b=0", "a=0"])
  }

  @Test("a nil child keeps its position, so later siblings keep their identities")
  func nilKeepsPosition() throws {
    let screen = ListScreen.logging(height: 200)
    screen.setRoot(CompositeSection(section(items("h")), section(items("a"))))
    let a = try #require(screen.controller("a"))
    screen.setRoot(CompositeSection(nil, section(items("a"))))
    #expect(screen.controller("a") === a)
    #expect(screen.shown == ["a=0"])
  }

  @Test("the builder form: if, if/else and for keep the positions of what follows")
  func builderForm() throws {
    func root(header: Bool, grid: Bool, extra: [String]) -> Section {
      CompositeSection {
        if header { section(items("header")) }
        if grid { section(items("grid")) } else { ListSection<ItemVM, AltController>(items("list")) }
        for name in extra { section(items(name)) }
        section(items("footer"))
      }
    }
    let screen = ListScreen.logging(height: 200)
    screen.setRoot(root(header: true, grid: true, extra: ["e1", "e2"]))
    #expect(screen.shown == ["header=0", "grid=0", "e1=0", "e2=0", "footer=0"])
    let footer = try #require(screen.controller("footer"))
    screen.setRoot(root(header: false, grid: false, extra: []))
    #expect(screen.shown == ["list=0", "footer=0"])
    #expect(screen.controller("footer") === footer)
    #expect(screen.cell(at: 0) is AltCell)
  }

  @Test("the builder's two branches never share identities")
  func builderBranchesDiffer() throws {
    func root(_ flag: Bool) -> Section {
      CompositeSection(id: "root") {
        if flag { section(items("same")) } else { section(items("same")) }
      }
    }
    let screen = ListScreen.logging(height: 200)
    screen.setRoot(root(true))
    weak var first: ItemController?  // Swift 6.2 has no `weak let`
    first = screen.controller("same")
    #expect(first != nil)
    screen.setRoot(root(false))
    #expect(first == nil)
    #expect(screen.shown == ["same=0"])
  }

  @Test("ListRenderSection scopes by model: removing one model keeps the others' controllers")
  func renderSection() throws {
    let people = [Person(identifier: "p1", name: "Ann"), Person(identifier: "p2", name: "Bob")]
    func root(_ people: [Person]) -> Section {
      ListRenderSection(people) { person in
        CompositeSection(
          section([ItemVM(identifier: "name", value: person.name.count)]),
          person.name == "Bob" ? ListSection<ItemVM, AltController>(items("badge")) : nil)
      }
    }
    let screen = ListScreen.logging(height: 200)
    screen.setRoot(root(people))
    #expect(screen.shown == ["name=3", "name=3", "badge=0"])
    let bobName = try #require(screen.controller("name", sectionPath: ["p2"]))
    screen.setRoot(root([people[1]]))
    #expect(screen.controller("name", sectionPath: ["p2"]) === bobName)
    #expect(screen.shown == ["name=3", "badge=0"])
    #expect(screen.diagnostics.isEmpty)
  }

  @Test("ListSection's convenience initializers and transforms; nil drops a model with a note")
  func listSectionForms() throws {
    let people = [Person(identifier: "p1", name: "Ann"), Person(identifier: "p2", name: ""),
                  Person(identifier: "p3", name: "Cy")]
    let delegate = NSObject()
    let screen = ListScreen.logging(height: 200)
    screen.setRoot(
      CompositeSection(
        ListSection<Person, ItemController>(people, id: "people", delegate: WeakAnyObject(object: delegate)) {
          $0.name.isEmpty ? nil : ItemVM(identifier: $0.identifier, value: $0.name.count)
        },
        ListSection<Person, ItemController>(people[0]) { ItemVM(identifier: "single-" + $0.identifier) },
        ListSection<ItemVM, ItemController>(ItemVM(identifier: "one")),
        ListSection<ItemVM, ItemController>(items("two", "three"), id: "explicit", delegate: .none),
        ListSection<ItemVM, ItemController>([ItemVM(identifier: "four")], id: "last")))
    #expect(screen.shown == ["p1=3", "p3=2", "single-p1=0", "one=0", "two=0", "three=0", "four=0"])
    let dropped = try #require(screen.diagnostics.first { $0.kind == .droppedModels })
    #expect(dropped.severity == .note)
    #expect(dropped.description.contains("1 of 3"))
    #expect(dropped.sectionPath == "root > \"people\"")
  }

  @Test("an empty identifier is shown and reported")
  func emptyIdentifier() {
    let screen = ListScreen.logging(height: 200)
    screen.expectWarnings(.emptyIdentifier) { screen.setRoot(section(items("", "a"))) }
    #expect(screen.shown == ["=0", "a=0"])
    #expect(screen.diagnostics.map(\.kind) == [.emptyIdentifier])
    #expect(screen.diagnostics.first?.severity == .warning)
  }

  @Test("sibling sections sharing an id are reported; repeated identifiers across them shown once")
  func duplicateSectionIDs() {
    let screen = ListScreen.logging(height: 200)
    screen.expectWarnings(.duplicateIdentifier, .duplicateSectionID) {
      screen.setRoot(CompositeSection(section(items("a", "b"), id: "s"), section(items("b", "c"), id: "s")))
    }
    #expect(screen.shown == ["a=0", "b=0", "c=0"])
    #expect(screen.diagnostics.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.duplicateIdentifier, .duplicateSectionID])
  }

  @Test("negative and non-finite sizes are clamped to zero and reported")
  func invalidSizes() throws {
    final class Broken: ListCellController<ItemVM, ListViewStateNone, ItemCell> {
      override func itemSize(containerSize: CGSize) -> CGSize {
        switch viewModel.value {
        case 0: return CGSize(width: -5, height: 10)
        case 1: return CGSize(width: 10, height: CGFloat.nan)
        case 2: return CGSize(width: CGFloat.infinity, height: -CGFloat.infinity)
        default: return CGSize(width: 10, height: 10)
        }
      }
    }
    let screen = ListScreen.logging(height: 200)
    let models = (0..<4).map { ItemVM(identifier: "i\($0)", value: $0) }
    screen.expectWarnings(.invalidItemSize) { screen.setRoot(ListSection<ItemVM, Broken>(models)) }
    let reports = screen.diagnostics.filter { $0.kind == .invalidItemSize }
    #expect(reports.map(\.identifier) == ["i0", "i1", "i2"])
    for item in 0..<3 {
      let frame = try #require(
        screen.collectionView.layoutAttributesForItem(at: IndexPath(item: item, section: 0))?.frame)
      #expect(frame.width == 0 || frame.height == 0, "item \(item): \(frame)")
      #expect(frame.width.isFinite && frame.height.isFinite)
    }
    #expect(screen.collectionView.numberOfItems(inSection: 0) == 4)
  }

  @Test("EquatableNoop leaves its property out of equality, so changing it is not an update")
  func equatableNoop() throws {
    struct Tappable: ListViewModel, Equatable {
      var identifier: String
      var title: String
      @EquatableNoop var onTap: @Sendable () -> Int
    }
    final class TapController: ListCellController<Tappable, ListViewStateNone, ItemCell> {
      var updates = 0
      override func itemSize(containerSize: CGSize) -> CGSize { CGSize(width: 5, height: 5) }
      override func didUpdateViewModel(oldViewModel: Tappable) { updates += 1 }
    }
    #expect(Tappable(identifier: "a", title: "t", onTap: { 1 }) == Tappable(identifier: "a", title: "t", onTap: { 2 }))
    let noop = EquatableNoop(wrappedValue: 3)
    #expect(noop == EquatableNoop(wrappedValue: 4))
    #expect(noop.hashValue == EquatableNoop(wrappedValue: 5).hashValue)

    let screen = ListScreen.logging()
    screen.setRoot(ListSection<Tappable, TapController>(Tappable(identifier: "a", title: "t", onTap: { 1 })))
    screen.setRoot(ListSection<Tappable, TapController>(Tappable(identifier: "a", title: "t", onTap: { 2 })))
    let controller = try #require(screen.dataSource.cellController(forIdentifier: "a") as? TapController)
    #expect(controller.updates == 0)
    #expect(controller.viewModel.onTap() == 1)
    screen.setRoot(ListSection<Tappable, TapController>(Tappable(identifier: "a", title: "u", onTap: { 3 })))
    #expect(controller.updates == 1)
    #expect(controller.viewModel.onTap() == 3)
  }

  @Test("ListViewModelNone and default isEqual across types")
  func noneViewModel() {
    #expect(ListViewModelNone.none.identifier == "ListViewModelNone")
    #expect(ListViewModelNone.none.isEqual(to: ListViewModelNone()))
    #expect(!ListViewModelNone.none.isEqual(to: ItemVM(identifier: "ListViewModelNone")))
    #expect(ItemVM(identifier: "a").isEqual(to: ItemVM(identifier: "a")))
    #expect(!ItemVM(identifier: "a").isEqual(to: ItemVM(identifier: "a", value: 1)))
  }
}
