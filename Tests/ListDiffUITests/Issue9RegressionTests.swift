import Foundation
import HeadlessCollection
import ListDiffUI
import ListDiffUITesting
import TestSupport
import Testing

// One test per defect issue 9 names, each failing on the data source before
// its restructuring (c0bc586). Scripted ones use a ReentrancyModel without
// random re-entry: it checks every callback against the lifecycle grammar
// while the script sets roots from the callbacks the defect is about.

/// A text view model for the label test.
struct SizedLabelViewModel: ListViewModel, Equatable {
  var identifier: String
  var text: String
}

/// A cell with a label its controller sizes to the text in
/// `cellDidLayoutSubviews`, as UIKit code sizes labels in layout.
final class SizedLabelCell: ListCell {
  var text = ""
  var labelWidth = 0
  override var textRepresentation: String { String(text.prefix(labelWidth)) }
}

final class SizedLabelController: ListCellController<SizedLabelViewModel, ListViewStateNone, SizedLabelCell> {
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: SizedLabelCell) { cell.text = viewModel.text }
  override func cellDidLayoutSubviews(cell: SizedLabelCell) {
    cell.labelWidth = min(cell.text.count, Int(cell.frame.width))
  }
}

/// View models with these identifiers.
func viewModels(_ identifiers: String...) -> [ItemVM] {
  identifiers.map { ItemVM(identifier: $0) }
}

/// Counts calls from any thread.
final class CallCounter: Sendable {
  private let counts = LockedValue((all: 0, onMain: 0))

  func count() {
    let onMain = Thread.isMainThread
    counts.withValue {
      $0.all += 1
      if onMain { $0.onMain += 1 }
    }
  }

  var all: Int { counts.withValue { $0.all } }
  var onMain: Int { counts.withValue { $0.onMain } }
}

@Suite("Issue 9: one regression test per defect")
@MainActor
struct Issue9RegressionTests {
  /// A model with no random re-entry, `width` × `height`.
  private func scriptedModel(width: CGFloat = 20, height: CGFloat = 30, applyUpdatesAsync: Bool = false)
    -> ReentrancyModel
  {
    let model = ReentrancyModel(applyUpdatesAsync: applyUpdatesAsync, reentryOdds: 0)
    model.collectionView.frame = CGRect(x: 0, y: 0, width: width, height: height)
    model.script = { _, _ in }
    return model
  }

  private func expectClean(_ model: ReentrancyModel, sourceLocation: SourceLocation = #_sourceLocation) {
    model.collectionView.layoutIfNeeded()
    model.checkSettled("at the end")
    model.checkScreen()
    #expect(model.violations.isEmpty, Comment(rawValue: model.failureReport), sourceLocation: sourceLocation)
  }

  // MARK: Lifecycle parity

  @Test("cellDidLayoutSubviews follows a view-model update that keeps the size: the label shows abcdef")
  func layoutAfterUpdateKeepingSize() {
    let screen = ListScreen(width: 12, height: 1)
    screen.setRoot(ListSection<SizedLabelViewModel, SizedLabelController>([SizedLabelViewModel(identifier: "a", text: "ab")]))
    #expect(screen.text == "ab")
    screen.setRoot(
      ListSection<SizedLabelViewModel, SizedLabelController>([SizedLabelViewModel(identifier: "a", text: "abcdef")]))
    #expect(screen.text == "abcdef")
  }

  @Test("first mount: configureCell, cellDidLayoutSubviews, didMount (frame set), didAppear, didFullyAppear")
  func firstMountOrder() {
    let model = scriptedModel()
    var frameInDidMount: CGRect?
    model.script = { source, controller in
      if source == "didMount" { frameInDidMount = controller?.grammar.cell?.frame }
    }
    model.setRoot(.items(["a"]), from: "test")
    model.collectionView.layoutIfNeeded()
    #expect(
      model.events(of: "a") == [
        "configureCell", "cellDidLayoutSubviews", "didMount", "didAppear", "didFullyAppear",
      ])
    #expect(frameInDidMount == CGRect(x: 0, y: 0, width: 20, height: 10))
    expectClean(model)
  }

  @Test("scrolling out and back to the same item: appearance only, no willUnmount, no second didMount")
  func noUnmountOnScrollOut() {
    let model = scriptedModel(height: 20)
    model.setRoot(
      .list(
        id: nil, alternate: false, transformed: false,
        items: [.init(identifier: "a", value: 0, height: 10), .init(identifier: "b", value: 0, height: 30)]),
      from: "test")
    model.collectionView.layoutIfNeeded()
    let mounting = model.events(of: "a")
    model.collectionView.setContentOffset(CGPoint(x: 0, y: 20), animated: false)
    model.collectionView.layoutIfNeeded()
    model.collectionView.setContentOffset(.zero, animated: false)
    model.collectionView.layoutIfNeeded()
    #expect(
      Array(model.events(of: "a").dropFirst(mounting.count)) == [
        "willPartiallyDisappear", "willDisappear", "didAppear", "didFullyAppear",
      ])
    expectClean(model)
  }

  // MARK: Re-entrancy

  @Test("a root set from updateHandler runs its completion after the outer root's")
  func updateHandlerRootCompletesAfterOuter() {
    let model = scriptedModel()
    var order: [String] = []
    var setInner = false
    model.script = { [unowned model] source, _ in
      guard source == "updateHandler", !setInner else { return }
      setInner = true
      model.setRoot(.items(["b"]), from: "updateHandler") { order.append("inner") }
    }
    model.setRoot(.items(["a"]), from: "test") { order.append("outer") }
    #expect(order == ["outer", "inner"])
    expectClean(model)
  }

  /// The roots a callback sets in the scripted scroll tests, given the item
  /// whose callback it is.
  private static let reentrantRoots: [(name: String, root: (String) -> RandomShape)] = [
    ("without that item", { target in .items(letters.filter { $0 != target }) }),
    ("empty", { _ in .items([]) }),
    ("reversed", { _ in .items(letters.reversed()) }),
    ("updated", { _ in .items(letters, value: 1) }),
  ]
  private static let letters = ["a", "b", "c", "d", "e", "f", "g", "h", "i", "j"]

  @Test(
    "a root set from a callback during a scroll: no didMount after willUnmount, unmounted before reuse",
    arguments: ["configureCell", "cellDidLayoutSubviews", "didMount", "didAppear", "didFullyAppear",
      "willPartiallyDisappear", "willDisappear", "willUnmount", "itemSize"])
  func rootFromCallbackDuringScroll(callback: String) {
    for (name, root) in Self.reentrantRoots {
      for target in ["a", "c", "f"] {
        let model = scriptedModel()
        var fired = false
        model.script = { [unowned model] source, controller in
          guard !fired, source == callback, controller?.identifier == target else { return }
          fired = true
          model.setRoot(root(target), from: "\(target):\(callback)")
        }
        model.setRoot(.items(Self.letters), from: "test")
        model.collectionView.layoutIfNeeded()
        model.collectionView.setContentOffset(CGPoint(x: 0, y: 50), animated: false)
        model.collectionView.layoutIfNeeded()
        model.collectionView.setContentOffset(CGPoint(x: 0, y: 5), animated: false)
        model.collectionView.layoutIfNeeded()
        #expect(fired || callback == "willUnmount", "\(target):\(callback) never ran (\(name))")
        model.checkSettled("\(name), \(target):\(callback)")
        expectClean(model)
      }
    }
  }

  @Test("a root set from configureCell during a scroll is applied after it, its item unmounted once")
  func rootFromConfigureCellDuringScroll() {
    let model = scriptedModel()
    model.setRoot(.items(Self.letters), from: "test")
    model.collectionView.layoutIfNeeded()
    var fired = false
    model.script = { [unowned model] source, controller in
      guard !fired, source == "configureCell", controller?.identifier == "f" else { return }
      fired = true
      model.setRoot(.items(["a", "b"]), from: "f:configureCell")
    }
    model.collectionView.setContentOffset(CGPoint(x: 0, y: 50), animated: false)
    model.collectionView.layoutIfNeeded()
    #expect(fired)
    let events = model.events(of: "f")
    #expect(events.filter { $0 == "didMount" }.count == events.filter { $0 == "willUnmount" }.count)
    if let unmount = events.lastIndex(of: "willUnmount") {
      #expect(!events[unmount...].contains("didMount"), "f: \(events)")
    }
    expectClean(model)
  }

  @Test("a root set from willUnmount sends no second willUnmount", arguments: ["delete", "reuse"])
  func rootFromWillUnmount(cause: String) {
    let model = scriptedModel()
    model.setRoot(.items(Self.letters), from: "test")
    model.collectionView.layoutIfNeeded()
    var fired = false
    model.script = { [unowned model] source, controller in
      guard !fired, source == "willUnmount", controller?.identifier == "a" else { return }
      fired = true
      model.setRoot(.items(["j", "i"]), from: "a:willUnmount")
    }
    if cause == "delete" {
      model.setRoot(.items(Array(Self.letters.dropFirst())), from: "test")
    } else {
      // Scrolled out, a's cell waits in the reuse queue and goes to the
      // next item that needs one.
      model.collectionView.setContentOffset(CGPoint(x: 0, y: 70), animated: false)
      model.collectionView.layoutIfNeeded()
    }
    model.collectionView.layoutIfNeeded()
    #expect(fired)
    #expect(model.events(of: "a").filter { $0 == "willUnmount" }.count == 1, "\(model.events(of: "a"))")
    expectClean(model)
  }

  // MARK: Transforms

  @Test(
    "applyUpdatesAsync: a 100,000-model ListSection transform runs off the main actor",
    .timeLimit(.minutes(20)))
  func transformRunsInBackground() async {
    let counter = CallCounter()
    let layout = CollectionViewFlowLayout()
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 30), collectionViewLayout: layout)
    let dataSource = ListDiffDataSource(collectionView: collectionView, applyUpdatesAsync: true)
    let models = Array(0..<100_000)
    let section = ListSection<Int, ReentrantController>(models) { model in
      counter.count()
      return ItemVM(identifier: "\(model)")
    }
    #expect(counter.all == 0, "the transform ran when the section was made")
    await dataSource.setRootSection(section)
    #expect(dataSource.itemCount == 100_000)
    #expect(counter.all == 100_000)
    #expect(counter.onMain == 0)
  }

  @Test("a transform returning nil prints nothing by default; a custom handler hears the note")
  func droppedModelsNoteIsQuiet() throws {
    let marker = "quiet-\(UUID().uuidString)"
    let control = "loud-\(UUID().uuidString)"
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 30), collectionViewLayout: CollectionViewFlowLayout())
    let dataSource = ListDiffDataSource(collectionView: collectionView)
    var heard: [ListDiffDiagnostic] = []
    let defaultHandler = dataSource.diagnosticHandler
    dataSource.diagnosticHandler = {
      heard.append($0)
      defaultHandler($0)
    }
    let printed = try capturingStandardError {
      dataSource.setRootSection(
        CompositeSection(
          ListSection<Int, ReentrantController>([1, 2, 3], id: marker) { $0 == 2 ? nil : ItemVM(identifier: "\($0)") },
          // A warning, which the default handler prints: shows the capture works.
          ListSection<ItemVM, ReentrantController>(viewModels("d", "d"), id: control)))
    }
    #expect(dataSource.itemCount == 3)
    #expect(printed.contains(control), "the duplicate warning was printed: \(printed)")
    #expect(!printed.contains(marker), "the dropped-models note was printed: \(printed)")
    let notes = heard.filter { $0.kind == .droppedModels }
    #expect(notes.count == 1)
    #expect(notes.first?.severity == .note)
    #expect(notes.first?.sectionPath?.contains(marker) == true)
  }

  /// What `body` writes to standard error (the process's, for its duration).
  private func capturingStandardError(_ body: () -> Void) throws -> String {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("listdiff-stderr-\(UUID().uuidString).txt")
    _ = FileManager.default.createFile(atPath: url.path, contents: nil)
    defer { try? FileManager.default.removeItem(at: url) }
    let file = try FileHandle(forWritingTo: url)
    let saved = dup(2)
    dup2(file.fileDescriptor, 2)
    body()
    dup2(saved, 2)
    close(saved)
    try file.close()
    return try String(contentsOf: url, encoding: .utf8)
  }

  // MARK: Section ids

  @Test("sibling ids é precomposed and e + U+0301 are one scope, and the diagnostic says so")
  func canonicallyEqualSiblingIDs() {
    let model = scriptedModel()
    let precomposed = "\u{E9}"
    let decomposed = "e\u{301}"
    model.dataSource.setRootSection(
      CompositeSection(
        ListSection<ItemVM, ReentrantController>(viewModels("a", "b"), id: precomposed),
        ListSection<ItemVM, ReentrantController>(viewModels("a", "c"), id: decomposed)))
    // One scope: "a" is shown once.
    #expect(model.dataSource.itemCount == 3)
    #expect(model.collectionView.visibleCells.compactMap { ($0 as? ReentrantCell)?.shown?.identifier } == ["a", "b", "c"])
    let sectionIDs = model.diagnostics.filter { $0.kind == .duplicateSectionID }
    #expect(sectionIDs.count == 1)
    #expect(sectionIDs.first?.message.contains("share one scope") == true, "\(sectionIDs)")
    #expect(model.diagnostics.filter { $0.kind == .duplicateIdentifier }.map(\.identifier) == ["a"])
    #expect(model.dataSource.indexPath(forIdentifier: "c", sectionPath: [precomposed])?.item == 2)
    #expect(model.dataSource.indexPath(forIdentifier: "b", sectionPath: [decomposed])?.item == 1)
  }

  /// Sections whose scopes are chains of components (ids, a position, a
  /// render model), each holding item "x", and single ids that spell the
  /// chain as an encoding without length prefixes would.
  private static let imitations: [(chain: String, genuine: () -> Section, imitators: [String])] = [
    (
      "a > b", { CompositeSection([x(id: "b")], id: "a") },
      ["a=b", "a=:b", "a=1:b", "a;=b", "a=b;", "a:b", "a/b", "a>b", "a.b", "a1:b", "a\u{0}b", "a|b", "ab"]
    ),
    (
      "a > [0] > b", { CompositeSection([CompositeSection([x(id: "b")])], id: "a") },
      ["a#0;=b", "a#0;=1:b", "a#0=b", "a#0;=:b", "a#0;b", "a#0;=1:b;", "a[0]b"]
    ),
    (
      "a > model m > b",
      {
        ListRenderSection([Holder(identifier: "m", section: x(id: "b"))], id: "a") { $0.section }
      },
      ["a@m=b", "a@1:m=1:b", "a@m;=b", "a@:m=:b", "a@mb", "a@1:m=b", "am=b"]
    ),
    (
      "a > b > c", { CompositeSection([CompositeSection([x(id: "c")], id: "b")], id: "a") },
      ["a=b=c", "a=1:b=1:c", "a=:b=:c", "a=b>c", "a=1:b=c", "a=b=1:c", "abc"]
    ),
  ]

  /// A render-section model holding a prepared section.
  struct Holder: ListIdentifiable, Sendable {
    var identifier: String
    var section: Section
  }

  /// A list section holding item "x".
  private static func x(id: String? = nil) -> Section {
    ListSection<ItemVM, ReentrantController>(viewModels("x"), id: id)
  }

  @Test("an id that imitates the scope encoding never shares a scope with the chain it imitates")
  func separatorImitationsNeverCollide() {
    let model = scriptedModel()
    for (chain, genuine, imitators) in Self.imitations {
      for imitator in imitators {
        for imitatorFirst in [false, true] {
          let fake = Self.x(id: imitator)
          model.diagnostics = []
          let children: [Section?] = imitatorFirst ? [fake, genuine()] : [genuine(), fake]
          model.dataSource.setRootSection(CompositeSection(children))
          #expect(
            model.dataSource.itemCount == 2,
            "\(chain) and id \"\(imitator)\" collided (imitator first: \(imitatorFirst))")
          #expect(model.diagnostics.filter { $0.kind == .duplicateIdentifier }.isEmpty)
        }
      }
    }
    // A position against an id spelling it: [p] and "#p;".
    for position in 0..<3 {
      for imitator in ["#\(position);", "#\(position)", "=#\(position);", "[\(position)]", ""] {
        var children: [Section?] = Array(repeating: nil, count: position) + [Self.x()]
        children.append(Self.x(id: imitator))
        model.dataSource.setRootSection(CompositeSection(children))
        #expect(model.dataSource.itemCount == 2, "position \(position) and id \"\(imitator)\" collided")
      }
    }
  }

  @Test("generated chains of ids made of separator characters never collide with their joined forms")
  func generatedImitationsNeverCollide() {
    var generator = SeededGenerator(seed: 0x5C0_9E13)
    let alphabet: [Character] = ["a", "=", ":", "#", ";", "@", "1", "0", "?", "T"]
    for _ in 0..<300 {
      let depth = Int.random(in: 2...3, using: &generator)
      let ids = (0..<depth).map { _ in
        String((0..<Int.random(in: 1...3, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
      }
      let separator = ["=", "=:", "=1:", ";=", ""].randomElement(using: &generator)!
      let joined = ids.joined(separator: separator)
      let model = scriptedModel()
      let chainSection = ids.dropLast().reversed().reduce(Self.x(id: ids.last)) {
        CompositeSection([$0], id: $1)
      }
      model.dataSource.setRootSection(CompositeSection(chainSection, Self.x(id: joined)))
      #expect(model.dataSource.itemCount == 2, "seed 0x5C09E13: ids \(ids) vs \"\(joined)\"")
    }
  }
}
