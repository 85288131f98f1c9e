// The article Diagnostics and invalid updates
// (Sources/ListDiffUI/ListDiffUI.docc/DiagnosticsAndInvalidUpdates.md): its
// code blocks verbatim (ArticleCodeTests checks they stay so); every message
// it quotes is produced here and must appear in it word for word.

import Foundation
import HeadlessCollection
import ListDiffUI
import Testing

struct LabelViewModel: ListViewModel, Equatable {
  var identifier: String
  var height: CGFloat = 1
}

final class LabelCell: ListCell {}

final class LabelController:
  ListCellController<LabelViewModel, ListViewStateNone, LabelCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: viewModel.height)
  }
}

@MainActor
func diagnostics(showing root: Section) -> [ListDiffDiagnostic] {
  let collectionView = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 20, height: 5),
    collectionViewLayout: CollectionViewFlowLayout())
  let dataSource = ListDiffDataSource(collectionView: collectionView)
  var found: [ListDiffDiagnostic] = []
  dataSource.diagnosticHandler = { found.append($0) }
  dataSource.setRootSection(root)
  return found
}

func shop(_ name: String, lines: [String]) -> Section {
  // The bug: the id changes with the number of lines.
  ListSection<LabelViewModel, LabelController>(
    lines.map { LabelViewModel(identifier: $0) },
    id: "\(name) (\(lines.count))")
}

@MainActor
@Test func anIDThatCountsItsItemsIsReported() {
  let collectionView = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 20, height: 5),
    collectionViewLayout: CollectionViewFlowLayout())
  let dataSource = ListDiffDataSource(collectionView: collectionView)
  var found: [ListDiffDiagnostic] = []
  dataSource.diagnosticHandler = { found.append($0) }
  dataSource.setRootSection(shop("fruit", lines: ["apple", "pear"]))
  dataSource.setRootSection(
    shop("fruit", lines: ["apple", "pear", "plum"]))
  #expect(found.map(\.kind) == [.unstableSectionIdentity])
}

final class Letters: CollectionViewDataSource {
  var letters = ["a", "b", "c"]
  func collectionView(
    _ collectionView: CollectionView,
    numberOfItemsInSection section: Int
  ) -> Int {
    letters.count
  }
  func collectionView(
    _ collectionView: CollectionView, cellForItemAt indexPath: IndexPath
  ) -> CollectionViewCell {
    collectionView.dequeueReusableCell(
      withReuseIdentifier: "letter", for: indexPath)
  }
}

@MainActor
func deleteWithoutUpdatingTheModel() -> BatchUpdateError? {
  let collectionView = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 20, height: 10),
    collectionViewLayout: CollectionViewFlowLayout())
  collectionView.register(
    CollectionViewCell.self, forCellWithReuseIdentifier: "letter")
  let letters = Letters()
  collectionView.dataSource = letters
  collectionView.reloadData()
  do {
    try collectionView.performBatchUpdates(
      {
        letters.letters.removeLast()
        // The last letter is item 2:
        collectionView.deleteItems(at: [IndexPath(item: 3, section: 0)])
      }, completion: nil)
    return nil
  } catch {
    return error  // the collection view still shows a, b, c
  }
}

@MainActor
func insertWithoutUpdatingTheModel() -> String {
  let collectionView = CollectionView(
    frame: CGRect(x: 0, y: 0, width: 20, height: 10),
    collectionViewLayout: CollectionViewFlowLayout())
  collectionView.register(
    CollectionViewCell.self, forCellWithReuseIdentifier: "letter")
  let letters = Letters()
  collectionView.dataSource = letters
  collectionView.reloadData()
  do {
    // The bug: an insert is announced, but the model still has three
    // letters.
    try collectionView.performBatchUpdates(
      {
        collectionView.insertItems(at: [IndexPath(item: 3, section: 0)])
      }, completion: nil)
  } catch {
    // The collection is exactly as it was: three items, same cells.
    return error.description
  }
  return "applied"
}

@MainActor
@Suite("Article: Diagnostics and invalid updates")
struct DiagnosticsAndInvalidUpdatesArticleTests {
  /// The article, read where `swift test` runs (Bazel gives tests no catalogs,
  /// so the tests that read it are disabled there).
  nonisolated static let article =
    (try? String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ListDiffUI/ListDiffUI.docc/DiagnosticsAndInvalidUpdates.md"),
      encoding: .utf8)) ?? ""
  nonisolated static let underBazel = ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil

  func labels(_ ids: [String], id: String? = nil, height: CGFloat = 1) -> Section {
    ListSection<LabelViewModel, LabelController>(ids.map { LabelViewModel(identifier: $0, height: height) }, id: id)
  }

  @Test(.disabled(if: underBazel, "the article is not a runfile"))
  func everyQuotedDiagnosticIsWhatTheDataSourceSays() {
    let found =
      diagnostics(showing: CompositeSection(labels(["a", "a"]), id: "list"))
      + diagnostics(showing: CompositeSection(labels(["a"], id: "x"), labels(["b"], id: "x")))
      + diagnostics(showing: labels([""]))
      + diagnostics(
        showing: ListSection<Int, LabelController>([1, 2, 3], id: "odd") {
          $0 % 2 == 1 ? LabelViewModel(identifier: "\($0)") : nil
        })
      + diagnostics(showing: labels(["tall"], height: -2))
      + diagnostics(showing: CompositeSection(labels(["a"]), labels(["a"]), id: "list"))
    #expect(
      found.map(\.kind) == [
        .duplicateIdentifier, .duplicateSectionID, .emptyIdentifier, .droppedModels, .invalidItemSize, .sharedItemID,
      ])
    #expect(found.map(\.severity) == [.warning, .warning, .warning, .note, .warning, .warning])
    for diagnostic in found {
      #expect(Self.article.contains("\n- `" + diagnostic.description + "`\n"), "not quoted: \(diagnostic)")
    }
  }

  @Test(.disabled(if: underBazel, "the article is not a runfile"))
  func everyKindIsInTheTable() {
    for kind in ListDiffDiagnostic.Kind.allCases {
      #expect(Self.article.contains("| ``ListDiffDiagnostic/Kind/\(kind.rawValue)`` | \(ListDiffDiagnostic(kind: kind, message: "").severity) |"))
    }
  }

  struct Broken: Error {}

  @Test(.timeLimit(.minutes(20))) func aThrowingSequenceStopsObserving() async {
    let dataSource = ArticleScreen.dataSource(width: 20, height: 5)
    var found: [ListDiffDiagnostic.Kind] = []
    dataSource.diagnosticHandler = { found.append($0.kind) }
    let (stream, continuation) = AsyncThrowingStream.makeStream(of: [String].self)
    let task = dataSource.observe(stream) { ids in
      ListSection<LabelViewModel, LabelController>(ids.map { LabelViewModel(identifier: $0) })
    }
    continuation.yield(["a"])
    continuation.finish(throwing: Broken())
    await task.value
    #expect(found == [.sequenceFailed])
    #expect(dataSource.itemCount == 1)
  }

  @Test func theExampleBatchIsRejectedAndChangesNothing() {
    #expect(deleteWithoutUpdatingTheModel() == .deleteOutOfRange(IndexPath(item: 3, section: 0), itemCountBefore: 3))
  }

  /// The insert example returns the message the article quotes, UIKit's.
  @Test func anInsertBreakingTwoRulesIsReportedByItsIndex() {
    let message = "attempt to insert item 3 into section 0, but there are only 3 items in section 0 after the update"
    #expect(insertWithoutUpdatingTheModel() == message)
    if !Self.underBazel {
      #expect(Self.article.contains("```\n" + message + "\n```\n"))
    }
  }

  /// The same insert at an index that exists breaks only the counts; either
  /// way the batch changes nothing.
  @Test func anInsertAtAnIndexThatExistsBreaksOnlyTheCounts() {
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 10),
      collectionViewLayout: CollectionViewFlowLayout())
    collectionView.register(CollectionViewCell.self, forCellWithReuseIdentifier: "letter")
    let letters = Letters()
    collectionView.dataSource = letters
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    let cellsBefore = (0..<3).map { collectionView.cellForItem(at: IndexPath(item: $0, section: 0)) }
    for item in [3, 0] {
      var error: BatchUpdateError?
      do {
        try collectionView.performBatchUpdates({
          collectionView.insertItems(at: [IndexPath(item: item, section: 0)])
        }, completion: nil)
      } catch let thrown {
        error = thrown
      }
      if item == 3 {
        #expect(error == .insertOutOfRange(IndexPath(item: 3, section: 0), itemCountAfter: 3))
      } else {
        #expect(
          error == .invalidNumberOfItems(section: 0, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0))
      }
      #expect(collectionView.numberOfItems(inSection: 0) == 3)
      for index in 0..<3 {
        #expect(collectionView.cellForItem(at: IndexPath(item: index, section: 0)) === cellsBefore[index])
      }
    }
  }

  @Test(.disabled(if: underBazel, "the article is not a runfile"))
  func everyBatchErrorIsQuotedWithItsMessage() {
    let p = IndexPath(item: 3, section: 0)
    let q = IndexPath(item: 1, section: 0)
    let r = IndexPath(item: 2, section: 0)
    let s1 = IndexPath(item: 0, section: 1)
    let cases: [(String, BatchUpdateError)] = [
      ("invalidIndexPath", .invalidIndexPath(IndexPath(index: 3))),
      ("invalidNumberOfSections", .invalidNumberOfSections(after: 2, before: 1)),
      ("invalidNumberOfItems",
       .invalidNumberOfItems(section: 0, after: 3, before: 3, inserted: 1, deleted: 0, movedIn: 0, movedOut: 0)),
      ("deleteSectionOutOfRange", .deleteSectionOutOfRange(s1, sectionCountBefore: 1)),
      ("deleteOutOfRange", .deleteOutOfRange(p, itemCountBefore: 3)),
      ("reloadSectionOutOfRange", .reloadSectionOutOfRange(s1, sectionCountBefore: 1)),
      ("reloadOutOfRange", .reloadOutOfRange(p, itemCountBefore: 3)),
      ("insertSectionOutOfRange", .insertSectionOutOfRange(s1, sectionCountAfter: 1)),
      ("insertOutOfRange", .insertOutOfRange(IndexPath(item: 4, section: 0), itemCountAfter: 4)),
      ("moveSourceSectionOutOfRange", .moveSourceSectionOutOfRange(from: s1, sectionCountBefore: 1)),
      ("moveSourceOutOfRange", .moveSourceOutOfRange(from: p, itemCountBefore: 3)),
      ("moveDestinationSectionOutOfRange", .moveDestinationSectionOutOfRange(from: q, to: s1, sectionCountAfter: 1)),
      ("moveDestinationOutOfRange", .moveDestinationOutOfRange(from: q, to: p, itemCountAfter: 3)),
      ("duplicateDelete", .duplicateDelete(q)),
      ("duplicateInsert", .duplicateInsert(q)),
      ("deleteAndMove", .deleteAndMove(q)),
      ("insertAndMove", .insertAndMove(q)),
      ("moveFromSameIndexPath", .moveFromSameIndexPath(q, to: r, and: p)),
      ("moveToSameIndexPath", .moveToSameIndexPath(q, and: r, to: p)),
      ("reloadOfDeletedItem", .reloadOfDeletedItem(q)),
      ("reloadOfMovedItem", .reloadOfMovedItem(q)),
    ]
    let rows = Self.article.split(separator: "\n").filter { $0.hasPrefix("| `") && !$0.hasPrefix("| ``") }
    #expect(rows.count == cases.count)
    for (name, error) in cases {
      #expect(rows.contains { $0.hasPrefix("| `\(name)` |") && $0.hasSuffix("| `\(error.description)` |") }, "\(name)")
    }
  }

  @Test func anUnusableEstimateIsReportedAndIgnored() {
    let layout = CollectionViewFlowLayout()
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 5), collectionViewLayout: layout)
    var issues: [GeometryIssue] = []
    collectionView.invalidGeometryHandler = { issues.append($0) }
    let dataSource = ListDiffDataSource(collectionView: collectionView)  // keeps that handler
    layout.estimatedItemSize = CGSize(width: -1, height: 1)
    dataSource.setRootSection(
      ListSection<LabelViewModel, LabelController>((0..<100).map { LabelViewModel(identifier: "\($0)") }))
    #expect(issues.count == 1)
    #expect(dataSource.inspection.cellControllerCount == 100)  // every item sized: no estimate
  }

  @Test func aDataSourcePassesGeometryIssuesOnAsDiagnostics() {
    let layout = CollectionViewFlowLayout()
    layout.estimatedItemSize = CGSize(width: CGFloat.nan, height: 1)
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 5), collectionViewLayout: layout)
    let dataSource = ListDiffDataSource(collectionView: collectionView)
    var kinds: [ListDiffDiagnostic.Kind] = []
    dataSource.diagnosticHandler = { kinds.append($0.kind) }
    dataSource.setRootSection(ListSection<LabelViewModel, LabelController>(LabelViewModel(identifier: "a")))
    #expect(kinds == [.invalidGeometry])
  }
}
