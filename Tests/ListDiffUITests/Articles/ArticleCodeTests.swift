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
  static let modules = ["ListDiff", "HeadlessCollection", "ListDiffUI", "ListDiffUITerminal"]

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

  /// Every article and landing page, as (module, file name without ".md", path).
  static func articles() throws -> [(module: String, name: String, path: URL)] {
    try modules.flatMap { module in
      let catalog = root.appendingPathComponent("Sources/\(module)/\(module).docc")
      return try FileManager.default.contentsOfDirectory(atPath: catalog.path)
        .filter { $0.hasSuffix(".md") }.sorted()
        .map { (module, String($0.dropLast(3)), catalog.appendingPathComponent($0)) }
    }
  }

  @Test func everyCatalogHasArticles() throws {
    let articles = try Self.articles()
    for module in Self.modules {
      #expect(articles.contains { $0.module == module && $0.name == module }, "\(module) has no landing page")
    }
    #expect(articles.filter { $0.module == "ListDiffUI" }.count >= 10)
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
