// The article Getting started (Sources/ListDiffUI/ListDiffUI.docc/GettingStarted.md):
// its code blocks verbatim (ArticleCodeTests checks they stay so), and tests
// of what its prose claims.

import Foundation
import ListDiffUI  // also brings HeadlessCollection's types

struct Grocery: Sendable {
  var id: String
  var name: String
  var quantity: Int
}

struct GroceryViewModel: ListViewModel, Equatable {
  var identifier: String
  var name: String
  var quantity: Int
}

final class GroceryCell: ListCell {
  var line = ""
  override var textRepresentation: String { line }
}

final class GroceryController:
  ListCellController<GroceryViewModel, ListViewStateNone, GroceryCell>
{
  override func itemSize(containerSize: CGSize) -> CGSize {
    CGSize(width: containerSize.width, height: 1)
  }
  override func configureCell(cell: GroceryCell) {
    cell.line = "\(viewModel.quantity) × \(viewModel.name)"
  }
}

@MainActor
final class GroceryScreen {
  let collectionView: CollectionView
  // Keep it: the collection view holds its data source weakly.
  let dataSource: ListDiffDataSource

  init(width: CGFloat, height: CGFloat) {
    let layout = CollectionViewFlowLayout()
    layout.minimumLineSpacing = 0  // UIKit's default is 10
    collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: width, height: height),
      collectionViewLayout: layout)
    dataSource = ListDiffDataSource(collectionView: collectionView)
  }

  func show(_ groceries: [Grocery]) {
    dataSource.setRootSection(
      ListSection<Grocery, GroceryController>(
        groceries, id: "groceries"
      ) { grocery in
        GroceryViewModel(
          identifier: grocery.id, name: grocery.name,
          quantity: grocery.quantity)
      })
  }
}

import Testing

@MainActor
@Test func groceryScreenShowsChanges() {
  let screen = GroceryScreen(width: 20, height: 3)
  screen.show([
    Grocery(id: "1", name: "milk", quantity: 1),
    Grocery(id: "2", name: "eggs", quantity: 6),
  ])
  screen.show([
    Grocery(id: "2", name: "eggs", quantity: 12),
    Grocery(id: "3", name: "bread", quantity: 1),
  ])

  let rows = screen.collectionView.renderText().split(separator: "\n")
    .map { $0.trimmingCharacters(in: .whitespaces) }
  #expect(rows == ["12 × eggs", "1 × bread", ""])
}

@MainActor
@Suite("Article: Getting started")
struct GettingStartedArticleTests {
  @Test func theSecondShowIsOneBatch() {
    let screen = GroceryScreen(width: 20, height: 3)
    var updates: [ListDiffUpdate] = []
    screen.dataSource.updateHandler = { updates.append($0) }
    screen.show([Grocery(id: "1", name: "milk", quantity: 1), Grocery(id: "2", name: "eggs", quantity: 6)])
    screen.show([Grocery(id: "2", name: "eggs", quantity: 12), Grocery(id: "3", name: "bread", quantity: 1)])
    #expect(updates.count == 2)
    #expect(updates.last == ListDiffUpdate(deletes: [0], inserts: [1], updates: [1], oldItemCount: 2, newItemCount: 2))
  }

  /// A data source held by nothing but a local: the collection view shows nothing.
  @Test func aDroppedDataSourceLeavesABlankView() {
    func makeScreen() -> CollectionView {
      let collectionView = ArticleScreen.collectionView(width: 20, height: 3)
      let dataSource = ListDiffDataSource(collectionView: collectionView)
      dataSource.setRootSection(
        ListSection<Grocery, GroceryController>([Grocery(id: "1", name: "milk", quantity: 1)]) {
          GroceryViewModel(identifier: $0.id, name: $0.name, quantity: $0.quantity)
        })
      return collectionView
    }
    let collectionView = makeScreen()
    collectionView.reloadData()
    collectionView.layoutIfNeeded()
    #expect(collectionView.dataSource == nil)
    #expect(ArticleScreen.rows(of: collectionView) == ["", "", ""])
  }

  @Test func theDefaultLineSpacingPutsTenLinesBetweenRows() {
    let layout = CollectionViewFlowLayout()
    #expect(layout.minimumLineSpacing == 10 && layout.minimumInteritemSpacing == 10)
    #expect(layout.itemSize == CGSize(width: 50, height: 50))
    let collectionView = CollectionView(
      frame: CGRect(x: 0, y: 0, width: 20, height: 12), collectionViewLayout: layout)
    let dataSource = ListDiffDataSource(collectionView: collectionView)
    dataSource.setRootSection(
      ListSection<Grocery, GroceryController>(
        [Grocery(id: "1", name: "milk", quantity: 1), Grocery(id: "2", name: "eggs", quantity: 6)]
      ) { GroceryViewModel(identifier: $0.id, name: $0.name, quantity: $0.quantity) })
    let lines = ArticleScreen.rows(of: collectionView)
    #expect(lines[0] == "1 × milk")
    #expect(lines[1...10].allSatisfy { $0.isEmpty })
    #expect(lines[11] == "6 × eggs")
  }

  @Test func anEstimatedSizeSizesOnlyTheItemsNearTheViewport() {
    let screen = GroceryScreen(width: 20, height: 3)
    screen.collectionView.collectionViewLayout.estimatedItemSize = CGSize(width: 20, height: 1)
    screen.show((0..<1_000).map { Grocery(id: "\($0)", name: "egg", quantity: $0) })
    #expect(screen.dataSource.itemCount == 1_000)
    #expect(screen.dataSource.inspection.cellControllerCount < 50)
    #expect(ArticleScreen.rows(of: screen.collectionView) == ["0 × egg", "1 × egg", "2 × egg"])
  }

  final class UnsizedController: ListCellController<GroceryViewModel, ListViewStateNone, GroceryCell> {
    var configured = 0
    override func configureCell(cell: GroceryCell) { configured += 1 }
  }

  @Test func aControllerWithoutItemSizeIsInvisible() {
    let screen = GroceryScreen(width: 20, height: 3)
    screen.dataSource.setRootSection(
      ListSection<GroceryViewModel, UnsizedController>(
        GroceryViewModel(identifier: "1", name: "milk", quantity: 1)))
    #expect(screen.collectionView.numberOfItems(inSection: 0) == 1)
    #expect(screen.collectionView.visibleCells.isEmpty)
    let controller = screen.dataSource.cellController(forIdentifier: "1") as? UnsizedController
    #expect(controller?.configured == 0)
    #expect(ArticleScreen.rows(of: screen.collectionView) == ["", "", ""])
  }
}

/// The manifest of "Add the package", resolved by SwiftPM as written, with
/// the path form in place of the URL (no network here): the identity of a
/// path dependency is its folder's name, as the article says.
@Suite(
  "Getting started's manifest resolves as the article says",
  .disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "SwiftPM is not run under Bazel"))
struct GettingStartedManifestTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// The article's ```text block that holds the manifest.
  static func manifest() throws -> String {
    let article = try String(
      contentsOf: root.appendingPathComponent("Sources/ListDiffUI/ListDiffUI.docc/GettingStarted.md"),
      encoding: .utf8)
    let start = try #require(article.range(of: "```text\n// swift-tools-version"))
    let end = try #require(article.range(of: "\n```", range: start.upperBound..<article.endIndex))
    return String(article[article.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
  }

  /// Runs `swift package describe` on `manifest` in a new package whose
  /// sibling folder `folder` is this repository; returns its status and output.
  static func describe(_ manifest: String, folder: String) throws -> (status: Int32, output: String) {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("listdiffui-manifest-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let app = scratch.appendingPathComponent("Groceries")
    for folder in ["Sources/Groceries", "Tests/GroceriesTests/__Snapshots__"] {
      try FileManager.default.createDirectory(
        at: app.appendingPathComponent(folder), withIntermediateDirectories: true)
    }
    try "import ListDiffUI\n".write(
      to: app.appendingPathComponent("Sources/Groceries/Groceries.swift"), atomically: true, encoding: .utf8)
    try "import ListDiffUITesting\n".write(
      to: app.appendingPathComponent("Tests/GroceriesTests/GroceriesTests.swift"), atomically: true,
      encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      at: scratch.appendingPathComponent(folder), withDestinationURL: root)
    try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)

    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["swift", "package", "describe"]
    process.currentDirectoryURL = app
    let pipe = Pipe()
    process.standardOutput = pipe
    process.standardError = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    return (process.terminationStatus, output)
  }

  /// The manifest with the path form instead of the URL form.
  static func pathForm(_ manifest: String, path: String) throws -> String {
    let lines = manifest.split(separator: "\n", omittingEmptySubsequences: false)
    let url = try #require(lines.firstIndex { $0.contains(".package(url:") })
    let other = try #require(lines.firstIndex { $0.contains("// or a checkout on disk: .package(path:") })
    var edited = lines.map(String.init)
    edited[url] = "    .package(path: \"\(path)\"),"
    edited.remove(at: other)
    return edited.joined(separator: "\n")
  }

  @Test func thePathFormResolvesWithTheFolderAsIdentity() throws {
    let manifest = try Self.manifest()
    #expect(manifest.contains(".product(name: \"ListDiffUI\", package: \"ListDiffUI\")"))
    let result = try Self.describe(try Self.pathForm(manifest, path: "../ListDiffUI"), folder: "ListDiffUI")
    #expect(result.status == 0, "\(result.output)")
    #expect(result.output.contains("Groceries"))
  }

  @Test func anotherFolderNameIsAnotherIdentity() throws {
    let manifest = try Self.pathForm(try Self.manifest(), path: "../listdiffui-main")
    let result = try Self.describe(manifest, folder: "listdiffui-main")
    #expect(result.status != 0)
    #expect(result.output.contains("unknown package 'ListDiffUI'"), "\(result.output)")
    #expect(result.output.contains("listdiffui-main"), "\(result.output)")
  }
}
