// Every ```swift block of every DocC article is compiled and run: it must
// appear verbatim in the article's test file,
// Tests/<Module>Tests/Articles/<Article>Tests.swift, which tests what the
// article says about it. Edit an article's code, and this fails until the
// test file carries the same code (and so compiles it).

import Foundation
import Testing

/// Reads the catalogs where `swift test` runs: the repository the test file
/// is in. Bazel does not give tests the catalogs (as with the README).
@Suite(
  "Articles' code is compiled by their tests",
  .disabled(if: ProcessInfo.processInfo.environment["TEST_SRCDIR"] != nil, "the catalogs are not runfiles"))
struct ArticleCodeTests {
  static let root = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
  /// Every library with a catalog, `Sources/<Module>/<Module>.docc`: a new
  /// library's articles join these tests by being written.
  static var modules: [String] {
    let sources = root.appendingPathComponent("Sources")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
    return names.filter {
      FileManager.default.fileExists(atPath: sources.appendingPathComponent("\($0)/\($0).docc").path)
    }.sorted()
  }

  /// The ```swift blocks of a Markdown text, without their fences.
  static func swiftBlocks(in text: String) -> [String] {
    var blocks: [String] = []
    var current: [Substring]?
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let trimmed = line.trimmingCharacters(in: .whitespaces)
      if current == nil {
        if trimmed == "```swift" { current = [] }
      } else if trimmed == "```" {
        blocks.append(current!.joined(separator: "\n"))
        current = nil
      } else {
        current!.append(line)
      }
    }
    return blocks
  }

  /// Every article, landing page and symbol extension file (in subfolders
  /// too), as (module, file name without ".md", path).
  static func articles() throws -> [(module: String, name: String, path: URL)] {
    modules.flatMap { module in
      let catalog = root.appendingPathComponent("Sources/\(module)/\(module).docc")
      let files = FileManager.default.enumerator(atPath: catalog.path)?.compactMap { $0 as? String } ?? []
      return files.filter { $0.hasSuffix(".md") }.sorted().map { file in
        let name = String(file.split(separator: "/").last!.dropLast(3))
        return (module, name, catalog.appendingPathComponent(file))
      }
    }
  }

  @Test func everyCatalogHasArticles() throws {
    let articles = try Self.articles()
    #expect(Self.modules.count >= 4)
    for module in Self.modules {
      #expect(articles.contains { $0.module == module && $0.name == module }, "\(module) has no landing page")
    }
    #expect(articles.filter { $0.module == "ListDiffUI" }.count >= 10)
    #expect(articles.filter { $0.module == "ListDiffUITesting" }.count >= 5)
  }

  /// ListDiffUITesting's articles test screens of Getting started's grocery
  /// rows, which its test target declares again: they must stay the same.
  @Test func groceryRowsAreGettingStarteds() throws {
    let article = try String(
      contentsOf: Self.root.appendingPathComponent("Sources/ListDiffUI/ListDiffUI.docc/GettingStarted.md"),
      encoding: .utf8)
    let fixtures = try String(
      contentsOf: Self.root.appendingPathComponent("Tests/ListDiffUITestingTests/Articles/GroceryFixtures.swift"),
      encoding: .utf8)
    let first = try #require(Self.swiftBlocks(in: article).first)
    #expect(fixtures.contains(first))
  }

  /// Swift Package Index builds the catalogs .spi.yml lists: every one.
  @Test func swiftPackageIndexBuildsEveryCatalog() throws {
    let spi = try String(contentsOf: Self.root.appendingPathComponent(".spi.yml"), encoding: .utf8)
    let line = try #require(spi.split(separator: "\n").first { $0.contains("documentation_targets:") })
    let listed = line.drop { $0 != "[" }.dropFirst().prefix { $0 != "]" }
      .split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(listed.sorted() == Self.modules)
  }

  @Test func everySwiftBlockIsInItsTestFile() throws {
    var checked = 0
    for article in try Self.articles() {
      let blocks = Self.swiftBlocks(in: try String(contentsOf: article.path, encoding: .utf8))
      guard !blocks.isEmpty else { continue }
      let testPath = "Tests/\(article.module)Tests/Articles/\(article.name)Tests.swift"
      guard let test = try? String(contentsOf: Self.root.appendingPathComponent(testPath), encoding: .utf8) else {
        Issue.record("\(article.path.lastPathComponent) has Swift code but no \(testPath) compiling it")
        continue
      }
      for (number, block) in blocks.enumerated() {
        #expect(
          test.contains(block),
          "block \(number + 1) of \(article.path.lastPathComponent) is not verbatim in \(testPath):\n\(block)")
        checked += 1
      }
    }
    #expect(checked > 0)
  }

  @Test func blocksAreFoundAsWritten() {
    let text = "a\n```swift\nlet x = 1\n  let y = 2\n```\nb\n```\nnot swift\n```\n```swift\n```\n"
    #expect(Self.swiftBlocks(in: text) == ["let x = 1\n  let y = 2", ""])
  }
}
